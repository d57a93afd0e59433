/* tk-welcome-to-panel-taps.c — the Welcome To... panel's taps turned into the engine's
 * actions: the transient pick (cleared when the session changes), the whole turn applied as
 * one action, the sheet exchange.
 *
 * It never calls the view (tk-welcome-to-panel-view.c), which connects these handlers: it
 * asks for a redraw through self->refresh, set by the panel object.  So the view depends on
 * the taps and the reads, the taps on the reads, and nothing depends back.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"

static void prefill_passed_card (TkWelcomeToPanel *self);

void
tk_wt_clear_selection (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->card = self->number_card = self->effect_card = -1;
  self->manual_number = 0;
  self->manual_effect = -1;
  self->temp_delta = 0;
  self->temp_cross = TRUE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
  g_array_set_size (self->claim_estates, 0);
}

/* Back to picking, keeping the cards chosen. */
static void
clear_stage (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
}

static void
rebuild_trial (TkWelcomeToPanel *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->trial, tk_welcome_to_trial_free);
  if (self->game == NULL)
    return;
  self->trial = tk_welcome_to_trial_new (self->rules, tk_session_get_setup (self->session),
                                         self->game, self->seat, &error);
  if (self->trial == NULL)
    g_warning ("No trial state for seat %u: %s", self->seat, error->message);
}

void
tk_wt_reload (TkWelcomeToPanel *self)
{
  g_autoptr(JsonObject) root = tk_session_to_json (self->session);
  JsonObject *game = json_object_get_object_member (root, "game");

  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->game = game != NULL ? json_object_ref (game) : NULL;
  self->score = tk_session_score (self->session);
  rebuild_trial (self);
  self->refresh (self);
}

void
tk_wt_on_session_changed (TkWelcomeToPanel *self)
{
  tk_wt_clear_selection (self);
  tk_wt_reload (self);
}

/* Applies @action (taking it) through the session view; TRUE when the session took it. */
static gboolean
apply (TkWelcomeToPanel *self,
       JsonObject       *action)
{
  g_autoptr(JsonObject) owned = action;

  return tk_game_panel_apply (GTK_WIDGET (self), self->session, owned);
}

/* After a turn or a refusal, the next sheet still to play this round is shown. */
void
tk_wt_next_sheet (TkWelcomeToPanel *self)
{
  for (guint i = 1; i < self->n_players; i++)
    {
      guint seat = (self->seat + i) % self->n_players;

      if (!tk_wt_acted (self, seat))
        {
          self->seat = seat;
          rebuild_trial (self);
          self->refresh (self);
          return;
        }
    }
}

static void
apply_turn (TkWelcomeToPanel *self,
            JsonObject       *action)
{
  if (apply (self, action))
    tk_wt_next_sheet (self);
}

/* ---- taps ---- */

static void
select_seat (TkWelcomeToPanel *self,
             guint             seat)
{
  if (seat >= self->n_players)
    return;
  if (seat != self->seat)
    tk_wt_clear_selection (self);
  self->seat = seat;
  rebuild_trial (self);
  self->refresh (self);
}

void
tk_wt_on_seat_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  select_seat (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index")));
}

void
tk_wt_on_card_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->card = self->card == i ? -1 : i;
  self->temp_delta = 0;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_number_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->number_card = self->number_card == i ? -1 : i;
  if (self->effect_card == self->number_card)
    self->effect_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_effect_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->effect_card = self->effect_card == i ? -1 : i;
  if (self->number_card == self->effect_card)
    self->number_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_number_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint n = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_number = self->manual_number == n ? 0 : n;
  self->temp_delta = 0;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_effect_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint e = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_effect = self->manual_effect == e ? -1 : e;
  self->temp_delta = 0;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_temp_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  self->temp_delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index")) - 2;
  clear_stage (self);
  self->refresh (self);
}

void
tk_wt_on_temp_cross_toggled (GtkCheckButton   *check,
                             TkWelcomeToPanel *self)
{
  if (self->updating)
    return;
  self->temp_cross = gtk_check_button_get_active (check);
  self->refresh (self);
}

/* The turn with the picked number in house (@s, @h) and, for the landscaper and the pool,
 * the effect whenever the engine takes it (both only ever add points). */
static void
write_house (TkWelcomeToPanel *self,
             guint             s,
             guint             h)
{
  g_autoptr(JsonObject) action = tk_wt_turn_action (self, s, h);
  gint number = 0, effect = -1;

  tk_wt_current_pick (self, &number, &effect);
  if (effect == EFFECT_SURVEYOR || effect == EFFECT_REAL_ESTATE || effect == EFFECT_BIS)
    {
      if (tk_wt_trial_ok (self, action))
        {
          self->stage = STAGE_EFFECT;
          self->pend_street = s;
          self->pend_house = h;
          self->refresh (self);
          return;
        }
      /* refused: the session says why */
      apply (self, g_steal_pointer (&action));
      return;
    }
  if (effect == EFFECT_LANDSCAPER || effect == EFFECT_POOL)
    {
      const char *member = effect == EFFECT_LANDSCAPER ? "park" : "pool";

      json_object_set_boolean_member (action, member, TRUE);
      if (!tk_wt_trial_ok (self, action))
        json_object_remove_member (action, member);
    }
  apply_turn (self, g_steal_pointer (&action));
}

/* A tap on an empty house while the bis looks for its box. */
static void
place_bis (TkWelcomeToPanel *self,
           guint             s,
           guint             h)
{
  gint sources[2] = { (gint) h - 1, (gint) h + 1 };
  gint legal[2];
  guint n_legal = 0;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JsonObject) action = NULL;

      if (sources[i] < 0 || sources[i] >= (gint) self->houses[s])
        continue;
      action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, sources[i]));
      if (tk_wt_trial_ok (self, action))
        legal[n_legal++] = sources[i];
    }
  if (n_legal == 2)
    {
      self->bis_street = s;
      self->bis_house = h;
      self->refresh (self);
      return;
    }
  {
    JsonObject *action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
    gint from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);

    json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, from));
    apply_turn (self, action);
  }
}

void
tk_wt_on_house_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, h = pos % MAX_HOUSES;
  gint number = 0, effect = -1;

  if (tk_wt_game_over (self))
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("The game is over: finish the session to record it."));
      return;
    }
  switch (self->stage)
    {
    case STAGE_ROUNDABOUT:
      {
        JsonObject *action = json_object_new ();

        json_object_set_string_member (action, "type", "roundabout");
        json_object_set_int_member (action, "seat", self->seat);
        json_object_set_int_member (action, "street", s + 1);
        json_object_set_int_member (action, "house", h + 1);
        apply (self, action);
      }
      return;

    case STAGE_EFFECT:
      tk_wt_current_pick (self, &number, &effect);
      if (effect == EFFECT_BIS)
        {
          if ((gint) s != self->pend_street || (gint) h != self->pend_house)
            place_bis (self, s, h);
          return;
        }
      clear_stage (self);
      break;

    case STAGE_CLAIM:
      clear_stage (self);
      break;

    case STAGE_CHOOSE:
    default:
      break;
    }
  if (!tk_wt_current_pick (self, &number, &effect))
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Pick a number and an effect first, then tap a house."));
      return;
    }
  write_house (self, s, h);
}

void
tk_wt_on_fence_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, k = pos % MAX_HOUSES;
  gint number = 0, effect = -1;
  JsonObject *action, *fence;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_SURVEYOR)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Fences come with the surveyor: pick a surveyor card, write "
                                    "its number, then tap a fence slot."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  fence = json_object_new ();
  json_object_set_int_member (fence, "street", s + 1);
  json_object_set_int_member (fence, "after", k + 1);
  json_object_set_object_member (action, "fence", fence);
  apply_turn (self, action);
}

void
tk_wt_on_column_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  gint number = 0, effect = -1;
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_REAL_ESTATE)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Real estate columns are crossed with the real estate agent: "
                                    "pick that card, write its number, then tap a column."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_int_member (action, "column", c + 1);
  apply_turn (self, action);
}

void
tk_wt_on_skip_clicked (TkWelcomeToPanel *self)
{
  if (self->stage != STAGE_EFFECT)
    return;
  apply_turn (self, tk_wt_turn_action (self, self->pend_street, self->pend_house));
}

void
tk_wt_on_cancel_clicked (TkWelcomeToPanel *self)
{
  clear_stage (self);
  self->refresh (self);
}

gboolean
tk_wt_cancel_binding (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   data)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (widget);

  if (self->stage == STAGE_CHOOSE)
    return FALSE;
  clear_stage (self);
  self->refresh (self);
  return TRUE;
}

void
tk_wt_on_bis_side_clicked (GtkButton        *button,
                           TkWelcomeToPanel *self)
{
  gint side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || self->bis_house < 0)
    return;
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_object_member (action, "bis",
                                 tk_wt_bis_member (self->bis_street, self->bis_house,
                                             self->bis_house + side));
  apply_turn (self, action);
}

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
  if (apply (self, action))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

void
tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (apply (self, action))
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
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Enter the round's three cards, then “Refuse Permit With "
                                    "These Cards”: none of them may fit."));
      return;
    }
  action = json_object_new ();
  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  apply_turn (self, action);
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
tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self)
{
  if (self->stage == STAGE_ROUNDABOUT)
    clear_stage (self);
  else
    {
      clear_stage (self);
      self->stage = STAGE_ROUNDABOUT;
    }
  self->refresh (self);
}

void
tk_wt_on_solo_card_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "solo_card");
  apply (self, action);
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
      apply (self, action);
      return;
    }
  clear_stage (self);
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
  apply (self, action);
}

/* ---- sheet exchange ---- */

guint
tk_welcome_to_panel_get_seat (TkWelcomeToPanel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), 0);
  return self->seat;
}

gboolean
tk_welcome_to_panel_export_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->trial == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no sheet to export."));
      return FALSE;
    }
  document = tk_welcome_to_trial_export (self->trial);
  json_node_set_object (node, document);
  text = json_to_string (node, TRUE);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
tk_welcome_to_panel_import_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(GError) parse_error = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error))
    return FALSE;
  document = tk_rules_json_parse_object (text, (gssize) length, &parse_error);
  if (document == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("This file is not a Welcome To... sheet: %s"), parse_error->message);
      return FALSE;
    }
  if (!apply (self, tk_welcome_to_import_action (document, self->seat)))
    {
      /* the session view has shown the engine's reason already */
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The session refused the sheet."));
      return FALSE;
    }
  return TRUE;
}

static void
on_chooser_response (GtkNativeDialog  *dialog,
                     int               response,
                     TkWelcomeToPanel *self)
{
  gboolean exporting = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) ==
                       GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (exporting)
        {
          if (tk_welcome_to_panel_export_sheet (self, file, &error))
            tk_game_panel_show_message (GTK_WIDGET (self), _("Sheet exported"));
          else
            tk_game_panel_show_message (GTK_WIDGET (self), error->message);
        }
      else if (!tk_welcome_to_panel_import_sheet (self, file, &error) &&
               error->domain != TK_RULES_ERROR)
        tk_game_panel_show_message (GTK_WIDGET (self), error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Welcome To... sheets (JSON)"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

static void
open_chooser (TkWelcomeToPanel   *self,
              GtkFileChooserAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean exporting = action == GTK_FILE_CHOOSER_ACTION_SAVE;
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = json_filter ();

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (exporting ? _("Export Sheet") : _("Import Sheet"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action,
                                         exporting ? _("_Export") : _("_Import"),
                                         _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (exporting)
    {
      const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                     self->seat);
      /* Translators: file name of an exported sheet; %s is the player's name */
      g_autofree char *file_name = g_strdup_printf (_("%s – Welcome To sheet.json"),
                                                    name != NULL ? name : "");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, 0);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

void
tk_wt_on_export_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

void
tk_wt_on_import_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}
