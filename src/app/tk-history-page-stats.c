/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-page-stats.c — the History page's statistics: the overview, the chosen game's
 * or player's figures with the turn clock's times, and the plays per month chart, all from
 * tk-stats.h.  Everything from the library goes into labels as plain text.
 */
#define G_LOG_DOMAIN "tk-history-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-display-date.h"
#include "tk-display-title.h"
#include "tk-history-page-private.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"
#include "tk-play-times-groups.h"
#include "tk-stats.h"

char *
_tk_history_page_format_number (double value)
{
  if (value == (double) (gint64) value)
    return g_strdup_printf ("%" PRId64, (gint64) value);
  return g_strdup_printf ("%.1f", value);
}

/* Values up to this many characters stay on one line ("12 plays, 3 wins", "2 ahead, 1
 * behind, 0 even" fit a phone's row beside their title). */
#define SHORT_VALUE_CHARS 24

/* "3 plays, 1 win", with each number's plural form. */
static char *
plays_and_wins (gint64 plays,
                gint64 wins)
{
  g_autofree char *p = g_strdup_printf (ngettext ("%" PRId64 " play", "%" PRId64 " plays",
                                                  (gulong) plays), plays);
  g_autofree char *w = g_strdup_printf (ngettext ("%" PRId64 " win", "%" PRId64 " wins",
                                                  (gulong) wins), wins);

  /* Translators: "3 plays, 1 win" */
  return g_strdup_printf (_("%s, %s"), p, w);
}

static GtkWidget *
add_row_full (GtkWidget  *group,
              const char *title,
              const char *value,
              gboolean    wrap)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "numeric");
  /* A wrapping label asks only for its longest word, and the row's title takes the rest:
   * "1 play, 1 win" then stood in three lines even on a wide window.  A short value is
   * never wrapped; a long one (a list of seats' wins) wraps between words. */
  wrap = wrap && g_utf8_strlen (value, -1) > SHORT_VALUE_CHARS;
  gtk_label_set_wrap (GTK_LABEL (label), wrap);
  if (wrap)
    {
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_width_chars (GTK_LABEL (label), SHORT_VALUE_CHARS);
    }
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return row;
}

static GtkWidget *
add_row (GtkWidget  *group,
         const char *title,
         const char *value)
{
  return add_row_full (group, title, value, TRUE);
}

static void
add_date_row (GtkWidget  *group,
              const char *title,
              const char *iso)
{
  g_autofree char *text = tk_display_date (iso);

  /* A date is short: on one line, not broken between its year and its day. */
  add_row_full (group, title, text, FALSE);
}

static void
add_row_int (GtkWidget  *group,
             const char *title,
             gint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" PRId64, value);

  add_row (group, title, text);
}

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  return json_node_get_string (node);
}

static gboolean
member_double (JsonObject *o,
               const char *name,
               double     *out)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return FALSE;
  *out = json_node_get_double (node);
  return TRUE;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static void
fill_overview (TkHistoryPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) overview = tk_stats_overview (self->store, &error);
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->overview_group));
  GtkWidget *group;

  /* A new group each time: AdwPreferencesGroup cannot be emptied in 1.2 without its rows. */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Overview"));
  gtk_box_insert_child_after (GTK_BOX (parent), group, GTK_WIDGET (self->overview_group));
  gtk_box_remove (GTK_BOX (parent), GTK_WIDGET (self->overview_group));
  self->overview_group = ADW_PREFERENCES_GROUP (group);

  if (overview == NULL)
    {
      add_row (group, _("Statistics"), error->message);
      return;
    }
  add_row_int (group, _("Plays"), json_object_get_int_member_with_default (overview, "plays", 0));
  add_row_int (group, _("Games played"), json_object_get_int_member_with_default (overview, "games", 0));
  add_row_int (group, _("Players"), json_object_get_int_member_with_default (overview, "players", 0));
  add_row_int (group, _("H-index"), json_object_get_int_member_with_default (overview, "h_index", 0));
  if (member_string (overview, "first_played") != NULL)
    add_date_row (group, _("First play"), member_string (overview, "first_played"));
  if (member_string (overview, "last_played") != NULL)
    add_date_row (group, _("Last play"), member_string (overview, "last_played"));
}

/* The turn clock's figures (tk-play-times-groups.c), when there are any. */
static void
append_times_group (TkHistoryPage *self,
                    GtkWidget     *group)
{
  if (group != NULL)
    gtk_box_append (self->detail_box, group);
}

static void
fill_game_stats (TkHistoryPage *self,
                 GameChoice    *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) stats = NULL;
  GtkWidget *group = adw_preferences_group_new ();
  JsonArray *seats, *counts;
  double value;
  g_autofree char *escaped_title = g_markup_escape_text (game->title, -1);

  /* An AdwPreferencesGroup title is always markup in libadwaita 1.2. */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped_title);
  gtk_box_append (self->detail_box, group);
  if (game->id == 0)
    {
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                             _("Statistics per game are kept for games of the catalogue."));
      return;
    }
  stats = tk_stats_game (self->store, game->id, &error);
  if (stats == NULL)
    {
      add_row (group, _("Statistics"), error->message);
      return;
    }
  add_row_int (group, _("Plays"), json_object_get_int_member_with_default (stats, "plays", 0));
  if (member_string (stats, "last_played") != NULL)
    add_date_row (group, _("Last played"), member_string (stats, "last_played"));
  if (member_double (stats, "average_score", &value))
    {
      g_autofree char *text = _tk_history_page_format_number (value);
      add_row (group, _("Average score"), text);
    }
  if (member_double (stats, "best_score", &value))
    {
      g_autofree char *text = _tk_history_page_format_number (value);
      add_row (group, _("Best score"), text);
    }
  if (member_double (stats, "average_winning_score", &value))
    {
      g_autofree char *text = _tk_history_page_format_number (value);
      add_row (group, _("Average winning score"), text);
    }

  seats = json_object_has_member (stats, "wins_by_seat")
          ? json_object_get_array_member (stats, "wins_by_seat") : NULL;
  for (guint i = 0; seats != NULL && i < json_array_get_length (seats); i++)
    {
      JsonObject *s = json_array_get_object_element (seats, i);
      g_autofree char *title = g_strdup_printf (_("Wins from seat %" PRId64),
                                                json_object_get_int_member (s, "seat") + 1);
      /* Translators: "3 of 5" wins of plays */
      g_autofree char *text = g_strdup_printf (_("%" PRId64 " of %" PRId64),
                                               json_object_get_int_member (s, "wins"),
                                               json_object_get_int_member (s, "plays"));
      add_row (group, title, text);
    }
  counts = json_object_has_member (stats, "by_player_count")
           ? json_object_get_array_member (stats, "by_player_count") : NULL;
  for (guint i = 0; counts != NULL && i < json_array_get_length (counts); i++)
    {
      JsonObject *c = json_array_get_object_element (counts, i);
      JsonArray *wins = json_object_get_array_member (c, "wins_by_seat");
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *title = g_strdup_printf (_("With %" PRId64 " players"),
                                                json_object_get_int_member (c, "players"));

      g_string_printf (text, g_dngettext (NULL, "%" PRId64 " play", "%" PRId64 " plays",
                                          json_object_get_int_member (c, "plays")),
                       json_object_get_int_member (c, "plays"));
      for (guint j = 0; wins != NULL && j < json_array_get_length (wins); j++)
        {
          JsonObject *w = json_array_get_object_element (wins, j);

          /* Translators: wins from a seat, " · seat 1: 2 wins" */
          g_string_append_printf (text, ngettext (" · seat %" PRId64 ": %" PRId64 " win",
                                                  " · seat %" PRId64 ": %" PRId64 " wins",
                                                  (gulong) json_object_get_int_member (w, "wins")),
                                  json_object_get_int_member (w, "seat") + 1,
                                  json_object_get_int_member (w, "wins"));
        }
      add_row (group, title, text->str);
    }
  append_times_group (self, tk_play_times_group_for_game (self->store, game->id));
}

static void
fill_player_stats (TkHistoryPage *self,
                   gint64         player_id,
                   const char    *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) stats = tk_stats_player (self->store, player_id, &error);
  GtkWidget *group = adw_preferences_group_new ();
  JsonArray *most, *h2h;
  double rate = 0;
  g_autofree char *escaped_name = g_markup_escape_text (name, -1);

  /* An AdwPreferencesGroup title is always markup in libadwaita 1.2. */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped_name);
  gtk_box_append (self->detail_box, group);
  if (stats == NULL)
    {
      add_row (group, _("Statistics"), error->message);
      return;
    }
  add_row_int (group, _("Plays"), json_object_get_int_member_with_default (stats, "plays", 0));
  add_row_int (group, _("Wins"), json_object_get_int_member_with_default (stats, "wins", 0));
  if (member_double (stats, "win_rate", &rate))
    {
      /* a no-break space: the figure and its sign stay together */
      g_autofree char *text = g_strdup_printf ("%.0f\u00a0%%", rate * 100);
      add_row (group, _("Win rate"), text);
    }

  most = json_object_has_member (stats, "most_played") ? json_object_get_array_member (stats, "most_played") : NULL;
  if (most != NULL && json_array_get_length (most) > 0)
    {
      GtkWidget *mg = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (mg), _("Most Played"));
      gtk_box_append (self->detail_box, mg);
      for (guint i = 0; i < json_array_get_length (most); i++)
        {
          JsonObject *m = json_array_get_object_element (most, i);
          g_autofree char *text = plays_and_wins (json_object_get_int_member (m, "plays"),
                                                  json_object_get_int_member (m, "wins"));
          add_row (mg, tk_display_title (member_string (m, "title"), member_string (m, "title_ja")), text);
        }
    }
  h2h = json_object_has_member (stats, "head_to_head") ? json_object_get_array_member (stats, "head_to_head") : NULL;
  if (h2h != NULL && json_array_get_length (h2h) > 0)
    {
      GtkWidget *hg = adw_preferences_group_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (hg), _("Head to Head"));
      gtk_box_append (self->detail_box, hg);
      for (guint i = 0; i < json_array_get_length (h2h); i++)
        {
          JsonObject *h = json_array_get_object_element (h2h, i);
          g_autofree char *title = g_strdup_printf (_("Against %s"),
                                                    member_string (h, "name") ? member_string (h, "name") : "");
          g_autofree char *text = g_strdup_printf (_("%" PRId64 " ahead, %" PRId64 " behind, %" PRId64 " even"),
                                                   json_object_get_int_member (h, "wins"),
                                                   json_object_get_int_member (h, "losses"),
                                                   json_object_get_int_member (h, "ties"));
          add_row (hg, title, text);
        }
    }
  append_times_group (self, tk_play_times_group_for_player (self->store, player_id));
}

static JsonArray *
months_of_listed_plays (TkHistoryPage *self)
{
  g_autoptr(GTree) counts = g_tree_new_full ((GCompareDataFunc) strcmp, NULL, g_free, NULL);
  GListModel *plays = G_LIST_MODEL (self->plays);
  JsonArray *months = json_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (plays); i++)
    {
      g_autoptr(TkPlay) play = g_list_model_get_item (plays, i);
      const char *date = tk_play_get_played_on (play);
      g_autofree char *month = NULL;

      if (date == NULL || strlen (date) < 7)
        continue;
      month = g_strndup (date, 7);
      g_tree_replace (counts, g_strdup (month),
                      GINT_TO_POINTER (GPOINTER_TO_INT (g_tree_lookup (counts, month)) + 1));
    }
  for (GTreeNode *node = g_tree_node_first (counts); node != NULL; node = g_tree_node_next (node))
    {
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "month", g_tree_node_key (node));
      json_object_set_int_member (o, "plays", GPOINTER_TO_INT (g_tree_node_value (node)));
      json_array_add_object_element (months, o);
    }
  return months;
}

void
_tk_history_page_fill_stats (TkHistoryPage *self)
{
  guint game = gtk_drop_down_get_selected (self->game_dropdown);
  guint player = gtk_drop_down_get_selected (self->player_dropdown);
  g_autoptr(JsonArray) months = NULL;
  gint64 game_id = 0;

  clear_box (self->detail_box);
  if (self->store == NULL)
    return;
  fill_overview (self);
  if (game != GTK_INVALID_LIST_POSITION && game > 0 && game < self->games->len)
    {
      GameChoice *choice = &g_array_index (self->games, GameChoice, game);

      game_id = choice->id;
      fill_game_stats (self, choice);
    }
  if (player != GTK_INVALID_LIST_POSITION && player > 0 && player < self->players->len)
    {
      GListModel *names = G_LIST_MODEL (gtk_drop_down_get_model (self->player_dropdown));

      fill_player_stats (self, g_array_index (self->players, gint64, player),
                         gtk_string_list_get_string (GTK_STRING_LIST (names), player));
    }
  if (gtk_widget_get_first_child (GTK_WIDGET (self->detail_box)) == NULL)
    {
      GtkWidget *hint = gtk_label_new (_("Choose a game or a player above for their statistics."));

      gtk_widget_add_css_class (hint, "dim-label");
      gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
      gtk_box_append (self->detail_box, hint);
    }
  /* The library counts per catalogue game; a game known only by title, or one player's
   * plays, are counted from the plays listed. */
  if ((game > 0 && game != GTK_INVALID_LIST_POSITION && game_id == 0) ||
      (player > 0 && player != GTK_INVALID_LIST_POSITION))
    months = months_of_listed_plays (self);
  else
    months = tk_stats_plays_per_month (self->store, game_id, NULL);
  tk_plays_chart_set_months (self->chart, months);
}
