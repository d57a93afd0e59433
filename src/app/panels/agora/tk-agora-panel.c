/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-panel.c — the Agora bookkeeping panel: a TkGamePanel holding a TkAgoraModel and
 * the parts its template places by class name — the money cards, the turn card, the shops
 * and the deck — each bound to the model's "model" property.
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed, and
 * ask it for every change.  The panel's only work is to own the model and route its ::apply
 * through the session view (tk_game_panel_apply), which commits and shows the Undo toast or
 * the engine's refusal.  So the arrows point one way: panel → parts → model → session.
 */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include "tk-agora-deck.h"
#include "tk-agora-money-cards.h"
#include "tk-agora-panel.h"
#include "tk-agora-shop-list.h"
#include "tk-agora-turn-card.h"
#include "tk-session-style.h"

struct _TkAgoraPanel
{
  TkGamePanel   parent_instance;

  TkAgoraModel *model;
};

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, TK_TYPE_GAME_PANEL)

static gboolean
model_apply (TkAgoraPanel *self,
             JsonObject   *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

static void
tk_agora_panel_constructed (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);
  TkSession *session;

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->constructed (object);

  session = tk_game_panel_get_session (TK_GAME_PANEL (self));
  if (session == NULL)
    return;
  /* the model follows the session itself: the panel needs no session_changed () */
  self->model = tk_agora_model_new (session);
  g_signal_connect_object (self->model, "apply", G_CALLBACK (model_apply), self,
                           G_CONNECT_SWAPPED);
  g_object_notify_by_pspec (object, properties[PROP_MODEL]);
}

static void
tk_agora_panel_dispose (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_PANEL);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->dispose (object);
}

static void
tk_agora_panel_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_AGORA_PANEL (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_agora_panel_class_init (TkAgoraPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_agora_panel_constructed;
  object_class->dispose = tk_agora_panel_dispose;
  object_class->get_property = tk_agora_panel_get_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_AGORA_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_AGORA_MONEY_CARDS);
  g_type_ensure (TK_TYPE_AGORA_TURN_CARD);
  g_type_ensure (TK_TYPE_AGORA_SHOP_LIST);
  g_type_ensure (TK_TYPE_AGORA_DECK);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-panel.ui");
}

static void
tk_agora_panel_init (TkAgoraPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkAgoraModel *
tk_agora_panel_get_model (TkAgoraPanel *self)
{
  g_return_val_if_fail (TK_IS_AGORA_PANEL (self), NULL);
  return self->model;
}
