/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-panel.c — the Agora bookkeeping panel: a TkGamePanel whose model is a TkAgoraModel
 * and whose template places its parts by class name — the money cards, the turn card, the
 * shops and the deck — each bound to the panel's "model".
 *
 * The parts talk only to the model: they read it and patch themselves on its ::changed, and
 * ask it for every change.  The panel's only work, TkGamePanel's given create_model (), is
 * to own the model and route its ::apply through the session view (tk_game_panel_apply),
 * which commits and shows the Undo toast or the engine's refusal.  So the arrows point one
 * way: panel → parts → model → session.
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
  TkGamePanel parent_instance;
};

G_DEFINE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, TK_TYPE_GAME_PANEL)

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_agora_model_new (session));
}

static void
tk_agora_panel_class_init (TkAgoraPanelClass *klass)
{
  tk_session_style_ensure ();

  TK_GAME_PANEL_CLASS (klass)->create_model = create_model;

  g_type_ensure (TK_TYPE_AGORA_MONEY_CARDS);
  g_type_ensure (TK_TYPE_AGORA_TURN_CARD);
  g_type_ensure (TK_TYPE_AGORA_SHOP_LIST);
  g_type_ensure (TK_TYPE_AGORA_DECK);
  tk_game_panel_class_set_template (TK_GAME_PANEL_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-panel.ui");
}

static void
tk_agora_panel_init (TkAgoraPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
