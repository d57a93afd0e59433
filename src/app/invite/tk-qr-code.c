/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-qr-code.c — the invitation's QR code.
 *
 * Dark modules on white with the four-module quiet zone the standard asks for, in both
 * light and dark style (a phone's camera reads dark on light), each module a whole number
 * of pixels so the edges stay sharp.  Error correction M: a screen seen at an angle.
 */
#define G_LOG_DOMAIN "tk-qr-code"

#include "config.h"

#include <qrencode.h>

#include "tk-qr-code.h"

#define QUIET_ZONE 4
/* Pixels per module at the natural size: an address is a 33×33 code, 246 px wide with its quiet zone. */
#define MODULE_PX  6
/* 164 px for that code: readable from across a table, and it fits 360 px. */
#define MIN_MODULE_PX 4

struct _TkQrCode
{
  GtkWidget parent_instance;

  char     *text;
  QRcode   *code;
};

G_DEFINE_FINAL_TYPE (TkQrCode, tk_qr_code, GTK_TYPE_WIDGET)

/* ---- overrides ---- */

static void
tk_qr_code_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  TkQrCode *self = TK_QR_CODE (widget);
  int side = self->code != NULL ? self->code->width + 2 * QUIET_ZONE : 0;

  /* As large as the natural size in a scrolled window too, which gives the minimum. */
  *minimum = side * MIN_MODULE_PX;
  *natural = side * MODULE_PX;
}

static void
tk_qr_code_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  TkQrCode *self = TK_QR_CODE (widget);
  GdkRGBA white = { 1, 1, 1, 1 };
  GdkRGBA black = { 0, 0, 0, 1 };
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int side, px, x0, y0, n;

  if (self->code == NULL)
    return;
  n = self->code->width;
  side = n + 2 * QUIET_ZONE;
  px = MAX (1, MIN (width, height) / side);
  x0 = (width - px * side) / 2;
  y0 = (height - px * side) / 2;
  gtk_snapshot_append_color (snapshot, &white,
                             &GRAPHENE_RECT_INIT (x0, y0, px * side, px * side));
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      if (self->code->data[y * n + x] & 1)
        gtk_snapshot_append_color (snapshot, &black,
                                   &GRAPHENE_RECT_INIT (x0 + (x + QUIET_ZONE) * px,
                                                        y0 + (y + QUIET_ZONE) * px, px, px));
}

static void
tk_qr_code_finalize (GObject *object)
{
  TkQrCode *self = TK_QR_CODE (object);

  g_clear_pointer (&self->code, QRcode_free);
  g_free (self->text);

  G_OBJECT_CLASS (tk_qr_code_parent_class)->finalize (object);
}

static void
tk_qr_code_class_init (TkQrCodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_qr_code_finalize;
  widget_class->measure = tk_qr_code_measure;
  widget_class->snapshot = tk_qr_code_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "qrcode");
}

static void
tk_qr_code_init (TkQrCode *self)
{
}

/* ---- public API ---- */

GtkWidget *
tk_qr_code_new (void)
{
  return g_object_new (TK_TYPE_QR_CODE, NULL);
}

void
tk_qr_code_set_text (TkQrCode   *self,
                     const char *text)
{
  g_return_if_fail (TK_IS_QR_CODE (self));

  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_clear_pointer (&self->code, QRcode_free);
  if (text != NULL && text[0] != '\0')
    self->code = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
tk_qr_code_get_text (TkQrCode *self)
{
  g_return_val_if_fail (TK_IS_QR_CODE (self), NULL);

  return self->text;
}

guint
tk_qr_code_get_size (TkQrCode *self)
{
  g_return_val_if_fail (TK_IS_QR_CODE (self), 0);

  return self->code != NULL ? self->code->width : 0;
}

gboolean
tk_qr_code_get_module (TkQrCode *self,
                       guint     x,
                       guint     y)
{
  g_return_val_if_fail (TK_IS_QR_CODE (self), FALSE);

  if (self->code == NULL || x >= (guint) self->code->width || y >= (guint) self->code->width)
    return FALSE;
  return self->code->data[y * self->code->width + x] & 1;
}
