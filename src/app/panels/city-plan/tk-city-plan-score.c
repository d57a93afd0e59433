/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-score.c — the City Plan panel's score card: for each player a TkPlayerCard
 * with the total and the rank, and below them the engine's breakdown lines, the district sums
 * behind the development bonus and, when totals tie, the tie-breaks.  A card per seat, made
 * once and patched on each TkCityPlanModel::changed (lines added or dropped as the breakdown
 * grows).
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-player-card.h"
#include "tk-city-plan-score.h"
#include "tk-city-plan-widgets.h"

typedef struct
{
  TkPlayerCard *card;
  GtkWidget *grid;
  guint      n_lines;
  GtkWidget *districts;
  GtkWidget *ties;
} Card;

struct _TkCityPlanScore
{
  TkPanelPart      parent_instance;
  GPtrArray       *cards;      /* of Card, by seat */

  GtkWidget       *note;
  GtkWidget       *flow;
};

G_DEFINE_FINAL_TYPE (TkCityPlanScore, tk_city_plan_score, TK_TYPE_PANEL_PART)

static TkCityPlanModel *
get_model (gpointer self)
{
  return TK_CITY_PLAN_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static Card *
card_new (guint seat)
{
  Card *card = g_new0 (Card, 1);

  card->card = TK_PLAYER_CARD (tk_player_card_new ());
  tk_panel_set_name (tk_player_card_get_total_label (card->card), "cp-score-%u-total", seat);
  tk_panel_set_name (tk_player_card_get_caption_label (card->card), "cp-score-%u-rank", seat);

  card->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (card->grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (card->grid), 2);
  gtk_box_append (GTK_BOX (card->card), card->grid);

  card->districts = tk_city_plan_label_new (NULL, "caption");
  gtk_widget_add_css_class (card->districts, "dim-label");
  tk_panel_set_name (card->districts, "cp-score-%u-districts", seat);
  gtk_box_append (GTK_BOX (card->card), card->districts);

  card->ties = tk_city_plan_label_new (NULL, "caption");
  tk_panel_set_name (card->ties, "cp-score-%u-ties", seat);
  gtk_box_append (GTK_BOX (card->card), card->ties);
  return card;
}

static void
patch_lines (Card      *card,
             guint      seat,
             JsonArray *breakdown)
{
  guint n = json_array_get_length (breakdown);

  for (guint l = 0; l < n; l++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, l);
      g_autofree char *points = g_strdup_printf ("%" PRId64,
                                                 json_object_get_int_member (line, "points"));
      GtkWidget *label, *value;

      if (l >= card->n_lines)
        {
          label = tk_city_plan_label_new (NULL, NULL);
          value = gtk_label_new (NULL);
          gtk_widget_set_hexpand (label, TRUE);
          gtk_label_set_xalign (GTK_LABEL (value), 1);
          gtk_widget_add_css_class (value, "numeric");
          tk_panel_set_name (label, "cp-score-%u-label-%u", seat, l);
          tk_panel_set_name (value, "cp-score-%u-line-%u", seat, l);
          gtk_grid_attach (GTK_GRID (card->grid), label, 0, l, 1, 1);
          gtk_grid_attach (GTK_GRID (card->grid), value, 1, l, 1, 1);
        }
      label = gtk_grid_get_child_at (GTK_GRID (card->grid), 0, l);
      value = gtk_grid_get_child_at (GTK_GRID (card->grid), 1, l);
      gtk_label_set_text (GTK_LABEL (label), json_object_get_string_member (line, "label"));
      gtk_label_set_text (GTK_LABEL (value), points);
    }
  for (guint l = n; l < card->n_lines; l++)
    gtk_grid_remove_row (GTK_GRID (card->grid), n);
  card->n_lines = n;
}

static void
tk_city_plan_score_update (TkPanelPart  *part,
                           TkPanelModel *model)
{
  TkCityPlanScore *self = TK_CITY_PLAN_SCORE (part);
  JsonObject *score = tk_city_plan_model_get_score (get_model (self));
  JsonArray *players = json_object_get_array_member (score, "players");
  guint n = json_array_get_length (players);
  g_autofree char *note = g_strdup_printf (_("The game ends at the end of a round with %" PRId64
                                             " buildings"),
                                           tk_city_plan_model_get_end_buildings (get_model (self)));
  gboolean tie = FALSE;

  gtk_label_set_text (GTK_LABEL (self->note), note);
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (json_object_get_int_member (json_array_get_object_element (players, i), "total") ==
          json_object_get_int_member (json_array_get_object_element (players, j), "total"))
        tie = TRUE;

  while (self->cards->len > n)
    {
      Card *card = g_ptr_array_steal_index (self->cards, self->cards->len - 1);

      gtk_flow_box_remove (GTK_FLOW_BOX (self->flow),
                           gtk_widget_get_parent (GTK_WIDGET (card->card)));
      g_free (card);
    }
  for (guint seat = 0; seat < n; seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonObject *districts = json_object_get_object_member (player, "districts");
      Card *card;
      /* Translators: a player's place, e.g. "Rank 1". */
      g_autofree char *rank = g_strdup_printf (_("Rank %" PRId64),
                                               json_object_get_int_member (player, "rank"));
      /* Translators: the district sums behind the development bonus. */
      g_autofree char *sums = g_strdup_printf (_("Development: the lowest of residential %"
                                                 PRId64 ", commercial %" PRId64
                                                 ", industrial %" PRId64),
                                               json_object_get_int_member (districts, "residential"),
                                               json_object_get_int_member (districts, "commercial"),
                                               json_object_get_int_member (districts, "industrial"));

      if (seat >= self->cards->len)
        {
          card = card_new (seat);
          g_ptr_array_add (self->cards, card);
          gtk_flow_box_append (GTK_FLOW_BOX (self->flow), GTK_WIDGET (card->card));
        }
      card = self->cards->pdata[seat];
      g_object_set (card->card,
                    "colour", tk_city_plan_player_get_colour (
                                tk_city_plan_model_get_player (get_model (self), seat)),
                    "player-name", json_object_get_string_member (player, "name"),
                    "caption", rank, NULL);
      tk_player_card_set_points (card->card, json_object_get_int_member (player, "total"));
      patch_lines (card, seat, json_object_get_array_member (player, "breakdown"));
      gtk_label_set_text (GTK_LABEL (card->districts), sums);
      gtk_widget_set_visible (card->ties, tie);
      if (tie)
        {
          /* Translators: the tie-breaks, e.g. "Ties: 7 buildings, 5 cards in hand". */
          g_autofree char *text = g_strdup_printf (_("Ties: %" PRId64 " buildings, %" PRId64
                                                     " cards in hand"),
                                                   json_object_get_int_member (player, "buildings"),
                                                   json_object_get_int_member (player, "hand"));

          gtk_label_set_text (GTK_LABEL (card->ties), text);
        }
    }
}

static void
tk_city_plan_score_dispose (GObject *object)
{
  TkCityPlanScore *self = TK_CITY_PLAN_SCORE (object);

  g_clear_pointer (&self->cards, g_ptr_array_unref);
  G_OBJECT_CLASS (tk_city_plan_score_parent_class)->dispose (object);
}

static void
tk_city_plan_score_class_init (TkCityPlanScoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_city_plan_score_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_city_plan_score_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-score.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanScore, note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanScore, flow);
}

static void
tk_city_plan_score_init (TkCityPlanScore *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cards = g_ptr_array_new_with_free_func (g_free);
}
