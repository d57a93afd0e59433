/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-board.h — the Foundations of Metropolis city board as the panel draws it:
 * owners, buildings, lot markers, the deeds for sale and the lots being picked. */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_BOARD (tk_metropolis_board_get_type ())
G_DECLARE_FINAL_TYPE (TkMetropolisBoard, tk_metropolis_board, TK, METROPOLIS_BOARD, GtkWidget)

/* Which lots a tap can take (the others are drawn faded). */
typedef enum
{
  TK_METROPOLIS_PICK_NONE,    /* nothing is being picked: every lot looks the same */
  TK_METROPOLIS_PICK_FREE,    /* lots nobody owns and not for sale (deal, market, reveal) */
  TK_METROPOLIS_PICK_SEAT,    /* the lots of one seat (build) */
} TkMetropolisPick;

/* Draws @g (the model's reading of the session) with the names and colours of its seats. */
void       tk_metropolis_board_set_game      (TkMetropolisBoard      *self,
                                              const TkMetropolisGame *g);
/* The lots being picked, in the order they were tapped; @numbered shows that order. */
void       tk_metropolis_board_set_selection (TkMetropolisBoard *self,
                                              const int         *cells,
                                              guint              n_cells,
                                              gboolean           numbered);
void       tk_metropolis_board_set_pick      (TkMetropolisBoard *self,
                                              TkMetropolisPick   pick,
                                              int                seat);
int        tk_metropolis_board_get_side      (TkMetropolisBoard *self);
/* What a tap on lot @cell (row × side + column) does: emits ::lot-activated. */
void       tk_metropolis_board_activate_lot  (TkMetropolisBoard *self,
                                              int                cell);
/* "B2: Ana, Hotel (C)", "B3: for sale at 4 coins", … */
char      *tk_metropolis_board_describe_lot  (TkMetropolisBoard *self,
                                              int                cell);

G_END_DECLS
