/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel.c — the Foundations of Metropolis bookkeeping panel: a TkGamePanel
 * holding a TkMetropolisModel and the parts its template places by class name — the status,
 * the board with its picking, the turn's buttons, the deeds for sale, the players and the
 * scoring — each a TkPanelPart bound to the panel's "model" (and "wide").
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed and
 * notifications, and ask it for every change.  TkGamePanel owns the model this panel's
 * create_model () makes, routes its ::apply through the session view and says when there is
 * room ("wide"); the panel itself only lays the board beside the turn then.  So the arrows point one way:
 * panel → parts → model → session.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include "tk-metropolis-market.h"
#include "tk-metropolis-panel.h"
#include "tk-metropolis-picking.h"
#include "tk-metropolis-players.h"
#include "tk-metropolis-scoring.h"
#include "tk-metropolis-status.h"
#include "tk-metropolis-turn-actions.h"
#include "tk-session-style.h"

#define WIDE_LAYOUT 640    /* px of panel width from which the board has the actions beside it */

struct _TkMetropolisPanel
{
  TkGamePanel        parent_instance;

  GtkBox            *body;
  GtkWidget         *board_column;
  GtkWidget         *side_column;
};

G_DEFINE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, TK_TYPE_GAME_PANEL)

/* TkGamePanel says when there is room; the parts lay out their own rows from its "wide". */
static void
wide_changed (TkGamePanel *panel,
              gboolean     wide)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (panel);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->body),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (self->body, wide ? 24 : 18);
  gtk_widget_set_hexpand (self->board_column, !wide);
  gtk_widget_set_hexpand (self->side_column, wide);
}

/* ---- object ---- */

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_metropolis_model_new (session));
}

static void
tk_metropolis_panel_class_init (TkMetropolisPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  TkGamePanelClass *panel_class = TK_GAME_PANEL_CLASS (klass);

  tk_session_style_ensure ();

  panel_class->create_model = create_model;
  panel_class->wide_width = WIDE_LAYOUT;
  panel_class->wide_changed = wide_changed;

  g_type_ensure (TK_TYPE_METROPOLIS_STATUS);
  g_type_ensure (TK_TYPE_METROPOLIS_PICKING);
  g_type_ensure (TK_TYPE_METROPOLIS_TURN_ACTIONS);
  g_type_ensure (TK_TYPE_METROPOLIS_MARKET);
  g_type_ensure (TK_TYPE_METROPOLIS_PLAYERS);
  g_type_ensure (TK_TYPE_METROPOLIS_SCORING);
  tk_game_panel_class_set_template (TK_GAME_PANEL_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, body);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, board_column);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, side_column);
}

static void
tk_metropolis_panel_init (TkMetropolisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
