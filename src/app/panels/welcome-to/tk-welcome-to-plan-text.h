/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-plan-text.h — a city plan card in words (setup options and the sheet). */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* What plan object @plan (docs/formats.md, "Welcome To...", setup "plans") asks for, e.g.
 * "Estates 1 · 1 · 1 · 6" or "Every house of street 3" (translated, a new string). */
char *tk_welcome_to_plan_goal  (JsonObject *plan);

G_END_DECLS
