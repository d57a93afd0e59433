/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel-turn.c — the City Plan panel: the turn card.  Draw or look at the
 * manifestos, then build (handed to TkCityPlanBuild) or redraw, keeping one manifesto or none;
 * each button is one engine action.
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-city-plan-panel-private.h"

/* ---- the turn ---- */

static void
simple_action (TkCityPlanPanel *self,
               const char      *type,
               const char      *bool_member,
               gboolean         bool_value,
               const char      *bool_member2,
               gboolean         bool_value2)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  if (bool_member != NULL)
    json_object_set_boolean_member (action, bool_member, bool_value);
  if (bool_member2 != NULL)
    json_object_set_boolean_member (action, bool_member2, bool_value2);
  cpp_apply (self, action);
}

static void
draw_clicked (TkCityPlanPanel *self)
{
  simple_action (self, "draw", NULL, FALSE, NULL, FALSE);
}

static void
manifesto_look_clicked (TkCityPlanPanel *self)
{
  self->manifesto_pending = TRUE;
  cpp_refresh (self);
}

static void
manifesto_keep_clicked (GtkButton       *button,
                        TkCityPlanPanel *self)
{
  gboolean keep = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "keep"));

  simple_action (self, "draw_manifesto", "keep", keep, NULL, FALSE);
}

static void
redraw_clicked (TkCityPlanPanel *self)
{
  simple_action (self, "redraw", NULL, FALSE, NULL, FALSE);
}

static void
redraw_manifesto_clicked (TkCityPlanPanel *self)
{
  self->redraw_pending = TRUE;
  cpp_refresh (self);
}

static void
redraw_keep_clicked (GtkButton       *button,
                     TkCityPlanPanel *self)
{
  gboolean keep = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "keep"));

  simple_action (self, "redraw", "manifesto", TRUE, "keep", keep);
}

static void
cancel_pending (TkCityPlanPanel *self)
{
  self->manifesto_pending = FALSE;
  self->redraw_pending = FALSE;
  cpp_refresh (self);
}

void
cpp_build_requested (TkCityPlanPanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action =
    tk_city_plan_build_make_action (TK_CITY_PLAN_BUILD (self->build), &error);

  if (action == NULL)
    {
      tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
      return;
    }
  cpp_apply (self, action);
}

/* "Keep One" / "Keep None" after looking at 4 manifestos. */
static void
add_keep_buttons (TkCityPlanPanel *self,
                  View            *view,
                  const char      *prefix,
                  GCallback        callback)
{
  GtkWidget *row = cpp_button_row ();
  GtkWidget *keep = tk_panel_action_button_new (_("Keep One"), "", TRUE);
  GtkWidget *none = tk_panel_action_button_new (_("Keep None"), "", FALSE);
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back"));

  tk_panel_set_name (keep, "%s-keep", prefix);
  tk_panel_set_name (none, "%s-none", prefix);
  gtk_widget_set_sensitive (keep, json_object_get_int_member (view->game, "manifesto_deck") > 0);
  g_object_set_data (G_OBJECT (keep), "keep", GINT_TO_POINTER (TRUE));
  g_object_set_data (G_OBJECT (none), "keep", GINT_TO_POINTER (FALSE));
  g_signal_connect (keep, "clicked", callback, self);
  g_signal_connect (none, "clicked", callback, self);
  gtk_widget_add_css_class (back, "flat");
  g_signal_connect_swapped (back, "clicked", G_CALLBACK (cancel_pending), self);
  gtk_flow_box_append (GTK_FLOW_BOX (row), keep);
  gtk_flow_box_append (GTK_FLOW_BOX (row), none);
  gtk_flow_box_append (GTK_FLOW_BOX (row), back);
  gtk_box_append (GTK_BOX (self->turn_content),
                  cpp_label_new (_("Look at the top 4 manifestos and keep at most one, face down; "
                                   "the rest go back."), NULL));
  gtk_box_append (GTK_BOX (self->turn_content), row);
}

/* Why manifestos cannot be drawn now, or NULL. */
static const char *
manifesto_blocked (View       *view,
                   JsonObject *player)
{
  if (json_object_get_boolean_member (view->game, "manifesto_this_turn"))
    return _("Manifestos were already drawn this turn.");
  if (json_object_get_int_member (player, "manifestos") >= 2)
    return _("Two manifestos are already in front of this player.");
  return NULL;
}

void
cpp_draw_turn (TkCityPlanPanel *self,
               View            *view)
{
  JsonObject *player;
  guint seat = view->active;
  g_autofree char *title = NULL;
  GString *notes;
  gint64 hand;
  guint next;

  if (gtk_widget_get_parent (self->build) != NULL)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->build)), self->build);
  tk_panel_clear (self->turn_content);

  if (g_str_equal (view->phase, "over"))
    {
      tk_turn_header_set_title (self->turn_header, _("The Game Is Over"));
      tk_turn_header_set_detail (self->turn_header,
                          _("Enter what each kept manifesto scores and how split points go; "
                            "the card at the top shows the result and finishes the game."));
      return;
    }

  player = cpp_player_state (view, seat);
  hand = json_object_get_int_member (player, "hand");
  /* Translators: e.g. "Round 3 · Ana’s turn". */
  title = g_strdup_printf (_("Round %" PRId64 " · %s’s turn"),
                           json_object_get_int_member (view->game, "round"),
                           cpp_seat_name (view, seat));
  tk_turn_header_set_title (self->turn_header, title);

  if (g_str_equal (view->phase, "draw"))
    {
      gint64 draws = json_object_get_int_member (player, "draws_per_turn");
      const char *blocked = manifesto_blocked (view, player);

      tk_turn_header_set_detail (self->turn_header,
                          draws > 1
                          ? _("Start of the turn: draw, or look at manifestos (the stadium’s "
                              "cards come either way).")
                          : _("Start of the turn: draw a card, or look at manifestos."));
      if (self->manifesto_pending && blocked == NULL)
        add_keep_buttons (self, view, "cp-manifesto", G_CALLBACK (manifesto_keep_clicked));
      else
        {
          GtkWidget *row = cpp_button_row ();
          g_autofree char *draw_text =
            g_strdup_printf (g_dngettext (NULL, "Draw %" PRId64 " Card", "Draw %" PRId64 " Cards",
                                          draws), draws);
          GtkWidget *draw = tk_panel_action_button_new (draw_text, "cp-draw", TRUE);
          GtkWidget *look =
            tk_panel_action_button_new (_("Look at Manifestos"), "cp-manifestos", FALSE);

          g_signal_connect_swapped (draw, "clicked", G_CALLBACK (draw_clicked), self);
          g_signal_connect_swapped (look, "clicked", G_CALLBACK (manifesto_look_clicked), self);
          gtk_widget_set_sensitive (look, blocked == NULL);
          if (blocked != NULL)
            gtk_widget_set_tooltip_text (look, blocked);
          gtk_flow_box_append (GTK_FLOW_BOX (row), draw);
          gtk_flow_box_append (GTK_FLOW_BOX (row), look);
          gtk_box_append (GTK_BOX (self->turn_content), row);
        }
    }
  else
    {
      GtkWidget *instead, *row;

      tk_turn_header_set_detail (self->turn_header,
                          _("Build one card, or redraw instead. Either ends the turn."));
      tk_city_plan_build_set_player (TK_CITY_PLAN_BUILD (self->build), view->cards, player,
                                     cpp_seat_name (view, seat));
      gtk_box_append (GTK_BOX (self->turn_content), self->build);

      instead = cpp_label_new (_("Instead of Building"), "heading");
      gtk_widget_set_margin_top (instead, 6);
      gtk_box_append (GTK_BOX (self->turn_content), instead);
      if (self->redraw_pending && manifesto_blocked (view, player) == NULL)
        add_keep_buttons (self, view, "cp-redraw", G_CALLBACK (redraw_keep_clicked));
      else
        {
          GtkWidget *two = tk_panel_action_button_new (_("Redraw 2 Cards"), "cp-redraw", FALSE);
          GtkWidget *one = tk_panel_action_button_new (_("1 Card and Manifestos"),
                                                       "cp-redraw-manifesto", FALSE);
          const char *blocked = manifesto_blocked (view, player);

          row = cpp_button_row ();
          g_signal_connect_swapped (two, "clicked", G_CALLBACK (redraw_clicked), self);
          g_signal_connect_swapped (one, "clicked", G_CALLBACK (redraw_manifesto_clicked), self);
          gtk_widget_set_sensitive (one, blocked == NULL);
          if (blocked != NULL)
            gtk_widget_set_tooltip_text (one, blocked);
          gtk_flow_box_append (GTK_FLOW_BOX (row), two);
          gtk_flow_box_append (GTK_FLOW_BOX (row), one);
          gtk_box_append (GTK_BOX (self->turn_content), row);
        }
    }

  notes = g_string_new (NULL);
  if (hand > view->hand_limit)
    g_string_append_printf (notes, g_dngettext (NULL,
                                                "%s holds %" PRId64 " cards: %" PRId64 " goes to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").",
                                                "%s holds %" PRId64 " cards: %" PRId64 " go to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").", hand - view->hand_limit),
                            cpp_seat_name (view, seat), hand, hand - view->hand_limit,
                            view->hand_limit);
  next = (seat + 1) % view->n_players;
  if (next == json_object_get_int_member (view->game, "first"))
    {
      if (notes->len > 0)
        g_string_append_c (notes, ' ');
      g_string_append_printf (notes, _("%s is the last of the round: after this turn the income "
                                       "tiles are checked."), cpp_seat_name (view, seat));
    }
  if (notes->len > 0)
    {
      GtkWidget *label =
        cpp_label_new (notes->str, hand > view->hand_limit ? "warning" : "dim-label");

      gtk_widget_set_name (label, "cp-turn-note");
      gtk_box_append (GTK_BOX (self->turn_content), label);
    }
  g_string_free (notes, TRUE);
}
