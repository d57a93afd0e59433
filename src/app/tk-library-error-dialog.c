/* tk-library-error-dialog.c — the library file cannot be opened.
 *
 * Shows the reason as plain text (it may quote a file name) and offers three ways on:
 * open another library, set the file aside and start a new one, or quit.  The dialog only
 * reports the choice through AdwMessageDialog::response; TkApplication acts on it.
 */
#define G_LOG_DOMAIN "tk-library-error-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-library-error-dialog.h"

struct _TkLibraryErrorDialog
{
  AdwMessageDialog parent_instance;

  char            *path;
};

enum
{
  PROP_0,
  PROP_PATH,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkLibraryErrorDialog, tk_library_error_dialog, ADW_TYPE_MESSAGE_DIALOG)

static GParamSpec *properties[N_PROPS];

static void
tk_library_error_dialog_finalize (GObject *object)
{
  TkLibraryErrorDialog *self = TK_LIBRARY_ERROR_DIALOG (object);

  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (tk_library_error_dialog_parent_class)->finalize (object);
}

static void
tk_library_error_dialog_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  TkLibraryErrorDialog *self = TK_LIBRARY_ERROR_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_library_error_dialog_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  TkLibraryErrorDialog *self = TK_LIBRARY_ERROR_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_library_error_dialog_class_init (TkLibraryErrorDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_library_error_dialog_finalize;
  object_class->get_property = tk_library_error_dialog_get_property;
  object_class->set_property = tk_library_error_dialog_set_property;

  /**
   * TkLibraryErrorDialog:path:
   *
   * The library file that could not be opened.
   */
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_library_error_dialog_init (TkLibraryErrorDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);

  adw_message_dialog_set_heading (dialog, _("Cannot Open the Library"));
  /* The reason quotes file names: never markup. */
  adw_message_dialog_set_body_use_markup (dialog, FALSE);

  adw_message_dialog_add_responses (dialog,
                                    TK_LIBRARY_ERROR_RESPONSE_QUIT, _("_Quit"),
                                    TK_LIBRARY_ERROR_RESPONSE_OPEN, _("_Open Another Library…"),
                                    TK_LIBRARY_ERROR_RESPONSE_NEW, _("_Start a New Library"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, TK_LIBRARY_ERROR_RESPONSE_NEW,
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, TK_LIBRARY_ERROR_RESPONSE_NEW);
  adw_message_dialog_set_close_response (dialog, TK_LIBRARY_ERROR_RESPONSE_QUIT);
}

/**
 * tk_library_error_dialog_new:
 * @parent: (nullable): the window to keep the dialog over
 * @path: the library file that could not be opened
 * @error: why not
 *
 * Returns: (transfer floating): a new modal dialog, not yet shown
 */
GtkWidget *
tk_library_error_dialog_new (GtkWindow    *parent,
                             const char   *path,
                             const GError *error)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error != NULL, NULL);

  body = g_strdup_printf ("%s\n\n%s", error->message,
                          _("A new library keeps the old file beside it, under another name."));

  dialog = g_object_new (TK_TYPE_LIBRARY_ERROR_DIALOG,
                         "transient-for", parent,
                         "modal", TRUE,
                         "path", path,
                         "body", body,
                         NULL);

  /* A folder where the file should be cannot be set aside for a new library. */
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                               TK_LIBRARY_ERROR_RESPONSE_NEW, FALSE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog),
                                               TK_LIBRARY_ERROR_RESPONSE_OPEN);
    }

  return dialog;
}

const char *
tk_library_error_dialog_get_path (TkLibraryErrorDialog *self)
{
  g_return_val_if_fail (TK_IS_LIBRARY_ERROR_DIALOG (self), NULL);

  return self->path;
}
