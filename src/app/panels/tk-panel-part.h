/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-part.h — TkPanelPart, what a region of a game panel can be built on: the panel's
 * model it shows ("model", a TkPanelModel bound from the panel's template) and whether the
 * panel has room to lay its regions side by side ("wide", bound the same way).  The class's
 * update () runs when either is set, on the model's ::changed and when the user's choices
 * change (the model's notifications), so a part only says how it shows the model and never
 * calls the panel or another part.  No circle: panel → parts → model.
 */
#pragma once

#include <adwaita.h>

#include "tk-panel-model.h"

G_BEGIN_DECLS

#define TK_TYPE_PANEL_PART (tk_panel_part_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkPanelPart, tk_panel_part, TK, PANEL_PART, AdwBin)

struct _TkPanelPartClass
{
  AdwBinClass parent_class;

  /* Shows @model (never NULL) in the part, patching what is there. */
  void (*update) (TkPanelPart  *self,
                  TkPanelModel *model);
  /* the class whose template the part has (tk_panel_part_class_set_template ()) */
  GType template_type;
};

/* Sets the part class's template from @resource_path; the base disposes it, so a part needs
 * no dispose () of its own for that. */
void          tk_panel_part_class_set_template (TkPanelPartClass *klass,
                                                const char       *resource_path);

TkPanelModel *tk_panel_part_get_model (TkPanelPart *self);
gboolean      tk_panel_part_get_wide  (TkPanelPart *self);

G_END_DECLS
