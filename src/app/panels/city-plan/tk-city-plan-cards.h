/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-cards.h — the City Plan card table as the app keeps it: the shipped table, the
 * user's own table saved for later sessions, and readable words for a card. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* g_get_user_data_dir()/tablekeeper/city-plan-cards.json (a new string). */
char       *tk_city_plan_cards_path         (void);
/* The shipped card table (the engine's default), a new array. */
JsonArray  *tk_city_plan_cards_shipped      (void);
/* The user's saved table when there is a usable one, else the shipped table; a new array. */
JsonArray  *tk_city_plan_cards_load         (void);
/* Saves @cards as the table new sessions start with (atomically). */
gboolean    tk_city_plan_cards_save         (JsonArray  *cards,
                                             GError    **error);
/* Whether @cards make a card table the engine accepts; FALSE with its reason. */
gboolean    tk_city_plan_cards_check        (JsonArray  *cards,
                                             GError    **error);

/* "Residential", "Power plant", … (translated). */
const char *tk_city_plan_type_label         (const char *type);
/* "Facility · cost 3 · 1 point · power 1 · eco", then on a line of its own what the card's
 * effect does, e.g. "Residential cost −2", when it has one (a new string). */
char       *tk_city_plan_card_description   (JsonObject *card);

G_END_DECLS
