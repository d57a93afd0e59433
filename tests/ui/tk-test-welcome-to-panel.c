/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-welcome-to-panel.c — the Welcome To... panel tests' fixture and steps (see the header). */
#include "config.h"

#include <string.h>

#include "tk-test-utils.h"
#include "tk-test-welcome-to-panel.h"
#include "tk-session-view.h"

void
tk_test_welcome_to_panel_set_up (TkTestWelcomeToPanel *f,
                                 gconstpointer         data)
{
  const TkTestWelcomeToConfig *config = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  int width = config != NULL && config->width > 0 ? config->width : 1000;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("welcome-to");
  g_assert_nonnull (rules);
  setup = rules->default_setup (config != NULL && config->n_players > 0 ? config->n_players : 2);
  if (config != NULL && config->variant != NULL)
    json_object_set_string_member (setup, "variant", config->variant);
  if (config != NULL && config->draft)
    json_object_set_boolean_member (setup, "draft", TRUE);
  f->session = tk_session_start (f->store, rules->id, 0, "Welcome To...", setup, &error);
  g_assert_no_error (error);

  /* the app's style sheet (AdwApplication loads it; the panel's sizes come from it) */
  {
    static GtkCssProvider *provider;

    if (provider == NULL)
      {
        provider = gtk_css_provider_new ();
        gtk_css_provider_load_from_resource (provider,
                                             "/io/github/tablekeeper/Tablekeeper/style.css");
        gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                    GTK_STYLE_PROVIDER (provider),
                                                    GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      }
  }
  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, width, width >= 1000 ? 800 : 720);
  f->overlay = adw_toast_overlay_new ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (f->overlay), f->view);
  adw_window_set_content (ADW_WINDOW (f->window), f->overlay);
  gtk_window_present (f->window);
  tk_test_settle ();
}

void
tk_test_welcome_to_panel_tear_down (TkTestWelcomeToPanel *f,
                                    gconstpointer         data)
{
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  g_clear_object (&f->store);
  tk_test_remove_tree (f->dir);
  g_free (f->dir);
}


gboolean
tk_test_welcome_to_panel_label_has (GtkWidget     *widget,
                                    gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

void
tk_test_welcome_to_panel_click (GtkWidget  *root,
                                const char *name)
{
  g_signal_emit_by_name (tk_test_find_named (root, name), "clicked");
}

/* The text a house box shows (its label). */
const char *
tk_test_welcome_to_panel_house_text (GtkWidget *panel,
                                     guint      street,
                                     guint      house)
{
  g_autofree char *name = g_strdup_printf ("house-%u-%u", street, house);
  GtkWidget *button = tk_test_find_named (panel, name);
  GtkWidget *label = tk_test_find_descendant (button, GTK_TYPE_LABEL);

  return gtk_label_get_text (GTK_LABEL (label));
}

gboolean
tk_test_welcome_to_panel_house_dimmed (GtkWidget *panel,
                                       guint      street,
                                       guint      house)
{
  g_autofree char *name = g_strdup_printf ("house-%u-%u", street, house);

  return gtk_widget_has_css_class (tk_test_find_named (panel, name), "tk-welcome-to-dim");
}

JsonObject *
tk_test_welcome_to_panel_game_state (TkSession *session)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);

  return json_object_ref (json_object_get_object_member (root, "game"));
}

JsonObject *
tk_test_welcome_to_panel_sheet_of (JsonObject *game,
                                   guint       seat)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  return json_object_get_object_member (json_array_get_object_element (players, seat), "sheet");
}

/* House @house (1-based) of street @street, NULL when empty. */
JsonObject *
tk_test_welcome_to_panel_house_of (JsonObject *sheet,
                                   guint       street,
                                   guint       house)
{
  JsonArray *streets = json_object_get_array_member (sheet, "streets");
  JsonObject *s = json_array_get_object_element (streets, street - 1);
  JsonNode *node = json_array_get_element (json_object_get_array_member (s, "houses"), house - 1);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

char *
tk_test_welcome_to_panel_state_text (TkSession *session)
{
  g_autoptr(JsonObject) root = tk_session_to_json (session);

  return tk_rules_json_to_string (root);
}

gint64
tk_test_welcome_to_panel_session_total (TkSession *session,
                                        guint      seat)
{
  g_autoptr(JsonObject) score = tk_session_score (session);
  JsonArray *players = json_object_get_array_member (score, "players");

  return json_object_get_int_member (json_array_get_object_element (players, seat), "total");
}

gint64
tk_test_welcome_to_panel_shown_number (GtkWidget  *panel,
                                       const char *name)
{
  return g_ascii_strtoll (gtk_label_get_text (GTK_LABEL (tk_test_find_named (panel, name))), NULL, 10);
}

/* Whether @value may be written in house @h of @sheet's street @s by the ascending rule
 * alone (empty box; every number to its left smaller, every number to its right larger) —
 * computed here from the state JSON, independently of the panel and the engine. */
gboolean
tk_test_welcome_to_panel_ascending_allows (JsonObject *sheet,
                                           guint       s,
                                           guint       h,
                                           guint       n_houses,
                                           gint64      value)
{
  if (tk_test_welcome_to_panel_house_of (sheet, s, h) != NULL)
    return FALSE;
  for (guint i = 1; i <= n_houses; i++)
    {
      JsonObject *house = tk_test_welcome_to_panel_house_of (sheet, s, i);

      if (house == NULL || !json_object_has_member (house, "number"))
        continue;
      if (i < h && json_object_get_int_member (house, "number") >= value)
        return FALSE;
      if (i > h && json_object_get_int_member (house, "number") <= value)
        return FALSE;
    }
  return TRUE;
}


JsonObject *
tk_test_welcome_to_panel_street_of (JsonObject *sheet,
                                    guint       street)
{
  return json_array_get_object_element (json_object_get_array_member (sheet, "streets"),
                                        street - 1);
}

gboolean
tk_test_welcome_to_panel_has_class (GtkWidget  *panel,
                                    const char *name,
                                    const char *css_class)
{
  return gtk_widget_has_css_class (tk_test_find_named (panel, name), css_class);
}
