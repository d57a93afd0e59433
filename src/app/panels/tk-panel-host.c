/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-host.c — what a game panel may ask of the widget it lives in. */
#include "config.h"

#include "tk-panel-host.h"

G_DEFINE_INTERFACE (TkPanelHost, tk_panel_host, GTK_TYPE_WIDGET)

static void
tk_panel_host_default_init (TkPanelHostInterface *iface)
{
}

gboolean
tk_panel_host_apply_from (GtkWidget  *panel,
                          TkSession  *session,
                          JsonObject *action)
{
  GtkWidget *host;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (panel), FALSE);
  g_return_val_if_fail (TK_IS_SESSION (session), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  host = gtk_widget_get_ancestor (panel, TK_TYPE_PANEL_HOST);
  if (host != NULL)
    return TK_PANEL_HOST_GET_IFACE (host)->apply (TK_PANEL_HOST (host), action);
  if (!tk_session_apply (session, action, &error))
    {
      g_message ("Refused: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

void
tk_panel_host_show_message_from (GtkWidget  *panel,
                                 const char *text)
{
  GtkWidget *host;

  g_return_if_fail (GTK_IS_WIDGET (panel));
  g_return_if_fail (text != NULL);

  host = gtk_widget_get_ancestor (panel, TK_TYPE_PANEL_HOST);
  if (host != NULL)
    TK_PANEL_HOST_GET_IFACE (host)->show_message (TK_PANEL_HOST (host), text);
  else
    g_message ("%s", text);
}
