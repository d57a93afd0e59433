/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-status.c — the heading of the Metromania panel (see the header), written
 * again from the model on each change. */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-turn-header.h"
#include "tk-metromania-status.h"

struct _TkMetromaniaStatus
{
  TkPanelPart  parent_instance;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaStatus, tk_metromania_status, TK_TYPE_PANEL_PART)

static void
tk_metromania_status_update (TkPanelPart  *part,
                             TkPanelModel *panel_model)
{
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  /* the template's root, so not bound: a bound child would be unparented twice */
  TkTurnHeader *header = TK_TURN_HEADER (adw_bin_get_child (ADW_BIN (part)));
  TkMetroBuildingEnd end;
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (panel_model));
  const char *name = tk_rules_setup_player_name (setup, tk_metromania_model_get_turn_seat (model));
  g_autofree char *status = NULL;
  g_autofree char *ends = NULL;

  tk_metromania_rules_building_end (tk_metromania_model_peek_state (model), &end);
  if (!tk_metromania_model_is_dealt (model))
    status = g_strdup (_("Deal the destination markers"));
  else if (tk_metromania_model_is_over (model))
    status = g_strdup (_("The building is over: the test trips below are final"));
  else if (end.final_turns > 0)
    /* TRANSLATORS: "Last round: Ben to dig, 2 turns left" */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Last round: %s to dig, %d turn left",
                                           "Last round: %s to dig, %d turns left",
                                           end.final_turns), name, end.final_turns);
  else if (tk_metromania_model_is_entry (model))
    /* TRANSLATORS: entering a board after the game, "Entering the finished board: Ana’s lines" */
    status = g_strdup_printf (_("Entering the finished board: %s’s lines"), name);
  else
    status = g_strdup_printf (_("%s to dig"), name);
  tk_turn_header_set_title (header, status);

  /* TRANSLATORS: the end conditions with the counts so far */
  ends = g_strdup_printf (_("The building ends when a player finishes both lines, the last "
                            "station is built (%u of %d) or %d lines are finished or at a "
                            "dead end (%u so far); the others then dig once more."),
                          end.stations_built, (int) end.stations, (int) end.end_lines,
                          end.lines_done);
  /* A board entered afterwards ends when the players say it is complete. */
  tk_turn_header_set_detail (header, tk_metromania_model_is_entry (model) ? NULL : ends);
}

static void
tk_metromania_status_class_init (TkMetromaniaStatusClass *klass)
{
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_status_update;

  g_type_ensure (TK_TYPE_TURN_HEADER);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-status.ui");
}

static void
tk_metromania_status_init (TkMetromaniaStatus *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
