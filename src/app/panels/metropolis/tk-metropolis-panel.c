/* tk-metropolis-panel.c — the Foundations of Metropolis bookkeeping panel.
 *
 * Everything shown is drawn from the session (tk_session_to_json, tk_session_score) and
 * redrawn on TkSession::changed.  The only state of its own is what the user is in the middle
 * of: which lots are tapped, for what (the starting deeds of a seat, a draft round, the deeds
 * for sale, a building, the deed revealed after a buy).  An accepted action changes the
 * session, whose ::changed clears that; a refused one leaves it so the user can fix the taps.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-turn-header.h"
#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-metropolis-board.h"
#include "tk-metropolis-panel.h"
#include "tk-metropolis-parts.h"

#define START_DEEDS 6
#define WIDE_LAYOUT 640    /* px of panel width from which the board has the actions beside it */
#define PHONE_WIDTH 336    /* px: a 360 px screen less the session view's margins */

typedef enum
{
  MODE_NONE,      /* nothing to pick (a turn not started, the game over) */
  MODE_DEAL,      /* the starting deeds of one seat */
  MODE_DRAFT,     /* one draft round: a lot per seat, in seat order */
  MODE_MARKET,    /* the deeds turned up at the start of a year, in slot order */
  MODE_BUILD,     /* the lots of the chosen tile */
  MODE_REVEAL,    /* the deed revealed for the last slot after a buy */
} Mode;

struct _TkMetropolisPanel
{
  AdwBin             parent_instance;

  TkSession         *session;

  /* the user's picking in progress (never game state) */
  Mode               mode;
  GArray            *selection;       /* int cells, in the order tapped */
  int                deal_seat;       /* −1: the first seat still short of deeds */
  gboolean           draft;
  char              *build_code;      /* MODE_BUILD */
  int                buy_slot;        /* MODE_REVEAL */

  /* read from the last state, for what the taps mean */
  int                side;
  int                current;
  const char        *phase;           /* static string, see phase_of() */

  gboolean           wide;
  guint              layout_idle;

  TkTurnHeader      *status_header;
  GtkBox            *body;
  GtkWidget         *board_column;
  GtkWidget         *side_column;
  TkMetropolisBoard *board;
  GtkWidget         *mode_box;
  GtkWidget         *deal_box;
  GtkFlowBox        *seats_box;
  GtkToggleButton   *dealt_button;
  GtkToggleButton   *draft_button;
  GtkLabel          *mode_label;
  GtkLabel          *selection_label;
  GtkWidget         *cancel_button;
  GtkWidget         *confirm_button;
  GtkWidget         *actions_box;
  GtkButton         *income_button;
  GtkWidget         *build_button;
  GtkPopover        *build_popover;
  GtkBox            *tiles_box;
  GtkWidget         *coins_button;
  GtkWidget         *market_section;
  GtkFlowBox        *market_box;
  GtkFlowBox        *players_box;
  GtkWidget         *scoring_section;
  AdwBin            *scoring_bin;
  GtkLabel          *rules_note;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void refresh         (TkMetropolisPanel *self);
static void refresh_picking (TkMetropolisPanel *self);

/* ---- reading the state ---- */

static JsonObject *
game_state (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) all = tk_session_to_json (self->session);

  return json_object_ref (json_object_get_object_member (all, "game"));
}

static const char *
seat_name (TkMetropolisPanel *self,
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

static JsonObject *
player_state (JsonObject *game,
              int         seat)
{
  JsonArray *players = json_object_get_array_member (game, "players");

  if (seat < 0 || (guint) seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

static int
market_want (JsonObject *game)
{
  JsonArray *market = json_object_get_array_member (game, "market");

  return (int) MIN (json_array_get_length (market),
                    json_object_get_int_member_with_default (game, "deck_left", 0));
}

/* The tile table rows with their numbers (the setup's, or the engine's defaults). */
static JsonArray *
tile_table (TkMetropolisPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  const TkRules *rules = tk_session_get_rules (self->session);
  g_autoptr(JsonObject) defaults = NULL;

  if (json_object_has_member (setup, "tiles"))
    return json_array_ref (json_object_get_array_member (setup, "tiles"));
  defaults = rules->default_setup (tk_session_get_n_players (self->session));
  return json_array_ref (json_object_get_array_member (defaults, "tiles"));
}

static char *
lots_text (TkMetropolisPanel *self)
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

static JsonArray *
lots_array (TkMetropolisPanel *self)
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

static gboolean
apply (TkMetropolisPanel *self,
       JsonObject        *action)
{
  return tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static void
clear_selection (TkMetropolisPanel *self)
{
  g_array_set_size (self->selection, 0);
}

static void
set_mode (TkMetropolisPanel *self,
          Mode               mode)
{
  self->mode = mode;
  clear_selection (self);
  if (mode != MODE_BUILD)
    g_clear_pointer (&self->build_code, g_free);
  refresh (self);
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
  clear_selection (self);
  refresh (self);
}

static void
on_lot_activated (TkMetropolisPanel *self,
                  int                cell)
{
  guint i;

  if (self->mode == MODE_NONE)
    {
      /* no hover on a touch screen: say what stands on the lot */
      g_autofree char *text = tk_metropolis_board_describe_lot (self->board, cell);

      tk_game_panel_show_message (GTK_WIDGET (self), text);
      return;
    }
  if (self->mode == MODE_REVEAL)
    {
      g_autoptr(JsonObject) action = json_object_new ();
      char name[4];

      tk_metropolis_lot_name (self->side, cell, name);
      json_object_set_string_member (action, "type", "buy");
      json_object_set_int_member (action, "seat", self->current);
      json_object_set_int_member (action, "slot", self->buy_slot);
      json_object_set_string_member (action, "reveal", name);
      apply (self, action);
      return;
    }
  for (i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == cell)
      break;
  if (i < self->selection->len)
    g_array_remove_index (self->selection, i);
  else
    g_array_append_val (self->selection, cell);
  refresh_picking (self);
}

static void
on_confirm_clicked (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  switch (self->mode)
    {
    case MODE_DEAL:
      json_object_set_string_member (action, "type", "deal");
      json_object_set_int_member (action, "seat", self->deal_seat);
      json_object_set_array_member (action, "lots", lots_array (self));
      break;
    case MODE_DRAFT:
      json_object_set_string_member (action, "type", "draft_round");
      json_object_set_array_member (action, "picks", lots_array (self));
      break;
    case MODE_MARKET:
      json_object_set_string_member (action, "type", "market");
      json_object_set_array_member (action, "lots", lots_array (self));
      break;
    case MODE_BUILD:
      json_object_set_string_member (action, "type", "build");
      json_object_set_int_member (action, "seat", self->current);
      json_object_set_string_member (action, "tile", self->build_code);
      json_object_set_array_member (action, "lots", lots_array (self));
      break;
    case MODE_NONE:
    case MODE_REVEAL:
    default:
      return;
    }
  apply (self, action);
}

static void
on_cancel_clicked (TkMetropolisPanel *self)
{
  if (self->mode == MODE_BUILD || self->mode == MODE_REVEAL)
    set_mode (self, MODE_NONE);
  else
    {
      clear_selection (self);
      refresh_picking (self);
    }
}

static void
on_deal_mode_toggled (TkMetropolisPanel *self)
{
  gboolean draft = gtk_toggle_button_get_active (self->draft_button);

  if (draft == self->draft)
    return;
  self->draft = draft;
  if (self->mode == MODE_DEAL || self->mode == MODE_DRAFT)
    set_mode (self, draft ? MODE_DRAFT : MODE_DEAL);
}

static void
on_seat_toggled (GtkToggleButton   *button,
                 TkMetropolisPanel *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->deal_seat = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "seat"));
  refresh_picking (self);
}

static void
on_income_clicked (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "income");
  json_object_set_int_member (action, "seat", self->current);
  apply (self, action);
}

static void
on_tile_clicked (GtkButton         *button,
                 TkMetropolisPanel *self)
{
  const char *code = g_object_get_data (G_OBJECT (button), "code");

  gtk_popover_popdown (self->build_popover);
  self->mode = MODE_BUILD;
  g_free (self->build_code);
  self->build_code = g_strdup (code);
  clear_selection (self);
  refresh (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
on_buy_clicked (GtkButton         *button,
                TkMetropolisPanel *self)
{
  int slot = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "slot"));
  g_autoptr(JsonObject) game = game_state (self);
  JsonObject *player = player_state (game, self->current);
  JsonArray *market = json_object_get_array_member (game, "market");
  JsonObject *entry;
  gint64 price;

  if (player == NULL || slot < 0 || (guint) slot >= json_array_get_length (market))
    return;
  entry = json_array_get_object_element (market, slot);
  price = json_object_get_int_member_with_default (entry, "price", 0);

  /* Said before the card is turned up at the table: a refusal after it would leave a
   * revealed card the books cannot take.  The engine checks again when the buy is applied. */
  if (json_object_get_int_member_with_default (player, "markers", 0) < 1)
    {
      g_autofree char *text =
        g_strdup_printf (_("%s has no free lot marker: build first to free some."),
                         seat_name (self, self->current));
      tk_game_panel_show_message (GTK_WIDGET (self), text);
      return;
    }
  if (json_object_get_int_member_with_default (player, "coins", 0) < price)
    {
      /* Translators: "Ana has 3 coins; this deed costs 4." */
      g_autofree char *text =
        g_strdup_printf (_("%s has %" PRId64 " coins; this deed costs %" PRId64 "."),
                         seat_name (self, self->current),
                         json_object_get_int_member_with_default (player, "coins", 0), price);
      tk_game_panel_show_message (GTK_WIDGET (self), text);
      return;
    }
  if (json_object_get_int_member_with_default (game, "deck_left", 0) > 0)
    {
      self->buy_slot = slot;
      set_mode (self, MODE_REVEAL);
      gtk_widget_grab_focus (GTK_WIDGET (self->board));
      return;
    }
  {
    g_autoptr(JsonObject) action = json_object_new ();

    json_object_set_string_member (action, "type", "buy");
    json_object_set_int_member (action, "seat", self->current);
    json_object_set_int_member (action, "slot", slot);
    apply (self, action);
  }
}

/* ---- the coin correction dialog ---- */

typedef struct
{
  TkMetropolisPanel *panel;
  AdwComboRow       *player_row;
  GtkSpinButton     *amount;
  GtkEditable       *reason;
} CoinsDialog;

static void
coins_dialog_free (gpointer data)
{
  CoinsDialog *d = data;

  g_object_unref (d->panel);
  g_free (d);
}

static void
coins_dialog_update (AdwMessageDialog *dialog)
{
  CoinsDialog *d = g_object_get_data (G_OBJECT (dialog), "coins-dialog");
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (d->reason)));

  adw_message_dialog_set_response_enabled (dialog, "correct",
                                           gtk_spin_button_get_value_as_int (d->amount) != 0 &&
                                           *reason != '\0');
}

static void
on_coins_response (AdwMessageDialog *dialog,
                   const char       *response)
{
  CoinsDialog *d = g_object_get_data (G_OBJECT (dialog), "coins-dialog");
  g_autoptr(JsonObject) action = NULL;
  g_autofree char *reason = NULL;

  if (g_strcmp0 (response, "correct") != 0)
    return;
  reason = g_strstrip (g_strdup (gtk_editable_get_text (d->reason)));
  action = json_object_new ();
  json_object_set_string_member (action, "type", "coins");
  json_object_set_int_member (action, "seat", adw_combo_row_get_selected (d->player_row));
  json_object_set_int_member (action, "delta", gtk_spin_button_get_value_as_int (d->amount));
  json_object_set_string_member (action, "reason", reason);
  apply (d->panel, action);
}

static void
on_coins_clicked (TkMetropolisPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog, *list, *amount_row, *spin, *reason_row;
  GtkStringList *names = gtk_string_list_new (NULL);
  CoinsDialog *d = g_new0 (CoinsDialog, 1);

  for (guint i = 0; i < tk_session_get_n_players (self->session); i++)
    gtk_string_list_append (names, seat_name (self, i));

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Coin Correction"),
                                   _("Corrects a player’s coins after a mistake at the table. The reason is kept in the ledger."));
  gtk_widget_set_name (dialog, "metropolis-coins-dialog");
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "correct", _("C_orrect"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "correct",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "correct");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  d->panel = g_object_ref (self);
  d->player_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (d->player_row), _("Player"));
  adw_combo_row_set_model (d->player_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (d->player_row, MAX (self->current, 0));
  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (d->player_row));

  amount_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (amount_row), _("Coins"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (amount_row),
                               _("Negative takes coins away"));
  spin = gtk_spin_button_new_with_range (-999, 999, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, "metropolis-coins-amount");
  adw_action_row_add_suffix (ADW_ACTION_ROW (amount_row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (amount_row), spin);
  d->amount = GTK_SPIN_BUTTON (spin);
  gtk_list_box_append (GTK_LIST_BOX (list), amount_row);

  reason_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (reason_row), _("Reason"));
  gtk_widget_set_name (reason_row, "metropolis-coins-reason");
  tk_text_limit_editable (GTK_EDITABLE (reason_row), TK_TEXT_LINE);
  d->reason = GTK_EDITABLE (reason_row);
  gtk_list_box_append (GTK_LIST_BOX (list), reason_row);

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  g_object_set_data_full (G_OBJECT (dialog), "coins-dialog", d, coins_dialog_free);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (coins_dialog_update), dialog);
  g_signal_connect_swapped (reason_row, "changed", G_CALLBACK (coins_dialog_update), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (on_coins_response), NULL);
  coins_dialog_update (ADW_MESSAGE_DIALOG (dialog));
  g_object_unref (names);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- drawing the parts ---- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
refresh_status (TkMetropolisPanel *self,
                JsonObject        *game,
                JsonObject        *score)
{
  int year = (int) json_object_get_int_member_with_default (game, "year", 1);
  gint64 deck_left = json_object_get_int_member_with_default (game, "deck_left", 0);
  int first = (int) json_object_get_int_member_with_default (game, "first_player", 0);
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;

  if (g_str_equal (self->phase, "deal"))
    {
      title = g_strdup (_("Starting Deeds"));
      detail = g_strdup (self->draft
                         ? _("The deed draft: each round, tap the lot every player picked, in seat order, then Confirm.")
                         : _("Deal 6 deeds to each player at the table, then tap each player’s lots and Confirm."));
    }
  else if (g_str_equal (self->phase, "market"))
    {
      /* Translators: a heading, e.g. "Year 2: Deeds for Sale" */
      title = g_strdup_printf (_("Year %d: Deeds for Sale"), year);
      if (market_want (game) > 0)
        /* Translators: e.g. "Turn up 6 of the 15 deeds of the year 1 deck and tap them …" */
        detail = g_strdup_printf (_("Turn up %d of the %d deeds of the year %d deck and tap them in slot order, cheapest slot first."),
                                  market_want (game), (int) deck_left, year);
      else
        detail = g_strdup_printf (_("The year %d deck is empty: the year goes straight to the final turns."),
                                  year);
    }
  else if (g_str_equal (self->phase, "play"))
    {
      /* Translators: a heading, e.g. "Year 1 · Ana’s Turn" */
      title = g_strdup_printf (_("Year %d · %s’s Turn"), year, seat_name (self, self->current));
      /* Translators: e.g. "12 deeds left in the year deck · first player: Bo" */
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d deed left in the year deck · first player: %s",
                                             "%d deeds left in the year deck · first player: %s",
                                             (gulong) deck_left),
                                (int) deck_left, seat_name (self, first));
    }
  else if (g_str_equal (self->phase, "final_turns"))
    {
      int left = (int) json_object_get_int_member_with_default (game, "final_turns_left", 0);

      /* Translators: a heading, e.g. "Year 1 · Final Turns · Ana’s Turn" */
      title = g_strdup_printf (_("Year %d · Final Turns · %s’s Turn"), year,
                               seat_name (self, self->current));
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "All deeds are sold. %d final turn left (income or build), then year %d is scored.",
                                             "All deeds are sold. %d final turns left (income or build), then year %d is scored.",
                                             (gulong) left),
                                left, year);
    }
  /* over: the session view's end card names the winner and the tie-break */
  tk_turn_header_set_title (self->status_header, title);
  tk_turn_header_set_detail (self->status_header, detail);
}

static void
refresh_deal_seats (TkMetropolisPanel *self,
                    JsonObject        *game)
{
  GtkToggleButton *group = NULL;
  guint n = tk_session_get_n_players (self->session);

  if (self->deal_seat < 0)
    for (guint p = 0; p < n; p++)
      if (json_object_get_int_member_with_default (player_state (game, p), "deeds", 0) < START_DEEDS)
        {
          self->deal_seat = p;
          break;
        }
  clear_box (GTK_WIDGET (self->seats_box));
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), !self->draft);
  for (guint p = 0; p < n && !self->draft; p++)
    {
      /* Translators: a seat and its starting deeds so far, e.g. "Ana 2/6" */
      g_autofree char *text =
        g_strdup_printf (_("%s %" PRId64 "/%d"), seat_name (self, p),
                         json_object_get_int_member_with_default (player_state (game, p), "deeds", 0),
                         START_DEEDS);
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *label = gtk_label_new (text);
      g_autofree char *name = g_strdup_printf ("deal-seat-%u", p);

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (box), tk_metropolis_colour_dot (tk_session_get_setup (self->session), p));
      gtk_box_append (GTK_BOX (box), label);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_set_name (button, name);
      gtk_widget_set_tooltip_text (button, seat_name (self, p));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), (int) p == self->deal_seat);
      g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (p));
      g_signal_connect (button, "toggled", G_CALLBACK (on_seat_toggled), self);
      gtk_flow_box_append (self->seats_box, button);
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
    }
}

/* The hint of the current mode, and the Confirm button's label and whether it applies. */
static void
refresh_mode (TkMetropolisPanel *self,
              JsonObject        *game)
{
  guint n = self->selection->len;
  g_autofree char *hint = NULL;
  g_autofree char *picked = NULL;
  g_autofree char *lots = lots_text (self);
  const char *confirm = _("C_onfirm");
  gboolean can_confirm = n > 0;
  gboolean show_cancel = n > 0;
  gboolean numbered = FALSE;
  TkMetropolisPick pick = TK_METROPOLIS_PICK_FREE;
  int pick_seat = -1;

  switch (self->mode)
    {
    case MODE_DEAL:
      /* Translators: e.g. "Tap the 4 more deeds dealt to Ana." */
      hint = g_strdup_printf (_("Tap the lots of the deeds dealt to %s."),
                              seat_name (self, self->deal_seat));
      confirm = _("C_onfirm Deeds");
      break;
    case MODE_DRAFT:
      {
        GString *order = g_string_new (NULL);

        for (guint p = 0; p < tk_session_get_n_players (self->session); p++)
          {
            if (p > 0)
              g_string_append (order, _(", "));
            g_string_append (order, seat_name (self, p));
          }
        /* Translators: the seats in order, e.g. "Tap this round's picks in seat order: Ana, Bo, Cy." */
        hint = g_strdup_printf (_("Tap this round’s picks in seat order: %s."), order->str);
        g_string_free (order, TRUE);
        confirm = _("C_onfirm Round");
        numbered = TRUE;
      }
      break;
    case MODE_MARKET:
      if (market_want (game) == 0)
        {
          hint = g_strdup (_("No deeds are turned up this year."));
          confirm = _("_Start Final Turns");
          can_confirm = TRUE;
        }
      else
        {
          hint = g_strdup_printf (_("Tap the %d deeds for sale in slot order, the cheapest slot first."),
                                  market_want (game));
          confirm = _("C_onfirm Deeds for Sale");
        }
      numbered = TRUE;
      break;
    case MODE_BUILD:
      {
        g_autoptr(JsonArray) tiles = tile_table (self);
        const char *name = self->build_code;
        gint64 size = 0;

        for (guint i = 0; i < json_array_get_length (tiles); i++)
          {
            JsonObject *t = json_array_get_object_element (tiles, i);

            if (g_strcmp0 (json_object_get_string_member_with_default (t, "code", NULL), self->build_code) == 0)
              {
                name = json_object_get_string_member_with_default (t, "name", self->build_code);
                size = json_object_get_int_member_with_default (t, "size", 1);
                break;
              }
          }
        /* Translators: e.g. "Build Hotel (C): tap its 3 lots on Ana’s deeds." */
        hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Build %s (%s): tap its %d lot on %s’s deeds.",
                                             "Build %s (%s): tap its %d lots on %s’s deeds.",
                                             (gulong) size),
                                name, self->build_code, (int) size, seat_name (self, self->current));
        confirm = _("C_onfirm Build");
        show_cancel = TRUE;
        pick = TK_METROPOLIS_PICK_SEAT;
        pick_seat = self->current;
      }
      break;
    case MODE_REVEAL:
      {
        JsonArray *market = json_object_get_array_member (game, "market");
        JsonObject *slot = json_array_get_object_element (market, self->buy_slot);
        JsonObject *last = json_array_get_object_element (market, json_array_get_length (market) - 1);
        const char *lot = json_object_get_string_member_with_default (slot, "lot", "?");

        /* Translators: e.g. "Ana buys B2 for 4 coins. Turn up the next deed and tap its lot: it goes to the 10-coin slot." */
        hint = g_strdup_printf (_("%s buys %s for %" PRId64 " coins. Turn up the next deed and tap its lot: it goes to the %" PRId64 "-coin slot."),
                                seat_name (self, self->current), lot,
                                json_object_get_int_member_with_default (slot, "price", 0),
                                json_object_get_int_member_with_default (last, "price", 0));
        can_confirm = FALSE;
        show_cancel = TRUE;
      }
      break;
    case MODE_NONE:
    default:
      pick = TK_METROPOLIS_PICK_NONE;
      break;
    }

  if (n > 0)
    /* Translators: the lots tapped so far, e.g. "Tapped: B2, B3 (2)" */
    picked = g_strdup_printf (_("Tapped: %s (%u)"), lots, n);
  else if (self->mode != MODE_REVEAL && self->mode != MODE_NONE)
    picked = g_strdup (_("No lots tapped yet"));

  gtk_widget_set_visible (self->mode_box, self->mode != MODE_NONE);
  gtk_widget_set_visible (self->deal_box, g_str_equal (self->phase, "deal"));
  gtk_label_set_text (self->mode_label, hint != NULL ? hint : "");
  gtk_label_set_text (self->selection_label, picked != NULL ? picked : "");
  gtk_button_set_label (GTK_BUTTON (self->confirm_button), confirm);
  gtk_widget_set_visible (self->confirm_button, self->mode != MODE_REVEAL);
  gtk_widget_set_sensitive (self->confirm_button, can_confirm);
  gtk_widget_set_visible (self->cancel_button, show_cancel);
  gtk_button_set_label (GTK_BUTTON (self->cancel_button), n > 0 && self->mode != MODE_BUILD ? _("C_lear") : _("_Cancel"));

  tk_metropolis_board_set_selection (self->board, (const int *) self->selection->data, n, numbered);
  tk_metropolis_board_set_pick (self->board, pick, pick_seat);
}

static void
refresh_actions (TkMetropolisPanel *self,
                 JsonObject        *game)
{
  gboolean turn = g_str_equal (self->phase, "play") || g_str_equal (self->phase, "final_turns");
  JsonObject *player = player_state (game, self->current);
  g_autofree char *income = NULL;
  g_autofree char *tooltip = NULL;
  g_autoptr(JsonArray) tiles = tile_table (self);
  JsonArray *supply = player != NULL ? json_object_get_array_member (player, "supply") : NULL;
  GtkWidget *type_label = NULL;
  const char *last_type = NULL;

  gtk_widget_set_visible (self->actions_box, !g_str_equal (self->phase, "over"));
  /* Translators: the income action with what it gives, e.g. "Take Income (+8)" */
  income = g_strdup_printf (_("Take _Income (+%" PRId64 ")"),
                            player != NULL ? json_object_get_int_member_with_default (player, "income", 0) : 0);
  gtk_button_set_label (self->income_button, income);
  if (player != NULL)
    /* Translators: e.g. "Ana takes 5 coins plus the coin values of her commercial buildings" */
    tooltip = g_strdup_printf (_("%s takes the base income plus the coin values of their commercial buildings"),
                               seat_name (self, self->current));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->income_button), tooltip);
  /* income and build are turns: not offered while the deeds are dealt or put up for sale */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->income_button)), turn);
  gtk_widget_set_visible (gtk_widget_get_parent (self->build_button), turn);
  gtk_widget_set_sensitive (GTK_WIDGET (self->income_button), turn && self->mode != MODE_REVEAL);
  gtk_widget_set_sensitive (self->build_button, turn && self->mode != MODE_REVEAL);

  /* the tiles on the current player's board, by type */
  clear_box (GTK_WIDGET (self->tiles_box));
  for (guint i = 0; i < json_array_get_length (tiles); i++)
    {
      JsonObject *t = json_array_get_object_element (tiles, i);
      const char *code = json_object_get_string_member_with_default (t, "code", "?");
      const char *type = json_object_get_string_member_with_default (t, "type", "");
      gint64 left = 0;
      gboolean seen = FALSE;
      g_autofree char *details = NULL;
      g_autofree char *left_text = NULL;
      g_autofree char *widget_name = NULL;
      GtkWidget *button, *grid, *letter, *name, *info, *count;
      GtkWidget *shapes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      for (guint j = 0; j < i; j++)
        seen |= g_strcmp0 (json_object_get_string_member_with_default (json_array_get_object_element (tiles, j), "code", NULL), code) == 0;
      if (seen)
        continue;   /* one entry per code: the engine picks the row whose shape fits */
      for (guint j = i; j < json_array_get_length (tiles); j++)
        if (g_strcmp0 (json_object_get_string_member_with_default (json_array_get_object_element (tiles, j), "code", NULL), code) == 0 &&
            supply != NULL && j < json_array_get_length (supply))
          {
            gint64 here = json_array_get_int_element (supply, j);

            left += here;
            /* the shapes still on the player board (all of them when none is) */
            if (here > 0)
              gtk_box_append (GTK_BOX (shapes), tk_metropolis_shape_new (json_array_get_object_element (tiles, j)));
          }
      if (left == 0)
        for (guint j = i; j < json_array_get_length (tiles); j++)
          if (g_strcmp0 (json_object_get_string_member_with_default (json_array_get_object_element (tiles, j), "code", NULL), code) == 0)
            gtk_box_append (GTK_BOX (shapes), tk_metropolis_shape_new (json_array_get_object_element (tiles, j)));

      if (g_strcmp0 (type, last_type) != 0)
        {
          type_label = gtk_label_new (g_str_equal (type, "residential") ? _("Residential")
                                      : g_str_equal (type, "commercial") ? _("Commercial")
                                      : _("Public"));
          gtk_widget_set_halign (type_label, GTK_ALIGN_START);
          gtk_widget_set_margin_top (type_label, last_type != NULL ? 8 : 2);
          gtk_widget_set_margin_start (type_label, 6);
          gtk_widget_add_css_class (type_label, "heading");
          gtk_widget_add_css_class (type_label, "dim-label");
          gtk_box_append (self->tiles_box, type_label);
          last_type = type;
        }
      details = tk_metropolis_tile_details (t);
      /* Translators: how many tiles of a kind are left on the player board, e.g. "2 left" */
      left_text = g_strdup_printf (_("%" PRId64 " left"), left);

      button = gtk_button_new ();
      grid = gtk_grid_new ();
      letter = gtk_label_new (code);
      name = gtk_label_new (json_object_get_string_member_with_default (t, "name", code));
      info = gtk_label_new (details);
      count = gtk_label_new (left_text);
      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_widget_add_css_class (letter, "title-3");
      gtk_widget_set_size_request (letter, 28, -1);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_xalign (GTK_LABEL (info), 0);
      gtk_label_set_wrap (GTK_LABEL (info), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (info), 34);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (info, "caption");
      gtk_widget_add_css_class (info, "dim-label");
      gtk_widget_add_css_class (count, "numeric");
      gtk_widget_set_valign (count, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), letter, 0, 0, 1, 2);
      gtk_grid_attach (GTK_GRID (grid), name, 1, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), info, 1, 1, 1, 1);
      gtk_widget_set_valign (shapes, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), shapes, 2, 0, 1, 2);
      gtk_grid_attach (GTK_GRID (grid), count, 3, 0, 1, 2);
      gtk_button_set_child (GTK_BUTTON (button), grid);
      gtk_widget_add_css_class (button, "flat");
      widget_name = g_strdup_printf ("tile-%s", code);
      gtk_widget_set_name (button, widget_name);
      gtk_widget_set_sensitive (button, left > 0);
      g_object_set_data_full (G_OBJECT (button), "code", g_strdup (code), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_tile_clicked), self);
      gtk_box_append (self->tiles_box, button);
    }
}

static void
refresh_market (TkMetropolisPanel *self,
                JsonObject        *game)
{
  JsonArray *market = json_object_get_array_member (game, "market");
  gboolean play = g_str_equal (self->phase, "play");

  clear_box (GTK_WIDGET (self->market_box));
  gtk_widget_set_visible (self->market_section, !g_str_equal (self->phase, "deal") &&
                                                !g_str_equal (self->phase, "over"));
  for (guint s = 0; s < json_array_get_length (market); s++)
    {
      JsonObject *slot = json_array_get_object_element (market, s);
      JsonNode *lot_node = json_object_get_member (slot, "lot");
      const char *lot = lot_node != NULL && !JSON_NODE_HOLDS_NULL (lot_node)
                        ? json_node_get_string (lot_node) : NULL;
      gint64 price = json_object_get_int_member_with_default (slot, "price", 0);
      /* Translators: a slot's price on the deed board, e.g. "4 coins" */
      g_autofree char *price_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d coin", "%d coins", (gulong) price),
                                                     (int) price);
      g_autofree char *name = g_strdup_printf ("buy-slot-%u", s);
      g_autofree char *tooltip = NULL;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *price_label = gtk_label_new (price_text);
      GtkWidget *lot_label = gtk_label_new (lot != NULL ? lot : "—");
      GtkWidget *buy = gtk_button_new_with_mnemonic (_("Buy"));

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-metropolis-slot");
      if (self->mode == MODE_REVEAL && (int) s == self->buy_slot)
        gtk_widget_add_css_class (card, "tk-metropolis-buying");
      gtk_widget_add_css_class (price_label, "caption");
      gtk_widget_add_css_class (price_label, "numeric");
      gtk_widget_add_css_class (lot_label, "title-2");
      if (lot == NULL)
        gtk_widget_add_css_class (lot_label, "dim-label");
      gtk_widget_set_name (buy, name);
      gtk_widget_set_sensitive (buy, play && lot != NULL && self->mode != MODE_REVEAL);
      if (lot != NULL && self->current >= 0)
        {
          /* Translators: e.g. "Ana buys B2 for 4 coins" */
          tooltip = g_strdup_printf (_("%s buys %s for %d coins"), seat_name (self, self->current),
                                     lot, (int) price);
          gtk_widget_set_tooltip_text (buy, tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (buy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          tooltip, -1);
        }
      g_object_set_data (G_OBJECT (buy), "slot", GUINT_TO_POINTER (s));
      g_signal_connect (buy, "clicked", G_CALLBACK (on_buy_clicked), self);
      gtk_box_append (GTK_BOX (card), price_label);
      gtk_box_append (GTK_BOX (card), lot_label);
      gtk_box_append (GTK_BOX (card), buy);
      gtk_flow_box_append (self->market_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
}

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

static void
refresh_players (TkMetropolisPanel *self,
                 JsonObject        *game,
                 JsonObject        *score)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  JsonArray *players = json_object_get_array_member (game, "players");
  int first = (int) json_object_get_int_member_with_default (game, "first_player", 0);
  gint64 markers_total = json_object_get_int_member_with_default (setup, "lot_markers", 8);
  gint64 tiles_total = 0;
  g_autoptr(JsonArray) tiles = tile_table (self);
  gboolean turn = g_str_equal (self->phase, "play") || g_str_equal (self->phase, "final_turns");

  for (guint i = 0; i < json_array_get_length (tiles); i++)
    tiles_total += json_object_get_int_member_with_default (json_array_get_object_element (tiles, i), "count", 1);

  clear_box (GTK_WIDGET (self->players_box));
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *preview = json_object_get_object_member (player, "year_end_preview");
      JsonArray *supply = json_object_get_array_member (player, "supply");
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (seat_name (self, p));
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
static void
refresh_picking (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) game = NULL;

  if (self->session == NULL)
    return;
  game = game_state (self);
  refresh_mode (self, game);
}

static void
refresh (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) game = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonObject *setup;
  int years_scored;

  if (self->session == NULL)
    return;
  game = game_state (self);
  score = tk_session_score (self->session);
  setup = tk_session_get_setup (self->session);
  self->phase = phase_of (game);
  self->side = (int) json_object_get_int_member_with_default (game, "board_size", 0);
  self->current = (int) json_object_get_int_member_with_default (game, "current", -1);
  if (self->mode == MODE_NONE)
    self->mode = default_mode (self);
  if ((self->mode == MODE_DEAL || self->mode == MODE_DRAFT) && !g_str_equal (self->phase, "deal"))
    self->mode = MODE_NONE;

  g_signal_handlers_block_by_func (self->dealt_button, on_deal_mode_toggled, self);
  g_signal_handlers_block_by_func (self->draft_button, on_deal_mode_toggled, self);
  gtk_toggle_button_set_active (self->draft ? self->draft_button : self->dealt_button, TRUE);
  g_signal_handlers_unblock_by_func (self->dealt_button, on_deal_mode_toggled, self);
  g_signal_handlers_unblock_by_func (self->draft_button, on_deal_mode_toggled, self);

  tk_metropolis_board_set_game (self->board, game, setup);
  refresh_status (self, game, score);
  if (g_str_equal (self->phase, "deal"))
    refresh_deal_seats (self, game);
  refresh_mode (self, game);
  refresh_actions (self, game);
  refresh_market (self, game);
  refresh_players (self, game, score);

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

static void
tk_metropolis_panel_constructed (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->constructed (object);

  if (self->session == NULL)
    return;
  self->draft = json_object_get_boolean_member_with_default (tk_session_get_setup (self->session),
                                                              "deed_draft", FALSE);
  g_signal_connect_object (self->session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  refresh (self);
}

static void
tk_metropolis_panel_dispose (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROPOLIS_PANEL);
  g_clear_object (&self->session);

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
tk_metropolis_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_panel_class_init (TkMetropolisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_metropolis_panel_constructed;
  object_class->dispose = tk_metropolis_panel_dispose;
  object_class->finalize = tk_metropolis_panel_finalize;
  object_class->get_property = tk_metropolis_panel_get_property;
  object_class->set_property = tk_metropolis_panel_set_property;
  widget_class->get_request_mode = tk_metropolis_panel_get_request_mode;
  widget_class->measure = tk_metropolis_panel_measure;
  widget_class->size_allocate = tk_metropolis_panel_size_allocate;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_bind_template_callback (widget_class, on_lot_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_confirm_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_deal_mode_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_income_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_coins_clicked);
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
