/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-panel.c — the Foundations of Metropolis bookkeeping panel: a TkGamePanel
 * holding a TkMetropolisModel and the parts its template places by class name — the status,
 * the board with its picking, the turn's buttons, the deeds for sale, the players and the
 * scoring — each a TkPanelPart bound to the panel's "model" (and "wide").
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed and
 * notifications, and ask it for every change.  TkGamePanel owns the model this panel's
 * create_model () makes and routes its ::apply through the session view; the panel itself
 * only lays the board beside the turn when there is room.  So the arrows point one way:
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
#define PHONE_WIDTH 336    /* px: a 360 px screen less the session view's margins */

struct _TkMetropolisPanel
{
  TkGamePanel        parent_instance;

  gboolean           wide;
  guint              layout_idle;

  GtkBox            *body;
  GtkWidget         *board_column;
  GtkWidget         *side_column;
};

enum
{
  PROP_0,
  PROP_WIDE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, TK_TYPE_GAME_PANEL)

/* ---- layout ---- */

static void
apply_layout (TkMetropolisPanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->body),
                                  self->wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (self->body, self->wide ? 24 : 18);
  gtk_widget_set_hexpand (self->board_column, !self->wide);
  gtk_widget_set_hexpand (self->side_column, self->wide);
  /* the parts lay out their own rows */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
}

static gboolean
switch_layout (gpointer data)
{
  TkMetropolisPanel *self = data;

  self->layout_idle = 0;
  apply_layout (self);
  return G_SOURCE_REMOVE;
}

/* GTK 4.8 has no breakpoints: the panel lays its child out itself (no layout manager) to
 * see its width, and the orientation follows it, changed after the allocation (never
 * during it). */
static GtkSizeRequestMode
tk_metropolis_panel_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
tk_metropolis_panel_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  int child_minimum = 0;

  if (child == NULL || !gtk_widget_should_layout (child))
    {
      *minimum = *natural = 0;
      return;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      for_size = MAX (for_size, child_minimum);
    }
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  /* Side by side the panel needs more than on a phone; saying so would keep the window
   * from being made narrow, so it asks for no more than a phone's width and switches to the
   * stacked layout when it gets less than WIDE_LAYOUT. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->wide)
    *minimum = MIN (*minimum, PHONE_WIDTH);
}

static void
tk_metropolis_panel_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  gboolean wide = width >= WIDE_LAYOUT;

  if (wide != self->wide)
    {
      self->wide = wide;
      if (self->layout_idle == 0)
        /* above the redraw priority: an animation elsewhere in the window must not hold
         * the switch back */
        self->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, switch_layout, self, NULL);
    }
  if (child != NULL && gtk_widget_should_layout (child))
    {
      int child_minimum;

      /* for the one frame before the layout switches, never less than the child needs
       * (clipped: the panel's overflow is hidden) */
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      gtk_widget_allocate (child, MAX (width, child_minimum), height, baseline, NULL);
    }
}

/* ---- object ---- */

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_metropolis_model_new (session));
}

static void
tk_metropolis_panel_dispose (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROPOLIS_PANEL);

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->dispose (object);
}

static void
tk_metropolis_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_WIDE:
      g_value_set_boolean (value, self->wide);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_panel_class_init (TkMetropolisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  TK_GAME_PANEL_CLASS (klass)->create_model = create_model;
  object_class->dispose = tk_metropolis_panel_dispose;
  object_class->get_property = tk_metropolis_panel_get_property;
  widget_class->get_request_mode = tk_metropolis_panel_get_request_mode;
  widget_class->measure = tk_metropolis_panel_measure;
  widget_class->size_allocate = tk_metropolis_panel_size_allocate;

  /* the board and the turn side by side (the layout the parts were last told) */
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_METROPOLIS_STATUS);
  g_type_ensure (TK_TYPE_METROPOLIS_PICKING);
  g_type_ensure (TK_TYPE_METROPOLIS_TURN_ACTIONS);
  g_type_ensure (TK_TYPE_METROPOLIS_MARKET);
  g_type_ensure (TK_TYPE_METROPOLIS_PLAYERS);
  g_type_ensure (TK_TYPE_METROPOLIS_SCORING);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, body);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, board_column);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPanel, side_column);
}

static void
tk_metropolis_panel_init (TkMetropolisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  apply_layout (self);
}
