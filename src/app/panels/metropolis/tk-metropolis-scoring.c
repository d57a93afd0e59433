/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-scoring.c — the year-end table and the note on unconfirmed rule numbers (see
 * the header).  The table holds no buttons: it is made again when the score changes. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include "tk-metropolis-parts.h"
#include "tk-metropolis-scoring.h"

struct _TkMetropolisScoring
{
  TkPanelPart  parent_instance;

  JsonObject       *shown_score;

  GtkWidget        *scoring_section;
  AdwBin           *scoring_bin;
  GtkLabel         *rules_note;
};

G_DEFINE_FINAL_TYPE (TkMetropolisScoring, tk_metropolis_scoring, TK_TYPE_PANEL_PART)

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
  g_autofree char *note = unconfirmed != NULL ? tk_metropolis_unconfirmed_note (unconfirmed) : NULL;

  if (score != self->shown_score)
    {
      g_clear_pointer (&self->shown_score, json_object_unref);
      self->shown_score = json_object_ref (score);
      gtk_widget_set_visible (self->scoring_section, scored);
      adw_bin_set_child (self->scoring_bin,
                         scored ? tk_metropolis_scores_new (score, g->setup)
                                : NULL);
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
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisScoring, scoring_bin);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisScoring, rules_note);
}

static void
tk_metropolis_scoring_init (TkMetropolisScoring *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
