/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-profile.c — Discover's profile: what the user's own data says of each game
 * they know (favourite, rating, plays, owned, want to play, not interested) and the weight
 * with which it pulls or pushes.
 */
#define G_LOG_DOMAIN "tk-discover"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-discover-private.h"

/* ---- weights (docs/ARCHITECTURE.md, "Discover") ---- */

#define W_FAVOURITE        3.0
#define W_RATING_HIGH      0.4    /* per point above 5 */
#define W_RATING_LOW       0.5    /* per point below 5 (ratings ≤ 4 push away) */
#define W_PLAYS            0.5    /* × ln (1 + plays + recent plays) … */
#define W_PLAYS_MAX        1.5    /* … at most */
#define W_OWNED            0.5
#define W_WANT             0.5
#define W_PLAYED_STATUS    0.3    /* the "played" status without any play counted */
#define W_NOT_INTERESTED  -1.5

static void
profile_clear (TkDiscoverProfile *profile)
{
  g_clear_pointer (&profile->signals, g_hash_table_unref);
}

TkDiscoverProfile *
tk_discover_profile_new (void)
{
  TkDiscoverProfile *profile = g_atomic_rc_box_new0 (TkDiscoverProfile);

  profile->signals = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  return profile;
}

TkDiscoverProfile *
tk_discover_profile_ref (TkDiscoverProfile *profile)
{
  return g_atomic_rc_box_acquire (profile);
}

void
tk_discover_profile_unref (TkDiscoverProfile *profile)
{
  g_atomic_rc_box_release_full (profile, (GDestroyNotify) profile_clear);
}

G_DEFINE_BOXED_TYPE (TkDiscoverProfile, tk_discover_profile,
                     tk_discover_profile_ref, tk_discover_profile_unref)

static TkDiscoverSignal *
profile_get_or_add (TkDiscoverProfile *profile,
                    gint64             game_id)
{
  ProfileEntry *entry = g_hash_table_lookup (profile->signals, &game_id);

  if (entry == NULL)
    {
      entry = g_new0 (ProfileEntry, 1);
      entry->id = game_id;
      g_hash_table_insert (profile->signals, &entry->id, entry);
    }
  return &entry->signal;
}

void
tk_discover_profile_set (TkDiscoverProfile      *profile,
                         gint64                  game_id,
                         const TkDiscoverSignal *signal)
{
  *profile_get_or_add (profile, game_id) = *signal;
}

void
tk_discover_profile_remove (TkDiscoverProfile *profile,
                            gint64             game_id)
{
  g_hash_table_remove (profile->signals, &game_id);
}

const TkDiscoverSignal *
tk_discover_profile_lookup (TkDiscoverProfile *profile,
                            gint64             game_id)
{
  ProfileEntry *entry = g_hash_table_lookup (profile->signals, &game_id);

  return entry != NULL ? &entry->signal : NULL;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

GArray *
tk_discover_profile_list_games (TkDiscoverProfile *profile)
{
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64),
                                   g_hash_table_size (profile->signals));
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, profile->signals);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_array_append_val (ids, *(gint64 *) key);
  g_array_sort (ids, compare_gint64);
  return ids;
}

TkDiscoverProfile *
tk_discover_profile_load (TkStore  *store,
                          GDate    *today,
                          GError  **error)
{
  g_autoptr(TkDiscoverProfile) profile = tk_discover_profile_new ();
  GDate since;
  char since_text[16];
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store,
                           "SELECT game_id, owned, want_to_play, played, favourite,"
                           " not_interested, coalesce (rating, 0), bgg_plays FROM collection",
                           error);
  if (stmt == NULL)
    return NULL;
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkDiscoverSignal *signal = profile_get_or_add (profile, sqlite3_column_int64 (stmt, 0));

      signal->owned = sqlite3_column_int (stmt, 1) != 0;
      signal->want_to_play = sqlite3_column_int (stmt, 2) != 0;
      signal->played = sqlite3_column_int (stmt, 3) != 0;
      signal->favourite = sqlite3_column_int (stmt, 4) != 0;
      signal->not_interested = sqlite3_column_int (stmt, 5) != 0;
      signal->rating = (guint) CLAMP (sqlite3_column_int (stmt, 6), 0, 10);
      signal->plays += (guint) MAX (sqlite3_column_int (stmt, 7), 0);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  if (today != NULL && g_date_valid (today))
    since = *today;
  else
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      g_date_clear (&since, 1);
      g_date_set_dmy (&since, (GDateDay) g_date_time_get_day_of_month (now),
                      (GDateMonth) g_date_time_get_month (now),
                      (GDateYear) g_date_time_get_year (now));
    }
  g_date_subtract_days (&since, 365);
  g_snprintf (since_text, sizeof since_text, "%04d-%02d-%02d", g_date_get_year (&since),
              g_date_get_month (&since), g_date_get_day (&since));

  stmt = tk_store_prepare (store,
                           "SELECT game_id, count(*), total (played_on >= ?1) FROM plays"
                           " WHERE game_id IS NOT NULL GROUP BY game_id", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, since_text, -1, SQLITE_TRANSIENT);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      TkDiscoverSignal *signal = profile_get_or_add (profile, sqlite3_column_int64 (stmt, 0));

      signal->plays += (guint) sqlite3_column_int (stmt, 1);
      signal->recent_plays += (guint) sqlite3_column_int (stmt, 2);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;

  return g_steal_pointer (&profile);
}

double
tk_discover_signal_weight (const TkDiscoverSignal *signal)
{
  double w = 0;

  if (signal->favourite)
    w += W_FAVOURITE;
  if (signal->rating >= 5)
    w += W_RATING_HIGH * (signal->rating - 5.0);
  else if (signal->rating > 0)
    w -= W_RATING_LOW * (5.0 - signal->rating);
  if (signal->plays > 0)
    w += MIN (W_PLAYS_MAX, W_PLAYS * log (1.0 + signal->plays + signal->recent_plays));
  else if (signal->played)
    w += W_PLAYED_STATUS;
  if (signal->owned)
    w += W_OWNED;
  if (signal->want_to_play)
    w += W_WANT;
  if (signal->not_interested)
    w += W_NOT_INTERESTED;
  return w;
}

gboolean
tk_discover_signal_is_eligible (const TkDiscoverSignal *signal)
{
  return signal == NULL ||
         (!signal->owned && !signal->played && signal->plays == 0 && !signal->favourite &&
          !signal->want_to_play && !signal->not_interested && signal->rating == 0);
}
