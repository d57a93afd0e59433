/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-part.h — TkMetropolisPart, what every region of the Metropolis panel is built
 * on: the TkMetropolisModel it shows ("model", bound from the panel's template) and whether
 * the panel has room to lay the board and the turn side by side ("wide", bound the same way).
 * The class's update () runs when either is set, on the model's ::changed and when the user's
 * picking changes (the model's notifications), so a part only says how it shows the model
 * and never calls the panel or another part.
 */
#pragma once

#include <adwaita.h>

#include "tk-metropolis-model.h"

G_BEGIN_DECLS

#define TK_TYPE_METROPOLIS_PART (tk_metropolis_part_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkMetropolisPart, tk_metropolis_part, TK, METROPOLIS_PART, AdwBin)

struct _TkMetropolisPartClass
{
  AdwBinClass parent_class;

  /* Shows @model (never NULL) in the part, patching what is there. */
  void (*update) (TkMetropolisPart  *self,
                  TkMetropolisModel *model);

  gpointer padding[4];
};

TkMetropolisModel *tk_metropolis_part_get_model (TkMetropolisPart *self);
gboolean           tk_metropolis_part_get_wide  (TkMetropolisPart *self);

G_END_DECLS
