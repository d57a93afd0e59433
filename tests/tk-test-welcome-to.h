/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-welcome-to.h — what several Welcome To... engine tests share: a state from the
 * default setup with members put over it, a seat's points by category, whole sheets written
 * as short texts (SheetSpec) and imported, and a solo state with short decks.
 *
 * The tests call them by short names through macros at their top, as they call
 * tests/tk-test-rules.h. */
#pragma once

#include "tk-rules.h"
#include "welcome-to/tk-welcome-to-rules.h"

G_BEGIN_DECLS

#define ILLEGAL TK_RULES_ERROR_ILLEGAL
#define INVALID TK_RULES_ERROR_INVALID

/* Streets of 10, 11 and 12 empty houses, in SheetSpec's tokens. */
#define EMPTY1 ". . . . . . . . . ."
#define EMPTY2 ". . . . . . . . . . ."
#define EMPTY3 ". . . . . . . . . . . ."

/* A single sheet kept alone (not solo): each turn is a round. */
#define ALONE "{\"solo\":false}"
#define ALONE_INTERMEDIATE "{\"solo\":false,\"variant\":\"intermediate\"}"

/* Three estate plans: 3+3+3, 4+5 and 1+2+2+3. */
#define PLANS_345 "\"plans\":[" \
  "{\"number\":1,\"kind\":\"estates\",\"sizes\":[3,3,3],\"first\":8,\"later\":4}," \
  "{\"number\":2,\"kind\":\"estates\",\"sizes\":[4,5],\"first\":9,\"later\":5}," \
  "{\"number\":3,\"kind\":\"estates\",\"sizes\":[1,2,2,3],\"first\":11,\"later\":6}]"

/* A round's three cards: 3 pool, 8 temp agency, 12 bis. */
#define REVEAL_A "{\"type\":\"reveal\",\"cards\":[{\"number\":3,\"effect\":\"pool\"}," \
                 "{\"number\":8,\"effect\":\"temp\"},{\"number\":12,\"effect\":\"bis\"}]}"

/* A sheet written by hand.  A street is tokens: "." empty, "N" number, "Np" with its pool,
 * "Nb<" / "Nb>" a bis copied from the left / right neighbour, "R" roundabout, "|" a fence
 * after the previous house. */
typedef struct
{
  const char *streets[3];
  int         parks[3];
  int         temps;
  int         agents[6];
  int         refusals;
  const char *plans;          /* JSON array text, NULL: none claimed */
} TkTestSheet;

/* The default setup for @n players with the members of @extra (a JSON object text) put over
 * it; the test fails if it is refused. */
gpointer tk_test_welcome_to_new_state       (guint              n,
                                             const char        *extra);
/* A solo state of @solo_rounds rounds whose solo card may turn up from the first round, with
 * the "plans" member of @plans (a JSON object text) when not NULL. */
gpointer tk_test_welcome_to_new_solo        (guint              solo_rounds,
                                             const char        *plans);
/* Points of category @key ("total", "rank" or a breakdown key) for @seat. */
gint64   tk_test_welcome_to_points          (gpointer           state,
                                             guint              seat,
                                             const char        *key);
/* "n1,n2,…,n6" completed estates by size for @seat; free it. */
char    *tk_test_welcome_to_estates_by_size (gpointer           state,
                                             guint              seat);
/* The sheet's JSON text; free it. */
char    *tk_test_welcome_to_sheet_text      (const TkTestSheet *spec);
/* An import_sheet action of @spec for @seat, which must be taken or must be refused. */
void     tk_test_welcome_to_import_ok       (gpointer           state,
                                             guint              seat,
                                             const TkTestSheet *spec);
void     tk_test_welcome_to_import_refused  (gpointer           state,
                                             guint              seat,
                                             const TkTestSheet *spec);

/* The short names the engine test programs call these steps by. */
#define R (tk_welcome_to_rules_get ())

#define parse(json) tk_test_rules_parse (json)
#define state_json(state) tk_test_rules_state_json (R, state)
#define apply_ok(state, action) tk_test_rules_apply_ok (R, state, action)
#define apply_refused(state, action, code) \
  tk_test_rules_apply_refused (R, state, action, code, NULL)
#define new_state(n, extra) tk_test_welcome_to_new_state (n, extra)
#define new_solo(rounds, plans) tk_test_welcome_to_new_solo (rounds, plans)
#define points(state, seat, key) tk_test_welcome_to_points (state, seat, key)
#define estates_by_size(state, seat) tk_test_welcome_to_estates_by_size (state, seat)
#define sheet_text(spec) tk_test_welcome_to_sheet_text (spec)
#define import_ok(state, seat, spec) tk_test_welcome_to_import_ok (state, seat, spec)
#define import_refused(state, seat, spec) tk_test_welcome_to_import_refused (state, seat, spec)

G_END_DECLS
