/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-private.h — what the Welcome To... panel's two files share: the
 * panel's fields, the readers of the session's state, the tap handlers (in
 * tk-welcome-to-panel.c) and the view that draws the sheet (tk-welcome-to-panel-view.c).
 * Internal to the panel: the tk_wt_ prefix marks it.
 */
#pragma once

#include <adwaita.h>

#include "tk-session.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-trial.h"

G_BEGIN_DECLS

#define N_STREETS    3
#define MAX_HOUSES   16
#define MAX_TRACK    16
#define N_COLUMNS    6
#define N_PLANS      3
#define N_EFFECTS    6
#define MAX_NUMBERS  32

enum
{
  EFFECT_SURVEYOR, EFFECT_REAL_ESTATE, EFFECT_LANDSCAPER, EFFECT_POOL, EFFECT_TEMP, EFFECT_BIS
};

/* The engine's effect names, by the enum above. */
extern const char *const tk_wt_effect_ids[N_EFFECTS];

typedef enum
{
  STAGE_CHOOSE,       /* picking the card(s), then a house */
  STAGE_EFFECT,       /* the house is chosen; waiting for the effect's target */
  STAGE_ROUNDABOUT,   /* the next empty house tapped gets a roundabout */
  STAGE_CLAIM,        /* selecting estates for a city plan */
} Stage;

/* The score categories of the sheet's bottom row (tk-welcome-to-panel-bottom.c). */
#define N_SCORE_KEYS 8

typedef struct
{
  GtkWidget *card;
  GPtrArray *cells;
  GtkWidget *points;
} Track;

typedef struct { guint street, from, to; } Estate;   /* 0-based, inclusive */

struct _TkWelcomeToPanel
{
  TkGamePanel     parent_instance;

  TkSession      *session;
  /* Redraws everything from the session (tk_wt_refresh): the taps ask through this, so
   * they need not include the view. */
  void          (*refresh) (TkWelcomeToPanel *self);

  /* template */
  GtkWidget      *root_box;
  GtkWidget      *players_box;
  GtkWidget      *round_label;
  GtkWidget      *played_label;
  GtkWidget      *end_label;
  GtkWidget      *turn_box;
  GtkWidget      *prompt_box;
  GtkWidget      *hint_label;
  GtkWidget      *streets_box;
  GtkWidget      *bottom_box;

  /* the setup: fixed for the session */
  const TkRules  *rules;
  JsonObject     *tables;
  guint           n_players;
  gboolean        solo, draft, intermediate;
  guint           houses[N_STREETS];
  gboolean        pool_spot[N_STREETS][MAX_HOUSES];
  gint            lowest_card, highest_card, highest_number, temp_change;

  /* what the session holds now, read again on every change */
  JsonObject     *game;
  JsonObject     *score;
  TkWelcomeToTrial *trial;

  /* transient selection, cleared when the session changes */
  guint           seat;
  Stage           stage;
  gint            card;                 /* recorded pair (multiplayer), -1 none */
  gint            number_card, effect_card;  /* solo / draft, -1 none */
  gint            manual_number;        /* 0 none */
  gint            manual_effect;        /* -1 none */
  gint            temp_delta;
  gboolean        temp_cross;
  gint            pend_street, pend_house;
  gint            bis_street, bis_house; /* a bis target with two neighbours to copy */
  gint            claim_plan;
  GArray         *claim_estates;        /* Estate, the estates offered */
  gboolean        updating;

  /* widgets made once */
  GPtrArray      *seat_buttons, *seat_totals, *seat_states;
  GtkWidget      *cards_box, *pairs_box, *split_box;
  GtkWidget      *card_buttons[3], *card_numbers[3], *card_effects[3];
  GtkWidget      *number_card_buttons[3], *effect_card_buttons[3];
  GtkWidget      *manual_box;
  GtkWidget      *number_buttons[MAX_NUMBERS];
  GtkWidget      *effect_buttons[N_EFFECTS];
  GtkWidget      *temp_box, *temp_buttons[5], *temp_cross_check;
  GtkWidget      *refuse_button, *record_button, *roundabout_button;
  GtkWidget      *recorder;
  GtkWidget      *record_numbers[3], *record_effects[3];
  GtkWidget      *skip_button, *cancel_button, *bis_left_button, *bis_right_button;
  GtkWidget      *house_buttons[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_labels[N_STREETS][MAX_HOUSES];
  GtkWidget      *pool_marks[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_estate_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_plan_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_buttons[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_estate_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_plan_bars[N_STREETS][MAX_HOUSES];
  GPtrArray      *park_cells[N_STREETS];
  GtkWidget      *park_points[N_STREETS];
  GtkWidget      *plan_titles[N_PLANS], *plan_states[N_PLANS], *plan_buttons[N_PLANS];
  GtkWidget      *solo_button, *solo_label;
  GtkWidget      *claim_box, *claim_label, *claim_flow, *claim_apply;
  Track           pools, temps, bis, refusals, roundabouts;
  GtkWidget      *column_buttons[N_COLUMNS];
  GPtrArray      *column_cells[N_COLUMNS];
  GtkWidget      *column_counts[N_COLUMNS];
  GtkWidget      *score_values[N_SCORE_KEYS];
  GtkWidget      *score_cells[N_SCORE_KEYS];
  GtkWidget      *total_value;
  GtkNativeDialog *chooser;
};

/* The session's state, read from its JSON (tk-welcome-to-panel.c) */
const char * tk_wt_effect_name (gint effect);
gint         tk_wt_effect_from_id (const char *id);
JsonObject * tk_wt_player_object (TkWelcomeToPanel *self, guint seat);
JsonObject * tk_wt_sheet_object (TkWelcomeToPanel *self);
JsonObject * tk_wt_street_object (JsonObject *sheet, guint s);
JsonObject * tk_wt_house_object (JsonObject *sheet, guint s, guint h);
gboolean     tk_wt_has_fence (JsonObject *sheet, guint s, guint k);
gboolean     tk_wt_house_has_number (JsonObject *house);
gboolean     tk_wt_acted (TkWelcomeToPanel *self, guint seat);
gboolean     tk_wt_round_done (TkWelcomeToPanel *self);
gboolean     tk_wt_game_over (TkWelcomeToPanel *self);
JsonArray *  tk_wt_open_cards (TkWelcomeToPanel *self);
JsonObject * tk_wt_score_player (TkWelcomeToPanel *self, guint seat);
gint64       tk_wt_breakdown_points (JsonObject *player, const char *key, const char **label);
JsonArray *  tk_wt_table_array (TkWelcomeToPanel *self, const char *member);
JsonObject * tk_wt_setup_plan (TkWelcomeToPanel *self, guint p);
GArray *     tk_wt_completed_estates (TkWelcomeToPanel *self, JsonObject *sheet);
gboolean     tk_wt_estate_used (JsonObject *sheet, guint s, guint h);
gboolean     tk_wt_current_pick (TkWelcomeToPanel *self, gint *number, gint *effect);
gint         tk_wt_written_number (TkWelcomeToPanel *self, gint number, gint effect);
JsonObject * tk_wt_turn_action (TkWelcomeToPanel *self, guint s, guint h);
JsonObject * tk_wt_bis_member (guint s, guint h, guint from);
gboolean     tk_wt_trial_ok (TkWelcomeToPanel *self, JsonObject *action);

/* Taps: the handlers the view connects, and what the panel object calls
 * (tk-welcome-to-panel-taps.c; the cards recorder, refusals and claims in -cards.c, the sheet
 * exchange in -exchange.c) */
void         tk_wt_on_session_changed (TkWelcomeToPanel *self);
void         tk_wt_clear_selection (TkWelcomeToPanel *self);
void         tk_wt_clear_stage (TkWelcomeToPanel *self);
void         tk_wt_reload (TkWelcomeToPanel *self);
void         tk_wt_next_sheet (TkWelcomeToPanel *self);
gboolean     tk_wt_apply (TkWelcomeToPanel *self, JsonObject *action);
void         tk_wt_apply_turn (TkWelcomeToPanel *self, JsonObject *action);
gboolean     tk_wt_cancel_binding (GtkWidget *widget, GVariant *args, gpointer user_data);
void         tk_wt_on_seat_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_number_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_effect_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_number_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_effect_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_temp_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_temp_cross_toggled (GtkCheckButton *check, TkWelcomeToPanel *self);
void         tk_wt_on_house_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_fence_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_column_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_skip_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_cancel_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_bis_side_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_record_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_refuse_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_record_toggle_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_solo_card_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_claim_toggled (TkWelcomeToPanel *self);
void         tk_wt_on_plan_claim_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_claim_apply_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_export_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_import_clicked (TkWelcomeToPanel *self);

/* The view: made once, updated on every change (tk-welcome-to-panel-view.c, the streets in
 * -streets.c, the lower sheet in -bottom.c) */
void         tk_wt_build_players (TkWelcomeToPanel *self);
void         tk_wt_build_turn (TkWelcomeToPanel *self);
void         tk_wt_build_streets (TkWelcomeToPanel *self);
void         tk_wt_build_bottom (TkWelcomeToPanel *self);
void         tk_wt_set_class (GtkWidget *widget, const char *css_class, gboolean on);
void         tk_wt_flow_append (GtkWidget *flow, GtkWidget *child);
void         tk_wt_refresh (TkWelcomeToPanel *self);

/* The view's widget helpers (tk-welcome-to-panel-view.c), its streets
 * (tk-welcome-to-panel-streets.c) and its lower sheet (tk-welcome-to-panel-bottom.c) */
GtkWidget *  tk_wt_caption (const char *text);
GtkWidget *  tk_wt_heading (const char *text);
GtkWidget *  tk_wt_wrap_box (void);
void         tk_wt_refresh_streets (TkWelcomeToPanel *self);
GtkWidget *  tk_wt_value_cell (gint value);
void         tk_wt_refresh_bottom (TkWelcomeToPanel *self);

G_END_DECLS
