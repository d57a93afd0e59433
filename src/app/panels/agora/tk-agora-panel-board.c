/* tk-agora-panel-board.c — the Agora panel: what lies on the table: each player's money,
 * the shops (with steppers to correct their circles and open doors) and the deck.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-agora-panel-private.h"

/* ---- money ---- */

void
agp_draw_money (TkAgoraPanel *self,
                View         *view)
{
  gboolean over = g_str_equal (view->phase, "over");
  g_autofree char *goal_text = NULL;
  gint64 richest = G_MININT64;

  if (view->reach)
    /* Translators: the goal, e.g. "Goal: $50 or more at income". */
    goal_text = g_strdup_printf (_("Goal: $%" PRId64 " or more at income"), view->goal);
  else
    /* Translators: the goal, e.g. "Goal: over $50 at income". */
    goal_text = g_strdup_printf (_("Goal: over $%" PRId64 " at income"), view->goal);
  gtk_label_set_text (GTK_LABEL (self->goal_label), goal_text);

  for (guint seat = 0; seat < view->n_players; seat++)
    richest = MAX (richest, json_object_get_int_member (agp_player_state (view, seat), "money"));

  tk_panel_clear (self->money_flow);
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = agp_player_state (view, seat);
      gint64 money = json_object_get_int_member (player, "money");
      gint64 shop_income = json_object_get_int_member (player, "shop_income");
      gint64 need = (view->reach ? view->goal : view->goal + 1) - money;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name, *letter, *amount, *note;
      g_autofree char *money_text = agp_format_money (money);
      g_autofree char *note_text = NULL;
      g_autofree char *income_text = NULL;
      char letter_text[2] = { json_object_get_string_member (player, "letter")[0], '\0' };

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-agora-player");
      if (!over && seat == view->active && !g_str_equal (view->phase, "first_card"))
        gtk_widget_add_css_class (card, "tk-agora-active");
      if (json_object_get_boolean_member (player, "winner"))
        gtk_widget_add_css_class (card, "tk-agora-winner");

      gtk_box_append (GTK_BOX (head),
                      tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, seat)));
      name = gtk_label_new (agp_seat_name (view, seat));
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      letter = gtk_label_new (letter_text);
      gtk_widget_add_css_class (letter, "tk-agora-letter");
      /* Translators: tooltip of the letter of a player's card. */
      gtk_widget_set_tooltip_text (letter, _("Player card"));
      gtk_box_append (GTK_BOX (head), letter);
      gtk_box_append (GTK_BOX (card), head);

      amount = gtk_label_new (money_text);
      gtk_label_set_xalign (GTK_LABEL (amount), 0);
      gtk_widget_add_css_class (amount, "title-1");
      gtk_widget_add_css_class (amount, "numeric");
      if (money < 0)
        gtk_widget_add_css_class (amount, "error");
      tk_panel_set_name (amount, "agora-money-%u", seat);
      gtk_box_append (GTK_BOX (card), amount);

      if (json_object_get_boolean_member (player, "winner"))
        note_text = g_strdup (_("Winner"));
      else if (money < 0)
        /* Translators: a player below $0, e.g. "Borrowing $4". */
        note_text = g_strdup_printf (_("Borrowing $%" PRId64), -money);
      else if (over)
        /* Once the game is over, "$12 to go" means nothing: the place it ended in instead. */
        /* Translators: the player's place in the ranking, e.g. "Rank 1" */
        note_text = g_strdup_printf (_("Rank %" PRId64), json_object_get_int_member (
                                       json_array_get_object_element (
                                         json_object_get_array_member (view->score, "players"),
                                         seat), "rank"));
      else if (!over && money == richest && need > 0)
        /* Translators: the richest player, e.g. "Closest: $28 to go". */
        note_text = g_strdup_printf (_("Closest: $%" PRId64 " to go"), need);
      else if (need > 0)
        /* Translators: e.g. "$28 to go" to the goal. */
        note_text = g_strdup_printf (_("$%" PRId64 " to go"), need);
      else
        note_text = g_strdup (_("Past the goal"));
      note = tk_panel_label_new (note_text, "caption");
      if (money < 0)
        gtk_widget_add_css_class (note, "error");
      else if (!over && money == richest)
        gtk_widget_add_css_class (note, "accent");
      tk_panel_set_name (note, "agora-money-note-%u", seat);
      gtk_box_append (GTK_BOX (card), note);

      /* Translators: what a player's shops earn, e.g. "Shops earn $5 a turn". */
      income_text = g_strdup_printf (_("Shops earn $%" PRId64 " a turn"), shop_income);
      gtk_box_append (GTK_BOX (card), tk_panel_label_new (income_text, "dim-label"));
      gtk_flow_box_append (GTK_FLOW_BOX (self->money_flow), card);
    }
}

/* ---- shops ---- */

static void
edit_clicked (GtkButton    *button,
              TkAgoraPanel *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  const char *member = g_object_get_data (G_OBJECT (button), "member");

  json_object_set_string_member (action, "type", "edit_shop");
  json_object_set_int_member (action, "shop",
                              GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "shop")));
  json_object_set_int_member (action, member,
                              GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value")));
  agp_apply (self, action);
}

/* "Open doors  [−] 4 [+]" for one shop. */
static GtkWidget *
stepper (TkAgoraPanel *self,
         guint         id,
         const char   *member,
         const char   *label,
         gint64        value,
         gint64        min,
         gboolean      editable)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_label_new (label);
  GtkWidget *minus = gtk_button_new_from_icon_name ("list-remove-symbolic");
  GtkWidget *plus = gtk_button_new_from_icon_name ("list-add-symbolic");
  GtkWidget *number;
  g_autofree char *number_text = g_strdup_printf ("%" PRId64, value);
  g_autofree char *less = NULL;
  g_autofree char *more = NULL;

  gtk_widget_add_css_class (box, "tk-stepper");
  gtk_widget_add_css_class (text, "dim-label");
  /* the label takes the slack, so that every shop's − and + line up in a column */
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  if (g_str_equal (member, "doors"))
    {
      less = g_strdup_printf (_("Close a Door of Shop %u"), id);
      more = g_strdup_printf (_("Open a Door of Shop %u"), id);
    }
  else
    {
      less = g_strdup_printf (_("One Circle Fewer on Shop %u"), id);
      more = g_strdup_printf (_("One More Circle on Shop %u"), id);
    }
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *button = i == 0 ? minus : plus;

      gtk_widget_add_css_class (button, "circular");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, i == 0 ? less : more);
      tk_panel_set_name (button, "agora-shop-%u-%s-%s", id, member, i == 0 ? "minus" : "plus");
      g_object_set_data (G_OBJECT (button), "shop", GUINT_TO_POINTER (id));
      g_object_set_data (G_OBJECT (button), "member", (gpointer) member);
      g_object_set_data (G_OBJECT (button), "value", GINT_TO_POINTER (value + (i == 0 ? -1 : 1)));
      g_signal_connect (button, "clicked", G_CALLBACK (edit_clicked), self);
    }
  gtk_widget_set_sensitive (minus, editable && value > min);
  gtk_widget_set_sensitive (plus, editable);
  number = gtk_label_new (number_text);
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (number, "heading");
  gtk_label_set_width_chars (GTK_LABEL (number), 2);
  tk_panel_set_name (number, "agora-shop-%u-%s", id, member);
  gtk_box_append (GTK_BOX (box), minus);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), plus);
  return box;
}

void
agp_draw_shops (TkAgoraPanel *self,
                View         *view)
{
  JsonArray *shops = agp_shops_of (view);
  gboolean tie;
  JsonObject *largest = agp_largest_shop (view, &tie);
  gboolean editable = !g_str_equal (view->phase, "over");
  g_autofree char *summary = NULL;
  gint64 on_table = json_object_get_int_member (view->game, "cards_on_table");
  gint64 removed = json_object_get_int_member (view->game, "cards_removed");

  {
    g_autofree char *table_text =
      g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card on the table",
                                    "%" PRId64 " cards on the table", on_table), on_table);

    if (removed > 0)
      /* Translators: e.g. "5 cards on the table, 2 burnt". */
      summary = g_strdup_printf (g_dngettext (NULL, "%s, %" PRId64 " burnt", "%s, %" PRId64
                                              " burnt", removed), table_text, removed);
    else
      summary = g_steal_pointer (&table_text);
  }
  gtk_label_set_text (GTK_LABEL (self->shops_summary), summary);

  tk_panel_clear (self->shops_list);
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      guint id = json_object_get_int_member (shop, "id");
      int owner = agp_shop_owner (shop);
      gint64 marks = json_object_get_int_member (shop, "marks");
      gint64 doors = json_object_get_int_member (shop, "doors");
      gint64 counters = json_object_get_int_member (shop, "counters");
      guint n_cards = json_array_get_length (json_object_get_array_member (shop, "cards"));
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *title, *who, *value, *steps;
      g_autofree char *title_text = g_strdup_printf (_("Shop %u"), id);
      g_autofree char *who_text = NULL;
      g_autofree char *value_text = NULL;

      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_widget_set_margin_top (row, 8);
      gtk_widget_set_margin_bottom (row, 8);

      title = gtk_label_new (title_text);
      gtk_widget_add_css_class (title, "heading");
      gtk_box_append (GTK_BOX (head), title);
      if (owner >= 0)
        {
          g_autofree char *counters_text =
            g_strdup_printf (g_dngettext (NULL, "%" PRId64 " counter", "%" PRId64 " counters",
                                          counters), counters);
          g_autofree char *cards_text =
            g_strdup_printf (g_dngettext (NULL, "%u card", "%u cards", n_cards), n_cards);

          gtk_box_append (GTK_BOX (head),
                          tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, owner)));
          /* Translators: owner, counters and cards of a shop, e.g. "Ana · 2 counters · 1 card". */
          who_text = g_strdup_printf (_("%s · %s · %s"), agp_seat_name (view, owner),
                                      counters_text, cards_text);
        }
      else
        who_text = g_strdup_printf (g_dngettext (NULL, "Unowned · %u card",
                                                 "Unowned · %u cards", n_cards), n_cards);
      who = gtk_label_new (who_text);
      gtk_label_set_xalign (GTK_LABEL (who), 0);
      /* Wrapped, not cut: on a phone the counters are what says which shop burns. */
      gtk_label_set_wrap (GTK_LABEL (who), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (who), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (who, TRUE);
      if (owner < 0)
        gtk_widget_add_css_class (who, "dim-label");
      gtk_box_append (GTK_BOX (head), who);
      if (shop == largest)
        {
          GtkWidget *tag = gtk_label_new (_("Largest"));

          gtk_widget_add_css_class (tag, "tk-agora-tag");
          gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
          gtk_widget_set_tooltip_text (tag, _("The most counters: fire or flood strikes here"));
          gtk_box_append (GTK_BOX (head), tag);
        }
      if (owner >= 0)
        /* Translators: what an owned shop earns, e.g. "$4 a turn". */
        value_text = g_strdup_printf (_("$%" PRId64 " a turn"), doors);
      else if (marks > 0)
        /* Translators: what an unowned shop costs, e.g. "Price $4". */
        value_text = g_strdup_printf (_("Price $%" PRId64), doors);
      else
        value_text = g_strdup (_("No circle"));
      value = gtk_label_new (value_text);
      gtk_widget_add_css_class (value, "numeric");
      if (owner >= 0)
        gtk_widget_add_css_class (value, "success");
      tk_panel_set_name (value, "agora-shop-%u-value", id);
      gtk_box_append (GTK_BOX (head), value);
      gtk_box_append (GTK_BOX (row), head);

      steps = gtk_flow_box_new ();
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (steps), GTK_SELECTION_NONE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (steps), 2);
      /* equal halves side by side, or one a line on a phone: the buttons stay in columns */
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (steps), TRUE);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (steps), 18);
      gtk_flow_box_append (GTK_FLOW_BOX (steps),
                           stepper (self, id, "marks", _("Circles"), marks, owner >= 0 ? 1 : 0,
                                    editable));
      gtk_flow_box_append (GTK_FLOW_BOX (steps),
                           stepper (self, id, "doors", _("Open doors"), doors, 0, editable));
      gtk_box_append (GTK_BOX (row), steps);

      gtk_list_box_append (GTK_LIST_BOX (self->shops_list), row);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (row)), FALSE);
    }
}

/* ---- deck ---- */

void
agp_draw_deck (TkAgoraPanel *self,
               View         *view)
{
  JsonObject *deck = json_object_get_object_member (view->game, "deck");
  gint64 total = json_object_get_int_member (view->game, "deck_total");
  gint64 per_letter = json_object_get_int_member_with_default (view->setup, "cards_per_letter", 9);
  g_autofree char *summary = g_strdup_printf (_("%" PRId64 " of %" PRId64 " cards left"),
                                              total, per_letter * N_LETTERS);

  gtk_label_set_text (GTK_LABEL (self->deck_summary), summary);
  tk_panel_clear (self->deck_flow);
  for (int l = 0; l < N_LETTERS; l++)
    {
      char text[2] = { (char) ('A' + l), '\0' };
      gint64 left = json_object_get_int_member (deck, text);
      int seat = agp_letter_seat (view, l);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *letter = gtk_label_new (text);
      GtkWidget *count, *bar, *who, *chance;
      g_autofree char *count_text = g_strdup_printf (_("%" PRId64 " left"), left);
      g_autofree char *chance_text = NULL;

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-agora-deck-letter");
      gtk_widget_add_css_class (letter, "title-2");
      gtk_box_append (GTK_BOX (head), letter);
      count = gtk_label_new (count_text);
      gtk_label_set_xalign (GTK_LABEL (count), 1);
      gtk_widget_set_hexpand (count, TRUE);
      gtk_widget_add_css_class (count, "numeric");
      tk_panel_set_name (count, "agora-left-%s", text);
      gtk_box_append (GTK_BOX (head), count);
      gtk_box_append (GTK_BOX (card), head);

      bar = gtk_progress_bar_new ();
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (bar),
                                     per_letter > 0 ? (double) left / per_letter : 0);
      gtk_box_append (GTK_BOX (card), bar);

      who = gtk_label_new (seat >= 0 ? agp_seat_name (view, seat) : _("No player"));
      gtk_label_set_xalign (GTK_LABEL (who), 0);
      gtk_label_set_ellipsize (GTK_LABEL (who), PANGO_ELLIPSIZE_END);
      if (seat < 0)
        gtk_widget_add_css_class (who, "dim-label");
      gtk_box_append (GTK_BOX (card), who);

      /* The chance that the next card carries this letter: the cards of it left over all
       * cards left (0 when the deck is empty). */
      /* Translators: the chance that the next card drawn has this letter, e.g. "Next card:
       * 26%". */
      chance_text = g_strdup_printf (_("Next card: %d%%"),
                                     total > 0 ? (int) (100.0 * left / total + 0.5) : 0);
      chance = gtk_label_new (chance_text);
      gtk_label_set_xalign (GTK_LABEL (chance), 0);
      gtk_widget_add_css_class (chance, "caption");
      if (seat >= 0 && (guint) seat == view->active &&
          (g_str_equal (view->phase, "income") || g_str_equal (view->phase, "draw")))
        gtk_widget_add_css_class (chance, "warning");
      else
        gtk_widget_add_css_class (chance, "dim-label");
      tk_panel_set_name (chance, "agora-chance-%s", text);
      gtk_box_append (GTK_BOX (card), chance);
      gtk_flow_box_append (GTK_FLOW_BOX (self->deck_flow), card);
    }
}
