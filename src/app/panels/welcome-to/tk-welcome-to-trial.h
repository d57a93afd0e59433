/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-trial.h — asks the Welcome To... engine whether an action would be taken,
 * without touching the session.
 *
 * The session keeps its state to itself, so a trial rebuilds one seat's side of it with the
 * engine: a fresh state from the session's setup, the seat's sheet imported, this round's
 * cards recorded again when they are still open.  Each check then applies the candidate
 * action to a copy (state_copy + apply) and throws the copy away.  Turn order is not part
 * of a trial (the session still checks it when the action is really applied).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-rules.h"

G_BEGIN_DECLS

typedef struct _TkWelcomeToTrial TkWelcomeToTrial;

/* @game is the engine's state JSON ("game" of tk_session_to_json()). */
TkWelcomeToTrial *tk_welcome_to_trial_new      (const TkRules     *rules,
                                                JsonObject        *setup,
                                                JsonObject        *game,
                                                guint              seat,
                                                GError           **error);
void              tk_welcome_to_trial_free     (TkWelcomeToTrial  *trial);
/* Whether the engine would take @action for this seat; the refusal in @error. */
gboolean          tk_welcome_to_trial_check    (TkWelcomeToTrial  *trial,
                                                JsonObject        *action,
                                                GError           **error);
/* The engine's exchange document of the seat's sheet (a new object). */
JsonObject       *tk_welcome_to_trial_export   (TkWelcomeToTrial  *trial);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkWelcomeToTrial, tk_welcome_to_trial_free)

G_END_DECLS
