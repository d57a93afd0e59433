/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-layouts.h — the Metromania district layouts players have entered once (the lake,
 * the park, rivers, forests, arrows and printed destination spaces of a way of laying out the six
 * districts), kept by name for later sessions. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The board members a layout keeps, in the order the engine's "board" names them. */
extern const char *const tk_metromania_layout_members[];

char       *tk_metromania_layouts_path   (void);
/* The saved layouts: [{"name": …, "board": {…}}, …] (a new array; empty when there are none
 * or the file cannot be read — it is then left as it is). */
JsonArray  *tk_metromania_layouts_load   (void);
/* Saves the layout members of @board under @name (replacing a layout of that name), atomically. */
gboolean    tk_metromania_layouts_save   (const char  *name,
                                          JsonObject  *board,
                                          GError     **error);

G_END_DECLS
