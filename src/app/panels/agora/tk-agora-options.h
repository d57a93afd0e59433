/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-options.h — the Agora options of the New Session dialog (TkSetupOptions). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TK_TYPE_AGORA_OPTIONS (tk_agora_options_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraOptions, tk_agora_options, TK, AGORA_OPTIONS, AdwPreferencesGroup)

G_END_DECLS
