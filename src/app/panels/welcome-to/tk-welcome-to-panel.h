/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel.h — the Welcome To... bookkeeping panel of a session (see tk-game-panel.h). */
#pragma once

#include "panels/tk-game-panel-base.h"
#include "tk-welcome-to-model.h"

G_BEGIN_DECLS

#define TK_TYPE_WELCOME_TO_PANEL (tk_welcome_to_panel_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, TK, WELCOME_TO_PANEL, TkGamePanel)

/* The seat whose sheet is shown. */
guint     tk_welcome_to_panel_get_seat     (TkWelcomeToPanel *self);
/* What "Export Sheet…" writes once a file is chosen: the engine's exchange document of the
 * shown sheet. */
gboolean  tk_welcome_to_panel_export_sheet (TkWelcomeToPanel *self,
                                            GFile            *file,
                                            GError          **error);
/* What "Import Sheet…" does once a file is chosen: reads an exchange document and applies
 * it to the shown seat (a refusal is shown like any other).  FALSE when the file cannot be
 * read (a G_IO_ERROR) or the session refused it (TK_RULES_ERROR). */
gboolean  tk_welcome_to_panel_import_sheet (TkWelcomeToPanel *self,
                                            GFile            *file,
                                            GError          **error);

G_END_DECLS
