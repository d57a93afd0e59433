/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-json.h — the one way Tablekeeper reads JSON text.
 *
 * json-glib's parser is recursive (a file nested 100,000 deep exhausts the stack) and reads an
 * integer beyond 64 bits as −1 or wrapped.  Every reader of a file, an action or a stored
 * document therefore loads through here: the raw text is checked first (UTF-8, one value and
 * nothing after it, at most TK_JSON_MAX_DEPTH levels, every number representable), and only
 * then parsed.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_JSON_ERROR (tk_json_error_quark ())

typedef enum
{
  TK_JSON_ERROR_ENCODING,   /* not UTF-8, or a NUL byte */
  TK_JSON_ERROR_SHAPE,      /* not one object (or list), or text after it */
  TK_JSON_ERROR_DEPTH,      /* nested deeper than TK_JSON_MAX_DEPTH */
  TK_JSON_ERROR_NUMBER,     /* a number that does not fit (the message names its member) */
  TK_JSON_ERROR_SYNTAX,     /* json-glib refused the text */
} TkJsonError;

/* Objects and lists inside each other, counting the outermost one.  Tablekeeper's own files
 * need fewer than ten levels. */
#define TK_JSON_MAX_DEPTH 64

GQuark      tk_json_error_quark (void);

gboolean    tk_json_check       (const char  *text,
                                 gssize       length,
                                 gboolean     want_object,
                                 GError     **error);
JsonNode   *tk_json_load        (const char  *text,
                                 gssize       length,
                                 GError     **error);
JsonObject *tk_json_load_object (const char  *text,
                                 gssize       length,
                                 GError     **error);

G_END_DECLS
