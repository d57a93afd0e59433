/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-accessible.h — accessible names GTK 4.8 does not give on its own, and results made heard. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void tk_accessible_install_name_fixes (void);
void tk_accessible_label_item         (GtkWidget  *child,
                                       const char *label);
void tk_accessible_label_from_text      (GtkWidget *widget);
void tk_accessible_label_item_from_text (GtkWidget *child);
void tk_accessible_label_drop_down    (GtkDropDown *drop_down,
                                       const char  *label);
void tk_accessible_label_drop_down_button (GtkDropDown *drop_down,
                                           const char  *label);
void tk_accessible_announce           (GtkWidget  *widget,
                                       const char *text);
void tk_accessible_add_toast          (AdwToastOverlay *overlay,
                                       AdwToast        *toast);

G_END_DECLS
