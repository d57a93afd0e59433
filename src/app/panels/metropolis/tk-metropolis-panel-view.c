/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel-view.c — the Metropolis panel: drawing its parts from the state: the
 * status line, the deal's seats, the mode's hint and buttons, the actions a player can take
 * now and the market.  Called from mpp_refresh(); each part is rebuilt, never patched.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-metropolis-panel-private.h"

#define START_DEEDS 6

/* ---- drawing the parts ---- */

void
mpp_refresh_status (TkMetropolisPanel *self,
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
      if (mpp_market_want (game) > 0)
        /* Translators: e.g. "Turn up 6 of the 15 deeds of the year 1 deck and tap them …" */
        detail = g_strdup_printf (_("Turn up %d of the %d deeds of the year %d deck and tap them in slot order, cheapest slot first."),
                                  mpp_market_want (game), (int) deck_left, year);
      else
        detail = g_strdup_printf (_("The year %d deck is empty: the year goes straight to the final turns."),
                                  year);
    }
  else if (g_str_equal (self->phase, "play"))
    {
      /* Translators: a heading, e.g. "Year 1 · Ana’s Turn" */
      title = g_strdup_printf (_("Year %d · %s’s Turn"), year,
                               mpp_seat_name (self, self->current));
      /* Translators: e.g. "12 deeds left in the year deck · first player: Bo" */
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d deed left in the year deck · first player: %s",
                                             "%d deeds left in the year deck · first player: %s",
                                             (gulong) deck_left),
                                (int) deck_left, mpp_seat_name (self, first));
    }
  else if (g_str_equal (self->phase, "final_turns"))
    {
      int left = (int) json_object_get_int_member_with_default (game, "final_turns_left", 0);

      /* Translators: a heading, e.g. "Year 1 · Final Turns · Ana’s Turn" */
      title = g_strdup_printf (_("Year %d · Final Turns · %s’s Turn"), year,
                               mpp_seat_name (self, self->current));
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

void
mpp_refresh_deal_seats (TkMetropolisPanel *self,
                        JsonObject        *game)
{
  GtkToggleButton *group = NULL;
  guint n = tk_session_get_n_players (self->session);

  if (self->deal_seat < 0)
    for (guint p = 0; p < n; p++)
      if (json_object_get_int_member_with_default (mpp_player_state (game, p), "deeds", 0) <
          START_DEEDS)
        {
          self->deal_seat = p;
          break;
        }
  tk_panel_clear (GTK_WIDGET (self->seats_box));
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), !self->draft);
  for (guint p = 0; p < n && !self->draft; p++)
    {
      /* Translators: a seat and its starting deeds so far, e.g. "Ana 2/6" */
      g_autofree char *text =
        g_strdup_printf (_("%s %" PRId64 "/%d"), mpp_seat_name (self, p),
                         json_object_get_int_member_with_default (mpp_player_state (game, p),
                                                                  "deeds", 0),
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
      gtk_widget_set_tooltip_text (button, mpp_seat_name (self, p));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), (int) p == self->deal_seat);
      g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (p));
      g_signal_connect (button, "toggled", G_CALLBACK (mpp_on_seat_toggled), self);
      gtk_flow_box_append (self->seats_box, button);
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
    }
}

/* The hint of the current mode, and the Confirm button's label and whether it applies. */
void
mpp_refresh_mode (TkMetropolisPanel *self,
                  JsonObject        *game)
{
  guint n = self->selection->len;
  g_autofree char *hint = NULL;
  g_autofree char *picked = NULL;
  g_autofree char *lots = mpp_lots_text (self);
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
                              mpp_seat_name (self, self->deal_seat));
      confirm = _("C_onfirm Deeds");
      break;
    case MODE_DRAFT:
      {
        GString *order = g_string_new (NULL);

        for (guint p = 0; p < tk_session_get_n_players (self->session); p++)
          {
            if (p > 0)
              g_string_append (order, _(", "));
            g_string_append (order, mpp_seat_name (self, p));
          }
        /* Translators: the seats in order, e.g. "Tap this round's picks in seat order: Ana, Bo, Cy." */
        hint = g_strdup_printf (_("Tap this round’s picks in seat order: %s."), order->str);
        g_string_free (order, TRUE);
        confirm = _("C_onfirm Round");
        numbered = TRUE;
      }
      break;
    case MODE_MARKET:
      if (mpp_market_want (game) == 0)
        {
          hint = g_strdup (_("No deeds are turned up this year."));
          confirm = _("_Start Final Turns");
          can_confirm = TRUE;
        }
      else
        {
          hint = g_strdup_printf (_("Tap the %d deeds for sale in slot order, the cheapest slot first."),
                                  mpp_market_want (game));
          confirm = _("C_onfirm Deeds for Sale");
        }
      numbered = TRUE;
      break;
    case MODE_BUILD:
      {
        g_autoptr(JsonArray) tiles = mpp_tile_table (self);
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
                                name, self->build_code, (int) size,
                                mpp_seat_name (self, self->current));
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
                                mpp_seat_name (self, self->current), lot,
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
  gtk_widget_set_visible (GTK_WIDGET (self->selection_label), picked != NULL);
  gtk_button_set_label (GTK_BUTTON (self->confirm_button), confirm);
  gtk_widget_set_visible (self->confirm_button, self->mode != MODE_REVEAL);
  gtk_widget_set_sensitive (self->confirm_button, can_confirm);
  gtk_widget_set_visible (self->cancel_button, show_cancel);
  gtk_button_set_label (GTK_BUTTON (self->cancel_button), n > 0 && self->mode != MODE_BUILD ? _("C_lear") : _("_Cancel"));

  tk_metropolis_board_set_selection (self->board, (const int *) self->selection->data, n, numbered);
  tk_metropolis_board_set_pick (self->board, pick, pick_seat);
}

void
mpp_refresh_actions (TkMetropolisPanel *self,
                     JsonObject        *game)
{
  gboolean turn = g_str_equal (self->phase, "play") || g_str_equal (self->phase, "final_turns");
  JsonObject *player = mpp_player_state (game, self->current);
  g_autofree char *income = NULL;
  g_autofree char *tooltip = NULL;
  g_autoptr(JsonArray) tiles = mpp_tile_table (self);
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
                               mpp_seat_name (self, self->current));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->income_button), tooltip);
  /* income and build are turns: not offered while the deeds are dealt or put up for sale */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->income_button)), turn);
  gtk_widget_set_visible (gtk_widget_get_parent (self->build_button), turn);
  gtk_widget_set_sensitive (GTK_WIDGET (self->income_button), turn && self->mode != MODE_REVEAL);
  gtk_widget_set_sensitive (self->build_button, turn && self->mode != MODE_REVEAL);

  /* the tiles on the current player's board, by type */
  tk_panel_clear (GTK_WIDGET (self->tiles_box));
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
      g_signal_connect (button, "clicked", G_CALLBACK (mpp_on_tile_clicked), self);
      gtk_box_append (self->tiles_box, button);
    }
}

void
mpp_refresh_market (TkMetropolisPanel *self,
                    JsonObject        *game)
{
  JsonArray *market = json_object_get_array_member (game, "market");
  gboolean play = g_str_equal (self->phase, "play");

  tk_panel_clear (GTK_WIDGET (self->market_box));
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
          tooltip = g_strdup_printf (_("%s buys %s for %d coins"),
                                     mpp_seat_name (self, self->current), lot, (int) price);
          gtk_widget_set_tooltip_text (buy, tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (buy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          tooltip, -1);
        }
      g_object_set_data (G_OBJECT (buy), "slot", GUINT_TO_POINTER (s));
      g_signal_connect (buy, "clicked", G_CALLBACK (mpp_on_buy_clicked), self);
      gtk_box_append (GTK_BOX (card), price_label);
      gtk_box_append (GTK_BOX (card), lot_label);
      gtk_box_append (GTK_BOX (card), buy);
      gtk_flow_box_append (self->market_box, card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
}
