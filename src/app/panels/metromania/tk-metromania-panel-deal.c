/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-deal.c — the Metromania panel: the deal of the destination markers
 * and the first player.  Before the deal the panel shows a card per marker (its holder and its
 * kind) and "Record Deal"; after it, while nobody has dug, who digs first (or, entering a
 * finished board, whose lines are entered and "Board Complete").  Apart from the rest of the
 * panel because this is all set up once, before the first turn.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"

static const char *const kind_ids[] = { "home", "work", "leisure" };

/* ---- the deal ---- */

void
mmp_on_deal_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  JsonArray *deal = json_array_new ();

  for (guint m = 0; m < N_MARKERS; m++)
    {
      JsonObject *marker = json_object_new ();
      char letter[2] = { 'A' + m / 2, '\0' };

      json_object_set_string_member (marker, "letter", letter);
      json_object_set_string_member (marker, "kind",
                                     kind_ids[gtk_drop_down_get_selected (self->deal_kind[m]) % 3]);
      json_object_set_int_member (marker, "owner", gtk_drop_down_get_selected (self->deal_owner[m]));
      json_array_add_object_element (deal, marker);
    }
  json_object_set_string_member (action, "type", "deal");
  json_object_set_array_member (action, "destinations", deal);
  tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

void
mmp_build_deal (TkMetromaniaPanel *self)
{
  guint n = tk_metromania_model_get_n_players (self->model);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) owners = gtk_string_list_new (NULL);
  /* A starting deal that follows the rules (in a 4-player game each player gets one marker
   * of each kind); the players change it to what they were dealt. */
  static const guint pair_kinds[6][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 0, 1 }, { 1, 2 },
                                          { 2, 0 } };

  for (guint k = 0; k < G_N_ELEMENTS (kind_ids); k++)
    gtk_string_list_append (kinds, tk_metromania_kind_label (kind_ids[k]));
  for (guint s = 0; s < n; s++)
    gtk_string_list_append (owners, tk_rules_setup_player_name (tk_session_get_setup (self->session), s));

  for (guint m = 0; m < N_MARKERS; m++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      g_autofree char *title = g_strdup_printf ("%c", 'A' + m / 2);
      GtkWidget *label = gtk_label_new (title);
      g_autofree char *owner_name = g_strdup_printf ("deal-owner-%u", m);
      g_autofree char *kind_name = g_strdup_printf ("deal-kind-%u", m);
      guint letter = m / 2, second = m % 2;

      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
      self->deal_owner[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (owners)), NULL));
      self->deal_kind[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (kinds)), NULL));
      gtk_widget_set_name (GTK_WIDGET (self->deal_owner[m]), owner_name);
      gtk_widget_set_name (GTK_WIDGET (self->deal_kind[m]), kind_name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->deal_owner[m]), _("Holder"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->deal_kind[m]), _("Kind"));
      gtk_drop_down_set_selected (self->deal_owner[m], (2 * letter + second) % MAX (n, 1));
      gtk_drop_down_set_selected (self->deal_kind[m], pair_kinds[letter][second]);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->deal_owner[m]));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->deal_kind[m]));
      gtk_widget_add_css_class (box, "card");
      gtk_widget_add_css_class (box, "tk-metromania-marker");
      gtk_flow_box_append (self->deal_flow, box);
    }
}

void
mmp_update_first (TkMetromaniaPanel *self)
{
  gboolean entry = tk_metromania_model_is_entry (self->model);
  gboolean show = tk_metromania_model_is_playing (self->model) &&
                  (tk_metromania_model_nobody_started (self->model) || entry) &&
                  tk_metromania_model_has_board (self->model);
  guint seat = tk_metromania_model_get_turn_seat (self->model);

  gtk_widget_set_visible (self->first_box, show);
  /* Entering a finished board, the dropdown says whose lines are being entered. */
  gtk_label_set_text (self->first_label, entry ? _("Entering the lines of") : _("Digs first"));
  gtk_widget_set_visible (self->complete_button, entry);
  /* The model stays (the players do not change): this may run inside the dropdown's own
   * selection change. */
  if (show && gtk_drop_down_get_selected (self->first_dropdown) != seat)
    gtk_drop_down_set_selected (self->first_dropdown, seat);
}

void
mmp_on_complete_clicked (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "board_done");
  tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

void
mmp_on_first_selected (TkMetromaniaPanel *self)
{
  g_autoptr(JsonObject) action = NULL;
  guint seat = gtk_drop_down_get_selected (self->first_dropdown);

  if (self->refreshing || seat == GTK_INVALID_LIST_POSITION ||
      seat == tk_metromania_model_get_turn_seat (self->model))
    return;
  action = json_object_new ();
  json_object_set_string_member (action, "type", "first_turn");
  json_object_set_int_member (action, "seat", seat);
  tk_game_panel_apply (TK_GAME_PANEL (self), action);
}
