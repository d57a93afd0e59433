/* tk-invite-strings.h — the guest page's words, translated by the host's catalogs. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* { key: text } in the language gettext uses now (see tk-invite-lang.h). */
JsonObject *tk_invite_strings_new (void);

G_END_DECLS
