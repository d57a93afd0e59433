/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-json-scan.h — finding the members of a large JSON document without building its tree.
 *
 * json-glib builds a node for every value: a 50 MB BG Stats export took 775 MiB as a tree.
 * A reader that needs one record at a time finds the spans of the document's top-level members
 * and of a list's elements here, and loads each span with tk_json_load () when it reads it.
 * The text is checked first by tk_json_check () (UTF-8, depth, numbers), as tk_json_load ()
 * does; the scanner then follows strict JSON syntax and refuses what it cannot follow.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A value's text inside a larger document. */
typedef struct
{
  const char *start;
  gsize       length;
} TkJsonSpan;

/* The spans of the values of @text's top-level members (a JSON object): name → TkJsonSpan
 * (names as written, escapes kept; a repeated name keeps its last value). */
GHashTable *tk_json_scan_members (const char  *text,
                                  gsize        length,
                                  GError     **error);

/* Steps through the elements of the list @list: @offset starts at 0; each call sets @element
 * to the next one and returns TRUE, or returns FALSE at the end of the list (and on an
 * error, which is set). */
gboolean    tk_json_scan_next    (TkJsonSpan  *list,
                                  gsize       *offset,
                                  TkJsonSpan  *element,
                                  GError     **error);

G_END_DECLS
