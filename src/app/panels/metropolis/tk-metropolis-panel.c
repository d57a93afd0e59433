/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel.c — the Foundations of Metropolis bookkeeping panel.
 *
 * Everything shown is drawn from the session (tk_session_to_json, tk_session_score) and
 * redrawn on TkSession::changed.  The only state of its own is what the user is in the middle
 * of: which lots are tapped, for what (the starting deeds of a seat, a draft round, the deeds
 * for sale, a building, the deed revealed after a buy).  An accepted action changes the
 * session, whose ::changed clears that; a refused one leaves it so the user can fix the taps.
 *
 * This file keeps the object, reading the state, applying an action, the modes, the refresh
 * and the wide/narrow layout; what taps and buttons do is in -actions.c, the drawn parts in
 * -view.c and the player cards in -players.c, sharing tk-metropolis-panel-private.h.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-metropolis-panel-private.h"
#include "tk-session-style.h"

#define WIDE_LAYOUT 640    /* px of panel width from which the board has the actions beside it */
#define PHONE_WIDTH 336    /* px: a 360 px screen less the session view's margins */

G_DEFINE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, TK_TYPE_GAME_PANEL)

/* ---- reading the state ---- */

JsonObject *
mpp_game_state (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) all = tk_session_to_json (self->session);

  return json_object_ref (json_object_get_object_member (all, "game"));
}

const char *
mpp_seat_name (TkMetropolisPanel *self,
               int                seat)
{
  return tk_rules_setup_player_name (tk_session_get_setup (self->session), seat);
}

/* The phase as one of a fixed set of strings (the JSON's copy does not outlive it). */
static const char *
phase_of (JsonObject *game)
{
  static const char *const phases[] = { "deal", "market", "play", "final_turns", "over" };
  const char *phase = json_object_get_string_member_with_default (game, "phase", "");

  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    if (g_str_equal (phases[i], phase))
      return phases[i];
  return "over";
}

JsonObject *
mpp_player_state (JsonObject *game,
                  int         seat)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  if (seat < 0 || (guint) seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

int
mpp_market_want (JsonObject *game)
{
  JsonArray *market = json_object_get_array_member (game, "market");

  return (int) MIN (json_array_get_length (market),
                    json_object_get_int_member_with_default (game, "deck_left", 0));
}

/* The tile table rows with their numbers (the setup's, or the engine's defaults). */
JsonArray *
mpp_tile_table (TkMetropolisPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  const TkRules *rules = tk_session_get_rules (self->session);
  g_autoptr(JsonObject) defaults = NULL;

  if (json_object_has_member (setup, "tiles"))
    return json_array_ref (json_object_get_array_member (setup, "tiles"));
  defaults = rules->default_setup (tk_session_get_n_players (self->session));
  return json_array_ref (json_object_get_array_member (defaults, "tiles"));
}

char *
mpp_lots_text (TkMetropolisPanel *self)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < self->selection->len; i++)
    {
      char name[4];

      tk_metropolis_lot_name (self->side, g_array_index (self->selection, int, i), name);
      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, name);
    }
  return g_string_free (text, FALSE);
}

JsonArray *
mpp_lots_array (TkMetropolisPanel *self)
{
  JsonArray *lots = json_array_new ();

  for (guint i = 0; i < self->selection->len; i++)
    {
      char name[4];

      tk_metropolis_lot_name (self->side, g_array_index (self->selection, int, i), name);
      json_array_add_string_element (lots, name);
    }
  return lots;
}

/* ---- applying ---- */

gboolean
mpp_apply (TkMetropolisPanel *self,
           JsonObject        *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

void
mpp_clear_selection (TkMetropolisPanel *self)
{
  g_array_set_size (self->selection, 0);
}

void
mpp_set_mode (TkMetropolisPanel *self,
              Mode               mode)
{
  self->mode = mode;
  mpp_clear_selection (self);
  if (mode != MODE_BUILD)
    g_clear_pointer (&self->build_code, g_free);
  mpp_refresh (self);
}

/* The mode the phase starts in (what a tap means before the user chooses anything). */
static Mode
default_mode (TkMetropolisPanel *self)
{
  if (g_str_equal (self->phase, "deal"))
    return self->draft ? MODE_DRAFT : MODE_DEAL;
  if (g_str_equal (self->phase, "market"))
    return MODE_MARKET;
  return MODE_NONE;
}

static void
on_session_changed (TkMetropolisPanel *self)
{
  /* the taps were for the state that just changed: start again from it */
  self->mode = MODE_NONE;
  self->deal_seat = -1;
  self->buy_slot = -1;
  g_clear_pointer (&self->build_code, g_free);
  mpp_clear_selection (self);
  mpp_refresh (self);
}

static void
refresh_rules_note (TkMetropolisPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  JsonArray *unconfirmed = json_object_has_member (setup, "unconfirmed")
                           ? json_object_get_array_member (setup, "unconfirmed") : NULL;
  g_autofree char *text = NULL;

  if (unconfirmed != NULL)
    text = tk_metropolis_unconfirmed_note (unconfirmed);
  gtk_label_set_text (self->rules_note, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->rules_note), text != NULL);
}

/* After a tap: only what shows the picking changes, so the focus stays where it is. */
void
mpp_refresh_picking (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) game = NULL;

  if (self->session == NULL)
    return;
  game = mpp_game_state (self);
  mpp_refresh_mode (self, game);
}

void
mpp_refresh (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) game = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonObject *setup;
  int years_scored;

  if (self->session == NULL)
    return;
  game = mpp_game_state (self);
  score = tk_session_score (self->session);
  setup = tk_session_get_setup (self->session);
  self->phase = phase_of (game);
  self->side = (int) json_object_get_int_member_with_default (game, "board_size", 0);
  self->current = (int) json_object_get_int_member_with_default (game, "current", -1);
  if (self->mode == MODE_NONE)
    self->mode = default_mode (self);
  if ((self->mode == MODE_DEAL || self->mode == MODE_DRAFT) && !g_str_equal (self->phase, "deal"))
    self->mode = MODE_NONE;

  g_signal_handlers_block_by_func (self->dealt_button, mpp_on_deal_mode_toggled, self);
  g_signal_handlers_block_by_func (self->draft_button, mpp_on_deal_mode_toggled, self);
  gtk_toggle_button_set_active (self->draft ? self->draft_button : self->dealt_button, TRUE);
  g_signal_handlers_unblock_by_func (self->dealt_button, mpp_on_deal_mode_toggled, self);
  g_signal_handlers_unblock_by_func (self->draft_button, mpp_on_deal_mode_toggled, self);

  tk_metropolis_board_set_game (self->board, game, setup);
  mpp_refresh_status (self, game, score);
  if (g_str_equal (self->phase, "deal"))
    mpp_refresh_deal_seats (self, game);
  mpp_refresh_mode (self, game);
  mpp_refresh_actions (self, game);
  mpp_refresh_market (self, game);
  mpp_refresh_players (self, game, score);

  years_scored = (int) json_object_get_int_member_with_default (score, "years_scored", 0);
  gtk_widget_set_visible (self->scoring_section, years_scored > 0);
  adw_bin_set_child (self->scoring_bin, years_scored > 0 ? tk_metropolis_scores_new (score, setup) : NULL);
  refresh_rules_note (self);
}

/* ---- layout ---- */

static void
apply_layout (TkMetropolisPanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->body),
                                  self->wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (self->body, self->wide ? 24 : 18);
  gtk_widget_set_hexpand (self->board_column, !self->wide);
  gtk_widget_set_hexpand (self->side_column, self->wide);
  gtk_widget_set_valign (self->board_column, GTK_ALIGN_START);
  /* beside the board the actions stack up and the deed slots take two rows of three */
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->actions_box), self->wide ? 1 : 3);
  gtk_flow_box_set_max_children_per_line (self->market_box, self->wide ? 3 : 6);
  gtk_flow_box_set_min_children_per_line (self->players_box, self->wide ? 2 : 1);
}

static gboolean
switch_layout (gpointer data)
{
  TkMetropolisPanel *self = data;

  self->layout_idle = 0;
  apply_layout (self);
  return G_SOURCE_REMOVE;
}

/* GTK 4.8 has no breakpoints: the panel lays its child out itself (no layout manager) to
 * see its width, and the orientation follows it, changed after the allocation (never
 * during it). */
static GtkSizeRequestMode
tk_metropolis_panel_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
tk_metropolis_panel_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  int child_minimum = 0;

  if (child == NULL || !gtk_widget_should_layout (child))
    {
      *minimum = *natural = 0;
      return;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      for_size = MAX (for_size, child_minimum);
    }
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  /* Side by side the panel needs more than on a phone; saying so would keep the window
   * from being made narrow, so it asks for no more than a phone's width and switches to the
   * stacked layout when it gets less than WIDE_LAYOUT. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->wide)
    *minimum = MIN (*minimum, PHONE_WIDTH);
}

static void
tk_metropolis_panel_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  gboolean wide = width >= WIDE_LAYOUT;

  if (wide != self->wide)
    {
      self->wide = wide;
      if (self->layout_idle == 0)
        /* above the redraw priority: an animation elsewhere in the window must not hold
         * the switch back */
        self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, switch_layout, self, NULL);
    }
  if (child != NULL && gtk_widget_should_layout (child))
    {
      int child_minimum;

      /* for the one frame before the layout switches, never less than the child needs
       * (clipped: the panel's overflow is hidden) */
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      gtk_widget_allocate (child, MAX (width, child_minimum), height, baseline, NULL);
    }
}

/* ---- overrides ---- */

/* TkGamePanel calls this on every TkSession::changed. */
static void
tk_metropolis_panel_session_changed (TkGamePanel *panel)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (panel);

  on_session_changed (self);
}

static void
tk_metropolis_panel_constructed (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->constructed (object);

  /* borrowed from TkGamePanel, which holds the "session" property */
  self->session = tk_game_panel_get_session (TK_GAME_PANEL (self));

  if (self->session == NULL)
    return;
  self->draft = json_object_get_boolean_member_with_default (tk_session_get_setup (self->session),
                                                              "deed_draft", FALSE);
  mpp_refresh (self);
}

static void
tk_metropolis_panel_dispose (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROPOLIS_PANEL);
  self->session = NULL;     /* TkGamePanel holds it */

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->dispose (object);
}

static void
tk_metropolis_panel_finalize (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  g_array_unref (self->selection);
  g_free (self->build_code);

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->finalize (object);
}

static void
tk_metropolis_panel_class_init (TkMetropolisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_metropolis_panel_constructed;
  object_class->dispose = tk_metropolis_panel_dispose;
  object_class->finalize = tk_metropolis_panel_finalize;
  widget_class->get_request_mode = tk_metropolis_panel_get_request_mode;
  widget_class->measure = tk_metropolis_panel_measure;
  widget_class->size_allocate = tk_metropolis_panel_size_allocate;

  TK_GAME_PANEL_CLASS (klass)->session_changed = tk_metropolis_panel_session_changed;

  g_type_ensure (TK_TYPE_METROPOLIS_BOARD);
  g_type_ensure (TK_TYPE_TURN_HEADER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, status_header);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, body);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, board_column);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, side_column);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, board);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, mode_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, deal_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, seats_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, dealt_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, draft_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, mode_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, actions_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, income_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, build_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, build_popover);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, tiles_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, coins_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, market_section);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, market_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, scoring_section);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, scoring_bin);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, rules_note);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_lot_activated);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_confirm_clicked);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_deal_mode_toggled);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_income_clicked);
  gtk_widget_class_bind_template_callback (widget_class, mpp_on_coins_clicked);
}

static void
tk_metropolis_panel_init (TkMetropolisPanel *self)
{
  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->deal_seat = -1;
  self->buy_slot = -1;
  self->current = -1;
  self->phase = "deal";
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  /* the buttons take the focus, not the flow box cells around them */
  for (GtkWidget *child = gtk_widget_get_first_child (self->actions_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  apply_layout (self);
  gtk_widget_set_name (GTK_WIDGET (self->income_button), "income-button");
  gtk_widget_set_name (self->build_button, "build-button");
  gtk_widget_set_name (self->coins_button, "coins-button");
  gtk_widget_set_name (self->confirm_button, "confirm-button");
  gtk_widget_set_name (self->cancel_button, "cancel-button");
  gtk_widget_set_name (GTK_WIDGET (self->body), "metropolis-body");
}
