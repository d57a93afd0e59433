/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.h — reading a Welcome To... sheet as the engine writes it in its JSON
 * (streets, houses, fences, claimed estates) and a seat's score breakdown: plain functions
 * over borrowed JSON, no object, so that the model and its views read a sheet one way.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_WELCOME_TO_N_STREETS   3
#define TK_WELCOME_TO_MAX_HOUSES  16
#define TK_WELCOME_TO_N_COLUMNS   6
#define TK_WELCOME_TO_N_PLANS     3
#define TK_WELCOME_TO_MAX_NUMBERS 32

typedef enum
{
  TK_WELCOME_TO_SURVEYOR,
  TK_WELCOME_TO_REAL_ESTATE,
  TK_WELCOME_TO_LANDSCAPER,
  TK_WELCOME_TO_POOL,
  TK_WELCOME_TO_TEMP,
  TK_WELCOME_TO_BIS,
  TK_WELCOME_TO_N_EFFECTS
} TkWelcomeToEffect;

/* A run of houses between fences, 0-based and inclusive. */
typedef struct
{
  guint street, from, to;
} TkWelcomeToEstate;

/* The engine's id of @effect ("surveyor" …), its name for a player, and back. */
const char *tk_welcome_to_effect_id        (TkWelcomeToEffect effect);
const char *tk_welcome_to_effect_name      (gint              effect);
gint        tk_welcome_to_effect_from_id   (const char       *id);

/* Readers of a sheet's JSON (0-based positions). */
JsonObject *tk_welcome_to_sheet_street            (JsonObject       *sheet,
                                                   guint             s);
JsonObject *tk_welcome_to_sheet_house             (JsonObject       *sheet,
                                                   guint             s,
                                                   guint             h);
gboolean    tk_welcome_to_sheet_has_fence         (JsonObject       *sheet,
                                                   guint             s,
                                                   guint             k);
gboolean    tk_welcome_to_house_has_number        (JsonObject       *house);
gboolean    tk_welcome_to_sheet_estate_used       (JsonObject       *sheet,
                                                   guint             s,
                                                   guint             h);
gint64      tk_welcome_to_breakdown_points        (JsonObject       *player,
                                                   const char       *key,
                                                   const char      **label);
/* Completed estates of @sheet, whose streets have @houses houses (street ends and fences
 * close them; 1 to 6 houses), as TkWelcomeToEstate. */
GArray     *tk_welcome_to_sheet_completed_estates (JsonObject       *sheet,
                                                   const guint       houses[TK_WELCOME_TO_N_STREETS]);

G_END_DECLS
