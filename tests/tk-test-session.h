/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-session.h — a session started from a fixture file, and an action applied that must
 * be taken, for tests of sessions and the panels' models. */
#pragma once

#include "tk-session.h"

G_BEGIN_DECLS

/* Starts a @rules_id session titled @title in @store with the setup of tests/fixtures/@name
 * and returns it; @actions (out): a new array of that file's actions, none of them undone.
 * Fails the test on any error. */
TkSession *tk_test_session_from_fixture (TkStore     *store,
                                         const char  *rules_id,
                                         const char  *title,
                                         const char  *name,
                                         JsonArray  **actions);
/* Applies the action @json to @session; fails the test when it is refused. */
void       tk_test_apply_ok             (TkSession   *session,
                                         const char  *json);

G_END_DECLS
