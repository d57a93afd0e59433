/* tk-agora-panel-draw.c — the Agora panel: the draw phase.  A letter drawn becomes an
 * event; what fire, flood or a festival would do now is worked out here from the state with
 * the engine's own definitions (largest = most counters, a tie does nothing) and said in words
 * before the player taps.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-agora-panel-private.h"

/* draw */

static void
apply_draw (TkAgoraPanel *self,
            int           letter,
            const char   *event)
{
  g_autoptr(JsonObject) action = json_object_new ();
  char text[2] = { (char) ('A' + letter), '\0' };

  json_object_set_string_member (action, "type", "draw");
  json_object_set_string_member (action, "letter", text);
  if (event != NULL)
    json_object_set_string_member (action, "event", event);
  agp_apply (self, action);
}

static void
draw_letter_clicked (GtkButton    *button,
                     TkAgoraPanel *self)
{
  int letter = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "letter"));
  gboolean hit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "hit"));

  if (hit)
    {
      /* The card's event happens: ask which one it shows before recording the draw. */
      self->chosen_letter = letter;
      agp_refresh (self);
      return;
    }
  apply_draw (self, letter, NULL);
}

static void
event_clicked (GtkButton    *button,
               TkAgoraPanel *self)
{
  apply_draw (self, self->chosen_letter, g_object_get_data (G_OBJECT (button), "event"));
}

static void
other_letter_clicked (TkAgoraPanel *self)
{
  self->chosen_letter = -1;
  agp_refresh (self);
}

static char *
shop_ids_text (GArray *ids)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    {
      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append_printf (text, "%u", g_array_index (ids, guint, i));
    }
  return g_string_free (text, FALSE);
}

/* What fire or flood would do now, in words. */
static char *
describe_disaster (View     *view,
                   gboolean  fire)
{
  gboolean tie;
  JsonObject *largest = agp_largest_shop (view, &tie);
  guint id;
  const char *owner;
  JsonArray *cards;
  g_autoptr(GArray) gone = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) hurt = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonArray *shops = agp_shops_of (view);
  GString *text;

  if (largest == NULL && tie)
    return g_strdup (_("Several shops tie for the most counters: nothing happens."));
  if (largest == NULL)
    return g_strdup (_("No shop has counters: nothing happens."));

  id = json_object_get_int_member (largest, "id");
  owner = agp_seat_name (view, agp_shop_owner (largest));
  if (!fire)
    /* Translators: e.g. "Washes Ana’s 4 counters off shop 3: it becomes unowned." */
    return g_strdup_printf (_("Washes %s’s %" PRId64 " counters off shop %u: it becomes "
                              "unowned."), owner, json_object_get_int_member (largest, "counters"),
                            id);

  cards = json_object_get_array_member (largest, "cards");
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      JsonArray *own = json_object_get_array_member (shop, "cards");
      guint shared = 0, other_id = json_object_get_int_member (shop, "id");

      if (shop == largest)
        continue;
      for (guint c = 0; c < json_array_get_length (own); c++)
        for (guint k = 0; k < json_array_get_length (cards); k++)
          if (json_array_get_int_element (own, c) == json_array_get_int_element (cards, k))
            shared++;
      if (shared > 0 && shared == json_array_get_length (own))
        g_array_append_val (gone, other_id);
      else if (shared > 0)
        g_array_append_val (hurt, other_id);
    }
  text = g_string_new (NULL);
  /* Translators: e.g. "Burns shop 3 (Ana’s, 4 counters): its 2 cards leave the game." */
  g_string_printf (text, g_dngettext (NULL, "Burns shop %u (%s’s, %" PRId64 " counters): its "
                                      "card leaves the game.",
                                      "Burns shop %u (%s’s, %" PRId64 " counters): its %u cards "
                                      "leave the game.", json_array_get_length (cards)),
                   id, owner, json_object_get_int_member (largest, "counters"),
                   json_array_get_length (cards));
  if (gone->len > 0)
    {
      g_autofree char *ids = shop_ids_text (gone);
      g_string_append_c (text, ' ');
      /* Translators: shops lying only on the burnt cards, e.g. "Shops 4, 5 go too." */
      g_string_append_printf (text, g_dngettext (NULL, "Shop %s goes too.", "Shops %s go too.",
                                                 gone->len), ids);
    }
  if (hurt->len > 0)
    {
      g_autofree char *ids = shop_ids_text (hurt);
      g_string_append_c (text, ' ');
      /* Translators: shops partly on the burnt cards, e.g. "Shops 2, 4 lose those cards:
       * correct their circles and doors after." */
      g_string_append_printf (text, g_dngettext (NULL, "Shop %s loses those cards: correct "
                                                 "its circles and doors after.",
                                                 "Shops %s lose those cards: correct their "
                                                 "circles and doors after.", hurt->len), ids);
    }
  return g_string_free (text, FALSE);
}

static char *
describe_festival (View *view)
{
  GString *text = g_string_new (_("Everyone collects their shops’ income now:"));
  gint64 best = G_MININT64;
  guint n_past = 0;
  g_autoptr(GString) past = g_string_new (NULL);

  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = agp_player_state (view, seat);
      gint64 amount = json_object_get_int_member (player, "shop_income");
      gint64 after = json_object_get_int_member (player, "money") + amount;

      g_string_append_c (text, ' ');
      /* Translators: one player's festival income, e.g. "Ana +$5"; joined by ", ". */
      g_string_append_printf (text, _("%s +$%" PRId64), agp_seat_name (view, seat), amount);
      if (seat + 1 < view->n_players)
        g_string_append (text, _(","));
      if (agp_past_goal (view, after))
        best = MAX (best, after);
    }
  g_string_append (text, _("."));
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = agp_player_state (view, seat);
      gint64 after = json_object_get_int_member (player, "money") +
                     json_object_get_int_member (player, "shop_income");

      if (agp_past_goal (view, after) && after == best)
        {
          if (n_past++ > 0)
            g_string_append (past, _(", "));
          g_string_append (past, agp_seat_name (view, seat));
        }
    }
  if (n_past == 1)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("%s passes the goal and wins."), past->str);
    }
  else if (n_past > 1)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _("A draw: %s pass the goal with the same money."),
                              past->str);
    }
  return g_string_free (text, FALSE);
}

void
agp_draw_draw (TkAgoraPanel *self,
               View         *view)
{
  JsonObject *deck = json_object_get_object_member (view->game, "deck");
  guint seat = view->active;
  int own = agp_seat_letter (view, seat);

  agp_draw_steps (self, 1);
  if (self->chosen_letter < 0)
    {
      GtkWidget *row = agp_letter_row ();
      g_autofree char *hint = g_strdup_printf (_("Turn up the next card and tap its letter. "
                                                 "%c is %s’s letter: then its event happens."),
                                               'A' + own, agp_seat_name (view, seat));

      gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
      for (int l = 0; l < N_LETTERS; l++)
        {
          char text[2] = { (char) ('A' + l), '\0' };
          gint64 left = json_object_get_int_member (deck, text);
          /* Translators: cards of a letter still in the deck, e.g. "7 left". */
          g_autofree char *detail = g_strdup_printf (_("%" PRId64 " left"), left);
          GtkWidget *button = agp_choice_button (text, detail, "");

          tk_panel_set_name (button, "agora-draw-%s", text);
          gtk_widget_set_sensitive (button, left > 0);
          if (l == own)
            gtk_widget_add_css_class (button, "tk-agora-hit");
          g_object_set_data (G_OBJECT (button), "letter", GINT_TO_POINTER (l));
          g_object_set_data (G_OBJECT (button), "hit", GINT_TO_POINTER (l == own));
          g_signal_connect (button, "clicked", G_CALLBACK (draw_letter_clicked), self);
          gtk_box_append (GTK_BOX (row), button);
        }
      gtk_box_append (GTK_BOX (self->step_box), row);
      return;
    }

  {
    const struct { const char *event; const char *title; } events[] = {
      { "fire", N_("Fire") }, { "flood", N_("Flood") }, { "festival", N_("Festival") },
    };
    g_autofree char *hint = g_strdup_printf (_("%c is %s’s letter: the card’s event happens. "
                                               "Which one does it show?"),
                                             'A' + self->chosen_letter, agp_seat_name (view, seat));
    GtkWidget *list = gtk_list_box_new ();
    GtkWidget *back;

    gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    for (guint e = 0; e < G_N_ELEMENTS (events); e++)
      {
        g_autofree char *detail = e == 2 ? describe_festival (view)
                                         : describe_disaster (view, e == 0);
        GtkWidget *row = adw_action_row_new ();
        GtkWidget *button = gtk_button_new_with_label (_(events[e].title));

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(events[e].title));
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), detail);
        tk_panel_set_name (row, "agora-event-row-%s", events[e].event);
        tk_panel_set_name (button, "agora-event-%s", events[e].event);
        gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
        gtk_widget_add_css_class (button, e == 2 ? "suggested-action" : "destructive-action");
        g_object_set_data (G_OBJECT (button), "event", (gpointer) events[e].event);
        g_signal_connect (button, "clicked", G_CALLBACK (event_clicked), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
        gtk_list_box_append (GTK_LIST_BOX (list), row);
      }
    gtk_box_append (GTK_BOX (self->step_box), list);
    back = gtk_button_new_with_mnemonic (_("_Another Letter"));
    gtk_widget_set_name (back, "agora-other-letter");
    gtk_widget_add_css_class (back, "flat");
    gtk_widget_set_halign (back, GTK_ALIGN_START);
    g_signal_connect_swapped (back, "clicked", G_CALLBACK (other_letter_clicked), self);
    gtk_box_append (GTK_BOX (self->step_box), back);
  }
}
