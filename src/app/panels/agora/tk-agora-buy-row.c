/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-buy-row.c — a shop for sale on the turn card's buy page (see the header).  The
 * turn card binds a row to each of the model's shops for sale and patches it when the
 * player's money changes; the button is the template's.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-agora-buy-row.h"
#include "tk-agora-text.h"

struct _TkAgoraBuyRow
{
  AdwActionRow  parent_instance;

  GtkWidget    *button;
};

G_DEFINE_FINAL_TYPE (TkAgoraBuyRow, tk_agora_buy_row, ADW_TYPE_ACTION_ROW)

static void
tk_agora_buy_row_class_init (TkAgoraBuyRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-buy-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkAgoraBuyRow, button);
}

static void
tk_agora_buy_row_init (TkAgoraBuyRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tk_agora_buy_row_new (void)
{
  return g_object_new (TK_TYPE_AGORA_BUY_ROW, NULL);
}

void
tk_agora_buy_row_patch (TkAgoraBuyRow *self,
                        TkAgoraShop   *shop,
                        TkAgoraPlayer *player)
{
  guint id = tk_agora_shop_get_id (shop);
  gint64 price = tk_agora_shop_get_doors (shop);
  gint64 marks = tk_agora_shop_get_marks (shop);
  gint64 money = tk_agora_player_get_money (player);
  g_autofree char *title = g_strdup_printf (_("Shop %u"), id);
  g_autofree char *after = tk_agora_format_money (money - price);
  g_autofree char *circles =
    g_strdup_printf (g_dngettext (NULL, "%" PRId64 " circle", "%" PRId64 " circles", marks),
                     marks);
  g_autofree char *doors =
    g_strdup_printf (g_dngettext (NULL, "%" PRId64 " open door", "%" PRId64 " open doors",
                                  price), price);
  g_autofree char *subtitle = NULL;
  g_autofree char *label = NULL;
  g_autofree char *accessible = NULL;

  g_return_if_fail (TK_IS_AGORA_BUY_ROW (self));

  if (money - price < 0)
    /* Translators: e.g. "2 circles, 4 open doors · Ana would be at −$2 (borrowing)". */
    subtitle = g_strdup_printf (_("%s, %s · %s would be at %s (borrowing)"), circles, doors,
                                tk_agora_player_get_name (player), after);
  else
    /* Translators: e.g. "2 circles, 4 open doors · Ana would have $6". */
    subtitle = g_strdup_printf (_("%s, %s · %s would have %s"), circles, doors,
                                tk_agora_player_get_name (player), after);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle);
  /* Translators: the buy button, e.g. "Buy for $4". */
  label = g_strdup_printf (_("Buy for $%" PRId64), price);
  gtk_button_set_label (GTK_BUTTON (self->button), label);
  tk_panel_set_name (self->button, "agora-buy-%u", id);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->button), "u", id);
  /* Translators: what a screen reader says for a buy button, e.g. "Buy Shop 3 for $4". */
  accessible = g_strdup_printf (_("Buy Shop %u for $%" PRId64), id, price);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
}

