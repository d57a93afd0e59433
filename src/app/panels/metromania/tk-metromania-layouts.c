/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-layouts.c — saved Metromania district layouts.
 *
 * Seed 002 lays the six district boards out at random each game, and their printed features
 * are not published: players enter them once on the board (tk-metromania-panel.c) and keep them
 * under a name; New Session starts a game from one (tk-metromania-options.c).  The file is
 * g_get_user_data_dir()/tablekeeper/metromania-layouts.json, written whole and atomically.
 */
#define G_LOG_DOMAIN "tk-metromania-layouts"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "tk-rules.h"
#include "tk-metromania-layouts.h"

const char *const tk_metromania_layout_members[] = {
  "lake", "park", "rivers", "forests", "arrows", "end_arrows", "spaces", NULL
};

char *
tk_metromania_layouts_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "tablekeeper", "metromania-layouts.json",
                           NULL);
}

JsonArray *
tk_metromania_layouts_load (void)
{
  g_autofree char *path = tk_metromania_layouts_path ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) root = NULL;
  JsonArray *layouts;
  JsonArray *out = json_array_new ();

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return out;
  root = tk_rules_json_parse_object (text, -1, &error);
  layouts = root != NULL && json_object_has_member (root, "layouts") &&
            JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "layouts"))
            ? json_object_get_array_member (root, "layouts") : NULL;
  if (layouts == NULL)
    {
      g_message ("Ignoring the board layouts in %s: %s", path,
                 error != NULL ? error->message : "no list of layouts");
      return out;
    }
  for (guint i = 0; i < json_array_get_length (layouts); i++)
    {
      JsonNode *node = json_array_get_element (layouts, i);
      JsonObject *layout = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;

      /* A layout needs its name and its board; anything else is skipped. */
      if (layout != NULL && json_object_has_member (layout, "name") &&
          JSON_NODE_HOLDS_VALUE (json_object_get_member (layout, "name")) &&
          json_node_get_value_type (json_object_get_member (layout, "name")) == G_TYPE_STRING &&
          json_object_has_member (layout, "board") &&
          JSON_NODE_HOLDS_OBJECT (json_object_get_member (layout, "board")))
        json_array_add_element (out, json_node_copy (node));
    }
  return out;
}

gboolean
tk_metromania_layouts_save (const char  *name,
                            JsonObject  *board,
                            GError     **error)
{
  g_autofree char *path = tk_metromania_layouts_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(JsonArray) layouts = tk_metromania_layouts_load ();
  g_autoptr(JsonArray) kept = json_array_new ();
  g_autoptr(JsonObject) root = json_object_new ();
  JsonObject *layout = json_object_new ();
  JsonObject *features = json_object_new ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (name != NULL && *name != '\0', FALSE);

  for (guint i = 0; tk_metromania_layout_members[i] != NULL; i++)
    if (board != NULL && json_object_has_member (board, tk_metromania_layout_members[i]))
      json_object_set_member (features, tk_metromania_layout_members[i],
                              json_node_copy (json_object_get_member (board,
                                                                      tk_metromania_layout_members[i])));
  json_object_set_string_member (layout, "name", name);
  json_object_set_object_member (layout, "board", features);
  for (guint i = 0; i < json_array_get_length (layouts); i++)
    {
      JsonObject *other = json_array_get_object_element (layouts, i);

      if (g_strcmp0 (json_object_get_string_member (other, "name"), name) != 0)
        json_array_add_object_element (kept, json_object_ref (other));
    }
  json_array_add_object_element (kept, layout);
  json_object_set_array_member (root, "layouts", json_array_ref (kept));

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not make the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  text = tk_rules_json_to_string (root);
  return g_file_set_contents (path, text, -1, error);
}
