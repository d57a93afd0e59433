/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-host.c — what a game panel may ask of the widget it lives in. */
#include "config.h"

#include "tk-panel-host.h"

G_DEFINE_INTERFACE (TkPanelHost, tk_panel_host, GTK_TYPE_WIDGET)

static void
tk_panel_host_default_init (TkPanelHostInterface *iface)
{
}

TkPanelHost *
tk_panel_host_find (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (TK_IS_PANEL_HOST (widget))
      return TK_PANEL_HOST (widget);
  return NULL;
}

gboolean
tk_panel_host_apply (TkPanelHost *self,
                     JsonObject  *action)
{
  g_return_val_if_fail (TK_IS_PANEL_HOST (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return TK_PANEL_HOST_GET_IFACE (self)->apply (self, action);
}

void
tk_panel_host_show_message (TkPanelHost *self,
                            const char  *text)
{
  g_return_if_fail (TK_IS_PANEL_HOST (self));
  g_return_if_fail (text != NULL);

  TK_PANEL_HOST_GET_IFACE (self)->show_message (self, text);
}

gboolean
tk_panel_host_apply_from (GtkWidget  *panel,
                          TkSession  *session,
                          JsonObject *action)
{
  TkPanelHost *host;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (panel), FALSE);
  g_return_val_if_fail (TK_IS_SESSION (session), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  host = tk_panel_host_find (panel);
  if (host != NULL)
    return tk_panel_host_apply (host, action);
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
  TkPanelHost *host;

  g_return_if_fail (GTK_IS_WIDGET (panel));

  host = tk_panel_host_find (panel);
  if (host != NULL)
    tk_panel_host_show_message (host, text);
  else
    g_message ("%s", text);
}
