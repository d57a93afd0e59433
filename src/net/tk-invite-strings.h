/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-strings.h — the guest page's words, in the guest's language. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* { key: text } in @lang ("en", "ja"), whatever the host's locale. */
JsonObject *tk_invite_strings_new (const char *lang);

G_END_DECLS
