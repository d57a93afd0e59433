/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-tile-row.h — a row of the New Session tile table: one tile code and the
 * numbers of it the references do not confirm (citizens, coins and printed prestige, or a
 * public building's rate), written back into every row of the table with that code. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_TILE_ROW (tk_metropolis_tile_row_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisTileRow, tk_metropolis_tile_row, TK, METROPOLIS_TILE_ROW, AdwActionRow)

/* A row for @tile (a row of the engine's tile table) showing its numbers. */
GtkWidget  *tk_metropolis_tile_row_new   (JsonObject          *tile);
const char *tk_metropolis_tile_row_get_code (TkMetropolisTileRow *self);
/* Sets the row's numbers in every row of @tiles with its code. */
void        tk_metropolis_tile_row_write (TkMetropolisTileRow *self,
                                          JsonArray           *tiles);

G_END_DECLS
