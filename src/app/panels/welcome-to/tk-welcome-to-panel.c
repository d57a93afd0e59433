/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel.c — the Welcome To... bookkeeping panel: every player's sheet, drawn
 * like the paper one, filled in by tapping.
 *
 * A turn is picked (one of the round's recorded cards, a number card and an effect card in
 * solo and the draft, or just a number and an effect), then a house is tapped, then the
 * effect's target (a fence slot, a real estate column, the bis house) when it has one.  The
 * whole turn goes to the engine as one action.  While choosing, the houses, fences and
 * columns the engine would refuse are dimmed: the session is asked (tk_session_check), so
 * the dimming is the engine's own rule, not a copy of it.
 *
 * The panel owns a TkWelcomeToModel, which reads the session and keeps the pick; the taps
 * (tk-welcome-to-panel-taps.c, -cards.c, -exchange.c) hand every tap to it, and the view
 * (tk-welcome-to-panel-view.c, -streets.c, -bottom.c) shows it again on its one ::changed
 * per change.  The model's ::apply is routed through the session view (tk_game_panel_apply),
 * which commits and shows the Undo toast or the engine's refusal.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-session-style.h"

enum
{
  PROP_0,
  PROP_MODEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, TK_TYPE_GAME_PANEL)

static gboolean
model_apply (TkWelcomeToPanel *self,
             JsonObject       *action)
{
  return tk_game_panel_apply (TK_GAME_PANEL (self), action);
}

static void
tk_welcome_to_panel_constructed (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->constructed (object);

  /* borrowed from TkGamePanel, which holds the "session" property */
  self->session = tk_game_panel_get_session (TK_GAME_PANEL (self));
  g_return_if_fail (self->session != NULL);

  /* the model follows the session itself (and opens on the first sheet still to play): the
   * panel needs no session_changed () */
  self->model = tk_welcome_to_model_new (self->session);
  g_signal_connect_object (self->model, "apply", G_CALLBACK (model_apply), self,
                           G_CONNECT_SWAPPED);
  tk_wt_build_players (self);
  tk_wt_build_turn (self);
  g_signal_connect_object (self->model, "changed", G_CALLBACK (tk_wt_refresh), self,
                           G_CONNECT_SWAPPED);
  tk_wt_refresh (self);
  /* the streets and the lower sheet (in the template, bound to "model") build and show
   * themselves */
  g_object_notify_by_pspec (object, properties[PROP_MODEL]);
}

static void
tk_welcome_to_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, TK_WELCOME_TO_PANEL (object)->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_welcome_to_panel_dispose (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_WELCOME_TO_PANEL);
  g_clear_object (&self->model);
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
  object_class->get_property = tk_welcome_to_panel_get_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_WELCOME_TO_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_WELCOME_TO_STREET);
  g_type_ensure (TK_TYPE_WELCOME_TO_LOWER_SHEET);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-panel.ui");
  /* the lower sheet's Export and Import Sheet: the file choosers are the panel's */
  gtk_widget_class_install_action (widget_class, "welcome-to.export-sheet", NULL,
                                   tk_wt_export_activated);
  gtk_widget_class_install_action (widget_class, "welcome-to.import-sheet", NULL,
                                   tk_wt_import_activated);
  /* Escape backs out of choosing an effect's target, a roundabout or a plan's estates */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, tk_wt_cancel_binding, NULL);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, played_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, end_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, picker_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, refuse_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, record_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, roundabout_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, recorder);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, recorder_caption);
  for (guint i = 0; i < 3; i++)
    {
      /* the recorder's three rows: record_label_0, record_number_0, record_effect_0 … */
      g_autofree char *label = g_strdup_printf ("record_label_%u", i);
      g_autofree char *number = g_strdup_printf ("record_number_%u", i);
      g_autofree char *effect = g_strdup_printf ("record_effect_%u", i);

      gtk_widget_class_bind_template_child_full (widget_class, label, FALSE,
                                                 G_STRUCT_OFFSET (TkWelcomeToPanel,
                                                                  record_labels[i]));
      gtk_widget_class_bind_template_child_full (widget_class, number, FALSE,
                                                 G_STRUCT_OFFSET (TkWelcomeToPanel,
                                                                  record_numbers[i]));
      gtk_widget_class_bind_template_child_full (widget_class, effect, FALSE,
                                                 G_STRUCT_OFFSET (TkWelcomeToPanel,
                                                                  record_effects[i]));
    }
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, skip_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, bis_left_button);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, bis_right_button);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_refuse_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_record_toggle_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_roundabout_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_record_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_refuse_with_cards_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_bis_left_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_bis_right_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_skip_clicked);
  gtk_widget_class_bind_template_callback (widget_class, tk_wt_on_cancel_clicked);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, prompt_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, streets_box);
}

static void
tk_welcome_to_panel_init (TkWelcomeToPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* not bound in the template: AdwBin unparents its own child on dispose */
  self->root_box = adw_bin_get_child (ADW_BIN (self));
  self->seat_buttons = g_ptr_array_new ();
  self->seat_totals = g_ptr_array_new ();
  self->seat_states = g_ptr_array_new ();
}

TkWelcomeToModel *
tk_welcome_to_panel_get_model (TkWelcomeToPanel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), NULL);
  return self->model;
}
