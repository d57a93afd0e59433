/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play.c — one play of the history, and its JSON form. */
#define G_LOG_DOMAIN "tk-plays"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-display-title.h"
#include "tk-play.h"
#include "tk-text.h"

#define MAX_PLAYERS 100

struct _TkPlay
{
  GObject  parent_instance;

  gint64   id;
  gint64   game_id;
  char    *game_title;
  char    *catalog_title;     /* the game's titles when game_title names it, else NULL */
  char    *catalog_title_ja;
  char    *played_on;
  int      duration_min;
  char    *location;
  char    *expansions;
  char    *notes;
  gint64   session_id;
  GArray  *players;     /* of TkPlayPlayer */
  char    *origin;      /* "bgstats", "bgg" for an imported play, else NULL */
  gboolean incomplete;
  gboolean no_win_stats;
  char    *uid;         /* the same on every device (tk-sync-log.h); NULL until stored */
};

G_DEFINE_FINAL_TYPE (TkPlay, tk_play, G_TYPE_OBJECT)

G_DEFINE_QUARK (tk-play-error-quark, tk_play_error)

static void
clear_player (gpointer data)
{
  TkPlayPlayer *player = data;

  g_free (player->name);
  g_free (player->colour);
  g_free (player->score_text);
  g_free (player->role);
  g_free (player->team);
}

static void
tk_play_finalize (GObject *object)
{
  TkPlay *self = TK_PLAY (object);

  g_free (self->game_title);
  g_free (self->catalog_title);
  g_free (self->catalog_title_ja);
  g_free (self->played_on);
  g_free (self->location);
  g_free (self->expansions);
  g_free (self->notes);
  g_free (self->origin);
  g_free (self->uid);
  g_array_unref (self->players);
  G_OBJECT_CLASS (tk_play_parent_class)->finalize (object);
}

static void
tk_play_class_init (TkPlayClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_play_finalize;
}

static void
tk_play_init (TkPlay *self)
{
  self->duration_min = -1;
  self->players = g_array_new (FALSE, TRUE, sizeof (TkPlayPlayer));
  g_array_set_clear_func (self->players, clear_player);
}

TkPlay *
tk_play_new (void)
{
  return g_object_new (TK_TYPE_PLAY, NULL);
}

/* ---- accessors ---- */

#define STRING_ACCESSORS(field)                                         \
  const char *                                                          \
  tk_play_get_##field (TkPlay *self)                                    \
  {                                                                     \
    g_return_val_if_fail (TK_IS_PLAY (self), NULL);                     \
    return self->field;                                                 \
  }                                                                     \
  void                                                                  \
  tk_play_set_##field (TkPlay *self, const char *value)                 \
  {                                                                     \
    g_return_if_fail (TK_IS_PLAY (self));                               \
    g_free (self->field);                                               \
    self->field = g_strdup (value);                                     \
  }

STRING_ACCESSORS (game_title)
STRING_ACCESSORS (played_on)
STRING_ACCESSORS (location)
STRING_ACCESSORS (expansions)
STRING_ACCESSORS (notes)

void
tk_play_set_catalog_titles (TkPlay     *self,
                            const char *title,
                            const char *title_ja)
{
  g_return_if_fail (TK_IS_PLAY (self));
  g_free (self->catalog_title);
  g_free (self->catalog_title_ja);
  self->catalog_title = g_strdup (title);
  self->catalog_title_ja = g_strdup (title_ja);
}

const char *
tk_play_get_display_title (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), NULL);
  if (self->catalog_title == NULL)
    return self->game_title;
  return tk_display_title (self->catalog_title, self->catalog_title_ja);
}

gint64 tk_play_get_id (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), 0);
  return self->id;
}

void tk_play_set_id (TkPlay *self, gint64 id)
{
  g_return_if_fail (TK_IS_PLAY (self));
  self->id = id;
}

gint64 tk_play_get_game_id (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), 0);
  return self->game_id;
}

void tk_play_set_game_id (TkPlay *self, gint64 game_id)
{
  g_return_if_fail (TK_IS_PLAY (self));
  self->game_id = game_id;
}

int tk_play_get_duration_min (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), -1);
  return self->duration_min;
}

void tk_play_set_duration_min (TkPlay *self, int minutes)
{
  g_return_if_fail (TK_IS_PLAY (self));
  self->duration_min = minutes < 0 ? -1 : minutes;
}

gint64 tk_play_get_session_id (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), 0);
  return self->session_id;
}

void tk_play_set_session_id (TkPlay *self, gint64 session_id)
{
  g_return_if_fail (TK_IS_PLAY (self));
  self->session_id = session_id;
}

guint
tk_play_get_n_players (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), 0);
  return self->players->len;
}

const TkPlayPlayer *
tk_play_get_player (TkPlay *self,
                    guint   index)
{
  g_return_val_if_fail (TK_IS_PLAY (self), NULL);
  g_return_val_if_fail (index < self->players->len, NULL);
  return &g_array_index (self->players, TkPlayPlayer, index);
}

void
tk_play_add_player (TkPlay             *self,
                    const TkPlayPlayer *player)
{
  TkPlayPlayer copy;

  g_return_if_fail (TK_IS_PLAY (self));
  g_return_if_fail (player != NULL);

  copy = *player;
  copy.name = g_strdup (player->name);
  copy.colour = g_strdup (player->colour);
  copy.score_text = g_strdup (player->score_text);
  copy.role = g_strdup (player->role);
  copy.team = g_strdup (player->team);
  g_array_append_val (self->players, copy);
}

void
tk_play_clear_players (TkPlay *self)
{
  g_return_if_fail (TK_IS_PLAY (self));
  g_array_set_size (self->players, 0);
}

char *
tk_play_dup_winners (TkPlay *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (TK_IS_PLAY (self), NULL);

  for (guint i = 0; i < self->players->len; i++)
    {
      TkPlayPlayer *player = &g_array_index (self->players, TkPlayPlayer, i);

      if (!player->winner)
        continue;
      if (text->len > 0)
        g_string_append (text, _(", "));
      g_string_append (text, player->name);
    }
  return g_string_free (text, FALSE);
}

/* ---- validation ---- */

static gboolean
is_date (const char *text)
{
  guint y, m, d;

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return FALSE;
  y = atoi (text);
  m = atoi (text + 5);
  d = atoi (text + 8);
  return y >= 1 && g_date_valid_dmy (d, m, y);
}

static gboolean
is_colour (const char *text)
{
  if (text == NULL || strlen (text) != 7 || text[0] != '#')
    return FALSE;
  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

static gboolean
check_text (TkTextKind   kind,
            const char  *field,
            const char  *text,
            GError     **error)
{
  return tk_text_check_in (TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, kind, field, text, error);
}

gboolean
tk_play_validate (TkPlay  *self,
                  GError **error)
{
  g_return_val_if_fail (TK_IS_PLAY (self), FALSE);

  if (self->game_title == NULL || *self->game_title == '\0')
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID, _("The play has no game title."));
      return FALSE;
    }
  if (!check_text (TK_TEXT_TITLE, _("game title"), self->game_title, error))
    return FALSE;
  if (!is_date (self->played_on))
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("The date of the play is not a date like 2026-03-14."));
      return FALSE;
    }
  if (!check_text (TK_TEXT_LINE, _("location"), self->location, error) ||
      !check_text (TK_TEXT_LINE, _("expansions"), self->expansions, error) ||
      !check_text (TK_TEXT_NOTES, _("notes"), self->notes, error))
    return FALSE;
  if (self->players->len > MAX_PLAYERS)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("A play has at most %d players."), MAX_PLAYERS);
      return FALSE;
    }
  for (guint i = 0; i < self->players->len; i++)
    {
      TkPlayPlayer *player = &g_array_index (self->players, TkPlayPlayer, i);

      if (player->name == NULL || *player->name == '\0')
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("Player %u of the play has no name."), i + 1);
          return FALSE;
        }
      if (!check_text (TK_TEXT_NAME, _("player’s name"), player->name, error) ||
          !check_text (TK_TEXT_LINE, _("score as typed"), player->score_text, error) ||
          !check_text (TK_TEXT_LINE, _("role"), player->role, error) ||
          !check_text (TK_TEXT_NAME, _("team"), player->team, error))
        {
          g_prefix_error (error, _("Player %u: "), i + 1);
          return FALSE;
        }
      if (player->colour != NULL && !is_colour (player->colour))
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("The colour of %s is not a colour like #e01b24."), player->name);
          return FALSE;
        }
      if (player->has_score && (!isfinite (player->score) || fabs (player->score) > 1e9))
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("The score of %s is out of range."), player->name);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_array_index (self->players, TkPlayPlayer, j).seat == player->seat)
          {
            g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                         _("Two players of the play sit in seat %u."), player->seat + 1);
            return FALSE;
          }
    }
  return TRUE;
}

/* ---- JSON ---- */

JsonObject *
tk_play_to_json (TkPlay *self)
{
  JsonObject *object = json_object_new ();
  JsonArray *players = json_array_new ();

  g_return_val_if_fail (TK_IS_PLAY (self), NULL);

  if (self->id > 0)
    json_object_set_int_member (object, "id", self->id);
  json_object_set_string_member (object, "game_title", self->game_title);
  if (self->game_id > 0)
    json_object_set_int_member (object, "game_id", self->game_id);
  json_object_set_string_member (object, "played_on", self->played_on);
  if (self->duration_min >= 0)
    json_object_set_int_member (object, "duration_min", self->duration_min);
  if (self->location != NULL)
    json_object_set_string_member (object, "location", self->location);
  if (self->expansions != NULL)
    json_object_set_string_member (object, "expansions", self->expansions);
  if (self->notes != NULL)
    json_object_set_string_member (object, "notes", self->notes);
  for (guint i = 0; i < self->players->len; i++)
    {
      TkPlayPlayer *player = &g_array_index (self->players, TkPlayPlayer, i);
      JsonObject *p = json_object_new ();

      json_object_set_int_member (p, "seat", player->seat);
      json_object_set_string_member (p, "name", player->name);
      if (player->colour != NULL)
        json_object_set_string_member (p, "colour", player->colour);
      if (player->has_score)
        {
          if (player->score == floor (player->score))
            json_object_set_int_member (p, "score", (gint64) player->score);
          else
            json_object_set_double_member (p, "score", player->score);
        }
      if (player->rank > 0)
        json_object_set_int_member (p, "rank", player->rank);
      json_object_set_boolean_member (p, "winner", player->winner);
      json_object_set_boolean_member (p, "first_play", player->first_play);
      if (player->score_text != NULL)
        json_object_set_string_member (p, "score_text", player->score_text);
      if (player->role != NULL)
        json_object_set_string_member (p, "role", player->role);
      if (player->team != NULL)
        json_object_set_string_member (p, "team", player->team);
      if (player->start_player)
        json_object_set_boolean_member (p, "start_player", TRUE);
      json_array_add_object_element (players, p);
    }
  json_object_set_array_member (object, "players", players);
  return object;
}

typedef enum { KIND_STRING, KIND_INT, KIND_NUMBER, KIND_BOOL } Kind;

/* Looks up an optional member of the given kind; FALSE with @error when it has another. */
static gboolean
get_member (JsonObject  *object,
            const char  *name,
            Kind         kind,
            JsonNode   **out,
            GError     **error)
{
  JsonNode *node;
  GType type;
  gboolean ok;

  *out = NULL;
  if (!json_object_has_member (object, name))
    return TRUE;
  node = json_object_get_member (object, name);
  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  switch (kind)
    {
    case KIND_STRING: ok = type == G_TYPE_STRING; break;
    case KIND_INT:    ok = type == G_TYPE_INT64; break;
    case KIND_NUMBER: ok = type == G_TYPE_INT64 || type == G_TYPE_DOUBLE; break;
    case KIND_BOOL:   ok = type == G_TYPE_BOOLEAN; break;
    default:          ok = FALSE;
    }
  if (!ok)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("The member “%s” of a play has the wrong kind of value."), name);
      return FALSE;
    }
  *out = node;
  return TRUE;
}

/* An optional string member of a seat, borrowed from @object (NULL when left out). */
static gboolean
get_string (JsonObject  *object,
            const char  *name,
            char       **out,
            GError     **error)
{
  JsonNode *node;

  if (!get_member (object, name, KIND_STRING, &node, error))
    return FALSE;
  *out = node != NULL ? (char *) json_node_get_string (node) : NULL;
  return TRUE;
}

TkPlay *
tk_play_new_from_json (JsonObject  *object,
                       GError     **error)
{
  g_autoptr(TkPlay) self = tk_play_new ();
  JsonNode *node;
  JsonArray *players;

  g_return_val_if_fail (object != NULL, NULL);

  if (!get_member (object, "game_title", KIND_STRING, &node, error))
    return NULL;
  self->game_title = node != NULL ? g_strdup (json_node_get_string (node)) : NULL;
  if (!get_member (object, "game_id", KIND_INT, &node, error))
    return NULL;
  self->game_id = node != NULL ? MAX (json_node_get_int (node), 0) : 0;
  if (!get_member (object, "played_on", KIND_STRING, &node, error))
    return NULL;
  self->played_on = node != NULL ? g_strdup (json_node_get_string (node)) : NULL;
  if (!get_member (object, "duration_min", KIND_INT, &node, error))
    return NULL;
  if (node != NULL)
    {
      gint64 minutes = json_node_get_int (node);
      if (minutes < 0 || minutes > 100000)
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("The duration of a play is out of range."));
          return NULL;
        }
      self->duration_min = (int) minutes;
    }
  if (!get_member (object, "location", KIND_STRING, &node, error))
    return NULL;
  self->location = node != NULL ? g_strdup (json_node_get_string (node)) : NULL;
  if (!get_member (object, "expansions", KIND_STRING, &node, error))
    return NULL;
  self->expansions = node != NULL ? g_strdup (json_node_get_string (node)) : NULL;
  if (!get_member (object, "notes", KIND_STRING, &node, error))
    return NULL;
  self->notes = node != NULL ? g_strdup (json_node_get_string (node)) : NULL;

  node = json_object_has_member (object, "players") ? json_object_get_member (object, "players")
                                                     : NULL;
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("A play has no list of players."));
      return NULL;
    }
  players = json_node_get_array (node);
  if (json_array_get_length (players) > MAX_PLAYERS)
    {
      g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                   _("A play has at most %d players."), MAX_PLAYERS);
      return NULL;
    }
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonNode *element = json_array_get_element (players, i);
      JsonObject *p;
      TkPlayPlayer player = { 0 };
      gint64 value;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("Player %u of a play is not an object."), i + 1);
          return NULL;
        }
      p = json_node_get_object (element);
      if (!get_member (p, "seat", KIND_INT, &node, error))
        return NULL;
      value = node != NULL ? json_node_get_int (node) : i;
      if (value < 0 || value >= MAX_PLAYERS)
        {
          g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                       _("Player %u of a play has an impossible seat."), i + 1);
          return NULL;
        }
      player.seat = (guint) value;
      if (!get_member (p, "name", KIND_STRING, &node, error))
        return NULL;
      player.name = node != NULL ? (char *) json_node_get_string (node) : NULL;
      if (!get_member (p, "colour", KIND_STRING, &node, error))
        return NULL;
      player.colour = node != NULL ? (char *) json_node_get_string (node) : NULL;
      if (!get_member (p, "score", KIND_NUMBER, &node, error))
        return NULL;
      if (node != NULL)
        {
          player.has_score = TRUE;
          player.score = json_node_get_value_type (node) == G_TYPE_INT64
                         ? (double) json_node_get_int (node) : json_node_get_double (node);
        }
      if (!get_member (p, "rank", KIND_INT, &node, error))
        return NULL;
      if (node != NULL)
        {
          value = json_node_get_int (node);
          if (value < 1 || value > MAX_PLAYERS)
            {
              g_set_error (error, TK_PLAY_ERROR, TK_PLAY_ERROR_INVALID,
                           _("Player %u of a play has an impossible rank."), i + 1);
              return NULL;
            }
          player.rank = (guint) value;
        }
      if (!get_member (p, "winner", KIND_BOOL, &node, error))
        return NULL;
      player.winner = node != NULL && json_node_get_boolean (node);
      if (!get_member (p, "first_play", KIND_BOOL, &node, error))
        return NULL;
      player.first_play = node != NULL && json_node_get_boolean (node);
      if (!get_string (p, "score_text", &player.score_text, error) ||
          !get_string (p, "role", &player.role, error) ||
          !get_string (p, "team", &player.team, error))
        return NULL;
      if (!get_member (p, "start_player", KIND_BOOL, &node, error))
        return NULL;
      player.start_player = node != NULL && json_node_get_boolean (node);
      tk_play_add_player (self, &player);
    }

  if (!tk_play_validate (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

void
tk_play_set_origin (TkPlay     *self,
                    const char *origin,
                    gboolean    incomplete,
                    gboolean    no_win_stats)
{
  g_return_if_fail (TK_IS_PLAY (self));
  g_free (self->origin);
  self->origin = g_strdup (origin);
  self->incomplete = incomplete;
  self->no_win_stats = no_win_stats;
}

const char *
tk_play_get_origin (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), NULL);
  return self->origin;
}

gboolean
tk_play_seat_is_person (TkPlay             *self,
                        const TkPlayPlayer *seat)
{
  g_return_val_if_fail (TK_IS_PLAY (self), FALSE);
  g_return_val_if_fail (seat != NULL, FALSE);

  /* An import writes every person of the file into the roster, and what the user or the
   * file said is not a person without a roster id (tk-history-import-write.c). */
  return !(tk_play_get_origin (self) != NULL && seat->player_id == 0);
}

gboolean
tk_play_get_incomplete (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), FALSE);
  return self->incomplete;
}

gboolean
tk_play_get_no_win_stats (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), FALSE);
  return self->no_win_stats;
}

const char *
tk_play_get_uid (TkPlay *self)
{
  g_return_val_if_fail (TK_IS_PLAY (self), NULL);
  return self->uid;
}

void
tk_play_set_uid (TkPlay     *self,
                 const char *uid)
{
  g_return_if_fail (TK_IS_PLAY (self));
  g_free (self->uid);
  self->uid = g_strdup (uid);
}
