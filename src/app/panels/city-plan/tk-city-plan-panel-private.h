/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-panel-private.h — what the parts of the City Plan panel share: the instance
 * struct, the snapshot a redraw reads (View), and the functions one part calls in another
 * (prefixed cpp_, for City Plan panel).  The panel itself is public only as
 * tk-city-plan-panel.h; nothing outside src/app/panels/city-plan/ includes this file.
 */
#pragma once

#include "panels/tk-panel-widgets.h"
#include "panels/tk-colour-dot.h"
#include "panels/tk-turn-header.h"
#include "tk-game-panel.h"
#include "tk-city-plan-panel.h"
#include "tk-city-plan-build.h"
#include "tk-city-plan-cards.h"

G_BEGIN_DECLS

struct _TkCityPlanPanel
{
  TkGamePanel parent_instance;

  TkSession  *session;

  TkTurnHeader *turn_header;
  GtkWidget  *turn_content;
  GtkWidget  *deck_label;
  GtkWidget  *players_flow;
  GtkWidget  *tiles_note;
  GtkWidget  *tiles_list;
  GtkWidget  *score_note;
  GtkWidget  *score_flow;

  GtkWidget  *build;           /* kept across redraws (owned) */

  char       *draft_key;
  gboolean    manifesto_pending;   /* "look at manifestos" tapped, keep or not to answer */
  gboolean    redraw_pending;      /* "1 card and manifestos" tapped */

  /* What the last round's end did, told once after the action that ended it. */
  gint64      seen_round;          /* 0: nothing seen yet */
  guint       seen_fired;          /* mask of fired tiles */
  char       *round_news;
};

typedef struct
{
  JsonObject *json;      /* owned */
  JsonObject *game;
  JsonObject *setup;
  JsonObject *score;     /* owned */
  JsonArray  *cards;     /* owned */
  const char *phase;
  guint       active;
  guint       n_players;
  gint64      hand_limit;
  gint64      end_buildings;
} View;

/* Counts of one player's city, as the income tiles read them. */
typedef struct
{
  gint64 type[5];     /* residential, commercial, industrial, facility, power plant */
  gint64 eco;
  gint64 buildings;
} Counts;

/* A "−  3  +" stepper that applies the action built by @make for the new value. */
typedef JsonObject *(*MakeAction) (gpointer data, gint64 value);

/* tk-city-plan-panel.c: helpers, reading the state, applying, the redraw */
GtkWidget  *cpp_label_new     (const char      *text,
                               const char      *css_class);
const char *cpp_seat_name     (View            *view,
                               guint            seat);
JsonObject *cpp_player_state  (View            *view,
                               guint            seat);
gboolean    cpp_apply         (TkCityPlanPanel *self,
                               JsonObject      *action);
GtkWidget  *cpp_button_row    (void);
void        cpp_count_city    (JsonObject      *player,
                               Counts          *counts);
GtkWidget  *cpp_stepper       (TkCityPlanPanel *self,
                               const char      *name,
                               const char      *value_text,
                               gint64           value,
                               gint64           min,
                               gint64           max,
                               MakeAction       make,
                               gpointer         data,
                               GDestroyNotify   destroy,
                               const char      *less,
                               const char      *more);
void        cpp_refresh       (TkCityPlanPanel *self);

/* tk-city-plan-panel-turn.c: the turn */
void cpp_build_requested (TkCityPlanPanel *self);
void cpp_draw_turn       (TkCityPlanPanel *self,
                          View            *view);

/* tk-city-plan-panel-cities.c: each player's city */
void cpp_draw_players (TkCityPlanPanel *self,
                       View            *view);

/* tk-city-plan-panel-tiles.c: the income tiles and the score */
const char *cpp_tile_title (const char      *id);
void        cpp_draw_tiles (TkCityPlanPanel *self,
                            View            *view);
void        cpp_draw_score (TkCityPlanPanel *self,
                            View            *view);

G_END_DECLS
