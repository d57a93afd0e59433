/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-dialog.c — a session's whole ledger in a window of its own.
 *
 * The session view keeps only its latest lines; here every line has room to wrap, at any
 * width down to a phone's, and the newest is scrolled into view when the window opens.
 */
#define G_LOG_DOMAIN "tk-ledger-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-ledger-dialog.h"
#include "tk-ledger-entry.h"

struct _TkLedgerDialog
{
  AdwWindow       parent_instance;

  TkSession      *session;
  AdwWindowTitle *window_title;
  GtkWidget      *scroller;
  GtkListView    *list_view;
  guint           scroll_id;
};

G_DEFINE_FINAL_TYPE (TkLedgerDialog, tk_ledger_dialog, ADW_TYPE_WINDOW)

GtkWidget *
tk_ledger_line_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *time = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_widget_add_css_class (time, "dim-label");
  gtk_widget_add_css_class (time, "numeric");
  gtk_label_set_yalign (GTK_LABEL (time), 0);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), time);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

void
tk_ledger_line_set (GtkWidget     *line,
                    TkLedgerEntry *entry)
{
  GtkWidget *time = gtk_widget_get_first_child (line);
  GtkWidget *text = gtk_widget_get_next_sibling (time);
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local (tk_ledger_entry_get_created_at (entry));
  g_autofree char *hm = dt != NULL ? g_date_time_format (dt, "%H:%M") : g_strdup ("");
  gboolean undone = tk_ledger_entry_get_undone (entry);

  gtk_label_set_text (GTK_LABEL (time), hm);
  gtk_label_set_text (GTK_LABEL (text), tk_ledger_entry_get_text (entry));
  /* Attributes set again lay the label out again even when equal: only when they change
   * (the session view sets its latest lines again on every change). */
  if (undone != (gtk_label_get_attributes (GTK_LABEL (text)) != NULL))
    {
      PangoAttrList *attrs = NULL;

      if (undone)
        {
          attrs = pango_attr_list_new ();
          pango_attr_list_insert (attrs, pango_attr_strikethrough_new (TRUE));
        }
      gtk_label_set_attributes (GTK_LABEL (text), attrs);
      g_clear_pointer (&attrs, pango_attr_list_unref);
    }
  if (undone)
    gtk_widget_add_css_class (text, "dim-label");
  else
    gtk_widget_remove_css_class (text, "dim-label");
  gtk_widget_set_tooltip_text (text, undone ? _("Undone") : NULL);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  gtk_list_item_set_child (item, tk_ledger_line_new ());
  gtk_list_item_set_activatable (item, FALSE);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  tk_ledger_line_set (gtk_list_item_get_child (item), gtk_list_item_get_item (item));
}

/* The newest line in view (GTK 4.8 has no gtk_list_view_scroll_to()). */
static gboolean
scroll_to_end (gpointer user_data)
{
  TkLedgerDialog *self = TK_LEDGER_DIALOG (user_data);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  self->scroll_id = 0;
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                          gtk_adjustment_get_page_size (adjustment));
  return G_SOURCE_REMOVE;
}

static void
on_ledger_changed (TkLedgerDialog *self)
{
  g_clear_handle_id (&self->scroll_id, g_source_remove);
  self->scroll_id = g_idle_add (scroll_to_end, self);
}

static void
tk_ledger_dialog_dispose (GObject *object)
{
  TkLedgerDialog *self = TK_LEDGER_DIALOG (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_LEDGER_DIALOG);
  G_OBJECT_CLASS (tk_ledger_dialog_parent_class)->dispose (object);
}

static void
tk_ledger_dialog_class_init (TkLedgerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_ledger_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/app/tk-ledger-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkLedgerDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkLedgerDialog, scroller);
  gtk_widget_class_bind_template_child (widget_class, TkLedgerDialog, list_view);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_ledger_dialog_init (TkLedgerDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
}

TkLedgerDialog *
tk_ledger_dialog_new (GtkWindow *parent,
                      TkSession *session)
{
  TkLedgerDialog *self;
  GListModel *ledger;
  g_autoptr(GtkNoSelection) selection = NULL;

  g_return_val_if_fail (TK_IS_SESSION (session), NULL);

  self = g_object_new (TK_TYPE_LEDGER_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  adw_window_title_set_subtitle (self->window_title, tk_session_get_title (session));
  ledger = tk_session_get_ledger (session);
  selection = gtk_no_selection_new (g_object_ref (ledger));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_signal_connect_object (ledger, "items-changed", G_CALLBACK (on_ledger_changed), self,
                           G_CONNECT_SWAPPED);
  on_ledger_changed (self);
  return self;
}
