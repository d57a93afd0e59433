/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-scoring.c — the year-end table and the note on unconfirmed rule numbers (see
 * the header).  The table holds no buttons: its rows are made again when the score changes. */
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

  GtkWidget        *scoring_section;
  GtkGrid          *scores;
  GtkLabel         *rules_note;
};

G_DEFINE_FINAL_TYPE (TkMetropolisScoring, tk_metropolis_scoring, TK_TYPE_PANEL_PART)

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

static void
attach_row (GtkGrid    *grid,
            int         row,
            const char *caption,
            JsonArray  *players,
            int         year,
            const char *member,
            const char *css)
{
  gtk_grid_attach (grid, cell_label (caption, FALSE, css), 0, row, 1, 1);
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *source = player;
      char text[32];

      if (year > 0)
        {
          JsonArray *years = json_object_get_array_member (player, "years");

          source = (guint) year <= json_array_get_length (years)
                   ? json_array_get_object_element (years, year - 1) : NULL;
        }
      g_snprintf (text, sizeof text, "%" PRId64,
                  source != NULL ? json_object_get_int_member_with_default (source, member, 0) : 0);
      gtk_grid_attach (grid, cell_label (text, TRUE, css), p + 1, row, 1, 1);
    }
}

/* Fills @grid with the year-end breakdown of @score (the engine's score()) per player, year
 * and category. */
static void
fill_scores (GtkGrid    *grid,
             JsonObject *score,
             JsonObject *setup)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  /* the categories in the engine's order, with its labels */
  JsonArray *breakdown = json_object_get_array_member (json_array_get_object_element (players, 0),
                                                       "breakdown");
  int years_scored = (int) json_object_get_int_member_with_default (score, "years_scored", 0);
  gboolean finished = json_object_get_boolean_member_with_default (score, "finished", FALSE);
  GtkWidget *child;
  int row = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);

  /* the names */
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name = gtk_label_new (json_object_get_string_member_with_default (player, "name", ""));

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_set_halign (head, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (head), tk_colour_dot_new (tk_rules_setup_player_colour (setup, p)));
      gtk_box_append (GTK_BOX (head), name);
      gtk_grid_attach (grid, head, p + 1, row, 1, 1);
    }
  row++;

  for (int y = 1; y <= years_scored; y++)
    {
      /* Translators: a heading in the year-end scoring table, e.g. "Year 2" */
      g_autofree char *heading = g_strdup_printf (_("Year %d"), y);
      GtkWidget *label = cell_label (heading, FALSE, "heading");

      gtk_widget_set_margin_top (label, row > 1 ? 10 : 4);
      gtk_grid_attach (grid, label, 0, row++, 1 + json_array_get_length (players), 1);
      for (guint c = 0; breakdown != NULL && c < json_array_get_length (breakdown); c++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, c);
          const char *category = json_object_get_string_member_with_default (line, "category", "");

          if (tk_metropolis_rules_scored_in_year (category, y))
            attach_row (grid, row++, json_object_get_string_member_with_default (line, "label", category),
                        players, y, category, NULL);
        }
      if (y < 3)
        attach_row (grid, row++, _("Coins paid by commercial buildings"), players, y, "coins_paid", "dim-label");
      attach_row (grid, row++, _("Prestige this year"), players, y, "total", "heading");
    }

  {
    GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);

    gtk_widget_set_margin_top (separator, 6);
    gtk_grid_attach (grid, separator, 0, row++, 1 + json_array_get_length (players), 1);
  }
  attach_row (grid, row++, finished ? _("Final prestige") : _("Prestige so far"), players, 0,
              "total", "title-4");
  attach_row (grid, row++, finished ? _("Coins left (breaks ties)") : _("Coins"), players, 0,
              "coins", "dim-label");
  if (finished)
    attach_row (grid, row++, _("Rank"), players, 0, "rank", "heading");
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
      g_clear_pointer (&self->shown_score, json_object_unref);
      self->shown_score = json_object_ref (score);
      gtk_widget_set_visible (self->scoring_section, scored);
      if (scored)
        fill_scores (self->scores, score, g->setup);
    }
  gtk_label_set_text (self->rules_note, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->rules_note), note != NULL);
}

static void
tk_metropolis_scoring_dispose (GObject *object)
{
  TkMetropolisScoring *self = TK_METROPOLIS_SCORING (object);

  g_clear_pointer (&self->shown_score, json_object_unref);
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
}
