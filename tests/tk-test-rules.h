/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-rules.h — what every engine test does to a state: parse a JSON text, start a state
 * from a setup, apply an action that must be taken or must be refused, print the state.
 *
 * Each engine test names its rules once (`#define R (tk_agora_rules_get ())`) and calls these
 * with it; a refusal is checked to leave the state exactly as it was. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

/* @json parsed as an object; the test fails if it is not one. */
JsonObject *tk_test_rules_parse         (const char    *json);
/* A state of @rules from the setup @setup_json; the test fails if it is refused. */
gpointer    tk_test_rules_new_state     (const TkRules *rules,
                                         const char    *setup_json);
/* The state's JSON text, to compare before and after. */
char       *tk_test_rules_state_json    (const TkRules *rules,
                                         gpointer       state);
/* Applies @action_json, which must be described and taken. */
void        tk_test_rules_apply_ok      (const TkRules *rules,
                                         gpointer       state,
                                         const char    *action_json);
/* Applies @action_json, which must be refused with @code (any code when -1) and a message
 * that contains @words (when not NULL), leaving the state as it was. */
void        tk_test_rules_apply_refused (const TkRules *rules,
                                         gpointer       state,
                                         const char    *action_json,
                                         int            code,
                                         const char    *words);

G_END_DECLS
