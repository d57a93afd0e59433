/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-cards.c — the Welcome To... panel's cards recorder (the round's three
 * cards, the draft's passed card), refusals, the solo card and city plan claims: what the
 * player entered in the recorder or ticked in the claim is read from the widgets and handed
 * to the model, which applies the engine's action.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel-private.h"

static JsonArray *
recorded_cards (TkWelcomeToPanel *self)
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

void
tk_wt_on_record_clicked (TkWelcomeToPanel *self)
{
  if (tk_welcome_to_model_record_cards (self->model, recorded_cards (self)))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

void
tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self)
{
  if (tk_welcome_to_model_refuse (self->model, recorded_cards (self)))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

/* Draft: the hand about to be recorded holds the card the previous player passed (the
 * engine checks it); put it in the first row. */
static void
prefill_passed_card (TkWelcomeToPanel *self)
{
  gint number, effect;

  if (!tk_welcome_to_model_passed_card (self->model, &number, &effect))
    return;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->record_numbers[0]), (double) number);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->record_effects[0]), (guint) effect);
}

void
tk_wt_on_refuse_clicked (TkWelcomeToPanel *self)
{
  if (tk_welcome_to_model_get_open_cards (self->model) == NULL)
    {
      /* the engine checks a refusal against the round's three cards */
      if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->recorder)))
        prefill_passed_card (self);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), TRUE);
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("Enter the round's three cards, then “Refuse Permit With "
                                    "These Cards”: none of them may fit."));
      return;
    }
  tk_welcome_to_model_refuse (self->model, NULL);
}

void
tk_wt_on_record_toggle_clicked (TkWelcomeToPanel *self)
{
  GtkRevealer *revealer = GTK_REVEALER (self->recorder);
  gboolean reveal = !gtk_revealer_get_reveal_child (revealer);

  if (reveal)
    prefill_passed_card (self);
  gtk_revealer_set_reveal_child (revealer, reveal);
}

void
tk_wt_on_solo_card_clicked (TkWelcomeToPanel *self)
{
  tk_welcome_to_model_solo_card (self->model);
}

void
tk_wt_on_claim_toggled (TkWelcomeToPanel *self)
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
fill_claim_estates (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_welcome_to_model_get_sheet (self->model);
  g_autoptr(GArray) estates = tk_welcome_to_model_completed_estates (self->model, sheet);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->claim_flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->claim_flow), child);
  g_array_set_size (self->claim_estates, 0);
  for (guint i = 0; i < estates->len; i++)
    {
      TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, i);
      g_autofree char *text = NULL;
      g_autofree char *name = NULL;
      GtkWidget *toggle;

      if (tk_welcome_to_sheet_estate_used (sheet, estate->street, estate->from))
        continue;
      if (estate->from == estate->to)
        /* Translators: a completed estate of one house: street, house */
        text = g_strdup_printf (_("Street %u, house %u (1)"), estate->street + 1, estate->from + 1);
      else
        /* Translators: a completed estate: street, first and last house, size */
        text = g_strdup_printf (_("Street %u, houses %u–%u (%u)"), estate->street + 1,
                                estate->from + 1, estate->to + 1, estate->to - estate->from + 1);
      name = g_strdup_printf ("estate-%u-%u-%u", estate->street + 1, estate->from + 1,
                              estate->to + 1);
      toggle = gtk_toggle_button_new_with_label (text);
      gtk_widget_set_name (toggle, name);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (tk_wt_on_claim_toggled), self,
                               G_CONNECT_SWAPPED);
      gtk_flow_box_append (GTK_FLOW_BOX (self->claim_flow), toggle);
      gtk_widget_set_focusable (gtk_widget_get_parent (toggle), FALSE);
      g_array_append_val (self->claim_estates, *estate);
    }
  gtk_widget_set_sensitive (self->claim_apply, FALSE);
}

void
tk_wt_on_plan_claim_clicked (GtkButton        *button,
                             TkWelcomeToPanel *self)
{
  guint p = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *plan = tk_welcome_to_model_get_setup_plan (self->model, p);

  if (plan == NULL)
    return;
  if (g_strcmp0 (json_object_get_string_member_with_default (plan, "kind", ""), "estates") != 0)
    {
      /* advanced plans name no estates: the engine checks the condition */
      tk_welcome_to_model_claim (self->model, p, NULL);
      return;
    }
  /* the estates offered first, so that the redraw of the model's change finds them */
  fill_claim_estates (self);
  tk_welcome_to_model_start_claim (self->model, p);
}

void
tk_wt_on_claim_apply_clicked (TkWelcomeToPanel *self)
{
  g_autoptr(GArray) chosen = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));
  gint plan = tk_welcome_to_model_get_claim_plan (self->model);
  guint i = 0;

  if (tk_welcome_to_model_get_stage (self->model) != TK_WELCOME_TO_STAGE_CLAIM || plan < 0)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (i < self->claim_estates->len &&
          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)))
        g_array_append_val (chosen, g_array_index (self->claim_estates, TkWelcomeToEstate, i));
    }
  tk_welcome_to_model_claim (self->model, (guint) plan, chosen);
}
