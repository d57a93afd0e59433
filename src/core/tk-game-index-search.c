/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-index-search.c — search as you type over TkGameIndex.
 *
 * The searched texts of every game (folded titles and designers) sit one after another in
 * one buffer, the hay, so that a search is one memmem() pass over a few megabytes instead of
 * a strstr() per text per game scattered through the pool; a hit is mapped back to its game
 * by the stretch it falls in.  Then what a user does while typing is cheap:
 *
 *  - a letter typed (the search now contains the previous one): only the previous result is
 *    tested, each game first against a mask of the kinds of bytes its texts hold, which
 *    rejects most games without reading their text;
 *  - a letter erased: the result of that shorter search is still kept, and comes back as is;
 *  - a filter or the order changed: the kept results are forgotten, and every game is
 *    tested again (the hay pass, then the plain filters in the order's sequence).
 *
 * The results are exactly those of testing every game's texts with strstr(), in the same
 * order: a game whose texts contain the new search contains the kept one too.
 */
#define G_LOG_DOMAIN "tk-collection"
#define _GNU_SOURCE /* memmem() */

#include "config.h"

#include <string.h>

#include "tk-game-index-private.h"

/* How many results are kept: the word being typed, letter by letter, and a few before. */
#define KEPT_MAX 12

typedef struct
{
  char   *needle;         /* folded; "" for no search */
  GArray *result;         /* guint32 entries, in the order */
} Kept;

static void
kept_free (gpointer data)
{
  Kept *kept = data;

  g_free (kept->needle);
  g_array_unref (kept->result);
  g_free (kept);
}

void
tk_game_index_search_init (TkGameIndex *self)
{
  self->hay = g_string_new (NULL);
  self->hay_starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->hay_owner = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->masks = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->kept = g_ptr_array_new_with_free_func (kept_free);
}

void
tk_game_index_search_free (TkGameIndex *self)
{
  g_string_free (self->hay, TRUE);
  g_array_unref (self->hay_starts);
  g_array_unref (self->hay_owner);
  g_array_unref (self->masks);
  g_ptr_array_unref (self->kept);
}

void
tk_game_index_search_clear (TkGameIndex *self)
{
  g_string_truncate (self->hay, 0);
  g_array_set_size (self->hay_starts, 0);
  g_array_set_size (self->hay_owner, 0);
  g_array_set_size (self->masks, 0);
  g_ptr_array_set_size (self->kept, 0);
}

/* The bit of byte @c in a mask: one per ASCII letter and digit (what people type), the
 * other bytes of ASCII and of UTF-8 sequences share the rest.  A text whose mask lacks a
 * bit of the search's cannot contain it. */
static inline guint64
byte_bit (guchar c)
{
  if (c >= 'a' && c <= 'z')
    return G_GUINT64_CONSTANT (1) << (c - 'a');
  if (c >= '0' && c <= '9')
    return G_GUINT64_CONSTANT (1) << (26 + c - '0');
  if (c < 0x80)
    return G_GUINT64_CONSTANT (1) << (36 + c % 8);
  return G_GUINT64_CONSTANT (1) << (44 + c % 20);
}

/* byte_bit() of every byte, NUL none (it only separates texts). */
static const guint64 *
byte_bits (void)
{
  static guint64 bits[256];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint c = 1; c < 256; c++)
        bits[c] = byte_bit ((guchar) c);
      g_once_init_leave (&done, 1);
    }
  return bits;
}

static guint64
mask_of (const char *text,
         gsize       length)
{
  const guint64 *bits = byte_bits ();
  guint64 mask = 0;

  for (gsize i = 0; i < length; i++)
    mask |= bits[(guchar) text[i]];
  return mask;
}

static void
append_piece (GString    *hay,
              const char *text)
{
  g_string_append_len (hay, text, strlen (text) + 1);
}

void
tk_game_index_search_add (TkGameIndex *self,
                          guint32      number)
{
  Entry *entry = &g_array_index (self->entries, Entry, number);
  guint32 start = self->hay->len;

  /* Up to 4 GiB of text: far beyond any collection (100,000 games take some 6 MB). */
  g_return_if_fail (self->hay->len < G_MAXUINT32 - 65536);

  for (const char *p = pool_at (self, entry->search); *p != '\0'; p += strlen (p) + 1)
    append_piece (self->hay, p);
  for (guint32 d = entry->designers; d != NONE;
       d = g_array_index (self->designers, Designer, d).next)
    append_piece (self->hay, pool_at (self, g_array_index (self->designers, Designer, d).name));

  entry->hay_start = start;
  entry->hay_end = self->hay->len;
  g_array_append_val (self->hay_starts, start);
  g_array_append_val (self->hay_owner, number);
  if (self->masks->len < self->entries->len)
    g_array_set_size (self->masks, self->entries->len);
  g_array_index (self->masks, guint64, number) = mask_of (self->hay->str + start,
                                                          self->hay->len - start);
  g_ptr_array_set_size (self->kept, 0);
}

/* Marks (in @marks, one byte per entry) every entry whose texts contain @needle, in one
 * pass over the hay: after a hit, the rest of that game's stretch is skipped. */
static void
mark_matches (TkGameIndex *self,
              const char  *needle,
              guint8      *marks)
{
  const char *hay = self->hay->str;
  gsize length = self->hay->len;
  gsize needle_length = strlen (needle);
  const guint32 *starts = (const guint32 *) (gpointer) self->hay_starts->data;
  guint n_stretches = self->hay_starts->len;
  guint stretch = 0;
  gsize at = 0;

  while (at < length)
    {
      const char *hit = memmem (hay + at, length - at, needle, needle_length);
      gsize position;
      guint32 number;

      if (hit == NULL)
        break;
      position = (gsize) (hit - hay);
      while (stretch + 1 < n_stretches && starts[stretch + 1] <= position)
        stretch++;
      number = g_array_index (self->hay_owner, guint32, stretch);
      /* A stretch left behind by a game read again is not that game's any more. */
      if (g_array_index (self->entries, Entry, number).hay_start == starts[stretch])
        marks[number] = 1;
      at = stretch + 1 < n_stretches ? starts[stretch + 1] : length;
    }
}

static gboolean
entry_contains (TkGameIndex *self,
                guint32      number,
                const char  *needle,
                gsize        needle_length)
{
  const Entry *entry = &g_array_index (self->entries, Entry, number);

  return entry->hay_end - entry->hay_start >= needle_length &&
         memmem (self->hay->str + entry->hay_start, entry->hay_end - entry->hay_start,
                 needle, needle_length) != NULL;
}

/* The games of @base (a result in the current order) whose texts contain @needle. */
static GArray *
narrow (TkGameIndex *self,
        GArray      *base,
        const char  *needle)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (guint32));
  const guint32 *numbers = (const guint32 *) (gpointer) base->data;

  if (base->len > self->entries->len / 4)
    {
      /* Most games are in it: one pass over the hay costs less than a search per game. */
      g_autofree guint8 *marks = g_malloc0 (self->entries->len);

      mark_matches (self, needle, marks);
      for (guint i = 0; i < base->len; i++)
        if (marks[numbers[i]])
          g_array_append_val (result, numbers[i]);
    }
  else
    {
      const guint64 *masks = (const guint64 *) (gpointer) self->masks->data;
      gsize needle_length = strlen (needle);
      guint64 wanted = mask_of (needle, needle_length);

      for (guint i = 0; i < base->len; i++)
        if ((wanted & ~masks[numbers[i]]) == 0 &&
            entry_contains (self, numbers[i], needle, needle_length))
          g_array_append_val (result, numbers[i]);
    }
  return result;
}

/* Every game tested: the search in one pass over the hay, the other filters in order. */
static GArray *
scan_all (TkGameIndex       *self,
          const TkGameQuery *query,
          const char        *needle,
          const char        *best_needle,
          TkGameIndexFilter  filter)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint8 *marks = NULL;
  const guint32 *order = (const guint32 *) (gpointer) self->order->data;

  if (needle != NULL)
    {
      marks = g_malloc0 (self->entries->len);
      mark_matches (self, needle, marks);
    }
  for (guint i = 0; i < self->order->len; i++)
    if ((marks == NULL || marks[order[i]]) &&
        filter (self, &g_array_index (self->entries, Entry, order[i]), query, best_needle))
      g_array_append_val (result, order[i]);
  return result;
}

static gboolean
same_filters (const TkGameQuery *a,
              const TkGameQuery *b)
{
  return a->statuses == b->statuses && a->collection_only == b->collection_only &&
         a->players == b->players && a->best_at == b->best_at &&
         a->max_minutes == b->max_minutes && a->sort == b->sort &&
         a->descending == b->descending;
}

GArray *
tk_game_index_search (TkGameIndex       *self,
                      const TkGameQuery *query,
                      const char        *needle,
                      const char        *best_needle,
                      TkGameIndexFilter  filter)
{
  const char *key = needle != NULL ? needle : "";
  Kept *base = NULL;
  Kept *kept;
  GArray *result;

  if (!same_filters (&self->kept_query, query))
    {
      g_ptr_array_set_size (self->kept, 0);
      self->kept_query = *query;
      self->kept_query.search = NULL;
    }

  for (guint k = 0; k < self->kept->len; k++)
    {
      kept = g_ptr_array_index (self->kept, k);
      if (strcmp (kept->needle, key) == 0)
        {
          /* The same search again (a letter erased): the newest, so kept longest. */
          g_ptr_array_add (self->kept, g_ptr_array_steal_index (self->kept, k));
          return g_array_copy (kept->result);
        }
      if (strstr (key, kept->needle) != NULL &&
          (base == NULL || kept->result->len < base->result->len))
        base = kept;
    }

  result = base != NULL ? narrow (self, base->result, key)
                        : scan_all (self, query, needle, best_needle, filter);

  if (self->kept->len >= KEPT_MAX)
    g_ptr_array_remove_index (self->kept, 0);
  kept = g_new (Kept, 1);
  kept->needle = g_strdup (key);
  kept->result = g_array_copy (result);
  g_ptr_array_add (self->kept, kept);
  return result;
}
