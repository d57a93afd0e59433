/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-scoring.c — the year-end table and the note on unconfirmed rule numbers (see
 * the header).  The table's rows are made when the score's categories become known (again
 * only if they change); a new score only patches their text and which show. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "metropolis/tk-metropolis-rules.h"
#include "panels/tk-colour-dot.h"
#include "tk-metropolis-scoring.h"

struct _TkMetropolisScoring
{
  TkPanelPart  parent_instance;

  JsonObject       *shown_score;
  /* the players and categories the table's rows were made for, and those rows */
  char             *rows_key;
  guint             n_shown_players;
  GArray           *rows;

  GtkWidget        *scoring_section;
  GtkGrid          *scores;
  GtkLabel         *rules_note;
};

/* A row of the year-end table: its grid row, the year it belongs to (0: the totals) and the
 * member of the score it shows per player (NULL for a year's heading). */
typedef struct
{
  int   year;
  char *member;
  int   row;
} ScoreRow;

G_DEFINE_FINAL_TYPE (TkMetropolisScoring, tk_metropolis_scoring, TK_TYPE_PANEL_PART)

static void
clear_score_row (gpointer data)
{
  g_free (((ScoreRow *) data)->member);
}

static char *
unconfirmed_note (JsonArray *unconfirmed)
{
  GString *list = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (guint i = 0; i < json_array_get_length (unconfirmed); i++)
    {
      const char *name = json_array_get_string_element (unconfirmed, i);
      const char *label;

      if (name == NULL)
        continue;
      label = g_str_equal (name, "market_prices") ? _("market slot prices")
              : g_str_equal (name, "population_bonus") ? _("population leader bonus")
              : g_str_equal (name, "lot_markers") ? _("lot markers per player")
              : g_str_equal (name, "tiles") ? _("the tile table")
              : g_str_equal (name, "year_deck_sizes") ? _("year deck sizes")
              : g_str_equal (name, "starting_coins") ? _("starting coins")
              : name;
      if (list->len > 0)
        g_string_append (list, _(", "));
      g_string_append (list, label);
    }
  if (list->len == 0)
    {
      g_string_free (list, TRUE);
      return NULL;
    }
  /* Translators: followed by a list of rule numbers, e.g. "market slot prices, the tile table" */
  text = g_strdup_printf (_("Defaults not confirmed for this game, check against your rule book: %s."),
                          list->str);
  g_string_free (list, TRUE);
  return g_steal_pointer (&text);
}

static GtkWidget *
cell_label (const char *text,
            gboolean    number,
            const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1 : 0);
  if (number)
    {
      gtk_widget_add_css_class (label, "numeric");
      gtk_label_set_width_chars (GTK_LABEL (label), 4);
    }
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
    }
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return label;
}

/* Attaches a caption and a number cell per player on grid row @row, and remembers the row
 * in @rows.  The cells are named "metropolis-year<Y>-<member>-<seat>" (a year's line) or
 * "metropolis-final-<member>-<seat>" (@year 0, the totals) so that tests find them. */
static void
attach_row (GtkGrid    *grid,
            GArray     *rows,
            int         row,
            const char *caption,
            guint       n_players,
            int         year,
            const char *member,
            const char *css)
{
  ScoreRow line = { year, g_strdup (member), row };

  gtk_grid_attach (grid, cell_label (caption, FALSE, css), 0, row, 1, 1);
  for (guint p = 0; p < n_players; p++)
    {
      GtkWidget *cell = cell_label ("0", TRUE, css);
      g_autofree char *name = year > 0 ? g_strdup_printf ("metropolis-year%d-%s-%u", year, member, p)
                                       : g_strdup_printf ("metropolis-final-%s-%u", member, p);

      gtk_widget_set_name (cell, name);
      gtk_grid_attach (grid, cell, p + 1, row, 1, 1);
    }
  g_array_append_val (rows, line);
}

/* The table's rows: the names, each year's categories (those the engine says the year
 * scores, in the order and with the labels of @breakdown), and the totals.  All three years
 * are made at once; years not scored yet are hidden until the score reaches them. */
static void
make_rows (TkMetropolisScoring *self,
           JsonArray           *breakdown,
           guint                n_players)
{
  GtkGrid *grid = self->scores;
  GtkWidget *child;
  int row = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
  g_array_set_size (self->rows, 0);

  /* the names, filled in by patch_rows () */
  for (guint p = 0; p < n_players; p++)
    {
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name = gtk_label_new (NULL);

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_set_halign (head, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (head), tk_colour_dot_new (NULL));
      gtk_box_append (GTK_BOX (head), name);
      gtk_grid_attach (grid, head, p + 1, row, 1, 1);
    }
  row++;

  for (int y = 1; y <= TK_METROPOLIS_N_YEARS; y++)
    {
      /* Translators: a heading in the year-end scoring table, e.g. "Year 2" */
      g_autofree char *heading = g_strdup_printf (_("Year %d"), y);
      GtkWidget *label = cell_label (heading, FALSE, "heading");
      ScoreRow heading_row = { y, NULL, row };

      gtk_widget_set_margin_top (label, y > 1 ? 10 : 4);
      gtk_grid_attach (grid, label, 0, row++, 1 + n_players, 1);
      g_array_append_val (self->rows, heading_row);
      for (guint c = 0; c < json_array_get_length (breakdown); c++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, c);
          const char *category = json_object_get_string_member_with_default (line, "category", "");

          if (tk_metropolis_rules_scored_in_year (category, y))
            attach_row (grid, self->rows, row++,
                        json_object_get_string_member_with_default (line, "label", category),
                        n_players, y, category, NULL);
        }
      if (y < TK_METROPOLIS_N_YEARS)
        attach_row (grid, self->rows, row++, _("Coins paid by commercial buildings"), n_players, y,
                    "coins_paid", "dim-label");
      attach_row (grid, self->rows, row++, _("Prestige this year"), n_players, y, "total", "heading");
    }

  {
    GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);

    gtk_widget_set_margin_top (separator, 6);
    gtk_grid_attach (grid, separator, 0, row++, 1 + n_players, 1);
  }
  /* the totals' captions depend on whether the game is over: patch_rows () writes them */
  attach_row (grid, self->rows, row++, "", n_players, 0, "total", "title-4");
  attach_row (grid, self->rows, row++, "", n_players, 0, "coins", "dim-label");
  attach_row (grid, self->rows, row++, _("Rank"), n_players, 0, "rank", "heading");
}

/* Writes @score (the engine's score()) into the rows make_rows () made: the names, each
 * number, which years and whether the rank show, and the totals' captions. */
static void
patch_rows (TkMetropolisScoring *self,
            JsonObject          *score,
            JsonObject          *setup)
{
  GtkGrid *grid = self->scores;
  JsonArray *players = json_object_get_array_member (score, "players");
  int years_scored = (int) json_object_get_int_member_with_default (score, "years_scored", 0);
  gboolean finished = json_object_get_boolean_member_with_default (score, "finished", FALSE);

  for (guint p = 0; p < self->n_shown_players; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      GtkWidget *head = gtk_grid_get_child_at (grid, p + 1, 0);

      tk_colour_dot_set_colour (gtk_widget_get_first_child (head), tk_rules_setup_player_colour (setup, p));
      gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (head)),
                          json_object_get_string_member_with_default (player, "name", ""));
    }

  for (guint i = 0; i < self->rows->len; i++)
    {
      const ScoreRow *line = &g_array_index (self->rows, ScoreRow, i);
      GtkWidget *caption = gtk_grid_get_child_at (grid, 0, line->row);
      gboolean shown = line->year <= years_scored && (finished || g_strcmp0 (line->member, "rank") != 0);

      gtk_widget_set_visible (caption, shown);
      if (line->member == NULL)
        continue;
      if (line->year == 0 && g_str_equal (line->member, "total"))
        gtk_label_set_text (GTK_LABEL (caption), finished ? _("Final prestige") : _("Prestige so far"));
      else if (line->year == 0 && g_str_equal (line->member, "coins"))
        gtk_label_set_text (GTK_LABEL (caption), finished ? _("Coins left (breaks ties)") : _("Coins"));
      for (guint p = 0; p < self->n_shown_players; p++)
        {
          JsonObject *source = json_array_get_object_element (players, p);
          GtkWidget *cell = gtk_grid_get_child_at (grid, p + 1, line->row);
          char text[32];

          if (line->year > 0)
            {
              JsonArray *years = json_object_get_array_member (source, "years");

              source = (guint) line->year <= json_array_get_length (years)
                       ? json_array_get_object_element (years, line->year - 1) : NULL;
            }
          g_snprintf (text, sizeof text, "%" PRId64,
                      source != NULL ? json_object_get_int_member_with_default (source, line->member, 0) : 0);
          gtk_label_set_text (GTK_LABEL (cell), text);
          gtk_widget_set_visible (cell, shown);
        }
    }
}

/* What the rows are made for: the number of players and the categories in the engine's
 * order, e.g. "3 population public …"; only a change there makes them again. */
static char *
rows_key (JsonArray *breakdown,
          guint      n_players)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%u", n_players);
  for (guint c = 0; c < json_array_get_length (breakdown); c++)
    g_string_append_printf (key, " %s",
                            json_object_get_string_member_with_default (json_array_get_object_element (breakdown, c),
                                                                        "category", ""));
  return g_string_free (key, FALSE);
}

static void
tk_metropolis_scoring_update (TkPanelPart  *part,
                              TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  TkMetropolisScoring *self = TK_METROPOLIS_SCORING (part);
  JsonObject *score = g->score;
  JsonArray *unconfirmed = g->unconfirmed;
  gboolean scored = g->years_scored > 0;
  g_autofree char *note = unconfirmed != NULL ? unconfirmed_note (unconfirmed) : NULL;

  if (score != self->shown_score)
    {
      JsonArray *players = json_object_get_array_member (score, "players");
      guint n_players = players != NULL ? json_array_get_length (players) : 0;
      /* the categories in the engine's order, with its labels */
      JsonArray *breakdown = n_players > 0
                             ? json_object_get_array_member (json_array_get_object_element (players, 0), "breakdown")
                             : NULL;
      g_autofree char *key = breakdown != NULL ? rows_key (breakdown, n_players) : NULL;

      g_clear_pointer (&self->shown_score, json_object_unref);
      self->shown_score = json_object_ref (score);
      if (key != NULL && g_strcmp0 (key, self->rows_key) != 0)
        {
          make_rows (self, breakdown, n_players);
          self->n_shown_players = n_players;
          g_free (self->rows_key);
          self->rows_key = g_steal_pointer (&key);
        }
      if (self->rows_key != NULL)
        patch_rows (self, score, g->setup);
      gtk_widget_set_visible (self->scoring_section, scored && self->rows_key != NULL);
    }
  gtk_label_set_text (self->rules_note, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->rules_note), note != NULL);
}

static void
tk_metropolis_scoring_dispose (GObject *object)
{
  TkMetropolisScoring *self = TK_METROPOLIS_SCORING (object);

  g_clear_pointer (&self->shown_score, json_object_unref);
  g_clear_pointer (&self->rows_key, g_free);
  g_clear_pointer (&self->rows, g_array_unref);
  G_OBJECT_CLASS (tk_metropolis_scoring_parent_class)->dispose (object);
}

static void
tk_metropolis_scoring_class_init (TkMetropolisScoringClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_metropolis_scoring_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_scoring_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-scoring.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisScoring, scoring_section);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisScoring, scores);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisScoring, rules_note);
}

static void
tk_metropolis_scoring_init (TkMetropolisScoring *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_array_new (FALSE, FALSE, sizeof (ScoreRow));
  g_array_set_clear_func (self->rows, clear_score_row);
}
