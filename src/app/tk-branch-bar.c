/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-branch-bar.c — a session continued on two devices while apart: which to keep
 * (tk-branch-bar.h).  A revealer rather than AdwBanner (libadwaita 1.3). */
#define G_LOG_DOMAIN "tk-branch-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-branch-bar.h"
#include "tk-ledger-branches.h"

struct _TkBranchBar
{
  AdwBin       parent_instance;

  TkSession   *session;
  GtkRevealer *revealer;
  GtkLabel    *message;
  GtkBox      *buttons;
};

G_DEFINE_FINAL_TYPE (TkBranchBar, tk_branch_bar, ADW_TYPE_BIN)

/* ---- statics ---- */

/* A device by its name, or by the start of its uid when it has none. */
static char *
device_label (const TkLedgerBranch *branch)
{
  if (branch->device_name != NULL && *branch->device_name != '\0')
    return g_strdup (branch->device_name);
  return g_strndup (branch->device_uid, 8);
}

static void
clear_buttons (TkBranchBar *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->buttons))) != NULL)
    gtk_box_remove (self->buttons, child);
}

/* ---- callbacks ---- */

/* After the click's own handling: reading the sessions again rebuilds this bar's buttons,
 * the pressed one among them. */
static gboolean
reload_page (gpointer user_data)
{
  g_autoptr(TkBranchBar) self = g_weak_ref_get (user_data);

  if (self != NULL && gtk_widget_get_parent (GTK_WIDGET (self)) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.reload", NULL);
  return G_SOURCE_REMOVE;
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
on_keep_clicked (GtkButton   *button,
                 TkBranchBar *self)
{
  g_autoptr(GError) error = NULL;
  const char *action = g_object_get_data (G_OBJECT (button), "action-uid");

  if (self->session == NULL || tk_session_get_store (self->session) == NULL)
    return;
  if (!tk_ledger_keep_branch (tk_session_get_store (self->session),
                              tk_session_get_id (self->session), action, &error))
    {
      gtk_label_set_text (self->message, error->message);
      return;
    }
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
  /* The Table page reads the session again: its head moved. */
  {
    GWeakRef *ref = g_new0 (GWeakRef, 1);

    g_weak_ref_init (ref, self);
    g_idle_add_full (G_PRIORITY_DEFAULT, reload_page, ref, free_weak_ref);
  }
}

/* ---- overrides ---- */

static void
tk_branch_bar_dispose (GObject *object)
{
  TkBranchBar *self = TK_BRANCH_BAR (object);

  g_clear_object (&self->session);
  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_BRANCH_BAR);
  G_OBJECT_CLASS (tk_branch_bar_parent_class)->dispose (object);
}

static void
tk_branch_bar_class_init (TkBranchBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_branch_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/app/tk-branch-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TkBranchBar, revealer);
  gtk_widget_class_bind_template_child (widget_class, TkBranchBar, message);
  gtk_widget_class_bind_template_child (widget_class, TkBranchBar, buttons);
}

static void
tk_branch_bar_init (TkBranchBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ---- public API ---- */

GtkWidget *
tk_branch_bar_new (void)
{
  return g_object_new (TK_TYPE_BRANCH_BAR, NULL);
}

void
tk_branch_bar_set_session (TkBranchBar *self,
                           TkSession   *session)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) branches = NULL;
  g_autoptr(GString) names = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (TK_IS_BRANCH_BAR (self));
  g_return_if_fail (session == NULL || TK_IS_SESSION (session));

  g_set_object (&self->session, session);
  clear_buttons (self);
  if (session != NULL && tk_session_get_store (session) != NULL &&
      g_strcmp0 (tk_session_get_status (session), "open") == 0)
    branches = tk_ledger_branches (tk_session_get_store (session), tk_session_get_id (session),
                                   &error);
  if (error != NULL)
    g_warning ("The branches of session %" G_GINT64_FORMAT " cannot be read: %s",
               tk_session_get_id (session), error->message);
  if (branches == NULL || branches->len < 2)
    {
      gtk_revealer_set_reveal_child (self->revealer, FALSE);
      return;
    }

  names = g_string_new (NULL);
  for (guint i = 0; i < branches->len; i++)
    {
      const TkLedgerBranch *branch = branches->pdata[i];
      g_autofree char *device = device_label (branch);
      g_autofree char *label = g_strdup_printf (_("Keep %s"), device);
      g_autofree char *description = g_strdup_printf (
        ngettext ("Keep the game as it went on %s (%d action)",
                  "Keep the game as it went on %s (%d actions)",
                  (gulong) branch->n_actions),
        device, (int) MIN (branch->n_actions, G_MAXINT));
      GtkWidget *button = gtk_button_new ();
      GtkWidget *button_label = gtk_label_new (label);

      /* A long device name is cut rather than widen the bar past a phone's screen; the
       * tooltip and the accessible name say it whole. */
      gtk_label_set_ellipsize (GTK_LABEL (button_label), PANGO_ELLIPSIZE_END);
      gtk_button_set_child (GTK_BUTTON (button), button_label);

      gtk_widget_set_tooltip_text (button, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      if (branch->current)
        gtk_widget_add_css_class (button, "suggested-action");
      gtk_widget_set_name (button, "keep-branch");
      g_object_set_data_full (G_OBJECT (button), "action-uid", g_strdup (branch->action_uid),
                              g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_keep_clicked), self, 0);
      gtk_box_append (self->buttons, button);
      if (i > 0)
        g_string_append (names, _(", "));
      g_string_append (names, device);
    }
  if (branches->len == 2)
    {
      g_autofree char *first = device_label (branches->pdata[0]);
      g_autofree char *second = device_label (branches->pdata[1]);

      /* TRANSLATORS: two device names: the session was played on both while they were apart */
      text = g_strdup_printf (_("Continued on %s and on %s — keep which?"), first, second);
    }
  else
    /* TRANSLATORS: device names joined by commas */
    text = g_strdup_printf (_("Continued on %s — keep which?"), names->str);
  gtk_label_set_text (self->message, text);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
}

gboolean
tk_branch_bar_get_shown (TkBranchBar *self)
{
  g_return_val_if_fail (TK_IS_BRANCH_BAR (self), FALSE);
  return gtk_revealer_get_reveal_child (self->revealer);
}
