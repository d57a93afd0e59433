/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-private.h — what the parts of the Metromania panel share: the instance
 * struct, the tools, and the functions one part calls in another (prefixed mmp_, for
 * Metromania panel).  The panel itself is public only as tk-metromania-panel.h; nothing outside
 * src/app/panels/metromania/ includes this file.
 */
#pragma once

#include "tk-game-panel.h"
#include "tk-metromania-panel.h"
#include "tk-metromania-board-view.h"
#include "tk-metromania-layouts.h"
#include "tk-metromania-model.h"
#include "tk-metromania-route-map.h"
#include "tk-metromania-turn.h"
#include "metromania/tk-metromania-rules.h"

G_BEGIN_DECLS

typedef enum
{
  TOOL_TUNNEL,
  TOOL_STATION,
  TOOL_DESTINATION,
  TOOL_LAKE,
  TOOL_PARK,
  TOOL_ARROW,
  TOOL_END_ARROW,
  TOOL_RIVER,
  TOOL_FOREST,
  TOOL_SPACE,
  N_TOOLS
} Tool;

struct _TkMetromaniaPanel
{
  TkGamePanel            parent_instance;

  TkSession             *session;

  GtkLabel              *plain_label;
  GtkBox                *main_box;
  AdwClamp              *side_clamp;
  GtkWidget             *board_box;
  GtkWidget             *turn_flow;
  GtkFlowBox            *tool_flow;
  TkMetromaniaBoardView *board;
  GtkButton             *zoom_in_button;
  GtkButton             *zoom_out_button;
  GtkLabel              *hint_label;
  GtkButton             *zoom_fit_button;
  GtkLabel              *pan_hint;        /* "drag to move", over a zoomed-in board */
  GtkLabel              *turn_label;
  GtkButton             *remove_button;
  GtkButton             *dead_end_button;
  GtkButton             *pass_button;
  GtkFlowBox            *turn_buttons;
  GtkButton             *done_button;

  GtkToggleButton       *line_buttons[2];
  GtkToggleButton       *tool_buttons[N_TOOLS];
  GtkDropDown           *letter_dropdown;
  GtkDropDown           *kind_dropdown;   /* the kind of a printed destination space */

  /* The session as read on each change, and the engine's answers about it. */
  TkMetromaniaModel     *model;

  /* Transient: what the player picked (the turn being entered is the model's). */
  guint                  style;
  Tool                   tool;
  gboolean               refreshing;
  gboolean               wide;
  guint                  layout_idle;
  gboolean               pan_hint_done;  /* the user has dragged the board once */
};

/* The turn being entered (the model's; NULL when nothing is entered yet). */
static inline TkMetromaniaTurn *
mmp_turn (TkMetromaniaPanel *self)
{
  return tk_metromania_model_get_turn (self->model);
}

/* tk-metromania-panel-turn.c: the turn being entered */
gboolean          mmp_check_turn         (TkMetromaniaPanel *self,
                                          TkMetromaniaTurn  *turn,
                                          gboolean           quiet);
gboolean          mmp_try_turn           (TkMetromaniaPanel *self,
                                          TkMetromaniaTurn  *candidate);
TkMetromaniaTurn *mmp_candidate_turn     (TkMetromaniaPanel *self);
gboolean          mmp_current_end        (TkMetromaniaPanel *self,
                                          guint              style,
                                          TkMetroPoint      *end);
gboolean          mmp_can_play           (TkMetromaniaPanel *self);
void              mmp_update_turn        (TkMetromaniaPanel *self);
void              mmp_on_done_clicked    (TkMetromaniaPanel *self);
void              mmp_on_remove_clicked  (TkMetromaniaPanel *self);
void              mmp_on_dead_end_clicked (TkMetromaniaPanel *self);
void              mmp_on_pass_clicked    (TkMetromaniaPanel *self);

/* tk-metromania-panel-taps.c: taps on the board */
void              mmp_on_edge_activated  (TkMetromaniaPanel *self,
                                          TkMetroPoint      *a,
                                          TkMetroPoint      *b,
                                          TkMetroCell       *cell);
void              mmp_on_point_activated (TkMetromaniaPanel *self,
                                          TkMetroPoint      *point);
void              mmp_on_cell_activated  (TkMetromaniaPanel *self,
                                          TkMetroCell       *cell);

/* tk-metromania-panel-tools.c: the tool bar */
void              mmp_build_tools        (TkMetromaniaPanel *self);
void              mmp_update_letters     (TkMetromaniaPanel *self);

G_END_DECLS
