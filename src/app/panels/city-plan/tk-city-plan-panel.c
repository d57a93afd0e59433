/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel.c — the City Plan bookkeeping panel: the turn (draw or manifestos, then
 * build or redraw), each player's city (power plants and the buildings in their rows, hand,
 * manifestos), the six income tiles and the score.
 *
 * Everything is drawn from the session's state and redrawn on TkSession::changed; the only
 * transient choices are the card being built (kept in TkCityPlanBuild) and a manifesto look
 * waiting for "keep one / keep none", both forgotten when the turn moves on.  Every change is
 * an engine action applied through tk_game_panel_apply().
 *
 * This file keeps the object, the helpers, applying, the round's news and the redraw; the
 * turn card is in -turn.c, the cities in -cities.c, the income tiles and the score in
 * -tiles.c, sharing tk-city-plan-panel-private.h.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-city-plan-panel-private.h"
#include "tk-session-style.h"

G_DEFINE_FINAL_TYPE (TkCityPlanPanel, tk_city_plan_panel, TK_TYPE_GAME_PANEL)

/* ---- helpers ---- */

GtkWidget *
cpp_label_new (const char *text,
               const char *css_class)
{
  GtkWidget *label = tk_panel_label_new (text, css_class);

  /* Wrapping text asks for a modest width, so two cities fit side by side on a laptop. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  return label;
}

const char *
cpp_seat_name (View *view,
               guint seat)
{
  return tk_rules_setup_player_name (view->setup, seat);
}

JsonObject *
cpp_player_state (View *view,
                  guint seat)
{
  return json_array_get_object_element (json_object_get_array_member (view->game, "players"),
                                        seat);
}

gboolean
cpp_apply (TkCityPlanPanel *self,
           JsonObject      *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

GtkWidget *
cpp_button_row (void)
{
  GtkWidget *row = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 6);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (row), TRUE);
  return row;
}

static const char *const type_ids[] = { "residential", "commercial", "industrial", "facility",
                                        "power_plant" };

void
cpp_count_city (JsonObject *player,
                Counts     *counts)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");

  memset (counts, 0, sizeof *counts);
  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonObject *plant = json_array_get_object_element (plants, p);
      JsonArray *row = json_object_get_array_member (plant, "buildings");

      counts->type[4]++;
      counts->eco += json_object_get_boolean_member_with_default (plant, "eco", FALSE);
      for (guint b = 0; b < json_array_get_length (row); b++)
        {
          JsonObject *building = json_array_get_object_element (row, b);
          const char *type = json_object_get_string_member (building, "type");

          for (guint t = 0; t < G_N_ELEMENTS (type_ids); t++)
            if (g_strcmp0 (type, type_ids[t]) == 0)
              counts->type[t]++;
          counts->eco += json_object_get_boolean_member_with_default (building, "eco", FALSE);
        }
    }
  counts->buildings = json_object_get_int_member (player, "buildings");
}

static void
stepper_clicked (GtkButton       *button,
                 TkCityPlanPanel *self)
{
  MakeAction make = g_object_get_data (G_OBJECT (button), "make");
  gpointer data = g_object_get_data (G_OBJECT (button), "data");
  gint64 value = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value"));
  g_autoptr(JsonObject) action = make (data, value);

  cpp_apply (self, action);
}

GtkWidget *
cpp_stepper (TkCityPlanPanel *self,
             const char      *name,
             const char      *value_text,
             gint64           value,
             gint64           min,
             gint64           max,
             MakeAction       make,
             gpointer         data,
             GDestroyNotify   destroy,
             const char      *less,
             const char      *more)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *number = gtk_label_new (value_text);

  gtk_widget_add_css_class (box, "tk-stepper");
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (i == 0 ? "list-remove-symbolic"
                                                                : "list-add-symbolic");
      gint64 next = value + (i == 0 ? -1 : 1);

      gtk_widget_add_css_class (button, "circular");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, i == 0 ? less : more);
      tk_panel_set_name (button, "%s-%s", name, i == 0 ? "minus" : "plus");
      gtk_widget_set_sensitive (button, next >= min && next <= max);
      g_object_set_data (G_OBJECT (button), "make", make);
      if (destroy != NULL)
        g_object_set_data_full (G_OBJECT (button), "data", i == 0 ? data : g_strdup (data),
                                destroy);
      else
        g_object_set_data (G_OBJECT (button), "data", data);
      g_object_set_data (G_OBJECT (button), "value", GINT_TO_POINTER ((int) next));
      g_signal_connect (button, "clicked", G_CALLBACK (stepper_clicked), self);
      if (i == 1)
        {
          gtk_widget_add_css_class (number, "numeric");
          gtk_widget_add_css_class (number, "heading");
          gtk_label_set_width_chars (GTK_LABEL (number), 2);
          gtk_widget_set_name (number, name);
          gtk_box_append (GTK_BOX (box), number);
        }
      gtk_box_append (GTK_BOX (box), button);
    }
  return box;
}

/* ---- the cities ---- */

typedef struct
{
  guint seat;
  guint uid;
  char *first_type;
} SplitData;

/* ---- redraw ---- */

/* When an action ends a round, says which tiles fired and who drew what (the tiles list
 * keeps it too); undo or another turn clears it. */
static void
update_round_news (TkCityPlanPanel *self,
                   View            *view)
{
  JsonArray *tiles = json_object_get_array_member (view->game, "income_tiles");
  gint64 round = json_object_get_int_member (view->game, "round");
  gboolean over = g_str_equal (view->phase, "over");
  guint fired = 0;

  for (guint t = 0; t < json_array_get_length (tiles); t++)
    if (json_object_get_boolean_member (json_array_get_object_element (tiles, t), "fired"))
      fired |= 1u << t;

  if (self->seen_round > 0 && (round > self->seen_round || (over && fired != self->seen_fired)))
    {
      GString *news = g_string_new (NULL);
      gint64 ended = over ? round : round - 1;

      /* Translators: e.g. "Round 3 ended." */
      g_string_printf (news, _("Round %" PRId64 " ended."), ended);
      for (guint t = 0; t < json_array_get_length (tiles); t++)
        {
          JsonObject *tile = json_array_get_object_element (tiles, t);
          JsonArray *draws = json_object_get_array_member (tile, "draws");

          if (!(fired & ~self->seen_fired & (1u << t)))
            continue;
          g_string_append_c (news, ' ');
          /* Translators: a tile that fired, e.g. "Resident tax fired:". */
          g_string_append_printf (news, _("%s fired:"),
                                  cpp_tile_title (json_object_get_string_member (tile, "tile")));
          for (guint seat = 0; seat < view->n_players; seat++)
            {
              g_string_append_c (news, ' ');
              g_string_append_printf (news, _("%s drew %" PRId64), cpp_seat_name (view, seat),
                                      json_array_get_int_element (draws, seat));
              g_string_append (news, seat + 1 < view->n_players ? _(",") : _("."));
            }
        }
      if ((fired & ~self->seen_fired) == 0)
        {
          g_string_append_c (news, ' ');
          g_string_append (news, _("No income tile fired."));
        }
      g_free (self->round_news);
      self->round_news = g_string_free (news, FALSE);
    }
  else if (self->seen_round > 0 && (round != self->seen_round || fired != self->seen_fired ||
                                    !g_str_equal (view->phase, "draw")))
    g_clear_pointer (&self->round_news, g_free);
  self->seen_round = round;
  self->seen_fired = fired;
}

void
cpp_refresh (TkCityPlanPanel *self)
{
  View view = { 0 };
  g_autofree char *key = NULL;

  if (self->session == NULL)
    return;
  view.json = tk_session_to_json (self->session);
  view.game = json_object_get_object_member (view.json, "game");
  view.setup = tk_session_get_setup (self->session);
  view.score = tk_session_score (self->session);
  view.cards = json_object_has_member (view.setup, "cards")
               ? json_array_ref (json_object_get_array_member (view.setup, "cards"))
               : tk_city_plan_cards_shipped ();
  view.phase = json_object_get_string_member (view.game, "phase");
  view.active = json_object_get_int_member (view.game, "active");
  view.n_players = json_array_get_length (json_object_get_array_member (view.game, "players"));
  view.hand_limit = json_object_get_int_member_with_default (view.setup, "hand_limit", 8);
  view.end_buildings = json_object_get_int_member_with_default (view.setup, "end_buildings", 10);

  /* Transient choices belong to one moment: the same turn and phase. */
  key = g_strdup_printf ("%s/%u/%" PRId64 "/%" PRId64, view.phase, view.active,
                         json_object_get_int_member (view.game, "round"),
                         json_object_get_int_member (view.game, "next_uid"));
  if (g_strcmp0 (key, self->draft_key) != 0)
    {
      g_free (self->draft_key);
      self->draft_key = g_steal_pointer (&key);
      self->manifesto_pending = FALSE;
      self->redraw_pending = FALSE;
      tk_city_plan_build_reset (TK_CITY_PLAN_BUILD (self->build));
    }

  update_round_news (self, &view);
  cpp_draw_turn (self, &view);
  if (self->round_news != NULL)
    {
      GtkWidget *news = cpp_label_new (self->round_news, "tk-city-plan-news");

      gtk_widget_set_name (news, "cp-round-news");
      gtk_box_prepend (GTK_BOX (self->turn_content), news);
    }
  cpp_draw_players (self, &view);
  cpp_draw_tiles (self, &view);
  cpp_draw_score (self, &view);

  json_array_unref (view.cards);
  json_object_unref (view.json);
  json_object_unref (view.score);
}

/* ---- object ---- */

/* TkGamePanel calls this on every TkSession::changed. */
static void
tk_city_plan_panel_session_changed (TkGamePanel *panel)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (panel);

  cpp_refresh (self);
}

static void
tk_city_plan_panel_constructed (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->constructed (object);

  /* borrowed from TkGamePanel, which holds the "session" property */
  self->session = tk_game_panel_get_session (TK_GAME_PANEL (self));

  if (self->session != NULL)
    cpp_refresh (self);
}

static void
tk_city_plan_panel_dispose (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_CITY_PLAN_PANEL);
  if (self->build != NULL && gtk_widget_get_parent (self->build) != NULL)
    gtk_widget_unparent (self->build);
  g_clear_object (&self->build);
  self->session = NULL;     /* TkGamePanel holds it */
  g_clear_pointer (&self->draft_key, g_free);
  g_clear_pointer (&self->round_news, g_free);

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->dispose (object);
}

static void
tk_city_plan_panel_class_init (TkCityPlanPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_city_plan_panel_constructed;
  object_class->dispose = tk_city_plan_panel_dispose;

  TK_GAME_PANEL_CLASS (klass)->session_changed = tk_city_plan_panel_session_changed;

  g_type_ensure (TK_TYPE_TURN_HEADER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, turn_header);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, turn_content);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, deck_label);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, players_flow);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, tiles_note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, tiles_list);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, score_note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, score_flow);
}

static void
tk_city_plan_panel_init (TkCityPlanPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->build = g_object_ref_sink (tk_city_plan_build_new ());
  g_signal_connect_swapped (self->build, "build", G_CALLBACK (cpp_build_requested), self);
}
