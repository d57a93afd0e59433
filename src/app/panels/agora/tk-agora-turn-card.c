/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-turn-card.c — the Agora turn as a guided flow.
 *
 * The template holds the turn's steps, the first card's letters, the placement editor (for
 * the first card and the Place step) and one page per phase (the first card, income, draw,
 * place, buy) in a stack; this file only shows the page of the model's phase and patches its
 * words, and binds a TkAgoraBuyRow to each of the model's shops for sale.  A page that ends its
 * step hands the keyboard focus to the next one (GtkStack does), so a tap never leaves it on
 * nothing.  The draw phase is a part of its own, TkAgoraDrawPage.  Taps are the "turn.*"
 * actions; each asks the model, which applies through the panel.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-agora-buy-row.h"
#include "tk-agora-draw-page.h"
#include "tk-agora-placement.h"
#include "tk-agora-text.h"
#include "tk-agora-turn-card.h"
#include "tk-panel-widgets.h"

#define N_STEPS 4

struct _TkAgoraTurnCard
{
  TkPanelPart   parent_instance;

  GListModel   *for_sale;    /* the model's list the buy rows are bound to (not a reference) */
  guint         moment;      /* the model's moment the placement editor's choices belong to */

  GtkWidget    *title;
  GtkWidget    *steps;
  GtkWidget    *step_labels[N_STEPS];           /* the template's step_0 … step_3 */
  GtkWidget    *hint;
  GtkWidget    *pages;
  GtkWidget    *first_box;
  GtkWidget    *first_letters[TK_AGORA_N_LETTERS];  /* first_0 … first_3 */
  GtkWidget    *first_details[TK_AGORA_N_LETTERS];
  GtkWidget    *nobody;
  GtkWidget    *seats;
  GtkWidget    *seat_buttons[TK_AGORA_N_LETTERS];   /* seat_0 … seat_3: four players at most */
  GtkWidget    *preview;
  GtkWidget    *collect;
  GtkWidget    *buy_list;
  GtkWidget    *none_for_sale;
  GtkWidget    *pass;
  GtkWidget    *placement;
};

G_DEFINE_FINAL_TYPE (TkAgoraTurnCard, tk_agora_turn_card, TK_TYPE_PANEL_PART)

static TkAgoraModel *
get_model (gpointer self)
{
  return TK_AGORA_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static const char *
seat_name (TkAgoraModel *model,
           guint         seat)
{
  return tk_agora_player_get_name (tk_agora_model_get_player (model, seat));
}

static void
show_message (TkAgoraTurnCard *self,
              const char      *text)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game-panel.show-message", "s", text);
}

/* ---- the pages ---- */

static void
sync_steps (TkAgoraTurnCard *self,
            int              current)
{
  gtk_widget_set_visible (self->steps, current >= 0);
  for (int i = 0; i < N_STEPS; i++)
    {
      tk_panel_set_class (self->step_labels[i], "tk-agora-step-current", i == current);
      tk_panel_set_class (self->step_labels[i], "tk-agora-step-done", i < current);
      tk_panel_set_class (self->step_labels[i], "dim-label", i > current);
    }
}

static void
sync_first_card (TkAgoraTurnCard *self)
{
  int chosen = tk_agora_model_get_chosen_letter (get_model (self));
  int chosen_seat = tk_agora_model_get_chosen_seat (get_model (self));
  int holder = chosen >= 0 ? tk_agora_model_letter_seat (get_model (self), chosen) : -1;
  guint n = tk_agora_model_get_n_players (get_model (self));

  gtk_label_set_text (GTK_LABEL (self->title), _("The First Card"));
  sync_steps (self, -1);
  gtk_label_set_text (GTK_LABEL (self->hint),
                      _("Turn up the top card and lay it in the middle. Its letter names the "
                        "first player: tap it."));
  for (int l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      int seat = tk_agora_model_letter_seat (get_model (self), l);
      const char *detail = seat >= 0 ? seat_name (get_model (self), seat) : _("Nobody");

      tk_agora_letter_button_set (self->first_letters[l], self->first_details[l], l, detail);
      tk_panel_set_class (self->first_letters[l], "suggested-action", l == chosen);
    }

  gtk_widget_set_visible (self->nobody, chosen >= 0 && holder < 0);
  gtk_widget_set_visible (self->seats, chosen >= 0 && holder < 0);
  if (chosen >= 0 && holder < 0)
    {
      g_autofree char *text = g_strdup_printf (_("Nobody has the letter %c: who was drawn at "
                                                 "random to start?"), 'A' + chosen);

      gtk_label_set_text (GTK_LABEL (self->nobody), text);
    }
  for (guint seat = 0; seat < G_N_ELEMENTS (self->seat_buttons); seat++)
    {
      GtkWidget *button = self->seat_buttons[seat];

      gtk_widget_set_visible (button, seat < n);
      if (seat < n)
        gtk_button_set_label (GTK_BUTTON (button), seat_name (get_model (self), seat));
      tk_panel_set_class (button, "suggested-action", (int) seat == chosen_seat);
    }

  gtk_widget_set_visible (self->first_box, TRUE);
  gtk_widget_set_visible (self->placement, chosen >= 0);
  /* the first page holds only Lay the First Card: no letter, no page */
  gtk_widget_set_visible (self->pages, chosen >= 0);
  if (chosen >= 0)
    tk_agora_placement_set_shops (TK_AGORA_PLACEMENT (self->placement), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "turn.lay-first",
                                 chosen >= 0 && (holder >= 0 || chosen_seat >= 0));
}

static void
sync_income (TkAgoraTurnCard *self,
             TkAgoraPlayer   *player)
{
  const char *name = tk_agora_player_get_name (player);
  gint64 amount = tk_agora_player_get_income_now (player);
  gint64 after = tk_agora_player_get_money (player) + amount;
  g_autofree char *after_text = tk_agora_format_money (after);
  g_autofree char *hint = NULL;
  g_autofree char *preview = g_strdup_printf (_("+$%" PRId64), amount);
  g_autofree char *button = NULL;

  if (tk_agora_player_get_turns (player) == 0)
    hint = g_strdup_printf (_("%s’s first turn: no income yet."), name);
  else if (tk_agora_model_past_goal (get_model (self), after))
    /* Translators: e.g. "Ana’s shops bring $7: $52, past the goal — Ana wins." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s, past the goal — %s wins."),
                            name, amount, after_text, name);
  else
    /* Translators: e.g. "Ana’s shops bring $7: Ana will have $23." */
    hint = g_strdup_printf (_("%s’s shops bring $%" PRId64 ": %s will have %s."), name, amount,
                            name, after_text);
  gtk_label_set_text (GTK_LABEL (self->hint), hint);
  gtk_label_set_text (GTK_LABEL (self->preview), preview);
  /* Translators: the button that takes the income, e.g. "Collect $7". */
  button = g_strdup_printf (_("Collect $%" PRId64), amount);
  gtk_button_set_label (GTK_BUTTON (self->collect), button);
}

static void
sync_draw (TkAgoraTurnCard *self,
           TkAgoraPlayer   *player)
{
  int chosen = tk_agora_model_get_chosen_letter (get_model (self));
  g_autofree char *hint = NULL;

  if (chosen < 0)
    hint = g_strdup_printf (_("Turn up the next card and tap its letter. %c is %s’s letter: "
                              "then its event happens."),
                            'A' + tk_agora_player_get_letter (player),
                            tk_agora_player_get_name (player));
  else
    hint = g_strdup_printf (_("%c is %s’s letter: the card’s event happens. Which one does it "
                              "show?"), 'A' + chosen, tk_agora_player_get_name (player));
  gtk_label_set_text (GTK_LABEL (self->hint), hint);
}

static void
sync_place (TkAgoraTurnCard *self)
{
  int drawn = tk_agora_model_get_drawn (get_model (self));
  char letter[2] = { drawn >= 0 ? (char) ('A' + drawn) : '?', '\0' };
  g_autofree char *hint = NULL;

  if (tk_agora_model_get_deck_total (get_model (self)) == 0)
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops. It is the last card: placing it ends the game."), letter);
  else
    hint = g_strdup_printf (_("Lay the card (%s) on the table, then say what it did to the "
                              "shops."), letter);
  gtk_label_set_text (GTK_LABEL (self->hint), hint);
  tk_agora_placement_set_shops (TK_AGORA_PLACEMENT (self->placement), get_model (self));
  gtk_widget_set_visible (self->placement, TRUE);
}

/* A row comes with its shop while the model reads the session; sync_buy () gives it its
 * words on the ::changed that follows, before the buy page is shown. */
static GtkWidget *
create_buy_row (gpointer item,
                gpointer user_data)
{
  return tk_agora_buy_row_new ();
}

static void
sync_buy (TkAgoraTurnCard *self,
          TkAgoraPlayer   *player)
{
  GListModel *for_sale = tk_agora_model_get_shops_for_sale (get_model (self));
  guint n = g_list_model_get_n_items (for_sale);
  g_autofree char *hint = g_strdup_printf (_("%s may buy one unowned shop for its open doors, "
                                             "or nothing. Money may go below zero."),
                                           tk_agora_player_get_name (player));

  gtk_label_set_text (GTK_LABEL (self->hint), hint);
  /* the rows stay with their shops: patch what the player's money changed */
  for (guint i = 0; i < n; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->buy_list), i);
      g_autoptr(TkAgoraShop) shop = g_list_model_get_item (for_sale, i);

      if (row != NULL)
        tk_agora_buy_row_patch (TK_AGORA_BUY_ROW (row), shop, player);
    }
  gtk_widget_set_visible (self->buy_list, n > 0);
  gtk_widget_set_visible (self->none_for_sale, n == 0);
  tk_panel_set_class (self->pass, "suggested-action", n == 0);
}

static void
tk_agora_turn_card_update (TkPanelPart  *part,
                           TkPanelModel *panel_model)
{
  TkAgoraTurnCard *self = TK_AGORA_TURN_CARD (part);
  TkAgoraPhase phase = tk_agora_model_get_phase (get_model (self));
  guint active = tk_agora_model_get_active (get_model (self));
  TkAgoraPlayer *player = NULL;
  static const char *const page_names[] = { "first", "income", "draw", "place", "buy", "over" };

  if (self->for_sale != tk_agora_model_get_shops_for_sale (get_model (self)))
    {
      self->for_sale = tk_agora_model_get_shops_for_sale (get_model (self));
      self->moment = tk_panel_model_get_moment (panel_model);
      gtk_list_box_bind_model (GTK_LIST_BOX (self->buy_list), self->for_sale, create_buy_row,
                               self, NULL);
    }
  /* the placement editor's choices belong to one moment of the game */
  if (tk_panel_model_get_moment (panel_model) != self->moment)
    {
      self->moment = tk_panel_model_get_moment (panel_model);
      tk_agora_placement_reset (TK_AGORA_PLACEMENT (self->placement));
    }

  /* Over: no turn to take; the session's end card has the result and Finish. */
  gtk_widget_set_visible (GTK_WIDGET (self), phase != TK_AGORA_PHASE_OVER);
  gtk_stack_set_visible_child_name (GTK_STACK (self->pages), page_names[phase]);
  gtk_widget_set_visible (self->pages, TRUE);
  gtk_widget_set_visible (self->first_box, FALSE);
  gtk_widget_set_visible (self->placement, FALSE);
  if (phase == TK_AGORA_PHASE_FIRST_CARD)
    {
      sync_first_card (self);
      return;
    }
  if (phase == TK_AGORA_PHASE_OVER || active >= tk_agora_model_get_n_players (get_model (self)))
    return;

  player = tk_agora_model_get_player (get_model (self), active);
  {
    /* Translators: e.g. "Ana’s turn (card A)". */
    g_autofree char *title = g_strdup_printf (_("%s’s turn (card %c)"),
                                              tk_agora_player_get_name (player),
                                              'A' + tk_agora_player_get_letter (player));
    gtk_label_set_text (GTK_LABEL (self->title), title);
  }
  sync_steps (self, phase - TK_AGORA_PHASE_INCOME);
  if (phase == TK_AGORA_PHASE_INCOME)
    sync_income (self, player);
  else if (phase == TK_AGORA_PHASE_DRAW)
    sync_draw (self, player);
  else if (phase == TK_AGORA_PHASE_PLACE)
    sync_place (self);
  else
    sync_buy (self, player);
}

/* ---- actions ---- */

static void
first_letter_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkAgoraTurnCard *self = TK_AGORA_TURN_CARD (widget);

  tk_agora_model_set_chosen_letter (get_model (self), g_variant_get_int32 (parameter));
}

static void
first_seat_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TkAgoraTurnCard *self = TK_AGORA_TURN_CARD (widget);

  tk_agora_model_set_chosen_seat (get_model (self), g_variant_get_int32 (parameter));
}

/* "turn.lay-first" and "turn.place": the placement editor's card, then the model's action. */
static void
lay_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TkAgoraTurnCard *self = TK_AGORA_TURN_CARD (widget);
  g_autoptr(JsonObject) action = json_object_new ();
  g_autoptr(GError) error = NULL;

  if (!tk_agora_placement_fill_action (TK_AGORA_PLACEMENT (self->placement), action, &error))
    {
      show_message (self, error->message);
      return;
    }
  if (g_str_equal (action_name, "turn.lay-first"))
    tk_agora_model_lay_first_card (get_model (self), action);
  else
    tk_agora_model_place (get_model (self), action);
}

static void
collect_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  tk_agora_model_collect (get_model (widget));
}

static void
buy_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  tk_agora_model_buy (get_model (widget), g_variant_get_uint32 (parameter));
}

static void
pass_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  tk_agora_model_pass (get_model (widget));
}

/* ---- object ---- */

static void
tk_agora_turn_card_class_init (TkAgoraTurnCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_agora_turn_card_update;

  g_type_ensure (TK_TYPE_AGORA_DRAW_PAGE);
  g_type_ensure (TK_TYPE_AGORA_PLACEMENT);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-turn-card.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkAgoraTurnCard, name)
  BIND (title); BIND (steps); BIND (hint); BIND (pages); BIND (first_box); BIND (nobody);
  BIND (seats); BIND (preview); BIND (collect); BIND (buy_list); BIND (none_for_sale);
  BIND (pass); BIND (placement);
#undef BIND
  for (guint i = 0; i < N_STEPS; i++)
    tk_panel_bind_template_child_indexed (widget_class, "step_", i,
                                          G_STRUCT_OFFSET (TkAgoraTurnCard, step_labels[i]));
  for (guint i = 0; i < TK_AGORA_N_LETTERS; i++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "first_", i,
                                            G_STRUCT_OFFSET (TkAgoraTurnCard, first_letters[i]));
      tk_panel_bind_template_child_indexed (widget_class, "first_detail_", i,
                                            G_STRUCT_OFFSET (TkAgoraTurnCard, first_details[i]));
      tk_panel_bind_template_child_indexed (widget_class, "seat_", i,
                                            G_STRUCT_OFFSET (TkAgoraTurnCard, seat_buttons[i]));
    }

  gtk_widget_class_install_action (widget_class, "turn.first-letter", "i", first_letter_action);
  gtk_widget_class_install_action (widget_class, "turn.first-seat", "i", first_seat_action);
  gtk_widget_class_install_action (widget_class, "turn.lay-first", NULL, lay_action);
  gtk_widget_class_install_action (widget_class, "turn.collect", NULL, collect_action);
  gtk_widget_class_install_action (widget_class, "turn.place", NULL, lay_action);
  gtk_widget_class_install_action (widget_class, "turn.buy", "u", buy_action);
  gtk_widget_class_install_action (widget_class, "turn.pass", NULL, pass_action);
}

static void
tk_agora_turn_card_init (TkAgoraTurnCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
