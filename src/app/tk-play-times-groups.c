/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-times-groups.c — the History's turn-clock groups (tk-play-times.h's figures).
 * Names and titles come from the library: rows are made with markup off. */
#define G_LOG_DOMAIN "tk-play-times-groups"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-display-title.h"
#include "tk-play-times.h"
#include "tk-play-times-groups.h"
#include "tk-session-clock.h"

/* A group for @items, named @name (for tests), or NULL when there are none. */
static GtkWidget *
new_group (JsonArray  *items,
           const char *name,
           const char *title,
           const char *description)
{
  GtkWidget *group;

  if (items == NULL || json_array_get_length (items) == 0)
    return NULL;
  group = adw_preferences_group_new ();
  gtk_widget_set_name (group, name);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  return group;
}

static GtkWidget *
new_row (GtkWidget  *group,
         const char *title,
         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static char *
turns_text (gint64 turns,
            gint64 median_ms)
{
  g_autofree char *median = tk_turn_clock_format (median_ms);

  /* Translators: "12 turns · median 0:42" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " turn · median %s",
                                       "%" PRId64 " turns · median %s", turns),
                          turns, median);
}

GtkWidget *
tk_play_times_group_for_play (TkStore *store,
                              gint64   play_id)
{
  g_autoptr(JsonArray) players = tk_play_times_for_play (store, play_id, NULL);
  GtkWidget *group = new_group (players, "play-times", _("Time at the Table"),
                                _("Each player’s time on the turn clock."));
  gint64 longest = 1;

  if (group == NULL)
    return NULL;
  for (guint i = 0; i < json_array_get_length (players); i++)
    longest = MAX (longest, json_object_get_int_member (json_array_get_object_element (players, i),
                                                        "total_ms"));
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      gint64 total = json_object_get_int_member (p, "total_ms");
      g_autofree char *subtitle = turns_text (json_object_get_int_member (p, "turns"),
                                              json_object_get_int_member (p, "median_turn_ms"));
      g_autofree char *time = tk_turn_clock_format (total);
      GtkWidget *row = new_row (group, json_object_get_string_member (p, "name"), subtitle);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *label = gtk_label_new (time);
      GtkWidget *bar = gtk_level_bar_new_for_interval (0, (double) longest);

      /* the bars share one scale, the longest player's time */
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), (double) total);
      gtk_widget_set_size_request (bar, 96, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, time, -1);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), bar);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
    }
  return group;
}

GtkWidget *
tk_play_times_group_for_player (TkStore *store,
                                gint64   player_id)
{
  g_autoptr(JsonArray) games = tk_play_times_for_player (store, player_id, NULL);
  GtkWidget *group = new_group (games, "player-turn-times", _("Turn Times"),
                                _("From the plays timed with the turn clock."));

  for (guint i = 0; group != NULL && i < json_array_get_length (games); i++)
    {
      JsonObject *g = json_array_get_object_element (games, i);
      g_autofree char *text = turns_text (json_object_get_int_member (g, "turns"),
                                          json_object_get_int_member (g, "median_turn_ms"));

      new_row (group, tk_display_title (json_object_get_string_member (g, "game"),
                                        json_object_get_string_member_with_default (g, "game_ja",
                                                                                    NULL)),
               text);
    }
  return group;
}

GtkWidget *
tk_play_times_group_for_game (TkStore *store,
                              gint64   game_id)
{
  g_autoptr(JsonArray) counts = tk_play_times_for_game (store, game_id, NULL);
  GtkWidget *group = new_group (counts, "game-lengths", _("Length by Player Count"), NULL);

  for (guint i = 0; group != NULL && i < json_array_get_length (counts); i++)
    {
      JsonObject *c = json_array_get_object_element (counts, i);
      gint64 n = json_object_get_int_member (c, "players");
      gint64 plays = json_object_get_int_member (c, "plays");
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " player",
                                                             "%" PRId64 " players", n), n);
      g_autoptr(GString) text = g_string_new (NULL);

      g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " play", "%" PRId64 " plays",
                                          plays), plays);
      if (json_object_has_member (c, "median_length_min"))
        /* Translators: appended to "3 plays" */
        g_string_append_printf (text, _(" · median %" PRId64 " min"),
                                json_object_get_int_member (c, "median_length_min"));
      if (json_object_has_member (c, "median_turn_ms"))
        {
          g_autofree char *turn = tk_turn_clock_format (json_object_get_int_member (c, "median_turn_ms"));

          /* Translators: appended to "3 plays · median 45 min" */
          g_string_append_printf (text, _(" · median turn %s"), turn);
        }
      new_row (group, title, text->str);
    }
  return group;
}
