/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-bar.c — says, for as long as it is true, that phones can join this session.
 *
 * A listening server must never be a surprise: the bar is visible exactly while the server
 * runs, with the number of phones connected and the seats they ask for.
 */
#define G_LOG_DOMAIN "tk-invite-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-invite-bar.h"
#include "tk-invite-dialog.h"
#include "tk-session-style.h"

struct _TkInviteBar
{
  AdwBin          parent_instance;

  TkInviteServer *server;
  GtkWidget      *dialog;        /* weak */

  GtkLabel       *status_label;
};

G_DEFINE_FINAL_TYPE (TkInviteBar, tk_invite_bar, ADW_TYPE_BIN)

/* ---- statics ---- */

static void
update (TkInviteBar *self)
{
  gboolean running = self->server != NULL && tk_invite_server_is_running (self->server);
  g_autofree char *text = NULL;
  guint n_guests, n_asked = 0;

  gtk_widget_set_visible (GTK_WIDGET (self), running);
  if (!running)
    return;
  n_guests = tk_invite_server_get_n_guests (self->server);
  for (guint i = 0; i < tk_session_get_n_players (tk_invite_server_get_session (self->server)); i++)
    n_asked += tk_invite_server_get_seat_state (self->server, i) == TK_INVITE_SEAT_ASKED;

  /* Translators: the strip above a session while guests' phones may join it. */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Guests can join — %u connected",
                                       "Guests can join — %u connected", n_guests), n_guests);
  if (n_asked > 0)
    {
      g_autofree char *asked = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%u asks for a seat",
                                                             "%u ask for a seat", n_asked),
                                                n_asked);
      char *both = g_strconcat (text, " · ", asked, NULL);

      g_free (text);
      text = both;
    }
  /* Phones the server turned away: the host is the one who can make room. */
  if (tk_invite_server_get_n_turned_away (self->server) > 0)
    {
      guint n = tk_invite_server_get_n_turned_away (self->server);
      g_autofree char *full = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Table full: %u phone turned away",
                                                            "Table full: %u phones turned away",
                                                            n),
                                               n);
      char *both = g_strconcat (text, " · ", full, NULL);

      g_free (text);
      text = both;
    }
  gtk_label_set_text (self->status_label, text);
}

static void
show_dialog (TkInviteBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->dialog == NULL)
    {
      self->dialog = tk_invite_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                           self->server);
      g_object_add_weak_pointer (G_OBJECT (self->dialog), (gpointer *) &self->dialog);
    }
  gtk_window_present (GTK_WINDOW (self->dialog));
}

/* ---- actions ---- */

static void
show_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkInviteBar *self = TK_INVITE_BAR (widget);

  if (self->server != NULL)
    show_dialog (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  tk_invite_bar_stop (TK_INVITE_BAR (widget));
}

/* ---- overrides ---- */

static void
tk_invite_bar_dispose (GObject *object)
{
  TkInviteBar *self = TK_INVITE_BAR (object);

  tk_invite_bar_stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_INVITE_BAR);

  G_OBJECT_CLASS (tk_invite_bar_parent_class)->dispose (object);
}

static void
tk_invite_bar_class_init (TkInviteBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->dispose = tk_invite_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/invite/tk-invite-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TkInviteBar, status_label);
  gtk_widget_class_install_action (widget_class, "invite.show", NULL, show_action);
  gtk_widget_class_install_action (widget_class, "invite.stop", NULL, stop_action);
}

static void
tk_invite_bar_init (TkInviteBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ---- public API ---- */

gboolean
tk_invite_bar_invite (TkInviteBar *self,
                      TkSession   *session,
                      GError     **error)
{
  g_autoptr(TkInviteServer) server = NULL;
  /* Tests and screenshots invite on 127.0.0.1 only. */
  TkInviteBind bind = g_getenv ("TK_INVITE_LOOPBACK") != NULL ? TK_INVITE_BIND_LOOPBACK
                                                               : TK_INVITE_BIND_LAN;

  g_return_val_if_fail (TK_IS_INVITE_BAR (self), FALSE);
  g_return_val_if_fail (TK_IS_SESSION (session), FALSE);

  if (self->server != NULL && tk_invite_server_get_session (self->server) == session &&
      tk_invite_server_is_running (self->server))
    {
      show_dialog (self);
      return TRUE;
    }
  tk_invite_bar_stop (self);
  server = tk_invite_server_new (session);
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    tk_invite_server_set_accept_seats (server, g_settings_get_boolean (settings, "invite-accept-seats"));
  }
  if (!tk_invite_server_start (server, bind, error))
    return FALSE;
  self->server = g_steal_pointer (&server);
  g_signal_connect_object (self->server, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
  show_dialog (self);
  return TRUE;
}

void
tk_invite_bar_stop (TkInviteBar *self)
{
  g_return_if_fail (TK_IS_INVITE_BAR (self));

  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  if (self->server != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->server, self);
      tk_invite_server_stop (self->server);
      g_clear_object (&self->server);
    }
  update (self);
}

TkInviteServer *
tk_invite_bar_get_server (TkInviteBar *self)
{
  g_return_val_if_fail (TK_IS_INVITE_BAR (self), NULL);

  return self->server;
}

GtkWidget *
tk_invite_bar_get_dialog (TkInviteBar *self)
{
  g_return_val_if_fail (TK_IS_INVITE_BAR (self), NULL);

  return self->dialog;
}
