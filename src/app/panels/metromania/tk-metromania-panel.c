/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel.c — the Metromania bookkeeping panel: the board the players copy their
 * network onto, the turn being entered, each player's lines, stations and markers, and the
 * seven test trips with their fastest routes.
 *
 * Everything shown is read from a TkMetromaniaModel, which reads the session once per change
 * (the panel refreshes on its ::changed).  The one thing the panel keeps is the turn being
 * entered (a dig is one action of 3 tunnels): each tap is checked at once with the engine
 * through the model, on the session's own state, so a refused tunnel is refused on the tap
 * that made it, and the turn is committed with "Finish Turn".
 *
 * This file holds the object (its class_init/init, the layout) and the refresh; the parts it
 * calls are tk-metromania-panel-turn.c (the turn being entered), -taps.c (taps on the board)
 * and -tools.c (the tool bar), sharing tk-metromania-panel-private.h.  The status, the deal
 * (with who digs first), the test trips and the players are parts of their own
 * (TkMetromaniaStatus, TkMetromaniaDeal, TkMetromaniaTrips, TkMetromaniaPlayers), placed by
 * class name in the template and bound to the panel's "model"; the board draws the trip the
 * model says is selected.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"
#include "tk-metromania-deal.h"
#include "tk-metromania-players.h"
#include "tk-metromania-status.h"
#include "tk-metromania-trips.h"
#include "tk-session-style.h"

/* From this width on, the trips and players go beside the board. */
#define WIDE_WIDTH 760

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkMetromaniaPanel, tk_metromania_panel, TK_TYPE_GAME_PANEL)

/* ---- showing the state ---- */

/* The selected trip's fastest routes, drawn on the board. */
static void
update_highlight (TkMetromaniaPanel *self)
{
  int trip = tk_metromania_model_get_selected_trip (self->model);
  g_autoptr(GArray) segments = NULL;

  if (trip < 0 || !tk_metromania_model_has_board (self->model))
    {
      tk_metromania_board_view_set_highlight (self->board, NULL, 0);
      return;
    }
  segments = tk_metromania_route_segments (tk_metromania_model_get_game (self->model),
                                           (guint) trip);
  tk_metromania_board_view_set_highlight (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len);
}

static void
refresh (TkMetromaniaPanel *self)
{
  self->refreshing = TRUE;


  gtk_widget_set_visible (self->board_box, tk_metromania_model_has_board (self->model));
  gtk_widget_set_visible (GTK_WIDGET (self->tool_flow),
                          tk_metromania_model_is_playing (self->model));
  gtk_widget_set_visible (self->turn_flow, tk_metromania_model_is_playing (self->model));
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label),
                          tk_metromania_model_is_playing (self->model));
  gtk_widget_set_visible (GTK_WIDGET (self->plain_label),
                          !tk_metromania_model_has_board (self->model));
  mmp_update_letters (self);
  tk_metromania_board_view_set_game (self->board,
                                     tk_metromania_model_get_game (self->model),
                                     tk_session_get_setup (self->session));
  mmp_update_turn (self);
  update_highlight (self);
  self->refreshing = FALSE;
}

/* ---- object ---- */

static gboolean
model_apply (TkMetromaniaPanel *self,
             JsonObject        *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

static void
tk_metromania_panel_constructed (GObject *object)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  G_OBJECT_CLASS (tk_metromania_panel_parent_class)->constructed (object);

  /* borrowed from TkGamePanel, which holds the "session" property */
  self->session = tk_game_panel_get_session (TK_GAME_PANEL (self));
  /* the model follows the session and reads it first: the panel shows it after that */
  self->model = tk_metromania_model_new (self->session);
  g_signal_connect_object (self->model, "changed", G_CALLBACK (refresh), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::selected-trip", G_CALLBACK (update_highlight),
                           self, G_CONNECT_SWAPPED);
  /* the turn changed behind the panel's back only when the session took or refused it */
  g_signal_connect_object (self->model, "notify::turn", G_CALLBACK (mmp_update_turn), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "apply", G_CALLBACK (model_apply), self,
                           G_CONNECT_SWAPPED);
  /* the parts its template places follow the model themselves */
  g_object_notify_by_pspec (object, properties[PROP_MODEL]);

  mmp_build_tools (self);
  refresh (self);
}

static void
tk_metromania_panel_dispose (GObject *object)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (object);

  g_clear_handle_id (&self->layout_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROMANIA_PANEL);
  g_clear_object (&self->model);
  self->session = NULL;     /* TkGamePanel holds it */

  G_OBJECT_CLASS (tk_metromania_panel_parent_class)->dispose (object);
}

static void
on_zoom_in (TkMetromaniaPanel *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 1.25);
}

static void
on_zoom_out (TkMetromaniaPanel *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 0.8);
}

static void
on_zoom_fit (TkMetromaniaPanel *self)
{
  tk_metromania_board_view_set_zoom (self->board, 1.0);
}

/* The zoom buttons go insensitive at their ends; a zoomed-in board, which shows part of the
 * city, says that it moves by drag until the user has dragged it once. */
static void
on_board_zoom_changed (TkMetromaniaPanel *self)
{
  double zoom = tk_metromania_board_view_get_zoom (self->board);

  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_out_button), zoom > 1.0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_fit_button), zoom > 1.0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_in_button),
                            zoom < tk_metromania_board_view_get_max_zoom (self->board));
  gtk_widget_set_visible (GTK_WIDGET (self->pan_hint), zoom > 1.0 && !self->pan_hint_done);
}

static void
on_board_panned (TkMetromaniaPanel *self)
{
  self->pan_hint_done = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self->pan_hint), FALSE);
}

/* Side by side only when there is a board to put the trips beside. */
static gboolean
wants_wide (TkMetromaniaPanel *self,
            int                width)
{
  return width >= WIDE_WIDTH && self->board_box != NULL &&
         gtk_widget_get_visible (self->board_box);
}

/* Wide: the board with the trips and players in a column beside it; narrow: one column. */
static void
apply_layout (gpointer data)
{
  TkMetromaniaPanel *self = data;

  self->layout_idle = 0;
  self->wide = wants_wide (self, gtk_widget_get_width (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box),
                                  self->wide ? GTK_ORIENTATION_HORIZONTAL
                                             : GTK_ORIENTATION_VERTICAL);
  adw_clamp_set_maximum_size (self->side_clamp, self->wide ? 340 : 2000);
  adw_clamp_set_tightening_threshold (self->side_clamp, self->wide ? 340 : 2000);
}

static void
tk_metromania_panel_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  TkMetromaniaPanel *self = TK_METROMANIA_PANEL (widget);

  /* The orientation cannot change in the middle of an allocation: on the next idle. */
  if (wants_wide (self, width) != self->wide && self->layout_idle == 0)
    self->layout_idle = g_idle_add_once (apply_layout, self);
  if (adw_bin_get_child (ADW_BIN (widget)) != NULL)
    gtk_widget_allocate (adw_bin_get_child (ADW_BIN (widget)), width, height, baseline, NULL);
}

/* The panel sizes its child itself (no layout manager), so that it sees its width. */
static void
tk_metromania_panel_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                        natural_baseline);
}

static GtkSizeRequestMode
tk_metromania_panel_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tk_metromania_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_METROMANIA_PANEL (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metromania_panel_class_init (TkMetromaniaPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_metromania_panel_constructed;
  object_class->dispose = tk_metromania_panel_dispose;
  widget_class->size_allocate = tk_metromania_panel_size_allocate;
  widget_class->measure = tk_metromania_panel_measure;
  widget_class->get_request_mode = tk_metromania_panel_get_request_mode;
  object_class->get_property = tk_metromania_panel_get_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_METROMANIA_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_METROMANIA_BOARD_VIEW);
  g_type_ensure (TK_TYPE_METROMANIA_PLAYERS);
  g_type_ensure (TK_TYPE_METROMANIA_STATUS);
  g_type_ensure (TK_TYPE_METROMANIA_DEAL);
  g_type_ensure (TK_TYPE_METROMANIA_TRIPS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, plain_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, board_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, main_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, side_clamp);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, tool_flow);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, board);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, zoom_in_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, zoom_out_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, zoom_fit_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, pan_hint);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, remove_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, dead_end_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, pass_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, turn_buttons);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaPanel, done_button);
}

static void
tk_metromania_panel_init (TkMetromaniaPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);

  /* Tab goes from button to button, not to the flow box's slots around them. */
  for (GtkWidget *slot = gtk_widget_get_first_child (GTK_WIDGET (self->turn_buttons));
       slot != NULL; slot = gtk_widget_get_next_sibling (slot))
    gtk_widget_set_focusable (slot, FALSE);
  g_signal_connect_swapped (self->board, "edge-activated", G_CALLBACK (mmp_on_edge_activated),
                            self);
  g_signal_connect_swapped (self->board, "point-activated", G_CALLBACK (mmp_on_point_activated),
                            self);
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (mmp_on_cell_activated),
                            self);
  g_signal_connect_swapped (self->zoom_in_button, "clicked", G_CALLBACK (on_zoom_in), self);
  g_signal_connect_swapped (self->zoom_out_button, "clicked", G_CALLBACK (on_zoom_out), self);
  g_signal_connect_swapped (self->zoom_fit_button, "clicked", G_CALLBACK (on_zoom_fit), self);
  g_signal_connect_swapped (self->board, "zoom-changed", G_CALLBACK (on_board_zoom_changed), self);
  g_signal_connect_swapped (self->board, "panned", G_CALLBACK (on_board_panned), self);
  on_board_zoom_changed (self);
  g_signal_connect_swapped (self->done_button, "clicked", G_CALLBACK (mmp_on_done_clicked), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (mmp_on_remove_clicked),
                            self);
  g_signal_connect_swapped (self->dead_end_button, "clicked", G_CALLBACK (mmp_on_dead_end_clicked),
                            self);
  g_signal_connect_swapped (self->pass_button, "clicked", G_CALLBACK (mmp_on_pass_clicked), self);
}
