/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel-actions.c — the Metropolis panel: what a tap or a button does.  A lot
 * on the board, Confirm and Cancel, the deal, a seat, income, a tile in the market, Buy and the
 * coin correction dialog each become one engine action through mpp_apply() (or change the
 * panel's mode); nothing here draws.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-metropolis-panel-private.h"

void
mpp_on_lot_activated (TkMetropolisPanel *self,
                      int                cell)
{
  guint i;

  if (self->mode == MODE_NONE)
    {
      /* no hover on a touch screen: say what stands on the lot */
      g_autofree char *text = tk_metropolis_board_describe_lot (self->board, cell);

      tk_game_panel_show_message (TK_GAME_PANEL (self), text);
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
      mpp_apply (self, action);
      return;
    }
  for (i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == cell)
      break;
  if (i < self->selection->len)
    g_array_remove_index (self->selection, i);
  else
    g_array_append_val (self->selection, cell);
  mpp_refresh_picking (self);
}

void
mpp_on_confirm_clicked (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  switch (self->mode)
    {
    case MODE_DEAL:
      json_object_set_string_member (action, "type", "deal");
      json_object_set_int_member (action, "seat", self->deal_seat);
      json_object_set_array_member (action, "lots", mpp_lots_array (self));
      break;
    case MODE_DRAFT:
      json_object_set_string_member (action, "type", "draft_round");
      json_object_set_array_member (action, "picks", mpp_lots_array (self));
      break;
    case MODE_MARKET:
      json_object_set_string_member (action, "type", "market");
      json_object_set_array_member (action, "lots", mpp_lots_array (self));
      break;
    case MODE_BUILD:
      json_object_set_string_member (action, "type", "build");
      json_object_set_int_member (action, "seat", self->current);
      json_object_set_string_member (action, "tile", self->build_code);
      json_object_set_array_member (action, "lots", mpp_lots_array (self));
      break;
    case MODE_NONE:
    case MODE_REVEAL:
    default:
      return;
    }
  mpp_apply (self, action);
}

void
mpp_on_cancel_clicked (TkMetropolisPanel *self)
{
  if (self->mode == MODE_BUILD || self->mode == MODE_REVEAL)
    mpp_set_mode (self, MODE_NONE);
  else
    {
      mpp_clear_selection (self);
      mpp_refresh_picking (self);
    }
}

void
mpp_on_deal_mode_toggled (TkMetropolisPanel *self)
{
  gboolean draft = gtk_toggle_button_get_active (self->draft_button);

  if (draft == self->draft)
    return;
  self->draft = draft;
  if (self->mode == MODE_DEAL || self->mode == MODE_DRAFT)
    mpp_set_mode (self, draft ? MODE_DRAFT : MODE_DEAL);
}

void
mpp_on_seat_toggled (GtkToggleButton   *button,
                     TkMetropolisPanel *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->deal_seat = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "seat"));
  mpp_refresh_picking (self);
}

void
mpp_on_income_clicked (TkMetropolisPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "income");
  json_object_set_int_member (action, "seat", self->current);
  mpp_apply (self, action);
}

void
mpp_on_tile_clicked (GtkButton         *button,
                     TkMetropolisPanel *self)
{
  const char *code = g_object_get_data (G_OBJECT (button), "code");

  gtk_popover_popdown (self->build_popover);
  self->mode = MODE_BUILD;
  g_free (self->build_code);
  self->build_code = g_strdup (code);
  mpp_clear_selection (self);
  mpp_refresh (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

void
mpp_on_buy_clicked (GtkButton         *button,
                    TkMetropolisPanel *self)
{
  int slot = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "slot"));
  g_autoptr(JsonObject) game = mpp_game_state (self);
  JsonObject *player = mpp_player_state (game, self->current);
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
                         mpp_seat_name (self, self->current));
      tk_game_panel_show_message (TK_GAME_PANEL (self), text);
      return;
    }
  if (json_object_get_int_member_with_default (player, "coins", 0) < price)
    {
      /* Translators: "Ana has 3 coins; this deed costs 4." */
      g_autofree char *text =
        g_strdup_printf (_("%s has %" PRId64 " coins; this deed costs %" PRId64 "."),
                         mpp_seat_name (self, self->current),
                         json_object_get_int_member_with_default (player, "coins", 0), price);
      tk_game_panel_show_message (TK_GAME_PANEL (self), text);
      return;
    }
  if (json_object_get_int_member_with_default (game, "deck_left", 0) > 0)
    {
      self->buy_slot = slot;
      mpp_set_mode (self, MODE_REVEAL);
      gtk_widget_grab_focus (GTK_WIDGET (self->board));
      return;
    }
  {
    g_autoptr(JsonObject) action = json_object_new ();

    json_object_set_string_member (action, "type", "buy");
    json_object_set_int_member (action, "seat", self->current);
    json_object_set_int_member (action, "slot", slot);
    mpp_apply (self, action);
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
  mpp_apply (d->panel, action);
}

void
mpp_on_coins_clicked (TkMetropolisPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog, *list, *amount_row, *spin, *reason_row;
  GtkStringList *names = gtk_string_list_new (NULL);
  CoinsDialog *d = g_new0 (CoinsDialog, 1);

  for (guint i = 0; i < tk_session_get_n_players (self->session); i++)
    gtk_string_list_append (names, mpp_seat_name (self, i));

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
