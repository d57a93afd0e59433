/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel-private.h — what the parts of the Metropolis panel share: the instance
 * struct, its modes, and the functions one part calls in another (prefixed mpp_, for Metropolis
 * panel).  The panel itself is public only as tk-metropolis-panel.h; nothing outside
 * src/app/panels/metropolis/ includes this file.
 */
#pragma once

#include "panels/tk-panel-widgets.h"
#include "panels/tk-turn-header.h"
#include "tk-game-panel.h"
#include "tk-text-limit.h"
#include "tk-metropolis-board.h"
#include "tk-metropolis-panel.h"
#include "tk-metropolis-parts.h"

G_BEGIN_DECLS

typedef enum
{
  MODE_NONE,      /* nothing to pick (a turn not started, the game over) */
  MODE_DEAL,      /* the starting deeds of one seat */
  MODE_DRAFT,     /* one draft round: a lot per seat, in seat order */
  MODE_MARKET,    /* the deeds turned up at the start of a year, in slot order */
  MODE_BUILD,     /* the lots of the chosen tile */
  MODE_REVEAL,    /* the deed revealed for the last slot after a buy */
} Mode;

struct _TkMetropolisPanel
{
  TkGamePanel        parent_instance;

  TkSession         *session;

  /* the user's picking in progress (never game state) */
  Mode               mode;
  GArray            *selection;       /* int cells, in the order tapped */
  int                deal_seat;       /* −1: the first seat still short of deeds */
  gboolean           draft;
  char              *build_code;      /* MODE_BUILD */
  int                buy_slot;        /* MODE_REVEAL */

  /* read from the last state, for what the taps mean */
  int                side;
  int                current;
  const char        *phase;           /* static string, see phase_of() */

  gboolean           wide;
  guint              layout_idle;

  TkTurnHeader      *status_header;
  GtkBox            *body;
  GtkWidget         *board_column;
  GtkWidget         *side_column;
  TkMetropolisBoard *board;
  GtkWidget         *mode_box;
  GtkWidget         *deal_box;
  GtkFlowBox        *seats_box;
  GtkToggleButton   *dealt_button;
  GtkToggleButton   *draft_button;
  GtkLabel          *mode_label;
  GtkLabel          *selection_label;
  GtkWidget         *cancel_button;
  GtkWidget         *confirm_button;
  GtkWidget         *actions_box;
  GtkButton         *income_button;
  GtkWidget         *build_button;
  GtkPopover        *build_popover;
  GtkBox            *tiles_box;
  GtkWidget         *coins_button;
  GtkWidget         *market_section;
  GtkFlowBox        *market_box;
  GtkFlowBox        *players_box;
  GtkWidget         *scoring_section;
  AdwBin            *scoring_bin;
  GtkLabel          *rules_note;
};

/* tk-metropolis-panel.c: reading the state, applying, the refresh */
JsonObject *mpp_game_state      (TkMetropolisPanel *self);
const char *mpp_seat_name       (TkMetropolisPanel *self,
                                 int                seat);
JsonObject *mpp_player_state    (JsonObject        *game,
                                 int                seat);
int         mpp_market_want     (JsonObject        *game);
JsonArray  *mpp_tile_table      (TkMetropolisPanel *self);
char       *mpp_lots_text       (TkMetropolisPanel *self);
JsonArray  *mpp_lots_array      (TkMetropolisPanel *self);
gboolean    mpp_apply           (TkMetropolisPanel *self,
                                 JsonObject        *action);
void        mpp_clear_selection (TkMetropolisPanel *self);
void        mpp_set_mode        (TkMetropolisPanel *self,
                                 Mode               mode);
void        mpp_refresh_picking (TkMetropolisPanel *self);
void        mpp_refresh         (TkMetropolisPanel *self);

/* tk-metropolis-panel-actions.c: taps and buttons */
void mpp_on_lot_activated     (TkMetropolisPanel *self,
                               int                cell);
void mpp_on_confirm_clicked   (TkMetropolisPanel *self);
void mpp_on_cancel_clicked    (TkMetropolisPanel *self);
void mpp_on_deal_mode_toggled (TkMetropolisPanel *self);
void mpp_on_seat_toggled      (GtkToggleButton   *button,
                               TkMetropolisPanel *self);
void mpp_on_income_clicked    (TkMetropolisPanel *self);
void mpp_on_tile_clicked      (GtkButton         *button,
                               TkMetropolisPanel *self);
void mpp_on_buy_clicked       (GtkButton         *button,
                               TkMetropolisPanel *self);
void mpp_on_coins_clicked     (TkMetropolisPanel *self);

/* tk-metropolis-panel-view.c: drawing the parts */
void mpp_refresh_status     (TkMetropolisPanel *self,
                             JsonObject        *game,
                             JsonObject        *score);
void mpp_refresh_deal_seats (TkMetropolisPanel *self,
                             JsonObject        *game);
void mpp_refresh_mode       (TkMetropolisPanel *self,
                             JsonObject        *game);
void mpp_refresh_actions    (TkMetropolisPanel *self,
                             JsonObject        *game);
void mpp_refresh_market     (TkMetropolisPanel *self,
                             JsonObject        *game);

/* tk-metropolis-panel-players.c: the player cards */
void mpp_refresh_players (TkMetropolisPanel *self,
                          JsonObject        *game,
                          JsonObject        *score);

G_END_DECLS
