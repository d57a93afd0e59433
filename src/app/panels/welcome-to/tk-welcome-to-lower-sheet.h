/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-lower-sheet.h — the lower part of the Welcome To... sheet shown: the city
 * plans and their claims, the solo card, the tracks (TkWelcomeToTrack), the real estate
 * columns, the score row and Export/Import Sheet.
 *
 * A TkPanelPart placed by class name in the panel's template with the panel's "model" bound.
 * It reads only the model, patches itself on the model's ::changed, and hands its taps to
 * the model ("lower-sheet.claim(u)", "lower-sheet.column(u)", the claim's and the solo
 * card's buttons); Export and Import Sheet activate the panel's "welcome-to.export-sheet" and
 * "welcome-to.import-sheet" (the file choosers are the panel's).
 */
#pragma once

#include "tk-panel-part.h"
#include "tk-welcome-to-model.h"

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_LOWER_SHEET (tk_welcome_to_lower_sheet_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToLowerSheet, tk_welcome_to_lower_sheet, TK, WELCOME_TO_LOWER_SHEET,
                      TkPanelPart)

G_END_DECLS
