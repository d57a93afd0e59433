/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-agora.h — what several Agora tests read from a state (a player's money, the phase,
 * the shops and the score as short texts) and the two tables they build up to.
 *
 * The tests call them by short names through macros at their top, as they call
 * tests/tk-test-rules.h. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Setups of two and three players (Ana A, Ben B, Cleo C), left open for more members. */
#define TWO "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}]"
#define THREE "{\"players\":[{\"name\":\"Ana\",\"letter\":\"A\"},{\"name\":\"Ben\",\"letter\":\"B\"}," \
              "{\"name\":\"Cleo\",\"letter\":\"C\"}]"

/* The money of the player in @seat. */
gint64      tk_test_agora_money       (gpointer    state,
                                       guint       seat);
/* The phase's name, in a static buffer overwritten by the next call. */
const char *tk_test_agora_phase       (gpointer    state);
/* "id:owner:marks:doors:cards" per shop, e.g. "1:-:2:3:1 2:0:3:2:1,2"; free it. */
char       *tk_test_agora_shops       (gpointer    state);
/* "money/rank/winner" per seat plus the result, e.g. "52/1/w 10/2/- win"; free it. */
char       *tk_test_agora_summary     (gpointer    state);
/* A state of @setup_json where Ana bought shop 1 for $3 and Ben shop 2 for $4, each from
 * @start dollars. */
gpointer    tk_test_agora_two_shops   (const char *setup_json,
                                       gint64      start);
/* Three players with four shops on three cards: 1 Ana's (the largest), 2 unowned, 3 Ben's,
 * 4 Cleo's; Ana to act. */
gpointer    tk_test_agora_event_table (void);

G_END_DECLS
