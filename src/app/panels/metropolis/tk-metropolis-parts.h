/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-parts.h — small pieces of the Foundations of Metropolis panel:
 * the year-end scoring table, tile descriptions and shapes, the note on unconfirmed rule
 * numbers. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* "3 lots · 4 citizens" for a row of the tile table. */
char      *tk_metropolis_tile_details      (JsonObject *tile);
/* The shapes a tile row may take, drawn small. */
GtkWidget *tk_metropolis_shape_new         (JsonObject *tile);
/* "Check against your rule book: market prices, …", or NULL when @unconfirmed is empty. */
char      *tk_metropolis_unconfirmed_note  (JsonArray  *unconfirmed);
/* The year-end breakdown of @score (the engine's score()) per player, year and category. */
GtkWidget *tk_metropolis_scores_new        (JsonObject *score,
                                            JsonObject *setup);

G_END_DECLS
