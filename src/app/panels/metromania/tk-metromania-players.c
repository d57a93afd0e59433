/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-players.c — the players of the Metromania panel (see the header). */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-metromania-players.h"

struct _TkMetromaniaPlayers
{
  TkPanelPart parent_instance;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaPlayers, tk_metromania_players, TK_TYPE_PANEL_PART)

/* ---- the cards ---- */

static char *
markers_text (TkMetromaniaModel *model,
              guint              seat,
              gboolean           placed)
{
  JsonArray *markers = tk_metromania_model_get_array (model, "destinations");
  GString *text = g_string_new (NULL);

  for (guint i = 0; markers != NULL && i < json_array_get_length (markers); i++)
    {
      JsonObject *marker = json_array_get_object_element (markers, i);

      if (json_object_get_int_member (marker, "owner") != seat ||
          json_object_get_boolean_member (marker, "placed") != placed)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, _("%s · %s"), json_object_get_string_member (marker, "letter"),
                              tk_metromania_kind_label (json_object_get_string_member (marker,
                                                                                       "kind")));
    }
  if (text->len == 0)
    g_string_append (text, C_("markers", "none"));
  return g_string_free (text, FALSE);
}

static char *
line_text (TkMetromaniaModel *model,
           guint              seat,
           guint              style)
{
  JsonObject *line = tk_metromania_model_get_line (model, seat, style);
  JsonObject *rules = json_object_get_object_member (tk_metromania_model_get_game (model),
                                                     "rules");
  const char *state = tk_metromania_model_get_line_state (model, seat, style);
  gint64 tunnels = line != NULL ? json_object_get_int_member (line, "tunnels") : 0;
  gint64 left = json_object_get_int_member (rules, "tunnels_per_line") - tunnels;
  const char *what;

  if (g_strcmp0 (state, "finished") == 0)
    what = _("finished");
  else if (g_strcmp0 (state, "dead_end") == 0)
    what = _("dead end");
  else if (g_strcmp0 (state, "running") == 0)
    what = _("running");
  else
    what = _("not started");
  /* TRANSLATORS: "Plain line: running, 11 tunnels left" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s, %d tunnel left",
                                       "%s: %s, %d tunnels left", left),
                          style == 0 ? _("Plain line") : _("Striped line"), what, (int) left);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  GdkRGBA *rgba = data;

  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static GtkWidget *
dim_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  return label;
}

/* The cards hold no control: they are made again on each change. */
static void
tk_metromania_players_update (TkPanelPart  *part,
                              TkPanelModel *panel_model)
{
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  JsonObject *score = tk_metromania_model_get_score (model);
  JsonArray *players = json_object_get_array_member (score, "players");
  JsonArray *stations = tk_metromania_model_get_array (model, "stations");
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model)));
  /* the template's root, so not bound (a bound root would be unparented twice) */
  GtkFlowBox *flow = GTK_FLOW_BOX (adw_bin_get_child (ADW_BIN (part)));
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (flow))) != NULL)
    gtk_flow_box_remove (flow, child);

  for (guint s = 0; s < tk_metromania_model_get_n_players (model); s++)
    {
      JsonObject *player = json_array_get_object_element (players, s);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *name = gtk_label_new (json_object_get_string_member (player, "name"));
      g_autofree char *total_text = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (player, "total"));
      GtkWidget *total = gtk_label_new (total_text);
      const char *colour = tk_rules_setup_player_colour (setup, s);
      GdkRGBA *rgba = g_new0 (GdkRGBA, 1);
      guint built = 0, points = 0;
      g_autofree char *plain = line_text (model, s, 0);
      g_autofree char *striped = line_text (model, s, 1);
      g_autofree char *hand = markers_text (model, s, FALSE);
      g_autofree char *placed = markers_text (model, s, TRUE);
      g_autofree char *stations_text = NULL;
      g_autofree char *hand_text = NULL;
      g_autofree char *placed_text = NULL;
      g_autofree char *widget_name = g_strdup_printf ("player-%u", s);

      if (colour == NULL || !gdk_rgba_parse (rgba, colour))
        gdk_rgba_parse (rgba, tk_rules_seat_colour (s));
      gtk_widget_set_size_request (swatch, 14, 14);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, rgba, g_free);
      gtk_label_set_use_markup (GTK_LABEL (name), FALSE);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_widget_add_css_class (total, "title-3");
      gtk_widget_add_css_class (total, "numeric");
      gtk_widget_set_name (total, "total");
      gtk_box_append (GTK_BOX (header), swatch);
      gtk_box_append (GTK_BOX (header), name);
      gtk_box_append (GTK_BOX (header), total);
      gtk_box_append (GTK_BOX (card), header);

      for (guint i = 0; stations != NULL && i < json_array_get_length (stations); i++)
        {
          JsonObject *station = json_array_get_object_element (stations, i);
          JsonNode *by = json_object_get_member (station, "built_by");

          if (by != NULL && !JSON_NODE_HOLDS_NULL (by) && json_node_get_int (by) == s)
            {
              built++;
              points += json_object_get_int_member (station, "points");
            }
        }
      /* TRANSLATORS: "Stations: 3 built, 2 points" */
      stations_text = g_strdup_printf (_("Stations: %u built, %u points"), built, points);
      hand_text = g_strdup_printf (_("In hand: %s"), hand);
      placed_text = g_strdup_printf (_("Placed: %s"), placed);
      gtk_box_append (GTK_BOX (card), dim_label (plain));
      gtk_box_append (GTK_BOX (card), dim_label (striped));
      gtk_box_append (GTK_BOX (card), dim_label (stations_text));
      gtk_box_append (GTK_BOX (card), dim_label (hand_text));
      gtk_box_append (GTK_BOX (card), dim_label (placed_text));
      {
        /* The categories that count, as the engine names them: why the total is what it is
         * (station points after halving, each trip, the lake–park bonus). */
        JsonArray *rows = json_object_get_array_member (player, "breakdown");
        g_autoptr(GString) parts = g_string_new (NULL);

        for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
          {
            JsonObject *row = json_array_get_object_element (rows, r);
            gint64 value = json_object_get_int_member (row, "points");

            if (value == 0)
              continue;
            if (parts->len > 0)
              g_string_append (parts, _(", "));
            g_string_append_printf (parts, _("%s\u00a0%+d"),
                                    json_object_get_string_member (row, "label"), (int) value);
          }
        if (parts->len > 0)
          {
            g_autofree char *breakdown = g_strdup_printf (_("%s: %s"), _("Score"), parts->str);
            GtkWidget *label = dim_label (breakdown);

            gtk_widget_set_name (label, "breakdown");
            gtk_box_append (GTK_BOX (card), label);
          }
      }

      gtk_widget_set_name (card, widget_name);
      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-metromania-player");
      if (s == tk_metromania_model_get_turn_seat (model) &&
          tk_metromania_model_is_playing (model))
        gtk_widget_add_css_class (card, "tk-metromania-current");
      gtk_flow_box_append (flow, card);
      /* The flow box's item takes the focus: read as the card's text, not its class. */
      tk_accessible_label_item_from_text (card);
    }
}

static void
tk_metromania_players_class_init (TkMetromaniaPlayersClass *klass)
{
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_players_update;
  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass),
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-players.ui");
}

static void
tk_metromania_players_init (TkMetromaniaPlayers *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
