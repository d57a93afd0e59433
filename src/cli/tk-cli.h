/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli.h — the subcommands of tablekeeper-cli. */
#pragma once

#include "tk-store.h"
#include "tk-session.h"

G_BEGIN_DECLS

/* Each subcommand gets the opened library and its own arguments (argv[0] is its name). */
typedef int (*TkCliCommandFunc) (TkStore *store, int argc, char **argv);

int tk_cli_collection (TkStore *store, int argc, char **argv);
int tk_cli_discover (TkStore *store, int argc, char **argv);
int tk_cli_info (TkStore *store, int argc, char **argv);
int tk_cli_metromania (TkStore *store, int argc, char **argv);
int tk_cli_dump (TkStore *store, int argc, char **argv);
int tk_cli_players (TkStore *store, int argc, char **argv);
int tk_cli_plays (TkStore *store, int argc, char **argv);
int tk_cli_plays_import (TkStore *store, int argc, char **argv);
int tk_cli_score (TkStore *store, int argc, char **argv);
int tk_cli_session (TkStore *store, int argc, char **argv);
int tk_cli_sync (TkStore *store, int argc, char **argv);

/* tk-cli-clock.c: the turn clock of `session show` and `session clock`. */
void tk_cli_print_clock (TkSession *session);
int  tk_cli_session_clock (TkSession *session, int argc, char **argv);

/* tk-cli-common.c: what every subcommand shares (tk-cli.c, main, calls the subcommands; they
 * call only down to here). */

/* TRUE when the arguments after a command ask for help (--help, -h, -?). */
gboolean tk_cli_wants_help   (int          argc,
                              char       **argv);
/* Prints @usage: asked for (@asked), on standard output with exit status 0; else, after a
 * wrong use, on standard error with 2.  Returns the exit status. */
int      tk_cli_usage        (const char  *usage,
                              gboolean     asked);

/* For the session, score, plays and metromania commands: "-" means standard output/input. */
gboolean tk_cli_write_output (const char *path, const char *text, GError **error);
gboolean tk_cli_read_input (const char *path, char **contents, gsize *length, GError **error);

G_END_DECLS
