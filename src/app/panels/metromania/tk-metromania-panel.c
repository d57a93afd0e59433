/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel.c — the Metromania bookkeeping panel: the board the players copy their
 * network onto, the turn being entered, each player's lines, stations and markers, and the
 * seven test trips with their fastest routes.
 *
 * Everything shown is read from a TkMetromaniaModel, which reads the session once per change
 * and keeps what the user is in the middle of (the turn being entered, the tool, the line, the
 * marker and space kind, the selected trip).  The regions are parts of their own, placed by
 * class name in the template and bound to the panel's "model": the status, the deal (with who
 * digs first), the tool bar, the board with the turn being entered, the test trips and the
 * players (TkMetromaniaStatus, TkMetromaniaDeal, TkMetromaniaToolBar, TkMetromaniaBoardArea,
 * TkMetromaniaTrips, TkMetromaniaPlayers).  Each talks only to the model; TkGamePanel owns the
 * model this panel's create_model () makes, routes its ::apply to the session view and says
 * when there is room; the panel lays the regions out: the trips and players beside the board
 * then, the board hidden for a game kept without one.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metromania-panel.h"
#include "tk-metromania-board-area.h"
#include "tk-metromania-deal.h"
#include "tk-metromania-model.h"
#include "tk-metromania-players.h"
#include "tk-metromania-status.h"
#include "tk-metromania-tool-bar.h"
#include "tk-metromania-trips.h"
#include "tk-session-style.h"

/* From this width on, the trips and players go beside the board. */
#define WIDE_WIDTH 760

struct _TkMetromaniaPanel
{
  TkGamePanel        parent_instance;

  GtkLabel          *plain_label;
  GtkBox            *main_box;
  AdwClamp          *side_clamp;
  GtkWidget         *board_box;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaPanel, tk_metromania_panel, TK_TYPE_GAME_PANEL)

/* ---- showing the state ---- */

/* Wide (TkGamePanel says when there is room): the board with the trips and players in a
 * column beside it — only when there is a board to put them beside; narrow: one column. */
static void
wide_changed (TkGamePanel *panel,
              gboolean     wide)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (panel);
  gboolean side_by_side = wide && gtk_widget_get_visible (self->board_box);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  side_by_side ? GTK_ORIENTATION_HORIZONTAL
                                               : GTK_ORIENTATION_VERTICAL);
  adw_clamp_set_maximum_size (self->side_clamp, side_by_side ? 340 : 2000);
  adw_clamp_set_tightening_threshold (self->side_clamp, side_by_side ? 340 : 2000);
}

/* A game kept without the board says so in place of the board. */
static void
refresh (TkMetromaniaPanel *self)
{
  gboolean has_board =
    tk_metromania_model_has_board (TK_METROMANIA_MODEL (tk_game_panel_get_model (TK_GAME_PANEL (self))));

  gtk_widget_set_visible (self->board_box, has_board);
  gtk_widget_set_visible (GTK_WIDGET (self->plain_label), !has_board);
  wide_changed (TK_GAME_PANEL (self), tk_game_panel_get_wide (TK_GAME_PANEL (self)));
}

/* ---- object ---- */

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_metromania_model_new (session));
}

static void
tk_metromania_panel_constructed (GObject *object)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  /* the base makes the model, which reads the session first; the parts its template places
   * follow it themselves, the panel only shows or hides the board */
  G_OBJECT_CLASS (tk_metromania_panel_parent_class)->constructed (object);

  g_signal_connect_object (tk_game_panel_get_model (TK_GAME_PANEL (self)), "changed",
                           G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
}

static void
tk_metromania_panel_class_init (TkMetromaniaPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TkGamePanelClass *panel_class = TK_GAME_PANEL_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_metromania_panel_constructed;
  panel_class->create_model = create_model;
  panel_class->wide_width = WIDE_WIDTH;
  panel_class->wide_changed = wide_changed;

  g_type_ensure (TK_TYPE_METROMANIA_TOOL_BAR);
  g_type_ensure (TK_TYPE_METROMANIA_BOARD_AREA);
  g_type_ensure (TK_TYPE_METROMANIA_PLAYERS);
  g_type_ensure (TK_TYPE_METROMANIA_STATUS);
  g_type_ensure (TK_TYPE_METROMANIA_DEAL);
  g_type_ensure (TK_TYPE_METROMANIA_TRIPS);
  tk_game_panel_class_set_template (TK_GAME_PANEL_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, plain_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, board_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, main_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, side_clamp);
}

static void
tk_metromania_panel_init (TkMetromaniaPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
