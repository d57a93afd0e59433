/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-lang.h — words in a guest's language, not the host's. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Switches gettext to @lang ("en" or "ja") until tk_invite_lang_pop (); returns what to pass
 * to it.  Main thread only.  Has no effect on a host whose locale turned GLib's translation
 * off (C.UTF-8): tk_invite_lang_mend_error () then puts the message in @lang. */
char       *tk_invite_lang_push        (const char *lang);
void        tk_invite_lang_pop         (char       *saved);

/* @msgid in @lang ("ja": from the translations' catalog file; anything else: @msgid itself),
 * whatever the host's locale.  Any thread. */
const char *tk_invite_lang_gettext     (const char *lang,
                                        const char *msgid);

/* @message, made in English, in @lang: a msgid of the catalog, or one filled in from a
 * msgid with conversions ("Street %u, house %u is already built.").  NULL when it is not
 * one (or @lang is English). */
char       *tk_invite_lang_translate   (const char *lang,
                                        const char *message);

/* Puts @error's message in @lang when it was made in English (see tk_invite_lang_push ()). */
void        tk_invite_lang_mend_error  (const char *lang,
                                        GError     *error);

G_END_DECLS
