/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-taps.c — the Welcome To... panel's taps on the sheet turned into the
 * engine's actions: the transient pick (cleared when the session changes), houses, fences,
 * real estate columns and the bis, the whole turn applied as one action.  The cards
 * recorder, refusals and plan claims are in tk-welcome-to-panel-cards.c, the sheet exchange
 * in tk-welcome-to-panel-exchange.c.
 *
 * It never calls the view (tk-welcome-to-panel-view.c), which connects these handlers: it
 * asks for a redraw through self->refresh, set by the panel object.  So the view depends on
 * the taps and the reads, the taps on the reads, and nothing depends back.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"

void
tk_wt_clear_selection (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->card = self->number_card = self->effect_card = -1;
  self->manual_number = 0;
  self->manual_effect = -1;
  self->temp_delta = 0;
  self->temp_cross = TRUE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
  g_array_set_size (self->claim_estates, 0);
}

/* Back to picking, keeping the cards chosen. */
void
tk_wt_clear_stage (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
}

static void
rebuild_trial (TkWelcomeToPanel *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->trial, tk_welcome_to_trial_free);
  if (self->game == NULL)
    return;
  self->trial = tk_welcome_to_trial_new (self->rules, tk_session_get_setup (self->session),
                                         self->game, self->seat, &error);
  if (self->trial == NULL)
    g_warning ("No trial state for seat %u: %s", self->seat, error->message);
}

void
tk_wt_reload (TkWelcomeToPanel *self)
{
  g_autoptr(JsonObject) root = tk_session_to_json (self->session);
  JsonObject *game = json_object_get_object_member (root, "game");

  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->game = game != NULL ? json_object_ref (game) : NULL;
  self->score = tk_session_score (self->session);
  rebuild_trial (self);
  self->refresh (self);
}

void
tk_wt_on_session_changed (TkWelcomeToPanel *self)
{
  tk_wt_clear_selection (self);
  tk_wt_reload (self);
}

/* Applies @action (taking it) through the session view; TRUE when the session took it. */
gboolean
tk_wt_apply (TkWelcomeToPanel *self,
             JsonObject       *action)
{
  g_autoptr(JsonObject) owned = action;

  return tk_game_panel_apply (TK_GAME_PANEL (self), owned);
}

/* After a turn or a refusal, the next sheet still to play this round is shown. */
void
tk_wt_next_sheet (TkWelcomeToPanel *self)
{
  for (guint i = 1; i < self->n_players; i++)
    {
      guint seat = (self->seat + i) % self->n_players;

      if (!tk_wt_acted (self, seat))
        {
          self->seat = seat;
          rebuild_trial (self);
          self->refresh (self);
          return;
        }
    }
}

void
tk_wt_apply_turn (TkWelcomeToPanel *self,
                  JsonObject       *action)
{
  if (tk_wt_apply (self, action))
    tk_wt_next_sheet (self);
}

/* ---- taps ---- */

static void
select_seat (TkWelcomeToPanel *self,
             guint             seat)
{
  if (seat >= self->n_players)
    return;
  if (seat != self->seat)
    tk_wt_clear_selection (self);
  self->seat = seat;
  rebuild_trial (self);
  self->refresh (self);
}

void
tk_wt_on_seat_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  select_seat (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index")));
}

void
tk_wt_on_card_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->card = self->card == i ? -1 : i;
  self->temp_delta = 0;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_number_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->number_card = self->number_card == i ? -1 : i;
  if (self->effect_card == self->number_card)
    self->effect_card = -1;
  self->temp_delta = 0;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_effect_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->effect_card = self->effect_card == i ? -1 : i;
  if (self->number_card == self->effect_card)
    self->number_card = -1;
  self->temp_delta = 0;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_number_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint n = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_number = self->manual_number == n ? 0 : n;
  self->temp_delta = 0;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_effect_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint e = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_effect = self->manual_effect == e ? -1 : e;
  self->temp_delta = 0;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_temp_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  self->temp_delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index")) - 2;
  tk_wt_clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_temp_cross_toggled (GtkCheckButton   *check,
                             TkWelcomeToPanel *self)
{
  if (self->updating)
    return;
  self->temp_cross = gtk_check_button_get_active (check);
  self->refresh (self);
}

/* The turn with the picked number in house (@s, @h) and, for the landscaper and the pool,
 * the effect whenever the engine takes it (both only ever add points). */
static void
write_house (TkWelcomeToPanel *self,
             guint             s,
             guint             h)
{
  g_autoptr(JsonObject) action = tk_wt_turn_action (self, s, h);
  gint number = 0, effect = -1;

  tk_wt_current_pick (self, &number, &effect);
  if (effect == EFFECT_SURVEYOR || effect == EFFECT_REAL_ESTATE || effect == EFFECT_BIS)
    {
      if (tk_wt_trial_ok (self, action))
        {
          self->stage = STAGE_EFFECT;
          self->pend_street = s;
          self->pend_house = h;
          self->refresh (self);
          return;
        }
      /* refused: the session says why */
      tk_wt_apply (self, g_steal_pointer (&action));
      return;
    }
  if (effect == EFFECT_LANDSCAPER || effect == EFFECT_POOL)
    {
      const char *member = effect == EFFECT_LANDSCAPER ? "park" : "pool";

      json_object_set_boolean_member (action, member, TRUE);
      if (!tk_wt_trial_ok (self, action))
        json_object_remove_member (action, member);
    }
  tk_wt_apply_turn (self, g_steal_pointer (&action));
}

/* A tap on an empty house while the bis looks for its box. */
static void
place_bis (TkWelcomeToPanel *self,
           guint             s,
           guint             h)
{
  gint sources[2] = { (gint) h - 1, (gint) h + 1 };
  gint legal[2];
  guint n_legal = 0;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JsonObject) action = NULL;

      if (sources[i] < 0 || sources[i] >= (gint) self->houses[s])
        continue;
      action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, sources[i]));
      if (tk_wt_trial_ok (self, action))
        legal[n_legal++] = sources[i];
    }
  if (n_legal == 2)
    {
      self->bis_street = s;
      self->bis_house = h;
      self->refresh (self);
      return;
    }
  {
    JsonObject *action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
    gint from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);

    json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, from));
    tk_wt_apply_turn (self, action);
  }
}

void
tk_wt_on_house_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, h = pos % MAX_HOUSES;
  gint number = 0, effect = -1;

  if (tk_wt_game_over (self))
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("The game is over: finish the session to record it."));
      return;
    }
  switch (self->stage)
    {
    case STAGE_ROUNDABOUT:
      {
        JsonObject *action = json_object_new ();

        json_object_set_string_member (action, "type", "roundabout");
        json_object_set_int_member (action, "seat", self->seat);
        json_object_set_int_member (action, "street", s + 1);
        json_object_set_int_member (action, "house", h + 1);
        tk_wt_apply (self, action);
      }
      return;

    case STAGE_EFFECT:
      tk_wt_current_pick (self, &number, &effect);
      if (effect == EFFECT_BIS)
        {
          if ((gint) s != self->pend_street || (gint) h != self->pend_house)
            place_bis (self, s, h);
          return;
        }
      tk_wt_clear_stage (self);
      break;

    case STAGE_CLAIM:
      tk_wt_clear_stage (self);
      break;

    case STAGE_CHOOSE:
    default:
      break;
    }
  if (!tk_wt_current_pick (self, &number, &effect))
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("Pick a number and an effect first, then tap a house."));
      return;
    }
  write_house (self, s, h);
}

void
tk_wt_on_fence_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, k = pos % MAX_HOUSES;
  gint number = 0, effect = -1;
  JsonObject *action, *fence;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_SURVEYOR)
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("Fences come with the surveyor: pick a surveyor card, write "
                                    "its number, then tap a fence slot."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  fence = json_object_new ();
  json_object_set_int_member (fence, "street", s + 1);
  json_object_set_int_member (fence, "after", k + 1);
  json_object_set_object_member (action, "fence", fence);
  tk_wt_apply_turn (self, action);
}

void
tk_wt_on_column_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  gint number = 0, effect = -1;
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_REAL_ESTATE)
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("Real estate columns are crossed with the real estate agent: "
                                    "pick that card, write its number, then tap a column."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_int_member (action, "column", c + 1);
  tk_wt_apply_turn (self, action);
}

void
tk_wt_on_skip_clicked (TkWelcomeToPanel *self)
{
  if (self->stage != STAGE_EFFECT)
    return;
  tk_wt_apply_turn (self, tk_wt_turn_action (self, self->pend_street, self->pend_house));
}

void
tk_wt_on_cancel_clicked (TkWelcomeToPanel *self)
{
  tk_wt_clear_stage (self);
  self->refresh (self);
}

gboolean
tk_wt_cancel_binding (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   data)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (widget);

  if (self->stage == STAGE_CHOOSE)
    return FALSE;
  tk_wt_clear_stage (self);
  self->refresh (self);
  return TRUE;
}

void
tk_wt_on_bis_side_clicked (GtkButton        *button,
                           TkWelcomeToPanel *self)
{
  gint side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || self->bis_house < 0)
    return;
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_object_member (action, "bis",
                                 tk_wt_bis_member (self->bis_street, self->bis_house,
                                             self->bis_house + side));
  tk_wt_apply_turn (self, action);
}

void
tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self)
{
  if (self->stage == STAGE_ROUNDABOUT)
    tk_wt_clear_stage (self);
  else
    {
      tk_wt_clear_stage (self);
      self->stage = STAGE_ROUNDABOUT;
    }
  self->refresh (self);
}
