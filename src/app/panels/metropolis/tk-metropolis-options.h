/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-options.h — the Foundations of Metropolis options of the New Session dialog (TkSetupOptions). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_OPTIONS (tk_metropolis_options_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisOptions, tk_metropolis_options, TK, METROPOLIS_OPTIONS, AdwPreferencesGroup)

G_END_DECLS
