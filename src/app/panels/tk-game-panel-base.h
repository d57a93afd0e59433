/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-panel-base.h — TkGamePanel, what every game panel is built on.
 *
 * A game panel is the part of the session view that replaces the generic score pad for a game
 * with a rules engine of its own.  The base keeps the construct-only "session" and the model
 * the class makes of it, which follows the session by itself, and it changes the session only
 * through tk_game_panel_apply (), which asks the TkPanelHost the panel lives in (the session
 * view: it commits, then shows the Undo toast or the engine's refusal).  A part inside a panel that has something to say without
 * changing anything activates "game-panel.show-message" with the text (an action that bubbles
 * up), so it never calls the panel.
 *
 * A panel whose regions go side by side when there is room sets its class's wide_width: the
 * base then sizes its child itself (GTK 4.8 has no breakpoints) and turns the read-only
 * "wide" property on from that width (parts bind theirs to it), calling wide_changed () first.
 *
 * The factory (which panel for which engine) stays in tk-game-panel.c, above the panels.
 */
#pragma once

#include <adwaita.h>

#include "tk-panel-model.h"
#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_GAME_PANEL (tk_game_panel_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkGamePanel, tk_game_panel, TK, GAME_PANEL, AdwBin)

struct _TkGamePanelClass
{
  AdwBinClass parent_class;

  /* Makes the model of @session (a new reference).  The base keeps it as the read-only
   * "model" property (the parts in the panel's template bind theirs to it) and routes its
   * ::apply through tk_game_panel_apply (). */
  TkPanelModel *(*create_model) (TkGamePanel *self,
                                 TkSession   *session);
  /* From this width (px) on the panel is "wide"; 0: never (an AdwBin's layout). */
  int wide_width;
  /* "wide" is about to change to @wide: lay the regions out for it. */
  void (*wide_changed) (TkGamePanel *self,
                        gboolean     wide);
  /* the class whose template the panel has (tk_game_panel_class_set_template ()) */
  GType template_type;
};

/* Sets the panel class's template from @resource_path; the base disposes it, so a panel
 * needs no dispose () of its own for that. */
void        tk_game_panel_class_set_template (TkGamePanelClass *klass,
                                              const char       *resource_path);

TkSession  *tk_game_panel_get_session  (TkGamePanel *self);
/* The model create_model () made, or NULL (borrowed). */
TkPanelModel *tk_game_panel_get_model  (TkGamePanel *self);
/* Whether the panel lays its regions side by side (see wide_width). */
gboolean    tk_game_panel_get_wide     (TkGamePanel *self);
/* Applies @action through the panel's host; outside a host (tests) straight to the session.
 * Returns whether the session took it. */
gboolean    tk_game_panel_apply        (TkGamePanel *self,
                                        JsonObject  *action);
/* Shows @text in the host's toast (a hint, a warning that changes nothing). */
void        tk_game_panel_show_message (TkGamePanel *self,
                                        const char  *text);

G_END_DECLS
