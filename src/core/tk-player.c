/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-player.c — the roster of players. */
#define G_LOG_DOMAIN "tk-players"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-player.h"
#include "tk-sync-log.h"
#include "tk-text.h"

struct _TkPlayer
{
  GObject   parent_instance;

  gint64    id;
  char     *name;
  char     *colour;
  gboolean  hidden;
};

enum { PROP_0, PROP_ID, PROP_NAME, PROP_COLOUR, PROP_HIDDEN, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkPlayer, tk_player, G_TYPE_OBJECT)

static void
tk_player_finalize (GObject *object)
{
  TkPlayer *self = TK_PLAYER (object);

  g_free (self->name);
  g_free (self->colour);
  G_OBJECT_CLASS (tk_player_parent_class)->finalize (object);
}

static void
tk_player_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TkPlayer *self = TK_PLAYER (object);

  switch (prop_id)
    {
    case PROP_ID:     g_value_set_int64 (value, self->id); break;
    case PROP_NAME:   g_value_set_string (value, self->name); break;
    case PROP_COLOUR: g_value_set_string (value, self->colour); break;
    case PROP_HIDDEN: g_value_set_boolean (value, self->hidden); break;
    default:          G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_player_class_init (TkPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_player_finalize;
  object_class->get_property = tk_player_get_property;

  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLOUR] = g_param_spec_string ("colour", NULL, NULL, NULL,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIDDEN] = g_param_spec_boolean ("hidden", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_player_init (TkPlayer *self)
{
}

gint64
tk_player_get_id (TkPlayer *self)
{
  g_return_val_if_fail (TK_IS_PLAYER (self), 0);
  return self->id;
}

const char *
tk_player_get_name (TkPlayer *self)
{
  g_return_val_if_fail (TK_IS_PLAYER (self), NULL);
  return self->name;
}

const char *
tk_player_get_colour (TkPlayer *self)
{
  g_return_val_if_fail (TK_IS_PLAYER (self), NULL);
  return self->colour;
}

gboolean
tk_player_get_hidden (TkPlayer *self)
{
  g_return_val_if_fail (TK_IS_PLAYER (self), FALSE);
  return self->hidden;
}

static TkPlayer *
player_from_row (sqlite3_stmt *stmt)
{
  TkPlayer *self = g_object_new (TK_TYPE_PLAYER, NULL);

  self->id = sqlite3_column_int64 (stmt, 0);
  self->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  self->colour = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
  self->hidden = sqlite3_column_int (stmt, 3) != 0;
  return self;
}

static gboolean
check_player (const char  *name,
              const char  *colour,
              GError     **error)
{
  g_autofree char *clean = name != NULL ? g_strstrip (g_strdup (name)) : NULL;

  if (clean == NULL || *clean == '\0')
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT,
                   _("A player needs a name (at most 200 characters)."));
      return FALSE;
    }
  if (!tk_text_check_in (TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT, TK_TEXT_NAME,
                         _("player’s name"), clean, error))
    return FALSE;
  if (colour != NULL)
    {
      gboolean ok = strlen (colour) == 7 && colour[0] == '#';
      for (guint i = 1; ok && i < 7; i++)
        ok = g_ascii_isxdigit (colour[i]);
      if (!ok)
        {
          g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_CONSTRAINT,
                       _("“%s” is not a colour like #e01b24."), colour);
          return FALSE;
        }
    }
  return TRUE;
}

GListModel *
tk_players_list (TkStore   *store,
                 gboolean   include_hidden,
                 GError   **error)
{
  g_autoptr(GListStore) list = g_list_store_new (TK_TYPE_PLAYER);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT id, name, colour, hidden FROM players"
                                  " WHERE hidden = 0 OR ?1 ORDER BY name COLLATE NOCASE, id",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int (stmt, 1, include_hidden ? 1 : 0);
  while ((rc = tk_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      g_autoptr(TkPlayer) player = player_from_row (stmt);
      g_list_store_append (list, player);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    return NULL;
  return G_LIST_MODEL (g_steal_pointer (&list));
}

TkPlayer *
tk_players_get (TkStore  *store,
                gint64    id,
                GError  **error)
{
  sqlite3_stmt *stmt;
  TkPlayer *player = NULL;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  stmt = tk_store_prepare (store, "SELECT id, name, colour, hidden FROM players WHERE id = ?1",
                           error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    player = player_from_row (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("There is no player number %" PRId64 "."), id);
  return player;
}

TkPlayer *
tk_players_add (TkStore     *store,
                const char  *name,
                const char  *colour,
                GError     **error)
{
  g_autofree char *clean = NULL;
  sqlite3_stmt *stmt;
  gint64 id;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  if (!check_player (name, colour, error))
    return NULL;
  clean = g_strstrip (g_strdup (name));
  /* A transaction of its own (or the caller's): the player and its operation are written
   * together (tk-sync-log.h). */
  if (!tk_store_begin (store, error))
    return NULL;
  stmt = tk_store_prepare (store, "INSERT INTO players (name, colour) VALUES (?1, ?2)", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, colour, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  id = tk_store_last_insert_id (store);
  if (!tk_store_commit (store, error))
    return NULL;
  return tk_players_get (store, id, error);

fail:
  tk_store_rollback (store);
  return NULL;
}

TkPlayer *
tk_players_find_or_add (TkStore     *store,
                        const char  *name,
                        const char  *colour,
                        GError     **error)
{
  g_autofree char *clean = NULL;
  sqlite3_stmt *stmt;
  gint64 id = 0;
  int rc;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  if (!check_player (name, colour, error))
    return NULL;
  clean = g_strstrip (g_strdup (name));
  stmt = tk_store_prepare (store, "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE"
                                  " ORDER BY hidden, id LIMIT 1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_STATIC);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return NULL;
  if (id == 0)
    return tk_players_add (store, clean, colour, error);
  if (!tk_store_begin (store, error))
    return NULL;
  stmt = tk_store_prepare (store, "UPDATE players SET hidden = 0 WHERE id = ?1", error);
  if (stmt == NULL)
    {
      tk_store_rollback (store);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, id);
  if (!tk_store_step_done (store, stmt, error))
    {
      tk_store_rollback (store);
      return NULL;
    }
  if (!tk_store_commit (store, error))
    return NULL;
  return tk_players_get (store, id, error);
}

gboolean
tk_players_update (TkStore     *store,
                   gint64       id,
                   const char  *name,
                   const char  *colour,
                   gboolean     hidden,
                   GError     **error)
{
  g_autofree char *clean = NULL;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (!check_player (name, colour, error))
    return FALSE;
  clean = g_strstrip (g_strdup (name));
  if (!tk_store_begin (store, error))
    return FALSE;
  stmt = tk_store_prepare (store, "UPDATE players SET name = ?2, colour = ?3, hidden = ?4"
                                  " WHERE id = ?1", error);
  if (stmt == NULL)
    goto fail;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, colour, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 4, hidden ? 1 : 0);
  if (!tk_store_step_done (store, stmt, error))
    goto fail;
  if (sqlite3_changes (tk_store_get_db (store)) == 0)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("There is no player number %" PRId64 "."), id);
      goto fail;
    }
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}

static char *
player_uid (TkStore  *store,
            gint64    id,
            GError  **error)
{
  sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT uid FROM players WHERE id = ?1", error);
  char *uid = NULL;
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = tk_store_step (store, stmt, error);
  if (rc == SQLITE_ROW)
    uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  if (rc == SQLITE_DONE)
    g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                 _("There is no player number %" PRId64 "."), id);
  return uid;
}

gboolean
tk_players_merge (TkStore  *store,
                  gint64    from_id,
                  gint64    into_id,
                  GError  **error)
{
  static const char *const steps[] = {
    "UPDATE play_players SET player_id = ?2 WHERE player_id = ?1",
    /* The roster's "me" and what an import made follow the player. */
    "UPDATE settings SET value = CAST (?2 AS TEXT) WHERE value = CAST (?1 AS TEXT)"
    " AND key = 'history-import.me'",
    "UPDATE OR IGNORE history_import_objects SET object_id = ?2 WHERE object_id = ?1"
    " AND kind IN ('player', 'me')",
    "DELETE FROM players WHERE id = ?1",
  };
  g_autofree char *from_uid = NULL;
  g_autofree char *into_uid = NULL;

  g_return_val_if_fail (TK_IS_STORE (store), FALSE);

  if (from_id == into_id)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("A player cannot be merged into itself."));
      return FALSE;
    }
  if (!tk_store_begin (store, error))
    return FALSE;
  from_uid = player_uid (store, from_id, error);
  into_uid = from_uid != NULL ? player_uid (store, into_id, error) : NULL;
  if (into_uid == NULL || !tk_sync_log_alias (store, "player", from_uid, into_uid, error))
    goto fail;
  /* The username is unique: free it on the player that goes before the other takes it. */
  {
    sqlite3_stmt *stmt = tk_store_prepare (store, "SELECT bgg_username FROM players"
                                                  " WHERE id = ?1", error);
    g_autofree char *username = NULL;

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, from_id);
    if (tk_store_step (store, stmt, error) == SQLITE_ROW &&
        sqlite3_column_type (stmt, 0) == SQLITE_TEXT)
      username = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_reset (stmt);
    stmt = tk_store_prepare (store, "UPDATE players SET bgg_username = NULL WHERE id = ?1",
                             error);
    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, from_id);
    if (!tk_store_step_done (store, stmt, error))
      goto fail;
    stmt = tk_store_prepare (store, "UPDATE players SET bgg_username = ?2 WHERE id = ?1"
                                    " AND bgg_username IS NULL", error);
    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, into_id);
    sqlite3_bind_text (stmt, 2, username, -1, SQLITE_STATIC);
    if (username != NULL && !tk_store_step_done (store, stmt, error))
      goto fail;
  }
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      sqlite3_stmt *stmt;

      stmt = tk_store_prepare (store, steps[i], error);
      if (stmt == NULL)
        goto fail;
      sqlite3_bind_int64 (stmt, 1, from_id);
      sqlite3_bind_int64 (stmt, 2, into_id);
      if (!tk_store_step_done (store, stmt, error))
        goto fail;
    }
  return tk_store_commit (store, error);

fail:
  tk_store_rollback (store);
  return FALSE;
}
