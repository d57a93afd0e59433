/* tk-invite-lang.h — running a piece of work in a guest's language. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Switches gettext to @lang ("en" or "ja") until tk_invite_lang_pop (); returns what to pass
 * to it.  Main thread only. */
char *tk_invite_lang_push (const char *lang);
void  tk_invite_lang_pop  (char       *saved);

G_END_DECLS
