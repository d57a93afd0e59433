/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-tiles.c — the City Plan panel's six income tiles: each one's condition,
 * whether it fired, fires this round or waits, and what each player counts and draws, as the
 * model reads them from the engine.  The rows are made once and patched on each
 * TkCityPlanModel::changed.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-city-plan-tiles.h"

typedef struct
{
  GtkWidget *row;
  GtkWidget *badge;
} Row;

struct _TkCityPlanTiles
{
  TkPanelPart      parent_instance;
  Row              rows[TK_CITY_PLAN_N_TILES];

  GtkWidget       *list;
};

G_DEFINE_FINAL_TYPE (TkCityPlanTiles, tk_city_plan_tiles, TK_TYPE_PANEL_PART)

static TkCityPlanModel *
get_model (gpointer self)
{
  return TK_CITY_PLAN_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* What the tile asks for, e.g. "3 residential buildings". */
static char *
condition_text (TkCityPlanTiles *self,
                TkCityPlanTile  *tile)
{
  const char *id = tk_city_plan_tile_get_id (tile);
  gint64 threshold = tk_city_plan_tile_get_threshold (tile);

  if (g_str_equal (id, "resident"))
    return g_strdup_printf (_("%" PRId64 " residential buildings"), threshold);
  if (g_str_equal (id, "consumption"))
    return g_strdup_printf (_("%" PRId64 " commercial buildings"), threshold);
  if (g_str_equal (id, "business"))
    return g_strdup_printf (_("%" PRId64 " industrial buildings"), threshold);
  if (g_str_equal (id, "income_tax"))
    return g_strdup_printf (_("%" PRId64 " of the residential, commercial and "
                              "industrial kinds"), threshold);
  if (g_str_equal (id, "eco"))
    return g_strdup_printf (_("%" PRId64 " eco buildings"), threshold);
  return g_strdup_printf (_("%" PRId64 " buildings; then %" PRId64 " cards to each "
                            "player with at most %" PRId64), threshold,
                          tk_city_plan_model_get_subsidy_cards (get_model (self)),
                          tk_city_plan_model_get_subsidy_max_buildings (get_model (self)));
}

static void
tk_city_plan_tiles_update (TkPanelPart  *part,
                           TkPanelModel *model)
{
  TkCityPlanTiles *self = TK_CITY_PLAN_TILES (part);
  GListModel *tiles = tk_city_plan_model_get_tiles (get_model (self));
  guint n_players = tk_city_plan_model_get_n_players (get_model (self));

  for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
    {
      Row *row = &self->rows[t];
      g_autoptr(TkCityPlanTile) tile = t < g_list_model_get_n_items (tiles)
                                       ? g_list_model_get_item (tiles, t) : NULL;
      TkCityPlanTileStatus status;
      const char *id;
      g_autofree char *condition = NULL;
      g_autofree char *subtitle = NULL;
      GString *text;

      gtk_widget_set_visible (row->row, tile != NULL);
      if (tile == NULL)
        continue;
      status = tk_city_plan_tile_get_status (tile);
      id = tk_city_plan_tile_get_id (tile);
      condition = condition_text (self, tile);
      text = g_string_new (NULL);
      if (status == TK_CITY_PLAN_TILE_FIRED)
        g_string_append (text, _("Fired:"));
      else if (status == TK_CITY_PLAN_TILE_DUE)
        g_string_append (text, _("Fires at the end of this round:"));
      else
        /* Translators: each player's count for a tile not fired yet, e.g. "Now: Ana 1, Ben 0". */
        g_string_append (text, _("Now:"));
      for (guint seat = 0; seat < n_players && seat < TK_CITY_PLAN_MAX_SEATS; seat++)
        {
          const char *name = tk_city_plan_player_get_name (
                               tk_city_plan_model_get_player (get_model (self), seat));

          g_string_append_c (text, ' ');
          if (status == TK_CITY_PLAN_TILE_FIRED)
            /* Translators: what a player drew when a tile fired, e.g. "Ana drew 3". */
            g_string_append_printf (text, _("%s drew %" PRId64), name,
                                    tk_city_plan_tile_get_draws (tile, seat));
          else if (status == TK_CITY_PLAN_TILE_DUE)
            /* Translators: what a player will draw, e.g. "Ana draws 3". */
            g_string_append_printf (text, _("%s draws %" PRId64), name,
                                    tk_city_plan_tile_get_draws (tile, seat));
          else
            g_string_append_printf (text, "%s %" PRId64, name,
                                    tk_city_plan_tile_get_count (tile, seat));
          if (seat + 1 < n_players)
            g_string_append (text, _(","));
        }
      subtitle = g_strdup_printf ("%s\n%s", condition, text->str);
      g_string_free (text, TRUE);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row),
                                     tk_city_plan_tile_get_title (tile));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row->row), subtitle);
      tk_panel_set_name (row->row, "cp-tile-row-%s", id);
      gtk_label_set_text (GTK_LABEL (row->badge),
                          status == TK_CITY_PLAN_TILE_FIRED ? _("Fired")
                          : status == TK_CITY_PLAN_TILE_DUE ? _("Fires") : _("Waiting"));
      tk_panel_set_name (row->badge, "cp-tile-%s", id);
      tk_panel_set_class (row->badge, "tk-city-plan-tile-fired",
                          status == TK_CITY_PLAN_TILE_FIRED);
      tk_panel_set_class (row->badge, "tk-city-plan-tile-due", status == TK_CITY_PLAN_TILE_DUE);
      tk_panel_set_class (row->badge, "dim-label", status == TK_CITY_PLAN_TILE_WAITING);
    }
}

static void
tk_city_plan_tiles_class_init (TkCityPlanTilesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_city_plan_tiles_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-tiles.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTiles, list);
}

static void
tk_city_plan_tiles_init (TkCityPlanTiles *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
    {
      Row *row = &self->rows[t];

      row->row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row->row), FALSE);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row->row), 4);
      row->badge = gtk_label_new (NULL);
      gtk_widget_add_css_class (row->badge, "tk-city-plan-tile");
      gtk_widget_set_valign (row->badge, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row->row), row->badge);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row->row);
    }
}
