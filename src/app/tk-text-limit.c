/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-text-limit.c — entries capped at the library's text limits (see tk-text-limit.h). */
#define G_LOG_DOMAIN "tk-text-limit"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "tk-text-limit.h"

static void
show_full (GtkWidget *widget,
           gboolean   full,
           guint      max)
{
  /* The reason stays next to the field for as long as it is full. */
  if (full == gtk_widget_has_css_class (widget, "warning"))
    return;
  if (full)
    {
      g_autofree char *reason = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "at most %u character", "at most %u characters", max), max);

      gtk_widget_add_css_class (widget, "warning");
      gtk_widget_set_tooltip_text (widget, reason);
      /* A row shows it in its title, where a phone shows it too (no tooltip on touch). */
      if (ADW_IS_PREFERENCES_ROW (widget))
        {
          const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
          g_autofree char *full_title = NULL;

          g_object_set_data_full (G_OBJECT (widget), "tk-text-limit-title", g_strdup (title),
                                  g_free);
          /* Translators: an entry's title when it is full, e.g. "Title · at most 300
           * characters" */
          full_title = g_strdup_printf (_("%s · %s"), title, reason);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), full_title);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason, -1);
    }
  else
    {
      const char *title = g_object_get_data (G_OBJECT (widget), "tk-text-limit-title");

      gtk_widget_remove_css_class (widget, "warning");
      gtk_widget_set_tooltip_text (widget, NULL);
      if (title != NULL)
        {
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), title);
          g_object_set_data (G_OBJECT (widget), "tk-text-limit-title", NULL);
        }
      gtk_accessible_reset_property (GTK_ACCESSIBLE (widget),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

static void
on_changed (GtkEditable *editable,
            gpointer     user_data)
{
  guint max = GPOINTER_TO_UINT (user_data);

  show_full (GTK_WIDGET (editable),
             g_utf8_strlen (gtk_editable_get_text (editable), -1) >= (glong) max, max);
}

void
tk_text_limit_editable (GtkEditable *editable,
                        TkTextKind   kind)
{
  GtkEditable *inner = editable;
  GtkEditable *next;
  guint max;

  g_return_if_fail (GTK_IS_EDITABLE (editable));

  max = tk_text_max_chars (kind);
  /* AdwEntryRow and GtkEntry hand their text to a GtkText, which has the cap (AdwEntryRow's
   * own max-length is libadwaita 1.6). */
  while (!GTK_IS_TEXT (inner) && (next = gtk_editable_get_delegate (inner)) != NULL)
    inner = next;
  if (GTK_IS_TEXT (inner))
    gtk_text_set_max_length (GTK_TEXT (inner), (int) max);
  g_signal_connect (editable, "changed", G_CALLBACK (on_changed), GUINT_TO_POINTER (max));
  on_changed (editable, GUINT_TO_POINTER (max));
}

/* Before the buffer inserts: only as much as still fits goes in. */
static void
on_insert_text (GtkTextBuffer *buffer,
                GtkTextIter   *location,
                const char    *text,
                int            length,
                GtkTextView   *view)
{
  guint max = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (view), "tk-text-limit-max"));
  glong have = gtk_text_buffer_get_char_count (buffer);
  glong adding = g_utf8_strlen (text, length);
  glong room = MAX ((glong) max - have, 0);

  if (adding <= room)
    return;
  g_signal_stop_emission_by_name (buffer, "insert-text");
  gtk_widget_error_bell (GTK_WIDGET (view));
  if (room > 0)
    gtk_text_buffer_insert (buffer, location, text,
                            (int) (g_utf8_offset_to_pointer (text, room) - text));
}

static void
on_buffer_changed (GtkTextBuffer *buffer,
                   GtkTextView   *view)
{
  guint max = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (view), "tk-text-limit-max"));

  show_full (GTK_WIDGET (view), gtk_text_buffer_get_char_count (buffer) >= (int) max, max);
}

void
tk_text_limit_text_view (GtkTextView *view,
                         TkTextKind   kind)
{
  GtkTextBuffer *buffer;

  g_return_if_fail (GTK_IS_TEXT_VIEW (view));

  buffer = gtk_text_view_get_buffer (view);
  g_object_set_data (G_OBJECT (view), "tk-text-limit-max",
                     GUINT_TO_POINTER (tk_text_max_chars (kind)));
  g_signal_connect_object (buffer, "insert-text", G_CALLBACK (on_insert_text), view, 0);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (on_buffer_changed), view, 0);
}
