/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-json-scan.c — spans of a JSON document's members and of a list's elements (see the
 * header).  Iterative: nesting is counted, never recursed into. */
#define G_LOG_DOMAIN "tk-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-json.h"
#include "tk-json-scan.h"

static gboolean
syntax_error (GError **error,
              gsize    offset)
{
  g_set_error (error, TK_JSON_ERROR, TK_JSON_ERROR_SYNTAX,
               _("The JSON cannot be read: unexpected text at byte %lu."),
               (gulong) offset + 1);
  return FALSE;
}

static gsize
skip_space (const char *text,
            gsize       length,
            gsize       i)
{
  while (i < length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
    i++;
  return i;
}

/* Past the string that starts at @i (a '"'); 0 when it does not end. */
static gsize
skip_string (const char *text,
             gsize       length,
             gsize       i)
{
  for (i++; i < length; i++)
    {
      if (text[i] == '\\')
        i++;
      else if (text[i] == '"')
        return i + 1;
    }
  return 0;
}

/* Past the value that starts at @i (after spaces); 0 when it is not one.  Objects and lists
 * are followed with a stack of what each open bracket expects next. */
static gsize
skip_value (const char *text,
            gsize       length,
            gsize       i)
{
  /* 'o': in an object, 'a': in a list; depth is bounded by tk_json_check (). */
  char open[TK_JSON_MAX_DEPTH + 1];
  guint depth = 0;

  for (;;)
    {
      /* A value. */
      i = skip_space (text, length, i);
      if (i >= length)
        return 0;
      if (text[i] == '"')
        {
          if ((i = skip_string (text, length, i)) == 0)
            return 0;
        }
      else if (text[i] == '{' || text[i] == '[')
        {
          gsize j = skip_space (text, length, i + 1);

          if (depth == TK_JSON_MAX_DEPTH || j >= length)
            return 0;
          open[depth++] = text[i] == '{' ? 'o' : 'a';
          if (text[j] == (text[i] == '{' ? '}' : ']'))
            {
              depth--;
              i = j + 1;
            }
          else if (open[depth - 1] == 'o')
            {
              /* The first member's name and colon, then its value. */
              if (text[j] != '"' || (j = skip_string (text, length, j)) == 0)
                return 0;
              j = skip_space (text, length, j);
              if (j >= length || text[j] != ':')
                return 0;
              i = j + 1;
              continue;
            }
          else
            {
              i = j;
              continue;
            }
        }
      else if (text[i] == '-' || g_ascii_isalnum (text[i]))
        {
          gsize start = i;

          while (i < length && (g_ascii_isalnum (text[i]) || text[i] == '-' || text[i] == '+' ||
                                text[i] == '.'))
            i++;
          if (g_ascii_isalpha (text[start]) &&
              !((i - start == 4 && (memcmp (text + start, "true", 4) == 0 ||
                                    memcmp (text + start, "null", 4) == 0)) ||
                (i - start == 5 && memcmp (text + start, "false", 5) == 0)))
            return 0;
        }
      else
        return 0;

      /* After a value: a comma and the next, or the close of its object or list. */
      for (;;)
        {
          if (depth == 0)
            return i;
          i = skip_space (text, length, i);
          if (i >= length)
            return 0;
          if (text[i] == ',')
            {
              i = skip_space (text, length, i + 1);
              if (open[depth - 1] == 'o')
                {
                  if (i >= length || text[i] != '"' || (i = skip_string (text, length, i)) == 0)
                    return 0;
                  i = skip_space (text, length, i);
                  if (i >= length || text[i] != ':')
                    return 0;
                  i++;
                }
              break;
            }
          if (text[i] != (open[depth - 1] == 'o' ? '}' : ']'))
            return 0;
          depth--;
          i++;
        }
    }
}

GHashTable *
tk_json_scan_members (const char  *text,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gsize i = 0;

  g_return_val_if_fail (text != NULL, NULL);

  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  i = skip_space (text, length, i);
  if (i >= length || text[i] != '{')
    {
      g_set_error_literal (error, TK_JSON_ERROR, TK_JSON_ERROR_SHAPE,
                           _("The JSON is not an object."));
      return NULL;
    }
  i = skip_space (text, length, i + 1);
  if (i < length && text[i] == '}')
    i++;
  else
    for (;;)
      {
        gsize name_start = i, name_end, value_start, value_end;
        TkJsonSpan *span;

        if (i >= length || text[i] != '"' || (name_end = skip_string (text, length, i)) == 0)
          return syntax_error (error, i), NULL;
        i = skip_space (text, length, name_end);
        if (i >= length || text[i] != ':')
          return syntax_error (error, i), NULL;
        value_start = skip_space (text, length, i + 1);
        if ((value_end = skip_value (text, length, value_start)) == 0)
          return syntax_error (error, value_start), NULL;
        span = g_new (TkJsonSpan, 1);
        span->start = text + value_start;
        span->length = value_end - value_start;
        g_hash_table_insert (members,
                             g_strndup (text + name_start + 1, name_end - name_start - 2), span);
        i = skip_space (text, length, value_end);
        if (i < length && text[i] == ',')
          {
            i = skip_space (text, length, i + 1);
            continue;
          }
        if (i < length && text[i] == '}')
          {
            i++;
            break;
          }
        return syntax_error (error, i), NULL;
      }
  if (skip_space (text, length, i) != length)
    {
      g_set_error_literal (error, TK_JSON_ERROR, TK_JSON_ERROR_SHAPE,
                           _("There is more text after the JSON object."));
      return NULL;
    }
  return g_steal_pointer (&members);
}

gboolean
tk_json_scan_next (TkJsonSpan  *list,
                   gsize       *offset,
                   TkJsonSpan  *element,
                   GError     **error)
{
  const char *text = list->start;
  gsize length = list->length;
  gsize i = *offset, end;

  g_return_val_if_fail (length >= 2 && text[0] == '[', FALSE);

  if (i == 0)
    {
      i = skip_space (text, length, 1);
      if (i < length && text[i] == ']')
        {
          *offset = length;
          return FALSE;
        }
    }
  else
    {
      i = skip_space (text, length, i);
      if (i >= length || text[i] == ']')
        {
          *offset = length;
          return FALSE;
        }
      if (text[i] != ',')
        return syntax_error (error, (gsize) (text - list->start) + i);
      i = skip_space (text, length, i + 1);
    }
  if ((end = skip_value (text, length, i)) == 0)
    return syntax_error (error, i);
  element->start = text + i;
  element->length = end - i;
  *offset = end;
  return TRUE;
}
