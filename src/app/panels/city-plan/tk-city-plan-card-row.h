/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-card-row.h — one card of the City Plan card table, to edit in the setup
 * options: an expander row whose rows carry the member of the card they edit. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TYPE_CITY_PLAN_CARD_ROW (tk_city_plan_card_row_get_type ())
G_DECLARE_FINAL_TYPE (TkCityPlanCardRow, tk_city_plan_card_row, TK, CITY_PLAN_CARD_ROW,
                      AdwExpanderRow)

/* A row editing @card in place; each change activates "cards.save" on the row, and its
 * remove button "cards.remove" with the card's id. */
GtkWidget *tk_city_plan_card_row_new (JsonObject *card);

G_END_DECLS
