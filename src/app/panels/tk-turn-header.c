/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-turn-header.c — the heading of a panel's turn. */
#include "config.h"

#include "tk-turn-header.h"

struct _TkTurnHeader
{
  GtkBox     parent_instance;

  GtkWidget *title;
  GtkWidget *detail;
};

G_DEFINE_FINAL_TYPE (TkTurnHeader, tk_turn_header, GTK_TYPE_BOX)

static void
tk_turn_header_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TK_TYPE_TURN_HEADER);
  G_OBJECT_CLASS (tk_turn_header_parent_class)->dispose (object);
}

static void
tk_turn_header_class_init (TkTurnHeaderClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_turn_header_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-turn-header.ui");
  gtk_widget_class_bind_template_child (widget_class, TkTurnHeader, title);
  gtk_widget_class_bind_template_child (widget_class, TkTurnHeader, detail);
}

static void
tk_turn_header_init (TkTurnHeader *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
set_text (GtkWidget  *label,
          const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && *text != '\0');
}

void
tk_turn_header_set_title (TkTurnHeader *self,
                          const char   *title)
{
  g_return_if_fail (TK_IS_TURN_HEADER (self));

  set_text (self->title, title);
}

void
tk_turn_header_set_detail (TkTurnHeader *self,
                           const char   *detail)
{
  g_return_if_fail (TK_IS_TURN_HEADER (self));

  set_text (self->detail, detail);
}
