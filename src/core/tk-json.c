/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-json.c — loading JSON text safely: the raw text is checked before json-glib parses it. */
#define G_LOG_DOMAIN "tk-json"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tk-json.h"
#include "tk-text.h"

/* How much of a member name or a number literal a message quotes. */
#define MAX_QUOTED 40

G_DEFINE_QUARK (tk-json-error-quark, tk_json_error)

typedef struct
{
  const char *start;
  gsize       length;
} Span;

static char *
quote (Span span)
{
  gsize bytes = MIN (span.length, MAX_QUOTED * 4);
  g_autofree char *text = g_utf8_make_valid (span.start, (gssize) bytes);

  if (g_utf8_strlen (text, -1) <= MAX_QUOTED && span.length <= MAX_QUOTED * 4)
    return g_steal_pointer (&text);
  *g_utf8_offset_to_pointer (text, MIN (g_utf8_strlen (text, -1), MAX_QUOTED)) = '\0';
  return g_strconcat (text, "…", NULL);
}

/* TRUE when the number literal @span can be read exactly: an integer within 64 bits
 * (json-glib 1.6 reads 2^64 as −1 and 2^63 as −2^63), or a finite fraction.  A literal that is
 * not a number at all is left to the parser, which names it. */
static gboolean
number_fits (Span span)
{
  g_autofree char *text = NULL;
  const char *digits;
  guint64 limit, value;
  guint base = 10;
  gsize n = 0;
  char *end;

  /* the common case, quickly: up to 18 digits always fit */
  while (n < span.length && (g_ascii_isdigit (span.start[n]) || (n == 0 && span.start[0] == '-')))
    n++;
  if (n == span.length && n <= 18)
    return TRUE;

  text = g_strndup (span.start, span.length);
  digits = text[0] == '-' ? text + 1 : text;
  limit = text[0] == '-' ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64;
  if (strpbrk (digits, ".eE") != NULL && g_ascii_strncasecmp (digits, "0x", 2) != 0)
    {
      double d = g_ascii_strtod (text, &end);

      return *end != '\0' || isfinite (d);
    }
  if (g_ascii_strncasecmp (digits, "0x", 2) == 0)
    {
      digits += 2;
      base = 16;
    }
  if (!g_ascii_isxdigit (digits[0]))
    return TRUE;
  errno = 0;
  value = g_ascii_strtoull (digits, &end, base);
  if (*end != '\0')
    return TRUE;
  return errno != ERANGE && value <= limit;
}

static gboolean
fail (GError    **error,
      TkJsonError code,
      const char *message)
{
  g_set_error_literal (error, TK_JSON_ERROR, code, message);
  return FALSE;
}

static gboolean
number_error (GError **error,
              Span     key,
              Span     literal)
{
  g_autofree char *number = quote (literal);

  if (key.start == NULL)
    g_set_error (error, TK_JSON_ERROR, TK_JSON_ERROR_NUMBER,
                 _("The number %s is too large or too small to be read."), number);
  else
    {
      g_autofree char *name = quote (key);

      g_set_error (error, TK_JSON_ERROR, TK_JSON_ERROR_NUMBER,
                   _("“%s” holds the number %s, which is too large or too small to be read."),
                   name, number);
    }
  return FALSE;
}

/* The check of the raw text.  It follows json-glib's tokens closely enough for what it
 * guards: strings ("…" with escapes, '…' without), C comments, brackets and number literals.
 * Anything it misreads it can only count as deeper or as trailing text — a refusal, never a
 * deep document let through.  Each number is checked against the name of the member it
 * belongs to (inside a list: the list's member). */
static gboolean
check_text (const char  *text,
            gsize        length,
            gboolean     want_object,
            GError     **error)
{
  Span keys[TK_JSON_MAX_DEPTH + 1] = { { NULL, 0 } };
  gboolean closed = FALSE;
  guint depth = 0;
  gsize i = 0;

  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (text[i]))
    i++;
  if (i == length || (text[i] != '{' && (want_object || text[i] != '[')))
    return fail (error, TK_JSON_ERROR_SHAPE,
                 want_object ? _("The JSON is not an object.")
                             : _("The JSON is not an object or a list."));

  for (; i < length; i++)
    {
      char c = text[i];

      if (closed)
        {
          if (!g_ascii_isspace (c))
            return fail (error, TK_JSON_ERROR_SHAPE,
                         _("There is more text after the JSON object."));
        }
      else if (c == '"' || c == '\'')
        {
          Span string = { text + i + 1, 0 };
          gsize j;

          for (i++; i < length && text[i] != c; i++)
            if (c == '"' && text[i] == '\\')
              i++;
          string.length = (gsize) (MIN (i, length) - (gsize) (string.start - text));
          for (j = i + 1; j < length && g_ascii_isspace (text[j]); j++)
            ;
          if (j < length && text[j] == ':')
            keys[depth] = string;
        }
      else if (c == '/' && i + 1 < length && text[i + 1] == '*')
        {
          const char *close = g_strstr_len (text + i + 2, (gssize) (length - i - 2), "*/");

          if (close == NULL)
            break;   /* the parser names the unterminated comment */
          i = (gsize) (close - text) + 1;
        }
      else if (c == '{' || c == '[')
        {
          if (depth == TK_JSON_MAX_DEPTH)
            {
              g_set_error (error, TK_JSON_ERROR, TK_JSON_ERROR_DEPTH,
                           _("The JSON is nested more than %d levels deep."), TK_JSON_MAX_DEPTH);
              return FALSE;
            }
          depth++;
          keys[depth] = c == '[' ? keys[depth - 1] : (Span) { NULL, 0 };
        }
      else if (c == '}' || c == ']')
        {
          if (depth > 0 && --depth == 0)
            closed = TRUE;
        }
      else if (c == '-' || c == '.' || g_ascii_isdigit (c))
        {
          Span literal = { text + i, 0 };

          while (i + 1 < length && (g_ascii_isalnum (text[i + 1]) || text[i + 1] == '.' ||
                                    text[i + 1] == '-' || text[i + 1] == '+'))
            i++;
          literal.length = (gsize) (text + i + 1 - literal.start);
          if (!number_fits (literal))
            return number_error (error, keys[depth], literal);
        }
      else if (g_ascii_isalpha (c) || c == '_')
        {
          /* true, false, null: a word, so that its letters are not read as a number */
          while (i + 1 < length && (g_ascii_isalnum (text[i + 1]) || text[i + 1] == '_'))
            i++;
        }
    }
  return TRUE;
}

/**
 * tk_json_check:
 * @text: JSON text, not necessarily NUL-terminated
 * @length: its length in bytes, or -1 when it is NUL-terminated
 * @want_object: whether it must be an object (else an object or a list)
 * @error: a #TK_JSON_ERROR with a message a person can read
 *
 * The check tk_json_load () makes before it parses (see tk-json.h), for a reader that
 * then loads the document a part at a time (tk-json-scan.h).
 *
 * Returns: whether the text passed
 */
gboolean
tk_json_check (const char  *text,
               gssize       length,
               gboolean     want_object,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize size;

  g_return_val_if_fail (text != NULL, FALSE);

  size = length < 0 ? strlen (text) : (gsize) length;
  if (!g_utf8_validate_len (text, size, NULL) || memchr (text, '\0', size) != NULL)
    return fail (error, TK_JSON_ERROR_ENCODING, _("The file is not valid UTF-8 text."));
  if (!check_text (text, size, want_object, error))
    return FALSE;
  /* \u0000 would cut a text short and a lone surrogate would become invalid UTF-8 once
   * json-glib decodes them (tk-text.c): every reader refuses them here, naming the line. */
  if (!tk_text_check_json_escapes (text, size, &local_error))
    {
      g_set_error_literal (error, TK_JSON_ERROR, TK_JSON_ERROR_ENCODING, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static JsonNode *
load (const char  *text,
      gssize       length,
      gboolean     want_object,
      GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize size;

  size = length < 0 ? strlen (text) : (gsize) length;
  if (!tk_json_check (text, (gssize) size, want_object, error))
    return NULL;

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, (gssize) size, &local_error))
    {
      /* json-glib quotes the offending byte, which may be half a character. */
      g_autofree char *detail = g_utf8_make_valid (local_error->message, -1);

      g_set_error (error, TK_JSON_ERROR, TK_JSON_ERROR_SYNTAX,
                   _("The JSON cannot be read: %s"), detail);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL ||
      (want_object && !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))))
    {
      fail (error, TK_JSON_ERROR_SHAPE,
            want_object ? _("The JSON is not an object.")
                        : _("The JSON is not an object or a list."));
      return NULL;
    }
  return json_parser_steal_root (parser);
}

/**
 * tk_json_load:
 * @text: JSON text, not necessarily NUL-terminated
 * @length: its length in bytes, or -1 when it is NUL-terminated
 * @error: a #TK_JSON_ERROR with a message a person can read
 *
 * Loads one JSON object or list after checking the raw text (see tk-json.h).
 *
 * Returns: (transfer full): the root node
 */
JsonNode *
tk_json_load (const char  *text,
              gssize       length,
              GError     **error)
{
  g_return_val_if_fail (text != NULL, NULL);

  return load (text, length, FALSE, error);
}

/**
 * tk_json_load_object:
 *
 * As tk_json_load(), for text that must be one object.
 *
 * Returns: (transfer full): the object
 */
JsonObject *
tk_json_load_object (const char  *text,
                     gssize       length,
                     GError     **error)
{
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  root = load (text, length, TRUE, error);
  return root != NULL ? json_object_ref (json_node_get_object (root)) : NULL;
}
