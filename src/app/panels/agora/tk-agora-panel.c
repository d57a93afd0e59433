/* tk-agora-panel.c — the Agora bookkeeping panel: money, the turn as a guided flow, the
 * shops and the deck.
 *
 * Everything is drawn from the session's state (tk_session_to_json) and redrawn on
 * TkSession::changed; the panel only keeps transient choices (the letter tapped before its
 * event is chosen, the shops a card changes) and forgets them once the state moves on.
 * Every change is an engine action applied through tk_game_panel_apply().
 *
 * The turn follows the engine's phases: first card → income → draw → place → buy or pass.
 * What an event will do (which shop burns, who collects what at a festival) is worked out
 * here from the state with the engine's own definitions (largest = most counters, a tie
 * does nothing), so the player sees it before tapping.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-colour-dot.h"
#include "tk-game-panel.h"
#include "tk-agora-panel.h"
#include "tk-agora-placement.h"

#define N_LETTERS 4

struct _TkAgoraPanel
{
  AdwBin      parent_instance;

  TkSession  *session;

  GtkWidget  *goal_label;
  GtkWidget  *money_flow;
  GtkWidget  *turn_box;
  GtkWidget  *turn_title;
  GtkWidget  *steps_box;
  GtkWidget  *step_hint;
  GtkWidget  *step_box;
  GtkWidget  *shops_summary;
  GtkWidget  *shops_list;
  GtkWidget  *deck_summary;
  GtkWidget  *deck_flow;

  GtkWidget  *placement;      /* kept across redraws (owned) */

  /* Transient choices, valid while draft_key names the same moment of the game. */
  char       *draft_key;
  int         chosen_letter;  /* first card or drawn card waiting for its event; -1 */
  int         chosen_seat;    /* first player drawn at random; -1 */
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void refresh (TkAgoraPanel *self);

/* A snapshot of what one redraw needs. */
typedef struct
{
  JsonObject *json;      /* owned: tk_session_to_json */
  JsonObject *game;
  JsonObject *setup;
  JsonObject *score;     /* owned */
  const char *phase;
  guint       active;
  guint       n_players;
  gint64      goal;
  gboolean    reach;     /* "goal or more" instead of "over the goal" */
} View;

/* ---- small helpers ---- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

/* "$23", "−$4" (a real minus sign: borrowing must not be missed). */
static char *
format_money (gint64 money)
{
  if (money < 0)
    /* Translators: money below zero (borrowed), e.g. "−$4"; keep the minus sign. */
    return g_strdup_printf (_("−$%" PRId64), -money);
  /* Translators: an amount of money, e.g. "$23". */
  return g_strdup_printf (_("$%" PRId64), money);
}

static GtkWidget *
label_new (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
set_name (GtkWidget  *widget,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
set_name (GtkWidget  *widget,
          const char *format,
          ...)
{
  va_list args;
  g_autofree char *name = NULL;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_widget_set_name (widget, name);
}

static const char *
seat_name (View *view,
           guint seat)
{
  return tk_rules_setup_player_name (view->setup, seat);
}

static JsonObject *
player_state (View *view,
              guint seat)
{
  return json_array_get_object_element (json_object_get_array_member (view->game, "players"),
                                        seat);
}

static int
seat_letter (View *view,
             guint seat)
{
  return json_object_get_string_member (player_state (view, seat), "letter")[0] - 'A';
}

/* The seat holding @letter (0..3), or -1. */
static int
letter_seat (View *view,
             int   letter)
{
  for (guint seat = 0; seat < view->n_players; seat++)
    if (seat_letter (view, seat) == letter)
      return seat;
  return -1;
}

static JsonArray *
shops_of (View *view)
{
  return json_object_get_array_member (view->game, "shops");
}

static int
shop_owner (JsonObject *shop)
{
  JsonNode *owner = json_object_get_member (shop, "owner");

  return owner == NULL || JSON_NODE_HOLDS_NULL (owner) ? -1 : json_node_get_int (owner);
}

static gboolean
past_goal (View   *view,
           gint64  money)
{
  return view->reach ? money >= view->goal : money > view->goal;
}

/* The shop with strictly the most counters (the engine's "largest"), or NULL; @tie says
 * whether several share the most. */
static JsonObject *
largest_shop (View     *view,
              gboolean *tie)
{
  JsonArray *shops = shops_of (view);
  JsonObject *best = NULL;
  gint64 most = 0;

  *tie = FALSE;
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      gint64 counters = json_object_get_int_member (shop, "counters");

      if (counters == 0)
        continue;
      if (counters > most)
        {
          most = counters;
          best = shop;
          *tie = FALSE;
        }
      else if (counters == most)
        *tie = TRUE;
    }
  return *tie ? NULL : best;
}

static gint64
income_now (View *view,
            guint seat)
{
  JsonObject *player = player_state (view, seat);

  return json_object_get_int_member (player, "turns") == 0
         ? 0 : json_object_get_int_member (player, "shop_income");
}

static gboolean
apply (TkAgoraPanel *self,
       JsonObject   *action)
{
  return tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static void
apply_simple (TkAgoraPanel *self,
              const char   *type)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  apply (self, action);
}

/* ---- money ---- */

static void
draw_money (TkAgoraPanel *self,
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
    richest = MAX (richest, json_object_get_int_member (player_state (view, seat), "money"));

  clear_box (self->money_flow);
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = player_state (view, seat);
      gint64 money = json_object_get_int_member (player, "money");
      gint64 shop_income = json_object_get_int_member (player, "shop_income");
      gint64 need = (view->reach ? view->goal : view->goal + 1) - money;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name, *letter, *amount, *note;
      g_autofree char *money_text = format_money (money);
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
      name = gtk_label_new (seat_name (view, seat));
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
      set_name (amount, "agora-money-%u", seat);
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
      note = label_new (note_text, "caption");
      if (money < 0)
        gtk_widget_add_css_class (note, "error");
      else if (!over && money == richest)
        gtk_widget_add_css_class (note, "accent");
      set_name (note, "agora-money-note-%u", seat);
      gtk_box_append (GTK_BOX (card), note);

      /* Translators: what a player's shops earn, e.g. "Shops earn $5 a turn". */
      income_text = g_strdup_printf (_("Shops earn $%" PRId64 " a turn"), shop_income);
      gtk_box_append (GTK_BOX (card), label_new (income_text, "dim-label"));
      gtk_flow_box_append (GTK_FLOW_BOX (self->money_flow), card);
    }
}

/* ---- the turn ---- */

static void
draw_steps (TkAgoraPanel *self,
            int           current)
{
  const char *const steps[] = { N_("Income"), N_("Draw"), N_("Place"), N_("Buy") };

  clear_box (self->steps_box);
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
static GtkWidget *
choice_button (const char *title,
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

static GtkWidget *
letter_row (void)
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
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "pill");
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
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
  refresh (self);
}

static void
first_seat_clicked (GtkButton    *button,
                    TkAgoraPanel *self)
{
  self->chosen_seat = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "seat"));
  refresh (self);
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
  apply (self, action);
}

static void
draw_first_card (TkAgoraPanel *self,
                 View         *view)
{
  GtkWidget *row = letter_row ();
  GtkWidget *lay;
  int holder = self->chosen_letter >= 0 ? letter_seat (view, self->chosen_letter) : -1;

  gtk_label_set_text (GTK_LABEL (self->turn_title), _("The First Card"));
  draw_steps (self, -1);
  gtk_label_set_text (GTK_LABEL (self->step_hint),
                      _("Turn up the top card and lay it in the middle. Its letter names the "
                        "first player: tap it."));
  for (int l = 0; l < N_LETTERS; l++)
    {
      char text[2] = { (char) ('A' + l), '\0' };
      int seat = letter_seat (view, l);
      GtkWidget *button = choice_button (text, seat >= 0 ? seat_name (view, seat) : _("Nobody"),
                                         "");

      set_name (button, "agora-first-%s", text);
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
      GtkWidget *seats = letter_row ();
      g_autofree char *text = g_strdup_printf (_("Nobody has the letter %c: who was drawn at "
                                                 "random to start?"),
                                               'A' + self->chosen_letter);

      gtk_box_append (GTK_BOX (self->step_box), label_new (text, NULL));
      for (guint seat = 0; seat < view->n_players; seat++)
        {
          GtkWidget *button = gtk_button_new_with_label (seat_name (view, seat));

          set_name (button, "agora-first-seat-%u", seat);
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
  apply_simple (self, g_object_get_data (G_OBJECT (button), "type"));
}


static void
draw_income (TkAgoraPanel *self,
             View         *view)
{
  guint seat = view->active;
  gint64 amount = income_now (view, seat);
  gint64 after = json_object_get_int_member (player_state (view, seat), "money") + amount;
  g_autofree char *hint = NULL;
  g_autofree char *button_text = NULL;
  g_autofree char *after_text = format_money (after);
  GtkWidget *button, *preview;

  draw_steps (self, 0);
  if (json_object_get_int_member (player_state (view, seat), "turns") == 0)
    hint = g_strdup_printf (_("%s’s first turn: no income yet."), seat_name (view, seat));
  else if (past_goal (view, after))
    /* Translators: e.g. "Ana’s shops bring $7: $52, past the goal — Ana wins." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s, past the goal — %s wins."),
                            seat_name (view, seat), amount, after_text, seat_name (view, seat));
  else
    /* Translators: e.g. "Ana’s shops bring $7: Ana will have $23." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s will have %s."),
                            seat_name (view, seat), amount, seat_name (view, seat), after_text);
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
  apply (self, action);
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
      refresh (self);
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
  refresh (self);
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
  JsonObject *largest = largest_shop (view, &tie);
  guint id;
  const char *owner;
  JsonArray *cards;
  g_autoptr(GArray) gone = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) hurt = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonArray *shops = shops_of (view);
  GString *text;

  if (largest == NULL && tie)
    return g_strdup (_("Several shops tie for the most counters: nothing happens."));
  if (largest == NULL)
    return g_strdup (_("No shop has counters: nothing happens."));

  id = json_object_get_int_member (largest, "id");
  owner = seat_name (view, shop_owner (largest));
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
      JsonObject *player = player_state (view, seat);
      gint64 amount = json_object_get_int_member (player, "shop_income");
      gint64 after = json_object_get_int_member (player, "money") + amount;

      g_string_append_c (text, ' ');
      /* Translators: one player's festival income, e.g. "Ana +$5"; joined by ", ". */
      g_string_append_printf (text, _("%s +$%" PRId64), seat_name (view, seat), amount);
      if (seat + 1 < view->n_players)
        g_string_append (text, _(","));
      if (past_goal (view, after))
        best = MAX (best, after);
    }
  g_string_append (text, _("."));
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = player_state (view, seat);
      gint64 after = json_object_get_int_member (player, "money") +
                     json_object_get_int_member (player, "shop_income");

      if (past_goal (view, after) && after == best)
        {
          if (n_past++ > 0)
            g_string_append (past, _(", "));
          g_string_append (past, seat_name (view, seat));
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

static void
draw_draw (TkAgoraPanel *self,
           View         *view)
{
  JsonObject *deck = json_object_get_object_member (view->game, "deck");
  guint seat = view->active;
  int own = seat_letter (view, seat);

  draw_steps (self, 1);
  if (self->chosen_letter < 0)
    {
      GtkWidget *row = letter_row ();
      g_autofree char *hint = g_strdup_printf (_("Turn up the next card and tap its letter. "
                                                 "%c is %s’s letter: then its event happens."),
                                               'A' + own, seat_name (view, seat));

      gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
      for (int l = 0; l < N_LETTERS; l++)
        {
          char text[2] = { (char) ('A' + l), '\0' };
          gint64 left = json_object_get_int_member (deck, text);
          /* Translators: cards of a letter still in the deck, e.g. "7 left". */
          g_autofree char *detail = g_strdup_printf (_("%" PRId64 " left"), left);
          GtkWidget *button = choice_button (text, detail, "");

          set_name (button, "agora-draw-%s", text);
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
                                             'A' + self->chosen_letter, seat_name (view, seat));
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
        set_name (row, "agora-event-row-%s", events[e].event);
        set_name (button, "agora-event-%s", events[e].event);
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
  apply (self, action);
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

  draw_steps (self, 2);
  if (json_object_get_int_member (view->game, "deck_total") == 0)
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops. It is the last card: placing it ends the game."), letter);
  else
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops."), letter);
  gtk_label_set_text (GTK_LABEL (self->step_hint), hint);
  tk_agora_placement_set_shops (TK_AGORA_PLACEMENT (self->placement), shops_of (view),
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
  apply (self, action);
}

static void
draw_buy (TkAgoraPanel *self,
          View         *view)
{
  JsonArray *shops = shops_of (view);
  guint seat = view->active;
  gint64 money = json_object_get_int_member (player_state (view, seat), "money");
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *pass;
  g_autofree char *hint = g_strdup_printf (_("%s may buy one unowned shop for its open doors, "
                                             "or nothing. Money may go below zero."),
                                           seat_name (view, seat));
  guint n = 0;

  draw_steps (self, 3);
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
      g_autofree char *after = format_money (money - price);
      GtkWidget *row, *button;

      if (shop_owner (shop) >= 0 || marks == 0)
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
                                      seat_name (view, seat), after);
        else
          /* Translators: e.g. "2 circles, 4 open doors · Ana would have $6". */
          subtitle = g_strdup_printf (_("%s, %s · %s would have %s"), circles, doors,
                                      seat_name (view, seat), after);
      }
      /* Translators: the buy button, e.g. "Buy for $4". */
      label = g_strdup_printf (_("Buy for $%" PRId64), price);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      button = gtk_button_new_with_label (label);
      set_name (button, "agora-buy-%u", id);
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
                      label_new (_("No unowned shop with a circle is for sale."), "dim-label"));
    }
  pass = action_button (_("Buy Nothing"), "agora-pass", n == 0);
  g_object_set_data (G_OBJECT (pass), "type", (gpointer) "pass");
  g_signal_connect (pass, "clicked", G_CALLBACK (collect_or_pass), self);
  gtk_box_append (GTK_BOX (self->step_box), pass);
}

static void
draw_turn (TkAgoraPanel *self,
           View         *view)
{
  /* The placement editor survives redraws (it holds what the player typed). */
  if (gtk_widget_get_parent (self->placement) != NULL)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->placement)), self->placement);
  clear_box (self->step_box);

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
    g_autofree char *title = g_strdup_printf (_("%s’s turn (card %c)"), seat_name (view, seat),
                                              'A' + seat_letter (view, seat));
    gtk_label_set_text (GTK_LABEL (self->turn_title), title);
  }
  if (g_str_equal (view->phase, "income"))
    draw_income (self, view);
  else if (g_str_equal (view->phase, "draw"))
    draw_draw (self, view);
  else if (g_str_equal (view->phase, "place"))
    draw_place (self, view);
  else
    draw_buy (self, view);
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
  apply (self, action);
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
      set_name (button, "agora-shop-%u-%s-%s", id, member, i == 0 ? "minus" : "plus");
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
  set_name (number, "agora-shop-%u-%s", id, member);
  gtk_box_append (GTK_BOX (box), minus);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), plus);
  return box;
}

static void
draw_shops (TkAgoraPanel *self,
            View         *view)
{
  JsonArray *shops = shops_of (view);
  gboolean tie;
  JsonObject *largest = largest_shop (view, &tie);
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

  clear_box (self->shops_list);
  for (guint i = 0; i < json_array_get_length (shops); i++)
    {
      JsonObject *shop = json_array_get_object_element (shops, i);
      guint id = json_object_get_int_member (shop, "id");
      int owner = shop_owner (shop);
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
          who_text = g_strdup_printf (_("%s · %s · %s"), seat_name (view, owner), counters_text,
                                      cards_text);
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
      set_name (value, "agora-shop-%u-value", id);
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

static void
draw_deck (TkAgoraPanel *self,
           View         *view)
{
  JsonObject *deck = json_object_get_object_member (view->game, "deck");
  gint64 total = json_object_get_int_member (view->game, "deck_total");
  gint64 per_letter = json_object_get_int_member_with_default (view->setup, "cards_per_letter", 9);
  g_autofree char *summary = g_strdup_printf (_("%" PRId64 " of %" PRId64 " cards left"),
                                              total, per_letter * N_LETTERS);

  gtk_label_set_text (GTK_LABEL (self->deck_summary), summary);
  clear_box (self->deck_flow);
  for (int l = 0; l < N_LETTERS; l++)
    {
      char text[2] = { (char) ('A' + l), '\0' };
      gint64 left = json_object_get_int_member (deck, text);
      int seat = letter_seat (view, l);
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
      set_name (count, "agora-left-%s", text);
      gtk_box_append (GTK_BOX (head), count);
      gtk_box_append (GTK_BOX (card), head);

      bar = gtk_progress_bar_new ();
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (bar),
                                     per_letter > 0 ? (double) left / per_letter : 0);
      gtk_box_append (GTK_BOX (card), bar);

      who = gtk_label_new (seat >= 0 ? seat_name (view, seat) : _("No player"));
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
      set_name (chance, "agora-chance-%s", text);
      gtk_box_append (GTK_BOX (card), chance);
      gtk_flow_box_append (GTK_FLOW_BOX (self->deck_flow), card);
    }
}

/* ---- redraw ---- */

static void
refresh (TkAgoraPanel *self)
{
  View view = { 0 };
  g_autofree char *key = NULL;

  if (self->session == NULL)
    return;
  view.json = tk_session_to_json (self->session);
  view.game = json_object_get_object_member (view.json, "game");
  view.setup = tk_session_get_setup (self->session);
  view.score = tk_session_score (self->session);
  view.phase = json_object_get_string_member (view.game, "phase");
  view.active = json_object_get_int_member (view.game, "active");
  view.n_players = json_array_get_length (json_object_get_array_member (view.game, "players"));
  view.goal = json_object_get_int_member_with_default (view.setup, "goal", 50);
  view.reach = g_strcmp0 (json_object_get_string_member (view.game, "goal_rule"), "reach") == 0;

  /* Transient choices belong to one moment of the game: the same phase, turn and card. */
  key = g_strdup_printf ("%s/%u/%" PRId64 "/%" PRId64, view.phase, view.active,
                         json_object_get_int_member (view.game, "cards_placed"),
                         json_object_get_int_member (view.game, "deck_total"));
  if (g_strcmp0 (key, self->draft_key) != 0)
    {
      g_free (self->draft_key);
      self->draft_key = g_steal_pointer (&key);
      self->chosen_letter = -1;
      self->chosen_seat = -1;
      tk_agora_placement_reset (TK_AGORA_PLACEMENT (self->placement));
    }

  draw_money (self, &view);
  draw_turn (self, &view);
  draw_shops (self, &view);
  draw_deck (self, &view);

  json_object_unref (view.json);
  json_object_unref (view.score);
}

/* ---- object ---- */

static void
tk_agora_panel_constructed (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->constructed (object);

  if (self->session != NULL)
    {
      g_signal_connect_object (self->session, "changed", G_CALLBACK (refresh), self,
                               G_CONNECT_SWAPPED);
      refresh (self);
    }
}

static void
tk_agora_panel_dispose (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_PANEL);
  if (self->placement != NULL && gtk_widget_get_parent (self->placement) != NULL)
    gtk_widget_unparent (self->placement);
  g_clear_object (&self->placement);
  g_clear_object (&self->session);
  g_clear_pointer (&self->draft_key, g_free);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->dispose (object);
}

static void
tk_agora_panel_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_panel_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_panel_class_init (TkAgoraPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_agora_panel_constructed;
  object_class->dispose = tk_agora_panel_dispose;
  object_class->get_property = tk_agora_panel_get_property;
  object_class->set_property = tk_agora_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, goal_label);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, money_flow);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, turn_title);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, steps_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, step_hint);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, step_box);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, shops_summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, shops_list);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, deck_summary);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraPanel, deck_flow);
}

static void
tk_agora_panel_init (TkAgoraPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->placement = g_object_ref_sink (tk_agora_placement_new ());
  self->chosen_letter = -1;
  self->chosen_seat = -1;
}
