/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-taps.c — the taps on the Welcome To... panel's turn picker and prompt
 * handed to its model: each button says which seat, card, number or effect it is, and the
 * model (TkWelcomeToModel) changes the pick or applies the engine's action.  Nothing here
 * redraws: the model's ::changed does, once per tap.  The streets and the lower sheet hand
 * their own taps to the model (TkWelcomeToStreet, TkWelcomeToLowerSheet); the cards recorder
 * and refusals are in tk-welcome-to-panel-cards.c, the sheet exchange in
 * tk-welcome-to-panel-exchange.c.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include "tk-welcome-to-panel-private.h"

static gint
index_of (gpointer button)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));
}

void
tk_wt_on_seat_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  if (!self->updating)
    tk_welcome_to_model_select_seat (self->model, (guint) index_of (button));
}

void
tk_wt_on_card_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  tk_welcome_to_model_pick_card (self->model, index_of (button));
}

void
tk_wt_on_number_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  tk_welcome_to_model_pick_number_card (self->model, index_of (button));
}

void
tk_wt_on_effect_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  tk_welcome_to_model_pick_effect_card (self->model, index_of (button));
}

void
tk_wt_on_number_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  tk_welcome_to_model_pick_number (self->model, index_of (button));
}

void
tk_wt_on_effect_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  tk_welcome_to_model_pick_effect (self->model, index_of (button));
}

void
tk_wt_on_temp_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  tk_welcome_to_model_set_temp_delta (self->model, index_of (button) - 2);
}

void
tk_wt_on_temp_cross_toggled (GtkCheckButton   *check,
                             TkWelcomeToPanel *self)
{
  if (self->updating)
    return;
  tk_welcome_to_model_set_temp_cross (self->model, gtk_check_button_get_active (check));
}

void
tk_wt_on_skip_clicked (TkWelcomeToPanel *self)
{
  tk_welcome_to_model_skip_effect (self->model);
}

void
tk_wt_on_cancel_clicked (TkWelcomeToPanel *self)
{
  tk_welcome_to_model_cancel_stage (self->model);
}

gboolean
tk_wt_cancel_binding (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   data)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (widget);

  return tk_welcome_to_model_cancel_stage (self->model);
}

void
tk_wt_on_bis_left_clicked (TkWelcomeToPanel *self)
{
  tk_welcome_to_model_bis_side (self->model, -1);
}

void
tk_wt_on_bis_right_clicked (TkWelcomeToPanel *self)
{
  tk_welcome_to_model_bis_side (self->model, 1);
}

void
tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self)
{
  if (!self->updating)
    tk_welcome_to_model_toggle_roundabout (self->model);
}
