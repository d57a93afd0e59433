/* tk-agora-panel-turn.c — the Agora panel: the turn as a guided flow, one card per phase:
 * the steps, the first card, income (Collect or Buy Nothing), placing a counter and buying.
 * The draw phase, with its events worked out in words, is in -draw.c.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-agora-panel-private.h"

/* ---- the turn ---- */

void
agp_draw_steps (TkAgoraPanel *self,
                int           current)
{
  const char *const steps[] = { N_("Income"), N_("Draw"), N_("Place"), N_("Buy") };

  tk_panel_clear (self->steps_box);
  gtk_widget_set_visible (self->steps_box, current >= 0);
  for (int i = 0; i < (int) G_N_ELEMENTS (steps); i++)
    {
      /* Translators: a step of the turn, e.g. "1 Income". */
      g_autofree char *text = g_strdup_printf (_("%d %s"), i + 1, _(steps[i]));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "tk-agora-step");
      if (i == current)
        gtk_widget_add_css_class (label, "tk-agora-step-current");
      else if (i < current)
        gtk_widget_add_css_class (label, "tk-agora-step-done");
      else
        gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->steps_box), label);
    }
}

/* A big button with a title and a line under it. */
GtkWidget *
agp_choice_button (const char *title,
                   const char *detail,
                   const char *name)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_widget_add_css_class (label, "title-2");
  gtk_box_append (GTK_BOX (box), label);
  if (detail != NULL)
    {
      GtkWidget *sub = gtk_label_new (detail);

      gtk_label_set_ellipsize (GTK_LABEL (sub), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (sub, "caption");
      gtk_box_append (GTK_BOX (box), sub);
    }
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "tk-agora-choice");
  gtk_widget_set_name (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title, -1);
  if (detail != NULL)
    gtk_widget_set_tooltip_text (button, detail);
  return button;
}

GtkWidget *
agp_letter_row (void)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  return row;
}

static GtkWidget *
action_button (const char *label,
               const char *name,
               gboolean    suggested)
{
  GtkWidget *button = tk_panel_action_button_new (label, name, suggested);

  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  return button;
}

/* first card */

static void
first_letter_clicked (GtkButton    *button,
                      TkAgoraPanel *self)
{
  self->chosen_letter = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "letter"));
  self->chosen_seat = -1;
  agp_refresh (self);
}

static void
first_seat_clicked (GtkButton    *button,
                    TkAgoraPanel *self)
{
  self->chosen_seat = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "seat"));
  agp_refresh (self);
}

static void
lay_first_clicked (TkAgoraPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  g_autoptr(GError) error = NULL;
  char letter[2] = { (char) ('A' + self->chosen_letter), '\0' };

  if (self->chosen_letter < 0)
    {
      tk_game_panel_show_message (GTK_WIDGET (self), _("Tap the letter of the first card."));
      return;
    }
  json_object_set_string_member (action, "type", "first_card");
  json_object_set_string_member (action, "letter", letter);
  if (self->chosen_seat >= 0)
    json_object_set_int_member (action, "seat", self->chosen_seat);
  if (!tk_agora_placement_fill_action (TK_AGORA_PLACEMENT (self->placement), action, &error))
    {
      tk_game_panel_show_message (GTK_WIDGET (self), error->message);
      return;
    }
  agp_apply (self, action);
}

static void
draw_first_card (TkAgoraPanel *self,
                 View         *view)
{
  GtkWidget *row = agp_letter_row ();
  GtkWidget *lay;
  int holder = self->chosen_letter >= 0 ? agp_letter_seat (view, self->chosen_letter) : -1;

  gtk_label_set_text (GTK_LABEL (self->turn_title), _("The First Card"));
  agp_draw_steps (self, -1);
  gtk_label_set_text (GTK_LABEL (self->step_hint),
                      _("Turn up the top card and lay it in the middle. Its letter names the "
                        "first player: tap it."));
  for (int l = 0; l < N_LETTERS; l++)
    {
      char text[2] = { (char) ('A' + l), '\0' };
      int seat = agp_letter_seat (view, l);
      GtkWidget *button =
        agp_choice_button (text, seat >= 0 ? agp_seat_name (view, seat) : _("Nobody"), "");

      tk_panel_set_name (button, "agora-first-%s", text);
      if (l == self->chosen_letter)
        gtk_widget_add_css_class (button, "suggested-action");
      g_object_set_data (G_OBJECT (button), "letter", GINT_TO_POINTER (l));
      g_signal_connect (button, "clicked", G_CALLBACK (first_letter_clicked), self);
      gtk_box_append (GTK_BOX (row), button);
    }
  gtk_box_append (GTK_BOX (self->step_box), row);

  if (self->chosen_letter < 0)
    return;
  if (holder < 0)
    {
      GtkWidget *seats = agp_letter_row ();
      g_autofree char *text = g_strdup_printf (_("Nobody has the letter %c: who was drawn at "
                                                 "random to start?"),
                                               'A' + self->chosen_letter);

      gtk_box_append (GTK_BOX (self->step_box), tk_panel_label_new (text, NULL));
      for (guint seat = 0; seat < view->n_players; seat++)
        {
          GtkWidget *button = gtk_button_new_with_label (agp_seat_name (view, seat));

          tk_panel_set_name (button, "agora-first-seat-%u", seat);
          if ((int) seat == self->chosen_seat)
            gtk_widget_add_css_class (button, "suggested-action");
          g_object_set_data (G_OBJECT (button), "seat", GINT_TO_POINTER (seat));
          g_signal_connect (button, "clicked", G_CALLBACK (first_seat_clicked), self);
          gtk_box_append (GTK_BOX (seats), button);
        }
      gtk_box_append (GTK_BOX (self->step_box), seats);
    }
  tk_agora_placement_set_shops (TK_AGORA_PLACEMENT (self->placement), NULL, view->setup);
  gtk_box_append (GTK_BOX (self->step_box), self->placement);
  lay = action_button (_("Lay the First Card"), "agora-lay-first", TRUE);
  gtk_widget_set_sensitive (lay, holder >= 0 || self->chosen_seat >= 0);
  g_signal_connect_swapped (lay, "clicked", G_CALLBACK (lay_first_clicked), self);
  gtk_box_append (GTK_BOX (self->step_box), lay);
}

/* income */

/* Collect and Buy Nothing carry their action type. */
static void
collect_or_pass (GtkButton    *button,
                 TkAgoraPanel *self)
{
  agp_apply_simple (self, g_object_get_data (G_OBJECT (button), "type"));
}

static void
draw_income (TkAgoraPanel *self,
             View         *view)
{
  guint seat = view->active;
  gint64 amount = agp_income_now (view, seat);
  gint64 after = json_object_get_int_member (agp_player_state (view, seat), "money") + amount;
  g_autofree char *hint = NULL;
  g_autofree char *button_text = NULL;
  g_autofree char *after_text = agp_format_money (after);
  GtkWidget *button, *preview;

  agp_draw_steps (self, 0);
  if (json_object_get_int_member (agp_player_state (view, seat), "turns") == 0)
    hint = g_strdup_printf (_("%s’s first turn: no income yet."), agp_seat_name (view, seat));
  else if (agp_past_goal (view, after))
    /* Translators: e.g. "Ana’s shops bring $7: $52, past the goal — Ana wins." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s, past the goal — %s wins."),
                            agp_seat_name (view, seat), amount, after_text,
                            agp_seat_name (view, seat));
  else
    /* Translators: e.g. "Ana’s shops bring $7: Ana will have $23." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s will have %s."),
                            agp_seat_name (view, seat), amount, agp_seat_name (view, seat),
                            after_text);
  gtk_label_set_text (GTK_LABEL (self->step_hint), hint);

  preview = gtk_label_new (NULL);
  {
    g_autofree char *text = g_strdup_printf (_("+$%" PRId64), amount);
    gtk_label_set_text (GTK_LABEL (preview), text);
  }
  gtk_widget_add_css_class (preview, "title-1");
  gtk_widget_add_css_class (preview, "numeric");
  gtk_widget_set_name (preview, "agora-income-preview");
  gtk_box_append (GTK_BOX (self->step_box), preview);

  /* Translators: the button that takes the income, e.g. "Collect $7". */
  button_text = g_strdup_printf (_("Collect $%" PRId64), amount);
  button = action_button (button_text, "agora-collect", TRUE);
  g_object_set_data (G_OBJECT (button), "type", (gpointer) "income");
  g_signal_connect (button, "clicked", G_CALLBACK (collect_or_pass), self);
  gtk_box_append (GTK_BOX (self->step_box), button);
}

/* place */

static void
place_clicked (TkAgoraPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  g_autoptr(GError) error = NULL;

  json_object_set_string_member (action, "type", "place");
  if (!tk_agora_placement_fill_action (TK_AGORA_PLACEMENT (self->placement), action, &error))
    {
      tk_game_panel_show_message (GTK_WIDGET (self), error->message);
      return;
    }
  agp_apply (self, action);
}

static void
draw_place (TkAgoraPanel *self,
            View         *view)
{
  JsonNode *drawn = json_object_get_member (view->game, "drawn");
  const char *letter = drawn != NULL && !JSON_NODE_HOLDS_NULL (drawn)
                       ? json_node_get_string (drawn) : "?";
  g_autofree char *hint = NULL;
  GtkWidget *button;

  agp_draw_steps (self, 2);
  if (json_object_get_int_member (view->game, "deck_total") == 0)
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops. It is the last card: placing it ends the game."), letter);
  else
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops."), letter);
  gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
  tk_agora_placement_set_shops (TK_AGORA_PLACEMENT (self->placement), agp_shops_of (view),
                                view->setup);
  gtk_box_append (GTK_BOX (self->step_box), self->placement);
  button = action_button (_("Place the Card"), "agora-place", TRUE);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (place_clicked), self);
  gtk_box_append (GTK_BOX (self->step_box), button);
}

/* buy */

static void
buy_clicked (GtkButton    *button,
             TkAgoraPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "buy");
  json_object_set_int_member (action, "shop",
                              GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "shop")));
  agp_apply (self, action);
}

static void
draw_buy (TkAgoraPanel *self,
          View         *view)
{
  JsonArray *shops = agp_shops_of (view);
  guint seat = view->active;
  gint64 money = json_object_get_int_member (agp_player_state (view, seat), "money");
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *pass;
  g_autofree char *hint = g_strdup_printf (_("%s may buy one unowned shop for its open doors, "
                                             "or nothing. Money may go below zero."),
                                           agp_seat_name (view, seat));
  guint n = 0;

  agp_draw_steps (self, 3);
  gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      guint id = json_object_get_int_member (shop, "id");
      gint64 price = json_object_get_int_member (shop, "doors");
      gint64 marks = json_object_get_int_member (shop, "marks");
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *label = NULL;
      g_autofree char *after = agp_format_money (money - price);
      GtkWidget *row, *button;

      if (agp_shop_owner (shop) >= 0 || marks == 0)
        continue;
      n++;
      title = g_strdup_printf (_("Shop %u"), id);
      {
        g_autofree char *circles =
          g_strdup_printf (g_dngettext (NULL, "%" PRId64 " circle", "%" PRId64 " circles",
                                        marks), marks);
        g_autofree char *doors =
          g_strdup_printf (g_dngettext (NULL, "%" PRId64 " open door", "%" PRId64 " open doors",
                                        price), price);

        if (money - price < 0)
          /* Translators: e.g. "2 circles, 4 open doors · Ana would be at −$2 (borrowing)". */
          subtitle = g_strdup_printf (_("%s, %s · %s would be at %s (borrowing)"), circles, doors,
                                      agp_seat_name (view, seat), after);
        else
          /* Translators: e.g. "2 circles, 4 open doors · Ana would have $6". */
          subtitle = g_strdup_printf (_("%s, %s · %s would have %s"), circles, doors,
                                      agp_seat_name (view, seat), after);
      }
      /* Translators: the buy button, e.g. "Buy for $4". */
      label = g_strdup_printf (_("Buy for $%" PRId64), price);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      button = gtk_button_new_with_label (label);
      tk_panel_set_name (button, "agora-buy-%u", id);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "shop", GUINT_TO_POINTER (id));
      g_signal_connect (button, "clicked", G_CALLBACK (buy_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  if (n > 0)
    gtk_box_append (GTK_BOX (self->step_box), list);
  else
    {
      g_object_ref_sink (list);
      g_object_unref (list);
      gtk_box_append (GTK_BOX (self->step_box),
                      tk_panel_label_new (_("No unowned shop with a circle is for sale."),
                                          "dim-label"));
    }
  pass = action_button (_("Buy Nothing"), "agora-pass", n == 0);
  g_object_set_data (G_OBJECT (pass), "type", (gpointer) "pass");
  g_signal_connect (pass, "clicked", G_CALLBACK (collect_or_pass), self);
  gtk_box_append (GTK_BOX (self->step_box), pass);
}

void
agp_draw_turn (TkAgoraPanel *self,
               View         *view)
{
  /* The placement editor survives redraws (it holds what the player typed). */
  if (gtk_widget_get_parent (self->placement) != NULL)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->placement)), self->placement);
  tk_panel_clear (self->step_box);

  if (g_str_equal (view->phase, "first_card"))
    {
      draw_first_card (self, view);
      return;
    }
  /* Over: no turn to take; the session's end card has the result and Finish. */
  gtk_widget_set_visible (self->turn_box, !g_str_equal (view->phase, "over"));
  if (g_str_equal (view->phase, "over"))
    return;

  {
    guint seat = view->active;
    /* Translators: e.g. "Ana’s turn (card A)". */
    g_autofree char *title = g_strdup_printf (_("%s’s turn (card %c)"),
                                              agp_seat_name (view, seat),
                                              'A' + agp_seat_letter (view, seat));
    gtk_label_set_text (GTK_LABEL (self->turn_title), title);
  }
  if (g_str_equal (view->phase, "income"))
    draw_income (self, view);
  else if (g_str_equal (view->phase, "draw"))
    agp_draw_draw (self, view);
  else if (g_str_equal (view->phase, "place"))
    draw_place (self, view);
  else
    draw_buy (self, view);
}
