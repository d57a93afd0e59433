/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-draw-page.c — the Agora draw phase, a page of the turn card.
 *
 * First the four letters (with the cards left of each); the active player's own letter makes
 * its event happen, so tapping it asks which event the card shows, each said in words before
 * the tap: what fire or flood would take comes from the engine (the model's largest shop and
 * each shop's fire fate), a festival's payouts from the players' shop income and who it would
 * make win from the engine too.  Taps are the
 * "draw.*" actions.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-agora-draw-page.h"
#include "tk-agora-text.h"

struct _TkAgoraDrawPage
{
  TkPanelPart   parent_instance;

  GtkWidget    *letters[TK_AGORA_N_LETTERS];    /* the template's letter_0 … letter_3 */
  GtkWidget    *details[TK_AGORA_N_LETTERS];
  GtkWidget    *fire_row;
  GtkWidget    *flood_row;
  GtkWidget    *festival_row;
};

G_DEFINE_FINAL_TYPE (TkAgoraDrawPage, tk_agora_draw_page, TK_TYPE_PANEL_PART)

static TkAgoraModel *
get_model (gpointer self)
{
  return TK_AGORA_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* ---- events in words ---- */

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
describe_disaster (TkAgoraModel *model,
                   gboolean      fire)
{
  gboolean tie;
  TkAgoraShop *largest = tk_agora_model_get_largest (model, &tie);
  GListModel *shops = tk_agora_model_get_shops (model);
  g_autoptr(GArray) gone = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) hurt = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *owner;
  guint id, n_cards;
  gint64 counters;
  GString *text;

  if (largest == NULL && tie)
    return g_strdup (_("Several shops tie for the most counters: nothing happens."));
  if (largest == NULL)
    return g_strdup (_("No shop has counters: nothing happens."));

  id = tk_agora_shop_get_id (largest);
  counters = tk_agora_shop_get_counters (largest);
  owner = tk_agora_player_get_name (tk_agora_model_get_player (model,
                                                               tk_agora_shop_get_owner (largest)));
  if (!fire)
    /* Translators: e.g. "Washes Ana’s 4 counters off shop 3: it becomes unowned." */
    return g_strdup_printf (_("Washes %s’s %" PRId64 " counters off shop %u: it becomes "
                              "unowned."), owner, counters, id);

  for (guint i = 0; i < g_list_model_get_n_items (shops); i++)
    {
      g_autoptr(TkAgoraShop) shop = g_list_model_get_item (shops, i);
      guint other = tk_agora_shop_get_id (shop);

      if (tk_agora_shop_get_fire_fate (shop) == TK_AGORA_FIRE_GOES)
        g_array_append_val (gone, other);
      else if (tk_agora_shop_get_fire_fate (shop) == TK_AGORA_FIRE_LOSES_CARDS)
        g_array_append_val (hurt, other);
    }
  n_cards = tk_agora_shop_get_n_cards (largest);
  text = g_string_new (NULL);
  /* Translators: e.g. "Burns shop 3 (Ana’s, 4 counters): its 2 cards leave the game." */
  g_string_printf (text, g_dngettext (NULL, "Burns shop %u (%s’s, %" PRId64 " counters): its "
                                      "card leaves the game.",
                                      "Burns shop %u (%s’s, %" PRId64 " counters): its %u cards "
                                      "leave the game.", n_cards),
                   id, owner, counters, n_cards);
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
describe_festival (TkAgoraModel *model)
{
  GString *text = g_string_new (_("Everyone collects their shops’ income now:"));
  guint n = tk_agora_model_get_n_players (model);
  guint winners = tk_agora_model_get_festival_winners (model);
  guint n_past = 0;
  g_autoptr(GString) past = g_string_new (NULL);

  for (guint seat = 0; seat < n; seat++)
    {
      TkAgoraPlayer *player = tk_agora_model_get_player (model, seat);
      gint64 amount = tk_agora_player_get_shop_income (player);

      g_string_append_c (text, ' ');
      /* Translators: one player's festival income, e.g. "Ana +$5"; joined by ", ". */
      g_string_append_printf (text, _("%s +$%" PRId64), tk_agora_player_get_name (player),
                              amount);
      if (seat + 1 < n)
        g_string_append (text, _(","));
      if (winners & (1u << seat))
        {
          if (n_past++ > 0)
            g_string_append (past, _(", "));
          g_string_append (past, tk_agora_player_get_name (player));
        }
    }
  g_string_append (text, _("."));
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

/* ---- patching ---- */

static void
tk_agora_draw_page_update (TkPanelPart  *part,
                           TkPanelModel *panel_model)
{
  TkAgoraDrawPage *self = TK_AGORA_DRAW_PAGE (part);
  TkAgoraModel *model = TK_AGORA_MODEL (panel_model);
  int chosen = tk_agora_model_get_chosen_letter (model);
  guint active = tk_agora_model_get_active (model);
  int own = active < tk_agora_model_get_n_players (model)
            ? tk_agora_player_get_letter (tk_agora_model_get_player (model, active)) : -1;

  if (tk_agora_model_get_phase (model) != TK_AGORA_PHASE_DRAW)
    return;
  /* the stack is the template's root, so not bound: a bound root would be unparented twice */
  gtk_stack_set_visible_child_name (GTK_STACK (adw_bin_get_child (ADW_BIN (self))),
                                    chosen < 0 ? "letters" : "events");
  if (chosen < 0)
    {
      for (int l = 0; l < TK_AGORA_N_LETTERS; l++)
        {
          guint left = tk_agora_model_get_cards_left (model, l);
          /* Translators: cards of a letter still in the deck, e.g. "7 left". */
          g_autofree char *detail = g_strdup_printf (_("%" PRId64 " left"), (gint64) left);

          tk_agora_letter_button_set (self->letters[l], self->details[l], l, detail);
          gtk_widget_set_sensitive (self->letters[l], left > 0);
          tk_panel_set_class (self->letters[l], "tk-agora-hit", l == own);
        }
      return;
    }
  {
    g_autofree char *fire = describe_disaster (model, TRUE);
    g_autofree char *flood = describe_disaster (model, FALSE);
    g_autofree char *festival = describe_festival (model);

    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->fire_row), fire);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->flood_row), flood);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->festival_row), festival);
  }
}

/* ---- actions ---- */

static void
letter_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tk_agora_model_draw (get_model (widget), g_variant_get_int32 (parameter));
}

static void
event_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  TkAgoraEvent event = g_str_equal (name, "fire") ? TK_AGORA_EVENT_FIRE
                       : g_str_equal (name, "flood") ? TK_AGORA_EVENT_FLOOD
                       : TK_AGORA_EVENT_FESTIVAL;

  tk_agora_model_draw_event (get_model (widget), event);
}

static void
other_letter_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  tk_agora_model_set_chosen_letter (get_model (widget), -1);
}

/* ---- object ---- */

/* The letters' sensitivity is theirs, not their action's: set it again once the buttons have
 * found "draw.letter" (which makes them sensitive). */
static void
tk_agora_draw_page_map (GtkWidget *widget)
{
  TkAgoraDrawPage *self = TK_AGORA_DRAW_PAGE (widget);

  GTK_WIDGET_CLASS (tk_agora_draw_page_parent_class)->map (widget);
  if (get_model (self) != NULL)
    tk_agora_draw_page_update (TK_PANEL_PART (self), TK_PANEL_MODEL (get_model (self)));
}

static void
tk_agora_draw_page_class_init (TkAgoraDrawPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->map = tk_agora_draw_page_map;
  TK_PANEL_PART_CLASS (klass)->update = tk_agora_draw_page_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-draw-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, TkAgoraDrawPage, name)
  BIND (fire_row); BIND (flood_row); BIND (festival_row);
#undef BIND
  for (guint l = 0; l < TK_AGORA_N_LETTERS; l++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "letter_", l,
                                            G_STRUCT_OFFSET (TkAgoraDrawPage, letters[l]));
      tk_panel_bind_template_child_indexed (widget_class, "letter_detail_", l,
                                            G_STRUCT_OFFSET (TkAgoraDrawPage, details[l]));
    }

  gtk_widget_class_install_action (widget_class, "draw.letter", "i", letter_action);
  gtk_widget_class_install_action (widget_class, "draw.event", "s", event_action);
  gtk_widget_class_install_action (widget_class, "draw.other-letter", NULL, other_letter_action);
}

static void
tk_agora_draw_page_init (TkAgoraDrawPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
