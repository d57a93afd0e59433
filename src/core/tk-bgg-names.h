/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-names.h — Japanese names from a BoardGameGeek export kept as the games' Japanese
 * titles. */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

/* A game of the catalog imported from a BoardGameGeek export under a Japanese name (kept
 * as "objectname" in the entry's BGG extras) keeps that name as its Japanese title when it
 * has none.  For @game_id, or every game when it is 0 (after a catalog upgrade rewrote the
 * catalog's rows). */
gboolean tk_bgg_names_adopt (TkStore  *store,
                             gint64    game_id,
                             GError  **error);

G_END_DECLS
