/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-lang.c — the guest's language, not the host's.
 *
 * A guest's words are looked up in the translations' catalog file itself (the .mo gettext
 * reads, where bindtextdomain () says it is), so that a Japanese phone reads Japanese
 * whatever locale the host runs in: gettext cannot be asked for another language per guest,
 * and GLib turns translation off for the whole process when the host's locale is neither
 * English, "C" nor translated (C.UTF-8 is such a locale).
 *
 * An engine refuses with a message translated by gettext when it is made, so the server
 * also makes it with gettext switched to the guest's language: LANGUAGE names the catalog
 * (it wins over the locale whenever the locale is not "C"), and glibc reads it again once
 * its catalog counter changes, which is how the gettext manual says to switch languages in
 * a running program.  The switch lasts for one message, on the main thread.  Where it did
 * nothing (that C.UTF-8 host), the English message is matched against the catalog's msgids,
 * conversions and all, and filled in in the guest's language.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tk-invite-lang.h"

#ifdef __GLIBC__
extern int _nl_msg_cat_cntr;
#endif

#define MO_MAGIC         0x950412de
#define MO_MAGIC_SWAPPED 0xde120495

typedef struct
{
  char *msgid;    /* with conversions */
  char *msgstr;
  gsize literal;  /* how many of msgid's bytes are not conversions: the better match */
} Template;

typedef struct
{
  GBytes     *bytes;      /* the file: every key and value points into it */
  GHashTable *exact;      /* msgid → msgstr */
  GPtrArray  *templates;  /* Template: msgids holding conversions */
} Catalog;

static GMutex catalogs_lock;
static GHashTable *catalogs;  /* lang → Catalog (NULL member: none found) */

/* ---- push and pop ---- */

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

/* ---- the catalog file ---- */

static guint32
read_u32 (const guint8 *data,
          gsize         offset,
          gboolean      swapped)
{
  guint32 value;

  memcpy (&value, data + offset, sizeof value);
  return swapped ? GUINT32_SWAP_LE_BE (value) : value;
}

/* The string at table entry @i of the table at @table, or NULL when it lies outside. */
static const char *
mo_string (const guint8 *data,
           gsize         size,
           guint32       table,
           guint32       i,
           gboolean      swapped,
           gsize        *length)
{
  gsize entry = (gsize) table + (gsize) i * 8;
  guint32 len, offset;

  if (entry + 8 > size)
    return NULL;
  len = read_u32 (data, entry, swapped);
  offset = read_u32 (data, entry + 4, swapped);
  if ((gsize) offset + len >= size || data[offset + len] != '\0')
    return NULL;
  *length = len;
  return (const char *) data + offset;
}

static gsize
literal_length (const char *msgid)
{
  gsize n = 0;

  for (const char *p = msgid; *p != '\0'; p++)
    if (*p == '%' && p[1] == '%')
      n++, p++;
    else if (*p == '%')
      {
        for (p++; *p != '\0' && strchr ("0123456789$-+ #'.hlLqjzt", *p) != NULL; p++)
          ;
        if (*p == '\0')
          break;
      }
    else
      n++;
  return n;
}

static void
catalog_free (Catalog *catalog)
{
  if (catalog == NULL)
    return;
  g_hash_table_unref (catalog->exact);
  g_ptr_array_unref (catalog->templates);
  g_bytes_unref (catalog->bytes);
  g_free (catalog);
}

/* @lang's catalog of this program's messages, read from where gettext would read it. */
static Catalog *
catalog_load (const char *lang)
{
  const char *dir = bindtextdomain (GETTEXT_PACKAGE, NULL);
  g_autofree char *path = g_build_filename (dir != NULL ? dir : LOCALEDIR, lang, "LC_MESSAGES",
                                            GETTEXT_PACKAGE ".mo", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = g_mapped_file_new (path, FALSE, &error);
  Catalog *catalog;
  const guint8 *data;
  gsize size;
  guint32 magic, n, originals, translations;
  gboolean swapped;

  if (file == NULL)
    {
      g_debug ("No catalog for the guests in %s: %s", lang, error->message);
      return NULL;
    }
  catalog = g_new0 (Catalog, 1);
  catalog->bytes = g_mapped_file_get_bytes (file);
  catalog->exact = g_hash_table_new (g_str_hash, g_str_equal);
  catalog->templates = g_ptr_array_new_with_free_func (g_free);
  data = g_bytes_get_data (catalog->bytes, &size);
  if (size < 28)
    return catalog;
  magic = read_u32 (data, 0, FALSE);
  if (magic != MO_MAGIC && magic != MO_MAGIC_SWAPPED)
    {
      g_warning ("%s is not a message catalog", path);
      return catalog;
    }
  swapped = magic == MO_MAGIC_SWAPPED;
  n = read_u32 (data, 8, swapped);
  originals = read_u32 (data, 12, swapped);
  translations = read_u32 (data, 16, swapped);

  for (guint32 i = 0; i < n; i++)
    {
      gsize id_length, str_length;
      const char *msgid = mo_string (data, size, originals, i, swapped, &id_length);
      const char *msgstr = mo_string (data, size, translations, i, swapped, &str_length);

      /* The header, a message with a context (never a guest's), or an untranslated one. */
      if (msgid == NULL || msgstr == NULL || *msgid == '\0' || *msgstr == '\0' ||
          memchr (msgid, '\004', id_length) != NULL)
        continue;
      /* A plural's msgid is "one\0other" and its msgstr its forms: the first of each. */
      g_hash_table_insert (catalog->exact, (char *) msgid, (char *) msgstr);
      if (strlen (msgid) < id_length)
        g_hash_table_insert (catalog->exact, (char *) msgid + strlen (msgid) + 1, (char *) msgstr);
      for (const char *id = msgid; id < msgid + id_length; id += strlen (id) + 1)
        if (strchr (id, '%') != NULL)
          {
            Template *t = g_new (Template, 1);

            t->msgid = (char *) id;
            t->msgstr = (char *) msgstr;
            t->literal = literal_length (id);
            g_ptr_array_add (catalog->templates, t);
          }
    }
  return catalog;
}

/* @lang's catalog, read once; NULL for English or when there is none. */
static Catalog *
catalog_get (const char *lang)
{
  Catalog *catalog;

  if (lang == NULL || g_str_equal (lang, "en") || strchr (lang, '/') != NULL ||
      strstr (lang, "..") != NULL)
    return NULL;
  g_mutex_lock (&catalogs_lock);
  if (catalogs == NULL)
    catalogs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) catalog_free);
  if (!g_hash_table_lookup_extended (catalogs, lang, NULL, (gpointer *) &catalog))
    {
      catalog = catalog_load (lang);
      g_hash_table_insert (catalogs, g_strdup (lang), catalog);
    }
  g_mutex_unlock (&catalogs_lock);
  return catalog;
}

/* ---- filling a msgid's conversions in ---- */

typedef struct
{
  const char *start[10];
  gsize       length[10];
  guint       n;
} Args;

/* One conversion of a format at @p (after its '%'): its argument position (0: the next one),
 * its conversion letter, and where the format goes on.  NULL when it is not one we read. */
static const char *
parse_conversion (const char *p,
                  guint      *position,
                  char       *conversion)
{
  *position = 0;
  if (g_ascii_isdigit (p[0]) && p[1] == '$')
    {
      *position = p[0] - '0';
      p += 2;
    }
  while (*p != '\0' && strchr ("-+ #0'", *p) != NULL)
    p++;
  while (g_ascii_isdigit (*p) || *p == '.')
    p++;
  while (*p != '\0' && strchr ("hlLqjzt", *p) != NULL)
    p++;
  if (*p == '\0' || strchr ("diuxXoeEfgGcs", *p) == NULL)
    return NULL;
  *conversion = *p;
  return p + 1;
}

static gboolean
accepts (char conversion,
         char c,
         gsize at)
{
  switch (conversion)
    {
    case 'd': case 'i':
      return g_ascii_isdigit (c) || (at == 0 && c == '-');
    case 'u':
      return g_ascii_isdigit (c);
    case 'x': case 'X': case 'o':
      return g_ascii_isxdigit (c);
    case 'e': case 'E': case 'f': case 'g': case 'G':
      return g_ascii_isdigit (c) || strchr ("-+.eE", c) != NULL;
    default:
      return TRUE;
    }
}

/* Whether @message is @format with its conversions filled in; their text goes to @args.
 * Shortest arguments first, backtracking. */
static gboolean
match (const char *format,
       const char *message,
       Args       *args)
{
  while (*format != '\0')
    {
      guint position;
      char conversion;
      const char *rest;
      guint index;

      if (format[0] == '%' && format[1] == '%')
        {
          if (*message != '%')
            return FALSE;
          format += 2, message++;
          continue;
        }
      if (format[0] != '%')
        {
          if (*format != *message)
            return FALSE;
          format++, message++;
          continue;
        }
      if ((rest = parse_conversion (format + 1, &position, &conversion)) == NULL ||
          args->n >= G_N_ELEMENTS (args->start))
        return FALSE;
      index = position > 0 ? position - 1 : args->n;
      if (index >= G_N_ELEMENTS (args->start))
        return FALSE;
      args->n++;
      for (gsize length = conversion == 's' ? 0 : 1; ; length++)
        {
          if (length > 0 && (message[length - 1] == '\0' ||
                             !accepts (conversion, message[length - 1], length - 1)))
            break;
          args->start[index] = message;
          args->length[index] = length;
          if (match (rest, message + length, args))
            return TRUE;
          if (conversion == 'c')
            break;
        }
      args->n--;
      return FALSE;
    }
  return *message == '\0';
}

/* @msgstr with @args in its conversions (in order, or by "%n$"); a "%s" argument that is
 * itself a msgid (an effect's name) in the catalog's language too. */
static char *
fill (Catalog    *catalog,
      const char *msgstr,
      const Args *args)
{
  GString *out = g_string_new (NULL);
  guint next = 0;

  for (const char *p = msgstr; *p != '\0';)
    {
      guint position;
      char conversion;
      const char *rest;
      guint index;

      if (p[0] == '%' && p[1] == '%')
        {
          g_string_append_c (out, '%');
          p += 2;
          continue;
        }
      if (p[0] != '%' || (rest = parse_conversion (p + 1, &position, &conversion)) == NULL)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      index = position > 0 ? position - 1 : next++;
      if (index < args->n)
        {
          g_autofree char *arg = g_strndup (args->start[index], args->length[index]);
          const char *translated = conversion == 's' ? g_hash_table_lookup (catalog->exact, arg)
                                                     : NULL;

          g_string_append (out, translated != NULL ? translated : arg);
        }
      p = rest;
    }
  return g_string_free (out, FALSE);
}

/* ---- public API ---- */

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

const char *
tk_invite_lang_gettext (const char *lang,
                        const char *msgid)
{
  Catalog *catalog = catalog_get (lang);
  const char *msgstr;

  g_return_val_if_fail (msgid != NULL, NULL);

  if (catalog == NULL || (msgstr = g_hash_table_lookup (catalog->exact, msgid)) == NULL)
    return msgid;
  return msgstr;
}

char *
tk_invite_lang_translate (const char *lang,
                          const char *message)
{
  Catalog *catalog = catalog_get (lang);
  const char *msgstr;
  const Template *best = NULL;
  Args best_args = { 0 };

  g_return_val_if_fail (message != NULL, NULL);

  if (catalog == NULL)
    return NULL;
  if ((msgstr = g_hash_table_lookup (catalog->exact, message)) != NULL)
    return g_strdup (msgstr);
  /* The msgid that explains most of the message ("%s, %s" matches nearly anything). */
  for (guint i = 0; i < catalog->templates->len; i++)
    {
      const Template *t = g_ptr_array_index (catalog->templates, i);
      Args args = { 0 };

      if ((best == NULL || t->literal > best->literal) && match (t->msgid, message, &args))
        {
          best = t;
          best_args = args;
        }
    }
  if (best == NULL || best->literal * 2 < strlen (message))
    return NULL;
  return fill (catalog, best->msgstr, &best_args);
}

void
tk_invite_lang_mend_error (const char *lang,
                           GError     *error)
{
  char *translated;

  if (error == NULL || (translated = tk_invite_lang_translate (lang, error->message)) == NULL)
    return;
  g_free (error->message);
  error->message = translated;
}
