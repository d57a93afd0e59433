/* tk-agora-panel-private.h — what the parts of the Agora panel share: the instance struct,
 * the snapshot a redraw reads (View), and the functions one part calls in another (prefixed
 * agp_, for Agora panel).  The panel itself is public only as tk-agora-panel.h; nothing outside
 * src/app/panels/agora/ includes this file.
 */
#pragma once

#include "panels/tk-panel-widgets.h"
#include "panels/tk-colour-dot.h"
#include "tk-game-panel.h"
#include "tk-agora-panel.h"
#include "tk-agora-placement.h"

G_BEGIN_DECLS

#define N_LETTERS 4

struct _TkAgoraPanel
{
  AdwBin      parent_instance;

  TkSession  *session;

  GtkWidget  *goal_label;
  GtkWidget  *money_flow;
  GtkWidget  *turn_box;
  GtkWidget  *turn_title;
  GtkWidget  *steps_box;
  GtkWidget  *step_hint;
  GtkWidget  *step_box;
  GtkWidget  *shops_summary;
  GtkWidget  *shops_list;
  GtkWidget  *deck_summary;
  GtkWidget  *deck_flow;

  GtkWidget  *placement;      /* kept across redraws (owned) */

  /* Transient choices, valid while draft_key names the same moment of the game. */
  char       *draft_key;
  int         chosen_letter;  /* first card or drawn card waiting for its event; -1 */
  int         chosen_seat;    /* first player drawn at random; -1 */
};

/* A snapshot of what one redraw needs. */
typedef struct
{
  JsonObject *json;      /* owned: tk_session_to_json */
  JsonObject *game;
  JsonObject *setup;
  JsonObject *score;     /* owned */
  const char *phase;
  guint       active;
  guint       n_players;
  gint64      goal;
  gboolean    reach;     /* "goal or more" instead of "over the goal" */
} View;

/* tk-agora-panel.c: small helpers, reading the state, applying, the redraw */
char       *agp_format_money (gint64        money);
const char *agp_seat_name    (View         *view,
                              guint         seat);
JsonObject *agp_player_state (View         *view,
                              guint         seat);
int         agp_seat_letter  (View         *view,
                              guint         seat);
int         agp_letter_seat  (View         *view,
                              int           letter);
JsonArray  *agp_shops_of     (View         *view);
int         agp_shop_owner   (JsonObject   *shop);
gboolean    agp_past_goal    (View         *view,
                              gint64        money);
JsonObject *agp_largest_shop (View         *view,
                              gboolean     *tie);
gint64      agp_income_now   (View         *view,
                              guint         seat);
gboolean    agp_apply        (TkAgoraPanel *self,
                              JsonObject   *action);
void        agp_apply_simple (TkAgoraPanel *self,
                              const char   *type);
void        agp_refresh      (TkAgoraPanel *self);

/* tk-agora-panel-turn.c: the turn as a guided flow */
void       agp_draw_steps    (TkAgoraPanel *self,
                              int           current);
GtkWidget *agp_choice_button (const char   *title,
                              const char   *detail,
                              const char   *name);
GtkWidget *agp_letter_row    (void);
void       agp_draw_turn     (TkAgoraPanel *self,
                              View         *view);

/* tk-agora-panel-draw.c: the draw phase and its events */
void agp_draw_draw (TkAgoraPanel *self,
                    View         *view);

/* tk-agora-panel-board.c: money, shops and the deck */
void agp_draw_money (TkAgoraPanel *self,
                     View         *view);
void agp_draw_shops (TkAgoraPanel *self,
                     View         *view);
void agp_draw_deck  (TkAgoraPanel *self,
                     View         *view);

G_END_DECLS
