/* tk-game-list.c — a GListModel of TkGame over a TkCollection query, read lazily. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include "tk-game-list.h"

#define PAGE_SIZE 64

struct _TkGameList
{
  GObject       parent_instance;

  TkCollection *collection;
  gulong        changed_id;
  TkGameQuery   query;
  char         *search;
  GArray       *ids;       /* gint64, the current order */
  GHashTable   *cache;     /* game id -> TkGame, read so far */
};

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

  return self->ids->len;
}

/* Reads the page around @position that is not cached yet. */
static void
fetch_page (TkGameList *self,
            guint       position)
{
  g_autoptr(GArray) missing = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  guint start = position - position % PAGE_SIZE;
  guint end = MIN (start + PAGE_SIZE, self->ids->len);

  for (guint i = start; i < end; i++)
    {
      gint64 id = g_array_index (self->ids, gint64, i);
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

  if (position >= self->ids->len)
    return NULL;
  id = g_array_index (self->ids, gint64, position);
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

static void
on_collection_changed (TkCollection *collection,
                       gint64        game_id,
                       TkGameList   *self)
{
  g_autoptr(GError) error = NULL;

  if (game_id != 0)
    g_hash_table_remove (self->cache, &game_id);
  else
    g_hash_table_remove_all (self->cache);
  if (!tk_game_list_refresh (self, &error))
    g_warning ("Could not refresh the list of games: %s", error->message);
}

static void
tk_game_list_dispose (GObject *object)
{
  TkGameList *self = TK_GAME_LIST (object);

  g_clear_signal_handler (&self->changed_id, self->collection);
  g_clear_object (&self->collection);
  G_OBJECT_CLASS (tk_game_list_parent_class)->dispose (object);
}

static void
tk_game_list_finalize (GObject *object)
{
  TkGameList *self = TK_GAME_LIST (object);

  g_clear_pointer (&self->ids, g_array_unref);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->search, g_free);
  G_OBJECT_CLASS (tk_game_list_parent_class)->finalize (object);
}

static void
tk_game_list_class_init (TkGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_game_list_dispose;
  object_class->finalize = tk_game_list_finalize;
}

static void
tk_game_list_init (TkGameList *self)
{
  self->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
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
  if (!tk_game_list_refresh (self, &error))
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

gboolean
tk_game_list_refresh (TkGameList  *self,
                      GError     **error)
{
  g_autoptr(GArray) ids = NULL;
  guint removed;

  g_return_val_if_fail (TK_IS_GAME_LIST (self), FALSE);

  self->query.search = self->search;
  ids = tk_collection_query_ids (self->collection, &self->query, error);
  if (ids == NULL)
    return FALSE;

  removed = self->ids->len;
  g_array_unref (self->ids);
  self->ids = g_steal_pointer (&ids);
  if (removed > 0 || self->ids->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->ids->len);
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
