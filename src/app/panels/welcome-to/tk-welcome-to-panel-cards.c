/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-cards.c — the Welcome To... panel's cards recorder (the round's three
 * cards, the draft's passed card) and refusals: what the player entered in the recorder is
 * read from its widgets and handed to the model, which applies the engine's action.
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

