/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-setup-row.c — the setup member a setup row edits, and the walk over an options widget's
 * rows that fills a setup from them (or shows a setup in them). */
#define G_LOG_DOMAIN "tk-setup-row"

#include "config.h"

#include "tk-setup-row.h"

G_DEFINE_INTERFACE (TkSetupRow, tk_setup_row, GTK_TYPE_WIDGET)

/* where a row keeps its "member", for every kind of row */
static GQuark
member_quark (void)
{
  return g_quark_from_static_string ("tk-setup-row-member");
}

enum { CHANGED, N_SIGNALS };

static guint signals[N_SIGNALS];

static void
tk_setup_row_default_init (TkSetupRowInterface *iface)
{
  /* "goal", or "rules.change_cost" for a member of the setup's "rules" object; set in a
   * template, read with tk_setup_row_get_member () */
  g_object_interface_install_property (iface,
    g_param_spec_string ("member", NULL, NULL, NULL,
                         G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS));
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

const char *
tk_setup_row_get_member (TkSetupRow *self)
{
  g_return_val_if_fail (TK_IS_SETUP_ROW (self), NULL);

  return g_object_get_qdata (G_OBJECT (self), member_quark ());
}

void
tk_setup_row_set_member (TkSetupRow *self,
                         const char *member)
{
  g_return_if_fail (TK_IS_SETUP_ROW (self));

  g_object_set_qdata_full (G_OBJECT (self), member_quark (), g_strdup (member), g_free);
}

/* The object holding the last part of the row's member (made on the way when @make), and
 * that part; NULL for a row without a member. */
static JsonObject *
member_parent (TkSetupRow  *self,
               JsonObject  *setup,
               gboolean     make,
               const char **last)
{
  const char *member = tk_setup_row_get_member (self);
  const char *dot;

  if (member == NULL)
    return NULL;
  while (setup != NULL && (dot = strchr (member, '.')) != NULL)
    {
      g_autofree char *part = g_strndup (member, dot - member);

      if (make && !json_object_has_member (setup, part))
        json_object_set_object_member (setup, part, json_object_new ());
      setup = json_object_has_member (setup, part)
              ? json_object_get_object_member (setup, part) : NULL;
      member = dot + 1;
    }
  *last = member;
  return setup;
}

void
tk_setup_row_write (TkSetupRow *self,
                    JsonObject *setup)
{
  const char *last;
  JsonObject *parent = member_parent (self, setup, TRUE, &last);

  if (parent != NULL)
    json_object_set_member (parent, last, TK_SETUP_ROW_GET_IFACE (self)->get_value (self));
}

void
tk_setup_row_read (TkSetupRow *self,
                   JsonObject *setup)
{
  const char *last;
  JsonObject *parent = member_parent (self, setup, FALSE, &last);

  if (parent != NULL && json_object_has_member (parent, last))
    TK_SETUP_ROW_GET_IFACE (self)->set_value (self, json_object_get_member (parent, last));
}

static void
walk (GtkWidget  *widget,
      JsonObject *setup,
      void      (*visit) (TkSetupRow *, JsonObject *))
{
  if (TK_IS_SETUP_ROW (widget))
    visit (TK_SETUP_ROW (widget), setup);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, setup, visit);
}

void
tk_setup_rows_write (GtkWidget  *root,
                     JsonObject *setup)
{
  walk (root, setup, tk_setup_row_write);
}

void
tk_setup_rows_read (GtkWidget  *root,
                    JsonObject *setup)
{
  walk (root, setup, tk_setup_row_read);
}

void
tk_setup_row_changed (TkSetupRow *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}
