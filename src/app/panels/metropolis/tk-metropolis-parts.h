/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-parts.h — small pieces of the Foundations of Metropolis panel:
 * a tile's description and shapes. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* "3 lots · 4 citizens" for a row of the tile table. */
char      *tk_metropolis_tile_details      (JsonObject *tile);
/* The shapes a tile row may take, drawn small. */
GtkWidget *tk_metropolis_shape_new         (JsonObject *tile);

G_END_DECLS
