/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-market.c — the deeds for sale (see the header).  The template holds a card
 * per slot the setup may have; as many as the session has are shown and patched, and each Buy
 * activates "market.buy" with its slot.  The model refuses a buy the player cannot make before the card is turned up at the
 * table, and the reason is said through "game-panel.show-message".
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metropolis-market.h"
#include "panels/tk-panel-widgets.h"

struct _TkMetropolisMarket
{
  TkPanelPart  parent_instance;

  GtkFlowBox  *market_box;
  GtkWidget   *slots[TK_METROPOLIS_MAX_SLOTS];   /* the flow box's cells */
  GtkWidget   *cards[TK_METROPOLIS_MAX_SLOTS];
  GtkLabel    *prices[TK_METROPOLIS_MAX_SLOTS];
  GtkLabel    *lots[TK_METROPOLIS_MAX_SLOTS];
  GtkWidget   *buys[TK_METROPOLIS_MAX_SLOTS];
};

G_DEFINE_FINAL_TYPE (TkMetropolisMarket, tk_metropolis_market, TK_TYPE_PANEL_PART)

/* "market.buy" (i): Buy on a slot's card. */
static void
buy_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (tk_panel_part_get_model (TK_PANEL_PART (widget)));
  g_autoptr(GError) error = NULL;

  if (!tk_metropolis_model_buy (model, g_variant_get_int32 (parameter), &error) && error != NULL)
    gtk_widget_activate_action (widget, "game-panel.show-message", "s", error->message);
}

static void
tk_metropolis_market_update (TkPanelPart  *part,
                             TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  TkMetropolisMarket *self = TK_METROPOLIS_MARKET (part);
  TkMetropolisPhase phase = g->phase;
  gboolean revealing = tk_metropolis_model_get_mode (model) == TK_METROPOLIS_MODE_REVEAL;
  int current = g->current;

  gtk_widget_set_visible (GTK_WIDGET (self), phase != TK_METROPOLIS_PHASE_DEAL &&
                                             phase != TK_METROPOLIS_PHASE_OVER);
  /* beside the board the deed slots take two rows of three */
  gtk_flow_box_set_max_children_per_line (self->market_box,
                                          tk_panel_part_get_wide (part) ? 3 : 6);
  for (guint s = 0; s < TK_METROPOLIS_MAX_SLOTS; s++)
    gtk_widget_set_visible (self->slots[s], s < g->n_slots);
  for (guint s = 0; s < g->n_slots; s++)
    {
      const TkMetropolisSlot *deed = &g->slots[s];
      /* Translators: a slot's price on the deed board, e.g. "4 coins" */
      g_autofree char *price = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d coin", "%d coins",
                                                             (gulong) deed->price),
                                                (int) deed->price);
      g_autofree char *tooltip = NULL;

      gtk_label_set_text (self->prices[s], price);
      gtk_label_set_text (self->lots[s], deed->lot != NULL ? deed->lot : "—");
      tk_panel_set_class (GTK_WIDGET (self->lots[s]), "dim-label", deed->lot == NULL);
      tk_panel_set_class (self->cards[s], "tk-metropolis-buying",
                          revealing && (int) s == tk_metropolis_model_get_buy_slot (model));
      gtk_widget_set_sensitive (self->buys[s], phase == TK_METROPOLIS_PHASE_PLAY && deed->lot != NULL &&
                                           !revealing);
      if (deed->lot != NULL && current >= 0)
        /* Translators: e.g. "Ana buys B2 for 4 coins" */
        tooltip = g_strdup_printf (_("%s buys %s for %d coins"),
                                   tk_metropolis_game_seat_name (g, current), deed->lot,
                                   (int) deed->price);
      gtk_widget_set_tooltip_text (self->buys[s], tooltip);
      if (tooltip != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (self->buys[s]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        tooltip, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (self->buys[s]), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
}

static void
tk_metropolis_market_class_init (TkMetropolisMarketClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_market_update;

  gtk_widget_class_install_action (widget_class, "market.buy", "i", buy_action);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-market.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisMarket, market_box);
  for (guint s = 0; s < TK_METROPOLIS_MAX_SLOTS; s++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "slot_", s,
                                            G_STRUCT_OFFSET (TkMetropolisMarket, slots[s]));
      tk_panel_bind_template_child_indexed (widget_class, "card_", s,
                                            G_STRUCT_OFFSET (TkMetropolisMarket, cards[s]));
      tk_panel_bind_template_child_indexed (widget_class, "price_", s,
                                            G_STRUCT_OFFSET (TkMetropolisMarket, prices[s]));
      tk_panel_bind_template_child_indexed (widget_class, "lot_", s,
                                            G_STRUCT_OFFSET (TkMetropolisMarket, lots[s]));
      tk_panel_bind_template_child_indexed (widget_class, "buy_", s,
                                            G_STRUCT_OFFSET (TkMetropolisMarket, buys[s]));
    }
}

static void
tk_metropolis_market_init (TkMetropolisMarket *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
