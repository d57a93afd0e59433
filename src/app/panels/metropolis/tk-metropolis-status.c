/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-status.c — the heading of the Metropolis panel (see the header), written
 * again from the model on each change. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-turn-header.h"
#include "tk-metropolis-status.h"

struct _TkMetropolisStatus
{
  TkPanelPart  parent_instance;
};

G_DEFINE_FINAL_TYPE (TkMetropolisStatus, tk_metropolis_status, TK_TYPE_PANEL_PART)

static void
tk_metropolis_status_update (TkPanelPart  *part,
                             TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  /* the template's root, so not bound: a bound child would be unparented twice */
  TkTurnHeader *header = TK_TURN_HEADER (adw_bin_get_child (ADW_BIN (part)));
  int year = g->year;
  int deck_left = (int) g->deck_left;
  const char *current = tk_metropolis_game_seat_name (g, g->current);
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;

  switch (g->phase)
    {
    case TK_METROPOLIS_PHASE_DEAL:
      title = g_strdup (_("Starting Deeds"));
      detail = g_strdup (tk_metropolis_model_get_draft (model)
                         ? _("The deed draft: each round, tap the lot every player picked, in seat order, then Confirm.")
                         : _("Deal 6 deeds to each player at the table, then tap each player’s lots and Confirm."));
      break;
    case TK_METROPOLIS_PHASE_MARKET:
      /* Translators: a heading, e.g. "Year 2: Deeds for Sale" */
      title = g_strdup_printf (_("Year %d: Deeds for Sale"), year);
      if (g->market_want > 0)
        /* Translators: e.g. "Turn up 6 of the 15 deeds of the year 1 deck and tap them …" */
        detail = g_strdup_printf (_("Turn up %d of the %d deeds of the year %d deck and tap them in slot order, cheapest slot first."),
                                  g->market_want, deck_left, year);
      else
        detail = g_strdup_printf (_("The year %d deck is empty: the year goes straight to the final turns."),
                                  year);
      break;
    case TK_METROPOLIS_PHASE_PLAY:
      /* Translators: a heading, e.g. "Year 1 · Ana’s Turn" */
      title = g_strdup_printf (_("Year %d · %s’s Turn"), year, current);
      /* Translators: e.g. "12 deeds left in the year deck · first player: Bo" */
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d deed left in the year deck · first player: %s",
                                             "%d deeds left in the year deck · first player: %s",
                                             (gulong) deck_left),
                                deck_left,
                                tk_metropolis_game_seat_name (g, g->first));
      break;
    case TK_METROPOLIS_PHASE_FINAL_TURNS:
      {
        int left = (int) g->final_turns_left;

        /* Translators: a heading, e.g. "Year 1 · Final Turns · Ana’s Turn" */
        title = g_strdup_printf (_("Year %d · Final Turns · %s’s Turn"), year, current);
        detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "All deeds are sold. %d final turn left (income or build), then year %d is scored.",
                                               "All deeds are sold. %d final turns left (income or build), then year %d is scored.",
                                               (gulong) left),
                                  left, year);
      }
      break;
    case TK_METROPOLIS_PHASE_OVER:
    default:
      /* the session view's end card names the winner and the tie-break */
      break;
    }
  tk_turn_header_set_title (header, title);
  tk_turn_header_set_detail (header, detail);
}

static void
tk_metropolis_status_class_init (TkMetropolisStatusClass *klass)
{
  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_status_update;

  g_type_ensure (TK_TYPE_TURN_HEADER);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-status.ui");
}

static void
tk_metropolis_status_init (TkMetropolisStatus *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
