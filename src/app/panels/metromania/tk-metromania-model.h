/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-model.h — a Metromania session as the panel reads it: no widgets.
 *
 * The model reads the session once per TkSession::changed (the state as JSON and the score)
 * and answers the panel's questions about it (whose turn, dealt, over, a board entered
 * afterwards, each line's state and path), then emits ::changed once.  It asks the engine
 * whether a turn being entered would be taken on the session's own state, read only: no copy of
 * the ledger is replayed for it; the parts ask the engine's other questions of that state
 * (tk_metromania_model_peek_state ()).
 *
 * It also keeps what the user is in the middle of: the turn being entered (a dig is one action
 * of 3 tunnels, each tap checked at once, "turn"), which survives a change only while it still
 * fits; the test trip selected to show its fastest routes ("selected-trip"); and the choices
 * the board's taps are made with: the tool ("tool"), the line tunnels go on ("line-style"), the
 * destination marker to place ("marker-letter", always one the player to move still holds) and
 * the kind of a printed destination space ("space-kind").  All are notified when they change,
 * so the board and its tool bar follow them without calling each other.
 *
 * Every change goes through TkPanelModel's ::apply: the panel routes it to the session view
 * (which commits it and shows the Undo toast or the refusal); with nobody connected the model
 * applies it to the session itself.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "tk-panel-model.h"
#include "tk-metromania-turn.h"

G_BEGIN_DECLS

/* What a tap on the board puts there (the model's "tool"). */
typedef enum
{
  TK_METROMANIA_TOOL_TUNNEL,
  TK_METROMANIA_TOOL_STATION,
  TK_METROMANIA_TOOL_DESTINATION,
  TK_METROMANIA_TOOL_LAKE,
  TK_METROMANIA_TOOL_PARK,
  TK_METROMANIA_TOOL_ARROW,
  TK_METROMANIA_TOOL_END_ARROW,
  TK_METROMANIA_TOOL_RIVER,
  TK_METROMANIA_TOOL_FOREST,
  TK_METROMANIA_TOOL_SPACE,
} TkMetromaniaTool;

#define TK_METROMANIA_N_TOOLS (TK_METROMANIA_TOOL_SPACE + 1)

#define TK_TYPE_METROMANIA_MODEL (tk_metromania_model_get_type ())
G_DECLARE_FINAL_TYPE (TkMetromaniaModel, tk_metromania_model, TK, METROMANIA_MODEL, TkPanelModel)

TkMetromaniaModel *tk_metromania_model_new             (TkSession         *session);

/* The engine's state, to ask the engine (tk-metromania-rules.h): borrowed, read only. */
gpointer           tk_metromania_model_peek_state      (TkMetromaniaModel *self);
/* The engine's state ("game") and its score, read once per change (borrowed). */
JsonObject        *tk_metromania_model_get_game        (TkMetromaniaModel *self);
JsonObject        *tk_metromania_model_get_score       (TkMetromaniaModel *self);
guint              tk_metromania_model_get_n_players   (TkMetromaniaModel *self);
/* the seat whose turn it is */
guint              tk_metromania_model_get_turn_seat   (TkMetromaniaModel *self);
gboolean           tk_metromania_model_is_over         (TkMetromaniaModel *self);
/* the destination markers are dealt */
gboolean           tk_metromania_model_is_dealt        (TkMetromaniaModel *self);
/* the markers are dealt and the building is not over: turns are being entered */
gboolean           tk_metromania_model_is_playing      (TkMetromaniaModel *self);
/* the game is kept on a board (else only the totals are entered), and that board's printed
 * spaces (the state's "board": lake, park, …; borrowed, or NULL) */
gboolean           tk_metromania_model_has_board       (TkMetromaniaModel *self);
JsonObject        *tk_metromania_model_get_board       (TkMetromaniaModel *self);
/* a finished board entered after the game: any player's lines, in any order */
gboolean           tk_metromania_model_is_entry        (TkMetromaniaModel *self);
/* Where line @style (0 plain, 1 striped) of the seat whose turn it is stands; of any line,
 * where it stands, runs and how far it may go are the engine's answers
 * (tk_metromania_rules_line_state (), _line_path (), _tunnels_left ()). */
TkMetroLineState   tk_metromania_model_get_turn_line_state (TkMetromaniaModel *self,
                                                            guint              style);
/* No player has dug a tunnel yet. */
gboolean           tk_metromania_model_nobody_started  (TkMetromaniaModel *self);
/* The name the next station of the turn being entered takes (S1, S2, …, as the engine names
 * the stations it puts). */
char              *tk_metromania_model_new_station_name (TkMetromaniaModel *self);
/* The kinds of destination, in the rules' order (the deal, the printed spaces). */
extern const char *const tk_metromania_kinds[3];
/* "home", "work" or "leisure" in the UI's language, for a destination marker's @kind. */
const char        *tk_metromania_kind_label            (const char        *kind);
/* The test trip the user selected (its index in the score's "trips"; −1: none), kept across
 * changes ("selected-trip"). */
int                tk_metromania_model_get_selected_trip (TkMetromaniaModel *self);
void               tk_metromania_model_set_selected_trip (TkMetromaniaModel *self,
                                                          int                trip);
/* The turn being entered (borrowed; NULL when nothing is entered yet). */
TkMetromaniaTurn  *tk_metromania_model_get_turn        (TkMetromaniaModel *self);
/* Takes @candidate (transfer full) as the turn being entered when the engine would take it;
 * otherwise keeps the turn as it was and says why in @error. */
gboolean           tk_metromania_model_try_turn        (TkMetromaniaModel *self,
                                                        TkMetromaniaTurn  *candidate,
                                                        GError           **error);
/* Takes back the last thing entered this turn. */
void               tk_metromania_model_take_back       (TkMetromaniaModel *self);
/* Commits the turn being entered (one "dig"); refused, the turn stays as it was. */
gboolean           tk_metromania_model_finish_turn     (TkMetromaniaModel *self);
/* Can a turn be entered now (the markers dealt)?  Says why not. */
gboolean           tk_metromania_model_can_play        (TkMetromaniaModel *self,
                                                        GError           **error);
/* A copy of the turn being entered, or a new one for the seat to move (transfer full). */
TkMetromaniaTurn  *tk_metromania_model_candidate_turn  (TkMetromaniaModel *self);
/* Declares the line of "line-style" a dead end in the turn being entered. */
gboolean           tk_metromania_model_dead_end        (TkMetromaniaModel *self,
                                                        GError           **error);
/* The player to move passes (no line can go on). */
gboolean           tk_metromania_model_pass            (TkMetromaniaModel *self);

/* The user's choices for the taps on the board (see above). */
TkMetromaniaTool   tk_metromania_model_get_tool        (TkMetromaniaModel *self);
void               tk_metromania_model_set_tool        (TkMetromaniaModel *self,
                                                        TkMetromaniaTool   tool);
/* 0 plain, 1 striped */
guint              tk_metromania_model_get_line_style  (TkMetromaniaModel *self);
void               tk_metromania_model_set_line_style  (TkMetromaniaModel *self,
                                                        guint              style);
/* The letter of the marker to place ('\0': the player to move holds none).  Setting a letter
 * the player to move does not hold is ignored. */
char               tk_metromania_model_get_marker_letter (TkMetromaniaModel *self);
void               tk_metromania_model_set_marker_letter (TkMetromaniaModel *self,
                                                          char               letter);
/* "home", "work" or "leisure" */
const char        *tk_metromania_model_get_space_kind  (TkMetromaniaModel *self);
void               tk_metromania_model_set_space_kind  (TkMetromaniaModel *self,
                                                        const char        *kind);
/* The destination markers the player to move holds and has not placed yet, in the deal's
 * order (a new GArray of TkMetroMarker). */
GArray            *tk_metromania_model_free_markers    (TkMetromaniaModel *self);
/* A marker as the panel lists it: "A · home". */
char              *tk_metromania_marker_label          (const TkMetroMarker *marker);

G_END_DECLS
