/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-list.c — a GListModel of TkGame over a TkCollection query, read lazily. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include "tk-collection-private.h"
#include "tk-game-index.h"
#include "tk-game-list.h"

#define PAGE_SIZE 64
/* The largest change announced at once near the top of the list.  GTK 4.8 looks at every
 * item of an announced change (one by one) when a row it tracks is in it, and builds rows
 * again for items it cannot find: small changes keep both costs bounded by this, not by the
 * size of the list.  Further down, where rows are rarely shown while typing, a change may
 * be as long as its position, so that a long list takes few announcements: each costs the
 * grid some 30 rows bound again wherever it is.  (An eighth of the position took 290
 * announcements to clear a search at 100,000 games, 41–53 ms of CPU; this takes 15–18 ms,
 * and no more with the list scrolled halfway down.) */
#define MAX_CHANGE 128

static guint
max_change_at (guint position)
{
  return MAX (MAX_CHANGE, position);
}

struct _TkGameList
{
  GObject       parent_instance;

  TkCollection *collection;
  gulong        changed_id;
  TkGameQuery   query;
  char         *search;
  TkGameIndex  *index;
  GArray       *entries;   /* guint32 index entries, the current order */
  GHashTable   *cache;     /* game id -> TkGame, read so far */
  TkGameSort    shown_sort;        /* the order of entries */
  gboolean      shown_descending;

  /* While a change is being announced, the list is entries[0 .. cut) followed by
   * next[next_cut ..] (changes go from the end of the list towards its start). */
  GArray       *next;
  GArray       *old_ids;   /* gint64: the ids of entries[] while the index is read again,
                            * and the first games (read by SQL) while it is first read */
  guint         cut;
  guint         next_cut;

  /* tk_game_list_new_deferred(): the index being read in a worker, and whether the
   * library changed meanwhile (the worker may have read it before). */
  TkGameIndex  *pending;
  GCancellable *cancellable;
  gboolean      stale;
};

enum
{
  PROP_0,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void tk_game_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkGameList, tk_game_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, tk_game_list_model_init))

static GType
tk_game_list_get_item_type (GListModel *model)
{
  return TK_TYPE_GAME;
}

static guint
tk_game_list_get_n_items (GListModel *model)
{
  TkGameList *self = TK_GAME_LIST (model);

  if (self->next != NULL)
    return self->cut + (self->next->len - self->next_cut);
  return self->entries->len;
}

/* The game id at @position of the list as the views see it now. */
static gint64
id_at (TkGameList *self,
       guint       position)
{
  guint32 entry;

  if (self->next != NULL && position >= self->cut)
    entry = g_array_index (self->next, guint32, position - self->cut + self->next_cut);
  else if (self->old_ids != NULL)
    return g_array_index (self->old_ids, gint64, position);
  else
    entry = g_array_index (self->entries, guint32, position);
  return tk_game_index_get_id (self->index, entry);
}

/* Reads the games of the page around @position that are not cached yet. */
static void
fetch_page (TkGameList *self,
            guint       position)
{
  g_autoptr(GArray) missing = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  guint start = position - position % PAGE_SIZE;
  guint end = MIN (start + PAGE_SIZE, tk_game_list_get_n_items (G_LIST_MODEL (self)));

  for (guint i = start; i < end; i++)
    {
      gint64 id = id_at (self, i);
      if (!g_hash_table_contains (self->cache, &id))
        g_array_append_val (missing, id);
    }

  games = tk_collection_fetch (self->collection, (const gint64 *) (gpointer) missing->data,
                               missing->len, &error);
  if (games == NULL)
    {
      g_warning ("Could not read games: %s", error->message);
      return;
    }
  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      gint64 *key = g_new (gint64, 1);

      *key = tk_game_get_id (game);
      g_hash_table_insert (self->cache, key, g_object_ref (game));
    }
}

static gpointer
tk_game_list_get_item (GListModel *model,
                       guint       position)
{
  TkGameList *self = TK_GAME_LIST (model);
  TkGame *game;
  gint64 id;

  if (position >= tk_game_list_get_n_items (model))
    return NULL;
  id = id_at (self, position);
  game = g_hash_table_lookup (self->cache, &id);
  if (game == NULL)
    {
      fetch_page (self, position);
      game = g_hash_table_lookup (self->cache, &id);
    }
  return game != NULL ? g_object_ref (game) : NULL;
}

static void
tk_game_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = tk_game_list_get_item_type;
  iface->get_n_items = tk_game_list_get_n_items;
  iface->get_item = tk_game_list_get_item;
}

static void announce (TkGameList *self,
                      GArray     *next,
                      gboolean    comparable,
                      guint32     changed_entry);

static void
on_collection_changed (TkCollection *collection,
                       gint64        game_id,
                       TkGameList   *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) next = NULL;
  TkStore *store = tk_collection_get_store (self->collection);
  gboolean ok;

  /* The index is still being read: the worker may have missed this change, so it is read
   * again when it comes; the first games shown are read again from the library. */
  if (self->pending != NULL)
    {
      self->stale = TRUE;
      if (game_id != 0)
        g_hash_table_remove (self->cache, &game_id);
      else
        g_hash_table_remove_all (self->cache);
      return;
    }

  /* One game: read it alone, and announce it as changed wherever it stays.  Many: read
   * them all again; entry numbers change, so the whole list is announced in pieces. */
  if (game_id != 0)
    {
      g_hash_table_remove (self->cache, &game_id);
      ok = tk_game_index_reload_one (self->index, store, game_id, &error);
    }
  else
    {
      /* The current entry numbers mean nothing once the index is read again: the views
       * see the old games by id until the change is announced. */
      self->old_ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), self->entries->len);
      for (guint i = 0; i < self->entries->len; i++)
        {
          gint64 id = tk_game_index_get_id (self->index, g_array_index (self->entries, guint32, i));
          g_array_append_val (self->old_ids, id);
        }
      g_hash_table_remove_all (self->cache);
      ok = tk_game_index_load (self->index, store, &error);
    }
  if (!ok)
    g_warning ("Could not refresh the list of games: %s", error->message);

  self->query.search = self->search;
  next = ok ? tk_game_index_query (self->index, &self->query)
            : g_array_new (FALSE, FALSE, sizeof (guint32));
  if (game_id != 0)
    {
      announce (self, next, self->query.sort == self->shown_sort &&
                            self->query.descending == self->shown_descending,
                tk_game_index_find (self->index, game_id));
    }
  else
    {
      /* Entry numbers changed: nothing can be compared; no row may be kept. */
      announce (self, next, FALSE, G_MAXUINT32);
      g_clear_pointer (&self->old_ids, g_array_unref);
    }
}

static void
tk_game_list_dispose (GObject *object)
{
  TkGameList *self = TK_GAME_LIST (object);

  g_clear_signal_handler (&self->changed_id, self->collection);
  g_clear_object (&self->collection);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (tk_game_list_parent_class)->dispose (object);
}

static void
tk_game_list_finalize (GObject *object)
{
  TkGameList *self = TK_GAME_LIST (object);

  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->old_ids, g_array_unref);
  g_clear_pointer (&self->index, tk_game_index_free);
  g_clear_pointer (&self->pending, tk_game_index_free);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->search, g_free);
  G_OBJECT_CLASS (tk_game_list_parent_class)->finalize (object);
}

static void
tk_game_list_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  TkGameList *self = TK_GAME_LIST (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->pending != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_game_list_class_init (TkGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_game_list_dispose;
  object_class->finalize = tk_game_list_finalize;
  object_class->get_property = tk_game_list_get_property;

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_game_list_init (TkGameList *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->index = tk_game_index_new ();
  self->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
}

TkGameList *
tk_game_list_new (TkCollection *collection)
{
  TkGameList *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);

  self = g_object_new (TK_TYPE_GAME_LIST, NULL);
  self->collection = g_object_ref (collection);
  self->changed_id = g_signal_connect (collection, "changed",
                                       G_CALLBACK (on_collection_changed), self);
  if (!tk_game_index_load (self->index, tk_collection_get_store (collection), &error) ||
      !tk_game_list_refresh (self, &error))
    g_warning ("Could not read the list of games: %s", error->message);
  return self;
}

TkCollection *
tk_game_list_get_collection (TkGameList *self)
{
  g_return_val_if_fail (TK_IS_GAME_LIST (self), NULL);
  return self->collection;
}

const TkGameQuery *
tk_game_list_get_query (TkGameList *self)
{
  g_return_val_if_fail (TK_IS_GAME_LIST (self), NULL);
  return &self->query;
}

typedef struct
{
  guint old_pos, removed, new_pos, added;
} Hunk;

/* The differences between the current list and @next as hunks (in order): both are in the
 * same order (same sort, same index), so one pass over the two finds what left and what
 * came.  @changed_entry counts as left and come back wherever it is (its game was edited). */
static GArray *
find_hunks (TkGameList *self,
            GArray     *next,
            guint32     changed_entry)
{
  GArray *hunks = g_array_new (FALSE, FALSE, sizeof (Hunk));
  GArray *old = self->entries;
  Hunk hunk = { 0 };
  gboolean open = FALSE;
  guint i = 0, j = 0;

  while (i < old->len || j < next->len)
    {
      guint32 a = i < old->len ? g_array_index (old, guint32, i) : G_MAXUINT32;
      guint32 b = j < next->len ? g_array_index (next, guint32, j) : G_MAXUINT32;
      guint32 ra = i < old->len ? tk_game_index_get_rank (self->index, a) : G_MAXUINT32;
      guint32 rb = j < next->len ? tk_game_index_get_rank (self->index, b) : G_MAXUINT32;

      if (a == b && a != changed_entry)
        {
          if (open)
            g_array_append_val (hunks, hunk);
          open = FALSE;
          i++, j++;
          continue;
        }
      if (!open)
        {
          hunk = (Hunk) { i, 0, j, 0 };
          open = TRUE;
        }
      if (a == b)
        {
          hunk.removed++, hunk.added++;
          i++, j++;
        }
      else if (ra < rb)
        hunk.removed++, i++;
      else
        hunk.added++, j++;
    }
  if (open)
    g_array_append_val (hunks, hunk);
  return hunks;
}

/* Whether @entries is in the order of the index's last query (after one game changed, the
 * current list may not be: that game may have moved). */
static gboolean
in_rank_order (TkGameList *self,
               GArray     *entries,
               guint32     changed_entry)
{
  guint32 last = 0;
  gboolean first = TRUE;

  for (guint i = 0; i < entries->len; i++)
    {
      guint32 entry = g_array_index (entries, guint32, i);
      guint32 rank;

      if (entry == changed_entry)
        continue;
      rank = tk_game_index_get_rank (self->index, entry);
      if (!first && rank <= last)
        return FALSE;
      last = rank;
      first = FALSE;
    }
  return TRUE;
}

static void
emit_piece (TkGameList *self,
            guint       old_pos,
            guint       removed,
            guint       new_pos,
            guint       added)
{
  self->cut = old_pos;
  self->next_cut = new_pos;
  g_list_model_items_changed (G_LIST_MODEL (self), old_pos, removed, added);
}

/* Replaces the list with @next, announcing what changed: hunks from the last to the first
 * (so the positions before each stay true), small neighbouring hunks together, large ones
 * in pieces (max_change_at). */
static void
announce (TkGameList *self,
          GArray     *next,
          gboolean    comparable,
          guint32     changed_entry)
{
  g_autoptr(GArray) hunks = NULL;
  g_autoptr(GArray) merged = g_array_new (FALSE, FALSE, sizeof (Hunk));

  if (comparable && in_rank_order (self, self->entries, changed_entry))
    hunks = find_hunks (self, next, changed_entry);
  else
    {
      Hunk all = { 0, self->entries->len, 0, next->len };

      hunks = g_array_new (FALSE, FALSE, sizeof (Hunk));
      if (all.removed > 0 || all.added > 0)
        g_array_append_val (hunks, all);
    }

  for (guint k = 0; k < hunks->len; k++)
    {
      Hunk h = g_array_index (hunks, Hunk, k);
      Hunk *last = merged->len > 0 ? &g_array_index (merged, Hunk, merged->len - 1) : NULL;

      if (last != NULL &&
          h.old_pos + h.removed - last->old_pos <= max_change_at (last->old_pos) &&
          h.new_pos + h.added - last->new_pos <= max_change_at (last->old_pos))
        {
          last->removed = h.old_pos + h.removed - last->old_pos;
          last->added = h.new_pos + h.added - last->new_pos;
        }
      else
        g_array_append_val (merged, h);
    }

  self->next = next;
  self->cut = self->entries->len;
  self->next_cut = next->len;
  for (guint k = merged->len; k > 0; k--)
    {
      Hunk h = g_array_index (merged, Hunk, k - 1);
      /* Only a change that both removes and adds can hold a row GTK tracks and has to
       * look for among the games added; one that only adds (a letter erased) or only
       * removes (a letter typed) is announced whole: each announcement costs GTK 4.8's
       * grid some 30 rows bound again, so 29,000 games coming back in pieces of 128 cost
       * 15,000 rows bound (500 whole). */
      guint size = h.removed == 0 || h.added == 0 ? MAX (MAX (h.removed, h.added), 1)
                                                  : max_change_at (h.old_pos);
      guint pieces = (MAX (h.removed, h.added) + size - 1) / size;

      for (guint p = pieces; p > 0; p--)
        {
          guint from_old = MIN (h.removed, (p - 1) * size);
          guint to_old = MIN (h.removed, p * size);
          guint from_new = MIN (h.added, (p - 1) * size);
          guint to_new = MIN (h.added, p * size);

          emit_piece (self, h.old_pos + from_old, to_old - from_old,
                      h.new_pos + from_new, to_new - from_new);
        }
    }
  self->next = NULL;
  g_array_unref (self->entries);
  self->entries = g_array_ref (next);
}

gboolean
tk_game_list_refresh (TkGameList  *self,
                      GError     **error)
{
  g_autoptr(GArray) next = NULL;
  gboolean same_order;

  g_return_val_if_fail (TK_IS_GAME_LIST (self), FALSE);

  /* Until the index comes, the first games stay; the query is applied then. */
  if (self->pending != NULL)
    return TRUE;

  /* The current list is in the order of the index's last query when the sort did not
   * change: then the two can be compared entry by entry. */
  same_order = self->entries->len == 0 ||
               (self->query.sort == self->shown_sort && self->query.descending == self->shown_descending);
  self->query.search = self->search;
  next = tk_game_index_query (self->index, &self->query);
  announce (self, next, same_order, G_MAXUINT32);
  self->shown_sort = self->query.sort;
  self->shown_descending = self->query.descending;
  return TRUE;
}

static void
requery (TkGameList *self)
{
  g_autoptr(GError) error = NULL;

  if (!tk_game_list_refresh (self, &error))
    g_warning ("Could not read the list of games: %s", error->message);
}

void
tk_game_list_set_query (TkGameList        *self,
                        const TkGameQuery *query)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  g_return_if_fail (query != NULL);

  g_free (self->search);
  self->search = query->search != NULL && *query->search != '\0' ? g_strdup (query->search) : NULL;
  self->query = *query;
  requery (self);
}

void
tk_game_list_set_search (TkGameList *self,
                         const char *search)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));

  if (g_strcmp0 (self->search, search) == 0)
    return;
  g_free (self->search);
  self->search = g_strdup (search);
  requery (self);
}

void
tk_game_list_set_statuses (TkGameList   *self,
                           TkGameStatus  statuses)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  self->query.statuses = statuses;
  requery (self);
}

void
tk_game_list_set_collection_only (TkGameList *self,
                                  gboolean    collection_only)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  self->query.collection_only = collection_only;
  requery (self);
}

void
tk_game_list_set_players (TkGameList *self,
                          guint       players,
                          gboolean    best_at)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  self->query.players = players;
  self->query.best_at = best_at;
  requery (self);
}

void
tk_game_list_set_max_minutes (TkGameList *self,
                              guint       max_minutes)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  self->query.max_minutes = max_minutes;
  requery (self);
}

void
tk_game_list_set_sort (TkGameList *self,
                       TkGameSort  sort,
                       gboolean    descending)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));
  self->query.sort = sort;
  self->query.descending = descending;
  requery (self);
}

/* ---- the index read in a worker (tk_game_list_new_deferred) ---- */

static gboolean
load_index_in_thread (TkStore  *store,
                      gpointer  user_data,
                      GError  **error)
{
  return tk_game_index_load (user_data, store, error);
}

/* Whether the list the index gives starts with the games shown first, in their order. */
static gboolean
starts_with_first_ids (TkGameList *self,
                       GArray     *next)
{
  if (next->len < self->old_ids->len)
    return FALSE;
  for (guint i = 0; i < self->old_ids->len; i++)
    if (tk_game_index_get_id (self->index, g_array_index (next, guint32, i)) !=
        g_array_index (self->old_ids, gint64, i))
      return FALSE;
  return TRUE;
}

static void
index_loaded_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(TkGameList) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) next = NULL;
  guint n_first = self->old_ids->len;

  if (tk_store_run_finish (TK_STORE (source), result, &error) && !self->stale)
    {
      tk_game_index_free (self->index);
      self->index = g_steal_pointer (&self->pending);
    }
  else
    {
      if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* The worker failed, or the library changed while it read: read it here. */
      g_clear_pointer (&self->pending, tk_game_index_free);
      g_clear_error (&error);
      if (!tk_game_index_load (self->index, TK_STORE (source), &error))
        g_warning ("Could not read the list of games: %s", error->message);
    }
  g_clear_pointer (&self->pending, tk_game_index_free);

  self->query.search = self->search;
  next = tk_game_index_query (self->index, &self->query);
  self->shown_sort = self->query.sort;
  self->shown_descending = self->query.descending;
  if (starts_with_first_ids (self, next))
    {
      /* The usual case: the games shown stay, the rest come after them in one change
       * (no row the view has built is in it). */
      self->next = next;
      self->cut = n_first;
      self->next_cut = n_first;
      if (next->len > n_first)
        g_list_model_items_changed (G_LIST_MODEL (self), n_first, 0, next->len - n_first);
      self->next = NULL;
      g_array_unref (self->entries);
      self->entries = g_array_ref (next);
    }
  else
    announce (self, next, FALSE, G_MAXUINT32);
  g_clear_pointer (&self->old_ids, g_array_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

TkGameList *
tk_game_list_new_deferred (TkCollection      *collection,
                           const TkGameQuery *query,
                           guint              n_first)
{
  g_autoptr(TkGameList) self = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pattern = NULL;
  TkStore *store;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  store = tk_collection_get_store (collection);
  if (tk_store_get_path (store) == NULL)
    {
      self = tk_game_list_new (collection);
      tk_game_list_set_query (self, query);
      return g_steal_pointer (&self);
    }

  self = g_object_new (TK_TYPE_GAME_LIST, NULL);
  self->collection = g_object_ref (collection);
  self->changed_id = g_signal_connect (collection, "changed",
                                       G_CALLBACK (on_collection_changed), self);
  self->search = query->search != NULL && *query->search != '\0' ? g_strdup (query->search) : NULL;
  self->query = *query;
  self->query.search = self->search;

  /* The first games by SQL, in the very order the index will give (a unit test compares
   * the two): the statement stops after @n_first rows, which the title index gives
   * without sorting the rest. */
  self->old_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  stmt = tk_collection_prepare_query (collection, &self->query, "g.id", &pattern, &error);
  if (stmt != NULL)
    {
      while (self->old_ids->len < n_first && (rc = tk_store_step (store, stmt, &error)) == SQLITE_ROW)
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);

          g_array_append_val (self->old_ids, id);
        }
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
    }
  if (error != NULL)
    {
      g_warning ("Could not read the first games: %s", error->message);
      g_array_set_size (self->old_ids, 0);
    }
  /* Entries stand for the first games (id_at() reads them from old_ids). */
  g_array_set_size (self->entries, self->old_ids->len);

  self->pending = tk_game_index_new ();
  return g_steal_pointer (&self);
}

void
tk_game_list_load_rest (TkGameList *self)
{
  g_return_if_fail (TK_IS_GAME_LIST (self));

  if (self->pending == NULL || self->cancellable != NULL)
    return;
  self->cancellable = g_cancellable_new ();
  /* The worker sorts too: the query that follows on the main thread then only filters. */
  tk_game_index_set_load_order (self->pending, self->query.sort, self->query.descending);
  tk_store_run_async (tk_collection_get_store (self->collection), load_index_in_thread,
                      self->pending, NULL, self->cancellable, index_loaded_cb,
                      g_object_ref (self));
}

gboolean
tk_game_list_is_loading (TkGameList *self)
{
  g_return_val_if_fail (TK_IS_GAME_LIST (self), FALSE);
  return self->pending != NULL;
}
