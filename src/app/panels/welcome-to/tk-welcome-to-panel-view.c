/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-view.c — the Welcome To... panel's own widgets: the player tabs, the
 * turn picker, the header and the prompt.
 *
 * Made once (the sheet's shape is fixed by the setup), then updated in place from the model
 * on each of its ::changed (tk_wt_refresh), so that a tap never destroys the button being
 * tapped.  What a tap does is in tk-welcome-to-panel-taps.c.  The streets and the lower
 * sheet are parts of their own (TkWelcomeToStreet, TkWelcomeToLowerSheet).
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cards-layout.h"
#include "panels/tk-colour-dot.h"
#include "tk-game-panel.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-plan-text.h"

/* ---- building the widgets (once) ---- */

/* Appends @child to @flow; the slot itself takes no focus, so that Tab goes from button to
 * button rather than through each slot first. */
void
tk_wt_flow_append (GtkWidget *flow,
                   GtkWidget *child)
{
  gtk_flow_box_append (GTK_FLOW_BOX (flow), child);
  gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
}

GtkWidget *
tk_wt_caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

GtkWidget *
tk_wt_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
toggle_with_index (const char *label,
                   const char *name,
                   gint        index)
{
  GtkWidget *toggle = gtk_toggle_button_new_with_label (label);

  gtk_widget_set_name (toggle, name);
  g_object_set_data (G_OBJECT (toggle), "tk-index", GINT_TO_POINTER (index));
  return toggle;
}

GtkWidget *
tk_wt_wrap_box (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 16);
  return flow;
}

void
tk_wt_build_players (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  GtkWidget *group = NULL;

  for (guint i = 0; i < tk_welcome_to_model_get_n_players (self->model); i++)
    {
      g_autofree char *name = g_strdup_printf ("seat-%u", i);
      const char *colour = tk_rules_setup_player_colour (setup, i);
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (tk_rules_setup_player_name (setup, i));
      GtkWidget *total = gtk_label_new ("0");
      GtkWidget *state = gtk_label_new (NULL);

      gtk_widget_set_name (button, name);
      gtk_widget_add_css_class (button, "tk-welcome-to-seat");
      g_object_set_data (G_OBJECT (button), "tk-index", GUINT_TO_POINTER (i));
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 14);
      gtk_widget_set_halign (top, GTK_ALIGN_CENTER);
      if (colour != NULL)
        gtk_box_append (GTK_BOX (top), tk_colour_dot_new (colour));
      gtk_box_append (GTK_BOX (top), label);
      gtk_widget_add_css_class (total, "title-3");
      gtk_widget_add_css_class (total, "numeric");
      gtk_widget_add_css_class (state, "caption");
      gtk_widget_add_css_class (state, "dim-label");
      gtk_box_append (GTK_BOX (box), top);
      gtk_box_append (GTK_BOX (box), total);
      gtk_box_append (GTK_BOX (box), state);
      gtk_button_set_child (GTK_BUTTON (button), box);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (group));
      group = button;
      g_signal_connect_object (button, "clicked", G_CALLBACK (tk_wt_on_seat_clicked), self, 0);
      gtk_box_append (GTK_BOX (self->players_box), button);
      g_ptr_array_add (self->seat_buttons, button);
      g_ptr_array_add (self->seat_totals, total);
      g_ptr_array_add (self->seat_states, state);
    }
}

void
tk_wt_build_turn (TkWelcomeToPanel *self)
{
  GtkWidget *row, *flow, *box;
  g_autoptr(GtkStringList) effects = gtk_string_list_new (NULL);

  for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
    gtk_string_list_append (effects, tk_welcome_to_effect_name (e));

  /* the round's recorded cards */
  self->cards_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->pairs_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (self->pairs_box), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("card-%u", i);
      GtkWidget *card = toggle_with_index (NULL, name, i);

      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      self->card_numbers[i] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->card_numbers[i], "title-2");
      self->card_effects[i] = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->card_effects[i]), TRUE);
      gtk_label_set_justify (GTK_LABEL (self->card_effects[i]), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (box), self->card_numbers[i]);
      gtk_box_append (GTK_BOX (box), self->card_effects[i]);
      gtk_button_set_child (GTK_BUTTON (card), box);
      gtk_widget_add_css_class (card, "tk-welcome-to-card");
      g_signal_connect_object (card, "clicked", G_CALLBACK (tk_wt_on_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (self->pairs_box), card);
      self->card_buttons[i] = card;
    }
  gtk_box_append (GTK_BOX (self->cards_box), self->pairs_box);

  self->split_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->split_box), tk_wt_caption (_("Number from")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("number-card-%u", i);

      self->number_card_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->number_card_buttons[i], "tk-welcome-to-card");
      g_signal_connect_object (self->number_card_buttons[i], "clicked",
                               G_CALLBACK (tk_wt_on_number_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (row), self->number_card_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->split_box), row);
  gtk_box_append (GTK_BOX (self->split_box), tk_wt_caption (_("Effect from")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("effect-card-%u", i);

      self->effect_card_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->effect_card_buttons[i], "tk-welcome-to-card");
      g_signal_connect_object (self->effect_card_buttons[i], "clicked",
                               G_CALLBACK (tk_wt_on_effect_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (row), self->effect_card_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->split_box), row);
  gtk_box_append (GTK_BOX (self->cards_box), self->split_box);
  gtk_box_append (GTK_BOX (self->picker_box), self->cards_box);

  /* no recorded cards: the number and the effect the player took */
  self->manual_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->manual_box), tk_wt_caption (_("Number")));
  flow = tk_wt_wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 5);
  for (gint n = tk_welcome_to_model_get_table_int (self->model, "lowest_card"); n <= tk_welcome_to_model_get_table_int (self->model, "highest_card") && n < MAX_NUMBERS; n++)
    {
      g_autofree char *label = g_strdup_printf ("%d", n);
      g_autofree char *name = g_strdup_printf ("number-%d", n);

      self->number_buttons[n] = toggle_with_index (label, name, n);
      gtk_widget_add_css_class (self->number_buttons[n], "tk-welcome-to-number");
      g_signal_connect_object (self->number_buttons[n], "clicked",
                               G_CALLBACK (tk_wt_on_number_clicked), self, 0);
      tk_wt_flow_append (flow, self->number_buttons[n]);
    }
  gtk_box_append (GTK_BOX (self->manual_box), flow);
  gtk_box_append (GTK_BOX (self->manual_box), tk_wt_caption (_("Effect")));
  flow = tk_wt_wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 6);
  for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
    {
      g_autofree char *name = g_strdup_printf ("effect-%s", tk_welcome_to_effect_id (e));

      self->effect_buttons[e] = toggle_with_index (tk_welcome_to_effect_name (e), name, e);
      /* long effect names wrap rather than widen the row on a phone */
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->effect_buttons[e]))),
                          TRUE);
      gtk_label_set_justify (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->effect_buttons[e]))),
                             GTK_JUSTIFY_CENTER);
      g_signal_connect_object (self->effect_buttons[e], "clicked",
                               G_CALLBACK (tk_wt_on_effect_clicked), self, 0);
      tk_wt_flow_append (flow, self->effect_buttons[e]);
    }
  gtk_box_append (GTK_BOX (self->manual_box), flow);
  gtk_box_append (GTK_BOX (self->picker_box), self->manual_box);

  /* temp agency: the number written, ±2 */
  self->temp_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (row, "linked");
  gtk_widget_set_halign (row, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->temp_box),
                  tk_wt_caption (_("Temp agency: the number written may change by up to 2")));
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("temp-%d", (gint) i - 2);

      self->temp_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->temp_buttons[i], "tk-welcome-to-number");
      g_signal_connect_object (self->temp_buttons[i], "clicked", G_CALLBACK (tk_wt_on_temp_clicked),
                               self, 0);
      gtk_box_append (GTK_BOX (row), self->temp_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->temp_box), row);
  self->temp_cross_check = gtk_check_button_new_with_label (_("Cross a temp box"));
  gtk_widget_set_name (self->temp_cross_check, "temp-cross");
  g_signal_connect_object (self->temp_cross_check, "toggled", G_CALLBACK (tk_wt_on_temp_cross_toggled),
                           self, 0);
  gtk_box_append (GTK_BOX (self->temp_box), self->temp_cross_check);
  gtk_box_append (GTK_BOX (self->picker_box), self->temp_box);

  /* the recorder and the buttons around it are in the template: what depends on the
   * setup is filled in here */
  gtk_label_set_text (GTK_LABEL (self->recorder_caption),
                      tk_welcome_to_model_is_solo (self->model) ? _("The three cards drawn") :
                      tk_welcome_to_model_is_draft (self->model) ? _("This player's three cards")
                                                                   : _("The three cards of the round"));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *label = g_strdup_printf (_("Card %u"), i + 1);

      gtk_label_set_text (GTK_LABEL (self->record_labels[i]), label);
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->record_numbers[i]),
                                 tk_welcome_to_model_get_table_int (self->model, "lowest_card"),
                                 tk_welcome_to_model_get_table_int (self->model, "highest_card"));
      gtk_spin_button_set_increments (GTK_SPIN_BUTTON (self->record_numbers[i]), 1, 10);
      gtk_drop_down_set_model (GTK_DROP_DOWN (self->record_effects[i]), G_LIST_MODEL (effects));
    }
  gtk_widget_set_visible (gtk_widget_get_parent (self->roundabout_button),
                          tk_welcome_to_model_is_intermediate (self->model));
}

/* ---- updating what is shown ---- */

void
tk_wt_set_class (GtkWidget  *widget,
                 const char *css_class,
                 gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* Shows or hides @widget, and the flow box slot holding it (an empty slot still takes room). */
static void
set_shown (GtkWidget *widget,
           gboolean   shown)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  gtk_widget_set_visible (widget, shown);
  if (GTK_IS_FLOW_BOX_CHILD (parent))
    gtk_widget_set_visible (parent, shown);
}

static void
set_toggle (GtkWidget *toggle,
            gboolean   active)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
}

static char *
end_reasons (JsonArray *triggers)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; triggers != NULL && i < json_array_get_length (triggers); i++)
    {
      const char *trigger = json_array_get_string_element (triggers, i);

      if (g_strcmp0 (trigger, "refusals") == 0)
        g_ptr_array_add (parts, (gpointer) _("a third permit refusal"));
      else if (g_strcmp0 (trigger, "plans") == 0)
        g_ptr_array_add (parts, (gpointer) _("all three city plans claimed by one player"));
      else if (g_strcmp0 (trigger, "houses") == 0)
        g_ptr_array_add (parts, (gpointer) _("every house of a sheet built"));
      else if (g_strcmp0 (trigger, "deck") == 0)
        g_ptr_array_add (parts, (gpointer) _("the deck ran out"));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

static void
refresh_header (TkWelcomeToPanel *self)
{
  gint64 round = json_object_get_int_member_with_default (tk_welcome_to_model_get_game (self->model), "round", 1);
  JsonArray *triggers = json_object_get_array_member (tk_welcome_to_model_get_score (self->model), "end_triggers");
  g_autofree char *round_text = NULL;
  g_autoptr(GString) played = g_string_new (NULL);
  g_autoptr(GString) waiting = g_string_new (NULL);
  JsonObject *setup = tk_session_get_setup (self->session);
  /* once everyone has played, the next turn opens the next round: show that one */
  gboolean next_round = tk_welcome_to_model_round_done (self->model) && !tk_welcome_to_model_game_over (self->model);

  if (next_round)
    round++;
  for (guint i = 0; i < tk_welcome_to_model_get_n_players (self->model); i++)
    {
      JsonObject *player = tk_welcome_to_model_get_score_player (self->model, i);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                player != NULL
                                                ? json_object_get_int_member (player, "total")
                                                : 0);
      gboolean has_played = tk_welcome_to_model_acted (self->model, i) && !next_round;
      GString *list = has_played ? played : waiting;

      self->updating = TRUE;
      set_toggle (g_ptr_array_index (self->seat_buttons, i), i == tk_welcome_to_model_get_seat (self->model));
      self->updating = FALSE;
      gtk_label_set_text (g_ptr_array_index (self->seat_totals, i), total);
      /* Once the game is over the end card above carries every total: the toggle then only
       * picks whose sheet is shown (each figure once). */
      gtk_widget_set_visible (g_ptr_array_index (self->seat_totals, i), !tk_welcome_to_model_game_over (self->model));
      gtk_widget_set_visible (g_ptr_array_index (self->seat_states, i), !tk_welcome_to_model_game_over (self->model));
      /* Translators: a sheet's turn this round is done (not "has played this game before") */
      gtk_label_set_text (g_ptr_array_index (self->seat_states, i),
                          has_played ? C_("welcome-to round", "Played") : _("To play"));
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, tk_rules_setup_player_name (setup, i));
    }

  if (tk_welcome_to_model_is_solo (self->model))
    round_text = g_strdup_printf (_("Round %d of %d"), (int) round,
                                  (int) tk_welcome_to_model_get_table_int (self->model, "solo_rounds"));
  else
    round_text = g_strdup_printf (_("Round %d"), (int) round);
  gtk_label_set_text (GTK_LABEL (self->round_label), round_text);
  if (tk_welcome_to_model_get_n_players (self->model) > 1 && waiting->len > 0 && played->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Still to play: %s"), waiting->str);
      gtk_label_set_text (GTK_LABEL (self->played_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->played_label), "");

  if (triggers != NULL && json_array_get_length (triggers) > 0)
    {
      g_autofree char *reasons = end_reasons (triggers);
      g_autofree char *text = NULL;

      if (tk_welcome_to_model_game_over (self->model))
        /* Translators: why the game ended, e.g. "The game ended: all three plans are
         * approved." The winner is on the session's end card. */
        text = g_strdup_printf (_("The game ended: %s."), reasons);
      else
        text = g_strdup_printf (_("Last round (%s): the game ends when everyone has played "
                                  "this round."), reasons);
      gtk_label_set_text (GTK_LABEL (self->end_label), text);
      gtk_widget_set_visible (self->end_label, TRUE);
    }
  else
    gtk_widget_set_visible (self->end_label, FALSE);
}

/* Whether none of the seat's recorded cards fits anywhere: the refusal is then the move. */
static gboolean
refusal_due (TkWelcomeToPanel *self)
{
  return tk_welcome_to_model_refusal_due (self->model);
}

static void
refresh_turn (TkWelcomeToPanel *self)
{
  JsonArray *cards = tk_welcome_to_model_get_open_cards (self->model);
  gint number = 0, effect = -1;
  gboolean picked = tk_welcome_to_model_get_pick (self->model, &number, &effect);
  gboolean over = tk_welcome_to_model_game_over (self->model);

  gtk_widget_set_visible (self->turn_box, !over);
  gtk_widget_set_visible (self->cards_box, cards != NULL);
  gtk_widget_set_visible (self->manual_box, cards == NULL);
  self->updating = TRUE;
  if (cards != NULL)
    {
      gboolean split = tk_welcome_to_model_is_solo (self->model) || tk_welcome_to_model_is_draft (self->model);

      gtk_widget_set_visible (self->pairs_box, !split);
      gtk_widget_set_visible (self->split_box, split);
      for (guint i = 0; i < 3; i++)
        {
          JsonObject *card = json_array_get_object_element (cards, i);
          g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                json_object_get_int_member (card, "number"));
          gint e = tk_welcome_to_effect_from_id (json_object_get_string_member (card, "effect"));
          g_autofree char *both = g_strdup_printf ("%s · %s", n, tk_welcome_to_effect_name (e));

          gtk_label_set_text (GTK_LABEL (self->card_numbers[i]), n);
          gtk_label_set_text (GTK_LABEL (self->card_effects[i]), tk_welcome_to_effect_name (e));
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->card_buttons[i]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, both, -1);
          set_toggle (self->card_buttons[i], tk_welcome_to_model_get_card (self->model) == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->number_card_buttons[i]), n);
          set_toggle (self->number_card_buttons[i], tk_welcome_to_model_get_number_card (self->model) == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->effect_card_buttons[i]), tk_welcome_to_effect_name (e));
          set_toggle (self->effect_card_buttons[i], tk_welcome_to_model_get_effect_card (self->model) == (gint) i);
        }
    }
  else
    {
      for (gint n = tk_welcome_to_model_get_table_int (self->model, "lowest_card"); n <= tk_welcome_to_model_get_table_int (self->model, "highest_card") && n < MAX_NUMBERS; n++)
        set_toggle (self->number_buttons[n], tk_welcome_to_model_get_manual_number (self->model) == n);
      for (guint e = 0; e < TK_WELCOME_TO_N_EFFECTS; e++)
        set_toggle (self->effect_buttons[e], tk_welcome_to_model_get_manual_effect (self->model) == (gint) e);
    }

  gtk_widget_set_visible (self->temp_box, picked && effect == TK_WELCOME_TO_TEMP);
  if (picked && effect == TK_WELCOME_TO_TEMP)
    for (guint i = 0; i < 5; i++)
      {
        gint value = number + (gint) i - 2;
        g_autofree char *label = g_strdup_printf ("%d", value);

        gtk_button_set_label (GTK_BUTTON (self->temp_buttons[i]), label);
        gtk_widget_set_sensitive (self->temp_buttons[i],
                                  value >= 0 && value <= tk_welcome_to_model_get_table_int (self->model, "highest_number") &&
                                  ABS ((gint) i - 2) <= tk_welcome_to_model_get_table_int (self->model, "temp_change"));
        set_toggle (self->temp_buttons[i], tk_welcome_to_model_get_temp_delta (self->model) == (gint) i - 2);
      }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->temp_cross_check),
                               tk_welcome_to_model_get_temp_cross (self->model) || tk_welcome_to_model_get_temp_delta (self->model) != 0);
  gtk_widget_set_sensitive (self->temp_cross_check, tk_welcome_to_model_get_temp_delta (self->model) == 0);
  set_toggle (self->roundabout_button, tk_welcome_to_model_get_stage (self->model) == TK_WELCOME_TO_STAGE_ROUNDABOUT);
  tk_wt_set_class (self->refuse_button, "suggested-action", refusal_due (self));
  self->updating = FALSE;
}

static void
refresh_prompt (TkWelcomeToPanel *self)
{
  gint number = 0, effect = -1;
  gboolean picked = tk_welcome_to_model_get_pick (self->model, &number, &effect);
  g_autofree char *text = NULL;
  const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session), tk_welcome_to_model_get_seat (self->model));
  gboolean bis_choice = tk_welcome_to_model_get_stage (self->model) == TK_WELCOME_TO_STAGE_EFFECT && tk_welcome_to_model_get_bis_house (self->model) >= 0;

  if (tk_welcome_to_model_game_over (self->model))
    text = g_strdup (_("The game is over."));
  else if (tk_welcome_to_model_acted (self->model, tk_welcome_to_model_get_seat (self->model)) && !tk_welcome_to_model_round_done (self->model))
    text = g_strdup_printf (_("%s has played this round; the others still have to."), name);
  else
    switch (tk_welcome_to_model_get_stage (self->model))
      {
      case TK_WELCOME_TO_STAGE_ROUNDABOUT:
        text = g_strdup (_("Tap an empty house for the roundabout."));
        break;
      case TK_WELCOME_TO_STAGE_CLAIM:
        text = g_strdup_printf (_("Select the estates for city plan n°%d below."),
                                tk_welcome_to_model_get_claim_plan (self->model) + 1);
        break;
      case TK_WELCOME_TO_STAGE_EFFECT:
        if (effect == TK_WELCOME_TO_SURVEYOR)
          text = g_strdup (_("Tap a fence slot between two houses, or skip the effect."));
        else if (effect == TK_WELCOME_TO_REAL_ESTATE)
          text = g_strdup (_("Tap a real estate column below, or skip the effect."));
        else if (bis_choice)
          text = g_strdup (_("Copy which neighbour?"));
        else
          text = g_strdup (_("Tap the empty house next to a number that gets the bis, or skip "
                             "the effect."));
        break;
      case TK_WELCOME_TO_STAGE_CHOOSE:
      default:
        if (picked)
          /* Translators: %d is the house number to write; %s is the player's name */
          text = g_strdup_printf (_("%s writes %d: tap a house (dimmed ones can't take it)."),
                                  name, tk_welcome_to_model_written_number (self->model, number, effect));
        else if (refusal_due (self))
          text = g_strdup_printf (_("%s: none of the cards fits anywhere — the building permit "
                                    "is refused."), name);
        else if (tk_welcome_to_model_get_open_cards (self->model) != NULL)
          text = g_strdup_printf (tk_welcome_to_model_is_solo (self->model) || tk_welcome_to_model_is_draft (self->model)
                                  ? _("%s: pick a number card and an effect card.")
                                  : _("%s: pick one of the three cards."), name);
        else
          text = g_strdup_printf (_("%s: pick the number and the effect played, or record the "
                                    "round's cards."), name);
        break;
      }
  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  /* at the end the banner says it all */
  gtk_widget_set_visible (self->prompt_box, !tk_welcome_to_model_game_over (self->model));
  set_shown (self->skip_button, tk_welcome_to_model_get_stage (self->model) == TK_WELCOME_TO_STAGE_EFFECT);
  set_shown (self->cancel_button,
                          tk_welcome_to_model_get_stage (self->model) == TK_WELCOME_TO_STAGE_EFFECT || tk_welcome_to_model_get_stage (self->model) == TK_WELCOME_TO_STAGE_ROUNDABOUT);
  set_shown (self->bis_left_button, bis_choice);
  set_shown (self->bis_right_button, bis_choice);
  if (bis_choice)
    {
      JsonObject *sheet = tk_welcome_to_model_get_sheet (self->model);
      gint values[2];

      for (guint i = 0; i < 2; i++)
        {
          guint from = tk_welcome_to_model_get_bis_house (self->model) + (i == 0 ? -1 : 1);
          JsonObject *house = tk_welcome_to_sheet_house (sheet, tk_welcome_to_model_get_bis_street (self->model), from);

          values[i] = tk_welcome_to_house_has_number (house) ? (gint) json_object_get_int_member (house, "number")
                                               : -1;
          if ((gint) from == tk_welcome_to_model_get_pending_house (self->model) && tk_welcome_to_model_get_bis_street (self->model) == tk_welcome_to_model_get_pending_street (self->model))
            values[i] = tk_welcome_to_model_written_number (self->model, number, effect);
        }
      {
        g_autofree char *left = g_strdup_printf (_("Copy %d From the Left"), values[0]);
        g_autofree char *right = g_strdup_printf (_("Copy %d From the Right"), values[1]);

        gtk_button_set_label (GTK_BUTTON (self->bis_left_button), left);
        gtk_button_set_label (GTK_BUTTON (self->bis_right_button), right);
      }
    }
}

void
tk_wt_refresh (TkWelcomeToPanel *self)
{
  if (tk_welcome_to_model_get_game (self->model) == NULL || tk_welcome_to_model_get_score (self->model) == NULL)
    return;
  refresh_header (self);
  refresh_turn (self);
  refresh_prompt (self);
}
