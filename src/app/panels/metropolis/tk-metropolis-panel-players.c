/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel-players.c — the Metropolis panel: a card per player with their coins,
 * income, lot markers and tiles left, deeds, population, prestige and rank (or what the year's
 * end would give now), the first-player token and whose turn it is.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-metropolis-panel-private.h"

/* One number with its caption below, for a player card. */
static GtkWidget *
stat (const char *value,
      const char *caption,
      const char *tooltip,
      const char *name)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *number = gtk_label_new (value);
  GString *kept = g_string_new (NULL);
  GtkWidget *text;
  int depth = 0;

  /* a narrow card wraps the caption before a bracket, never inside it ("markers (of 8)"
   * would break as "markers (of / 8)"): spaces between brackets become no-break spaces */
  for (const char *c = caption; *c != '\0'; c++)
    {
      depth += *c == '(' ? 1 : *c == ')' && depth > 0 ? -1 : 0;
      if (*c == ' ' && depth > 0)
        g_string_append (kept, "\u00a0");
      else
        g_string_append_c (kept, *c);
    }
  text = gtk_label_new (kept->str);
  g_string_free (kept, TRUE);

  gtk_widget_add_css_class (number, "title-4");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (text, "caption");
  gtk_widget_add_css_class (text, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), text);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (box, tooltip);
  if (name != NULL)
    gtk_widget_set_name (number, name);
  return box;
}

void
mpp_refresh_players (TkMetropolisPanel *self,
                     JsonObject        *game,
                     JsonObject        *score)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  JsonArray *players = json_object_get_array_member (game, "players");
  int first = (int) json_object_get_int_member_with_default (game, "first_player", 0);
  gint64 markers_total = json_object_get_int_member_with_default (setup, "lot_markers", 8);
  gint64 tiles_total = 0;
  g_autoptr(JsonArray) tiles = mpp_tile_table (self);
  gboolean turn = g_str_equal (self->phase, "play") || g_str_equal (self->phase, "final_turns");

  for (guint i = 0; i < json_array_get_length (tiles); i++)
    tiles_total += json_object_get_int_member_with_default (json_array_get_object_element (tiles, i), "count", 1);

  tk_panel_clear (GTK_WIDGET (self->players_box));
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *preview = json_object_get_object_member (player, "year_end_preview");
      JsonArray *supply = json_object_get_array_member (player, "supply");
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (mpp_seat_name (self, p));
      GtkWidget *grid = gtk_grid_new ();
      gint64 tiles_left = 0, preview_total = 0;
      char values[8][32];
      g_autofree char *preview_tip = NULL;
      g_autofree char *markers_caption = NULL;
      g_autofree char *tiles_caption = NULL;
      g_autofree char *prefix = g_strdup_printf ("player-%u-", p);
      static const char *const preview_members[] = { "population", "public", "commercial_prestige",
                                                     "commercial_coins", "empty_lots" };

      for (guint i = 0; supply != NULL && i < json_array_get_length (supply); i++)
        tiles_left += json_array_get_int_element (supply, i);
      for (guint i = 0; preview != NULL && i < G_N_ELEMENTS (preview_members); i++)
        preview_total += json_object_get_int_member_with_default (preview, preview_members[i], 0);

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-metropolis-player");
      if (turn && (int) p == self->current)
        gtk_widget_add_css_class (card, "tk-metropolis-current");
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), tk_metropolis_colour_dot (setup, p));
      gtk_box_append (GTK_BOX (head), name);
      if ((int) p == first && !g_str_equal (self->phase, "over"))
        {
          GtkWidget *token = gtk_image_new_from_icon_name ("starred-symbolic");

          gtk_widget_set_tooltip_text (token, _("Has the first-player token"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (token), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("First player"), -1);
          gtk_box_append (GTK_BOX (head), token);
        }
      if (turn && (int) p == self->current)
        {
          GtkWidget *badge = gtk_label_new (_("Turn"));

          gtk_widget_add_css_class (badge, "tk-metropolis-badge");
          gtk_widget_add_css_class (badge, "caption-heading");
          gtk_box_append (GTK_BOX (head), badge);
        }

      g_snprintf (values[0], sizeof values[0], "%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "coins", 0));
      g_snprintf (values[1], sizeof values[1], "+%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "income", 0));
      g_snprintf (values[2], sizeof values[2], "%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "markers", 0));
      g_snprintf (values[3], sizeof values[3], "%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "deeds", 0));
      g_snprintf (values[4], sizeof values[4], "%" G_GINT64_FORMAT, tiles_left);
      g_snprintf (values[5], sizeof values[5], "%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "population", 0));
      g_snprintf (values[6], sizeof values[6], "%" G_GINT64_FORMAT,
                  json_object_get_int_member_with_default (player, "prestige", 0));
      g_snprintf (values[7], sizeof values[7], "+%" G_GINT64_FORMAT, preview_total);
      /* Translators: lot markers left on the player board, e.g. "markers (of 8)" */
      markers_caption = g_strdup_printf (_("markers (of %" PRId64 ")"), markers_total);
      /* Translators: building tiles left on the player board, e.g. "tiles (of 24)" */
      tiles_caption = g_strdup_printf (_("tiles (of %" PRId64 ")"), tiles_total);
      if (preview != NULL)
        /* Translators: what the year end would give now, by category */
        preview_tip = g_strdup_printf (_("If the year ended now: population %" PRId64 ", public %" PRId64 ", commercial %" PRId64 ", coins as prestige %" PRId64 ", empty lots %" PRId64 "; %" PRId64 " coins paid"),
                                       json_object_get_int_member_with_default (preview, "population", 0),
                                       json_object_get_int_member_with_default (preview, "public", 0),
                                       json_object_get_int_member_with_default (preview, "commercial_prestige", 0),
                                       json_object_get_int_member_with_default (preview, "commercial_coins", 0),
                                       json_object_get_int_member_with_default (preview, "empty_lots", 0),
                                       json_object_get_int_member_with_default (preview, "coins", 0));
      {
        g_autofree char *n0 = g_strconcat (prefix, "coins", NULL);
        g_autofree char *n1 = g_strconcat (prefix, "income", NULL);
        g_autofree char *n2 = g_strconcat (prefix, "markers", NULL);
        g_autofree char *n3 = g_strconcat (prefix, "deeds", NULL);
        g_autofree char *n4 = g_strconcat (prefix, "tiles", NULL);
        g_autofree char *n5 = g_strconcat (prefix, "population", NULL);
        g_autofree char *n6 = g_strconcat (prefix, "prestige", NULL);
        g_autofree char *n7 = g_strconcat (prefix, "preview", NULL);

        gtk_grid_attach (GTK_GRID (grid), stat (values[0], _("coins"), NULL, n0), 0, 0, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[1], _("income"), _("What Take Income gives"), n1), 1, 0, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[2], markers_caption, _("Lot markers left on the player board"), n2), 2, 0, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[3], _("deeds"), NULL, n3), 3, 0, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[4], tiles_caption, _("Building tiles left on the player board"), n4), 0, 1, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[5], _("population"), NULL, n5), 1, 1, 1, 1);
        gtk_grid_attach (GTK_GRID (grid), stat (values[6], _("prestige"), NULL, n6), 2, 1, 1, 1);
        if (g_str_equal (self->phase, "over"))
          {
            /* the game is scored: the place instead of what a year end would give */
            g_snprintf (values[7], sizeof values[7], "%" G_GINT64_FORMAT,
                        json_object_get_int_member_with_default (json_array_get_object_element (json_object_get_array_member (score, "players"), p), "rank", 0));
            gtk_grid_attach (GTK_GRID (grid), stat (values[7], _("rank"), NULL, n7), 3, 1, 1, 1);
          }
        else
          gtk_grid_attach (GTK_GRID (grid), stat (values[7], _("year end now"), preview_tip, n7), 3, 1, 1, 1);
      }
      gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
      gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
      gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
      gtk_box_append (GTK_BOX (card), head);
      gtk_box_append (GTK_BOX (card), grid);
      gtk_flow_box_append (self->players_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
}
