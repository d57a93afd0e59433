/* tk-library-error-dialog.h — says why the library cannot be opened and what to do. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Response ids */
#define TK_LIBRARY_ERROR_RESPONSE_OPEN "open"   /* choose another library file */
#define TK_LIBRARY_ERROR_RESPONSE_NEW  "new"    /* set the file aside, start afresh */
#define TK_LIBRARY_ERROR_RESPONSE_QUIT "quit"

#define TK_TYPE_LIBRARY_ERROR_DIALOG (tk_library_error_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TkLibraryErrorDialog, tk_library_error_dialog,
                      TK, LIBRARY_ERROR_DIALOG, AdwMessageDialog)

GtkWidget  *tk_library_error_dialog_new      (GtkWindow            *parent,
                                              const char           *path,
                                              const GError         *error);
const char *tk_library_error_dialog_get_path (TkLibraryErrorDialog *self);

G_END_DECLS
