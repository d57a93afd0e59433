/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-host.h — what a game panel may ask of the widget it lives in.
 *
 * A panel never changes the session itself and never knows the session view: it asks the
 * nearest ancestor implementing TkPanelHost to apply an action (which commits it, then shows
 * the Undo toast or the engine's refusal) or to show a message.  The session view is the
 * host; the panels depend on this interface only, not on the view.
 */
#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_PANEL_HOST (tk_panel_host_get_type ())
G_DECLARE_INTERFACE (TkPanelHost, tk_panel_host, TK, PANEL_HOST, GtkWidget)

struct _TkPanelHostInterface
{
  GTypeInterface parent_iface;

  /* Applies @action to the host's session; FALSE (and the reason shown) when refused. */
  gboolean (*apply)        (TkPanelHost *self,
                            JsonObject  *action);
  /* Shows @text (a hint, a warning that changes nothing). */
  void     (*show_message) (TkPanelHost *self,
                            const char  *text);
};

/* Applies @action to @session through the host holding @widget (which shows the refusal or
 * the Undo toast); outside a host (tests) straight to @session.  Returns whether the
 * session took the action.  (TkGamePanel's apply, and the turn clock's, which is no panel.) */
gboolean     tk_panel_host_apply_from        (GtkWidget   *widget,
                                              TkSession   *session,
                                              JsonObject  *action);
/* Shows @text in the toast of the host holding @widget (outside a host: a log message). */
void         tk_panel_host_show_message_from (GtkWidget   *widget,
                                              const char  *text);

G_END_DECLS
