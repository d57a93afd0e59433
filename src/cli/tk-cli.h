/* tk-cli.h — the subcommands of tablekeeper-cli. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* Each subcommand gets the opened library and its own arguments (argv[0] is its name). */
typedef int (*TkCliCommandFunc) (TkStore *store, int argc, char **argv);

int tk_cli_collection (TkStore *store, int argc, char **argv);
int tk_cli_discover (TkStore *store, int argc, char **argv);
int tk_cli_info (TkStore *store, int argc, char **argv);
int tk_cli_metromania (TkStore *store, int argc, char **argv);
int tk_cli_plays (TkStore *store, int argc, char **argv);
int tk_cli_score (TkStore *store, int argc, char **argv);
int tk_cli_session (TkStore *store, int argc, char **argv);

/* Shared by the session, score and plays commands: "-" means standard output/input. */
gboolean tk_cli_write_output (const char *path, const char *text, GError **error);
gboolean tk_cli_read_input (const char *path, char **contents, gsize *length, GError **error);

G_END_DECLS
