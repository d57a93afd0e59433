/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-text-limit.h — a text field in a dialog holds no more than the library stores.
 *
 * The entry stops at the field's limit (tk-text.h) instead of letting a long paste be
 * refused only when the dialog saves, and says why when the limit is reached.  The library's
 * own check still runs on save, with the same rule. */
#pragma once

#include <gtk/gtk.h>

#include "tk-text.h"

G_BEGIN_DECLS

void tk_text_limit_editable  (GtkEditable *editable,
                              TkTextKind   kind);
/* The same for a multi-line view: typing or pasting past the limit inserts what fits. */
void tk_text_limit_text_view (GtkTextView *view,
                              TkTextKind   kind);

G_END_DECLS
