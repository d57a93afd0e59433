/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-plays-private.h — the play's origin in a Tablekeeper plays file (tk-plays-origin.c). */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-play.h"
#include "tk-store.h"

G_BEGIN_DECLS

/* Adds the play's uid, import keys and game record to its @object of the file. */
gboolean  tk_plays_origin_export     (TkStore     *store,
                                      TkPlay      *play,
                                      JsonObject  *object,
                                      GError     **error);
/* Checks those members of a play of a file (all optional: older files have none). */
gboolean  tk_plays_origin_check      (JsonObject  *object,
                                      GError     **error);
/* 1 when the play is in the library already (by uid or import key), 0 when not, -1 with
 * @error. */
int       tk_plays_origin_known      (TkStore     *store,
                                      JsonObject  *object,
                                      GError     **error);
/* The library's game of the play (found, or made from the file's game record), 0 for
 * none, -1 with @error. */
gint64    tk_plays_origin_game       (TkStore     *store,
                                      JsonObject  *object,
                                      const char  *title,
                                      GError     **error);
/* Keys the new play @play_id by the file's import keys, under one import per source made
 * on first use (@imports: BG Stats, BGG; 0 until then). */
gboolean  tk_plays_origin_write_keys (TkStore     *store,
                                      JsonObject  *object,
                                      gint64       play_id,
                                      gint64       imports[2],
                                      GError     **error);

G_END_DECLS
