/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-cards.c — the Welcome To... panel's cards recorder (the round's three
 * cards, the draft's passed card), refusals, the solo card and city plan claims, turned into
 * the engine's actions.  Like the taps, it never calls the view: it redraws through
 * self->refresh.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"

static void prefill_passed_card (TkWelcomeToPanel *self);

static JsonArray *
recorded_cards (TkWelcomeToPanel *self)
{
  JsonArray *cards = json_array_new ();

  for (guint i = 0; i < 3; i++)
    {
      JsonObject *card = json_object_new ();
      guint effect = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->record_effects[i]));

      json_object_set_int_member (card, "number",
                                  gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->record_numbers[i])));
      json_object_set_string_member (card, "effect", tk_wt_effect_ids[MIN (effect, N_EFFECTS - 1)]);
      json_array_add_object_element (cards, card);
    }
  return cards;
}

void
tk_wt_on_record_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "reveal");
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (self->draft)
    json_object_set_int_member (action, "seat", self->seat);
  if (tk_wt_apply (self, action))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

void
tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (tk_wt_apply (self, action))
    {
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
      tk_wt_next_sheet (self);
    }
}

void
tk_wt_on_refuse_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action;

  if (tk_wt_open_cards (self) == NULL)
    {
      /* the engine checks a refusal against the round's three cards */
      if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->recorder)))
        prefill_passed_card (self);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), TRUE);
      tk_game_panel_show_message (TK_GAME_PANEL (self),
                                  _("Enter the round's three cards, then “Refuse Permit With "
                                    "These Cards”: none of them may fit."));
      return;
    }
  action = json_object_new ();
  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  tk_wt_apply_turn (self, action);
}

/* Draft: the hand about to be recorded holds the card the previous player passed (the
 * engine checks it); put it in the first row. */
static void
prefill_passed_card (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  const char *pass = json_object_get_string_member_with_default (setup, "draft_pass", "next");
  gint direction = g_strcmp0 (pass, "previous") == 0 ? -1 : g_strcmp0 (pass, "unchecked") == 0 ? 0 : 1;
  guint giver;
  gint64 round, wanted;
  JsonArray *passed;

  if (!self->draft || direction == 0 || self->n_players < 2)
    return;
  /* the engine's giver: seat − direction */
  giver = (self->seat + (direction > 0 ? self->n_players - 1 : 1)) % self->n_players;
  round = json_object_get_int_member_with_default (self->game, "round", 1);
  wanted = tk_wt_acted (self, self->seat) ? round : round - 1;
  passed = json_object_get_array_member (tk_wt_player_object (self, giver), "passed");
  for (guint i = 0; passed != NULL && i < json_array_get_length (passed); i++)
    {
      JsonObject *card = json_array_get_object_element (passed, i);
      gint effect = tk_wt_effect_from_id (json_object_get_string_member (card, "effect"));

      if (json_object_get_int_member (card, "round") != wanted || effect < 0)
        continue;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->record_numbers[0]),
                                 (double) json_object_get_int_member (card, "number"));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->record_effects[0]), (guint) effect);
    }
}

void
tk_wt_on_record_toggle_clicked (TkWelcomeToPanel *self)
{
  GtkRevealer *revealer = GTK_REVEALER (self->recorder);
  gboolean reveal = !gtk_revealer_get_reveal_child (revealer);

  if (reveal)
    prefill_passed_card (self);
  gtk_revealer_set_reveal_child (revealer, reveal);
}

void
tk_wt_on_solo_card_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "solo_card");
  tk_wt_apply (self, action);
}

void
tk_wt_on_claim_toggled (TkWelcomeToPanel *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      n += gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
    }
  gtk_widget_set_sensitive (self->claim_apply, n > 0);
}

static void
fill_claim_estates (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_wt_sheet_object (self);
  g_autoptr(GArray) estates = tk_wt_completed_estates (self, sheet);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->claim_flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->claim_flow), child);
  g_array_set_size (self->claim_estates, 0);
  for (guint i = 0; i < estates->len; i++)
    {
      Estate *estate = &g_array_index (estates, Estate, i);
      g_autofree char *text = NULL;
      g_autofree char *name = NULL;
      GtkWidget *toggle;

      if (tk_wt_estate_used (sheet, estate->street, estate->from))
        continue;
      if (estate->from == estate->to)
        /* Translators: a completed estate of one house: street, house */
        text = g_strdup_printf (_("Street %u, house %u (1)"), estate->street + 1, estate->from + 1);
      else
        /* Translators: a completed estate: street, first and last house, size */
        text = g_strdup_printf (_("Street %u, houses %u–%u (%u)"), estate->street + 1,
                                estate->from + 1, estate->to + 1, estate->to - estate->from + 1);
      name = g_strdup_printf ("estate-%u-%u-%u", estate->street + 1, estate->from + 1,
                              estate->to + 1);
      toggle = gtk_toggle_button_new_with_label (text);
      gtk_widget_set_name (toggle, name);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (tk_wt_on_claim_toggled), self,
                               G_CONNECT_SWAPPED);
      gtk_flow_box_append (GTK_FLOW_BOX (self->claim_flow), toggle);
      gtk_widget_set_focusable (gtk_widget_get_parent (toggle), FALSE);
      g_array_append_val (self->claim_estates, *estate);
    }
  gtk_widget_set_sensitive (self->claim_apply, FALSE);
}

void
tk_wt_on_plan_claim_clicked (GtkButton        *button,
                             TkWelcomeToPanel *self)
{
  guint p = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *plan = tk_wt_setup_plan (self, p);

  if (plan == NULL)
    return;
  if (g_strcmp0 (json_object_get_string_member_with_default (plan, "kind", ""), "estates") != 0)
    {
      /* advanced plans name no estates: the engine checks the condition */
      JsonObject *action = json_object_new ();

      json_object_set_string_member (action, "type", "claim");
      json_object_set_int_member (action, "seat", self->seat);
      json_object_set_int_member (action, "plan", p + 1);
      tk_wt_apply (self, action);
      return;
    }
  tk_wt_clear_stage (self);
  self->stage = STAGE_CLAIM;
  self->claim_plan = p;
  fill_claim_estates (self);
  self->refresh (self);
}

void
tk_wt_on_claim_apply_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action;
  JsonArray *estates;
  guint i = 0;

  if (self->stage != STAGE_CLAIM || self->claim_plan < 0)
    return;
  action = json_object_new ();
  estates = json_array_new ();
  json_object_set_string_member (action, "type", "claim");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_int_member (action, "plan", self->claim_plan + 1);
  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      Estate *estate;
      JsonObject *ref;

      if (i >= self->claim_estates->len || !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)))
        continue;
      estate = &g_array_index (self->claim_estates, Estate, i);
      ref = json_object_new ();
      json_object_set_int_member (ref, "street", estate->street + 1);
      json_object_set_int_member (ref, "from", estate->from + 1);
      json_object_set_int_member (ref, "to", estate->to + 1);
      json_array_add_object_element (estates, ref);
    }
  json_object_set_array_member (action, "estates", estates);
  tk_wt_apply (self, action);
}
