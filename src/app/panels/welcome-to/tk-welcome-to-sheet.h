/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.h — reading a Welcome To... sheet as the engine writes it in its JSON
 * (streets, houses, fences) and a seat's score breakdown: plain functions
 * over borrowed JSON, no object, so that the model and its views read a sheet one way.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "welcome-to/tk-welcome-to-rules.h"

G_BEGIN_DECLS

#define TK_WELCOME_TO_N_STREETS   3
#define TK_WELCOME_TO_MAX_HOUSES  16
#define TK_WELCOME_TO_N_COLUMNS   6
#define TK_WELCOME_TO_N_PLANS     3
#define TK_WELCOME_TO_MAX_NUMBERS 32

/* The player's name of @effect (a TkWelcomeToEffect; "?" for none). */
const char *tk_welcome_to_effect_name      (gint              effect);

/* Readers of a sheet's JSON (0-based positions). */
JsonObject *tk_welcome_to_sheet_street            (JsonObject       *sheet,
                                                   guint             s);
JsonObject *tk_welcome_to_sheet_house             (JsonObject       *sheet,
                                                   guint             s,
                                                   guint             h);
gboolean    tk_welcome_to_sheet_has_fence         (JsonObject       *sheet,
                                                   guint             s,
                                                   guint             k);
gboolean    tk_welcome_to_house_has_number        (JsonObject       *house);
gint64      tk_welcome_to_breakdown_points        (JsonObject       *player,
                                                   const char       *key,
                                                   const char      **label);

G_END_DECLS
