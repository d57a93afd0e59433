/* tk-history-page.c — the History page: the plays, newest first, filtered by game and by
 * player; statistics (overview, per game, per player, plays per month).  Activating a play
 * edits it in the log dialog (which also deletes it, with an Undo toast here); the ⋮ menu
 * logs, exports and imports plays.
 *
 * The list shows the newest plays (at most MAX_LISTED) from tk_plays_query(); statistics
 * come from tk-stats.h.  Everything from the library goes into labels as plain text.
 */
#define G_LOG_DOMAIN "tk-history-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "tk-display-date.h"
#include "tk-display-title.h"
#include "tk-history-import.h"
#include "tk-history-import-dialog.h"
#include "tk-history-log-dialog.h"
#include "tk-history-page.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays-chart.h"
#include "tk-plays.h"
#include "tk-play-times-groups.h"
#include "tk-stats.h"

#define MAX_LISTED 2000

typedef struct
{
  gint64  id;       /* 0: outside the catalogue, told apart by title */
  char   *title;
} GameChoice;

struct _TkHistoryPage
{
  AdwBin           parent_instance;

  TkStore         *store;
  GListStore      *plays;
  GArray          *games;     /* GameChoice, index 0 = "All games" */
  GArray          *players;   /* gint64 roster ids, index 0 = everyone */
  gboolean         filling;
  GtkFileChooserNative *chooser;
  TkPlay          *deleted_play;   /* the last play deleted, for Undo */

  AdwToastOverlay *toast_overlay;
  GtkDropDown     *game_dropdown;
  GtkDropDown     *player_dropdown;
  GtkStack        *list_stack;
  GtkListView     *list_view;
  AdwStatusPage   *empty_page;
  AdwPreferencesGroup *overview_group;
  TkPlaysChart    *chart;
  GtkBox          *detail_box;
};

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkHistoryPage, tk_history_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

/* ---- statics ---- */

static void
game_choice_clear (gpointer data)
{
  g_free (((GameChoice *) data)->title);
}

static void
add_toast (TkHistoryPage *self,
           const char    *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void append_origin (GString *more,
                           TkPlay  *play);

static char *
format_number (double value)
{
  if (value == (double) (gint64) value)
    return g_strdup_printf ("%" PRId64, (gint64) value);
  return g_strdup_printf ("%.1f", value);
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
  gtk_label_set_wrap (GTK_LABEL (label), wrap);
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
      g_autofree char *text = format_number (value);
      add_row (group, _("Average score"), text);
    }
  if (member_double (stats, "best_score", &value))
    {
      g_autofree char *text = format_number (value);
      add_row (group, _("Best score"), text);
    }
  if (member_double (stats, "average_winning_score", &value))
    {
      g_autofree char *text = format_number (value);
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

          /* Translators: wins from a seat, "seat 1: 2 wins" */
          g_string_append_printf (text, _(" · seat %" PRId64 ": %" PRId64 " wins"),
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
      g_autofree char *text = g_strdup_printf ("%.0f %%", rate * 100);
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
          g_autofree char *text = g_strdup_printf (_("%" PRId64 " plays, %" PRId64 " wins"),
                                                   json_object_get_int_member (m, "plays"),
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

static void
fill_stats (TkHistoryPage *self)
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

static void
fill_plays (TkHistoryPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  guint game = gtk_drop_down_get_selected (self->game_dropdown);
  guint player = gtk_drop_down_get_selected (self->player_dropdown);
  GameChoice *choice = NULL;
  gint64 player_id = 0;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  g_list_store_remove_all (self->plays);
  if (self->store == NULL)
    return;
  if (game != GTK_INVALID_LIST_POSITION && game > 0 && game < self->games->len)
    choice = &g_array_index (self->games, GameChoice, game);
  if (player != GTK_INVALID_LIST_POSITION && player > 0 && player < self->players->len)
    player_id = g_array_index (self->players, gint64, player);

  plays = tk_plays_query (self->store, choice != NULL ? choice->id : 0, player_id, 0, MAX_LISTED, &error);
  if (plays == NULL)
    {
      add_toast (self, error->message);
      return;
    }
  for (guint i = 0; i < plays->len; i++)
    {
      TkPlay *play = g_ptr_array_index (plays, i);

      if (choice != NULL && choice->id == 0 &&
          (tk_play_get_game_id (play) != 0 ||
           g_utf8_collate (tk_play_get_game_title (play), choice->title) != 0))
        continue;
      g_ptr_array_add (shown, play);
    }
  g_list_store_splice (self->plays, 0, 0, shown->pdata, shown->len);
}

static void
update_list_stack (TkHistoryPage *self)
{
  gboolean filtered = gtk_drop_down_get_selected (self->game_dropdown) > 0 ||
                      gtk_drop_down_get_selected (self->player_dropdown) > 0;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->plays));

  if (filtered)
    {
      adw_status_page_set_title (self->empty_page, _("No Plays Found"));
      adw_status_page_set_description (self->empty_page, _("No play matches both filters."));
    }
  else
    {
      adw_status_page_set_title (self->empty_page, _("No Plays Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Finished table sessions and plays you log by hand appear here, with statistics."));
    }
  gtk_stack_set_visible_child_name (self->list_stack, n > 0 ? "list" : "empty");
}

static int
compare_display_titles (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  g_autofree char *key_a = tk_display_title_collate_key (tk_play_get_display_title (*(TkPlay **) a), NULL);
  g_autofree char *key_b = tk_display_title_collate_key (tk_play_get_display_title (*(TkPlay **) b), NULL);

  return strcmp (key_a, key_b);
}

/* The dropdowns: games seen in the plays, players of the roster; the choice survives. */
static void
fill_filters (TkHistoryPage *self)
{
  g_autoptr(GPtrArray) plays = NULL;
  g_autoptr(GListModel) roster = NULL;
  g_autoptr(GtkStringList) game_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) player_names = gtk_string_list_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint old_game = gtk_drop_down_get_selected (self->game_dropdown);
  guint old_player = gtk_drop_down_get_selected (self->player_dropdown);
  gint64 keep_game_id = -1, keep_player_id = -1;
  g_autofree char *keep_title = NULL;
  guint new_game = 0, new_player = 0;

  if (old_game != GTK_INVALID_LIST_POSITION && old_game > 0 && old_game < self->games->len)
    {
      keep_game_id = g_array_index (self->games, GameChoice, old_game).id;
      keep_title = g_strdup (g_array_index (self->games, GameChoice, old_game).title);
    }
  if (old_player != GTK_INVALID_LIST_POSITION && old_player > 0 && old_player < self->players->len)
    keep_player_id = g_array_index (self->players, gint64, old_player);

  g_array_set_size (self->games, 0);
  g_array_set_size (self->players, 0);
  {
    GameChoice all = { 0, g_strdup (_("All games")) };
    gint64 everyone = 0;

    g_array_append_val (self->games, all);
    gtk_string_list_append (game_names, all.title);
    g_array_append_val (self->players, everyone);
    gtk_string_list_append (player_names, _("All players"));
  }

  if (self->store != NULL)
    {
      g_autoptr(GPtrArray) sorted = g_ptr_array_new_with_free_func (g_object_unref);

      plays = tk_plays_query (self->store, 0, 0, 0, MAX_LISTED, NULL);
      for (guint i = 0; plays != NULL && i < plays->len; i++)
        {
          TkPlay *play = g_ptr_array_index (plays, i);
          g_autofree char *key = g_strdup_printf ("%" PRId64 ":%s", tk_play_get_game_id (play),
                                                  tk_play_get_game_id (play) != 0 ? "" : tk_play_get_game_title (play));

          if (g_hash_table_contains (seen, key))
            continue;
          g_hash_table_add (seen, g_steal_pointer (&key));
          g_ptr_array_add (sorted, g_object_ref (play));
        }
      /* In the order of the titles shown, as the user reads them. */
      g_ptr_array_sort_with_data (sorted, compare_display_titles, NULL);
      for (guint i = 0; i < sorted->len; i++)
        {
          TkPlay *play = g_ptr_array_index (sorted, i);
          GameChoice choice;

          choice.id = tk_play_get_game_id (play);
          /* A catalogue game is told apart by id; a game outside it by this title. */
          choice.title = g_strdup (tk_play_get_display_title (play));
          g_array_append_val (self->games, choice);
          gtk_string_list_append (game_names, choice.title);
          if ((keep_game_id > 0 && choice.id == keep_game_id) ||
              (keep_game_id == 0 && choice.id == 0 && g_strcmp0 (keep_title, choice.title) == 0))
            new_game = self->games->len - 1;
        }

      roster = tk_players_list (self->store, FALSE, NULL);
      for (guint i = 0; roster != NULL && i < g_list_model_get_n_items (roster); i++)
        {
          g_autoptr(TkPlayer) player = g_list_model_get_item (roster, i);
          gint64 id = tk_player_get_id (player);

          g_array_append_val (self->players, id);
          gtk_string_list_append (player_names, tk_player_get_name (player));
          if (id == keep_player_id)
            new_player = self->players->len - 1;
        }
    }

  self->filling = TRUE;
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (game_names));
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (player_names));
  gtk_drop_down_set_selected (self->game_dropdown, new_game);
  gtk_drop_down_set_selected (self->player_dropdown, new_player);
  self->filling = FALSE;
}

/* ---- callbacks ---- */

static void
on_filter_changed (TkHistoryPage *self)
{
  if (self->filling)
    return;
  fill_plays (self);
  fill_stats (self);
  update_list_stack (self);
}

static void
on_heading_pressed (GtkGestureClick *click,
                    int              n_press,
                    double           x,
                    double           y,
                    gpointer         user_data)
{
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *month = gtk_label_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *date = gtk_label_new (NULL);
  GtkWidget *players = gtk_label_new (NULL);
  GtkWidget *extra = gtk_label_new (NULL);

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (date, "dim-label");
  gtk_widget_add_css_class (date, "numeric");
  gtk_box_append (GTK_BOX (top), title);
  gtk_box_append (GTK_BOX (top), date);
  gtk_label_set_xalign (GTK_LABEL (players), 0);
  gtk_label_set_wrap (GTK_LABEL (players), TRUE);
  gtk_label_set_xalign (GTK_LABEL (extra), 0);
  gtk_widget_add_css_class (extra, "dim-label");
  gtk_widget_add_css_class (extra, "caption");
  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), players);
  gtk_box_append (GTK_BOX (box), extra);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  /* The month's heading, shown above the first play of each month (GTK 4.8 has no list
   * sections). */
  gtk_widget_set_name (month, "month-heading");
  gtk_widget_add_css_class (month, "heading");
  gtk_widget_add_css_class (month, "tk-month-heading");
  gtk_label_set_xalign (GTK_LABEL (month), 0);
  gtk_label_set_wrap (GTK_LABEL (month), TRUE);
  gtk_widget_set_margin_start (month, 12);
  gtk_widget_set_margin_end (month, 12);
  gtk_widget_set_margin_top (month, 18);
  gtk_widget_set_margin_bottom (month, 6);
  {
    /* A click on the heading is not a click on the play under it. */
    GtkGesture *click = gtk_gesture_click_new ();

    g_signal_connect (click, "pressed", G_CALLBACK (on_heading_pressed), NULL);
    gtk_widget_add_controller (month, GTK_EVENT_CONTROLLER (click));
  }
  gtk_box_append (GTK_BOX (outer), month);
  gtk_box_append (GTK_BOX (outer), box);
  gtk_list_item_set_child (item, outer);
  gtk_list_item_set_activatable (item, TRUE);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  TkPlay *play = gtk_list_item_get_item (item);
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  GtkWidget *month = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *box = gtk_widget_get_next_sibling (month);
  GtkWidget *top = gtk_widget_get_first_child (box);
  GtkWidget *title = gtk_widget_get_first_child (top);
  GtkWidget *date = gtk_widget_get_next_sibling (title);
  GtkWidget *players = gtk_widget_get_next_sibling (top);
  GtkWidget *extra = gtk_widget_get_next_sibling (players);
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GString) more = g_string_new (NULL);

  guint position = gtk_list_item_get_position (item);
  g_autoptr(TkPlay) previous = position > 0 ? g_list_model_get_item (G_LIST_MODEL (self->plays),
                                                                     position - 1) : NULL;
  g_autofree char *date_text = tk_display_date (tk_play_get_played_on (play));
  g_autofree char *month_text = tk_display_month (tk_play_get_played_on (play));

  /* The plays are newest first: a month begins where the previous play's differs. */
  gtk_label_set_text (GTK_LABEL (month), month_text);
  gtk_widget_set_visible (month, previous == NULL ||
                                 strncmp (tk_play_get_played_on (previous),
                                          tk_play_get_played_on (play), 7) != 0);
  gtk_label_set_text (GTK_LABEL (title), tk_play_get_display_title (play));
  gtk_label_set_text (GTK_LABEL (date), date_text);
  for (guint i = 0; i < tk_play_get_n_players (play); i++)
    {
      const TkPlayPlayer *p = tk_play_get_player (play, i);

      if (line->len > 0)
        g_string_append (line, "   ");
      if (p->winner)
        g_string_append (line, "★ ");
      g_string_append (line, p->name);
      if (p->has_score)
        {
          g_autofree char *score = format_number (p->score);
          g_string_append_printf (line, " %s", score);
        }
    }
  if (tk_play_get_n_players (play) == 0)
    g_string_append (line, _("No players recorded"));
  gtk_label_set_text (GTK_LABEL (players), line->str);

  if (tk_play_get_duration_min (play) >= 0)
    g_string_append_printf (more, _("%d min"), tk_play_get_duration_min (play));
  if (tk_play_get_location (play) != NULL && *tk_play_get_location (play) != '\0')
    g_string_append_printf (more, "%s%s", more->len > 0 ? " · " : "", tk_play_get_location (play));
  if (tk_play_get_origin (play) != NULL)
    append_origin (more, play);
  else if (tk_play_get_session_id (play) == 0)
    g_string_append_printf (more, "%s%s", more->len > 0 ? " · " : "", _("logged by hand"));
  gtk_label_set_text (GTK_LABEL (extra), more->str);
  gtk_widget_set_visible (extra, more->len > 0);
}

static void
setup_choice (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (ellipsize))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 6);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_choice (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

/* The button ellipsizes a long title (narrow windows); the popup shows it whole. */
static void
set_choice_factories (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) popup = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_choice), GINT_TO_POINTER (TRUE));
  g_signal_connect (button, "bind", G_CALLBACK (bind_choice), NULL);
  g_signal_connect (popup, "setup", G_CALLBACK (setup_choice), GINT_TO_POINTER (FALSE));
  g_signal_connect (popup, "bind", G_CALLBACK (bind_choice), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, popup);
}

static void
on_export_response (GtkNativeDialog *chooser,
                    int              response,
                    gpointer         user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *format = g_object_get_data (G_OBJECT (chooser), "format");

  if (response == GTK_RESPONSE_ACCEPT && self->store != NULL)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      text = g_strcmp0 (format, "csv") == 0 ? tk_plays_export_csv (self->store, &error)
                                            : tk_plays_export_json (self->store, &error);
      if (text == NULL ||
          !g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                    NULL, NULL, &error))
        add_toast (self, error->message);
      else
        add_toast (self, _("Plays exported"));
    }
  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  const char *format = g_variant_get_string (parameter, NULL);
  GtkRoot *root = gtk_widget_get_root (widget);
  gboolean csv = g_strcmp0 (format, "csv") == 0;

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (csv ? _("Export Plays as CSV") : _("Export Plays as JSON"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), csv ? "plays.csv" : "plays.json");
  g_object_set_data_full (G_OBJECT (self->chooser), "format", g_strdup (csv ? "csv" : "json"), g_free);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_play_logged (TkHistoryLogDialog *dialog,
                gint64              play_id,
                gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);

  tk_history_page_reload (self);
  add_toast (self, _("Play saved"));
}

static void
log_play_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  TkHistoryLogDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_history_log_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (on_play_logged), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_play_edited (TkHistoryLogDialog *dialog,
                gint64              play_id,
                gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);

  tk_history_page_reload (self);
  add_toast (self, _("Play saved"));
}

static void
on_play_deleted (TkHistoryLogDialog *dialog,
                 TkPlay             *play,
                 gpointer            user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  AdwToast *toast;

  g_set_object (&self->deleted_play, play);
  tk_history_page_reload (self);
  toast = adw_toast_new (_("Play deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "history.undo-delete");
  /* Before any "Play saved" still shown: Undo must not wait behind it. */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
edit_play (TkHistoryPage *self,
           gint64         play_id)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  TkHistoryLogDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_history_log_dialog_new_for_play (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               self->store, play_id, &error);
  if (dialog == NULL)
    {
      add_toast (self, error->message);
      return;
    }
  g_signal_connect_object (dialog, "saved", G_CALLBACK (on_play_edited), self, 0);
  g_signal_connect_object (dialog, "deleted", G_CALLBACK (on_play_deleted), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_play_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  edit_play (TK_HISTORY_PAGE (widget), g_variant_get_int64 (parameter));
}

static void
on_details_edit (TkPlayDetailsDialog *dialog,
                 gint64               play_id,
                 gpointer             user_data)
{
  edit_play (TK_HISTORY_PAGE (user_data), play_id);
}

/* A play opens read only, as it was; Edit is a button there. */
static void
show_play (TkHistoryPage *self,
           gint64         play_id)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  TkPlayDetailsDialog *dialog;

  if (self->store == NULL)
    return;
  dialog = tk_play_details_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       self->store, play_id, &error);
  if (dialog == NULL)
    {
      add_toast (self, error->message);
      return;
    }
  g_signal_connect_object (dialog, "edit", G_CALLBACK (on_details_edit), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_play_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  show_play (TK_HISTORY_PAGE (widget), g_variant_get_int64 (parameter));
}

static void
on_play_activated (GtkListView *list_view,
                   guint        position,
                   gpointer     user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(TkPlay) play = g_list_model_get_item (G_LIST_MODEL (self->plays), position);

  if (play != NULL)
    show_play (self, tk_play_get_id (play));
}

static void
undo_delete_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  g_autoptr(TkPlay) play = g_steal_pointer (&self->deleted_play);
  g_autoptr(GError) error = NULL;

  if (play == NULL || self->store == NULL)
    return;
  /* Inserted again: it gets a new id. */
  if (!tk_plays_insert (self->store, play, &error))
    {
      add_toast (self, error->message);
      return;
    }
  tk_history_page_reload (self);
}

static void open_history_import (TkHistoryPage *self,
                                 GListModel    *files);

static void
on_import_response (GtkNativeDialog *chooser,
                    int              response,
                    gpointer         user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autoptr(GListModel) files = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->store != NULL)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  /* Several files are BoardGameGeek pages (or exports) to import together. */
  if (files != NULL && g_list_model_get_n_items (files) > 1)
    open_history_import (self, files);
  else if (files != NULL && g_list_model_get_n_items (files) == 1)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, 0);

      tk_history_page_import_file (self, file);
    }
  g_clear_object (&self->chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GtkFileFilter) history = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL || self->store == NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Import Plays"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (history, _("Plays from Tablekeeper, BG Stats or BoardGameGeek"));
  gtk_file_filter_add_pattern (history, "*.json");
  gtk_file_filter_add_pattern (history, "*.bgsplay");
  gtk_file_filter_add_pattern (history, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), history);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  gtk_file_filter_set_name (json, _("Tablekeeper Plays (JSON)"));
  gtk_file_filter_add_mime_type (json, "application/json");
  gtk_file_filter_add_pattern (json, "*.json");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), json);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_import_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- overrides ---- */

static void
tk_history_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_history_page_parent_class)->map (widget);
  tk_history_page_reload (TK_HISTORY_PAGE (widget));
}

static void
tk_history_page_dispose (GObject *object)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_HISTORY_PAGE);
  g_clear_object (&self->plays);
  g_clear_object (&self->store);
  g_clear_object (&self->deleted_play);
  g_clear_pointer (&self->games, g_array_unref);
  g_clear_pointer (&self->players, g_array_unref);

  G_OBJECT_CLASS (tk_history_page_parent_class)->dispose (object);
}

static void
tk_history_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_history_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_history_page_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_history_page_class_init (TkHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_history_page_dispose;
  object_class->get_property = tk_history_page_get_property;
  object_class->set_property = tk_history_page_set_property;
  widget_class->map = tk_history_page_map;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_PLAYS_CHART);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, overview_group);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, chart);
  gtk_widget_class_bind_template_child (widget_class, TkHistoryPage, detail_box);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);

  gtk_widget_class_install_action (widget_class, "history.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "history.log-play", NULL, log_play_action);
  gtk_widget_class_install_action (widget_class, "history.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "history.edit-play", "x", edit_play_action);
  gtk_widget_class_install_action (widget_class, "history.show-play", "x", show_play_action);
  gtk_widget_class_install_action (widget_class, "history.undo-delete", NULL, undo_delete_action);
}

static void
tk_history_page_init (TkHistoryPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->plays = g_list_store_new (TK_TYPE_PLAY);
  self->games = g_array_new (FALSE, TRUE, sizeof (GameChoice));
  g_array_set_clear_func (self->games, game_choice_clear);
  self->players = g_array_new (FALSE, TRUE, sizeof (gint64));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_single_click_activate (self->list_view, TRUE);
  g_signal_connect_object (self->list_view, "activate", G_CALLBACK (on_play_activated), self, 0);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->plays)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));

  set_choice_factories (self->game_dropdown);
  set_choice_factories (self->player_dropdown);
  gtk_drop_down_set_expression (self->game_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  fill_filters (self);
  update_list_stack (self);
}

/* ---- public API ---- */

GtkWidget *
tk_history_page_new (void)
{
  return g_object_new (TK_TYPE_HISTORY_PAGE, NULL);
}

TkStore *
tk_history_page_get_store (TkHistoryPage *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), NULL);

  return self->store;
}

void
tk_history_page_set_store (TkHistoryPage *self,
                           TkStore       *store)
{
  g_return_if_fail (TK_IS_HISTORY_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;
  tk_history_page_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

void
tk_history_page_reload (TkHistoryPage *self)
{
  g_return_if_fail (TK_IS_HISTORY_PAGE (self));

  fill_filters (self);
  fill_plays (self);
  fill_stats (self);
  update_list_stack (self);
}

GListModel *
tk_history_page_get_model (TkHistoryPage *self)
{
  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), NULL);

  return G_LIST_MODEL (self->plays);
}

gboolean
tk_history_page_import_file (TkHistoryPage *self,
                             GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  guint n_imported = 0;

  g_return_val_if_fail (TK_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->store == NULL)
    return FALSE;
  if (g_file_load_contents (file, NULL, &text, &length, NULL, NULL) &&
      tk_history_import_detect (text, length) != TK_HISTORY_FORMAT_AUTO)
    {
      g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);

      g_list_store_append (files, file);
      open_history_import (self, G_LIST_MODEL (files));
      return TRUE;
    }
  g_clear_pointer (&text, g_free);
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, &error) ||
      !tk_plays_import_json (self->store, text, (gssize) length, &n_imported, &error))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  _("Could Not Import Plays"), NULL);

      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }
  {
    g_autofree char *message = g_strdup_printf (g_dngettext (NULL, "%u play imported",
                                                             "%u plays imported", n_imported),
                                                n_imported);

    tk_history_page_reload (self);
    add_toast (self, message);
  }
  return TRUE;
}

/* ---- plays from BG Stats and BoardGameGeek (tk-history-import-dialog.c) ---- */

static void
on_undo_history_import (AdwToast *toast,
                        gpointer  user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  gint64 import_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (toast), "import-id"));
  g_autoptr(GError) error = NULL;

  if (self->store == NULL)
    return;
  if (!tk_history_import_undo (self->store, import_id, &error))
    {
      add_toast (self, error->message);
      return;
    }
  tk_history_page_reload (self);
}

static void
on_history_imported (TkHistoryImportDialog *dialog,
                     gint64                 import_id,
                     guint                  n_plays,
                     gpointer               user_data)
{
  TkHistoryPage *self = TK_HISTORY_PAGE (user_data);
  g_autofree char *message = g_strdup_printf (g_dngettext (NULL, "%u play imported",
                                                           "%u plays imported", n_plays),
                                              n_plays);
  AdwToast *toast = adw_toast_new (message);

  tk_history_page_reload (self);
  /* Undo takes the whole import away: its plays, and the games, players and marks it made. */
  g_object_set_data (G_OBJECT (toast), "import-id", GSIZE_TO_POINTER ((gsize) import_id));
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_history_import), self, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
open_history_import (TkHistoryPage *self,
                     GListModel    *files)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  TkHistoryImportDialog *dialog;

  dialog = tk_history_import_dialog_new (self->store, files,
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_signal_connect_object (dialog, "imported", G_CALLBACK (on_history_imported), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* An imported play's row says where it came from, and why it has no winner. */
static void
append_origin (GString *more,
               TkPlay  *play)
{
  const char *origin = g_str_equal (tk_play_get_origin (play), "bgstats")
                       ? _("from BG Stats") : _("from BoardGameGeek");

  g_string_append_printf (more, "%s%s", more->len > 0 ? " · " : "", origin);
  if (tk_play_get_incomplete (play))
    g_string_append_printf (more, " · %s", _("incomplete"));
  else if (tk_play_get_no_win_stats (play))
    g_string_append_printf (more, " · %s", _("wins not counted"));
}
