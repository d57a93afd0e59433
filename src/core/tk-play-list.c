/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-list.c — the play history as a lazy GListModel. */
#define G_LOG_DOMAIN "tk-plays"

#include "config.h"

#include "tk-play-list.h"
#include "tk-plays.h"

#define PAGE_SIZE 100

struct _TkPlayList
{
  GObject     parent_instance;

  TkStore    *store;
  gint64      game_id;
  gint64      player_id;
  guint       n_items;
  GHashTable *pages;     /* page number -> GPtrArray of TkPlay */
};

static void tk_play_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkPlayList, tk_play_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, tk_play_list_model_init))

static GType
tk_play_list_get_item_type (GListModel *model)
{
  return TK_TYPE_PLAY;
}

static guint
tk_play_list_get_n_items (GListModel *model)
{
  return TK_PLAY_LIST (model)->n_items;
}

static gpointer
tk_play_list_get_item (GListModel *model,
                       guint       position)
{
  TkPlayList *self = TK_PLAY_LIST (model);
  guint page = position / PAGE_SIZE;
  GPtrArray *plays;

  if (position >= self->n_items)
    return NULL;

  plays = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page));
  if (plays == NULL)
    {
      g_autoptr(GError) error = NULL;

      plays = tk_plays_query (self->store, self->game_id, self->player_id, page * PAGE_SIZE,
                              PAGE_SIZE, &error);
      if (plays == NULL)
        {
          g_warning ("Could not read plays: %s", error->message);
          return NULL;
        }
      g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), plays);
    }
  if (position % PAGE_SIZE >= plays->len)
    return NULL;   /* the history shrank behind our back; a reload will tell the view */
  return g_object_ref (plays->pdata[position % PAGE_SIZE]);
}

static void
tk_play_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = tk_play_list_get_item_type;
  iface->get_n_items = tk_play_list_get_n_items;
  iface->get_item = tk_play_list_get_item;
}

static void
tk_play_list_finalize (GObject *object)
{
  TkPlayList *self = TK_PLAY_LIST (object);

  g_clear_object (&self->store);
  g_hash_table_unref (self->pages);
  G_OBJECT_CLASS (tk_play_list_parent_class)->finalize (object);
}

static void
tk_play_list_class_init (TkPlayListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_play_list_finalize;
}

static void
tk_play_list_init (TkPlayList *self)
{
  self->pages = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                       (GDestroyNotify) g_ptr_array_unref);
}

static gint64
count_plays (TkPlayList  *self,
             GError     **error)
{
  sqlite3_stmt *stmt;
  gint64 n = -1;

  stmt = tk_store_prepare (self->store,
                           "SELECT count (*) FROM plays WHERE (?1 = 0 OR game_id = ?1)"
                           " AND (?2 = 0 OR id IN (SELECT play_id FROM play_players"
                           "                       WHERE player_id = ?2))", error);
  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, self->game_id);
  sqlite3_bind_int64 (stmt, 2, self->player_id);
  if (tk_store_step (self->store, stmt, error) == SQLITE_ROW)
    n = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return n;
}

TkPlayList *
tk_play_list_new (TkStore *store,
                  gint64   game_id,
                  gint64   player_id)
{
  TkPlayList *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  self = g_object_new (TK_TYPE_PLAY_LIST, NULL);
  self->store = g_object_ref (store);
  self->game_id = MAX (game_id, 0);
  self->player_id = MAX (player_id, 0);
  tk_play_list_reload (self, NULL);
  return self;
}

gboolean
tk_play_list_reload (TkPlayList  *self,
                     GError     **error)
{
  guint removed;
  gint64 n;

  g_return_val_if_fail (TK_IS_PLAY_LIST (self), FALSE);

  n = count_plays (self, error);
  if (n < 0)
    return FALSE;
  removed = self->n_items;
  g_hash_table_remove_all (self->pages);
  self->n_items = (guint) MIN (n, G_MAXUINT);
  if (removed > 0 || self->n_items > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->n_items);
  return TRUE;
}
