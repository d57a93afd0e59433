/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-model.h — an Agora session as the panel's parts read it: typed, no widgets.
 *
 * The model reads the session once per TkSession::changed (only the engine's typed answers
 * from tk-agora-rules.h, never the state's JSON: the phase, turn, seats, shops and cards, the
 * cards left and the chance of each letter, which shop is largest, what fire would take,
 * which shops are for sale, what the income step pays, whether money passes the goal and how
 * far it is, whom a festival would make win) into typed fields and three lists, then emits
 * ::changed once.  The lists keep their items
 * (TkAgoraPlayer, TkAgoraShop) across changes and only update them, so views bound to them
 * are patched in place.  It also keeps the player's transient choices (the letter tapped
 * before its event or first player is said, the seat drawn at random), which belong to one
 * moment of the game and are forgotten when it moves on.
 *
 * Every change goes through tk_agora_model_apply (), which emits ::apply (TkPanelModel's,
 * with "session", ::changed and the re-read on each TkSession::changed): the panel routes
 * it to the session view (which commits it and shows the Undo toast or the refusal);
 * with nobody connected the model applies it to the session itself.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tk-panel-model.h"
#include "tk-agora-items.h"

G_BEGIN_DECLS

#define TK_AGORA_N_LETTERS 4

typedef enum
{
  TK_AGORA_EVENT_FIRE,
  TK_AGORA_EVENT_FLOOD,
  TK_AGORA_EVENT_FESTIVAL,
} TkAgoraEvent;

#define TK_TYPE_AGORA_MODEL (tk_agora_model_get_type ())
G_DECLARE_FINAL_TYPE (TkAgoraModel, tk_agora_model, TK, AGORA_MODEL, TkPanelModel)

TkAgoraModel *tk_agora_model_new                (TkSession     *session);

/* ---- read from the session at each change ---- */

TkAgoraPhase  tk_agora_model_get_phase          (TkAgoraModel  *self);
/* the seat whose turn it is */
guint         tk_agora_model_get_active         (TkAgoraModel  *self);
guint         tk_agora_model_get_n_players      (TkAgoraModel  *self);
/* the player in @seat (borrowed) */
TkAgoraPlayer *tk_agora_model_get_player        (TkAgoraModel  *self,
                                                 guint          seat);
/* the goal, and whether reaching it wins ("$50 or more") rather than passing it */
gint64        tk_agora_model_get_goal           (TkAgoraModel  *self);
gboolean      tk_agora_model_get_goal_reach     (TkAgoraModel  *self);
/* the engine's answers: whether @money passes the goal; the seats (a mask) a festival drawn
 * now would make win */
gboolean      tk_agora_model_past_goal          (TkAgoraModel  *self,
                                                 gint64         money);
guint         tk_agora_model_get_festival_winners (TkAgoraModel *self);
/* The seat dealt @letter (0..3), or -1. */
int           tk_agora_model_letter_seat        (TkAgoraModel  *self,
                                                 int            letter);
/* the engine's cards of @letter left in the deck, and the chance the next card carries it */
guint         tk_agora_model_get_cards_left     (TkAgoraModel  *self,
                                                 int            letter);
double        tk_agora_model_get_letter_chance  (TkAgoraModel  *self,
                                                 int            letter);
guint         tk_agora_model_get_deck_total     (TkAgoraModel  *self);
guint         tk_agora_model_get_cards_per_letter (TkAgoraModel *self);
guint         tk_agora_model_get_cards_on_table (TkAgoraModel  *self);
guint         tk_agora_model_get_cards_removed  (TkAgoraModel  *self);
/* the letter of the drawn card waiting to be placed, or -1 */
int           tk_agora_model_get_drawn          (TkAgoraModel  *self);
/* The engine's largest shop (borrowed), or NULL; @tie says whether several share the most. */
TkAgoraShop  *tk_agora_model_get_largest        (TkAgoraModel  *self,
                                                 gboolean      *tie);
/* TkAgoraPlayer by seat; TkAgoraShop by id; the shops the active player may buy. */
GListModel   *tk_agora_model_get_players        (TkAgoraModel  *self);
GListModel   *tk_agora_model_get_shops          (TkAgoraModel  *self);
GListModel   *tk_agora_model_get_shops_for_sale (TkAgoraModel  *self);

/* ---- transient choices (properties "chosen-letter" and "chosen-seat", -1 for none) ---- */

int           tk_agora_model_get_chosen_letter  (TkAgoraModel  *self);
void          tk_agora_model_set_chosen_letter  (TkAgoraModel  *self,
                                                 int            letter);
int           tk_agora_model_get_chosen_seat    (TkAgoraModel  *self);
void          tk_agora_model_set_chosen_seat    (TkAgoraModel  *self,
                                                 int            seat);

/* ---- changes: each builds the engine's action and applies it ---- */

gboolean      tk_agora_model_apply              (TkAgoraModel  *self,
                                                 JsonObject    *action);
/* The first card: the chosen letter (and seat when nobody holds it); @placement holds the
 * new shops (TkAgoraPlacement's members) and becomes the action. */
gboolean      tk_agora_model_lay_first_card     (TkAgoraModel  *self,
                                                 JsonObject    *placement);
gboolean      tk_agora_model_collect            (TkAgoraModel  *self);
/* A drawn letter: the active player's own letter is only chosen (its event is asked next);
 * any other is applied.  Returns whether the session took an action. */
gboolean      tk_agora_model_draw               (TkAgoraModel  *self,
                                                 int            letter);
/* The event the chosen letter's card shows. */
gboolean      tk_agora_model_draw_event         (TkAgoraModel  *self,
                                                 TkAgoraEvent   event);
gboolean      tk_agora_model_place              (TkAgoraModel  *self,
                                                 JsonObject    *placement);
gboolean      tk_agora_model_buy                (TkAgoraModel  *self,
                                                 guint          shop_id);
gboolean      tk_agora_model_pass               (TkAgoraModel  *self);
/* A correction of shop @shop_id: its circles and open doors (-1: unchanged). */
gboolean      tk_agora_model_edit_shop          (TkAgoraModel  *self,
                                                 guint          shop_id,
                                                 gint64         marks,
                                                 gint64         doors);

G_END_DECLS
