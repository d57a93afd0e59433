/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-lower-sheet.c — the lower part of the Welcome To... sheet shown (see the
 * header).
 */
#define G_LOG_DOMAIN "tk-welcome-to-lower-sheet"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-lower-sheet.h"
#include "tk-welcome-to-plan-text.h"
#include "tk-welcome-to-track.h"
#include "tk-panel-widgets.h"

/* The score categories of the sheet's bottom row, in the paper's order. */
#define N_SCORE_KEYS 8
static const char *const score_keys[N_SCORE_KEYS] = {
  "plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts"
};

/* The tracks' lines of the score, in TkWelcomeToTrackKind's order. */
static const char *const track_score_keys[TK_WELCOME_TO_N_TRACKS] = {
  "pools", "temps", "bis", "refusals", "roundabouts"
};

struct _TkWelcomeToLowerSheet
{
  TkPanelPart       parent_instance;

  /* template */
  GtkWidget        *plan_values[TK_WELCOME_TO_N_PLANS];
  GtkWidget        *plan_titles[TK_WELCOME_TO_N_PLANS];
  GtkWidget        *plan_states[TK_WELCOME_TO_N_PLANS];
  GtkWidget        *plan_buttons[TK_WELCOME_TO_N_PLANS];
  GtkWidget        *claim_box, *claim_label, *claim_flow, *claim_apply;
  GtkWidget        *solo_row, *solo_button, *solo_label;
  TkWelcomeToTrack *tracks[TK_WELCOME_TO_N_TRACKS];    /* in TkWelcomeToTrackKind's order */
  GtkWidget        *score_labels[N_SCORE_KEYS];
  GtkWidget        *score_values[N_SCORE_KEYS];
  GtkWidget        *total_value;

  gboolean          built;
  GArray           *claim_estates;        /* TkWelcomeToEstate, the estates offered */

  GtkWidget        *column_buttons[TK_WELCOME_TO_N_COLUMNS];
  GtkWidget        *column_cells[TK_WELCOME_TO_N_COLUMNS];   /* filled from the setup */
  GtkWidget        *column_counts[TK_WELCOME_TO_N_COLUMNS];
};

G_DEFINE_FINAL_TYPE (TkWelcomeToLowerSheet, tk_welcome_to_lower_sheet, TK_TYPE_PANEL_PART)

static TkWelcomeToModel *
model_of (TkWelcomeToLowerSheet *self)
{
  return TK_WELCOME_TO_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* ---- taps ---- */

static void
solo_card_clicked (TkWelcomeToLowerSheet *self)
{
  tk_welcome_to_model_solo_card (model_of (self));
}

/* "lower-sheet.column" (u): a real estate column tapped */
static void
column_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkWelcomeToLowerSheet *self = TK_WELCOME_TO_LOWER_SHEET (widget);

  if (model_of (self) != NULL)
    tk_panel_show_hint (widget, tk_welcome_to_model_tap_target (model_of (self),
                                                                TK_WELCOME_TO_REAL_ESTATE, 0,
                                                                g_variant_get_uint32 (parameter)));
}

static void
claim_toggled (TkWelcomeToLowerSheet *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      n += gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
    }
  gtk_widget_set_sensitive (self->claim_apply, n > 0);
}

static void
fill_claim_estates (TkWelcomeToLowerSheet *self)
{
  g_autoptr(GArray) estates = tk_welcome_to_model_completed_estates (model_of (self));

  tk_panel_clear (self->claim_flow);
  g_array_set_size (self->claim_estates, 0);
  for (guint i = 0; i < estates->len; i++)
    {
      TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, i);
      g_autofree char *text = NULL;
      GtkWidget *toggle;

      if (estate->used)
        continue;
      if (estate->from == estate->to)
        /* Translators: a completed estate of one house: street, house */
        text = g_strdup_printf (_("Street %u, house %u (1)"), estate->street + 1, estate->from + 1);
      else
        /* Translators: a completed estate: street, first and last house, size */
        text = g_strdup_printf (_("Street %u, houses %u–%u (%u)"), estate->street + 1,
                                estate->from + 1, estate->to + 1, estate->to - estate->from + 1);
      toggle = gtk_toggle_button_new_with_label (text);
      tk_panel_set_name (toggle, "estate-%u-%u-%u", estate->street + 1, estate->from + 1,
                         estate->to + 1);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (claim_toggled), self,
                               G_CONNECT_SWAPPED);
      gtk_flow_box_append (GTK_FLOW_BOX (self->claim_flow), toggle);
      gtk_widget_set_focusable (gtk_widget_get_parent (toggle), FALSE);
      g_array_append_val (self->claim_estates, *estate);
    }
  gtk_widget_set_sensitive (self->claim_apply, FALSE);
}

static void
claim_apply_clicked (TkWelcomeToLowerSheet *self)
{
  g_autoptr(GArray) chosen = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model_of (self));
  gint plan = pick->claim_plan;
  guint i = 0;

  if (pick->stage != TK_WELCOME_TO_STAGE_CLAIM || plan < 0)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (i < self->claim_estates->len &&
          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)))
        g_array_append_val (chosen, g_array_index (self->claim_estates, TkWelcomeToEstate, i));
    }
  tk_welcome_to_model_claim (model_of (self), (guint) plan, chosen);
}

/* "lower-sheet.claim" (u): a plan's Claim… button */
static void
claim_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkWelcomeToLowerSheet *self = TK_WELCOME_TO_LOWER_SHEET (widget);
  guint p = g_variant_get_uint32 (parameter);

  if (p >= TK_WELCOME_TO_N_PLANS)
    return;
  if (!tk_welcome_to_model_plan_names_estates (model_of (self), p))
    {
      /* advanced plans name no estates: the engine checks the condition */
      tk_welcome_to_model_claim (model_of (self), p, NULL);
      return;
    }
  /* the estates offered first, so that the redraw of the model's change finds them */
  fill_claim_estates (self);
  tk_welcome_to_model_start_claim (model_of (self), p);
}

/* ---- made once, from the setup ---- */

static void
build (TkWelcomeToLowerSheet *self)
{
  const TkWelcomeToSetupFacts *facts = tk_welcome_to_model_get_facts (model_of (self));
  GtkWidget *roundabouts = GTK_WIDGET (self->tracks[TK_WELCOME_TO_TRACK_ROUNDABOUTS]);

  /* the three city plans: goals and points from the setup */
  for (guint p = 0; p < TK_WELCOME_TO_N_PLANS; p++)
    {
      JsonObject *plan = tk_welcome_to_model_get_setup_plan (model_of (self), p);
      gint first = plan != NULL ? (gint) json_object_get_int_member (plan, "first") : 0;
      gint later = plan != NULL ? (gint) json_object_get_int_member (plan, "later") : 0;
      /* Translators: a city plan's points for the first claims / for later ones */
      g_autofree char *values = g_strdup_printf (_("%d / %d"), first, later);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");

      gtk_label_set_text (GTK_LABEL (self->plan_values[p]), values);
      gtk_label_set_text (GTK_LABEL (self->plan_titles[p]), goal);
    }
  gtk_widget_set_visible (self->solo_row, facts->solo);

  /* the lower sheet's tracks (in the template): their boxes from the engine's values */
  for (guint t = 0; t < TK_WELCOME_TO_N_TRACKS; t++)
    {
      g_autoptr(GArray) values = tk_welcome_to_model_track_values (model_of (self), t);

      tk_welcome_to_track_set_boxes (self->tracks[t], values,
                                     values->len > 0 ? values->len - 1 : facts->temp_boxes);
    }
  /* the roundabouts' track: its flow box slot */
  gtk_widget_set_visible (gtk_widget_get_parent (roundabouts), facts->intermediate);
  /* the roundabouts' score cell: its flow box slot (an empty slot still takes room) */
  gtk_widget_set_visible (gtk_widget_get_ancestor (self->score_labels[N_SCORE_KEYS - 1],
                                                   GTK_TYPE_FLOW_BOX_CHILD),
                          facts->intermediate);

  /* the six real estate columns (in the template): their values are the engine's */
  for (guint c = 0; c < TK_WELCOME_TO_N_COLUMNS; c++)
    {
      g_autoptr(GArray) values = tk_welcome_to_model_estate_values (model_of (self), c);
      g_autofree char *tooltip = g_strdup_printf (ngettext ("Estates of %u house",
                                                            "Estates of %u houses", c + 1),
                                                  c + 1);

      for (guint i = 0; i < values->len; i++)
        gtk_box_append (GTK_BOX (self->column_cells[c]),
                        tk_welcome_to_track_cell_new (g_array_index (values, gint, i)));
      gtk_widget_set_tooltip_text (self->column_buttons[c], tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_buttons[c]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
    }
}

static void
patch (TkWelcomeToLowerSheet *self)
{
  TkWelcomeToModel *model = model_of (self);
  JsonObject *game = tk_welcome_to_model_get_game (model);
  gboolean over = tk_welcome_to_model_game_over (model);
  JsonObject *sheet = tk_welcome_to_model_get_sheet (model);
  JsonObject *player = tk_welcome_to_model_get_score_player (model,
                                                             tk_welcome_to_model_get_seat (model));
  JsonArray *plans = player != NULL ? json_object_get_array_member (player, "plans") : NULL;
  JsonArray *by_size = player != NULL ? json_object_get_array_member (player, "estates_by_size")
                                      : NULL;
  JsonArray *agents = sheet != NULL ? json_object_get_array_member (sheet, "agents") : NULL;
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model);
  gint number = 0, effect = -1;
  gboolean choosing_column = pick->stage == TK_WELCOME_TO_STAGE_EFFECT &&
                             tk_welcome_to_model_get_pick (model, &number, &effect) &&
                             effect == TK_WELCOME_TO_REAL_ESTATE;
  gint64 flip = json_object_get_int_member_with_default (game, "solo_flip_round", 0);
  g_autofree char *total = NULL;

  for (guint p = 0; p < TK_WELCOME_TO_N_PLANS; p++)
    {
      JsonObject *plan = plans != NULL && p < json_array_get_length (plans)
                         ? json_array_get_object_element (plans, p) : NULL;
      gboolean claimed = plan != NULL && json_object_get_boolean_member (plan, "claimed");
      g_autofree char *text = NULL;

      if (claimed)
        text = g_strdup_printf (json_object_get_boolean_member (plan, "first")
                                ? _("Claimed first: %d points")
                                : _("Claimed later: %d points"),
                                (int) json_object_get_int_member (plan, "points"));
      else
        text = g_strdup (_("Not claimed"));
      gtk_label_set_text (GTK_LABEL (self->plan_states[p]), text);
      gtk_widget_set_visible (self->plan_buttons[p], !claimed && !over);
    }
  gtk_widget_set_visible (self->claim_box, pick->stage == TK_WELCOME_TO_STAGE_CLAIM);
  if (pick->stage == TK_WELCOME_TO_STAGE_CLAIM)
    {
      JsonObject *plan = tk_welcome_to_model_get_setup_plan (model, pick->claim_plan);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");
      g_autofree char *text = g_strdup_printf (_("City plan n°%d asks for: %s. Select the "
                                                 "estates (estates already used are not listed)."),
                                               pick->claim_plan + 1, goal);

      gtk_label_set_text (GTK_LABEL (self->claim_label), text);
    }
  if (tk_welcome_to_model_get_facts (model)->solo)
    {
      gboolean possible = json_object_get_boolean_member_with_default (game, "solo_card_possible",
                                                                       TRUE);
      gint64 first = json_object_get_int_member_with_default (game, "solo_card_first_round", 1);

      gtk_widget_set_visible (self->solo_button, flip == 0 && !over);
      gtk_widget_set_sensitive (self->solo_button, possible);
      if (flip > 0)
        {
          g_autofree char *text = g_strdup_printf (_("The solo card came up in round %d: plans "
                                                     "claimed from then on score their lower "
                                                     "value."), (int) flip);
          gtk_label_set_text (GTK_LABEL (self->solo_label), text);
        }
      else if (!possible)
        {
          /* Translators: the solo card is shuffled into the lower half of the deck */
          g_autofree char *text = g_strdup_printf (_("The solo card lies in the lower half of "
                                                     "the deck: it can come up from round %d."),
                                                   (int) first);
          gtk_label_set_text (GTK_LABEL (self->solo_label), text);
        }
      else
        gtk_label_set_text (GTK_LABEL (self->solo_label), "");
    }

  for (guint t = 0; t < TK_WELCOME_TO_N_TRACKS; t++)
    tk_welcome_to_track_update (self->tracks[t], tk_welcome_to_model_track_crossed (model, t),
                                tk_welcome_to_breakdown_points (player, track_score_keys[t],
                                                                NULL));

  for (guint c = 0; c < TK_WELCOME_TO_N_COLUMNS; c++)
    {
      guint crossed = agents != NULL ? (guint) json_array_get_int_element (agents, c) : 0;
      gint64 count = by_size != NULL ? json_array_get_int_element (by_size, c) : 0;
      g_autofree char *text = g_strdup_printf ("× %" G_GINT64_FORMAT, count);
      gboolean dim = FALSE;
      guint i = 0;

      for (GtkWidget *cell = gtk_widget_get_first_child (self->column_cells[c]); cell != NULL;
           cell = gtk_widget_get_next_sibling (cell), i++)
        tk_panel_set_class (cell, "tk-welcome-to-crossed", i < crossed);
      gtk_label_set_text (GTK_LABEL (self->column_counts[c]), text);
      if (choosing_column)
        dim = !tk_welcome_to_model_target_ok (model, TK_WELCOME_TO_REAL_ESTATE, 0, c);
      tk_panel_set_class (self->column_buttons[c], "tk-welcome-to-dim", dim);
      tk_panel_set_class (self->column_buttons[c], "tk-welcome-to-target", choosing_column && !dim);
    }

  for (guint k = 0; k < N_SCORE_KEYS; k++)
    {
      const char *label = NULL;
      gint64 points = tk_welcome_to_breakdown_points (player, score_keys[k], &label);
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

      gtk_label_set_text (GTK_LABEL (self->score_values[k]), text);
      gtk_label_set_text (GTK_LABEL (self->score_labels[k]), label != NULL ? label : "");
    }
  total = g_strdup_printf ("%" G_GINT64_FORMAT, tk_welcome_to_model_get_total (
                             model, tk_welcome_to_model_get_seat (model)));
  gtk_label_set_text (GTK_LABEL (self->total_value), total);
}

/* built once from the setup, then patched in place on every change */
static void
tk_welcome_to_lower_sheet_update (TkPanelPart  *part,
                                  TkPanelModel *model)
{
  TkWelcomeToLowerSheet *self = TK_WELCOME_TO_LOWER_SHEET (part);

  if (!self->built)
    build (self);
  self->built = TRUE;
  patch (self);
}

/* ---- object ---- */

static void
tk_welcome_to_lower_sheet_finalize (GObject *object)
{
  TkWelcomeToLowerSheet *self = TK_WELCOME_TO_LOWER_SHEET (object);

  g_array_unref (self->claim_estates);
  G_OBJECT_CLASS (tk_welcome_to_lower_sheet_parent_class)->finalize (object);
}

static void
tk_welcome_to_lower_sheet_class_init (TkWelcomeToLowerSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_welcome_to_lower_sheet_finalize;
  TK_PANEL_PART_CLASS (klass)->update = tk_welcome_to_lower_sheet_update;

  g_type_ensure (TK_TYPE_WELCOME_TO_TRACK);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-lower-sheet.ui");
  for (guint p = 0; p < TK_WELCOME_TO_N_PLANS; p++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "plan_values_", p,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, plan_values[p]));
      tk_panel_bind_template_child_indexed (widget_class, "plan_title_", p,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, plan_titles[p]));
      tk_panel_bind_template_child_indexed (widget_class, "plan_state_", p,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, plan_states[p]));
      tk_panel_bind_template_child_indexed (widget_class, "plan_button_", p,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, plan_buttons[p]));
    }
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, claim_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, claim_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, claim_flow);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, claim_apply);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, solo_row);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, solo_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, solo_label);
  for (guint c = 0; c < TK_WELCOME_TO_N_COLUMNS; c++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "column_", c,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, column_buttons[c]));
      tk_panel_bind_template_child_indexed (widget_class, "column_cells_", c,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, column_cells[c]));
      tk_panel_bind_template_child_indexed (widget_class, "column_count_", c,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, column_counts[c]));
    }
  for (guint k = 0; k < N_SCORE_KEYS; k++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "score_label_", k,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, score_labels[k]));
      tk_panel_bind_template_child_indexed (widget_class, "score_value_", k,
                                            G_STRUCT_OFFSET (TkWelcomeToLowerSheet, score_values[k]));
    }
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToLowerSheet, total_value);
  for (guint t = 0; t < TK_WELCOME_TO_N_TRACKS; t++)
    tk_panel_bind_template_child_indexed (widget_class, "track_", t,
                                          G_STRUCT_OFFSET (TkWelcomeToLowerSheet, tracks[t]));

  gtk_widget_class_bind_template_callback (widget_class, claim_apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, solo_card_clicked);

  /* a plan's Claim… button and a real estate column: their index is the target */
  gtk_widget_class_install_action (widget_class, "lower-sheet.claim", "u", claim_activated);
  gtk_widget_class_install_action (widget_class, "lower-sheet.column", "u", column_activated);
}

static void
tk_welcome_to_lower_sheet_init (TkWelcomeToLowerSheet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->claim_estates = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));
}
