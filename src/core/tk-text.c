/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-text.c — the one check for every text that enters the library (see tk-text.h). */
#define G_LOG_DOMAIN "tk-text"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-text.h"

typedef struct
{
  guint    max_chars;
  gboolean multiline;
} Limit;

/* docs/formats.md, "Text", states these; a title of 300 characters fills five lines of a
 * 360 px row, a player's name of 200 is more than any score sheet shows. */
static const Limit limits[TK_TEXT_N_KINDS] = {
  [TK_TEXT_TITLE]   = { 300, FALSE },
  [TK_TEXT_NAME]    = { 200, FALSE },
  [TK_TEXT_TAG]     = { 200, FALSE },
  [TK_TEXT_LINE]    = { 1000, FALSE },
  [TK_TEXT_COMMENT] = { 10000, TRUE },
  [TK_TEXT_NOTES]   = { 100000, TRUE },
  [TK_TEXT_OTHER]   = { 100000, TRUE },
};

G_DEFINE_QUARK (tk-text-error-quark, tk_text_error)

guint
tk_text_max_chars (TkTextKind kind)
{
  g_return_val_if_fail (kind < TK_TEXT_N_KINDS, 0);
  return limits[kind].max_chars;
}

gboolean
tk_text_is_multiline (TkTextKind kind)
{
  g_return_val_if_fail (kind < TK_TEXT_N_KINDS, FALSE);
  return limits[kind].multiline;
}

/* Whether @text (valid UTF-8) holds no control character at all (tab and line breaks
 * included) and fits @max_chars: most texts, told by a scan of the bytes instead of a
 * decoding of each character (a BGG import checks some 6 million cells).  The Cc characters
 * are U+0000–U+001F, U+007F (one byte each) and U+0080–U+009F (C2 80 to C2 9F); the
 * characters are the bytes that do not continue one (10xxxxxx). */
static gboolean
is_plain_text (const char *text,
               gsize       length,
               guint       max_chars)
{
  const guchar *p = (const guchar *) text;
  gsize continuing = 0;

  for (gsize i = 0; i < length; i++)
    {
      guchar b = p[i];

      if (b < 0x20 || b == 0x7f || (b == 0xc2 && i + 1 < length && p[i + 1] < 0xa0))
        return FALSE;
      continuing += (b & 0xc0) == 0x80;
    }
  return length - continuing <= max_chars;
}

gboolean
tk_text_check_utf8_len (TkTextKind   kind,
                        const char  *field,
                        const char  *text,
                        gsize        length,
                        GError     **error)
{
  g_return_val_if_fail (kind < TK_TEXT_N_KINDS, FALSE);

  if (text == NULL || is_plain_text (text, length, limits[kind].max_chars))
    return TRUE;
  /* A tab, a line break, a control or too long: the full check says which. */
  return tk_text_check_len (kind, field, text, length, error);
}

gboolean
tk_text_check_len (TkTextKind   kind,
                   const char  *field,
                   const char  *text,
                   gsize        length,
                   GError     **error)
{
  const char *end;
  const char *p;
  guint n = 0;

  g_return_val_if_fail (kind < TK_TEXT_N_KINDS, FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if (text == NULL)
    return TRUE;
  if (!g_utf8_validate_len (text, length, &end))
    {
      /* A NUL is valid UTF-8 to GLib's eyes only with the _len variant; say which it is. */
      if (end < text + length && *end == '\0')
        g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                     _("The %s contains a NUL character (at character %u)."), field,
                     (guint) g_utf8_strlen (text, end - text) + 1);
      else
        g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                     _("The %s is not valid UTF-8 text."), field);
      return FALSE;
    }
  if (is_plain_text (text, length, limits[kind].max_chars))
    return TRUE;

  for (p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      n++;
      /* Neither a control nor a line break (every Cc is below U+00A0): most characters. */
      if ((c >= 0x20 && c < 0x7f) || c >= 0xa0)
        continue;
      /* A line break may be LF or CR LF (a spreadsheet's cell, a file written on Windows):
       * both are kept as they are, so that an export gives the same bytes back. */
      if (c == '\t' || (limits[kind].multiline &&
                        (c == '\n' || (c == '\r' && p + 1 < text + length && p[1] == '\n'))))
        continue;
      if (c == '\n')
        {
          g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                       _("The %s must be one line: it contains a line break."), field);
          return FALSE;
        }
      /* Cc: C0 and C1 controls (ESC starts a terminal's escape sequences, U+009B too). */
      if (c == 0 || g_unichar_type (c) == G_UNICODE_CONTROL)
        {
          if (c == 0)
            g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                         _("The %s contains a NUL character (at character %u)."), field, n);
          else
            g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                         _("The %s contains the control character U+%04X (at character %u)."),
                         field, c, n);
          return FALSE;
        }
    }
  if (n > limits[kind].max_chars)
    {
      g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                   _("The %s is too long: %u characters, at most %u."), field, n,
                   limits[kind].max_chars);
      return FALSE;
    }
  return TRUE;
}

gboolean
tk_text_check (TkTextKind   kind,
               const char  *field,
               const char  *text,
               GError     **error)
{
  return tk_text_check_len (kind, field, text, text != NULL ? strlen (text) : 0, error);
}

gboolean
tk_text_check_in (GQuark       domain,
                  int          code,
                  TkTextKind   kind,
                  const char  *field,
                  const char  *text,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (tk_text_check (kind, field, text, &local_error))
    return TRUE;
  g_set_error_literal (error, domain, code, local_error->message);
  return FALSE;
}

static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

gboolean
tk_text_check_json_escapes (const char  *json,
                            gsize        length,
                            GError     **error)
{
  const char *end = json + length;
  guint line = 1;

  g_return_val_if_fail (json != NULL || length == 0, FALSE);

  /* A backslash only ever starts an escape inside a string (anywhere else the parser refuses
   * the document), so the strings need not be found first. */
  for (const char *p = json; p < end; p++)
    {
      int unit;

      if (*p == '\n')
        line++;
      if (*p != '\\' || p + 1 >= end)
        continue;
      if (p[1] != 'u' || (unit = hex4 (p + 2, end)) < 0)
        {
          p++;
          continue;
        }
      if (unit == 0)
        {
          g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                       _("Line %u: a text holds \\u0000 (a NUL character), which cannot be "
                         "stored."), line);
          return FALSE;
        }
      if (unit >= 0xD800 && unit <= 0xDBFF)
        {
          int low = p + 7 < end && p[6] == '\\' && p[7] == 'u' ? hex4 (p + 8, end) : -1;

          if (low < 0xDC00 || low > 0xDFFF)
            goto lone;
          p += 11;
          continue;
        }
      if (unit >= 0xDC00 && unit <= 0xDFFF)
        goto lone;
      p += 5;
      continue;

lone:
      g_set_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID,
                   _("Line %u: a text holds \\u%.4s, half of a character that is missing its "
                     "other half."), line, p + 2);
      return FALSE;
    }
  return TRUE;
}

gboolean
tk_text_check_json_node (JsonNode  *node,
                         GError   **error)
{
  g_autoptr(GPtrArray) todo = g_ptr_array_new ();

  if (node == NULL)
    return TRUE;
  g_ptr_array_add (todo, node);
  while (todo->len > 0)
    {
      JsonNode *next = g_ptr_array_steal_index_fast (todo, todo->len - 1);

      switch (json_node_get_node_type (next))
        {
        case JSON_NODE_OBJECT:
          {
            JsonObjectIter iter;
            const char *name;
            JsonNode *member;

            json_object_iter_init (&iter, json_node_get_object (next));
            while (json_object_iter_next (&iter, &name, &member))
              {
                if (!tk_text_check (TK_TEXT_OTHER, _("name of a member"), name, error))
                  return FALSE;
                g_ptr_array_add (todo, member);
              }
          }
          break;
        case JSON_NODE_ARRAY:
          {
            JsonArray *array = json_node_get_array (next);

            for (guint i = 0; i < json_array_get_length (array); i++)
              g_ptr_array_add (todo, json_array_get_element (array, i));
          }
          break;
        case JSON_NODE_VALUE:
          if (json_node_get_value_type (next) == G_TYPE_STRING &&
              !tk_text_check (TK_TEXT_OTHER, _("text"), json_node_get_string (next), error))
            return FALSE;
          break;
        case JSON_NODE_NULL:
        default:
          break;
        }
    }
  return TRUE;
}

char *
tk_text_escape_for_terminal (const char *text,
                             gboolean    multiline)
{
  g_autofree char *valid = NULL;
  GString *out;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  out = g_string_sized_new (strlen (valid));
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c == '\n' || c == '\t' || (c == '\r' && p[1] == '\n')) && multiline)
        g_string_append_c (out, (char) c);
      else if (g_unichar_type (c) == G_UNICODE_CONTROL)
        g_string_append_printf (out, c < 0x100 ? "\\x%02x" : "\\u%04x", c);
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}
