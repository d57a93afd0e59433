/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-money-cards.c — the Agora panel's money: the goal, and for each player a card with
 * their money, what it means (to go, borrowing, the winner, the rank) and what their shops
 * earn.  The cards are made once, in a loop, and patched on each TkAgoraModel::changed.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-colour-dot.h"
#include "panels/tk-panel-widgets.h"
#include "tk-agora-money-cards.h"
#include "tk-agora-text.h"
#include "tk-accessible.h"
#include "tk-panel-widgets.h"

typedef struct
{
  GtkWidget *card;
  GtkWidget *dot;
  GtkWidget *name;
  GtkWidget *letter;
  GtkWidget *amount;
  GtkWidget *note;
  GtkWidget *income;
} Card;

struct _TkAgoraMoneyCards
{
  AdwBin        parent_instance;

  TkAgoraModel *model;
  GArray       *cards;       /* Card, by seat */

  GtkWidget    *goal_label;
  GtkWidget    *flow;
};

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkAgoraMoneyCards, tk_agora_money_cards, ADW_TYPE_BIN)

static Card
card_new (guint seat)
{
  Card card;
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  card.card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (card.card, "card");
  gtk_widget_add_css_class (card.card, "tk-agora-player");
  card.dot = tk_colour_dot_new (NULL);
  gtk_box_append (GTK_BOX (head), card.dot);
  card.name = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (card.name), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (card.name), 0);
  gtk_widget_set_hexpand (card.name, TRUE);
  gtk_widget_add_css_class (card.name, "heading");
  gtk_box_append (GTK_BOX (head), card.name);
  card.letter = gtk_label_new (NULL);
  gtk_widget_add_css_class (card.letter, "tk-agora-letter");
  /* Translators: tooltip of the letter of a player's card. */
  gtk_widget_set_tooltip_text (card.letter, _("Player card"));
  gtk_box_append (GTK_BOX (head), card.letter);
  gtk_box_append (GTK_BOX (card.card), head);

  card.amount = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (card.amount), 0);
  gtk_widget_add_css_class (card.amount, "title-1");
  gtk_widget_add_css_class (card.amount, "numeric");
  tk_panel_set_name (card.amount, "agora-money-%u", seat);
  gtk_box_append (GTK_BOX (card.card), card.amount);
  card.note = tk_panel_label_new (NULL, "caption");
  tk_panel_set_name (card.note, "agora-money-note-%u", seat);
  gtk_box_append (GTK_BOX (card.card), card.note);
  card.income = tk_panel_label_new (NULL, "dim-label");
  gtk_box_append (GTK_BOX (card.card), card.income);
  return card;
}

static void
card_sync (Card          *card,
           TkAgoraPlayer *player)
{
  gint64 money = tk_agora_player_get_money (player);
  gint64 to_go = tk_agora_player_get_to_go (player);
  TkAgoraStanding standing = tk_agora_player_get_standing (player);
  char letter[2] = { (char) ('A' + tk_agora_player_get_letter (player)), '\0' };
  g_autofree char *money_text = tk_agora_format_money (money);
  g_autofree char *note_text = NULL;
  g_autofree char *income_text = NULL;

  tk_colour_dot_set_colour (card->dot, tk_agora_player_get_colour (player));
  gtk_label_set_text (GTK_LABEL (card->name), tk_agora_player_get_name (player));
  gtk_label_set_text (GTK_LABEL (card->letter), letter);
  tk_panel_set_class (card->card, "tk-agora-active", tk_agora_player_get_active (player));
  tk_panel_set_class (card->card, "tk-agora-winner", tk_agora_player_get_winner (player));
  gtk_label_set_text (GTK_LABEL (card->amount), money_text);
  tk_panel_set_class (card->amount, "error", money < 0);

  switch (standing)
    {
    case TK_AGORA_STANDING_WINNER:
      note_text = g_strdup (_("Winner"));
      break;
    case TK_AGORA_STANDING_BORROWING:
      /* Translators: a player below $0, e.g. "Borrowing $4". */
      note_text = g_strdup_printf (_("Borrowing $%" PRId64), -money);
      break;
    case TK_AGORA_STANDING_RANKED:
      /* Once the game is over, "$12 to go" means nothing: the place it ended in instead. */
      /* Translators: the player's place in the ranking, e.g. "Rank 1" */
      note_text = g_strdup_printf (_("Rank %" PRId64), (gint64) tk_agora_player_get_rank (player));
      break;
    case TK_AGORA_STANDING_TO_GO:
      if (tk_agora_player_get_richest (player))
        /* Translators: the richest player, e.g. "Closest: $28 to go". */
        note_text = g_strdup_printf (_("Closest: $%" PRId64 " to go"), to_go);
      else
        /* Translators: e.g. "$28 to go" to the goal. */
        note_text = g_strdup_printf (_("$%" PRId64 " to go"), to_go);
      break;
    case TK_AGORA_STANDING_PAST_GOAL:
    default:
      note_text = g_strdup (_("Past the goal"));
      break;
    }
  gtk_label_set_text (GTK_LABEL (card->note), note_text);
  tk_panel_set_class (card->note, "error", money < 0);
  tk_panel_set_class (card->note, "accent", money >= 0 && tk_agora_player_get_richest (player));

  /* Translators: what a player's shops earn, e.g. "Shops earn $5 a turn". */
  income_text = g_strdup_printf (_("Shops earn $%" PRId64 " a turn"),
                                 tk_agora_player_get_shop_income (player));
  gtk_label_set_text (GTK_LABEL (card->income), income_text);
}

static void
patch (TkAgoraMoneyCards *self)
{
  guint n = tk_agora_model_get_n_players (self->model);
  gint64 goal = tk_agora_model_get_goal (self->model);
  g_autofree char *goal_text = NULL;

  if (tk_agora_model_get_goal_reach (self->model))
    /* Translators: the goal, e.g. "Goal: $50 or more at income". */
    goal_text = g_strdup_printf (_("Goal: $%" PRId64 " or more at income"), goal);
  else
    /* Translators: the goal, e.g. "Goal: over $50 at income". */
    goal_text = g_strdup_printf (_("Goal: over $%" PRId64 " at income"), goal);
  gtk_label_set_text (GTK_LABEL (self->goal_label), goal_text);

  /* the seats are the session's: the cards are made once */
  if (self->cards->len != n)
    {
      tk_panel_clear (self->flow);
      g_array_set_size (self->cards, 0);
      for (guint seat = 0; seat < n; seat++)
        {
          Card card = card_new (seat);

          g_array_append_val (self->cards, card);
          gtk_flow_box_append (GTK_FLOW_BOX (self->flow), card.card);
        }
    }
  for (guint seat = 0; seat < n; seat++)
    {
      card_sync (&g_array_index (self->cards, Card, seat),
                 tk_agora_model_get_player (self->model, seat));
      /* Each card takes the focus: it is read as the player, letter, money and standing. */
      tk_accessible_label_item_from_text (g_array_index (self->cards, Card, seat).card);
    }
}

static void
set_model (TkAgoraMoneyCards *self,
           TkAgoraModel      *model)
{
  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      g_signal_connect_swapped (model, "changed", G_CALLBACK (patch), self);
      patch (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static void
tk_agora_money_cards_dispose (GObject *object)
{
  TkAgoraMoneyCards *self = TK_AGORA_MONEY_CARDS (object);

  set_model (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_MONEY_CARDS);
  G_OBJECT_CLASS (tk_agora_money_cards_parent_class)->dispose (object);
}

static void
tk_agora_money_cards_finalize (GObject *object)
{
  g_array_unref (TK_AGORA_MONEY_CARDS (object)->cards);
  G_OBJECT_CLASS (tk_agora_money_cards_parent_class)->finalize (object);
}

static void
tk_agora_money_cards_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_AGORA_MONEY_CARDS (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_money_cards_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      set_model (TK_AGORA_MONEY_CARDS (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_money_cards_class_init (TkAgoraMoneyCardsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_agora_money_cards_dispose;
  object_class->finalize = tk_agora_money_cards_finalize;
  object_class->get_property = tk_agora_money_cards_get_property;
  object_class->set_property = tk_agora_money_cards_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_AGORA_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-money-cards.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraMoneyCards, goal_label);
  gtk_widget_class_bind_template_child (widget_class, TkAgoraMoneyCards, flow);
}

static void
tk_agora_money_cards_init (TkAgoraMoneyCards *self)
{
  self->cards = g_array_new (FALSE, FALSE, sizeof (Card));
  gtk_widget_init_template (GTK_WIDGET (self));
}
