/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-model.h — a Foundations of Metropolis session as the panel's parts read it:
 * typed, no widgets.
 *
 * The model reads the session once per TkSession::changed (the state as JSON, the score and
 * the setup) into a TkMetropolisGame — the phase, the year, whose turn, a TkMetropolisSeat per
 * player, a TkMetropolisSlot per deed for sale — then emits ::changed once.  It also keeps
 * what the user is in the middle of (never game state): which lots are tapped and for what
 * (the "mode": a seat's starting deeds, a draft round, the deeds for sale, a building, the
 * deed revealed after a buy), the seat being dealt, the tile being built, the slot being
 * bought, and whether the deeds are drafted.  A change of the session forgets them; a refused
 * action keeps them, so the user can fix the taps.  Those choices are properties ("mode",
 * "draft", "deal-seat", "selection"), notified when the user changes them (not when the
 * session does: ::changed says that).
 *
 * Every change goes through TkPanelModel's ::apply: the panel routes it to the session view
 * (which commits it and shows the Undo toast or the refusal); with nobody connected the model
 * applies it to the session itself.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "metropolis/tk-metropolis-rules.h"
#include "tk-panel-model.h"

G_BEGIN_DECLS

typedef enum
{
  TK_METROPOLIS_PHASE_DEAL,
  TK_METROPOLIS_PHASE_MARKET,
  TK_METROPOLIS_PHASE_PLAY,
  TK_METROPOLIS_PHASE_FINAL_TURNS,
  TK_METROPOLIS_PHASE_OVER,
} TkMetropolisPhase;

/* What a tap on a lot is for. */
typedef enum
{
  TK_METROPOLIS_MODE_NONE,      /* nothing to pick (a turn not started, the game over) */
  TK_METROPOLIS_MODE_DEAL,      /* the starting deeds of one seat */
  TK_METROPOLIS_MODE_DRAFT,     /* one draft round: a lot per seat, in seat order */
  TK_METROPOLIS_MODE_MARKET,    /* the deeds turned up at the start of a year, in slot order */
  TK_METROPOLIS_MODE_BUILD,     /* the lots of the chosen tile */
  TK_METROPOLIS_MODE_REVEAL,    /* the deed revealed for the last slot after a buy */
} TkMetropolisMode;

#define TK_METROPOLIS_MAX_SEATS 4
#define TK_METROPOLIS_MAX_SLOTS 8

/* A player as the cards show them; @name is borrowed from the setup. */
typedef struct
{
  const char *name;
  gint64      coins;
  gint64      income;
  gint64      markers;
  gint64      deeds;
  gint64      tiles_left;
  gint64      population;
  gint64      prestige;
  gint64      rank;              /* the place once the game is over */
  gboolean    has_preview;       /* what the year's end would give now, by category: */
  gint64      preview_population;
  gint64      preview_public;
  gint64      preview_commercial_prestige;
  gint64      preview_commercial_coins;
  gint64      preview_empty_lots;
  gint64      preview_coins;     /* coins paid by commercial buildings */
  gint64      preview_total;
} TkMetropolisSeat;

/* A deed for sale: its lot (NULL when the slot is empty; borrowed) and price. */
typedef struct
{
  const char *lot;
  gint64      price;
} TkMetropolisSlot;

/* What the model read from the session at its last change, typed (the JSON members are
 * borrowed, for the city board and the year-end table; everything is valid until the next
 * ::changed). */
typedef struct
{
  TkMetropolisPhase phase;
  gboolean          turn;            /* a turn is being played (play or the final turns) */
  int               year;
  int               side;            /* lots a side of the city board */
  int               current;         /* the seat whose turn it is, −1 before the first turn */
  int               first;           /* the first player */
  gint64            deck_left;
  gint64            final_turns_left;
  int               market_want;     /* deeds turned up for sale at the start of this year */
  gint64            years_scored;
  gint64            markers_total;   /* lot markers on a player board */
  gint64            tiles_total;     /* building tiles on a player board */
  guint             n_players;
  TkMetropolisSeat  seats[TK_METROPOLIS_MAX_SEATS];
  guint             n_slots;
  TkMetropolisSlot  slots[TK_METROPOLIS_MAX_SLOTS];
  JsonArray        *tiles;           /* the tile table (the setup's, or the engine's defaults) */
  JsonArray        *unconfirmed;     /* rule numbers the engine has not confirmed, or NULL */
  JsonObject       *game;            /* the engine's state */
  JsonObject       *score;
  JsonObject       *setup;
} TkMetropolisGame;

/* The name of @seat, "" for no seat. */
static inline const char *
tk_metropolis_game_seat_name (const TkMetropolisGame *g,
                              int                     seat)
{
  return seat >= 0 && (guint) seat < g->n_players && g->seats[seat].name != NULL
         ? g->seats[seat].name : "";
}

#define TK_TYPE_METROPOLIS_MODEL (tk_metropolis_model_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisModel, tk_metropolis_model, TK, METROPOLIS_MODEL, TkPanelModel)

TkMetropolisModel      *tk_metropolis_model_new               (TkSession         *session);

/* ---- read from the session at each change ---- */

const TkMetropolisGame *tk_metropolis_model_get_game          (TkMetropolisModel *self);
/* How many tiles of table row @row @seat has left on their board. */
gint64                  tk_metropolis_model_get_supply        (TkMetropolisModel *self,
                                                               int                seat,
                                                               guint              row);
/* The first row of the tile table with @code (borrowed), or NULL. */
JsonObject             *tk_metropolis_model_find_tile         (TkMetropolisModel *self,
                                                               const char        *code);

/* ---- what the user is in the middle of ---- */

TkMetropolisMode        tk_metropolis_model_get_mode          (TkMetropolisModel *self);
/* the deeds are drafted rather than dealt ("draft"; from the setup until the user says) */
gboolean                tk_metropolis_model_get_draft         (TkMetropolisModel *self);
void                    tk_metropolis_model_set_draft         (TkMetropolisModel *self,
                                                               gboolean           draft);
/* the seat whose starting deeds are being tapped ("deal-seat") */
int                     tk_metropolis_model_get_deal_seat     (TkMetropolisModel *self);
void                    tk_metropolis_model_set_deal_seat     (TkMetropolisModel *self,
                                                               int                seat);
/* the tile being built (NULL outside TK_METROPOLIS_MODE_BUILD) */
const char             *tk_metropolis_model_get_build_code    (TkMetropolisModel *self);
/* the slot being bought (−1 outside TK_METROPOLIS_MODE_REVEAL) */
int                     tk_metropolis_model_get_buy_slot      (TkMetropolisModel *self);
/* The lots tapped, in the order they were tapped ("selection": their names). */
const int              *tk_metropolis_model_get_selection     (TkMetropolisModel *self,
                                                               guint             *n_cells);
const char *const      *tk_metropolis_model_get_selection_names (TkMetropolisModel *self);

/* ---- what a tap or a button does ---- */

/* A tap on lot @cell (row × side + column): taken, let go, or the revealed deed of a buy.
 * FALSE when nothing is being picked (the tap only asks what stands there). */
gboolean                tk_metropolis_model_tap_lot           (TkMetropolisModel *self,
                                                               int                cell);
/* Applies what the taps were for (the deal, a draft round, the deeds for sale, a build). */
gboolean                tk_metropolis_model_confirm           (TkMetropolisModel *self);
/* Leaves a build or a buy, or lets go of the taps. */
void                    tk_metropolis_model_cancel            (TkMetropolisModel *self);
gboolean                tk_metropolis_model_take_income       (TkMetropolisModel *self);
/* Starts building a tile of @code: the next taps are its lots. */
void                    tk_metropolis_model_start_build       (TkMetropolisModel *self,
                                                               const char        *code);
/* Buys the deed in @slot for the current player: applied at once when the year deck is
 * empty, else waits for the revealed deed's lot (TK_METROPOLIS_MODE_REVEAL).  Refused, with
 * the engine's reason (tk_metropolis_rules_check_buy ()), before the card is turned up when
 * the player cannot buy. */
gboolean                tk_metropolis_model_buy               (TkMetropolisModel *self,
                                                               int                slot,
                                                               GError           **error);
/* A coin correction of @delta for @seat, with its reason for the ledger. */
gboolean                tk_metropolis_model_correct_coins     (TkMetropolisModel *self,
                                                               int                seat,
                                                               int                delta,
                                                               const char        *reason);

/* "B2" for @cell of a board of @side lots a side (@out holds 4 bytes). */
void                    tk_metropolis_lot_name                (int                side,
                                                               int                cell,
                                                               char               out[4]);

G_END_DECLS
