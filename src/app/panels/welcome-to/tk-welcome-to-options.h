/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-options.h — the Welcome To... options of the New Session dialog (TkSetupOptions). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_OPTIONS (tk_welcome_to_options_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToOptions, tk_welcome_to_options, TK, WELCOME_TO_OPTIONS, AdwPreferencesGroup)

G_END_DECLS
