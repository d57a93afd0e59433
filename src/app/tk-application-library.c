/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-application-library.c — opening the library: the file, a busy one tried again, the ways on
 * when it cannot be opened (read-only, copy, another file, a new one) and their actions. */
#define G_LOG_DOMAIN "tk-application"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tk-application-private.h"
#include "tk-library-problem.h"
#include "tk-preferences-window.h"
#include "tk-window.h"

static gboolean open_library (TkApplication   *self,
                              const char      *path,
                              TkStoreOpenFlags flags,
                              gboolean         remember);

static void choose_library (TkApplication *self);

static void
show_toast (TkApplication *self,
            const char    *title)
{
  AdwToast *toast;

  if (self->window == NULL)
    return;
  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 0);   /* about the user's files: stays until dismissed */
  tk_window_add_toast (self->window, toast);
}

/* An empty file that became the library: the user may have meant another one.  (Short, so
 * that the toast is whole at 360 px; the path is in Preferences.) */
void
_tk_application_tell_if_made_from_empty (TkApplication *self,
                                         TkStore       *store)
{
  if (tk_store_get_made_from_empty (store))
    show_toast (self, _("Empty file made a library"));
}

static void
start_new_library (TkApplication *self,
                   const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      aside = tk_store_set_aside (path, &error);
      if (aside == NULL)
        {
          /* Nothing was moved; say so and ask again. */
          g_warning ("Could not set the library aside: %s", error->message);
          open_library (self, path, TK_STORE_OPEN_DEFAULT, FALSE);
          return;
        }
      g_message ("Set the unreadable library “%s” aside as “%s”", path, aside);
    }

  if (!open_library (self, path, TK_STORE_OPEN_DEFAULT, FALSE))
    return;

  if (aside != NULL)
    {
      g_autofree char *name = g_filename_display_basename (aside);
      /* Toast titles are markup. */
      g_autofree char *title = g_markup_printf_escaped (_("The old file was kept as “%s”"),
                                                        name);
      show_toast (self, title);
    }
}

static gboolean
retry_busy_library (gpointer user_data)
{
  TkApplication *self = user_data;

  self->retry_id = 0;
  if (self->store == NULL && self->library_path != NULL && self->retries_left > 0)
    {
      self->retries_left--;
      open_library (self, self->library_path, TK_STORE_OPEN_DEFAULT, FALSE);
    }
  return G_SOURCE_REMOVE;
}

/* Leaves the window without a library, saying why in its place, once. */
void
_tk_application_library_open_failed (TkApplication   *self,
                                     const char      *path,
                                     TkStoreOpenFlags flags,
                                     const GError    *error)
{
  g_message ("Cannot open the library “%s”: %s", path, error->message);
  _tk_application_set_store (self, NULL);

  g_clear_error (&self->library_error);
  self->library_error = g_error_copy (error);
  self->library_ways = tk_library_problem_ways_for (path, error,
                                                    (flags & TK_STORE_OPEN_READ_ONLY) != 0);
  _tk_application_update_library_actions (self);
  if (self->window != NULL)
    tk_window_show_library_problem (self->window, error, self->library_ways);

  /* Another program may let go in a moment: try again by itself for a while. */
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (g_error_matches (error, TK_STORE_ERROR, TK_STORE_ERROR_BUSY) && self->retries_left > 0)
    self->retry_id = g_timeout_add_seconds (RETRY_INTERVAL_S, retry_busy_library, self);
}

/* Opens @path as the library.  On failure the window is left without a library and says
 * why.  @remember: keep @path in the settings for the next start (only when the user picked
 * it, and not while --db is in force). */
static gboolean
open_library (TkApplication   *self,
              const char      *path,
              TkStoreOpenFlags flags,
              gboolean         remember)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkStore) store = NULL;
  g_autofree char *owned_path = g_strdup (path);

  if (g_strcmp0 (self->library_path, owned_path) != 0)
    self->retries_left = AUTO_RETRIES;
  _tk_application_set_library_path (self, owned_path);

  store = tk_store_open_full (owned_path, flags, OPEN_BUSY_TIMEOUT_MS, &error);
  if (store == NULL)
    {
      _tk_application_library_open_failed (self, owned_path, flags, error);
      return FALSE;
    }

  if (remember && !self->library_path_given)
    g_settings_set_string (self->settings, "library-path", owned_path);

  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_error (&self->library_error);
  self->library_ways = 0;
  _tk_application_set_store (self, store);

  _tk_application_tell_if_made_from_empty (self, store);
  return TRUE;
}

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     TkApplication   *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    path = g_file_get_path (file);
  g_clear_object (&self->chooser);

  if (path != NULL)
    open_library (self, path, TK_STORE_OPEN_DEFAULT, TRUE);
  else if (self->store == NULL && self->library_path != NULL)
    open_library (self, self->library_path, TK_STORE_OPEN_DEFAULT, FALSE);   /* fixed yet? */
}

static void
choose_library (TkApplication *self)
{
  g_autoptr(GtkFileFilter) libraries = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autofree char *folder = NULL;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }

  self->chooser = gtk_file_chooser_native_new (_("Open Library"),
                                               GTK_WINDOW (self->window),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);

  gtk_file_filter_set_name (libraries, _("Tablekeeper Libraries"));
  gtk_file_filter_add_pattern (libraries, "*.db");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), libraries);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);

  if (self->library_path != NULL)
    {
      g_autoptr(GFile) dir = NULL;

      folder = g_path_get_dirname (self->library_path);
      dir = g_file_new_for_path (folder);
      if (g_file_query_exists (dir, NULL))
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), dir, NULL);
    }

  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_copy_chooser_response (GtkNativeDialog *chooser,
                          int              response,
                          TkApplication   *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  g_autofree char *source = g_strdup (self->library_path);

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    target = g_file_get_path (file);
  g_clear_object (&self->copy_chooser);
  if (target == NULL || source == NULL || self->store != NULL)
    return;

  if (!tk_store_copy_file (source, target, &error))
    {
      _tk_application_library_open_failed (self, source, TK_STORE_OPEN_DEFAULT, error);
      return;
    }
  /* The copy is the library from now on (upgraded if it has to be). */
  open_library (self, target, TK_STORE_OPEN_DEFAULT, TRUE);
}

static void
choose_copy_target (TkApplication *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (self->copy_chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->copy_chooser));
      return;
    }

  self->copy_chooser = gtk_file_chooser_native_new (_("Copy the Library"),
                                                    GTK_WINDOW (self->window),
                                                    GTK_FILE_CHOOSER_ACTION_SAVE,
                                                    _("_Copy"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->copy_chooser), TRUE);
  /* Where a library may change: the user's own data folder. */
  folder = g_file_new_build_filename (g_get_user_data_dir (), "tablekeeper", NULL);
  g_file_make_directory_with_parents (folder, NULL, NULL);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->copy_chooser), folder, NULL);
  name = g_path_get_basename (self->library_path);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->copy_chooser), name);
  g_signal_connect_object (self->copy_chooser, "response",
                           G_CALLBACK (on_copy_chooser_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->copy_chooser));
}

/* The library problem page's buttons.  Each acts only while its way is on offer. */
static gboolean
way_offered (TkApplication *self,
             TkLibraryWays  way)
{
  return self->store == NULL && self->library_path != NULL && (self->library_ways & way) != 0;
}

static void
retry_library_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  TkApplication *self = user_data;

  if (way_offered (self, TK_LIBRARY_WAY_RETRY))
    open_library (self, self->library_path, TK_STORE_OPEN_DEFAULT, FALSE);
}

static void
open_library_read_only_activated (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  TkApplication *self = user_data;

  if (way_offered (self, TK_LIBRARY_WAY_READ_ONLY))
    open_library (self, self->library_path, TK_STORE_OPEN_READ_ONLY, FALSE);
}

static void
copy_library_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  TkApplication *self = user_data;

  if (way_offered (self, TK_LIBRARY_WAY_COPY))
    choose_copy_target (self);
}

static void
open_library_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  TkApplication *self = user_data;

  if (way_offered (self, TK_LIBRARY_WAY_OPEN))
    choose_library (self);
}

static void
new_library_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TkApplication *self = user_data;
  g_autofree char *path = g_strdup (self->library_path);

  if (way_offered (self, TK_LIBRARY_WAY_NEW))
    start_new_library (self, path);
}

/* The problem page's ways: each only while the library is not open and the way fits. */
void
_tk_application_update_library_actions (TkApplication *self)
{
  static const struct { const char *name; TkLibraryWays way; } library_actions[] = {
    { "retry-library", TK_LIBRARY_WAY_RETRY },
    { "open-library-read-only", TK_LIBRARY_WAY_READ_ONLY },
    { "copy-library", TK_LIBRARY_WAY_COPY },
    { "open-library", TK_LIBRARY_WAY_OPEN },
    { "new-library", TK_LIBRARY_WAY_NEW },
  };

  for (guint i = 0; i < G_N_ELEMENTS (library_actions); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self),
                                                    library_actions[i].name);

      if (action != NULL)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                                     way_offered (self, library_actions[i].way));
    }
}

/* Called once from the application's startup: the library's ways out are app actions that
 * this file installs itself, enabled by what the problem page offers. */
void
_tk_application_library_actions_init (TkApplication *self)
{
  static const GActionEntry actions[] = {
    { "retry-library", retry_library_activated },
    { "open-library-read-only", open_library_read_only_activated },
    { "copy-library", copy_library_activated },
    { "open-library", open_library_activated },
    { "new-library", new_library_activated },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  _tk_application_update_library_actions (self);
}

/* ---- another library chosen in Preferences ---- */

/* Says which library is open now, and when the file chosen was empty, that it became one. */
void
_tk_application_library_switched (TkApplication       *self,
                                  TkPreferencesWindow *preferences,
                                  gboolean             create)
{
  g_autofree char *name = g_filename_display_basename (self->library_path);
  g_autofree char *text = NULL;

  tk_preferences_window_set_library_path (preferences, self->library_path);
  if (!create && self->store != NULL && tk_store_get_made_from_empty (self->store))
    /* Translators: the file chosen in Preferences was empty */
    text = g_strdup_printf (_("“%s” was an empty file; it is now a new library"), name);
  else if (tk_store_is_read_only (self->store))
    text = g_strdup_printf (_("Library “%s” opened read-only"), name);
  else
    text = g_strdup_printf (create ? _("New library “%s” created") : _("Library “%s” opened"), name);
  tk_preferences_window_show_message (preferences, text);
}

typedef struct
{
  TkApplication       *self;          /* strong */
  TkPreferencesWindow *preferences;   /* strong */
  char                *path;
} Refusal;

static void
refusal_free (gpointer  data,
              GClosure *closure)
{
  Refusal *refusal = data;

  g_object_unref (refusal->self);
  g_object_unref (refusal->preferences);
  g_free (refusal->path);
  g_free (refusal);
}

/* A copy of @path in the user's own data folder, under a name not taken yet. */
static char *
copy_target (const char *path)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "tablekeeper", NULL);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *stem = g_strdup (base);
  char *dot = strrchr (stem, '.');

  if (dot != NULL && dot != stem)
    *dot = '\0';
  g_mkdir_with_parents (folder, 0700);
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s-copy.db", stem)
                                     : g_strdup_printf ("%s-copy-%u.db", stem, n);
      g_autofree char *target = g_build_filename (folder, name, NULL);

      if (!g_file_test (target, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&target);
    }
  return NULL;
}

static void
on_refusal_response (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  Refusal *refusal = user_data;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "read-only") == 0)
    {
      if (_tk_application_switch_library (refusal->self, refusal->path, FALSE,
                                          TK_STORE_OPEN_READ_ONLY, &error))
        _tk_application_library_switched (refusal->self, refusal->preferences, FALSE);
      else
        tk_preferences_window_show_message (refusal->preferences, error->message);
    }
  else if (g_strcmp0 (response, "copy") == 0)
    {
      g_autofree char *target = copy_target (refusal->path);

      /* The copy is a whole snapshot, written under a temporary name first; the original is
       * only read. */
      if (target == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                             _("There is no free name for a copy in your data folder."));
      if (target != NULL && tk_store_copy_file (refusal->path, target, &error) &&
          tk_application_switch_library (refusal->self, target, FALSE, &error))
        _tk_application_library_switched (refusal->self, refusal->preferences, FALSE);
      else
        tk_preferences_window_show_message (refusal->preferences, error->message);
    }
}

/* A library Preferences could not open: the whole reason in a dialog (a toast cut it off at
 * a phone's width), with the ways on that start-up offers for a read-only file. */
void
_tk_application_library_refused (TkApplication       *self,
                                 TkPreferencesWindow *preferences,
                                 const char          *path,
                                 const GError        *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (preferences),
                                              _("Could Not Open the Library"), NULL);
  Refusal *refusal = g_new0 (Refusal, 1);

  gtk_widget_set_name (dialog, "library-refused");
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  if (g_error_matches (error, TK_STORE_ERROR, TK_STORE_ERROR_READ_ONLY))
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "copy", _("_Copy and Open"));
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "read-only",
                                       _("Open _Read-Only"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "read-only",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "read-only");
    }
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  refusal->self = g_object_ref (self);
  refusal->preferences = g_object_ref (preferences);
  refusal->path = g_strdup (path);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_refusal_response), refusal,
                         refusal_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
