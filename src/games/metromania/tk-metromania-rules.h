/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-rules.h — Metromania (Spiel-ou-Face 2006): network bookkeeping, test trips
 * and final scoring. */
#pragma once

#include "tk-rules.h"

G_BEGIN_DECLS

#define TK_METROMANIA_RULES_ID "metromania"

const TkRules *tk_metromania_rules_get (void);

/* Reads a plain network file ("format": "tablekeeper-metromania-network", see docs/formats.md)
 * and returns its score, the same object as the engine's score() (with "trips"). */
JsonObject    *tk_metromania_network_score (JsonObject  *network,
                                            GError     **error);

/* Checks @action on a copy of the engine @state as apply() would, except that a "dig" with
 * fewer than 3 tunnels is not refused for that alone: a panel checks each tunnel of a turn
 * while the player enters it.  @state is left as it was. */
gboolean       tk_metromania_rules_check_draft (gpointer     state,
                                                JsonObject  *action,
                                                GError     **error);

G_END_DECLS
