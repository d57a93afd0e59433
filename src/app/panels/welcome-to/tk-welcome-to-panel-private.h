/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-private.h — what the Welcome To... panel's own files share: the
 * widgets of the player tabs, the turn picker and the prompt, the tap handlers that hand
 * each tap to the model (tk-welcome-to-panel-taps.c, -cards.c, -exchange.c) and the view
 * that shows the model (tk-welcome-to-panel-view.c).  What the session holds and the pick
 * being made live in the model (TkWelcomeToModel); the streets and the lower sheet are parts
 * of their own.  Internal to the panel: the tk_wt_ prefix marks it.
 */
#pragma once

#include <adwaita.h>

#include "tk-session.h"
#include "tk-welcome-to-street.h"
#include "tk-welcome-to-model.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-lower-sheet.h"

G_BEGIN_DECLS

#define N_STREETS    TK_WELCOME_TO_N_STREETS
#define MAX_HOUSES   TK_WELCOME_TO_MAX_HOUSES
#define N_COLUMNS    TK_WELCOME_TO_N_COLUMNS
#define N_PLANS      TK_WELCOME_TO_N_PLANS
#define MAX_NUMBERS  TK_WELCOME_TO_MAX_NUMBERS

struct _TkWelcomeToPanel
{
  TkGamePanel     parent_instance;

  TkSession      *session;          /* borrowed from TkGamePanel */
  /* what is shown and the pick being made: every change of it comes back as ::changed */
  TkWelcomeToModel *model;

  /* template */
  GtkWidget      *root_box;
  GtkWidget      *players_box;
  GtkWidget      *round_label;
  GtkWidget      *played_label;
  GtkWidget      *end_label;
  GtkWidget      *turn_box;
  GtkWidget      *picker_box;
  GtkWidget      *refuse_button, *record_button, *roundabout_button;
  GtkWidget      *recorder, *recorder_caption;
  GtkWidget      *record_labels[3], *record_numbers[3], *record_effects[3];
  GtkWidget      *skip_button, *cancel_button, *bis_left_button, *bis_right_button;
  GtkWidget      *prompt_box;
  GtkWidget      *hint_label;
  GtkWidget      *streets_box;

  gboolean        updating;             /* toggles set from the model, not by a tap */

  /* widgets made once */
  GPtrArray      *seat_buttons, *seat_totals, *seat_states;
  GtkWidget      *cards_box, *pairs_box, *split_box;
  GtkWidget      *card_buttons[3], *card_numbers[3], *card_effects[3];
  GtkWidget      *number_card_buttons[3], *effect_card_buttons[3];
  GtkWidget      *manual_box;
  GtkWidget      *number_buttons[MAX_NUMBERS];
  GtkWidget      *effect_buttons[TK_WELCOME_TO_N_EFFECTS];
  GtkWidget      *temp_box, *temp_buttons[5], *temp_cross_check;
  GtkNativeDialog *chooser;
};

/* Taps handed to the model (tk-welcome-to-panel-taps.c; the cards recorder and refusals in
 * -cards.c, the sheet exchange in -exchange.c) */
gboolean     tk_wt_cancel_binding (GtkWidget *widget, GVariant *args, gpointer user_data);
void         tk_wt_on_seat_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_number_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_effect_card_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_number_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_effect_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_temp_clicked (GtkButton *button, TkWelcomeToPanel *self);
void         tk_wt_on_temp_cross_toggled (GtkCheckButton *check, TkWelcomeToPanel *self);
void         tk_wt_on_skip_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_cancel_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_bis_left_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_bis_right_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_record_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_refuse_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_record_toggle_clicked (TkWelcomeToPanel *self);
void         tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self);
/* "welcome-to.export-sheet" and "welcome-to.import-sheet": the file choosers */
void         tk_wt_export_activated (GtkWidget *widget, const char *action_name,
                                     GVariant *parameter);
void         tk_wt_import_activated (GtkWidget *widget, const char *action_name,
                                     GVariant *parameter);

/* The view: made once, updated on every change (tk-welcome-to-panel-view.c, the streets in
 * -streets.c, the lower sheet in -bottom.c) */
void         tk_wt_build_players (TkWelcomeToPanel *self);
void         tk_wt_build_turn (TkWelcomeToPanel *self);
void         tk_wt_set_class (GtkWidget *widget, const char *css_class, gboolean on);
void         tk_wt_flow_append (GtkWidget *flow, GtkWidget *child);
void         tk_wt_refresh (TkWelcomeToPanel *self);

/* The view's widget helpers (tk-welcome-to-panel-view.c), its streets
 * (tk-welcome-to-panel-streets.c) and its lower sheet (tk-welcome-to-panel-bottom.c) */
GtkWidget *  tk_wt_caption (const char *text);
GtkWidget *  tk_wt_heading (const char *text);
GtkWidget *  tk_wt_wrap_box (void);

G_END_DECLS
