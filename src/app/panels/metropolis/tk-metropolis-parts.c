/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-parts.c — a tile's description and shapes, for the build menu. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metropolis-parts.h"

char *
tk_metropolis_tile_details (JsonObject *tile)
{
  const char *type = json_object_get_string_member_with_default (tile, "type", "");
  const char *kind = json_object_get_string_member_with_default (tile, "public", "none");
  int size = (int) json_object_get_int_member_with_default (tile, "size", 1);
  int citizens = (int) json_object_get_int_member_with_default (tile, "citizens", 0);
  int coins = (int) json_object_get_int_member_with_default (tile, "coins", 0);
  int prestige = (int) json_object_get_int_member_with_default (tile, "prestige", 0);
  int rate = (int) json_object_get_int_member_with_default (tile, "rate", 0);
  g_autofree char *lots = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d lot", "%d lots", size), size);
  g_autofree char *what = NULL;

  if (g_str_equal (type, "residential"))
    what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d citizen", "%d citizens", citizens),
                            citizens);
  else if (g_str_equal (type, "commercial"))
    {
      g_autofree char *coin_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d coin", "%d coins", coins), coins);

      /* Translators: a commercial tile's coin value and printed prestige, e.g. "2 coins · 3 prestige" */
      what = g_strdup_printf (_("%s · %d prestige"), coin_text, prestige);
    }
  else if (g_str_equal (kind, "citizens"))
    /* Translators: how a public building scores, from its orthogonal neighbours */
    what = g_strdup_printf (_("%d prestige per adjacent citizen"), rate);
  else if (g_str_equal (kind, "half_citizens"))
    what = g_strdup_printf (_("%d prestige per 2 adjacent citizens"), rate);
  else if (g_str_equal (kind, "coins"))
    what = g_strdup_printf (_("%d prestige per adjacent coin value"), rate);
  else if (g_str_equal (kind, "public_buildings"))
    what = g_strdup_printf (_("%d prestige per adjacent public building"), rate);
  else if (g_str_equal (kind, "buildings"))
    what = g_strdup_printf (_("%d prestige per adjacent building"), rate);
  else
    what = g_strdup ("");

  /* Translators: a tile's size and what it gives, e.g. "3 lots · 4 citizens" */
  return g_strdup_printf (_("%s · %s"), lots, what);
}

/* ---- shapes ---- */

static void
draw_shape (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  const char *shape = data;
  GdkRGBA fg;
  double unit = 7;
  int r = 0, c = 0;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  fg.alpha *= 0.75;
  gdk_cairo_set_source_rgba (cr, &fg);
  for (const char *p = shape; *p != '\0'; p++)
    {
      if (*p == '/')
        {
          r++;
          c = 0;
          continue;
        }
      if (*p == 'X')
        cairo_rectangle (cr, c * unit + 0.5, r * unit + 0.5, unit - 1, unit - 1);
      c++;
    }
  cairo_fill (cr);
}

GtkWidget *
tk_metropolis_shape_new (JsonObject *tile)
{
  JsonNode *shapes = json_object_get_member (tile, "shapes");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  if (shapes == NULL || !JSON_NODE_HOLDS_ARRAY (shapes))
    {
      /* "any": any connected set of lots of its size */
      GtkWidget *label = gtk_label_new (_("any shape"));

      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
      return box;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (shapes)); i++)
    {
      const char *shape = json_array_get_string_element (json_node_get_array (shapes), i);
      GtkWidget *area = gtk_drawing_area_new ();
      int rows = 1, cols = 0, c = 0;

      if (shape == NULL)
        continue;
      for (const char *p = shape; *p != '\0'; p++)
        {
          if (*p == '/')
            {
              rows++;
              c = 0;
            }
          else
            cols = MAX (cols, ++c);
        }
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), cols * 7 + 1);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), rows * 7 + 1);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_shape, g_strdup (shape), g_free);
      gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), area);
    }
  return box;
}
