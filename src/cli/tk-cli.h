/* tk-cli.h — the subcommands of tablekeeper-cli. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* Each subcommand gets the opened library and its own arguments (argv[0] is its name). */
typedef int (*TkCliCommandFunc) (TkStore *store, int argc, char **argv);

int tk_cli_collection (TkStore *store, int argc, char **argv);
int tk_cli_info (TkStore *store, int argc, char **argv);

G_END_DECLS
