/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-read.c — what the Welcome To... panel reads from the session's JSON
 * (players, sheets, streets, houses, the round's cards, the score) and the pick being made.
 * Reads only: no widget, no action.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"

const char *const tk_wt_effect_ids[N_EFFECTS] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

/* ---- names ---- */

const char *
tk_wt_effect_name (gint effect)
{
  switch (effect)
    {
    case EFFECT_SURVEYOR: return _("Surveyor");
    case EFFECT_REAL_ESTATE: return _("Real Estate Agent");
    case EFFECT_LANDSCAPER: return _("Landscaper");
    case EFFECT_POOL: return _("Pool Manufacturer");
    case EFFECT_TEMP: return _("Temp Agency");
    /* Translators: the bis effect (a house number written twice, "7b") */
    case EFFECT_BIS: return _("Bis");
    default: return "?";
    }
}

gint
tk_wt_effect_from_id (const char *id)
{
  for (guint e = 0; id != NULL && e < N_EFFECTS; e++)
    if (g_str_equal (tk_wt_effect_ids[e], id))
      return (gint) e;
  return -1;
}

/* ---- reading the session's JSON ---- */

JsonObject *
tk_wt_player_object (TkWelcomeToPanel *self,
                     guint             seat)
{
  JsonArray *players = self->game != NULL ? json_object_get_array_member (self->game, "players")
                                          : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

JsonObject *
tk_wt_sheet_object (TkWelcomeToPanel *self)
{
  JsonObject *player = tk_wt_player_object (self, self->seat);

  return player != NULL ? json_object_get_object_member (player, "sheet") : NULL;
}

JsonObject *
tk_wt_street_object (JsonObject *sheet,
                     guint       s)
{
  JsonArray *streets = sheet != NULL ? json_object_get_array_member (sheet, "streets") : NULL;

  if (streets == NULL || s >= json_array_get_length (streets))
    return NULL;
  return json_array_get_object_element (streets, s);
}

/* The box of house @h (0-based) of street @s, NULL when empty. */
JsonObject *
tk_wt_house_object (JsonObject *sheet,
                    guint       s,
                    guint       h)
{
  JsonObject *street = tk_wt_street_object (sheet, s);
  JsonArray *houses = street != NULL ? json_object_get_array_member (street, "houses") : NULL;
  JsonNode *node;

  if (houses == NULL || h >= json_array_get_length (houses))
    return NULL;
  node = json_array_get_element (houses, h);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Whether a fence stands between house @k and @k + 1 (0-based) of street @s. */
gboolean
tk_wt_has_fence (JsonObject *sheet,
                 guint       s,
                 guint       k)
{
  JsonObject *street = tk_wt_street_object (sheet, s);
  JsonArray *fences = street != NULL ? json_object_get_array_member (street, "fences") : NULL;

  for (guint i = 0; fences != NULL && i < json_array_get_length (fences); i++)
    if (json_array_get_int_element (fences, i) == (gint64) k + 1)
      return TRUE;
  return FALSE;
}

gboolean
tk_wt_house_has_number (JsonObject *house)
{
  return house != NULL && json_object_has_member (house, "number");
}

gboolean
tk_wt_acted (TkWelcomeToPanel *self,
             guint             seat)
{
  JsonObject *player = tk_wt_player_object (self, seat);

  return player != NULL && json_object_get_boolean_member_with_default (player, "acted", FALSE);
}

gboolean
tk_wt_round_done (TkWelcomeToPanel *self)
{
  for (guint i = 0; i < self->n_players; i++)
    if (!tk_wt_acted (self, i))
      return FALSE;
  return TRUE;
}

gboolean
tk_wt_game_over (TkWelcomeToPanel *self)
{
  return self->game != NULL && json_object_get_boolean_member_with_default (self->game, "over",
                                                                            FALSE);
}

/* The seat's recorded cards for the round still being played, or NULL. */
JsonArray *
tk_wt_open_cards (TkWelcomeToPanel *self)
{
  JsonObject *player = tk_wt_player_object (self, self->seat);
  JsonNode *node = player != NULL ? json_object_get_member (player, "cards") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || tk_wt_round_done (self))
    return NULL;
  return json_node_get_array (node);
}

JsonObject *
tk_wt_score_player (TkWelcomeToPanel *self,
                    guint             seat)
{
  JsonArray *players = self->score != NULL ? json_object_get_array_member (self->score, "players")
                                           : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

gint64
tk_wt_breakdown_points (JsonObject *player,
                        const char *key,
                        const char **label)
{
  JsonArray *breakdown = player != NULL ? json_object_get_array_member (player, "breakdown")
                                        : NULL;

  for (guint i = 0; breakdown != NULL && i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (line, "key", ""), key) == 0)
        {
          if (label != NULL)
            *label = json_object_get_string_member_with_default (line, "label", key);
          return json_object_get_int_member_with_default (line, "points", 0);
        }
    }
  return 0;
}

JsonArray *
tk_wt_table_array (TkWelcomeToPanel *self,
                   const char       *member)
{
  return json_object_get_array_member (self->tables, member);
}

JsonObject *
tk_wt_setup_plan (TkWelcomeToPanel *self,
                  guint             p)
{
  JsonArray *plans = json_object_get_array_member (tk_session_get_setup (self->session), "plans");

  return plans != NULL && p < json_array_get_length (plans)
         ? json_array_get_object_element (plans, p) : NULL;
}

/* Completed estates of the shown sheet: runs between fences (street ends count), every box
 * a number, 1 to 6 houses. */
GArray *
tk_wt_completed_estates (TkWelcomeToPanel *self,
                         JsonObject       *sheet)
{
  GArray *estates = g_array_new (FALSE, FALSE, sizeof (Estate));

  for (guint s = 0; s < N_STREETS; s++)
    {
      guint start = 0;

      for (guint k = 0; k < self->houses[s]; k++)
        {
          gboolean complete = TRUE;

          if (k + 1 < self->houses[s] && !tk_wt_has_fence (sheet, s, k))
            continue;
          for (guint h = start; h <= k; h++)
            complete = complete && tk_wt_house_has_number (tk_wt_house_object (sheet, s, h));
          if (complete && k - start + 1 <= N_COLUMNS)
            {
              Estate estate = { s, start, k };
              g_array_append_val (estates, estate);
            }
          start = k + 1;
        }
    }
  return estates;
}

/* The estates the sheet's claims used (they carry the paper's top fence). */
gboolean
tk_wt_estate_used (JsonObject *sheet,
                   guint       s,
                   guint       h)
{
  JsonArray *plans = sheet != NULL ? json_object_get_array_member (sheet, "plans") : NULL;

  for (guint p = 0; plans != NULL && p < json_array_get_length (plans); p++)
    {
      JsonNode *node = json_array_get_element (plans, p);
      JsonArray *estates;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      estates = json_object_get_array_member (json_node_get_object (node), "estates");
      for (guint e = 0; estates != NULL && e < json_array_get_length (estates); e++)
        {
          JsonObject *estate = json_array_get_object_element (estates, e);

          if (json_object_get_int_member (estate, "street") == (gint64) s + 1 &&
              json_object_get_int_member (estate, "from") <= (gint64) h + 1 &&
              json_object_get_int_member (estate, "to") >= (gint64) h + 1)
            return TRUE;
        }
    }
  return FALSE;
}

/* ---- the pick ---- */

/* The number and effect picked for this turn; FALSE while incomplete. */
gboolean
tk_wt_current_pick (TkWelcomeToPanel *self,
                    gint             *number,
                    gint             *effect)
{
  JsonArray *cards = tk_wt_open_cards (self);

  if (cards != NULL)
    {
      gint n = -1, e = -1;

      if (self->solo || self->draft)
        {
          if (self->number_card < 0 || self->effect_card < 0 ||
              self->number_card == self->effect_card)
            return FALSE;
          n = self->number_card;
          e = self->effect_card;
        }
      else
        {
          if (self->card < 0)
            return FALSE;
          n = e = self->card;
        }
      *number = (gint) json_object_get_int_member (json_array_get_object_element (cards, n),
                                                   "number");
      *effect = tk_wt_effect_from_id (json_object_get_string_member (json_array_get_object_element (cards, e),
                                                               "effect"));
      return *effect >= 0;
    }
  if (self->manual_number <= 0 || self->manual_effect < 0)
    return FALSE;
  *number = self->manual_number;
  *effect = self->manual_effect;
  return TRUE;
}

gint
tk_wt_written_number (TkWelcomeToPanel *self,
                      gint              number,
                      gint              effect)
{
  return effect == EFFECT_TEMP ? number + self->temp_delta : number;
}

/* The turn writing the picked number in house @h of street @s (0-based), no effect target. */
JsonObject *
tk_wt_turn_action (TkWelcomeToPanel *self,
                   guint             s,
                   guint             h)
{
  JsonObject *action = json_object_new ();
  gint number = 0, effect = -1;

  tk_wt_current_pick (self, &number, &effect);
  json_object_set_string_member (action, "type", "turn");
  json_object_set_int_member (action, "seat", self->seat);
  if (tk_wt_open_cards (self) != NULL)
    {
      if (self->solo || self->draft)
        {
          json_object_set_int_member (action, "number_card", self->number_card);
          json_object_set_int_member (action, "effect_card", self->effect_card);
        }
      else
        json_object_set_int_member (action, "card", self->card);
    }
  else
    {
      json_object_set_int_member (action, "card_number", number);
      json_object_set_string_member (action, "effect", effect >= 0 ? tk_wt_effect_ids[effect] : "");
    }
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  json_object_set_int_member (action, "number", tk_wt_written_number (self, number, effect));
  if (effect == EFFECT_TEMP && self->temp_delta == 0 && !self->temp_cross)
    json_object_set_boolean_member (action, "temp", FALSE);
  return action;
}

JsonObject *
tk_wt_bis_member (guint s,
                  guint h,
                  guint from)
{
  JsonObject *bis = json_object_new ();

  json_object_set_int_member (bis, "street", s + 1);
  json_object_set_int_member (bis, "house", h + 1);
  json_object_set_int_member (bis, "from", from + 1);
  return bis;
}

gboolean
tk_wt_trial_ok (TkWelcomeToPanel *self,
                JsonObject       *action)
{
  return self->trial != NULL && tk_welcome_to_trial_check (self->trial, action, NULL);
}
