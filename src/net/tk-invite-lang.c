/* tk-invite-lang.c — the engine's refusal in the guest's language, not the host's.
 *
 * An engine refuses with a message translated by gettext when it is made, so the server
 * makes it with gettext switched to the guest's language: LANGUAGE names the catalog
 * (it wins over the locale whenever the locale is not "C"), and glibc reads it again once
 * its catalog counter changes, which is how the gettext manual says to switch languages in
 * a running program.  The switch lasts for one message, on the main thread.  (A host whose
 * locale is neither English nor translated has GLib's translation turned off for the whole
 * process; guests then read English.)
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include "tk-invite-lang.h"

#ifdef __GLIBC__
extern int _nl_msg_cat_cntr;
#endif

static void
catalogs_changed (void)
{
#ifdef __GLIBC__
  ++_nl_msg_cat_cntr;
#endif
}

/* What push returns when the host already speaks the guest's language. */
static char unchanged[] = "";

/* Whether gettext already answers in @lang: then nothing is switched, which is the usual
 * case (a Japanese table, or English) and keeps setenv () away from other threads. */
static gboolean
host_speaks (const char *lang)
{
  const char *first = g_get_language_names ()[0];

  if (g_str_equal (lang, "ja"))
    return g_str_has_prefix (first, "ja");
  return g_str_has_prefix (first, "en") || g_str_equal (first, "C") || g_str_equal (first, "POSIX");
}

char *
tk_invite_lang_push (const char *lang)
{
  char *saved;

  lang = g_strcmp0 (lang, "ja") == 0 ? "ja" : "en";
  if (host_speaks (lang))
    return unchanged;
  saved = g_strdup (g_getenv ("LANGUAGE"));

  /* "en" has no catalog, so gettext gives the English text itself. */
  g_setenv ("LANGUAGE", lang, TRUE);
  catalogs_changed ();
  return saved;
}

void
tk_invite_lang_pop (char *saved)
{
  if (saved == unchanged)
    return;
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  catalogs_changed ();
  g_free (saved);
}
