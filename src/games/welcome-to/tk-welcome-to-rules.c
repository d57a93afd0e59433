/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-rules.c — Welcome To...: every player's sheet in one state, every write checked,
 * the sheet's bottom row scored live.
 *
 * Spec: shared/seeds/003 (the Japanese rules), numbers: shared/rules/welcome-to.md, decisions:
 * shared/rules/README.md.  Every number lives in the setup's "tables" (defaults in
 * tk-welcome-to-tables.c) so an old session re-scores the same.  Streets, houses and fences
 * count from 1 in JSON and in messages, from 0 in the engine's files.  Action JSON: docs/formats.md, "Welcome To...".
 *
 * This file holds the state and the TkRules vtable; the parts, one idea each, are
 * tk-welcome-to-tables.c (rule tables, setup), -sheet.c (the sheet and its checks), -plans.c
 * (plans and claims), -actions.c (the turn actions), -score.c (scoring) and -exchange.c (sheet
 * JSON, export/import), sharing tk-welcome-to-rules-private.h.
 */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* ---- state ---- */

static const char *
get_name (void)
{
  return _("Welcome To...");
}

static void
empty_sheet (Sheet *sheet)
{
  memset (sheet, 0, sizeof *sheet);
  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < MAX_HOUSES; h++)
      sheet->streets[s].houses[h].number = -1;
}

static gpointer
state_new (JsonObject  *setup,
           GError     **error)
{
  TkWelcomeToState *state;
  Rules rules;
  guint n;

  if (!tk_rules_check_setup_players (tk_welcome_to_rules_get (), setup, error))
    return NULL;
  n = tk_rules_setup_n_players (setup);
  if (!tk_welcome_to_read_rules (setup, n, &rules, error))
    return NULL;

  state = g_new0 (TkWelcomeToState, 1);
  state->setup = json_object_ref (setup);
  state->rules = rules;
  state->n_players = n;
  state->round = 1;
  state->sheets = g_new0 (Sheet, n);
  for (guint i = 0; i < n; i++)
    empty_sheet (&state->sheets[i]);
  state->acted = g_new0 (gboolean, n);
  state->revealed = g_new0 (gboolean, n);
  state->cards = g_new0 (Card, n * 3);
  state->passed = g_new0 (Card, n * 2);
  state->passed_round = g_new0 (guint, n * 2);
  return state;
}

static JsonObject *
card_to_json (const Card *card)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "number", card->number);
  json_object_set_string_member (object, "effect", tk_welcome_to_effect_names[card->effect]);
  return object;
}

static JsonObject *
to_json (gpointer data)
{
  TkWelcomeToState *state = data;
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();

  for (guint i = 0; i < state->n_players; i++)
    {
      JsonObject *player = json_object_new ();

      json_object_set_string_member (player, "name", tk_welcome_to_seat_name (state, i));
      json_object_set_boolean_member (player, "acted", state->acted[i]);
      if (state->revealed[i])
        {
          JsonArray *cards = json_array_new ();

          for (guint c = 0; c < 3; c++)
            json_array_add_object_element (cards, card_to_json (&state->cards[i * 3 + c]));
          json_object_set_array_member (player, "cards", cards);
        }
      else
        json_object_set_null_member (player, "cards");
      if (state->rules.draft)
        {
          JsonArray *passed = json_array_new ();

          for (guint k = 0; k < 2; k++)
            if (state->passed_round[i * 2 + k] > 0)
              {
                JsonObject *p = card_to_json (&state->passed[i * 2 + k]);
                json_object_set_int_member (p, "round", state->passed_round[i * 2 + k]);
                json_array_add_object_element (passed, p);
              }
          json_object_set_array_member (player, "passed", passed);
        }
      json_object_set_object_member (player, "sheet",
                                     tk_welcome_to_sheet_to_json (&state->rules,
                                                                  &state->sheets[i]));
      json_array_add_object_element (players, player);
    }
  json_object_set_string_member (object, "rules", TK_WELCOME_TO_RULES_ID);
  json_object_set_int_member (object, "round", state->round);
  json_object_set_int_member (object, "solo_flip_round", state->solo_flip_round);
  if (state->rules.solo)
    {
      /* What a panel needs to offer the solo card only when the next draw may hold it. */
      guint draw_round = tk_welcome_to_all_acted (state) ? state->round + 1 : state->round;

      json_object_set_int_member (object, "solo_card_first_round",
                                  state->rules.solo_card_first_round);
      json_object_set_boolean_member (object, "solo_card_possible",
                                      state->solo_flip_round == 0 &&
                                      draw_round >= state->rules.solo_card_first_round);
    }
  json_object_set_boolean_member (object, "over", tk_welcome_to_game_over (state));
  json_object_set_array_member (object, "players", players);
  return object;
}

/* ---- ledger lines ---- */

static char *
describe_action (gpointer    data,
                 JsonObject *action)
{
  TkWelcomeToState *state = data;
  const char *type = tk_welcome_to_action_type (action);
  gint64 seat = -1, number = -1, s = -1, h = -1, p = -1;
  const char *name;

  tk_rules_json_get_int (action, "seat", &seat);
  name = seat >= 0 && seat < state->n_players ? tk_welcome_to_seat_name (state, seat) : "?";
  if (g_strcmp0 (type, "turn") == 0)
    {
      tk_rules_json_get_int (action, "number", &number);
      tk_rules_json_get_int (action, "street", &s);
      tk_rules_json_get_int (action, "house", &h);
      /* TRANSLATORS: "Ana writes 7 in street 2, house 5" */
      return g_strdup_printf (_("%s writes %d in street %d, house %d"), name, (int) number,
                              (int) s, (int) h);
    }
  if (g_strcmp0 (type, "refuse") == 0)
    return g_strdup_printf (_("%s: building permit refused"), name);
  if (g_strcmp0 (type, "reveal") == 0)
    return g_strdup_printf (_("Cards for round %u"),
                            tk_welcome_to_any_acted (state) ? state->round + 1 : state->round);
  if (g_strcmp0 (type, "roundabout") == 0)
    {
      tk_rules_json_get_int (action, "street", &s);
      tk_rules_json_get_int (action, "house", &h);
      return g_strdup_printf (_("%s builds a roundabout in street %d, house %d"), name,
                              (int) s, (int) h);
    }
  if (g_strcmp0 (type, "claim") == 0)
    {
      tk_rules_json_get_int (action, "plan", &p);
      return g_strdup_printf (_("%s claims city plan n°%d"), name, (int) p);
    }
  if (g_strcmp0 (type, "solo_card") == 0)
    return g_strdup (_("The solo card turns up: every city plan is approved"));
  if (g_strcmp0 (type, "import_sheet") == 0)
    return g_strdup_printf (_("%s's sheet imported"), name);
  return g_strdup_printf (_("Action “%s”"), type != NULL ? type : "?");
}

static const TkRules welcome_to_rules = {
  .id = TK_WELCOME_TO_RULES_ID,
  .get_name = get_name,
  .min_players = 1,
  .max_players = 100,
  .default_setup = tk_welcome_to_default_setup,
  .state_new = state_new,
  .state_copy = tk_welcome_to_state_copy,
  .apply = tk_welcome_to_apply,
  .score = tk_welcome_to_score,
  .to_json = to_json,
  .describe_action = describe_action,
  .state_free = tk_welcome_to_state_free,
};

const TkRules *
tk_welcome_to_rules_get (void)
{
  return &welcome_to_rules;
}
