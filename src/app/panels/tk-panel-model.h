/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-model.h — what every panel's model does with its session, written once.
 *
 * A panel model (TkAgoraModel, TkCityPlanModel) reads its session into typed fields once per
 * TkSession::changed.  This base holds the session (construct-only "session"), calls the
 * subclass's read_session () at construction and on every TkSession::changed (the latter
 * with notifications frozen and followed by ::changed, so that a part following both finds
 * everything already read), and routes every change through ::apply: the panel connects to
 * it to send the action to the session view; with nobody connected the default applies it
 * to the session itself.  No GTK here: the models are read by unit tests without a display.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_PANEL_MODEL (tk_panel_model_get_type ())
G_DECLARE_DERIVABLE_TYPE (TkPanelModel, tk_panel_model, TK, PANEL_MODEL, GObject)

struct _TkPanelModelClass
{
  GObjectClass parent_class;

  /* Reads the session (tk_panel_model_get_session ()) into the subclass's fields (every
   * model has one). */
  void (*read_session) (TkPanelModel *self);
};

TkSession *tk_panel_model_get_session (TkPanelModel *self);
/* Emits ::apply with @action; returns whether the session took it. */
gboolean   tk_panel_model_apply       (TkPanelModel *self,
                                       JsonObject   *action);

/* The transient choices a model keeps (a letter tapped, "look at manifestos") belong to one
 * moment of the game, named by @key (e.g. its phase, turn and card): when @key differs from
 * the last one a new moment starts and this returns TRUE, for the subclass to forget them. */
gboolean   tk_panel_model_set_moment  (TkPanelModel *self,
                                       const char   *key);
/* Counts the moments: a view holding choices of its own forgets them when this moves on. */
guint      tk_panel_model_get_moment  (TkPanelModel *self);

G_END_DECLS
