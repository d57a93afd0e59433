/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel-tiles.c — the City Plan panel: the six income tiles (each one's
 * condition, whether it fired, fires this round or waits, and what each player counts and
 * draws) and the score card (ranks, the development bonus, the tie-breaks).
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-city-plan-panel-private.h"

/* ---- income tiles ---- */

const char *
cpp_tile_title (const char *id)
{
  if (g_str_equal (id, "resident"))
    return _("Resident tax");
  if (g_str_equal (id, "consumption"))
    return _("Consumption tax");
  if (g_str_equal (id, "business"))
    return _("Business tax");
  if (g_str_equal (id, "income_tax"))
    return _("Income tax");
  if (g_str_equal (id, "eco"))
    return _("Eco subsidy");
  return _("Subsidy");
}

/* What a city counts for tile @id, as the engine reads it (resident: residential buildings,
 * …, income tax: kinds of district present, eco: eco buildings, subsidy: all buildings). */
static gint64
tile_count (const char   *id,
            const Counts *c)
{
  if (g_str_equal (id, "resident"))
    return c->type[0];
  if (g_str_equal (id, "consumption"))
    return c->type[1];
  if (g_str_equal (id, "business"))
    return c->type[2];
  if (g_str_equal (id, "income_tax"))
    return (c->type[0] > 0) + (c->type[1] > 0) + (c->type[2] > 0);
  if (g_str_equal (id, "eco"))
    return c->eco;
  return c->buildings;
}

void
cpp_draw_tiles (TkCityPlanPanel *self,
                View            *view)
{
  JsonArray *tiles = json_object_get_array_member (view->game, "income_tiles");
  JsonObject *thresholds = json_object_has_member (view->setup, "income_tiles")
                           ? json_object_get_object_member (view->setup, "income_tiles") : NULL;
  gboolean everyone = g_strcmp0 (json_object_get_string_member_with_default (view->setup,
                                                                             "income_draws",
                                                                             "everyone"),
                                 "trigger") != 0;
  gint64 subsidy_max = thresholds != NULL
                       ? json_object_get_int_member_with_default (thresholds,
                                                                  "subsidy_max_buildings", 6) : 6;
  gint64 subsidy_cards = thresholds != NULL
                         ? json_object_get_int_member_with_default (thresholds, "subsidy_cards", 2)
                         : 2;
  Counts counts[5];

  gtk_label_set_text (GTK_LABEL (self->tiles_note),
                      _("Checked in order at each round’s end; each fires once a game"));
  for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
    cpp_count_city (cpp_player_state (view, seat), &counts[seat]);
  tk_panel_clear (self->tiles_list);
  for (guint t = 0; t < json_array_get_length (tiles); t++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, t);
      const char *id = json_object_get_string_member (tile, "tile");
      gboolean fired = json_object_get_boolean_member (tile, "fired");
      JsonArray *draws = json_object_get_array_member (tile, "draws");
      const gint64 defaults[] = { 3, 3, 3, 3, 2, 8 };
      gint64 threshold = thresholds != NULL
                         ? json_object_get_int_member_with_default (thresholds, id, defaults[MIN (t, 5)])
                         : defaults[MIN (t, 5)];
      const char *title;
      g_autofree char *condition = NULL;
      GString *status = g_string_new (NULL);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *badge;
      gboolean holds = FALSE;
      gint64 n[5] = { 0 };

      if (g_str_equal (id, "resident"))
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " residential buildings"), threshold);
        }
      else if (g_str_equal (id, "consumption"))
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " commercial buildings"), threshold);
        }
      else if (g_str_equal (id, "business"))
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " industrial buildings"), threshold);
        }
      else if (g_str_equal (id, "income_tax"))
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " of the residential, commercial and "
                                         "industrial kinds"), threshold);
        }
      else if (g_str_equal (id, "eco"))
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " eco buildings"), threshold);
        }
      else
        {
          title = cpp_tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " buildings; then %" PRId64 " cards to each "
                                         "player with at most %" PRId64), threshold,
                                       subsidy_cards, subsidy_max);
        }

      /* What each player's city counts for this tile, and what they would draw. */
      for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
        {
          gint64 count = tile_count (id, &counts[seat]);

          if (count >= threshold)
            holds = TRUE;
          if (g_str_equal (id, "subsidy"))
            n[seat] = counts[seat].buildings <= subsidy_max ? subsidy_cards : 0;
          else
            n[seat] = everyone || count >= threshold ? count : 0;
        }

      if (fired)
        {
          g_string_append (status, _("Fired:"));
          for (guint seat = 0; seat < view->n_players; seat++)
            {
              gint64 drew = json_array_get_int_element (draws, seat);

              g_string_append_c (status, ' ');
              /* Translators: what a player drew when a tile fired, e.g. "Ana drew 3". */
              g_string_append_printf (status, _("%s drew %" PRId64), cpp_seat_name (view, seat),
                                      drew);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }
      else if (holds)
        {
          g_string_append (status, _("Fires at the end of this round:"));
          for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
            {
              g_string_append_c (status, ' ');
              /* Translators: what a player will draw, e.g. "Ana draws 3". */
              g_string_append_printf (status, _("%s draws %" PRId64), cpp_seat_name (view, seat),
                                      n[seat]);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }
      else
        {
          /* Translators: each player's count for a tile not fired yet, e.g. "Now: Ana 1, Ben 0". */
          g_string_append (status, _("Now:"));
          for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
            {
              gint64 count = tile_count (id, &counts[seat]);

              g_string_append_printf (status, " %s %" PRId64, cpp_seat_name (view, seat), count);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }

      {
        g_autofree char *subtitle = g_strdup_printf ("%s\n%s", condition, status->str);

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
      }
      badge = gtk_label_new (fired ? _("Fired") : holds ? _("Fires") : _("Waiting"));
      gtk_widget_add_css_class (badge, "tk-city-plan-tile");
      gtk_widget_add_css_class (badge, fired ? "tk-city-plan-tile-fired"
                                : holds ? "tk-city-plan-tile-due" : "dim-label");
      tk_panel_set_name (badge, "cp-tile-%s", id);
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
      tk_panel_set_name (row, "cp-tile-row-%s", id);
      gtk_list_box_append (GTK_LIST_BOX (self->tiles_list), row);
      g_string_free (status, TRUE);
    }
}

/* ---- score ---- */

void
cpp_draw_score (TkCityPlanPanel *self,
                View            *view)
{
  JsonArray *players = json_object_get_array_member (view->score, "players");
  g_autofree char *note = g_strdup_printf (_("The game ends at the end of a round with %" PRId64
                                             " buildings"), view->end_buildings);
  gboolean tie = FALSE;

  gtk_label_set_text (GTK_LABEL (self->score_note), note);
  for (guint i = 0; i < json_array_get_length (players); i++)
    for (guint j = i + 1; j < json_array_get_length (players); j++)
      if (json_object_get_int_member (json_array_get_object_element (players, i), "total") ==
          json_object_get_int_member (json_array_get_object_element (players, j), "total"))
        tie = TRUE;

  tk_panel_clear (self->score_flow);
  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");
      JsonObject *districts = json_object_get_object_member (player, "districts");
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *grid = gtk_grid_new ();
      GtkWidget *name, *total;
      g_autofree char *total_text = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (player, "total"));
      /* Translators: a player's place, e.g. "Rank 1". */
      g_autofree char *rank_text = g_strdup_printf (_("Rank %" PRId64),
                                                    json_object_get_int_member (player, "rank"));
      GtkWidget *rank;

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-city-plan-score");
      gtk_box_append (GTK_BOX (head),
                      tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, seat)));
      name = gtk_label_new (json_object_get_string_member (player, "name"));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      rank = gtk_label_new (rank_text);
      gtk_widget_add_css_class (rank, "dim-label");
      tk_panel_set_name (rank, "cp-score-%u-rank", seat);
      gtk_box_append (GTK_BOX (head), rank);
      gtk_box_append (GTK_BOX (card), head);

      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
      for (guint l = 0; l < json_array_get_length (breakdown); l++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, l);
          GtkWidget *label = cpp_label_new (json_object_get_string_member (line, "label"), NULL);
          g_autofree char *points = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (line, "points"));
          GtkWidget *value = gtk_label_new (points);

          gtk_widget_set_hexpand (label, TRUE);
          gtk_label_set_xalign (GTK_LABEL (value), 1);
          gtk_widget_add_css_class (value, "numeric");
          tk_panel_set_name (label, "cp-score-%u-label-%u", seat, l);
          tk_panel_set_name (value, "cp-score-%u-line-%u", seat, l);
          gtk_grid_attach (GTK_GRID (grid), label, 0, l, 1, 1);
          gtk_grid_attach (GTK_GRID (grid), value, 1, l, 1, 1);
        }
      gtk_box_append (GTK_BOX (card), grid);
      {
        /* Translators: the district sums behind the development bonus. */
        g_autofree char *text = g_strdup_printf (_("Development: the lowest of residential %"
                                                   PRId64 ", commercial %" PRId64
                                                   ", industrial %" PRId64),
                                                 json_object_get_int_member (districts, "residential"),
                                                 json_object_get_int_member (districts, "commercial"),
                                                 json_object_get_int_member (districts, "industrial"));
        GtkWidget *label = cpp_label_new (text, "caption");

        gtk_widget_add_css_class (label, "dim-label");
        tk_panel_set_name (label, "cp-score-%u-districts", seat);
        gtk_box_append (GTK_BOX (card), label);
      }
      total = gtk_label_new (total_text);
      gtk_label_set_xalign (GTK_LABEL (total), 1);
      gtk_widget_add_css_class (total, "title-2");
      gtk_widget_add_css_class (total, "numeric");
      tk_panel_set_name (total, "cp-score-%u-total", seat);
      gtk_box_append (GTK_BOX (card), total);
      if (tie)
        {
          /* Translators: the tie-breaks, e.g. "Ties: 7 buildings, 5 cards in hand". */
          g_autofree char *text = g_strdup_printf (_("Ties: %" PRId64 " buildings, %" PRId64
                                                     " cards in hand"),
                                                   json_object_get_int_member (player, "buildings"),
                                                   json_object_get_int_member (player, "hand"));
          GtkWidget *label = cpp_label_new (text, "caption");

          tk_panel_set_name (label, "cp-score-%u-ties", seat);
          gtk_box_append (GTK_BOX (card), label);
        }
      gtk_flow_box_append (GTK_FLOW_BOX (self->score_flow), card);
    }
}
