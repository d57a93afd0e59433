/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-trial.c — candidate actions checked by the engine on a scratch state. */
#define G_LOG_DOMAIN "tk-welcome-to-trial"

#include "config.h"

#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-trial.h"

struct _TkWelcomeToTrial
{
  const TkRules *rules;
  gpointer       state;
  guint          seat;
};

static JsonObject *
seat_object (JsonObject *game,
             guint       seat)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

/* Whether every seat has played the round: its cards are then spent. */
static gboolean
round_done (JsonObject *game)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    if (!json_object_get_boolean_member_with_default (json_array_get_object_element (players, i),
                                                      "acted", FALSE))
      return FALSE;
  return TRUE;
}

TkWelcomeToTrial *
tk_welcome_to_trial_new (const TkRules *rules,
                         JsonObject    *setup,
                         JsonObject    *game,
                         guint          seat,
                         GError       **error)
{
  g_autoptr(TkWelcomeToTrial) trial = g_new0 (TkWelcomeToTrial, 1);
  JsonObject *player = seat_object (game, seat);
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonObject) import = NULL;
  JsonNode *cards;

  g_return_val_if_fail (rules != NULL && setup != NULL && game != NULL, NULL);

  trial->rules = rules;
  trial->seat = seat;
  if (player == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, "No seat %u", seat);
      return NULL;
    }
  trial->state = rules->state_new (setup, error);
  if (trial->state == NULL)
    return NULL;

  document = json_object_new ();
  json_object_set_string_member (document, "format", TK_WELCOME_TO_SHEET_FORMAT);
  json_object_set_int_member (document, "version", 1);
  json_object_set_object_member (document, "sheet",
                                 json_object_ref (json_object_get_object_member (player, "sheet")));
  import = tk_welcome_to_import_action (document, seat);
  if (!rules->apply (trial->state, import, error))
    return NULL;

  cards = json_object_get_member (player, "cards");
  if (cards != NULL && JSON_NODE_HOLDS_ARRAY (cards) && !round_done (game))
    {
      g_autoptr(JsonObject) reveal = json_object_new ();

      json_object_set_string_member (reveal, "type", "reveal");
      json_object_set_array_member (reveal, "cards", json_array_ref (json_node_get_array (cards)));
      json_object_set_int_member (reveal, "seat", seat);
      if (!rules->apply (trial->state, reveal, error))
        return NULL;
    }
  return g_steal_pointer (&trial);
}

void
tk_welcome_to_trial_free (TkWelcomeToTrial *trial)
{
  if (trial == NULL)
    return;
  if (trial->state != NULL)
    trial->rules->state_free (trial->state);
  g_free (trial);
}

gboolean
tk_welcome_to_trial_check (TkWelcomeToTrial *trial,
                           JsonObject       *action,
                           GError          **error)
{
  gpointer copy;
  gboolean ok;

  g_return_val_if_fail (trial != NULL, FALSE);

  copy = trial->rules->state_copy (trial->state);
  ok = trial->rules->apply (copy, action, error);
  trial->rules->state_free (copy);
  return ok;
}

JsonObject *
tk_welcome_to_trial_export (TkWelcomeToTrial *trial)
{
  g_return_val_if_fail (trial != NULL, NULL);
  return tk_welcome_to_export_sheet (trial->state, trial->seat);
}
