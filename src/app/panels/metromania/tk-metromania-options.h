/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-options.h — the Metromania options of the New Session dialog (TkSetupOptions). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_METROMANIA_OPTIONS (tk_metromania_options_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaOptions, tk_metromania_options, TK, METROMANIA_OPTIONS, AdwPreferencesGroup)

G_END_DECLS
