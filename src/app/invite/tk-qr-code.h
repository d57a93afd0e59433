/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-qr-code.h — a QR code of a text (libqrencode), drawn crisp at any size. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TK_TYPE_QR_CODE (tk_qr_code_get_type ())
G_DECLARE_FINAL_TYPE (TkQrCode, tk_qr_code, TK, QR_CODE, GtkWidget)

GtkWidget  *tk_qr_code_new      (void);
void        tk_qr_code_set_text (TkQrCode   *self,
                                 const char *text);
const char *tk_qr_code_get_text (TkQrCode   *self);
/* Modules per side without the quiet zone (0: nothing encoded); for tests. */
guint       tk_qr_code_get_size (TkQrCode   *self);
/* Whether the module at (x, y) is dark; for tests. */
gboolean    tk_qr_code_get_module (TkQrCode *self,
                                   guint     x,
                                   guint     y);

G_END_DECLS
