/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-feature-names.h — BoardGameGeek's mechanic and category names in the UI language. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean    tk_feature_name_is_known  (const char *kind,
                                       const char *name);
const char *tk_feature_name_translate (const char *kind,
                                       const char *name);

G_END_DECLS
