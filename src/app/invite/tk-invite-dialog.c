/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-dialog.c — "Invite Players": the code to scan, the address, the seats.
 *
 * Everything shown is read back from the server on its ::changed signal; the seat rows are
 * built again then (a table has at most a few seats).  Names come from the session's setup
 * and are never read as markup.
 */
#define G_LOG_DOMAIN "tk-invite-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-invite-dialog.h"
#include "tk-qr-code.h"

struct _TkInviteDialog
{
  AdwWindow       parent_instance;

  TkInviteServer *server;
  GPtrArray      *rows;          /* the seat rows, to remove them again */
  GHashTable     *buttons;       /* "seat:which" → GtkWidget (weak: the rows own them) */

  TkQrCode       *qr_code;
  GtkLabel       *url_label;
  AdwPreferencesGroup *seats_group;
  GtkSwitch      *accept_switch;
  GtkWidget      *copy_button;
};

G_DEFINE_FINAL_TYPE (TkInviteDialog, tk_invite_dialog, ADW_TYPE_WINDOW)

/* ---- statics ---- */

static void
on_seat_button (GtkButton      *button,
                TkInviteDialog *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));
  const char *which = g_object_get_data (G_OBJECT (button), "which");

  if (g_str_equal (which, "accept"))
    tk_invite_server_accept_seat (self->server, seat);
  else if (g_str_equal (which, "refuse"))
    tk_invite_server_refuse_seat (self->server, seat);
  else
    tk_invite_server_take_back_seat (self->server, seat);
}

static void
add_button (TkInviteDialog *self,
            AdwActionRow   *row,
            guint           seat,
            const char     *which,
            const char     *label,
            const char     *style)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  if (style != NULL)
    gtk_widget_add_css_class (button, style);
  g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (button), "which", (gpointer) which);
  g_signal_connect (button, "clicked", G_CALLBACK (on_seat_button), self);
  adw_action_row_add_suffix (row, button);
  g_hash_table_insert (self->buttons, g_strdup_printf ("%u:%s", seat, which), button);
}

static void
rebuild (TkInviteDialog *self)
{
  TkSession *session = tk_invite_server_get_session (self->server);
  JsonObject *setup = tk_session_get_setup (session);
  const char *url = tk_invite_server_get_url (self->server);

  tk_qr_code_set_text (self->qr_code, url);
  gtk_label_set_text (self->url_label, url != NULL ? url : "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "invite.copy", url != NULL);
  gtk_switch_set_active (self->accept_switch, tk_invite_server_get_accept_seats (self->server));

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->seats_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_hash_table_remove_all (self->buttons);

  for (guint seat = 0; seat < tk_session_get_n_players (session); seat++)
    {
      GtkWidget *row = adw_action_row_new ();
      const char *subtitle = NULL;

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     tk_rules_setup_player_name (setup, seat));
      switch (tk_invite_server_get_seat_state (self->server, seat))
        {
        case TK_INVITE_SEAT_ASKED:
          /* Translators: a guest's phone asked to play this seat. */
          subtitle = _("A phone asks for this seat");
          add_button (self, ADW_ACTION_ROW (row), seat, "refuse", _("_Refuse"), NULL);
          add_button (self, ADW_ACTION_ROW (row), seat, "accept", _("_Accept"), "suggested-action");
          break;
        case TK_INVITE_SEAT_TAKEN:
          /* A phone that lost the Wi-Fi keeps its seat until it comes back or is taken back. */
          subtitle = tk_invite_server_get_seat_connected (self->server, seat)
                     ? _("Played on a phone") : _("Played on a phone, now disconnected");
          add_button (self, ADW_ACTION_ROW (row), seat, "take-back", _("_Take Back"), NULL);
          break;
        case TK_INVITE_SEAT_FREE:
        default:
          subtitle = _("Played on this device");
          break;
        }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_preferences_group_add (self->seats_group, row);
      g_ptr_array_add (self->rows, row);
    }
  if (!tk_invite_server_is_running (self->server))
    gtk_window_close (GTK_WINDOW (self));
}

/* The option outlives the invitation: the next one starts with it. */
static void
on_accept_switch (TkInviteDialog *self)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  gboolean accept = gtk_switch_get_active (self->accept_switch);

  tk_invite_server_set_accept_seats (self->server, accept);
  g_settings_set_boolean (settings, "invite-accept-seats", accept);
}

/* ---- actions ---- */

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkInviteDialog *self = TK_INVITE_DIALOG (widget);
  const char *url = tk_invite_server_get_url (self->server);

  if (url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), url);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  tk_invite_server_stop (TK_INVITE_DIALOG (widget)->server);
}

/* ---- overrides ---- */

static void
tk_invite_dialog_dispose (GObject *object)
{
  TkInviteDialog *self = TK_INVITE_DIALOG (object);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->buttons, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_INVITE_DIALOG);

  G_OBJECT_CLASS (tk_invite_dialog_parent_class)->dispose (object);
}

static void
tk_invite_dialog_class_init (TkInviteDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_invite_dialog_dispose;

  g_type_ensure (TK_TYPE_QR_CODE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/invite/tk-invite-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkInviteDialog, qr_code);
  gtk_widget_class_bind_template_child (widget_class, TkInviteDialog, url_label);
  gtk_widget_class_bind_template_child (widget_class, TkInviteDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, TkInviteDialog, accept_switch);
  gtk_widget_class_bind_template_child (widget_class, TkInviteDialog, copy_button);

  gtk_widget_class_install_action (widget_class, "invite.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "invite.stop", NULL, stop_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_invite_dialog_init (TkInviteDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The address wraps between any two characters, and Pango would add a hyphen at the
   * break: typed on a phone, that hyphen gives "not found" (tokens hold "-" of their own). */
  {
    g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();

    pango_attr_list_insert (attributes, pango_attr_insert_hyphens_new (FALSE));
    gtk_label_set_attributes (self->url_label, attributes);
  }
  self->rows = g_ptr_array_new ();
  self->buttons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* ---- public API ---- */

GtkWidget *
tk_invite_dialog_new (GtkWindow      *parent,
                      TkInviteServer *server)
{
  TkInviteDialog *self;

  g_return_val_if_fail (TK_IS_INVITE_SERVER (server), NULL);

  self = g_object_new (TK_TYPE_INVITE_DIALOG, "transient-for", parent, NULL);
  self->server = g_object_ref (server);
  g_signal_connect_object (server, "changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  rebuild (self);
  g_signal_connect_swapped (self->accept_switch, "notify::active",
                            G_CALLBACK (on_accept_switch), self);
  /* Not the address: a focused selectable label opens with all its text selected. */
  gtk_window_set_focus (GTK_WINDOW (self), self->copy_button);
  return GTK_WIDGET (self);
}

GtkWidget *
tk_invite_dialog_get_button (TkInviteDialog *self,
                             guint           seat,
                             const char     *which)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (TK_IS_INVITE_DIALOG (self), NULL);

  key = g_strdup_printf ("%u:%s", seat, which);
  return g_hash_table_lookup (self->buttons, key);
}
