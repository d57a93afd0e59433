/* tk-welcome-to-panel-view.c — the Welcome To... panel's widgets: the player tabs, the
 * turn picker, the three streets, the lower sheet's tracks, the plans and the score row.
 *
 * Made once (the sheet's shape is fixed by the setup), then updated in place from the
 * session's state on every change (tk_wt_refresh), so that a tap never destroys the button
 * being tapped.  What a tap does is in tk-welcome-to-panel.c.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cards-layout.h"
#include "panels/tk-colour-dot.h"
#include "tk-game-panel.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-plan-text.h"

/* The score categories of the sheet's bottom row, in the paper's order. */
static const char *const score_keys[N_SCORE_KEYS] = {
  "plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts"
};

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

static GtkWidget *
caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

static GtkWidget *
heading (const char *text)
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

static GtkWidget *
wrap_box (void)
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

  for (guint i = 0; i < self->n_players; i++)
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
  GtkWidget *row, *flow, *box, *buttons;
  g_autoptr(GtkStringList) effects = gtk_string_list_new (NULL);

  for (guint e = 0; e < N_EFFECTS; e++)
    gtk_string_list_append (effects, tk_wt_effect_name (e));

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
  gtk_box_append (GTK_BOX (self->split_box), caption (_("Number from")));
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
  gtk_box_append (GTK_BOX (self->split_box), caption (_("Effect from")));
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
  gtk_box_append (GTK_BOX (self->turn_box), self->cards_box);

  /* no recorded cards: the number and the effect the player took */
  self->manual_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->manual_box), caption (_("Number")));
  flow = wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 5);
  for (gint n = self->lowest_card; n <= self->highest_card && n < MAX_NUMBERS; n++)
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
  gtk_box_append (GTK_BOX (self->manual_box), caption (_("Effect")));
  flow = wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 6);
  for (guint e = 0; e < N_EFFECTS; e++)
    {
      g_autofree char *name = g_strdup_printf ("effect-%s", tk_wt_effect_ids[e]);

      self->effect_buttons[e] = toggle_with_index (tk_wt_effect_name (e), name, e);
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
  gtk_box_append (GTK_BOX (self->turn_box), self->manual_box);

  /* temp agency: the number written, ±2 */
  self->temp_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (row, "linked");
  gtk_widget_set_halign (row, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->temp_box),
                  caption (_("Temp agency: the number written may change by up to 2")));
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
  gtk_box_append (GTK_BOX (self->turn_box), self->temp_box);

  /* the other things a player may do this round */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 3);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
  self->refuse_button = gtk_button_new_with_mnemonic (_("Permit _Refused"));
  gtk_widget_set_tooltip_text (self->refuse_button,
                               _("No number of this round fits anywhere: cross a permit "
                                 "refusal box"));
  g_signal_connect_object (self->refuse_button, "clicked", G_CALLBACK (tk_wt_on_refuse_clicked), self,
                           G_CONNECT_SWAPPED);
  tk_wt_flow_append (buttons, self->refuse_button);
  self->record_button = gtk_button_new_with_mnemonic (_("Record _Cards…"));
  gtk_widget_set_tooltip_text (self->record_button,
                               _("Enter the three cards of the round; each player then picks one"));
  g_signal_connect_object (self->record_button, "clicked", G_CALLBACK (tk_wt_on_record_toggle_clicked),
                           self, G_CONNECT_SWAPPED);
  tk_wt_flow_append (buttons, self->record_button);
  self->roundabout_button = gtk_toggle_button_new_with_mnemonic (_("R_oundabout"));
  gtk_widget_set_tooltip_text (self->roundabout_button,
                               _("Build a roundabout: tap an empty house (fences on both sides "
                                 "come free)"));
  g_signal_connect_object (self->roundabout_button, "clicked", G_CALLBACK (tk_wt_on_roundabout_clicked),
                           self, G_CONNECT_SWAPPED);
  tk_wt_flow_append (buttons, self->roundabout_button);
  gtk_widget_set_visible (gtk_widget_get_parent (self->roundabout_button), self->intermediate);
  gtk_box_append (GTK_BOX (self->turn_box), buttons);

  /* recording the round's three cards */
  self->recorder = gtk_revealer_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "tk-welcome-to-recorder");
  gtk_box_append (GTK_BOX (box),
                  caption (self->solo ? _("The three cards drawn") :
                           self->draft ? _("This player's three cards")
                                       : _("The three cards of the round")));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *number_name = g_strdup_printf ("record-number-%u", i);
      g_autofree char *effect_name_id = g_strdup_printf ("record-effect-%u", i);
      g_autofree char *label = g_strdup_printf (_("Card %u"), i + 1);

      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_box_append (GTK_BOX (row), gtk_label_new (label));
      self->record_numbers[i] = gtk_spin_button_new_with_range (self->lowest_card,
                                                                self->highest_card, 1);
      gtk_widget_set_name (self->record_numbers[i], number_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->record_numbers[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Number"), -1);
      gtk_box_append (GTK_BOX (row), self->record_numbers[i]);
      self->record_effects[i] = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (effects)), NULL);
      gtk_widget_set_name (self->record_effects[i], effect_name_id);
      gtk_widget_set_hexpand (self->record_effects[i], TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->record_effects[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Effect"), -1);
      gtk_box_append (GTK_BOX (row), self->record_effects[i]);
      gtk_box_append (GTK_BOX (box), row);
    }
  /* side by side when they fit, one above the other on a phone */
  row = wrap_box ();
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 2);
  {
    GtkWidget *record = gtk_button_new_with_label (_("Record Cards"));
    GtkWidget *refuse = gtk_button_new_with_label (_("Refuse Permit With These Cards"));

    gtk_widget_add_css_class (record, "suggested-action");
    g_signal_connect_object (record, "clicked", G_CALLBACK (tk_wt_on_record_clicked), self,
                             G_CONNECT_SWAPPED);
    g_signal_connect_object (refuse, "clicked", G_CALLBACK (tk_wt_on_refuse_with_cards_clicked), self,
                             G_CONNECT_SWAPPED);
    gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (refuse))), TRUE);
    tk_wt_flow_append (row, record);
    tk_wt_flow_append (row, refuse);
  }
  gtk_box_append (GTK_BOX (box), row);
  gtk_revealer_set_child (GTK_REVEALER (self->recorder), box);
  gtk_box_append (GTK_BOX (self->turn_box), self->recorder);

  /* the prompt's buttons */
  self->bis_left_button = toggle_with_index (NULL, "bis-left", -1);
  self->bis_right_button = toggle_with_index (NULL, "bis-right", 1);
  self->skip_button = gtk_button_new_with_mnemonic (_("_Skip Effect"));
  gtk_widget_set_name (self->skip_button, "skip-effect");
  self->cancel_button = gtk_button_new_with_mnemonic (_("C_ancel"));
  g_signal_connect_object (self->bis_left_button, "clicked", G_CALLBACK (tk_wt_on_bis_side_clicked),
                           self, 0);
  g_signal_connect_object (self->bis_right_button, "clicked", G_CALLBACK (tk_wt_on_bis_side_clicked),
                           self, 0);
  g_signal_connect_object (self->skip_button, "clicked", G_CALLBACK (tk_wt_on_skip_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->cancel_button, "clicked", G_CALLBACK (tk_wt_on_cancel_clicked), self,
                           G_CONNECT_SWAPPED);
  {
    GtkWidget *prompt_flow = gtk_flow_box_new ();

    gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (prompt_flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (prompt_flow), 6);
    gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (prompt_flow), 6);
    gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (prompt_flow), 4);
    gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (prompt_flow), TRUE);
    for (guint i = 0; i < 4; i++)
      {
        GtkWidget *b = (GtkWidget *[]) { self->bis_left_button, self->bis_right_button,
                                         self->skip_button, self->cancel_button }[i];
        tk_wt_flow_append (prompt_flow, b);
      }
    gtk_box_append (GTK_BOX (self->prompt_box), prompt_flow);
  }
}

static GtkWidget *
bar (const char *css_class)
{
  GtkWidget *widget = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (widget, css_class);
  return widget;
}

static GtkWidget *
value_cell (gint value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);
  GtkWidget *cell = gtk_label_new (text);

  gtk_widget_add_css_class (cell, "tk-welcome-to-cell");
  gtk_widget_add_css_class (cell, "numeric");
  return cell;
}

void
tk_wt_build_streets (TkWelcomeToPanel *self)
{
  JsonArray *streets = tk_wt_table_array (self, "streets");

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *rule = json_array_get_object_element (streets, s);
      JsonArray *parks = json_object_get_array_member (rule, "parks");
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *park_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkLayoutManager *lots = tk_cards_layout_new ();
      g_autofree char *title = g_strdup_printf (_("Street %u"), s + 1);
      GtkWidget *title_label = heading (title);

      gtk_widget_add_css_class (frame, "tk-welcome-to-street");
      gtk_widget_set_hexpand (title_label, TRUE);
      gtk_box_append (GTK_BOX (header), title_label);
      gtk_box_append (GTK_BOX (park_row), caption (_("Parks")));
      self->park_cells[s] = g_ptr_array_new ();
      for (guint i = 1; parks != NULL && i < json_array_get_length (parks); i++)
        {
          GtkWidget *cell = value_cell ((gint) json_array_get_int_element (parks, i));

          gtk_widget_add_css_class (cell, "tk-welcome-to-park");
          gtk_box_append (GTK_BOX (park_row), cell);
          g_ptr_array_add (self->park_cells[s], cell);
        }
      self->park_points[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->park_points[s], "tk-welcome-to-points");
      gtk_box_append (GTK_BOX (park_row), self->park_points[s]);
      gtk_box_append (GTK_BOX (header), park_row);
      gtk_box_append (GTK_BOX (frame), header);

      gtk_widget_add_css_class (row, "tk-welcome-to-houses");
      /* as wide as its houses, so that the street's end fences close it */
      gtk_widget_set_halign (row, GTK_ALIGN_START);
      /* A street of 10 to 12 houses is one line on a wide window and wraps into even lines
       * on a phone (12 houses: three lines of four), so every house stays a 44 px target in
       * view instead of the street scrolling sideways. */
      tk_cards_layout_set_spacing (TK_CARDS_LAYOUT (lots), 0, 4);
      tk_cards_layout_set_stretch (TK_CARDS_LAYOUT (lots), FALSE);
      gtk_widget_set_layout_manager (row, lots);
      for (guint h = 0; h < self->houses[s]; h++)
        {
          GtkWidget *lot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
          GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *button = gtk_button_new ();
          GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          GtkWidget *pool = bar ("tk-welcome-to-pool-spot");
          GtkWidget *label = gtk_label_new (NULL);
          g_autofree char *name = g_strdup_printf ("house-%u-%u", s + 1, h + 1);

          self->house_plan_bars[s][h] = bar ("tk-welcome-to-plan-bar");
          gtk_box_append (GTK_BOX (column), self->house_plan_bars[s][h]);
          gtk_widget_set_halign (pool, GTK_ALIGN_CENTER);
          gtk_widget_set_visible (pool, self->pool_spot[s][h]);
          gtk_box_append (GTK_BOX (inner), pool);
          gtk_widget_set_vexpand (label, TRUE);
          gtk_box_append (GTK_BOX (inner), label);
          gtk_button_set_child (GTK_BUTTON (button), inner);
          gtk_widget_set_name (button, name);
          gtk_widget_add_css_class (button, "tk-welcome-to-house");
          if (self->pool_spot[s][h])
            gtk_widget_add_css_class (button, "tk-welcome-to-has-pool");
          g_object_set_data (G_OBJECT (button), "tk-index", GUINT_TO_POINTER (s * MAX_HOUSES + h));
          g_signal_connect_object (button, "clicked", G_CALLBACK (tk_wt_on_house_clicked), self, 0);
          gtk_box_append (GTK_BOX (column), button);
          self->house_estate_bars[s][h] = bar ("tk-welcome-to-estate-bar");
          gtk_box_append (GTK_BOX (column), self->house_estate_bars[s][h]);
          gtk_box_append (GTK_BOX (lot), column);
          gtk_box_append (GTK_BOX (row), lot);
          self->house_buttons[s][h] = button;
          self->house_labels[s][h] = label;
          self->pool_marks[s][h] = pool;

          if (h + 1 < self->houses[s])
            {
              GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
              GtkWidget *fence = gtk_button_new ();
              g_autofree char *fence_name = g_strdup_printf ("fence-%u-%u", s + 1, h + 1);
              g_autofree char *fence_label = g_strdup_printf (_("Fence between houses %u and "
                                                                "%u of street %u"),
                                                              h + 1, h + 2, s + 1);

              self->fence_plan_bars[s][h] = bar ("tk-welcome-to-plan-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_plan_bars[s][h]);
              gtk_widget_set_name (fence, fence_name);
              gtk_widget_add_css_class (fence, "tk-welcome-to-fence");
              gtk_widget_set_tooltip_text (fence, fence_label);
              gtk_accessible_update_property (GTK_ACCESSIBLE (fence),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, fence_label, -1);
              g_object_set_data (G_OBJECT (fence), "tk-index",
                                 GUINT_TO_POINTER (s * MAX_HOUSES + h));
              g_signal_connect_object (fence, "clicked", G_CALLBACK (tk_wt_on_fence_clicked), self, 0);
              gtk_box_append (GTK_BOX (slot), fence);
              self->fence_estate_bars[s][h] = bar ("tk-welcome-to-estate-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_estate_bars[s][h]);
              gtk_box_append (GTK_BOX (lot), slot);
              self->fence_buttons[s][h] = fence;
            }
        }
      gtk_box_append (GTK_BOX (frame), row);
      gtk_box_append (GTK_BOX (self->streets_box), frame);
    }
}

static void
build_track (TkWelcomeToPanel *self,
             Track            *track,
             GtkWidget        *parent,
             const char       *title,
             const char       *name,
             JsonArray        *values,
             guint             n_boxes)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cells = gtk_flow_box_new ();
  GtkWidget *title_label = caption (title);

  gtk_widget_set_name (box, name);
  gtk_widget_add_css_class (box, "tk-welcome-to-track");
  gtk_widget_set_hexpand (title_label, TRUE);
  gtk_box_append (GTK_BOX (top), title_label);
  track->points = gtk_label_new (NULL);
  gtk_widget_add_css_class (track->points, "tk-welcome-to-points");
  gtk_box_append (GTK_BOX (top), track->points);
  gtk_box_append (GTK_BOX (box), top);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (cells), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (cells), 12);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (cells), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (cells), 3);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (cells), 3);
  gtk_widget_set_can_target (cells, FALSE);
  track->cells = g_ptr_array_new ();
  for (guint i = 0; i < n_boxes; i++)
    {
      GtkWidget *cell = values != NULL
                        ? value_cell ((gint) json_array_get_int_element (values, i + 1))
                        : value_cell ((gint) i + 1);

      g_autofree char *cell_name = g_strdup_printf ("%s-%u", name, i + 1);

      gtk_widget_set_name (cell, cell_name);
      if (values == NULL)
        gtk_widget_add_css_class (cell, "tk-welcome-to-count");
      tk_wt_flow_append (cells, cell);
      g_ptr_array_add (track->cells, cell);
    }
  gtk_box_append (GTK_BOX (box), cells);
  track->card = box;
  tk_wt_flow_append (parent, box);
}

void
tk_wt_build_bottom (TkWelcomeToPanel *self)
{
  GtkWidget *plans = gtk_flow_box_new ();
  GtkWidget *tracks = gtk_flow_box_new ();
  GtkWidget *estates = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *strip = gtk_flow_box_new ();
  GtkWidget *tools = wrap_box ();
  GtkWidget *button, *row;
  JsonArray *estate_values = tk_wt_table_array (self, "estates");

  /* the three city plans */
  gtk_box_append (GTK_BOX (self->bottom_box), heading (_("City Plans")));
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (plans), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (plans), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (plans), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (plans), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (plans), 6);
  for (guint p = 0; p < N_PLANS; p++)
    {
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      JsonObject *plan = tk_wt_setup_plan (self, p);
      g_autofree char *number = g_strdup_printf ("n°%u", p + 1);
      /* Translators: a city plan's points for the first claims / for later ones */
      g_autofree char *values = g_strdup_printf (_("%d / %d"),
                                                 plan != NULL ? (int) json_object_get_int_member (plan, "first") : 0,
                                                 plan != NULL ? (int) json_object_get_int_member (plan, "later") : 0);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");
      g_autofree char *name = g_strdup_printf ("plan-claim-%u", p + 1);
      GtkWidget *number_label = heading (number);
      GtkWidget *values_label = gtk_label_new (values);

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-welcome-to-plan");
      gtk_widget_set_hexpand (number_label, TRUE);
      gtk_box_append (GTK_BOX (top), number_label);
      gtk_widget_add_css_class (values_label, "tk-welcome-to-points");
      gtk_widget_add_css_class (values_label, "numeric");
      gtk_box_append (GTK_BOX (top), values_label);
      gtk_box_append (GTK_BOX (card), top);
      self->plan_titles[p] = gtk_label_new (goal);
      gtk_label_set_wrap (GTK_LABEL (self->plan_titles[p]), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (self->plan_titles[p]), 18);
      gtk_label_set_xalign (GTK_LABEL (self->plan_titles[p]), 0);
      gtk_widget_set_vexpand (self->plan_titles[p], TRUE);
      gtk_widget_set_valign (self->plan_titles[p], GTK_ALIGN_START);
      self->plan_states[p] = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->plan_states[p]), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->plan_states[p]), 0);
      self->plan_buttons[p] = gtk_button_new_with_label (_("Claim…"));
      gtk_widget_set_name (self->plan_buttons[p], name);
      gtk_widget_set_halign (self->plan_buttons[p], GTK_ALIGN_START);
      g_object_set_data (G_OBJECT (self->plan_buttons[p]), "tk-index", GUINT_TO_POINTER (p));
      g_signal_connect_object (self->plan_buttons[p], "clicked",
                               G_CALLBACK (tk_wt_on_plan_claim_clicked), self, 0);
      gtk_box_append (GTK_BOX (card), self->plan_titles[p]);
      gtk_box_append (GTK_BOX (card), self->plan_states[p]);
      gtk_box_append (GTK_BOX (card), self->plan_buttons[p]);
      tk_wt_flow_append (plans, card);
    }
  gtk_box_append (GTK_BOX (self->bottom_box), plans);

  /* selecting estates for a plan */
  self->claim_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->claim_box, "card");
  gtk_widget_add_css_class (self->claim_box, "tk-welcome-to-recorder");
  self->claim_label = caption (NULL);
  gtk_box_append (GTK_BOX (self->claim_box), self->claim_label);
  self->claim_flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->claim_flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->claim_flow), 4);
  gtk_box_append (GTK_BOX (self->claim_box), self->claim_flow);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->claim_apply = gtk_button_new_with_label (_("Claim Plan"));
  gtk_widget_add_css_class (self->claim_apply, "suggested-action");
  g_signal_connect_object (self->claim_apply, "clicked", G_CALLBACK (tk_wt_on_claim_apply_clicked),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), self->claim_apply);
  button = gtk_button_new_with_mnemonic (_("C_ancel"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (tk_wt_on_cancel_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (self->claim_box), row);
  gtk_box_append (GTK_BOX (self->bottom_box), self->claim_box);

  if (self->solo)
    {
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      self->solo_button = gtk_button_new_with_label (_("Solo Card Drawn"));
      gtk_widget_set_tooltip_text (self->solo_button,
                                   _("The solo card came up: every plan claimed from now on "
                                     "scores its lower value"));
      g_signal_connect_object (self->solo_button, "clicked", G_CALLBACK (tk_wt_on_solo_card_clicked),
                               self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (row), self->solo_button);
      self->solo_label = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->solo_label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->solo_label), 0);
      gtk_widget_add_css_class (self->solo_label, "dim-label");
      gtk_box_append (GTK_BOX (row), self->solo_label);
      gtk_box_append (GTK_BOX (self->bottom_box), row);
    }

  /* the lower sheet's tracks */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (tracks), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tracks), 3);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (tracks), 1);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (tracks), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (tracks), 6);
  {
    JsonArray *pools = tk_wt_table_array (self, "pools");
    JsonArray *bis = tk_wt_table_array (self, "bis");
    JsonArray *refusals = tk_wt_table_array (self, "refusals");
    JsonArray *roundabouts = tk_wt_table_array (self, "roundabouts");

    build_track (self, &self->pools, tracks, _("Pools"), "track-pools", pools,
                 json_array_get_length (pools) - 1);
    build_track (self, &self->temps, tracks, _("Temp agency"), "track-temps", NULL,
                 (guint) json_object_get_int_member (self->tables, "temp_boxes"));
    build_track (self, &self->bis, tracks, _("Bis"), "track-bis", bis,
                 json_array_get_length (bis) - 1);
    build_track (self, &self->refusals, tracks, _("Permit refusals"), "track-refusals",
                 refusals, json_array_get_length (refusals) - 1);
    build_track (self, &self->roundabouts, tracks, _("Roundabouts"), "track-roundabouts",
                 roundabouts, json_array_get_length (roundabouts) - 1);
    gtk_widget_set_visible (gtk_widget_get_parent (self->roundabouts.card), self->intermediate);
  }

  /* the six real estate columns */
  gtk_widget_add_css_class (estates, "tk-welcome-to-track");
  gtk_box_append (GTK_BOX (estates), caption (_("Real estate: value of one estate")));
  gtk_box_set_homogeneous (GTK_BOX (columns), TRUE);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      JsonArray *values = json_array_get_array_element (estate_values, c);
      GtkWidget *stack = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      g_autofree char *size = g_strdup_printf ("%u", c + 1);
      g_autofree char *name = g_strdup_printf ("column-%u", c + 1);
      g_autofree char *tooltip = g_strdup_printf (ngettext ("Estates of %u house",
                                                            "Estates of %u houses", c + 1),
                                                  c + 1);
      GtkWidget *size_label = gtk_label_new (size);

      gtk_widget_add_css_class (size_label, "heading");
      gtk_box_append (GTK_BOX (stack), size_label);
      self->column_cells[c] = g_ptr_array_new ();
      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          GtkWidget *cell = value_cell ((gint) json_array_get_int_element (values, i));

          gtk_box_append (GTK_BOX (stack), cell);
          g_ptr_array_add (self->column_cells[c], cell);
        }
      gtk_widget_set_valign (stack, GTK_ALIGN_START);
      self->column_counts[c] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->column_counts[c], "caption");
      gtk_box_append (GTK_BOX (stack), self->column_counts[c]);
      self->column_buttons[c] = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (self->column_buttons[c]), stack);
      gtk_widget_set_name (self->column_buttons[c], name);
      gtk_widget_set_tooltip_text (self->column_buttons[c], tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_buttons[c]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      gtk_widget_add_css_class (self->column_buttons[c], "tk-welcome-to-column");
      gtk_widget_add_css_class (self->column_buttons[c], "flat");
      g_object_set_data (G_OBJECT (self->column_buttons[c]), "tk-index", GUINT_TO_POINTER (c));
      g_signal_connect_object (self->column_buttons[c], "clicked",
                               G_CALLBACK (tk_wt_on_column_clicked), self, 0);
      gtk_box_append (GTK_BOX (columns), self->column_buttons[c]);
    }
  gtk_box_append (GTK_BOX (estates), columns);
  tk_wt_flow_append (tracks, estates);
  gtk_box_append (GTK_BOX (self->bottom_box), tracks);

  /* the bottom row: points per category and the total */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (strip), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (strip), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (strip), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (strip), N_SCORE_KEYS + 1);
  gtk_widget_add_css_class (strip, "tk-welcome-to-score");
  gtk_widget_set_name (strip, "score-strip");
  for (guint k = 0; k <= N_SCORE_KEYS; k++)
    {
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *label = gtk_label_new (k < N_SCORE_KEYS ? NULL : _("Total"));
      GtkWidget *value = gtk_label_new ("0");
      g_autofree char *name = g_strdup_printf ("score-%s", k < N_SCORE_KEYS ? score_keys[k]
                                                                            : "total");

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (value, "numeric");
      gtk_widget_add_css_class (value, k < N_SCORE_KEYS ? "title-4" : "title-2");
      gtk_widget_set_name (value, name);
      gtk_box_append (GTK_BOX (cell), label);
      gtk_box_append (GTK_BOX (cell), value);
      gtk_widget_add_css_class (cell, "tk-welcome-to-score-cell");
      if (k < N_SCORE_KEYS)
        {
          self->score_values[k] = value;
          self->score_cells[k] = cell;
          g_object_set_data (G_OBJECT (cell), "tk-label", label);
        }
      else
        {
          self->total_value = value;
          gtk_widget_add_css_class (cell, "tk-welcome-to-total");
        }
      tk_wt_flow_append (strip, cell);
    }
  gtk_widget_set_visible (gtk_widget_get_parent (self->score_cells[7]), self->intermediate);
  gtk_box_append (GTK_BOX (self->bottom_box), strip);

  /* sheet exchange: side by side, or one above the other where they do not fit */
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tools), 2);
  gtk_widget_set_halign (tools, GTK_ALIGN_START);
  button = gtk_button_new_with_mnemonic (_("_Export Sheet…"));
  gtk_widget_set_tooltip_text (button, _("Save this sheet to a file, to be imported into the "
                                         "table's session"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (tk_wt_on_export_clicked), self,
                           G_CONNECT_SWAPPED);
  tk_wt_flow_append (tools, button);
  button = gtk_button_new_with_mnemonic (_("_Import Sheet…"));
  gtk_widget_set_tooltip_text (button, _("Replace this seat's sheet with one exported from "
                                         "another device"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (tk_wt_on_import_clicked), self,
                           G_CONNECT_SWAPPED);
  tk_wt_flow_append (tools, button);
  gtk_box_append (GTK_BOX (self->bottom_box), tools);
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

static void
update_track (Track *track,
              guint  crossed,
              gint64 points)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

  for (guint i = 0; i < track->cells->len; i++)
    tk_wt_set_class (g_ptr_array_index (track->cells, i), "tk-welcome-to-crossed", i < crossed);
  gtk_label_set_text (GTK_LABEL (track->points), text);
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
  gint64 round = json_object_get_int_member_with_default (self->game, "round", 1);
  JsonArray *triggers = json_object_get_array_member (self->score, "end_triggers");
  g_autofree char *round_text = NULL;
  g_autoptr(GString) played = g_string_new (NULL);
  g_autoptr(GString) waiting = g_string_new (NULL);
  JsonObject *setup = tk_session_get_setup (self->session);
  /* once everyone has played, the next turn opens the next round: show that one */
  gboolean next_round = tk_wt_round_done (self) && !tk_wt_game_over (self);

  if (next_round)
    round++;
  for (guint i = 0; i < self->n_players; i++)
    {
      JsonObject *player = tk_wt_score_player (self, i);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                player != NULL
                                                ? json_object_get_int_member (player, "total")
                                                : 0);
      gboolean has_played = tk_wt_acted (self, i) && !next_round;
      GString *list = has_played ? played : waiting;

      self->updating = TRUE;
      set_toggle (g_ptr_array_index (self->seat_buttons, i), i == self->seat);
      self->updating = FALSE;
      gtk_label_set_text (g_ptr_array_index (self->seat_totals, i), total);
      /* Once the game is over the end card above carries every total: the toggle then only
       * picks whose sheet is shown (each figure once). */
      gtk_widget_set_visible (g_ptr_array_index (self->seat_totals, i), !tk_wt_game_over (self));
      gtk_widget_set_visible (g_ptr_array_index (self->seat_states, i), !tk_wt_game_over (self));
      /* Translators: a sheet's turn this round is done (not "has played this game before") */
      gtk_label_set_text (g_ptr_array_index (self->seat_states, i),
                          has_played ? C_("welcome-to round", "Played") : _("To play"));
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, tk_rules_setup_player_name (setup, i));
    }

  if (self->solo)
    round_text = g_strdup_printf (_("Round %d of %d"), (int) round,
                                  (int) json_object_get_int_member (self->tables, "solo_rounds"));
  else
    round_text = g_strdup_printf (_("Round %d"), (int) round);
  gtk_label_set_text (GTK_LABEL (self->round_label), round_text);
  if (self->n_players > 1 && waiting->len > 0 && played->len > 0)
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

      if (tk_wt_game_over (self))
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
  g_autoptr(JsonObject) action = NULL;

  if (tk_wt_open_cards (self) == NULL || tk_wt_game_over (self) || tk_wt_acted (self, self->seat))
    return FALSE;
  action = json_object_new ();
  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  return tk_wt_trial_ok (self, action);
}

static void
refresh_turn (TkWelcomeToPanel *self)
{
  JsonArray *cards = tk_wt_open_cards (self);
  gint number = 0, effect = -1;
  gboolean picked = tk_wt_current_pick (self, &number, &effect);
  gboolean over = tk_wt_game_over (self);

  gtk_widget_set_visible (self->turn_box, !over);
  gtk_widget_set_visible (self->cards_box, cards != NULL);
  gtk_widget_set_visible (self->manual_box, cards == NULL);
  self->updating = TRUE;
  if (cards != NULL)
    {
      gboolean split = self->solo || self->draft;

      gtk_widget_set_visible (self->pairs_box, !split);
      gtk_widget_set_visible (self->split_box, split);
      for (guint i = 0; i < 3; i++)
        {
          JsonObject *card = json_array_get_object_element (cards, i);
          g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                json_object_get_int_member (card, "number"));
          gint e = tk_wt_effect_from_id (json_object_get_string_member (card, "effect"));
          g_autofree char *both = g_strdup_printf ("%s · %s", n, tk_wt_effect_name (e));

          gtk_label_set_text (GTK_LABEL (self->card_numbers[i]), n);
          gtk_label_set_text (GTK_LABEL (self->card_effects[i]), tk_wt_effect_name (e));
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->card_buttons[i]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, both, -1);
          set_toggle (self->card_buttons[i], self->card == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->number_card_buttons[i]), n);
          set_toggle (self->number_card_buttons[i], self->number_card == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->effect_card_buttons[i]), tk_wt_effect_name (e));
          set_toggle (self->effect_card_buttons[i], self->effect_card == (gint) i);
        }
    }
  else
    {
      for (gint n = self->lowest_card; n <= self->highest_card && n < MAX_NUMBERS; n++)
        set_toggle (self->number_buttons[n], self->manual_number == n);
      for (guint e = 0; e < N_EFFECTS; e++)
        set_toggle (self->effect_buttons[e], self->manual_effect == (gint) e);
    }

  gtk_widget_set_visible (self->temp_box, picked && effect == EFFECT_TEMP);
  if (picked && effect == EFFECT_TEMP)
    for (guint i = 0; i < 5; i++)
      {
        gint value = number + (gint) i - 2;
        g_autofree char *label = g_strdup_printf ("%d", value);

        gtk_button_set_label (GTK_BUTTON (self->temp_buttons[i]), label);
        gtk_widget_set_sensitive (self->temp_buttons[i],
                                  value >= 0 && value <= self->highest_number &&
                                  ABS ((gint) i - 2) <= self->temp_change);
        set_toggle (self->temp_buttons[i], self->temp_delta == (gint) i - 2);
      }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->temp_cross_check),
                               self->temp_cross || self->temp_delta != 0);
  gtk_widget_set_sensitive (self->temp_cross_check, self->temp_delta == 0);
  set_toggle (self->roundabout_button, self->stage == STAGE_ROUNDABOUT);
  tk_wt_set_class (self->refuse_button, "suggested-action", refusal_due (self));
  self->updating = FALSE;
}

static void
refresh_prompt (TkWelcomeToPanel *self)
{
  gint number = 0, effect = -1;
  gboolean picked = tk_wt_current_pick (self, &number, &effect);
  g_autofree char *text = NULL;
  const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session), self->seat);
  gboolean bis_choice = self->stage == STAGE_EFFECT && self->bis_house >= 0;

  if (tk_wt_game_over (self))
    text = g_strdup (_("The game is over."));
  else if (tk_wt_acted (self, self->seat) && !tk_wt_round_done (self))
    text = g_strdup_printf (_("%s has played this round; the others still have to."), name);
  else
    switch (self->stage)
      {
      case STAGE_ROUNDABOUT:
        text = g_strdup (_("Tap an empty house for the roundabout."));
        break;
      case STAGE_CLAIM:
        text = g_strdup_printf (_("Select the estates for city plan n°%d below."),
                                self->claim_plan + 1);
        break;
      case STAGE_EFFECT:
        if (effect == EFFECT_SURVEYOR)
          text = g_strdup (_("Tap a fence slot between two houses, or skip the effect."));
        else if (effect == EFFECT_REAL_ESTATE)
          text = g_strdup (_("Tap a real estate column below, or skip the effect."));
        else if (bis_choice)
          text = g_strdup (_("Copy which neighbour?"));
        else
          text = g_strdup (_("Tap the empty house next to a number that gets the bis, or skip "
                             "the effect."));
        break;
      case STAGE_CHOOSE:
      default:
        if (picked)
          /* Translators: %d is the house number to write; %s is the player's name */
          text = g_strdup_printf (_("%s writes %d: tap a house (dimmed ones can't take it)."),
                                  name, tk_wt_written_number (self, number, effect));
        else if (refusal_due (self))
          text = g_strdup_printf (_("%s: none of the cards fits anywhere — the building permit "
                                    "is refused."), name);
        else if (tk_wt_open_cards (self) != NULL)
          text = g_strdup_printf (self->solo || self->draft
                                  ? _("%s: pick a number card and an effect card.")
                                  : _("%s: pick one of the three cards."), name);
        else
          text = g_strdup_printf (_("%s: pick the number and the effect played, or record the "
                                    "round's cards."), name);
        break;
      }
  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  /* at the end the banner says it all */
  gtk_widget_set_visible (self->prompt_box, !tk_wt_game_over (self));
  set_shown (self->skip_button, self->stage == STAGE_EFFECT);
  set_shown (self->cancel_button,
                          self->stage == STAGE_EFFECT || self->stage == STAGE_ROUNDABOUT);
  set_shown (self->bis_left_button, bis_choice);
  set_shown (self->bis_right_button, bis_choice);
  if (bis_choice)
    {
      JsonObject *sheet = tk_wt_sheet_object (self);
      gint values[2];

      for (guint i = 0; i < 2; i++)
        {
          guint from = self->bis_house + (i == 0 ? -1 : 1);
          JsonObject *house = tk_wt_house_object (sheet, self->bis_street, from);

          values[i] = tk_wt_house_has_number (house) ? (gint) json_object_get_int_member (house, "number")
                                               : -1;
          if ((gint) from == self->pend_house && self->bis_street == self->pend_street)
            values[i] = tk_wt_written_number (self, number, effect);
        }
      {
        g_autofree char *left = g_strdup_printf (_("Copy %d From the Left"), values[0]);
        g_autofree char *right = g_strdup_printf (_("Copy %d From the Right"), values[1]);

        gtk_button_set_label (GTK_BUTTON (self->bis_left_button), left);
        gtk_button_set_label (GTK_BUTTON (self->bis_right_button), right);
      }
    }
}

/* Whether the engine would take the picked number in (@s, @h). */
static gboolean
house_takes_pick (TkWelcomeToPanel *self,
                  guint             s,
                  guint             h)
{
  g_autoptr(JsonObject) action = tk_wt_turn_action (self, s, h);

  return tk_wt_trial_ok (self, action);
}

static gboolean
bis_target_ok (TkWelcomeToPanel *self,
               guint             s,
               guint             h)
{
  for (gint from = (gint) h - 1; from <= (gint) h + 1; from += 2)
    {
      g_autoptr(JsonObject) action = NULL;

      if (from < 0 || from >= (gint) self->houses[s])
        continue;
      action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, from));
      if (tk_wt_trial_ok (self, action))
        return TRUE;
    }
  return FALSE;
}

static void
refresh_streets (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_wt_sheet_object (self);
  JsonObject *player = tk_wt_score_player (self, self->seat);
  JsonArray *parks_points = player != NULL ? json_object_get_array_member (player, "parks") : NULL;
  g_autoptr(GArray) estates = tk_wt_completed_estates (self, sheet);
  gint number = 0, effect = -1;
  gboolean picked = tk_wt_current_pick (self, &number, &effect);
  gboolean waiting = (tk_wt_acted (self, self->seat) && !tk_wt_round_done (self)) || tk_wt_game_over (self);
  gboolean in_estate[N_STREETS][MAX_HOUSES] = { { FALSE } };

  for (guint i = 0; i < estates->len; i++)
    {
      Estate *estate = &g_array_index (estates, Estate, i);

      for (guint h = estate->from; h <= estate->to; h++)
        in_estate[estate->street][h] = TRUE;
    }
  tk_wt_set_class (self->root_box, "tk-welcome-to-choosing-fence",
             self->stage == STAGE_EFFECT && effect == EFFECT_SURVEYOR);

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = tk_wt_street_object (sheet, s);
      guint parks = street != NULL ? (guint) json_object_get_int_member (street, "parks") : 0;
      g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                 parks_points != NULL
                                                 ? json_array_get_int_element (parks_points, s)
                                                 : 0);

      for (guint i = 0; i < self->park_cells[s]->len; i++)
        tk_wt_set_class (g_ptr_array_index (self->park_cells[s], i), "tk-welcome-to-crossed", i < parks);
      gtk_label_set_text (GTK_LABEL (self->park_points[s]), points);

      for (guint h = 0; h < self->houses[s]; h++)
        {
          JsonObject *house = tk_wt_house_object (sheet, s, h);
          GtkWidget *button = self->house_buttons[s][h];
          gboolean pending = self->stage == STAGE_EFFECT && (gint) s == self->pend_street &&
                             (gint) h == self->pend_house;
          gboolean dim = FALSE, target = FALSE;
          g_autofree char *text = NULL;
          g_autofree char *a11y = NULL;

          if (house != NULL && json_object_get_boolean_member_with_default (house, "roundabout",
                                                                            FALSE))
            /* Translators: a roundabout drawn in a house box */
            text = g_strdup (C_("welcome-to house", "↻"));
          else if (tk_wt_house_has_number (house))
            text = g_strdup_printf ("%" G_GINT64_FORMAT "%s",
                                    json_object_get_int_member (house, "number"),
                                    json_object_has_member (house, "bis") ? "b" : "");
          else if (pending)
            text = g_strdup_printf ("%d", tk_wt_written_number (self, number, effect));
          else
            text = g_strdup ("");
          gtk_label_set_text (GTK_LABEL (self->house_labels[s][h]), text);
          tk_wt_set_class (self->pool_marks[s][h], "tk-welcome-to-built",
                     house != NULL && json_object_get_boolean_member_with_default (house, "pool",
                                                                                   FALSE));
          tk_wt_set_class (button, "tk-welcome-to-built", house != NULL);
          tk_wt_set_class (button, "tk-welcome-to-pending", pending);

          if (waiting)
            dim = house == NULL;
          else if (self->stage == STAGE_CHOOSE && picked)
            dim = house == NULL && !house_takes_pick (self, s, h);
          else if (self->stage == STAGE_EFFECT && effect == EFFECT_BIS)
            {
              target = house == NULL && !pending && bis_target_ok (self, s, h);
              dim = house == NULL && !pending && !target;
            }
          else if (self->stage == STAGE_ROUNDABOUT && house == NULL)
            {
              g_autoptr(JsonObject) action = json_object_new ();

              json_object_set_string_member (action, "type", "roundabout");
              json_object_set_int_member (action, "seat", self->seat);
              json_object_set_int_member (action, "street", s + 1);
              json_object_set_int_member (action, "house", h + 1);
              target = tk_wt_trial_ok (self, action);
              dim = !target;
            }
          tk_wt_set_class (button, "tk-welcome-to-dim", dim);
          tk_wt_set_class (button, "tk-welcome-to-target", target);
          if (tk_wt_house_has_number (house) || (house != NULL && text[0] != '\0'))
            a11y = g_strdup_printf (_("Street %u, house %u: %s"), s + 1, h + 1, text);
          else
            a11y = g_strdup_printf (self->pool_spot[s][h] ? _("Street %u, house %u (pool spot), empty")
                                                          : _("Street %u, house %u, empty"),
                                    s + 1, h + 1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          a11y, -1);

          tk_wt_set_class (self->house_estate_bars[s][h], "tk-welcome-to-estate", in_estate[s][h]);
          tk_wt_set_class (self->house_plan_bars[s][h], "tk-welcome-to-used",
                     in_estate[s][h] && tk_wt_estate_used (sheet, s, h));

          if (h + 1 < self->houses[s])
            {
              GtkWidget *fence = self->fence_buttons[s][h];
              gboolean built = tk_wt_has_fence (sheet, s, h);
              gboolean inner = in_estate[s][h] && in_estate[s][h + 1] && !built;
              gboolean fence_dim = FALSE;

              tk_wt_set_class (fence, "tk-welcome-to-built", built);
              if (self->stage == STAGE_EFFECT && effect == EFFECT_SURVEYOR)
                {
                  g_autoptr(JsonObject) action = tk_wt_turn_action (self, self->pend_street,
                                                              self->pend_house);
                  JsonObject *member = json_object_new ();

                  json_object_set_int_member (member, "street", s + 1);
                  json_object_set_int_member (member, "after", h + 1);
                  json_object_set_object_member (action, "fence", member);
                  fence_dim = built || !tk_wt_trial_ok (self, action);
                }
              tk_wt_set_class (fence, "tk-welcome-to-dim", fence_dim);
              tk_wt_set_class (self->fence_estate_bars[s][h], "tk-welcome-to-estate", inner);
              tk_wt_set_class (self->fence_plan_bars[s][h], "tk-welcome-to-used",
                         inner && tk_wt_estate_used (sheet, s, h));
            }
        }
    }
}

/* Houses of the sheet with @member: "pool" and "roundabout" are true flags, "bis" a side. */
static guint
count_houses (JsonObject *sheet,
              const char *member)
{
  gboolean flag = !g_str_equal (member, "bis");
  guint n = 0;

  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < MAX_HOUSES; h++)
      {
        JsonObject *house = tk_wt_house_object (sheet, s, h);

        if (house == NULL || !json_object_has_member (house, member))
          continue;
        if (!flag || json_object_get_boolean_member (house, member))
          n++;
      }
  return n;
}

static void
refresh_bottom (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_wt_sheet_object (self);
  JsonObject *player = tk_wt_score_player (self, self->seat);
  JsonArray *plans = player != NULL ? json_object_get_array_member (player, "plans") : NULL;
  JsonArray *by_size = player != NULL ? json_object_get_array_member (player, "estates_by_size")
                                      : NULL;
  JsonArray *agents = sheet != NULL ? json_object_get_array_member (sheet, "agents") : NULL;
  gint number = 0, effect = -1;
  gboolean choosing_column = self->stage == STAGE_EFFECT && tk_wt_current_pick (self, &number, &effect) &&
                             effect == EFFECT_REAL_ESTATE;
  gint64 flip = json_object_get_int_member_with_default (self->game, "solo_flip_round", 0);
  g_autofree char *total = NULL;

  for (guint p = 0; p < N_PLANS; p++)
    {
      JsonObject *plan = plans != NULL && p < json_array_get_length (plans)
                         ? json_array_get_object_element (plans, p) : NULL;
      gboolean claimed = plan != NULL && json_object_get_boolean_member (plan, "claimed");
      g_autofree char *text = NULL;

      if (claimed)
        text = g_strdup_printf (json_object_get_boolean_member (plan, "first")
                                ? _("Claimed first: %d points")
                                : _("Claimed later: %d points"),
                                (int) json_object_get_int_member (plan, "points"));
      else
        text = g_strdup (_("Not claimed"));
      gtk_label_set_text (GTK_LABEL (self->plan_states[p]), text);
      gtk_widget_set_visible (self->plan_buttons[p], !claimed && !tk_wt_game_over (self));
    }
  gtk_widget_set_visible (self->claim_box, self->stage == STAGE_CLAIM);
  if (self->stage == STAGE_CLAIM)
    {
      JsonObject *plan = tk_wt_setup_plan (self, self->claim_plan);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");
      g_autofree char *text = g_strdup_printf (_("City plan n°%d asks for: %s. Select the "
                                                 "estates (estates already used are not listed)."),
                                               self->claim_plan + 1, goal);

      gtk_label_set_text (GTK_LABEL (self->claim_label), text);
    }
  if (self->solo)
    {
      gboolean possible = json_object_get_boolean_member_with_default (self->game,
                                                                       "solo_card_possible",
                                                                       TRUE);
      gint64 first = json_object_get_int_member_with_default (self->game,
                                                              "solo_card_first_round", 1);

      gtk_widget_set_visible (self->solo_button, flip == 0 && !tk_wt_game_over (self));
      gtk_widget_set_sensitive (self->solo_button, possible);
      if (flip > 0)
        {
          g_autofree char *text = g_strdup_printf (_("The solo card came up in round %d: plans "
                                                     "claimed from then on score their lower "
                                                     "value."), (int) flip);
          gtk_label_set_text (GTK_LABEL (self->solo_label), text);
        }
      else if (!possible)
        {
          /* Translators: the solo card is shuffled into the lower half of the deck */
          g_autofree char *text = g_strdup_printf (_("The solo card lies in the lower half of "
                                                     "the deck: it can come up from round %d."),
                                                   (int) first);
          gtk_label_set_text (GTK_LABEL (self->solo_label), text);
        }
      else
        gtk_label_set_text (GTK_LABEL (self->solo_label), "");
    }

  update_track (&self->pools, count_houses (sheet, "pool"),
                tk_wt_breakdown_points (player, "pools", NULL));
  update_track (&self->temps, (guint) json_object_get_int_member (sheet, "temps"),
                tk_wt_breakdown_points (player, "temps", NULL));
  update_track (&self->bis, count_houses (sheet, "bis"), tk_wt_breakdown_points (player, "bis", NULL));
  update_track (&self->refusals, (guint) json_object_get_int_member (sheet, "refusals"),
                tk_wt_breakdown_points (player, "refusals", NULL));
  update_track (&self->roundabouts, count_houses (sheet, "roundabout"),
                tk_wt_breakdown_points (player, "roundabouts", NULL));

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      guint crossed = agents != NULL ? (guint) json_array_get_int_element (agents, c) : 0;
      gint64 count = by_size != NULL ? json_array_get_int_element (by_size, c) : 0;
      g_autofree char *text = g_strdup_printf ("× %" G_GINT64_FORMAT, count);
      gboolean dim = FALSE;

      for (guint i = 0; i < self->column_cells[c]->len; i++)
        tk_wt_set_class (g_ptr_array_index (self->column_cells[c], i), "tk-welcome-to-crossed",
                   i < crossed);
      gtk_label_set_text (GTK_LABEL (self->column_counts[c]), text);
      if (choosing_column)
        {
          g_autoptr(JsonObject) action = tk_wt_turn_action (self, self->pend_street, self->pend_house);

          json_object_set_int_member (action, "column", c + 1);
          dim = !tk_wt_trial_ok (self, action);
        }
      tk_wt_set_class (self->column_buttons[c], "tk-welcome-to-dim", dim);
      tk_wt_set_class (self->column_buttons[c], "tk-welcome-to-target", choosing_column && !dim);
    }

  for (guint k = 0; k < N_SCORE_KEYS; k++)
    {
      const char *label = NULL;
      gint64 points = tk_wt_breakdown_points (player, score_keys[k], &label);
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

      gtk_label_set_text (GTK_LABEL (self->score_values[k]), text);
      gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (self->score_cells[k]),
                                                        "tk-label")),
                          label != NULL ? label : "");
    }
  total = g_strdup_printf ("%" G_GINT64_FORMAT,
                           player != NULL ? json_object_get_int_member (player, "total") : 0);
  gtk_label_set_text (GTK_LABEL (self->total_value), total);
}

void
tk_wt_refresh (TkWelcomeToPanel *self)
{
  if (self->game == NULL || self->score == NULL)
    return;
  refresh_header (self);
  refresh_turn (self);
  refresh_prompt (self);
  refresh_streets (self);
  refresh_bottom (self);
}
