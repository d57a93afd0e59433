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

static GtkWidget *
wrapped_label (const char *name)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_name (label, name);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_widget_set_visible (label, FALSE);
  return label;
}

static void
tk_turn_header_class_init (TkTurnHeaderClass *klass)
{
}

static void
tk_turn_header_init (TkTurnHeader *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  self->title = wrapped_label ("turn-title");
  /* A heading breaks between words, never inside one. */
  gtk_label_set_wrap_mode (GTK_LABEL (self->title), PANGO_WRAP_WORD);
  gtk_widget_add_css_class (self->title, "title-3");
  self->detail = wrapped_label ("turn-detail");
  gtk_box_append (GTK_BOX (self), self->title);
  gtk_box_append (GTK_BOX (self), self->detail);
}

GtkWidget *
tk_turn_header_new (void)
{
  return g_object_new (TK_TYPE_TURN_HEADER, NULL);
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
