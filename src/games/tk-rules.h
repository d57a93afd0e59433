/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-rules.h — the interface every rules engine implements, and the registry of engines.
 *
 * An engine folds a session's ledger of actions into a state.  It is deterministic (no clock,
 * no randomness: a shuffle is an action carrying its result) and never touches GTK or SQLite.
 *
 * Conventions every engine follows, so that the session layer, the play history and the
 * command line can treat all games alike:
 *
 *  - The setup is a JSON object with at least a "players" array; element i is the player in
 *    seat i: { "name": string (required), "colour": "#rrggbb" (optional),
 *    "player_id": integer roster id (optional), "team": string (optional) }.  The rest of
 *    the setup (rule tables, options) belongs to the engine.
 *  - An action is a JSON object with a "type" string member.  Types starting with "table."
 *    belong to the session layer (first player, …) and never reach the engine.
 *  - apply() either applies the whole action or refuses it with a GError in TK_RULES_ERROR
 *    whose message a player can read, and then leaves the state exactly as it was.
 *  - score() returns { "players": [ { "seat", "name", "total", "rank", "winner",
 *    "breakdown": [ { "label", "points" } … ] } … ], … } with ranks shared on ties
 *    (1, 1, 3); engines may add members (teams, co-operative result, …).
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_RULES_ERROR (tk_rules_error_quark ())

typedef enum
{
  TK_RULES_ERROR_ILLEGAL,     /* the action breaks a rule; the message says which */
  TK_RULES_ERROR_INVALID,     /* the action or setup is malformed */
  TK_RULES_ERROR_UNKNOWN,     /* no engine with that id is installed */
} TkRulesError;

typedef struct _TkRules TkRules;

struct _TkRules
{
  const char  *id;                                   /* stable, stored in the library */
  const char *(*get_name)        (void);             /* translated */
  guint        min_players;
  guint        max_players;

  /* A setup for @n_players with the engine's default options (a new object). */
  JsonObject *(*default_setup)   (guint n_players);
  /* Checks @setup and returns the state before any action. */
  gpointer    (*state_new)       (JsonObject *setup, GError **error);
  /* An independent deep copy (the session layer keeps snapshots and validates on copies). */
  gpointer    (*state_copy)      (gpointer state);
  gboolean    (*apply)           (gpointer state, JsonObject *action, GError **error);
  /* The score breakdown of the current state (a new object). */
  JsonObject *(*score)           (gpointer state);
  /* The whole state, for export, tests and the command line (a new object). */
  JsonObject *(*to_json)         (gpointer state);
  /* A readable, translated ledger line for @action applied to @state (the state before it),
   * e.g. "Ana +5 — round 3".  Never fails: an odd action gets a plain description. */
  char       *(*describe_action) (gpointer state, JsonObject *action);
  void        (*state_free)      (gpointer state);
};

GQuark          tk_rules_error_quark (void);

void            tk_rules_register    (const TkRules *rules);
const TkRules  *tk_rules_lookup      (const char    *id);
GPtrArray      *tk_rules_list        (void);

/* Registers every engine built into Tablekeeper; the app, the CLI and the tests call it once
 * at start-up (calling it again does nothing). */
void            tk_games_register_all (void);

/* The engine that keeps the books for the catalog game @catalog_key ("bgg:23908",
 * "tk:agora", …), or NULL when the game has none (it then gets the generic score pad). */
const char     *tk_games_rules_for_catalog_key (const char *catalog_key);
/* The other way: the catalog game an engine keeps the books for, or NULL. */
const char     *tk_games_catalog_key_for_rules (const char *rules_id);

/* Helpers over the setup conventions above. */
guint           tk_rules_setup_n_players     (JsonObject *setup);
const char     *tk_rules_setup_player_name   (JsonObject *setup,
                                              guint       seat);
const char     *tk_rules_setup_player_colour (JsonObject *setup,
                                              guint       seat);
const char     *tk_rules_seat_colour         (guint       seat);
gint64          tk_rules_setup_player_id     (JsonObject *setup,
                                              guint       seat);
/* The "players" of a default setup: @n_players players named "Player 1", "Player 2", … */
JsonArray      *tk_rules_default_players     (guint       n_players);
/* Appends {"label": @label, "points": @points} to a score's "breakdown". */
void            tk_rules_breakdown_add       (JsonArray  *breakdown,
                                              const char *label,
                                              gint64      points);

/* Checks the common part of a setup (the players array) for @rules. */
gboolean        tk_rules_check_setup_players (const TkRules *rules,
                                              JsonObject    *setup,
                                              GError       **error);
/* A turn action's optional "seat": absent, or the seat of @active; any other seat is refused
 * ("It is Ana's turn, not Ben's."), never taken as the active player acting. */
gboolean        tk_rules_check_turn_seat     (JsonObject    *action,
                                              JsonObject    *setup,
                                              guint          n_players,
                                              guint          active,
                                              GError       **error);

/* JSON text of @object, compact and with members in insertion order (stable for tests). */
char           *tk_rules_json_to_string      (JsonObject *object);
/* Parses @text into an object, refusing anything that is not one. */
JsonObject     *tk_rules_json_parse_object   (const char  *text,
                                              gssize       length,
                                              GError     **error);

G_END_DECLS
