/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-state.c — the "state" message a guest's phone draws.
 *
 * Whose turn it is lives in each engine's own member (Agora and City Plan "active",
 * Metropolis "current"; Welcome To's players who have not "acted" this round); the score
 * comes from the engine's score (), as on the host's score cards.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include "tk-invite-protocol.h"
#include "tk-invite-state.h"
#include "tk-ledger-entry.h"
#include "tk-rules-json.h"

/* The newest @max ledger entries that are not undone, newest first (new references). */
static GPtrArray *
newest_active (TkSession *session,
               guint      max)
{
  GListModel *ledger = tk_session_get_ledger (session);
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = g_list_model_get_n_items (ledger); i > 0 && entries->len < max; i--)
    {
      TkLedgerEntry *entry = g_list_model_get_item (ledger, i - 1);

      if (tk_ledger_entry_get_undone (entry))
        g_object_unref (entry);
      else
        g_ptr_array_add (entries, entry);
    }
  return entries;
}

static void
add_ledger (JsonObject *object,
            TkSession  *session)
{
  g_autoptr(GPtrArray) entries = newest_active (session, TK_INVITE_LEDGER_LINES);
  JsonArray *lines = json_array_new ();

  for (guint i = 0; i < entries->len; i++)
    json_array_add_string_element (lines, tk_ledger_entry_get_text (g_ptr_array_index (entries, i)));
  json_object_set_array_member (object, "ledger", lines);
}

/* What the phone needs of the setup to offer a claim, a roundabout and the pool spots: the
 * plans' numbers, kinds and estate sizes, the variant, each street's pool houses. */
static void
add_welcome_to_setup (JsonObject *object,
                      JsonObject *setup)
{
  JsonArray *plans = tk_rules_json_get_array (setup, "plans");
  JsonObject *tables = tk_rules_json_get_object (setup, "tables");
  JsonArray *streets = tables != NULL ? tk_rules_json_get_array (tables, "streets") : NULL;
  JsonArray *out = json_array_new ();
  const char *variant = tk_rules_json_get_string (setup, "variant");

  for (guint i = 0; plans != NULL && i < json_array_get_length (plans); i++)
    {
      JsonObject *plan = json_array_get_object_element (plans, i);
      JsonObject *copy = json_object_new ();
      JsonArray *sizes = plan != NULL ? tk_rules_json_get_array (plan, "sizes") : NULL;
      gint64 number = i + 1;

      if (plan != NULL)
        tk_rules_json_get_int (plan, "number", &number);
      json_object_set_int_member (copy, "number", number);
      json_object_set_string_member (copy, "kind", plan != NULL && tk_rules_json_get_string (plan, "kind") != NULL
                                                   ? tk_rules_json_get_string (plan, "kind") : "estates");
      if (sizes != NULL)
        json_object_set_array_member (copy, "sizes", json_array_ref (sizes));
      json_array_add_object_element (out, copy);
    }
  json_object_set_array_member (object, "plans", out);
  json_object_set_string_member (object, "variant", variant != NULL ? variant : "basic");
  /* Solo and the advanced rules play a number from one card and an effect from another. */
  json_object_set_boolean_member (object, "split_cards",
                                  json_object_get_boolean_member_with_default (setup, "solo", FALSE) ||
                                  json_object_get_boolean_member_with_default (setup, "draft", FALSE));
  if (streets != NULL)
    {
      JsonArray *pools = json_array_new ();

      for (guint i = 0; i < json_array_get_length (streets); i++)
        {
          JsonObject *street = json_array_get_object_element (streets, i);
          JsonArray *spots = street != NULL ? tk_rules_json_get_array (street, "pools") : NULL;

          if (spots != NULL)
            json_array_add_array_element (pools, json_array_ref (spots));
          else
            json_array_add_array_element (pools, json_array_new ());
        }
      json_object_set_array_member (object, "pools", pools);
    }
}

/* Whether every player has played the engine's round. */
static gboolean
all_acted (JsonArray *players)
{
  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    if (!json_object_get_boolean_member_with_default (json_array_get_object_element (players, i),
                                                      "acted", FALSE))
      return FALSE;
  return TRUE;
}

/* Welcome To: the round, who has yet to play it, and this guest's own sheet and cards.
 * Once everyone has played, the next turn (or the next cards) opens the next round: the
 * phone shows that one, as the host's panel does, with everyone to play it and none of the
 * finished round's cards. */
static void
add_welcome_to (JsonObject *object,
                JsonObject *game,
                int         seat)
{
  JsonArray *players = tk_rules_json_get_array (game, "players");
  JsonArray *waiting = json_array_new ();
  gboolean next_round = players != NULL && all_acted (players) &&
                        !json_object_get_boolean_member_with_default (game, "over", FALSE);
  gint64 round = 0;

  tk_rules_json_get_int (game, "round", &round);
  json_object_set_int_member (object, "round", next_round ? round + 1 : round);
  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    {
      JsonObject *player = json_array_get_object_element (players, i);
      gboolean acted = json_object_get_boolean_member_with_default (player, "acted", FALSE) &&
                       !next_round;

      if (!acted)
        json_array_add_int_element (waiting, i);
      if ((int) i == seat)
        {
          JsonObject *sheet = tk_rules_json_get_object (player, "sheet");
          JsonArray *cards = tk_rules_json_get_array (player, "cards");

          if (sheet != NULL)
            json_object_set_object_member (object, "sheet", json_object_ref (sheet));
          if (cards != NULL && !next_round)
            json_object_set_array_member (object, "cards", json_array_ref (cards));
          json_object_set_boolean_member (object, "acted", acted);
        }
    }
  json_object_set_array_member (object, "waiting", waiting);
}

/* What the host's panel ticks by itself for a pool or a park (tk-welcome-to-panel-taps.c:
 * whenever the engine takes it), so that the phone offers the same: whether each street of
 * this guest's sheet has a park left to build, and whether the pool track has a box left.
 * Counted as the engine counts (tk-welcome-to-sheet.c); a setup without its tables leaves
 * the phone to its own defaults. */
static void
add_welcome_to_room (JsonObject *object,
                     JsonObject *setup)
{
  JsonObject *tables = tk_rules_json_get_object (setup, "tables");
  JsonObject *sheet = tk_rules_json_get_object (object, "sheet");
  JsonArray *table_streets = tables != NULL ? tk_rules_json_get_array (tables, "streets") : NULL;
  JsonArray *pool_track = tables != NULL ? tk_rules_json_get_array (tables, "pools") : NULL;
  JsonArray *streets = sheet != NULL ? tk_rules_json_get_array (sheet, "streets") : NULL;
  JsonArray *park_room;
  guint n_pools = 0;

  if (table_streets == NULL || pool_track == NULL || streets == NULL)
    return;
  park_room = json_array_new ();
  for (guint s = 0; s < json_array_get_length (streets); s++)
    {
      JsonObject *street = json_array_get_object_element (streets, s);
      JsonObject *table = s < json_array_get_length (table_streets)
                          ? json_array_get_object_element (table_streets, s) : NULL;
      JsonArray *parks = table != NULL ? tk_rules_json_get_array (table, "parks") : NULL;
      JsonArray *houses = street != NULL ? tk_rules_json_get_array (street, "houses") : NULL;
      gint64 built = 0;

      if (street != NULL)
        tk_rules_json_get_int (street, "parks", &built);
      json_array_add_boolean_element (park_room, parks != NULL &&
                                                 built + 1 < (gint64) json_array_get_length (parks));
      for (guint h = 0; houses != NULL && h < json_array_get_length (houses); h++)
        {
          JsonNode *node = json_array_get_element (houses, h);

          if (JSON_NODE_HOLDS_OBJECT (node) &&
              json_object_get_boolean_member_with_default (json_node_get_object (node), "pool",
                                                           FALSE))
            n_pools++;
        }
    }
  json_object_set_array_member (object, "park_room", park_room);
  json_object_set_boolean_member (object, "pool_room",
                                  n_pools + 1 < json_array_get_length (pool_track));
}

/* The score pad: this guest's column, one entry per round (null: not entered). */
static void
add_generic (JsonObject *object,
             JsonObject *game,
             int         seat)
{
  JsonArray *rounds = tk_rules_json_get_array (game, "rounds");
  JsonArray *mine = json_array_new ();

  for (guint r = 0; rounds != NULL && seat >= 0 && r < json_array_get_length (rounds); r++)
    {
      JsonArray *round = json_array_get_array_element (rounds, r);

      if (round != NULL && (guint) seat < json_array_get_length (round))
        json_array_add_element (mine, json_node_copy (json_array_get_element (round, seat)));
    }
  json_object_set_array_member (object, "rounds", mine);
}

/* ---- public API ---- */

gint64
tk_invite_state_ledger_seq (TkSession *session)
{
  g_autoptr(GPtrArray) entries = newest_active (session, 1);

  return entries->len > 0 ? tk_ledger_entry_get_seq (g_ptr_array_index (entries, 0)) : 0;
}

JsonObject *
tk_invite_state_build (TkSession         *session,
                       int                seat,
                       gint64             revision,
                       const char *const *guests)
{
  JsonObject *object = tk_invite_reply_new ("state");
  g_autoptr(JsonObject) all = tk_session_to_json (session);
  JsonObject *game = tk_rules_json_get_object (all, "game");
  JsonObject *setup = tk_session_get_setup (session);
  const char *rules_id = tk_session_get_rules (session)->id;
  JsonArray *players = json_array_new ();
  guint n = tk_session_get_n_players (session);
  gint64 turn;

  g_return_val_if_fail (TK_IS_SESSION (session), NULL);

  json_object_set_int_member (object, "revision", revision);
  json_object_set_int_member (object, "ledger_seq", tk_invite_state_ledger_seq (session));
  json_object_set_string_member (object, "title", tk_session_get_display_title (session));
  json_object_set_string_member (object, "rules", rules_id);
  json_object_set_boolean_member (object, "open",
                                  g_strcmp0 (tk_session_get_status (session), "open") == 0);
  json_object_set_boolean_member (object, "input", tk_invite_rules_take_input (rules_id));
  if (seat >= 0)
    json_object_set_int_member (object, "seat", seat);
  else
    json_object_set_null_member (object, "seat");

  for (guint i = 0; i < n; i++)
    {
      JsonObject *player = json_object_new ();

      json_object_set_int_member (player, "seat", i);
      json_object_set_string_member (player, "name", tk_rules_setup_player_name (setup, i));
      json_object_set_string_member (player, "colour", tk_rules_setup_player_colour (setup, i));
      json_object_set_string_member (player, "guest", guests != NULL && guests[i] != NULL
                                                      ? guests[i] : "free");
      json_array_add_object_element (players, player);
    }
  json_object_set_array_member (object, "players", players);
  json_object_set_object_member (object, "score", tk_session_score (session));
  add_ledger (object, session);

  if (game != NULL)
    {
      if ((tk_rules_json_get_int (game, "active", &turn) ||
           tk_rules_json_get_int (game, "current", &turn)) && turn >= 0 && turn < n)
        json_object_set_int_member (object, "turn", turn);
      if (g_strcmp0 (rules_id, "welcome-to") == 0)
        {
          add_welcome_to (object, game, seat);
          add_welcome_to_setup (object, setup);
          add_welcome_to_room (object, setup);
        }
      else if (g_strcmp0 (rules_id, "generic-score-pad") == 0)
        add_generic (object, game, seat);
    }
  return object;
}
