/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-style.c — the stylesheet of what a session shows, loaded when first needed. */
#include "config.h"

#include <gtk/gtk.h>

#include "tk-session-style.h"

/**
 * tk_session_style_ensure:
 *
 * Adds ui/session.css to the default display, once, at the application's priority (the same
 * as style.css).  Called from the class_init of every widget that uses its classes, so that
 * a widget built alone (a dialog, a test) is styled as in a session.
 */
void
tk_session_style_ensure (void)
{
  static GtkCssProvider *provider;
  GdkDisplay *display = gdk_display_get_default ();

  if (provider != NULL || display == NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE "/session.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}
