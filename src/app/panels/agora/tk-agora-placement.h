/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-placement.h — what a placed Agora card does to the shops: the editor behind the
 * Place step (and the first card), turned into the members of a "place" action. */
#pragma once

#include <adwaita.h>

#include "tk-agora-model.h"

G_BEGIN_DECLS

#define TK_TYPE_AGORA_PLACEMENT (tk_agora_placement_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraPlacement, tk_agora_placement, TK, AGORA_PLACEMENT, GtkBox)

/* The shops on the table (@model's), for the card to extend, join or close; NULL for the
 * first card, which lies alone.  Choices for shops still there are kept. */
void        tk_agora_placement_set_shops   (TkAgoraPlacement *self,
                                            TkAgoraModel     *model);
/* Forgets every choice (after the card was placed). */
void        tk_agora_placement_reset       (TkAgoraPlacement *self);
/* Adds "new_shops", "extend", "merge" and "doors" to @action; FALSE with a readable
 * message when the choices cannot make a placement. */
gboolean    tk_agora_placement_fill_action (TkAgoraPlacement *self,
                                            JsonObject       *action,
                                            GError          **error);

G_END_DECLS
