/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-turn.c — the turn being entered on the Welcome To... sheet shown (see the
 * header).
 */
#define G_LOG_DOMAIN "tk-welcome-to-turn"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-welcome-to-turn.h"
#include "tk-panel-widgets.h"

struct _TkWelcomeToTurn
{
  TkPanelPart       parent_instance;

  /* template */
  GtkWidget        *turn_box;
  GtkWidget        *picker_box;
  GtkWidget        *refuse_button, *record_button, *roundabout_button;
  GtkWidget        *recorder, *recorder_caption;
  GtkWidget        *record_numbers[3], *record_effects[3];
  GtkWidget        *prompt_box;
  GtkWidget        *hint_label;
  GtkWidget        *skip_button, *cancel_button, *bis_left_button, *bis_right_button;

  GtkWidget        *cards_box, *pairs_box, *split_box;
  GtkWidget        *card_buttons[3], *card_numbers[3], *card_effects[3];
  GtkWidget        *number_card_buttons[3], *effect_card_buttons[3];
  GtkWidget        *manual_box, *number_flow, *effect_flow;
  GtkWidget        *temp_box, *temp_buttons[5], *temp_cross_check;

  gboolean          built;
  gboolean          updating;     /* toggles set from the model, not by a tap */

  /* made once, from the setup's tables */
  GtkWidget        *number_buttons[TK_WELCOME_TO_MAX_NUMBERS];
  GtkWidget        *effect_buttons[TK_WELCOME_TO_N_EFFECTS];
};

G_DEFINE_FINAL_TYPE (TkWelcomeToTurn, tk_welcome_to_turn, TK_TYPE_PANEL_PART)

static TkWelcomeToModel *
model_of (TkWelcomeToTurn *self)
{
  return TK_WELCOME_TO_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* ---- small widgets ---- */

/* A toggle appended to @flow that picks by its action, @action_name(@index): the model's
 * pick, not the click, sets whether it is down (refresh_turn ()).  Its slot takes no focus,
 * so that Tab goes from button to button. */
static GtkWidget *
picker_toggle (GtkWidget  *flow,
               const char *label,
               const char *action_name,
               gint        index)
{
  GtkWidget *toggle = gtk_toggle_button_new_with_label (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (toggle), action_name);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (toggle), "i", index);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), toggle);
  gtk_widget_set_focusable (gtk_widget_get_parent (toggle), FALSE);
  return toggle;
}

/* Shows or hides @widget, and the flow box slot holding it (an empty slot still takes room). */
static void
set_shown (GtkWidget *widget,
           gboolean   shown)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  gtk_widget_set_visible (widget, shown);
  if (GTK_IS_FLOW_BOX_CHILD (parent))
    gtk_widget_set_visible (parent, shown);
}

static void
set_toggle (GtkWidget *toggle,
            gboolean   active)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
}

/* The pickers' actions, in TkWelcomeToChoice's order: the target is the card's index, the
 * number or the effect. */
static const char *const pick_actions[] = {
  "welcome-to.pick-card", "welcome-to.pick-number-card", "welcome-to.pick-effect-card",
  "welcome-to.pick-number", "welcome-to.pick-effect"
};

static void
pick_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  for (guint c = 0; c < G_N_ELEMENTS (pick_actions); c++)
    if (g_str_equal (action_name, pick_actions[c]))
      tk_welcome_to_model_pick (model_of (TK_WELCOME_TO_TURN (widget)), c,
                                g_variant_get_int32 (parameter));
}

/* the temp agency's change, -2 … 2 */
static void
temp_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  tk_welcome_to_model_set_temp_delta (model_of (TK_WELCOME_TO_TURN (widget)),
                                      g_variant_get_int32 (parameter));
}

static void
on_temp_cross_toggled (GtkCheckButton   *check,
                       TkWelcomeToTurn *self)
{
  if (self->updating)
    return;
  tk_welcome_to_model_set_temp_cross (model_of (self), gtk_check_button_get_active (check));
}

static void
on_skip_clicked (TkWelcomeToTurn *self)
{
  tk_welcome_to_model_skip_effect (model_of (self));
}

/* "welcome-to.bis-side" (i): the bis copies its left (-1) or right (+1) neighbour */
static void
bis_side_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  tk_welcome_to_model_bis_side (model_of (TK_WELCOME_TO_TURN (widget)),
                                g_variant_get_int32 (parameter));
}

static void
on_roundabout_clicked (TkWelcomeToTurn *self)
{
  if (!self->updating)
    tk_welcome_to_model_toggle_roundabout (model_of (self));
}

static JsonArray *
recorded_cards (TkWelcomeToTurn *self)
{
  JsonArray *cards = json_array_new ();

  for (guint i = 0; i < 3; i++)
    {
      JsonObject *card = json_object_new ();
      guint effect = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->record_effects[i]));

      json_object_set_int_member (card, "number",
                                  gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->record_numbers[i])));
      json_object_set_string_member (card, "effect",
                                     tk_welcome_to_effect_id (MIN (effect, TK_WELCOME_TO_N_EFFECTS - 1)));
      json_array_add_object_element (cards, card);
    }
  return cards;
}

static void
on_record_clicked (TkWelcomeToTurn *self)
{
  if (tk_welcome_to_model_record_cards (model_of (self), recorded_cards (self)))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

static void
on_refuse_with_cards_clicked (TkWelcomeToTurn *self)
{
  if (tk_welcome_to_model_refuse (model_of (self), recorded_cards (self)))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

/* Draft: the hand about to be recorded holds the card the previous player passed (the
 * engine checks it); put it in the first row. */
static void
prefill_passed_card (TkWelcomeToTurn *self)
{
  gint number;
  TkWelcomeToEffect effect;

  if (!tk_welcome_to_model_passed_card (model_of (self), &number, &effect))
    return;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->record_numbers[0]), (double) number);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->record_effects[0]), (guint) effect);
}

static void
on_refuse_clicked (TkWelcomeToTurn *self)
{
  if (tk_welcome_to_model_get_open_cards (model_of (self)) == NULL)
    {
      /* the engine checks a refusal against the round's three cards */
      if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->recorder)))
        prefill_passed_card (self);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), TRUE);
      tk_panel_show_hint (GTK_WIDGET (self), _("Enter the round's three cards, then “Refuse Permit With These "
                            "Cards”: none of them may fit."));
      return;
    }
  tk_welcome_to_model_refuse (model_of (self), NULL);
}

static void
on_record_toggle_clicked (TkWelcomeToTurn *self)
{
  GtkRevealer *revealer = GTK_REVEALER (self->recorder);
  gboolean reveal = !gtk_revealer_get_reveal_child (revealer);

  if (reveal)
    prefill_passed_card (self);
  gtk_revealer_set_reveal_child (revealer, reveal);
}


/* ---- made once, from the setup ---- */

static void
build (TkWelcomeToTurn *self)
{
  const TkWelcomeToSetupFacts *facts = tk_welcome_to_model_get_facts (model_of (self));
  g_autoptr(GtkStringList) effects = gtk_string_list_new (NULL);

  for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
    gtk_string_list_append (effects, tk_welcome_to_effect_name (e));

  /* no recorded cards: the number and the effect the player took (the rest of the pickers
   * is in the template) */
  for (gint n = facts->lowest_card; n <= facts->highest_card && n < TK_WELCOME_TO_MAX_NUMBERS; n++)
    {
      g_autofree char *label = g_strdup_printf ("%d", n);

      self->number_buttons[n] = picker_toggle (self->number_flow, label, "welcome-to.pick-number",
                                               n);
      tk_panel_set_name (self->number_buttons[n], "number-%d", n);
      gtk_widget_add_css_class (self->number_buttons[n], "tk-welcome-to-number");
    }
  for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
    {
      GtkWidget *toggle = picker_toggle (self->effect_flow, tk_welcome_to_effect_name (e),
                                         "welcome-to.pick-effect", e);
      GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (toggle)));

      tk_panel_set_name (toggle, "effect-%s", tk_welcome_to_effect_id (e));
      /* long effect names wrap rather than widen the row on a phone */
      gtk_label_set_wrap (label, TRUE);
      gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
      self->effect_buttons[e] = toggle;
    }

  /* the recorder and the buttons around it are in the template: what depends on the
   * setup is filled in here */
  gtk_label_set_text (GTK_LABEL (self->recorder_caption),
                      facts->solo ? _("The three cards drawn") :
                      facts->draft ? _("This player's three cards")
                                   : _("The three cards of the round"));
  for (guint i = 0; i < 3; i++)
    {
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->record_numbers[i]),
                                 facts->lowest_card, facts->highest_card);
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->record_effects[i]), G_LIST_MODEL (effects));
    }
  gtk_widget_set_visible (gtk_widget_get_parent (self->roundabout_button), facts->intermediate);
}

/* ---- patched on every change ---- */

/* The recorded cards shown on the pickers: the three cards, or a number card and an effect
 * card each (solo and draft). */
static void
show_cards (TkWelcomeToTurn       *self,
            JsonArray             *cards,
            const TkWelcomeToPick *pick)
{
  gboolean split = tk_welcome_to_model_get_facts (model_of (self))->two_cards;

  gtk_widget_set_visible (self->pairs_box, !split);
  gtk_widget_set_visible (self->split_box, split);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *card = json_array_get_object_element (cards, i);
      g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT,
                                            json_object_get_int_member (card, "number"));
      const char *effect = tk_welcome_to_effect_name (
        tk_welcome_to_effect_from_id (json_object_get_string_member (card, "effect")));
      g_autofree char *both = g_strdup_printf ("%s · %s", n, effect);

      gtk_label_set_text (GTK_LABEL (self->card_numbers[i]), n);
      gtk_label_set_text (GTK_LABEL (self->card_effects[i]), effect);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->card_buttons[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, both, -1);
      set_toggle (self->card_buttons[i], pick->card == (gint) i);
      gtk_button_set_label (GTK_BUTTON (self->number_card_buttons[i]), n);
      set_toggle (self->number_card_buttons[i], pick->number_card == (gint) i);
      gtk_button_set_label (GTK_BUTTON (self->effect_card_buttons[i]), effect);
      set_toggle (self->effect_card_buttons[i], pick->effect_card == (gint) i);
    }
}

static void
refresh_turn (TkWelcomeToTurn *self)
{
  TkWelcomeToModel *model = model_of (self);
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model);
  JsonArray *cards = tk_welcome_to_model_get_open_cards (model);
  gint number = 0, effect = -1;
  gboolean temp = tk_welcome_to_model_get_pick (model, &number, &effect) &&
                  effect == TK_WELCOME_TO_TEMP;

  gtk_widget_set_visible (self->turn_box, !tk_welcome_to_model_game_over (model));
  gtk_widget_set_visible (self->cards_box, cards != NULL);
  gtk_widget_set_visible (self->manual_box, cards == NULL);
  self->updating = TRUE;
  if (cards != NULL)
    show_cards (self, cards, pick);
  for (gint n = 0; n < TK_WELCOME_TO_MAX_NUMBERS; n++)
    if (self->number_buttons[n] != NULL)
      set_toggle (self->number_buttons[n], pick->manual_number == n);
  for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
    set_toggle (self->effect_buttons[e], pick->manual_effect == (gint) e);

  gtk_widget_set_visible (self->temp_box, temp);
  for (gint delta = -2; temp && delta <= 2; delta++)
    {
      GtkWidget *button = self->temp_buttons[delta + 2];
      g_autofree char *label = g_strdup_printf ("%d", number + delta);

      gtk_button_set_label (GTK_BUTTON (button), label);
      gtk_widget_set_sensitive (button, tk_welcome_to_model_temp_allows (model, number, delta));
      set_toggle (button, pick->temp_delta == delta);
    }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->temp_cross_check),
                               pick->temp_cross || pick->temp_delta != 0);
  gtk_widget_set_sensitive (self->temp_cross_check, pick->temp_delta == 0);
  set_toggle (self->roundabout_button, pick->stage == TK_WELCOME_TO_STAGE_ROUNDABOUT);
  tk_panel_set_class (self->refuse_button, "suggested-action",
                      tk_welcome_to_model_refusal_due (model));
  self->updating = FALSE;
}

/* What the player does next, in words. */
static char *
prompt_text (TkWelcomeToTurn *self,
             gboolean         bis_choice)
{
  TkWelcomeToModel *model = model_of (self);
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model);
  gint number = 0, effect = -1;
  gboolean picked = tk_welcome_to_model_get_pick (model, &number, &effect);
  guint seat = tk_welcome_to_model_get_seat (model);
  const char *name = tk_welcome_to_model_get_player_name (model, seat);

  if (tk_welcome_to_model_game_over (model))
    return g_strdup (_("The game is over."));
  if (tk_welcome_to_model_waiting (model, seat))
    return g_strdup_printf (_("%s has played this round; the others still have to."), name);
  switch (pick->stage)
    {
    case TK_WELCOME_TO_STAGE_ROUNDABOUT:
      return g_strdup (_("Tap an empty house for the roundabout."));
    case TK_WELCOME_TO_STAGE_CLAIM:
      return g_strdup_printf (_("Select the estates for city plan n°%d below."),
                              pick->claim_plan + 1);
    case TK_WELCOME_TO_STAGE_EFFECT:
      if (effect == TK_WELCOME_TO_SURVEYOR)
        return g_strdup (_("Tap a fence slot between two houses, or skip the effect."));
      if (effect == TK_WELCOME_TO_REAL_ESTATE)
        return g_strdup (_("Tap a real estate column below, or skip the effect."));
      if (bis_choice)
        return g_strdup (_("Copy which neighbour?"));
      return g_strdup (_("Tap the empty house next to a number that gets the bis, or skip "
                         "the effect."));
    case TK_WELCOME_TO_STAGE_CHOOSE:
    default:
      break;
    }
  if (picked)
    /* Translators: %d is the house number to write; %s is the player's name */
    return g_strdup_printf (_("%s writes %d: tap a house (dimmed ones can't take it)."),
                            name, tk_welcome_to_model_written_number (model, number, effect));
  if (tk_welcome_to_model_refusal_due (model))
    return g_strdup_printf (_("%s: none of the cards fits anywhere — the building permit "
                              "is refused."), name);
  if (tk_welcome_to_model_get_open_cards (model) != NULL)
    return g_strdup_printf (tk_welcome_to_model_get_facts (model)->two_cards
                            ? _("%s: pick a number card and an effect card.")
                            : _("%s: pick one of the three cards."), name);
  return g_strdup_printf (_("%s: pick the number and the effect played, or record the "
                            "round's cards."), name);
}

/* The bis box's two choices: "Copy 7 From the Left" (@side -1) or from the right (+1). */
static void
label_bis_side (TkWelcomeToTurn *self,
                GtkWidget       *button,
                gint             side)
{
  TkWelcomeToModel *model = model_of (self);
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model);
  gint from = pick->bis_house + side;
  JsonObject *house = tk_welcome_to_sheet_house (tk_welcome_to_model_get_sheet (model),
                                                 pick->bis_street, from);
  gint number = 0, effect = -1;
  gint value = -1;
  g_autofree char *label = NULL;

  tk_welcome_to_model_get_pick (model, &number, &effect);
  /* the house being written this turn has no number on the sheet yet */
  if (from == pick->pend_house && pick->bis_street == pick->pend_street)
    value = tk_welcome_to_model_written_number (model, number, effect);
  else if (tk_welcome_to_house_has_number (house))
    value = (gint) json_object_get_int_member (house, "number");
  label = g_strdup_printf (side < 0 ? _("Copy %d From the Left") : _("Copy %d From the Right"),
                           value);
  gtk_button_set_label (GTK_BUTTON (button), label);
}

static void
refresh_prompt (TkWelcomeToTurn *self)
{
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model_of (self));
  gboolean bis_choice = pick->stage == TK_WELCOME_TO_STAGE_EFFECT && pick->bis_house >= 0;
  g_autofree char *text = prompt_text (self, bis_choice);

  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  /* at the end the banner says it all */
  gtk_widget_set_visible (self->prompt_box, !tk_welcome_to_model_game_over (model_of (self)));
  set_shown (self->skip_button, pick->stage == TK_WELCOME_TO_STAGE_EFFECT);
  set_shown (self->cancel_button, pick->stage == TK_WELCOME_TO_STAGE_EFFECT ||
                                  pick->stage == TK_WELCOME_TO_STAGE_ROUNDABOUT);
  set_shown (self->bis_left_button, bis_choice);
  set_shown (self->bis_right_button, bis_choice);
  if (bis_choice)
    {
      label_bis_side (self, self->bis_left_button, -1);
      label_bis_side (self, self->bis_right_button, 1);
    }
}

/* built once from the setup, then patched in place on every change */
static void
tk_welcome_to_turn_update (TkPanelPart  *part,
                           TkPanelModel *model)
{
  TkWelcomeToTurn *self = TK_WELCOME_TO_TURN (part);

  if (!self->built)
    build (self);
  self->built = TRUE;
  if (tk_welcome_to_model_get_game (TK_WELCOME_TO_MODEL (model)) == NULL)
    return;
  refresh_turn (self);
  refresh_prompt (self);
}

/* ---- object ---- */


static void
tk_welcome_to_turn_class_init (TkWelcomeToTurnClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_welcome_to_turn_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-turn.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, picker_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, refuse_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, record_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, roundabout_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, recorder);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, recorder_caption);
  for (guint i = 0; i < 3; i++)
    {
      /* the recorder's three rows: record_number_0, record_effect_0 … */
      tk_panel_bind_template_child_indexed (widget_class, "record_number_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, record_numbers[i]));
      tk_panel_bind_template_child_indexed (widget_class, "record_effect_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, record_effects[i]));
    }
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, cards_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, pairs_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, split_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, manual_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, number_flow);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, effect_flow);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, temp_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, temp_cross_check);
  for (guint i = 0; i < 3; i++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "card_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, card_buttons[i]));
      tk_panel_bind_template_child_indexed (widget_class, "card_number_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, card_numbers[i]));
      tk_panel_bind_template_child_indexed (widget_class, "card_effect_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, card_effects[i]));
      tk_panel_bind_template_child_indexed (widget_class, "number_card_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, number_card_buttons[i]));
      tk_panel_bind_template_child_indexed (widget_class, "effect_card_", i,
                                            G_STRUCT_OFFSET (TkWelcomeToTurn, effect_card_buttons[i]));
    }
  for (guint i = 0; i < 5; i++)
    tk_panel_bind_template_child_indexed (widget_class, "temp_", i,
                                          G_STRUCT_OFFSET (TkWelcomeToTurn, temp_buttons[i]));
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, prompt_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, skip_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, bis_left_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTurn, bis_right_button);
  gtk_widget_class_bind_template_callback (widget_class, on_refuse_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_record_toggle_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_roundabout_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_record_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_refuse_with_cards_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_skip_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_temp_cross_toggled);

  /* the pickers' toggles carry their index as the action's target (the template's and the
   * number and effect buttons made in build ()) */
  for (guint c = 0; c < G_N_ELEMENTS (pick_actions); c++)
    gtk_widget_class_install_action (widget_class, pick_actions[c], "i", pick_activated);
  gtk_widget_class_install_action (widget_class, "welcome-to.temp", "i", temp_activated);
  gtk_widget_class_install_action (widget_class, "welcome-to.bis-side", "i", bis_side_activated);
}

static void
tk_welcome_to_turn_init (TkWelcomeToTurn *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
