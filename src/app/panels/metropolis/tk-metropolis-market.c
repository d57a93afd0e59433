/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-market.c — the deeds for sale (see the header).  The slot cards are made once
 * (the slots are fixed by the setup) and patched; each Buy activates "market.buy" with its
 * slot.  The model refuses a buy the player cannot make before the card is turned up at the
 * table, and the reason is said through "game-panel.show-message".
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metropolis-market.h"

typedef struct
{
  GtkWidget *card;
  GtkLabel  *price;
  GtkLabel  *lot;
  GtkWidget *buy;
} Slot;

struct _TkMetropolisMarket
{
  TkPanelPart  parent_instance;

  GArray           *slots;    /* Slot */

  GtkFlowBox       *market_box;
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
make_slots (TkMetropolisMarket *self,
            guint               n_slots)
{
  for (guint s = 0; s < n_slots; s++)
    {
      Slot slot;
      g_autofree char *name = g_strdup_printf ("buy-slot-%u", s);

      slot.card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      slot.price = GTK_LABEL (gtk_label_new (NULL));
      slot.lot = GTK_LABEL (gtk_label_new (NULL));
      slot.buy = gtk_button_new_with_mnemonic (_("Buy"));
      gtk_widget_add_css_class (slot.card, "card");
      gtk_widget_add_css_class (slot.card, "tk-metropolis-slot");
      gtk_widget_add_css_class (GTK_WIDGET (slot.price), "caption");
      gtk_widget_add_css_class (GTK_WIDGET (slot.price), "numeric");
      gtk_widget_add_css_class (GTK_WIDGET (slot.lot), "title-2");
      gtk_widget_set_name (slot.buy, name);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (slot.buy), "market.buy");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (slot.buy), "i", (gint32) s);
      gtk_box_append (GTK_BOX (slot.card), GTK_WIDGET (slot.price));
      gtk_box_append (GTK_BOX (slot.card), GTK_WIDGET (slot.lot));
      gtk_box_append (GTK_BOX (slot.card), slot.buy);
      gtk_flow_box_append (self->market_box, slot.card);
      gtk_widget_set_focusable (gtk_widget_get_parent (slot.card), FALSE);
      g_array_append_val (self->slots, slot);
    }
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

  if (self->slots->len == 0)
    make_slots (self, g->n_slots);
  gtk_widget_set_visible (GTK_WIDGET (self), phase != TK_METROPOLIS_PHASE_DEAL &&
                                             phase != TK_METROPOLIS_PHASE_OVER);
  /* beside the board the deed slots take two rows of three */
  gtk_flow_box_set_max_children_per_line (self->market_box,
                                          tk_panel_part_get_wide (part) ? 3 : 6);
  for (guint s = 0; s < self->slots->len && s < g->n_slots; s++)
    {
      Slot *slot = &g_array_index (self->slots, Slot, s);
      const TkMetropolisSlot *deed = (&g->slots[s]);
      /* Translators: a slot's price on the deed board, e.g. "4 coins" */
      g_autofree char *price = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d coin", "%d coins",
                                                             (gulong) deed->price),
                                                (int) deed->price);
      g_autofree char *tooltip = NULL;

      gtk_label_set_text (slot->price, price);
      gtk_label_set_text (slot->lot, deed->lot != NULL ? deed->lot : "—");
      if (deed->lot == NULL)
        gtk_widget_add_css_class (GTK_WIDGET (slot->lot), "dim-label");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (slot->lot), "dim-label");
      if (revealing && (int) s == tk_metropolis_model_get_buy_slot (model))
        gtk_widget_add_css_class (slot->card, "tk-metropolis-buying");
      else
        gtk_widget_remove_css_class (slot->card, "tk-metropolis-buying");
      gtk_widget_set_sensitive (slot->buy, phase == TK_METROPOLIS_PHASE_PLAY && deed->lot != NULL &&
                                           !revealing);
      if (deed->lot != NULL && current >= 0)
        /* Translators: e.g. "Ana buys B2 for 4 coins" */
        tooltip = g_strdup_printf (_("%s buys %s for %d coins"),
                                   tk_metropolis_game_seat_name (g, current), deed->lot,
                                   (int) deed->price);
      gtk_widget_set_tooltip_text (slot->buy, tooltip);
      if (tooltip != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (slot->buy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        tooltip, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (slot->buy), GTK_ACCESSIBLE_PROPERTY_LABEL);
    }
}

static void
tk_metropolis_market_finalize (GObject *object)
{
  g_array_unref (TK_METROPOLIS_MARKET (object)->slots);
  G_OBJECT_CLASS (tk_metropolis_market_parent_class)->finalize (object);
}

static void
tk_metropolis_market_class_init (TkMetropolisMarketClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_metropolis_market_finalize;
  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_market_update;

  gtk_widget_class_install_action (widget_class, "market.buy", "i", buy_action);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-market.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisMarket, market_box);
}

static void
tk_metropolis_market_init (TkMetropolisMarket *self)
{
  self->slots = g_array_new (FALSE, TRUE, sizeof (Slot));
  gtk_widget_init_template (GTK_WIDGET (self));
}
