/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-details-cover.c — the game details' cover image: decoding it in a worker
 * thread, "Choose Cover…" copying the chosen file into the app's covers folder (and deleting
 * the copy it replaces, only ever in that folder), and "Remove Cover".  See the comment at the
 * top of tk-collection-details.c for why the file is copied.
 */
#define G_LOG_DOMAIN "tk-collection-details"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "tk-collection-details-private.h"

/* ---- cover ---- */

#define COVER_MAX_HEIGHT 160   /* as the cover_clamp's maximum-size in the template */

static char *
covers_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "tablekeeper", "covers", NULL);
}

static void
cover_deleted_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_delete_finish (G_FILE (source), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_debug ("Could not delete an old cover: %s", error->message);
}

/* Deletes @old_path, a cover no longer used, if it is one of the app's copies. */
static void
delete_old_copy (const char *old_path,
                 const char *new_path)
{
  g_autofree char *dir = covers_dir ();
  g_autofree char *parent = NULL;
  g_autoptr(GFile) file = NULL;

  if (old_path == NULL || g_strcmp0 (old_path, new_path) == 0)
    return;
  parent = g_path_get_dirname (old_path);
  if (g_strcmp0 (parent, dir) != 0)
    return;
  file = g_file_new_for_path (old_path);
  g_file_delete_async (file, G_PRIORITY_LOW, NULL, cover_deleted_cb, NULL);
}

static void
load_cover_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GError *error = NULL;
  GdkTexture *texture = gdk_texture_new_from_filename (task_data, &error);

  if (texture != NULL)
    g_task_return_pointer (task, texture, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
cover_loaded_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  TkCollectionDetails *self = TK_COLLECTION_DETAILS (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (texture == NULL)
    {
      g_autoptr(GError) shown = NULL;

      g_set_error (&shown, error->domain, error->code,
                   _("The cover image could not be read: %s"), error->message);
      _tk_collection_details_show_error (self, shown);
      return;
    }
  gtk_picture_set_paintable (self->cover_picture, GDK_PAINTABLE (texture));
  /* A scrolling page gives its rows their minimum height: ask for the image's height, up
   * to the clamp's 160 px; "contain" fits it in when the pane is narrow. */
  gtk_widget_set_size_request (GTK_WIDGET (self->cover_picture), -1,
                               MIN (gdk_texture_get_height (texture), COVER_MAX_HEIGHT));
  gtk_widget_set_visible (GTK_WIDGET (self->cover_clamp), TRUE);
}

void
_tk_collection_details_update_cover (TkCollectionDetails *self)
{
  TkGame *game = self->game;
  const char *path = game != NULL ? tk_game_get_cover_path (game) : NULL;
  g_autoptr(GTask) task = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "details.choose-cover", game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "details.remove-cover", path != NULL);

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    path = NULL;
  if (path != NULL && g_strcmp0 (path, self->cover_shown) == 0)
    return;

  g_cancellable_cancel (self->cover_cancellable);
  g_clear_object (&self->cover_cancellable);
  g_free (self->cover_shown);
  self->cover_shown = g_strdup (path);
  gtk_picture_set_paintable (self->cover_picture, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->cover_clamp), FALSE);
  if (path == NULL)
    return;

  {
    const char *title = tk_collection_display_title (game, NULL);
    /* Translators: the description of a game's cover image for screen readers. */
    g_autofree char *alt = g_strdup_printf (_("Cover of “%s”"), title);

    gtk_picture_set_alternative_text (self->cover_picture, alt);
  }
  self->cover_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cover_cancellable, cover_loaded_cb, NULL);
  g_task_set_source_tag (task, _tk_collection_details_update_cover);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_cover_thread);
}

typedef struct
{
  TkCollectionDetails *self;
  TkCollection        *collection;
  gint64               game_id;
  GFile               *copy;
} CoverCopy;

static void
cover_copy_free (CoverCopy *data)
{
  g_clear_object (&data->self);
  g_clear_object (&data->collection);
  g_clear_object (&data->copy);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CoverCopy, cover_copy_free)

/* Makes @path (a copy in the covers folder) the cover of @game_id, and lets the copy it
 * replaces go. */
static void
store_cover (TkCollectionDetails *self,
             TkCollection        *collection,
             gint64               game_id,
             const char          *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) game = tk_collection_get_game (collection, game_id, &error);
  g_autofree char *old = NULL;

  if (game != NULL)
    old = g_strdup (tk_game_get_cover_path (game));
  /* The copy may have replaced the file shown under the same name: read it again. */
  g_clear_pointer (&self->cover_shown, g_free);
  if (game == NULL || !tk_collection_set_cover (collection, game_id, path, &error))
    {
      _tk_collection_details_show_error (self, error);
      delete_old_copy (path, old);
      _tk_collection_details_update_cover (self);
      return;
    }
  delete_old_copy (old, path);
}

static void
cover_copied_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CoverCopy) data = user_data;
  TkCollectionDetails *self = data->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (!g_file_copy_finish (G_FILE (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autoptr(GError) shown = NULL;

          g_set_error (&shown, error->domain, error->code,
                       _("The cover image could not be copied: %s"), error->message);
          _tk_collection_details_show_error (self, shown);
        }
      return;
    }
  /* Another library was opened meanwhile: the copy is not for this one. */
  if (data->collection != self->collection)
    return;
  path = g_file_get_path (data->copy);
  store_cover (self, data->collection, data->game_id, path);
}

static void
on_chooser_response (GtkNativeDialog     *chooser,
                     int                  response,
                     TkCollectionDetails *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        tk_collection_details_choose_cover_file (self, file);
    }
  g_clear_object (&self->chooser);
}

static void
choose_cover_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkCollectionDetails *self = TK_COLLECTION_DETAILS (widget);
  static const char *const types[] = { "image/png", "image/jpeg", "image/webp", "image/svg+xml" };
  static const char *const suffixes[] = { "png", "jpg", "jpeg", "webp", "svg" };
  g_autoptr(GtkFileFilter) images = gtk_file_filter_new ();
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;

  if (self->game == NULL || self->chooser != NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Choose a Cover Image"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Choose"), _("_Cancel"));
  gtk_file_filter_set_name (images, _("Images"));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    gtk_file_filter_add_mime_type (images, types[i]);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    gtk_file_filter_add_suffix (images, suffixes[i]);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), images);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

static void
remove_cover_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TkCollectionDetails *self = TK_COLLECTION_DETAILS (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL;

  if (self->game == NULL || tk_game_get_cover_path (self->game) == NULL)
    return;
  _tk_collection_details_clear_error (self);
  old = g_strdup (tk_game_get_cover_path (self->game));
  if (!tk_collection_set_cover (self->collection, self->game_id, NULL, &error))
    {
      _tk_collection_details_show_error (self, error);
      return;
    }
  delete_old_copy (old, NULL);
}

/**
 * tk_collection_details_choose_cover_file:
 * @file: an image file
 *
 * What "Choose Cover…" does with the file chosen: copies @file into the app's covers folder
 * (asynchronously) and makes the copy the cover of the game shown.  Errors are shown in the
 * pane.
 */
void
tk_collection_details_choose_cover_file (TkCollectionDetails *self,
                                         GFile               *file)
{
  g_autofree char *dir = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  CoverCopy *data;

  g_return_if_fail (TK_IS_COLLECTION_DETAILS (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->collection == NULL || self->game == NULL)
    return;
  _tk_collection_details_clear_error (self);

  dir = covers_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autoptr(GError) error = NULL;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("The folder for cover images, “%s”, could not be made: %s"),
                   display, g_strerror (saved_errno));
      _tk_collection_details_show_error (self, error);
      return;
    }
  basename = g_file_get_basename (file);
  name = g_strdup_printf ("%" G_GINT64_FORMAT "-%s", self->game_id,
                          basename != NULL ? basename : "cover");
  path = g_build_filename (dir, name, NULL);

  data = g_new0 (CoverCopy, 1);
  data->self = g_object_ref (self);
  data->collection = g_object_ref (self->collection);
  data->game_id = self->game_id;
  data->copy = g_file_new_for_path (path);

  /* Already the copy (chosen from the covers folder): nothing to copy. */
  if (g_file_equal (file, data->copy))
    {
      store_cover (self, data->collection, data->game_id, path);
      cover_copy_free (data);
      return;
    }
  g_file_copy_async (file, data->copy, G_FILE_COPY_OVERWRITE | G_FILE_COPY_TARGET_DEFAULT_PERMS,
                     G_PRIORITY_DEFAULT, self->cancellable, NULL, NULL, cover_copied_cb, data);
}

/* Called once from tk_collection_details_class_init: the cover's actions are installed here,
 * beside their handlers. */
void
_tk_collection_details_class_actions_init (TkCollectionDetailsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "details.choose-cover", NULL,
                                   choose_cover_action);
  gtk_widget_class_install_action (widget_class, "details.remove-cover", NULL,
                                   remove_cover_action);
}
