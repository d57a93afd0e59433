/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-rules.h — Welcome To... (Blue Cocker 2018): every player's sheet, checked and
 * scored live.  Action JSON and setup tables: docs/formats.md, "Welcome To...". */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_WELCOME_TO_RULES_ID "welcome-to"
#define TK_WELCOME_TO_SHEET_FORMAT "tablekeeper-welcome-to-sheet"

const TkRules *tk_welcome_to_rules_get          (void);

/* The 28 City Plan cards (18 basic + 10 advanced) as setup plan objects (a new array):
 * { "number": 1..3, "kind": …, "sizes"/"street": …, "first": N, "later": N, "advanced": bool } */
JsonArray     *tk_welcome_to_plan_table         (void);

/* Exchange: one player's sheet as a document { "format": TK_WELCOME_TO_SHEET_FORMAT,
 * "version": 1, "name": …, "sheet": { … } } (a new object, NULL for a bad seat).  Import it
 * into a table's session with the action { "type": "import_sheet", "seat": S, "sheet": DOC }
 * (checked like any action). */
JsonObject    *tk_welcome_to_export_sheet       (gpointer state,
                                                 guint    seat);
/* The import action for @document and @seat (a new object). */
JsonObject    *tk_welcome_to_import_action      (JsonObject *document,
                                                 guint       seat);

G_END_DECLS
