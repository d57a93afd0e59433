/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-page-list.c — the History page's list: the newest plays (at most MAX_LISTED)
 * from tk_plays_query() filtered by game and by player, their rows, and the two dropdowns
 * that filter them.  Everything from the library goes into labels as plain text.
 */
#define G_LOG_DOMAIN "tk-history-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <string.h>

#include "tk-display-date.h"
#include "tk-display-title.h"
#include "tk-history-page-private.h"
#include "tk-play.h"
#include "tk-player.h"
#include "tk-plays.h"

#define MAX_LISTED 2000

static void append_origin (GString *more,
                           TkPlay  *play);

void
_tk_history_page_fill_plays (TkHistoryPage *self)
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
      _tk_history_page_add_toast (self, error->message);
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

void
_tk_history_page_update_list_stack (TkHistoryPage *self)
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
void
_tk_history_page_fill_filters (TkHistoryPage *self)
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

static void
on_heading_pressed (GtkGestureClick *click,
                    int              n_press,
                    double           x,
                    double           y,
                    gpointer         user_data)
{
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
}

void
_tk_history_page_setup_row (GtkSignalListItemFactory *factory,
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

void
_tk_history_page_bind_row (GtkSignalListItemFactory *factory,
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
  /* The people first, each winner starred; then, in brackets and never starred, the seats
   * an imported play names that are not people (a co-op foe, a campaign's month). */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < tk_play_get_n_players (play); i++)
      {
        const TkPlayPlayer *p = tk_play_get_player (play, i);
        gboolean person = tk_play_seat_is_person (play, p);

        if (person != (pass == 0))
          continue;
        if (line->len > 0)
          g_string_append (line, "   ");
        if (!person)
          {
            /* Translators: a seat of an imported play that is not a person, e.g. "(Crossfire)" */
            g_string_append_printf (line, _("(%s)"), p->name);
            continue;
          }
        if (p->winner)
          g_string_append (line, "★ ");
        g_string_append (line, p->name);
        if (p->has_score)
          {
            g_autofree char *score = _tk_history_page_format_number (p->score);
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
void
_tk_history_page_set_choice_factories (GtkDropDown *dropdown)
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
