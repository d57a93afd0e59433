/* tk-player.c — the roster of players. */
#define G_LOG_DOMAIN "tk-players"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-player.h"
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

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  if (!check_player (name, colour, error))
    return NULL;
  clean = g_strstrip (g_strdup (name));
  stmt = tk_store_prepare (store, "INSERT INTO players (name, colour) VALUES (?1, ?2)", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_text (stmt, 1, clean, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, colour, -1, SQLITE_STATIC);
  if (!tk_store_step_done (store, stmt, error))
    return NULL;
  return tk_players_get (store, tk_store_last_insert_id (store), error);
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
  stmt = tk_store_prepare (store, "UPDATE players SET hidden = 0 WHERE id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!tk_store_step_done (store, stmt, error))
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
  stmt = tk_store_prepare (store, "UPDATE players SET name = ?2, colour = ?3, hidden = ?4"
                                  " WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  sqlite3_bind_text (stmt, 2, clean, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, colour, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 4, hidden ? 1 : 0);
  if (!tk_store_step_done (store, stmt, error))
    return FALSE;
  if (sqlite3_changes (tk_store_get_db (store)) == 0)
    {
      g_set_error (error, TK_STORE_ERROR, TK_STORE_ERROR_FAILED,
                   _("There is no player number %" PRId64 "."), id);
      return FALSE;
    }
  return TRUE;
}
