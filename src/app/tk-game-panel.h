/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-panel.h — the bookkeeping panels of the games Tablekeeper knows, and their setup
 * options.
 *
 * A panel is the part of the session view that replaces the generic score pad for a game
 * with a rules engine of its own (the Metropolis city, the Metromania board, the Welcome
 * To... sheet, …).  It is a widget with a construct-only "session" property (TkSession); it
 * draws everything from the session's state and redraws on TkSession::changed, so it never
 * shows what was typed before the session committed it.  It changes the session only
 * through its host (panels/tk-panel-host.h), which shows the refusal or the Undo toast of the
 * session view it lives in.  Every panel is a TkGamePanel (panels/tk-game-panel-base.h);
 * Agora's is also a model and parts.
 *
 * Setup options are a widget implementing TkSetupOptions, shown in the New Session dialog
 * when such a game is chosen; it writes its choices into the engine's default setup.
 */
#pragma once

#include <adwaita.h>

#include "tk-session.h"
#include "panels/tk-panel-host.h"

G_BEGIN_DECLS

#define TK_TYPE_SETUP_OPTIONS (tk_setup_options_get_type ())
G_DECLARE_INTERFACE (TkSetupOptions, tk_setup_options, TK, SETUP_OPTIONS, GtkWidget)

struct _TkSetupOptionsInterface
{
  GTypeInterface parent_iface;

  /* The number of seats changed in the dialog (options may depend on it). */
  void     (*set_n_players) (TkSetupOptions *self,
                             guint           n_players);
  /* Writes the chosen options into @setup, the engine's default setup for the seats.
   * FALSE with a readable GError when the choices don't make a game. */
  gboolean (*fill_setup)    (TkSetupOptions *self,
                             JsonObject     *setup,
                             GError        **error);
};

void        tk_setup_options_set_n_players (TkSetupOptions *self,
                                            guint           n_players);
gboolean    tk_setup_options_fill_setup    (TkSetupOptions *self,
                                            JsonObject     *setup,
                                            GError        **error);

/* The panel for @session's engine, or NULL when its engine has none (the generic score
 * pad, drawn by the session view itself). */
GtkWidget  *tk_game_panel_new              (TkSession      *session);
/* Whether @session's panel shows every player's total itself (Agora's money, Welcome To's
 * player toggle), so that the session view does not show them a second time. */
gboolean    tk_game_panel_shows_totals     (TkSession      *session);
/* The setup options for engine @rules_id, or NULL when it has none. */
GtkWidget  *tk_game_panel_new_options      (const char     *rules_id);

G_END_DECLS
