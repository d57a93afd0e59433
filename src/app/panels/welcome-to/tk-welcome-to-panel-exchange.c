/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-exchange.c — the Welcome To... panel's sheet exchange: a player's
 * sheet exported to a JSON file and imported back as one action, and the file choosers.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"

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

void
tk_wt_export_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  open_chooser (TK_WELCOME_TO_PANEL (widget), GTK_FILE_CHOOSER_ACTION_SAVE);
}

void
tk_wt_import_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  open_chooser (TK_WELCOME_TO_PANEL (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}
