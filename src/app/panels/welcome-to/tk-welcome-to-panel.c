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
 * The panel's model (made by its create_model (), kept by TkGamePanel, which routes its
 * ::apply through the session view) is a TkWelcomeToModel: it reads the session and keeps
 * the pick.  The parts the template places (the turn, the streets, the lower sheet) hand
 * every tap to it and show it again on its one ::changed per change; the panel itself keeps
 * the player tabs, the round header and the sheet exchange's file choosers.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-player-card.h"
#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-lower-sheet.h"
#include "tk-welcome-to-street.h"
#include "tk-welcome-to-turn.h"
#include "tk-session-style.h"

struct _TkWelcomeToPanel
{
  TkGamePanel       parent_instance;

  /* what is shown and the pick being made (the base's "model"): every change of it comes
   * back as ::changed */
  TkWelcomeToModel *model;

  /* template */
  GtkWidget        *players_box;
  GtkWidget        *round_label;
  GtkWidget        *played_label;
  GtkWidget        *end_label;

  GtkNativeDialog  *chooser;
};

G_DEFINE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, TK_TYPE_GAME_PANEL)

static TkSession *
session_of (TkWelcomeToPanel *self)
{
  return tk_game_panel_get_session (TK_GAME_PANEL (self));
}

/* ---- the player tabs and the header ---- */

enum
{
  PROP_0,
  PROP_SEAT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* One toggle per seat in players_box, made once, pressing "welcome-to.show-seat" with the
 * seat as its target: the action's state is the "seat" property, so the toggle of the sheet
 * shown is the one down.  Its child is the seat's TkPlayerCard. */
static void
build_players (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (session_of (self));

  for (guint i = 0; i < tk_welcome_to_model_get_n_players (self->model); i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *card = tk_player_card_new ();

      tk_panel_set_name (button, "seat-%u", i);
      gtk_widget_add_css_class (button, "tk-welcome-to-seat");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "welcome-to.show-seat");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
      /* the toggle is the frame: the card inside it is not one more */
      gtk_widget_remove_css_class (card, "card");
      g_object_set (card, "colour", tk_rules_setup_player_colour (setup, i),
                    "player-name", tk_rules_setup_player_name (setup, i), NULL);
      gtk_button_set_child (GTK_BUTTON (button), card);
      gtk_box_append (GTK_BOX (self->players_box), button);
    }
}

static char *
end_reasons (JsonArray *triggers)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; triggers != NULL && i < json_array_get_length (triggers); i++)
    {
      const char *trigger = json_array_get_string_element (triggers, i);

      if (g_strcmp0 (trigger, "refusals") == 0)
        g_ptr_array_add (parts, (gpointer) _("a third permit refusal"));
      else if (g_strcmp0 (trigger, "plans") == 0)
        g_ptr_array_add (parts, (gpointer) _("all three city plans claimed by one player"));
      else if (g_strcmp0 (trigger, "houses") == 0)
        g_ptr_array_add (parts, (gpointer) _("every house of a sheet built"));
      else if (g_strcmp0 (trigger, "deck") == 0)
        g_ptr_array_add (parts, (gpointer) _("the deck ran out"));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

static void
refresh_header (TkWelcomeToPanel *self)
{
  JsonObject *game = tk_welcome_to_model_get_game (self->model);
  JsonObject *score = tk_welcome_to_model_get_score (self->model);
  gint64 round = json_object_get_int_member_with_default (game, "round", 1);
  JsonArray *triggers = json_object_get_array_member (score, "end_triggers");
  g_autofree char *round_text = NULL;
  g_autoptr(GString) played = g_string_new (NULL);
  g_autoptr(GString) waiting = g_string_new (NULL);
  gboolean over = tk_welcome_to_model_game_over (self->model);
  /* once everyone has played, the next turn opens the next round: show that one */
  gboolean next_round = tk_welcome_to_model_round_done (self->model) && !over;
  GtkWidget *button = gtk_widget_get_first_child (self->players_box);

  if (next_round)
    round++;
  for (guint i = 0; button != NULL; i++, button = gtk_widget_get_next_sibling (button))
    {
      const char *name = tk_welcome_to_model_get_player_name (self->model, i);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                tk_welcome_to_model_get_total (self->model, i));
      gboolean has_played = tk_welcome_to_model_acted (self->model, i) && !next_round;
      /* Translators: a sheet's turn this round is done (not "has played this game before") */
      const char *caption = has_played ? C_("welcome-to round", "Played") : _("To play");
      GString *list = has_played ? played : waiting;
      TkPlayerCard *card = TK_PLAYER_CARD (gtk_button_get_child (GTK_BUTTON (button)));
      g_autofree char *heard = NULL;

      g_object_set (card, "total", total, "caption", caption, NULL);
      /* Once the game is over the end card above carries every total: the toggle then only
       * picks whose sheet is shown (each figure once). */
      gtk_widget_set_visible (tk_player_card_get_total_label (card), !over);
      gtk_widget_set_visible (tk_player_card_get_caption_label (card), !over);
      /* A screen reader reads the toggle as whose sheet it shows, with what it says. */
      if (over)
        /* Translators: a toggle that shows a player's score sheet */
        heard = g_strdup_printf (_("%s’s sheet"), name);
      else
        /* Translators: a player's sheet, its points and "Played" or "To play" */
        heard = g_strdup_printf (_("%s’s sheet, %s points, %s"), name, total, caption);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      heard, -1);
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, name);
    }

  if (tk_welcome_to_model_get_facts (self->model)->solo)
    round_text = g_strdup_printf (_("Round %d of %d"), (int) round,
                                  (int) tk_welcome_to_model_get_facts (self->model)->solo_rounds);
  else
    round_text = g_strdup_printf (_("Round %d"), (int) round);
  gtk_label_set_text (GTK_LABEL (self->round_label), round_text);
  if (tk_welcome_to_model_get_n_players (self->model) > 1 && waiting->len > 0 && played->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Still to play: %s"), waiting->str);
      gtk_label_set_text (GTK_LABEL (self->played_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->played_label), "");

  if (triggers != NULL && json_array_get_length (triggers) > 0)
    {
      g_autofree char *reasons = end_reasons (triggers);
      g_autofree char *text = NULL;

      if (over)
        /* Translators: why the game ended, e.g. "The game ended: all three plans are
         * approved." The winner is on the session's end card. */
        text = g_strdup_printf (_("The game ended: %s."), reasons);
      else
        text = g_strdup_printf (_("Last round (%s): the game ends when everyone has played "
                                  "this round."), reasons);
      gtk_label_set_text (GTK_LABEL (self->end_label), text);
      gtk_widget_set_visible (self->end_label, TRUE);
    }
  else
    gtk_widget_set_visible (self->end_label, FALSE);
}

static void
refresh (TkWelcomeToPanel *self)
{
  /* the sheet shown may have moved on: the seat toggles follow the action's state */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
  if (tk_welcome_to_model_get_game (self->model) == NULL)
    return;
  refresh_header (self);
}

/* Escape, and the turn's and the claim's Cancel ("welcome-to.cancel"), back out of choosing
 * an effect's target, a roundabout or a plan's estates; Escape goes on when there is none. */
static gboolean
cancel_binding (GtkWidget *widget,
                GVariant  *args,
                gpointer   data)
{
  return tk_welcome_to_model_cancel_stage (TK_WELCOME_TO_PANEL (widget)->model);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  cancel_binding (widget, NULL, NULL);
}

/* ---- the sheet exchange ---- */

guint
tk_welcome_to_panel_get_seat (TkWelcomeToPanel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), 0);
  return tk_welcome_to_model_get_seat (self->model);
}

gboolean
tk_welcome_to_panel_export_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  document = tk_welcome_to_model_export_sheet (self->model);
  if (document == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no sheet to export."));
      return FALSE;
    }
  json_node_set_object (node, document);
  text = json_to_string (node, TRUE);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
tk_welcome_to_panel_import_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(GError) parse_error = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error))
    return FALSE;
  document = tk_rules_json_parse_object (text, (gssize) length, &parse_error);
  if (document == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("This file is not a Welcome To... sheet: %s"), parse_error->message);
      return FALSE;
    }
  if (!tk_welcome_to_model_import_sheet (self->model, document))
    {
      /* the session view has shown the engine's reason already */
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The session refused the sheet."));
      return FALSE;
    }
  return TRUE;
}

static void
on_chooser_response (GtkNativeDialog  *dialog,
                     int               response,
                     TkWelcomeToPanel *self)
{
  gboolean exporting = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) ==
                       GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (exporting)
        {
          if (tk_welcome_to_panel_export_sheet (self, file, &error))
            tk_game_panel_show_message (TK_GAME_PANEL (self), _("Sheet exported"));
          else
            tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
        }
      else if (!tk_welcome_to_panel_import_sheet (self, file, &error) &&
               error->domain != TK_RULES_ERROR)
        tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Welcome To... sheets (JSON)"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

static void
open_chooser (TkWelcomeToPanel   *self,
              GtkFileChooserAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean exporting = action == GTK_FILE_CHOOSER_ACTION_SAVE;
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = json_filter ();

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (exporting ? _("Export Sheet") : _("Import Sheet"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action,
                                         exporting ? _("_Export") : _("_Import"),
                                         _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (exporting)
    {
      const char *name = tk_welcome_to_model_get_player_name (self->model,
                                                              tk_welcome_to_model_get_seat (self->model));
      /* Translators: file name of an exported sheet; %s is the player's name */
      g_autofree char *file_name = g_strdup_printf (_("%s – Welcome To sheet.json"),
                                                    name != NULL ? name : "");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, 0);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  open_chooser (TK_WELCOME_TO_PANEL (widget), GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
import_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  open_chooser (TK_WELCOME_TO_PANEL (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

/* ---- object ---- */

static TkPanelModel *
create_model (TkGamePanel *self,
              TkSession   *session)
{
  return TK_PANEL_MODEL (tk_welcome_to_model_new (session));
}

static void
tk_welcome_to_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  if (prop_id == PROP_SEAT)
    g_value_set_uint (value, tk_welcome_to_panel_get_seat (TK_WELCOME_TO_PANEL (object)));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tk_welcome_to_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  if (prop_id == PROP_SEAT && self->model != NULL)
    tk_welcome_to_model_select_seat (self->model, g_value_get_uint (value));
  else if (prop_id != PROP_SEAT)
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tk_welcome_to_panel_constructed (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  /* the base makes the model (which follows the session itself and opens on the first sheet
   * still to play); the turn, the streets and the lower sheet (in the template, bound to
   * "model") build and show themselves */
  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->constructed (object);

  g_return_if_fail (session_of (self) != NULL);

  self->model = TK_WELCOME_TO_MODEL (tk_game_panel_get_model (TK_GAME_PANEL (self)));
  build_players (self);
  g_signal_connect_object (self->model, "changed", G_CALLBACK (refresh), self,
                           G_CONNECT_SWAPPED);
  refresh (self);
}

static void
tk_welcome_to_panel_dispose (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->model = NULL;

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->dispose (object);
}

static void
tk_welcome_to_panel_class_init (TkWelcomeToPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  tk_session_style_ensure ();

  object_class->get_property = tk_welcome_to_panel_get_property;
  object_class->set_property = tk_welcome_to_panel_set_property;
  object_class->constructed = tk_welcome_to_panel_constructed;
  object_class->dispose = tk_welcome_to_panel_dispose;
  TK_GAME_PANEL_CLASS (klass)->create_model = create_model;

  g_type_ensure (TK_TYPE_WELCOME_TO_TURN);
  g_type_ensure (TK_TYPE_WELCOME_TO_STREET);
  g_type_ensure (TK_TYPE_WELCOME_TO_LOWER_SHEET);
  tk_game_panel_class_set_template (TK_GAME_PANEL_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-panel.ui");
  /* the lower sheet's Export and Import Sheet: the file choosers are the panel's */
  gtk_widget_class_install_action (widget_class, "welcome-to.export-sheet", NULL,
                                   export_activated);
  gtk_widget_class_install_action (widget_class, "welcome-to.import-sheet", NULL,
                                   import_activated);
  /* the seat whose sheet is shown (the model's); the player tabs press its action */
  properties[PROP_SEAT] =
    g_param_spec_uint ("seat", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "welcome-to.show-seat", "seat");
  gtk_widget_class_install_action (widget_class, "welcome-to.cancel", NULL, cancel_activated);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, cancel_binding, NULL);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, played_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, end_label);
}

static void
tk_welcome_to_panel_init (TkWelcomeToPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
