/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-money-cards.c — the Agora panel's money: the goal, and for each player a card with
 * their money, what it means (to go, borrowing, the winner, the rank) and what their shops
 * earn.  The four cards are the template's, those of seats the session has shown, and
 * patched on each TkAgoraModel::changed.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-player-card.h"
#include "tk-agora-money-cards.h"
#include "tk-agora-text.h"

#define MAX_SEATS 4

/* A seat's card, bound from the template's slot_0 … letter_3. */
typedef struct
{
  GtkWidget    *slot;      /* its place in the flow box, hidden for a seat nobody has */
  TkPlayerCard *card;
  GtkWidget    *letter;
  GtkWidget    *income;
} Card;

struct _TkAgoraMoneyCards
{
  TkPanelPart parent_instance;

  Card        cards[MAX_SEATS];

  GtkWidget  *goal_label;
};

G_DEFINE_FINAL_TYPE (TkAgoraMoneyCards, tk_agora_money_cards, TK_TYPE_PANEL_PART)

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

  GtkWidget *note = tk_player_card_get_caption_label (card->card);

  g_object_set (card->card, "colour", tk_agora_player_get_colour (player),
                "player-name", tk_agora_player_get_name (player), "total", money_text,
                "active", tk_agora_player_get_active (player),
                "winner", tk_agora_player_get_winner (player), NULL);
  gtk_label_set_text (GTK_LABEL (card->letter), letter);
  tk_panel_set_class (tk_player_card_get_total_label (card->card), "error", money < 0);

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
  g_object_set (card->card, "caption", note_text, NULL);
  tk_panel_set_class (note, "error", money < 0);
  tk_panel_set_class (note, "accent", money >= 0 && tk_agora_player_get_richest (player));

  /* Translators: what a player's shops earn, e.g. "Shops earn $5 a turn". */
  income_text = g_strdup_printf (_("Shops earn $%" PRId64 " a turn"),
                                 tk_agora_player_get_shop_income (player));
  gtk_label_set_text (GTK_LABEL (card->income), income_text);
}

static void
tk_agora_money_cards_update (TkPanelPart  *part,
                             TkPanelModel *panel_model)
{
  TkAgoraMoneyCards *self = TK_AGORA_MONEY_CARDS (part);
  TkAgoraModel *model = TK_AGORA_MODEL (panel_model);
  guint n = tk_agora_model_get_n_players (model);
  gint64 goal = tk_agora_model_get_goal (model);
  g_autofree char *goal_text = NULL;

  if (tk_agora_model_get_goal_reach (model))
    /* Translators: the goal, e.g. "Goal: $50 or more at income". */
    goal_text = g_strdup_printf (_("Goal: $%" PRId64 " or more at income"), goal);
  else
    /* Translators: the goal, e.g. "Goal: over $50 at income". */
    goal_text = g_strdup_printf (_("Goal: over $%" PRId64 " at income"), goal);
  gtk_label_set_text (GTK_LABEL (self->goal_label), goal_text);

  /* Each card takes the focus: it is read as the player, money, standing, letter, income. */
  for (guint seat = 0; seat < MAX_SEATS; seat++)
    {
      gtk_widget_set_visible (self->cards[seat].slot, seat < n);
      if (seat < n)
        card_sync (&self->cards[seat], tk_agora_model_get_player (model, seat));
    }
}

static void
tk_agora_money_cards_class_init (TkAgoraMoneyCardsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_agora_money_cards_update;

  g_type_ensure (TK_TYPE_PLAYER_CARD);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-money-cards.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraMoneyCards, goal_label);
  for (guint seat = 0; seat < MAX_SEATS; seat++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "slot_", seat,
                                            G_STRUCT_OFFSET (TkAgoraMoneyCards, cards[seat].slot));
      tk_panel_bind_template_child_indexed (widget_class, "card_", seat,
                                            G_STRUCT_OFFSET (TkAgoraMoneyCards, cards[seat].card));
      tk_panel_bind_template_child_indexed (widget_class, "letter_", seat,
                                            G_STRUCT_OFFSET (TkAgoraMoneyCards, cards[seat].letter));
      tk_panel_bind_template_child_indexed (widget_class, "income_", seat,
                                            G_STRUCT_OFFSET (TkAgoraMoneyCards, cards[seat].income));
    }
}

static void
tk_agora_money_cards_init (TkAgoraMoneyCards *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint seat = 0; seat < MAX_SEATS; seat++)
    {
      Card *card = &self->cards[seat];

      tk_player_card_add_badge (card->card, card->letter);
      tk_panel_set_name (tk_player_card_get_total_label (card->card), "agora-money-%u", seat);
      tk_panel_set_name (tk_player_card_get_caption_label (card->card), "agora-money-note-%u",
                         seat);
    }
}
