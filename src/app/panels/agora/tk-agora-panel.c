/* tk-agora-panel.c — the Agora bookkeeping panel: money, the turn as a guided flow, the
 * shops and the deck.
 *
 * Everything is drawn from the session's state (tk_session_to_json) and redrawn on
 * TkSession::changed; the panel only keeps transient choices (the letter tapped before its
 * event is chosen, the shops a card changes) and forgets them once the state moves on.
 * Every change is an engine action applied through tk_game_panel_apply().
 *
 * The turn follows the engine's phases: first card → income → draw → place → buy or pass.
 * What an event will do (which shop burns, who collects what at a festival) is worked out
 * here from the state with the engine's own definitions (largest = most counters, a tie
 * does nothing), so the player sees it before tapping.
 *
 * This file keeps the object, the small helpers, reading the state, applying and the redraw;
 * the turn is in -turn.c, the draw phase and its events in -draw.c, money, shops and the deck
 * in -board.c, sharing tk-agora-panel-private.h.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-panel-session.h"
#include "tk-agora-panel-private.h"
#include "tk-session-style.h"

G_DEFINE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, ADW_TYPE_BIN)

/* ---- small helpers ---- */

/* "$23", "−$4" (a real minus sign: borrowing must not be missed). */
char *
agp_format_money (gint64 money)
{
  if (money < 0)
    /* Translators: money below zero (borrowed), e.g. "−$4"; keep the minus sign. */
    return g_strdup_printf (_("−$%" PRId64), -money);
  /* Translators: an amount of money, e.g. "$23". */
  return g_strdup_printf (_("$%" PRId64), money);
}

const char *
agp_seat_name (View *view,
               guint seat)
{
  return tk_rules_setup_player_name (view->setup, seat);
}

JsonObject *
agp_player_state (View *view,
                  guint seat)
{
  return json_array_get_object_element (json_object_get_array_member (view->game, "players"),
                                        seat);
}

int
agp_seat_letter (View *view,
                 guint seat)
{
  return json_object_get_string_member (agp_player_state (view, seat), "letter")[0] - 'A';
}

/* The seat holding @letter (0..3), or -1. */
int
agp_letter_seat (View *view,
                 int   letter)
{
  for (guint seat = 0; seat < view->n_players; seat++)
    if (agp_seat_letter (view, seat) == letter)
      return seat;
  return -1;
}

JsonArray *
agp_shops_of (View *view)
{
  return json_object_get_array_member (view->game, "shops");
}

int
agp_shop_owner (JsonObject *shop)
{
  JsonNode *owner = json_object_get_member (shop, "owner");

  return owner == NULL || JSON_NODE_HOLDS_NULL (owner) ? -1 : json_node_get_int (owner);
}

gboolean
agp_past_goal (View   *view,
               gint64  money)
{
  return view->reach ? money >= view->goal : money > view->goal;
}

/* The shop with strictly the most counters (the engine's "largest"), or NULL; @tie says
 * whether several share the most. */
JsonObject *
agp_largest_shop (View     *view,
                  gboolean *tie)
{
  JsonArray *shops = agp_shops_of (view);
  JsonObject *best = NULL;
  gint64 most = 0;

  *tie = FALSE;
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      gint64 counters = json_object_get_int_member (shop, "counters");

      if (counters == 0)
        continue;
      if (counters > most)
        {
          most = counters;
          best = shop;
          *tie = FALSE;
        }
      else if (counters == most)
        *tie = TRUE;
    }
  return *tie ? NULL : best;
}

gint64
agp_income_now (View *view,
                guint seat)
{
  JsonObject *player = agp_player_state (view, seat);

  return json_object_get_int_member (player, "turns") == 0
         ? 0 : json_object_get_int_member (player, "shop_income");
}

gboolean
agp_apply (TkAgoraPanel *self,
           JsonObject   *action)
{
  return tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

void
agp_apply_simple (TkAgoraPanel *self,
                  const char   *type)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  agp_apply (self, action);
}

/* ---- redraw ---- */

void
agp_refresh (TkAgoraPanel *self)
{
  View view = { 0 };
  g_autofree char *key = NULL;

  if (self->session == NULL)
    return;
  view.json = tk_session_to_json (self->session);
  view.game = json_object_get_object_member (view.json, "game");
  view.setup = tk_session_get_setup (self->session);
  view.score = tk_session_score (self->session);
  view.phase = json_object_get_string_member (view.game, "phase");
  view.active = json_object_get_int_member (view.game, "active");
  view.n_players = json_array_get_length (json_object_get_array_member (view.game, "players"));
  view.goal = json_object_get_int_member_with_default (view.setup, "goal", 50);
  view.reach = g_strcmp0 (json_object_get_string_member (view.game, "goal_rule"), "reach") == 0;

  /* Transient choices belong to one moment of the game: the same phase, turn and card. */
  key = g_strdup_printf ("%s/%u/%" PRId64 "/%" PRId64, view.phase, view.active,
                         json_object_get_int_member (view.game, "cards_placed"),
                         json_object_get_int_member (view.game, "deck_total"));
  if (g_strcmp0 (key, self->draft_key) != 0)
    {
      g_free (self->draft_key);
      self->draft_key = g_steal_pointer (&key);
      self->chosen_letter = -1;
      self->chosen_seat = -1;
      tk_agora_placement_reset (TK_AGORA_PLACEMENT (self->placement));
    }

  agp_draw_money (self, &view);
  agp_draw_turn (self, &view);
  agp_draw_shops (self, &view);
  agp_draw_deck (self, &view);

  json_object_unref (view.json);
  json_object_unref (view.score);
}

/* ---- object ---- */

static void
tk_agora_panel_constructed (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->constructed (object);

  if (self->session != NULL)
    tk_panel_session_follow (self, self->session, G_CALLBACK (agp_refresh));
}

static void
tk_agora_panel_dispose (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_PANEL);
  if (self->placement != NULL && gtk_widget_get_parent (self->placement) != NULL)
    gtk_widget_unparent (self->placement);
  g_clear_object (&self->placement);
  g_clear_object (&self->session);
  g_clear_pointer (&self->draft_key, g_free);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->dispose (object);
}

static void
tk_agora_panel_class_init (TkAgoraPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_agora_panel_constructed;
  object_class->dispose = tk_agora_panel_dispose;

  tk_panel_session_install (object_class, G_STRUCT_OFFSET (TkAgoraPanel, session));

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, goal_label);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, money_flow);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, turn_title);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, steps_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, step_hint);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, step_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, shops_summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, shops_list);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, deck_summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, deck_flow);
}

static void
tk_agora_panel_init (TkAgoraPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->placement = g_object_ref_sink (tk_agora_placement_new ());
  self->chosen_letter = -1;
  self->chosen_seat = -1;
}
