/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-parts.c — small pieces of the Foundations of Metropolis panel. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "metropolis/tk-metropolis-rules.h"
#include "tk-metropolis-board.h"
#include "panels/tk-colour-dot.h"
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

/* ---- unconfirmed rule numbers ---- */

char *
tk_metropolis_unconfirmed_note (JsonArray *unconfirmed)
{
  GString *list = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (guint i = 0; i < json_array_get_length (unconfirmed); i++)
    {
      const char *name = json_array_get_string_element (unconfirmed, i);
      const char *label;

      if (name == NULL)
        continue;
      label = g_str_equal (name, "market_prices") ? _("market slot prices")
              : g_str_equal (name, "population_bonus") ? _("population leader bonus")
              : g_str_equal (name, "lot_markers") ? _("lot markers per player")
              : g_str_equal (name, "tiles") ? _("the tile table")
              : g_str_equal (name, "year_deck_sizes") ? _("year deck sizes")
              : g_str_equal (name, "starting_coins") ? _("starting coins")
              : name;
      if (list->len > 0)
        g_string_append (list, _(", "));
      g_string_append (list, label);
    }
  if (list->len == 0)
    {
      g_string_free (list, TRUE);
      return NULL;
    }
  /* Translators: followed by a list of rule numbers, e.g. "market slot prices, the tile table" */
  text = g_strdup_printf (_("Defaults not confirmed for this game, check against your rule book: %s."),
                          list->str);
  g_string_free (list, TRUE);
  return g_steal_pointer (&text);
}

/* ---- the year-end scoring table ---- */

static GtkWidget *
cell_label (const char *text,
            gboolean    number,
            const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1 : 0);
  if (number)
    {
      gtk_widget_add_css_class (label, "numeric");
      gtk_label_set_width_chars (GTK_LABEL (label), 4);
    }
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
    }
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return label;
}

static void
attach_row (GtkGrid    *grid,
            int         row,
            const char *caption,
            JsonArray  *players,
            int         year,
            const char *member,
            const char *css)
{
  gtk_grid_attach (grid, cell_label (caption, FALSE, css), 0, row, 1, 1);
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *source = player;
      char text[32];

      if (year > 0)
        {
          JsonArray *years = json_object_get_array_member (player, "years");

          source = (guint) year <= json_array_get_length (years)
                   ? json_array_get_object_element (years, year - 1) : NULL;
        }
      g_snprintf (text, sizeof text, "%" PRId64,
                  source != NULL ? json_object_get_int_member_with_default (source, member, 0) : 0);
      gtk_grid_attach (grid, cell_label (text, TRUE, css), p + 1, row, 1, 1);
    }
}

GtkWidget *
tk_metropolis_scores_new (JsonObject *score,
                          JsonObject *setup)
{
  JsonArray *players = json_object_get_array_member (score, "players");
  /* the categories in the engine's order, with its labels */
  JsonArray *breakdown = json_object_get_array_member (json_array_get_object_element (players, 0),
                                                       "breakdown");
  int years_scored = (int) json_object_get_int_member_with_default (score, "years_scored", 0);
  gboolean finished = json_object_get_boolean_member_with_default (score, "finished", FALSE);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  int row = 0;

  gtk_widget_set_name (GTK_WIDGET (grid), "metropolis-scores");
  gtk_grid_set_column_spacing (grid, 18);
  gtk_widget_set_halign (GTK_WIDGET (grid), GTK_ALIGN_START);
  gtk_grid_set_row_spacing (grid, 4);
  gtk_widget_add_css_class (GTK_WIDGET (grid), "tk-metropolis-scores");

  /* the names */
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name = gtk_label_new (json_object_get_string_member_with_default (player, "name", ""));

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_set_halign (head, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (head), tk_colour_dot_new (tk_metropolis_seat_colour (setup, p)));
      gtk_box_append (GTK_BOX (head), name);
      gtk_grid_attach (grid, head, p + 1, row, 1, 1);
    }
  row++;

  for (int y = 1; y <= years_scored; y++)
    {
      /* Translators: a heading in the year-end scoring table, e.g. "Year 2" */
      g_autofree char *heading = g_strdup_printf (_("Year %d"), y);
      GtkWidget *label = cell_label (heading, FALSE, "heading");

      gtk_widget_set_margin_top (label, row > 1 ? 10 : 4);
      gtk_grid_attach (grid, label, 0, row++, 1 + json_array_get_length (players), 1);
      for (guint c = 0; breakdown != NULL && c < json_array_get_length (breakdown); c++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, c);
          const char *category = json_object_get_string_member_with_default (line, "category", "");

          if (tk_metropolis_rules_scored_in_year (category, y))
            attach_row (grid, row++, json_object_get_string_member_with_default (line, "label", category),
                        players, y, category, NULL);
        }
      if (y < 3)
        attach_row (grid, row++, _("Coins paid by commercial buildings"), players, y, "coins_paid", "dim-label");
      attach_row (grid, row++, _("Prestige this year"), players, y, "total", "heading");
    }

  {
    GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);

    gtk_widget_set_margin_top (separator, 6);
    gtk_grid_attach (grid, separator, 0, row++, 1 + json_array_get_length (players), 1);
  }
  attach_row (grid, row++, finished ? _("Final prestige") : _("Prestige so far"), players, 0,
              "total", "title-4");
  attach_row (grid, row++, finished ? _("Coins left (breaks ties)") : _("Coins"), players, 0,
              "coins", "dim-label");
  if (finished)
    attach_row (grid, row++, _("Rank"), players, 0, "rank", "heading");

  gtk_widget_set_margin_start (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (grid), 12);
  return GTK_WIDGET (grid);
}
