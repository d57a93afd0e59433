/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel.c — the Welcome To... bookkeeping panel: every player's sheet, drawn
 * like the paper one, filled in by tapping.
 *
 * A turn is picked (one of the round's recorded cards, a number card and an effect card in
 * solo and the draft, or just a number and an effect), then a house is tapped, then the
 * effect's target (a fence slot, a real estate column, the bis house) when it has one.  The
 * whole turn goes to the engine as one action.  While choosing, the houses, fences and
 * columns the engine would refuse are dimmed: each is tried on a scratch state
 * (TkWelcomeToTrial), so the dimming is the engine's own rule, not a copy of it.
 *
 * Everything shown is read from the session on every change (tk-welcome-to-panel-read.c)
 * and drawn by tk-welcome-to-panel-view.c; taps become the engine's actions in
 * tk-welcome-to-panel-taps.c.  This file is the object: it builds the view and tells the
 * taps how to redraw (self->refresh), so no two of these files include each other's work.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-plan-text.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"
#include "tk-session-style.h"

G_DEFINE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, TK_TYPE_GAME_PANEL)

/* ---- the object ---- */

static void
read_setup (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  /* tables are optional in a setup (the engine then plays its defaults) */
  JsonObject *tables = json_object_has_member (setup, "tables")
                       ? json_object_get_object_member (setup, "tables") : NULL;
  JsonArray *streets;

  self->rules = tk_session_get_rules (self->session);
  self->n_players = tk_session_get_n_players (self->session);
  if (tables != NULL)
    self->tables = json_object_ref (tables);
  else
    {
      g_autoptr(JsonObject) defaults = self->rules->default_setup (MAX (self->n_players, 1));

      self->tables = json_object_ref (json_object_get_object_member (defaults, "tables"));
    }
  self->solo = json_object_get_boolean_member_with_default (setup, "solo", self->n_players == 1);
  self->draft = json_object_get_boolean_member_with_default (setup, "draft", FALSE);
  self->intermediate = g_strcmp0 (json_object_get_string_member_with_default (setup, "variant",
                                                                             "basic"),
                                  "intermediate") == 0;
  self->lowest_card = (gint) json_object_get_int_member_with_default (self->tables, "lowest_card", 1);
  self->highest_card = (gint) json_object_get_int_member_with_default (self->tables,
                                                                      "highest_card", 15);
  self->highest_number = (gint) json_object_get_int_member_with_default (self->tables,
                                                                        "highest_number", 17);
  self->temp_change = (gint) json_object_get_int_member_with_default (self->tables,
                                                                     "temp_change", 2);
  self->highest_card = MIN (self->highest_card, MAX_NUMBERS - 1);
  streets = json_object_get_array_member (self->tables, "streets");
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_array_get_object_element (streets, s);
      JsonArray *pools = json_object_get_array_member (street, "pools");

      self->houses[s] = MIN ((guint) json_object_get_int_member (street, "houses"), MAX_HOUSES);
      for (guint i = 0; pools != NULL && i < json_array_get_length (pools); i++)
        {
          gint64 h = json_array_get_int_element (pools, i);

          if (h >= 1 && h <= self->houses[s])
            self->pool_spot[s][h - 1] = TRUE;
        }
    }
}

/* TkGamePanel calls this on every TkSession::changed. */
static void
tk_welcome_to_panel_session_changed (TkGamePanel *panel)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (panel);

  tk_wt_on_session_changed (self);
}

static void
tk_welcome_to_panel_constructed (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->constructed (object);

  /* borrowed from TkGamePanel, which holds the "session" property */
  self->session = tk_game_panel_get_session (TK_GAME_PANEL (self));

  g_return_if_fail (self->session != NULL);
  read_setup (self);
  tk_wt_build_players (self);
  tk_wt_build_turn (self);
  tk_wt_build_streets (self);
  tk_wt_build_bottom (self);
  tk_wt_clear_selection (self);
  /* start on the first sheet still to play */
  tk_wt_reload (self);
  if (tk_wt_acted (self, 0))
    tk_wt_next_sheet (self);
}

static void
tk_welcome_to_panel_dispose (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_WELCOME_TO_PANEL);
  g_clear_pointer (&self->trial, tk_welcome_to_trial_free);
  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  g_clear_pointer (&self->tables, json_object_unref);
  self->session = NULL;     /* TkGamePanel holds it */

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->dispose (object);
}

static void
tk_welcome_to_panel_finalize (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  g_ptr_array_unref (self->seat_buttons);
  g_ptr_array_unref (self->seat_totals);
  g_ptr_array_unref (self->seat_states);
  for (guint s = 0; s < N_STREETS; s++)
    g_clear_pointer (&self->park_cells[s], g_ptr_array_unref);
  for (guint c = 0; c < N_COLUMNS; c++)
    g_clear_pointer (&self->column_cells[c], g_ptr_array_unref);
  g_clear_pointer (&self->pools.cells, g_ptr_array_unref);
  g_clear_pointer (&self->temps.cells, g_ptr_array_unref);
  g_clear_pointer (&self->bis.cells, g_ptr_array_unref);
  g_clear_pointer (&self->refusals.cells, g_ptr_array_unref);
  g_clear_pointer (&self->roundabouts.cells, g_ptr_array_unref);
  g_array_unref (self->claim_estates);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->finalize (object);
}

static void
tk_welcome_to_panel_class_init (TkWelcomeToPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->constructed = tk_welcome_to_panel_constructed;
  object_class->dispose = tk_welcome_to_panel_dispose;
  object_class->finalize = tk_welcome_to_panel_finalize;

  TK_GAME_PANEL_CLASS (klass)->session_changed = tk_welcome_to_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-panel.ui");
  /* Escape backs out of choosing an effect's target, a roundabout or a plan's estates */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, tk_wt_cancel_binding, NULL);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, played_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, end_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, prompt_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, streets_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, bottom_box);
}

static void
tk_welcome_to_panel_init (TkWelcomeToPanel *self)
{
  self->refresh = tk_wt_refresh;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* not bound in the template: AdwBin unparents its own child on dispose */
  self->root_box = adw_bin_get_child (ADW_BIN (self));
  self->seat_buttons = g_ptr_array_new ();
  self->seat_totals = g_ptr_array_new ();
  self->seat_states = g_ptr_array_new ();
  self->claim_estates = g_array_new (FALSE, FALSE, sizeof (Estate));
}
