/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-rules-json.c — the typed readers every engine reads its setup and actions with. */
#define G_LOG_DOMAIN "tk-rules"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <stdarg.h>

#include "tk-rules.h"
#include "tk-rules-json.h"

/* ---- look-ups ---- */

/* The member @name, or NULL when @object is NULL, lacks it or holds null there. */
JsonNode *
tk_rules_json_member (JsonObject *object,
                      const char *name)
{
  JsonNode *node;

  if (object == NULL || !json_object_has_member (object, name))
    return NULL;
  node = json_object_get_member (object, name);
  return JSON_NODE_HOLDS_NULL (node) ? NULL : node;
}

gboolean
tk_rules_json_node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_INT64;
}

const char *
tk_rules_json_node_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
tk_rules_json_get_int (JsonObject *object,
                       const char *name,
                       gint64     *out)
{
  JsonNode *node = tk_rules_json_member (object, name);

  if (!tk_rules_json_node_is_int (node))
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

gboolean
tk_rules_json_array_get_int (JsonArray *array,
                             guint      index,
                             gint64    *out)
{
  JsonNode *node = index < json_array_get_length (array) ? json_array_get_element (array, index)
                                                          : NULL;

  if (!tk_rules_json_node_is_int (node))
    return FALSE;
  *out = json_node_get_int (node);
  return TRUE;
}

const char *
tk_rules_json_get_string (JsonObject *object,
                          const char *name)
{
  return tk_rules_json_node_string (tk_rules_json_member (object, name));
}

JsonObject *
tk_rules_json_get_object (JsonObject *object,
                          const char *name)
{
  JsonNode *node = tk_rules_json_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
tk_rules_json_get_array (JsonObject *object,
                         const char *name)
{
  JsonNode *node = tk_rules_json_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

const char *
tk_rules_json_type (JsonObject *action)
{
  return tk_rules_json_get_string (action, "type");
}

const char *
tk_rules_json_read_type (JsonObject  *action,
                         GError     **error)
{
  const char *type = tk_rules_json_type (action);

  if (type == NULL)
    g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                         _("The action has no type."));
  return type;
}

int
tk_rules_json_lookup (const char *const *names,
                      guint              n_names,
                      const char        *name)
{
  for (guint i = 0; name != NULL && i < n_names; i++)
    if (g_str_equal (names[i], name))
      return (int) i;
  return -1;
}

/* ---- typed readers ---- */

/* Every refusal of a malformed field or action (the readers' messages name the field). */
gboolean
tk_rules_json_invalid (GError    **error,
                       const char *format,
                       ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, message);
  return FALSE;
}

static gboolean
missing (GError    **error,
         const char *name)
{
  return tk_rules_json_invalid (error, _("“%s” is missing."), name);
}

static gboolean
not_whole (GError    **error,
           const char *name,
           gint64      min,
           gint64      max)
{
  return tk_rules_json_invalid (error,
                                _("“%s” must be a whole number from %" PRId64 " to %" PRId64
                                  "."), name, min, max);
}

gboolean
tk_rules_json_read_int (JsonObject  *object,
                        const char  *name,
                        gint64       min,
                        gint64       max,
                        gint64       fallback,
                        gint64      *out,
                        GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, name);

  g_return_val_if_fail (min <= max, FALSE);

  if (node == NULL)
    {
      if (fallback < min)
        return missing (error, name);
      *out = fallback;
      return TRUE;
    }
  /* a double here is 2.5 or 1e3: not how a whole number is written */
  if (!tk_rules_json_node_is_int (node) || json_node_get_int (node) < min ||
      json_node_get_int (node) > max)
    return not_whole (error, name, min, max);
  *out = json_node_get_int (node);
  return TRUE;
}

gboolean
tk_rules_json_read_int32 (JsonObject  *object,
                          const char  *name,
                          int          min,
                          int          max,
                          int          fallback,
                          int         *out,
                          GError     **error)
{
  gint64 value;

  if (!tk_rules_json_read_int (object, name, min, max, fallback, &value, error))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

gboolean
tk_rules_json_read_seat (JsonObject  *object,
                         const char  *name,
                         guint        n_players,
                         guint       *out,
                         GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, name);
  gint64 seat;

  if (node == NULL)
    return missing (error, name);
  if (!tk_rules_json_node_is_int (node))
    return not_whole (error, name, 0, (gint64) n_players - 1);
  seat = json_node_get_int (node);
  if (seat < 0 || seat >= n_players)
    {
      /* seats count from 1 for the players, from 0 in the JSON */
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("There is no seat %" PRId64 "."), seat + 1);
      return FALSE;
    }
  *out = (guint) seat;
  return TRUE;
}

gboolean
tk_rules_json_read_bool (JsonObject  *object,
                         const char  *name,
                         gboolean     fallback,
                         gboolean    *out,
                         GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, name);

  if (node == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    
      return tk_rules_json_invalid (error, _("“%s” must be true or false."), name);
  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
tk_rules_json_read_string (JsonObject  *object,
                           const char  *name,
                           gboolean     required,
                           const char **out,
                           GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, name);

  if (node == NULL)
    {
      *out = NULL;
      return !required || missing (error, name);
    }
  if ((*out = tk_rules_json_node_string (node)) == NULL)
    
      return tk_rules_json_invalid (error, _("“%s” must be a text."), name);
  return TRUE;
}

gboolean
tk_rules_json_read_enum (JsonObject         *object,
                         const char         *name,
                         const char *const  *names,
                         guint               n_names,
                         int                 fallback,
                         int                *out,
                         GError            **error)
{
  JsonNode *node = tk_rules_json_member (object, name);
  int value;

  if (node == NULL && fallback >= 0)
    {
      *out = fallback;
      return TRUE;
    }
  value = tk_rules_json_lookup (names, n_names, tk_rules_json_node_string (node));
  if (value < 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < n_names; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", names[i]);
      /* TRANSLATORS: the second %s is a list of words as written in the JSON,
       * e.g. "high, low, coop" */
      return tk_rules_json_invalid (error, _("“%s” must be one of %s."), name, list->str);
    }
  *out = value;
  return TRUE;
}

gboolean
tk_rules_json_read_array (JsonObject  *object,
                          const char  *name,
                          JsonArray  **out,
                          GError     **error)
{
  JsonNode *node = tk_rules_json_member (object, name);

  *out = NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    
      return tk_rules_json_invalid (error, _("“%s” must be a list."), name);
  *out = json_node_get_array (node);
  return TRUE;
}

gboolean
tk_rules_json_read_int_array (JsonObject *object,
                              const char *name,
                              int         n,
                              int         min,
                              int         max,
                              int        *out,
                              int        *out_len,
                              GError    **error)
{
  JsonNode *node = tk_rules_json_member (object, name);
  JsonArray *array;
  guint len;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    
      return tk_rules_json_invalid (error, _("“%s” must be a list of whole numbers."), name);
  array = json_node_get_array (node);
  len = json_array_get_length (array);
  if ((n >= 0 && len != (guint) n) || (n < 0 && (len < 1 || len > (guint) -n)))
    
      return tk_rules_json_invalid (error, _("The list “%s” has the wrong length."), name);
  for (guint i = 0; i < len; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      gint64 value;

      if (!tk_rules_json_node_is_int (element) ||
          (value = json_node_get_int (element)) < min || value > max)
        
          return tk_rules_json_invalid (error, _("The list “%s” must hold whole numbers from %d "
                                                 "to %d."), name, min, max);
      out[i] = (int) value;
    }
  if (out_len != NULL)
    *out_len = (int) len;
  return TRUE;
}
