/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-board-area.c — the Metromania board and the turn entered on it (see the
 * header).  Built once by its template and patched on every change of the model, so that a
 * tap never destroys the button being tapped.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-metromania-board-area.h"
#include "tk-metromania-board-view.h"
#include "tk-metromania-taps.h"

struct _TkMetromaniaBoardArea
{
  TkPanelPart            parent_instance;

  TkMetromaniaBoardView *board;
  GtkButton             *zoom_in_button;
  GtkButton             *zoom_out_button;
  GtkButton             *zoom_fit_button;
  GtkLabel              *pan_hint;        /* "drag to move", over a zoomed-in board */
  GtkLabel              *hint_label;
  GtkWidget             *turn_box;
  GtkLabel              *turn_label;
  GtkButton             *remove_button;
  GtkButton             *dead_end_button;
  GtkButton             *pass_button;
  GtkButton             *done_button;

  /* What the board shows now, so that it is given again only when it changed: the game read
   * last (a reference, so that a newer read is never taken for it) and the trip drawn. */
  JsonObject            *game;
  int                    trip;
  gboolean               pan_hint_done;   /* the user has dragged the board once */
};

G_DEFINE_FINAL_TYPE (TkMetromaniaBoardArea, tk_metromania_board_area, TK_TYPE_PANEL_PART)

static TkMetromaniaModel *
model_of (TkMetromaniaBoardArea *self)
{
  return TK_METROMANIA_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static void
show_message (TkMetromaniaBoardArea *self,
              const char            *text)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game-panel.show-message", "s", text);
}

/* ---- taps and buttons: to the model ---- */

/* How far the turn being entered is: "2 of 3 tunnels this turn". */
static char *
turn_progress (TkMetromaniaModel *model)
{
  TkMetromaniaTurn *turn = tk_metromania_model_get_turn (model);
  guint n = turn != NULL ? tk_metromania_turn_n_tunnels (turn) : 0;

  if (!tk_metromania_model_is_playing (model))
    return g_strdup ("");
  if (turn == NULL || tk_metromania_turn_is_empty (turn))
    return g_strdup (_("Nothing entered yet this turn"));
  if (tk_metromania_model_is_entry (model))
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tunnel entered",
                                         "%u tunnels entered", n), n);
  /* TRANSLATORS: the tunnels of the turn being entered, of the 3 a turn digs */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of 3 tunnels this turn",
                                       "%u of 3 tunnels this turn", n), n);
}

/* A tap's answer: refused, the reason is shown (and heard); taken into the turn being
 * entered, what it did and how far the turn is are heard (@done, a sentence).  A tap the
 * session applied at once (a station instead of digging, a correction of the board) is heard
 * through its toast. */
static void
answered (TkMetromaniaBoardArea *self,
          gboolean               taken,
          GError                *error,
          const char            *done)
{
  TkMetromaniaTurn *turn;
  g_autofree char *progress = NULL;
  g_autofree char *text = NULL;

  if (!taken)
    {
      if (error != NULL)
        show_message (self, error->message);
      return;
    }
  turn = tk_metromania_model_get_turn (model_of (self));
  if (turn == NULL || tk_metromania_turn_is_empty (turn))
    return;
  progress = turn_progress (model_of (self));
  text = g_strconcat (done, " ", progress, NULL);
  tk_accessible_announce (GTK_WIDGET (self), text);
}

static void
on_edge_activated (TkMetromaniaBoardArea *self,
                   TkMetroPoint          *a,
                   TkMetroPoint          *b,
                   TkMetroCell           *cell)
{
  g_autoptr(GError) error = NULL;
  gboolean taken;

  if (model_of (self) == NULL)
    return;
  taken = tk_metromania_taps_edge (model_of (self), a, b, cell, &error);
  answered (self, taken, error, _("Tunnel dug."));
}

static void
on_point_activated (TkMetromaniaBoardArea *self,
                    TkMetroPoint          *point)
{
  g_autoptr(GError) error = NULL;
  gboolean taken;

  if (model_of (self) == NULL)
    return;
  taken = tk_metromania_taps_point (model_of (self), point, &error);
  answered (self, taken, error, _("Station built."));
}

static void
on_cell_activated (TkMetromaniaBoardArea *self,
                   TkMetroCell           *cell)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  gboolean taken;

  if (model_of (self) == NULL)
    return;
  if (tk_metromania_model_get_tool (model_of (self)) == TK_METROMANIA_TOOL_DESTINATION)
    /* Translators: heard when a destination marker was put on the board, e.g. "Marker A placed." */
    done = g_strdup_printf (_("Marker %c placed."),
                            tk_metromania_model_get_marker_letter (model_of (self)));
  taken = tk_metromania_taps_cell (model_of (self), cell, &error);
  if (done != NULL)
    answered (self, taken, error, done);
  else if (!taken && error != NULL)
    show_message (self, error->message);
}

static void
on_done_clicked (TkMetromaniaBoardArea *self)
{
  /* refused, the turn is kept as it was (and shown again through the model's notification) */
  tk_metromania_model_finish_turn (model_of (self));
}

static void
on_remove_clicked (TkMetromaniaBoardArea *self)
{
  tk_metromania_model_take_back (model_of (self));
}

static void
on_dead_end_clicked (TkMetromaniaBoardArea *self)
{
  g_autoptr(GError) error = NULL;

  if (!tk_metromania_model_dead_end (model_of (self), &error) && error != NULL)
    show_message (self, error->message);
}

static void
on_pass_clicked (TkMetromaniaBoardArea *self)
{
  tk_metromania_model_pass (model_of (self));
}

/* "board-area.pick-tool" (u): T, S and M on the board pick the tunnel, station and marker
 * tools without leaving it (the tool bar follows the model). */
static void
pick_tool_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkMetromaniaModel *model = model_of (TK_METROMANIA_BOARD_AREA (widget));

  if (model != NULL && tk_metromania_model_is_playing (model))
    tk_metromania_model_set_tool (model, g_variant_get_uint32 (parameter));
}

/* ---- zoom ---- */

static void
on_zoom_in (TkMetromaniaBoardArea *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 1.25);
}

static void
on_zoom_out (TkMetromaniaBoardArea *self)
{
  tk_metromania_board_view_set_zoom (self->board,
                                     tk_metromania_board_view_get_zoom (self->board) * 0.8);
}

static void
on_zoom_fit (TkMetromaniaBoardArea *self)
{
  tk_metromania_board_view_set_zoom (self->board, 1.0);
}

/* The zoom buttons go insensitive at their ends; a zoomed-in board, which shows part of the
 * city, says that it moves by drag until the user has dragged it once. */
static void
on_board_zoom_changed (TkMetromaniaBoardArea *self)
{
  double zoom = tk_metromania_board_view_get_zoom (self->board);

  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_out_button), zoom > 1.0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_fit_button), zoom > 1.0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->zoom_in_button),
                            zoom < tk_metromania_board_view_get_max_zoom (self->board));
  gtk_widget_set_visible (GTK_WIDGET (self->pan_hint), zoom > 1.0 && !self->pan_hint_done);
}

static void
on_board_panned (TkMetromaniaBoardArea *self)
{
  self->pan_hint_done = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self->pan_hint), FALSE);
}

/* ---- showing the model ---- */

/* Per tool, in TkMetromaniaTool's order: what a tap picks on the board (a side, a point or a
 * triangle), the hint shown for it, and what Enter on the board's cursor does, for screen
 * readers (the tunnel's, a marker's and a space's are written out by enter_hint ()). */
static const struct
{
  TkMetromaniaPick  pick;
  const char       *hint;
  const char       *enter;
} tools[TK_METROMANIA_N_TOOLS] = {
  [TK_METROMANIA_TOOL_TUNNEL] = {
    TK_METROMANIA_PICK_EDGE,
    N_("Tap the side of a triangle where the tunnel tile lies, going on from the ringed end of "
       "the line. A new line starts in a frame triangle at the edge of the city."), NULL },
  [TK_METROMANIA_TOOL_STATION] = {
    TK_METROMANIA_PICK_POINT,
    N_("Stations where lines meet or part come with the tunnel. Tap to add one where a tunnel "
       "of this turn ends, where a line ends now, on a line just finished (its bonus station), "
       "or, instead of digging, between two stations of a line."),
    N_("Enter builds a station here.") },
  [TK_METROMANIA_TOOL_DESTINATION] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap a triangle a tunnel of this turn lies in to put the chosen marker on it."),
    N_("The player to move holds no destination marker.") },
  [TK_METROMANIA_TOOL_LAKE] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap triangles to mark or clear the lake; it can be corrected at any time."),
    N_("Enter marks or clears the lake here.") },
  [TK_METROMANIA_TOOL_PARK] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap triangles to mark or clear the park; it can be corrected at any time."),
    N_("Enter marks or clears the park here.") },
  [TK_METROMANIA_TOOL_ARROW] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap the frame triangles that show a white arrow, where lines start; while none is "
       "entered, any frame triangle serves as a line’s start or end."),
    N_("Enter marks or clears a white arrow here.") },
  [TK_METROMANIA_TOOL_END_ARROW] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap the frame triangles that show a black arrow, where lines end; while none is "
       "entered, the white arrows serve for the ends too."),
    N_("Enter marks or clears a black arrow here.") },
  [TK_METROMANIA_TOOL_RIVER] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap triangles to mark or clear a river; no tunnel goes there."),
    N_("Enter marks or clears a river here.") },
  [TK_METROMANIA_TOOL_FOREST] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap triangles to mark or clear a forest; no tunnel goes there."),
    N_("Enter marks or clears a forest here.") },
  [TK_METROMANIA_TOOL_SPACE] = {
    TK_METROMANIA_PICK_CELL,
    N_("Tap the triangles printed as destination spaces, of the kind chosen; a station then "
       "scores one point per space it touches."), NULL },
};

/* What Enter on the board's cursor does with @tool; NULL: nothing (the turn's tools while no
 * turn is being entered). */
static char *
enter_hint (TkMetromaniaModel *model,
            TkMetromaniaTool   tool)
{
  char letter = tk_metromania_model_get_marker_letter (model);

  if (tool <= TK_METROMANIA_TOOL_DESTINATION && !tk_metromania_model_is_playing (model))
    return NULL;
  if (tool == TK_METROMANIA_TOOL_TUNNEL)
    {
      g_autofree char *line = tk_metromania_rules_line_name (tk_metromania_model_peek_state (model),
                                                             tk_metromania_model_get_turn_seat (model),
                                                             tk_metromania_model_get_line_style (model));

      /* Translators: said after the side the keyboard cursor is on */
      return g_strdup_printf (_("Enter digs a tunnel of %s along this side."), line);
    }
  if (tool == TK_METROMANIA_TOOL_DESTINATION && letter != '\0')
    /* Translators: said after the triangle the keyboard cursor is on */
    return g_strdup_printf (_("Enter places marker %c here."), letter);
  if (tool == TK_METROMANIA_TOOL_SPACE)
    /* Translators: the kind of space, e.g. "Enter marks or clears a printed home space here." */
    return g_strdup_printf (_("Enter marks or clears a printed %s space here."),
                            tk_metromania_kind_label (tk_metromania_model_get_space_kind (model)));
  return g_strdup (_(tools[tool].enter));
}

/* The board, given again only when the model read a new game; the selected trip's fastest
 * routes, drawn again only when the trip or the game changed. */
static void
update_board (TkMetromaniaBoardArea *self,
              TkMetromaniaModel     *model)
{
  JsonObject *game = tk_metromania_model_get_game (model);
  int trip = tk_metromania_model_get_selected_trip (model);
  gboolean new_game = game != self->game;

  if (new_game)
    {
      g_clear_pointer (&self->game, json_object_unref);
      self->game = game != NULL ? json_object_ref (game) : NULL;
      tk_metromania_board_view_set_game (self->board, tk_metromania_model_peek_state (model),
                                         tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model))));
    }
  if (!new_game && trip == self->trip)
    return;
  self->trip = trip;
  if (trip < 0 || !tk_metromania_model_has_board (model))
    tk_metromania_board_view_set_highlight (self->board, NULL, 0);
  else
    {
      gpointer state = tk_metromania_model_peek_state (model);
      g_autoptr(GArray) segments = tk_metromania_rules_trip_tunnels (state, (guint) trip);

      tk_metromania_board_view_set_highlight (self->board,
                                              (TkMetromaniaSegment *) segments->data,
                                              segments->len);
    }
}

/* The turn being entered: drafted on the board, the ring at the line's end, the count, which
 * buttons apply. */
static void
update_turn (TkMetromaniaBoardArea *self,
             TkMetromaniaModel     *model)
{
  TkMetromaniaTurn *turn = tk_metromania_model_get_turn (model);
  guint style = tk_metromania_model_get_line_style (model);
  g_autoptr(GArray) segments = NULL;
  g_autoptr(GArray) stations = NULL;
  TkMetroPoint end;
  gboolean empty = turn == NULL || tk_metromania_turn_is_empty (turn);
  gboolean playing = tk_metromania_model_is_playing (model);
  gboolean can_dig = playing &&
                     tk_metromania_rules_can_dig (tk_metromania_model_peek_state (model),
                                                  tk_metromania_model_get_turn_seat (model));
  g_autofree char *text = NULL;

  if (turn != NULL)
    {
      segments = tk_metromania_turn_segments (turn);
      stations = tk_metromania_turn_station_points (turn);
      tk_metromania_board_view_set_draft (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len, (TkMetroPoint *) stations->data,
                                          stations->len);
    }
  else
    tk_metromania_board_view_set_draft (self->board, NULL, 0, NULL, 0);

  /* The ring shows where the line goes on: not on a finished or blocked line. */
  if (playing && tk_metromania_taps_current_end (model, style, &end) &&
      tk_metro_point_in_city (end) &&
      (tk_metromania_model_get_turn_line_state (model, style) == TK_METRO_LINE_RUNNING ||
       (turn != NULL && tk_metromania_turn_line_end (turn, style, &end))))
    tk_metromania_board_view_set_line_end (self->board, &end);
  else
    tk_metromania_board_view_set_line_end (self->board, NULL);

  text = turn_progress (model);
  gtk_label_set_text (self->turn_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->remove_button), !empty);
  gtk_widget_set_sensitive (GTK_WIDGET (self->done_button), !empty && playing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dead_end_button),
                            playing && tk_metromania_model_get_turn_line_state (model, style)
                                       == TK_METRO_LINE_RUNNING);
  /* Dead End or Pass, never both: with no line to go on Dead End has nothing to say, and
   * three buttons fit a phone's width on one row. */
  gtk_widget_set_visible (GTK_WIDGET (self->dead_end_button), !playing || can_dig);
  gtk_widget_set_visible (GTK_WIDGET (self->pass_button), playing && !can_dig);
}

static void
tk_metromania_board_area_update (TkPanelPart  *part,
                                 TkPanelModel *panel_model)
{
  TkMetromaniaBoardArea *self = TK_METROMANIA_BOARD_AREA (part);
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  TkMetromaniaTool tool = tk_metromania_model_get_tool (model);
  gboolean playing = tk_metromania_model_is_playing (model);
  g_autofree char *hint = enter_hint (model, tool);

  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), playing);
  gtk_widget_set_visible (self->turn_box, playing);
  update_board (self, model);
  tk_metromania_board_view_set_pick (self->board, tools[tool].pick);
  tk_metromania_board_view_set_enter_hint (self->board, hint);
  gtk_label_set_text (self->hint_label, _(tools[tool].hint));
  update_turn (self, model);
}

/* ---- object ---- */

static void
tk_metromania_board_area_dispose (GObject *object)
{
  TkMetromaniaBoardArea *self = TK_METROMANIA_BOARD_AREA (object);

  G_OBJECT_CLASS (tk_metromania_board_area_parent_class)->dispose (object);
  g_clear_pointer (&self->game, json_object_unref);
}

static void
tk_metromania_board_area_class_init (TkMetromaniaBoardAreaClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_metromania_board_area_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_board_area_update;

  gtk_widget_class_install_action (widget_class, "board-area.pick-tool", "u", pick_tool_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "board-area.pick-tool", "u",
                                       (guint) TK_METROMANIA_TOOL_TUNNEL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "board-area.pick-tool", "u",
                                       (guint) TK_METROMANIA_TOOL_STATION);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "board-area.pick-tool", "u",
                                       (guint) TK_METROMANIA_TOOL_DESTINATION);

  g_type_ensure (TK_TYPE_METROMANIA_BOARD_VIEW);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-board-area.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, board);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, zoom_in_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, zoom_out_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, zoom_fit_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, pan_hint);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, turn_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, remove_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, dead_end_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, pass_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaBoardArea, done_button);
}

static void
tk_metromania_board_area_init (TkMetromaniaBoardArea *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->trip = -1;

  g_signal_connect_swapped (self->board, "edge-activated", G_CALLBACK (on_edge_activated), self);
  g_signal_connect_swapped (self->board, "point-activated", G_CALLBACK (on_point_activated),
                            self);
  g_signal_connect_swapped (self->board, "cell-activated", G_CALLBACK (on_cell_activated), self);
  g_signal_connect_swapped (self->zoom_in_button, "clicked", G_CALLBACK (on_zoom_in), self);
  g_signal_connect_swapped (self->zoom_out_button, "clicked", G_CALLBACK (on_zoom_out), self);
  g_signal_connect_swapped (self->zoom_fit_button, "clicked", G_CALLBACK (on_zoom_fit), self);
  g_signal_connect_swapped (self->board, "zoom-changed", G_CALLBACK (on_board_zoom_changed), self);
  g_signal_connect_swapped (self->board, "panned", G_CALLBACK (on_board_panned), self);
  on_board_zoom_changed (self);
  g_signal_connect_swapped (self->done_button, "clicked", G_CALLBACK (on_done_clicked), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (on_remove_clicked), self);
  g_signal_connect_swapped (self->dead_end_button, "clicked", G_CALLBACK (on_dead_end_clicked),
                            self);
  g_signal_connect_swapped (self->pass_button, "clicked", G_CALLBACK (on_pass_clicked), self);
}
