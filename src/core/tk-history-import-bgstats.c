/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-bgstats.c — a BG Stats export (.json) or shared play (.bgsplay) into
 * the import's records.
 *
 * Plays point into the players, games and locations tables by integer ids that hold within
 * one file only; the play's uuid is what stays the same across exports.  iOS and Android
 * write some members with other types (0/1 for booleans, numbers for scores): both are
 * accepted.  Members Tablekeeper does not use (metaData, copies, tags, images) are not
 * read at all, whatever their type.
 */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"
#include "tk-json.h"
#include "tk-json-scan.h"

typedef struct
{
  TkHistoryImport *self;
  GHashTable      *players;    /* id → JsonObject */
  GHashTable      *games;      /* id → JsonObject */
  GHashTable      *locations;  /* id → JsonObject */
  GHashTable      *deleted;    /* uuid → TRUE (plays BG Stats deleted) */
  gint64           me;
  const char      *where;      /* "Play 12 (uuid …)" for messages */
} Reader;

/* A refusal names the play (or table row) being read. */
#define refuse(r, error, ...) tk_history_refuse ((error), (r)->where, 0, __VA_ARGS__)

static JsonNode *
member (JsonObject *object,
        const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && !JSON_NODE_HOLDS_NULL (node) ? node : NULL;
}

/* The type of member @name's value (G_TYPE_NONE when absent or null, G_TYPE_INVALID when
 * an object or list); @node is set to it. */
static GType
member_type (JsonObject  *object,
             const char  *name,
             JsonNode   **node)
{
  *node = member (object, name);
  if (*node == NULL)
    return G_TYPE_NONE;
  return JSON_NODE_HOLDS_VALUE (*node) ? json_node_get_value_type (*node) : G_TYPE_INVALID;
}

static gboolean
get_int (Reader      *r,
         JsonObject  *object,
         const char  *name,
         gint64       fallback,
         gint64      *value,
         GError     **error)
{
  JsonNode *node;
  GType type = member_type (object, name, &node);

  *value = fallback;
  if (type == G_TYPE_NONE)
    return TRUE;
  if (type != G_TYPE_INT64)
    return refuse (r, error, _("“%s” is not a whole number."), name);
  *value = json_node_get_int (node);
  return TRUE;
}

/* true/false, or 0/1 as some exports write them. */
static gboolean
get_bool (Reader      *r,
          JsonObject  *object,
          const char  *name,
          gboolean     fallback,
          gboolean    *value,
          GError     **error)
{
  JsonNode *node;
  GType type = member_type (object, name, &node);

  *value = fallback;
  if (type == G_TYPE_NONE)
    return TRUE;
  if (type == G_TYPE_BOOLEAN)
    *value = json_node_get_boolean (node);
  else if (type == G_TYPE_INT64 && (json_node_get_int (node) & ~1) == 0)
    *value = json_node_get_int (node) == 1;
  else
    return refuse (r, error, _("“%s” is neither true nor false."), name);
  return TRUE;
}

/* A text member (absent: NULL); numbers are taken as the text they write (a score). */
static gboolean
get_text (Reader      *r,
          JsonObject  *object,
          const char  *name,
          TkTextKind   kind,
          char       **value,
          GError     **error)
{
  JsonNode *node;
  GType type = member_type (object, name, &node);

  *value = NULL;
  if (type == G_TYPE_NONE)
    return TRUE;
  if (type == G_TYPE_STRING)
    *value = g_strdup (json_node_get_string (node));
  else if (type == G_TYPE_INT64)
    *value = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      *value = g_strdup (g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
    }
  else
    return refuse (r, error, _("“%s” is not text."), name);
  /* Surrounding blanks are never meant; an empty text is no text. */
  g_strstrip (*value);
  if ((*value)[0] == '\0')
    g_clear_pointer (value, g_free);
  if (!tk_history_check_text (kind, name, *value, r->where != NULL ? r->where : name, error))
    {
      g_clear_pointer (value, g_free);
      return FALSE;
    }
  return TRUE;
}

/* id → object for one of the file's tables. */
static GHashTable *
index_table (Reader      *r,
             JsonObject  *root,
             const char  *name,
             gboolean     required,
             GError     **error)
{
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  JsonNode *node = member (root, name);
  JsonArray *array;

  if (node == NULL && !required)
    return g_steal_pointer (&table);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                   _("This is not a BG Stats export: it has no list of %s."), name);
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("%s %u", name, i + 1);
      gint64 id;

      r->where = where;
      if (!JSON_NODE_HOLDS_OBJECT (element))
        return refuse (r, error, _("This is not an object.")), NULL;
      if (!get_int (r, json_node_get_object (element), "id", -1, &id, error))
        return NULL;
      if (id < 0)
        return refuse (r, error, _("It has no “id”.")), NULL;
      g_hash_table_insert (table, g_memdup2 (&id, sizeof id), json_node_get_object (element));
      r->where = NULL;
    }
  return g_steal_pointer (&table);
}

static JsonObject *
lookup (Reader      *r,
        GHashTable  *table,
        JsonObject  *object,
        const char  *name,
        GError     **error)
{
  gint64 id;
  JsonObject *found;

  if (!get_int (r, object, name, -1, &id, error))
    return NULL;
  found = g_hash_table_lookup (table, &id);
  if (found == NULL)
    refuse (r, error, _("“%s” %" PRId64 " is not in the file."), name, id);
  return found;
}

static gboolean
read_game (Reader      *r,
           JsonObject  *object,
           guint       *index,
           GError     **error)
{
  g_autofree char *name = NULL, *uuid = NULL;
  gint64 bgg_id;
  gboolean highest, coop;
  TkHiGame *game;

  if (!get_text (r, object, "name", TK_TEXT_TITLE, &name, error) ||
      !get_int (r, object, "bggId", 0, &bgg_id, error) ||
      !get_bool (r, object, "highestWins", TRUE, &highest, error) ||
      !get_bool (r, object, "cooperative", FALSE, &coop, error))
    return FALSE;
  if (name == NULL && !get_text (r, object, "bggName", TK_TEXT_TITLE, &name, error))
    return FALSE;
  if (name == NULL)
    return refuse (r, error, _("Its game has no name."));
  *index = tk_history_add_game (r->self, name, bgg_id);
  game = &g_array_index (r->self->games, TkHiGame, *index);
  game->lowest_wins = !highest;
  game->cooperative = coop;
  if (!get_text (r, object, "uuid", TK_TEXT_TAG, &uuid, error))
    return FALSE;
  if (uuid != NULL && game->origin_uid == NULL && game->bgg_id == 0)
    {
      g_autofree char *origin = g_strconcat ("bgstats-game:", uuid, NULL);

      game->origin_uid = tk_history_intern (r->self, origin);
    }
  return TRUE;
}

static gboolean
read_seat (Reader      *r,
           JsonObject  *object,
           gboolean     uses_teams,
           GError     **error)
{
  g_autofree char *name = NULL, *username = NULL, *score = NULL, *role = NULL, *team = NULL;
  g_autofree char *uuid = NULL;
  JsonObject *player = lookup (r, r->players, object, "playerRefId", error);
  TkHiPerson *person;
  gint64 id, rank;
  gboolean anonymous, winner, new_player, start;
  TkHiSeat seat = { 0 };

  if (player == NULL ||
      !get_int (r, player, "id", 0, &id, error) ||
      !get_text (r, player, "name", TK_TEXT_NAME, &name, error) ||
      !get_text (r, player, "bggUsername", TK_TEXT_NAME, &username, error) ||
      !get_bool (r, player, "isAnonymous", FALSE, &anonymous, error) ||
      !get_text (r, player, "uuid", TK_TEXT_TAG, &uuid, error) ||
      !get_text (r, object, "score", TK_TEXT_LINE, &score, error) ||
      !get_bool (r, object, "winner", FALSE, &winner, error) ||
      !get_bool (r, object, "newPlayer", FALSE, &new_player, error) ||
      !get_bool (r, object, "startPlayer", FALSE, &start, error) ||
      !get_int (r, object, "rank", 0, &rank, error) ||
      !get_text (r, object, "role", TK_TEXT_LINE, &role, error) ||
      !get_text (r, object, "team", TK_TEXT_NAME, &team, error))
    return FALSE;
  if (name == NULL)
    return refuse (r, error, _("Player %" PRId64 " has no name."), id);
  seat.person = tk_history_add_person (r->self, name, username, id == r->me, anonymous);
  person = &g_array_index (r->self->people, TkHiPerson, seat.person);
  if (uuid != NULL && person->origin_uid == NULL)
    {
      g_autofree char *origin = g_strconcat ("bgstats-player:", uuid, NULL);

      person->origin_uid = tk_history_intern (r->self, origin);
    }
  if (score != NULL)
    {
      gboolean plain = tk_history_parse_score (score, FALSE, &seat.score);

      seat.has_score = plain || tk_history_parse_score (score, TRUE, &seat.score);
      /* The text as typed is kept unless it is just the number ("40+12", "n/a"). */
      if (!plain)
        seat.score_text = tk_history_intern (r->self, score);
    }
  seat.winner = winner;
  seat.first_play = new_player;
  seat.start = start;
  seat.rank = CLAMP (rank, 0, TK_HISTORY_MAX_SEATS);
  seat.role = tk_history_intern (r->self, role);
  /* "0" is "no team"; a team is kept even when the play does not say it uses teams (the
   * sample export has both). */
  if (team != NULL && (uses_teams || g_strcmp0 (team, "0") != 0))
    seat.team = tk_history_intern (r->self, team);
  g_array_append_val (r->self->seats, seat);
  return TRUE;
}

static gboolean
read_expansions (Reader      *r,
                 JsonObject  *object,
                 TkHiPlay    *play,
                 GError     **error)
{
  JsonNode *node = member (object, "expansionPlays");
  g_autoptr(GString) names = NULL;
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return refuse (r, error, _("“%s” is not a list."), "expansionPlays");
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *game;
      g_autofree char *name = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return refuse (r, error, _("“%s” is not a list."), "expansionPlays");
      game = lookup (r, r->games, json_node_get_object (element), "gameRefId", error);
      if (game == NULL || !get_text (r, game, "name", TK_TEXT_TITLE, &name, error))
        return FALSE;
      if (name == NULL)
        continue;
      if (names == NULL)
        names = g_string_new (name);
      else
        g_string_append_printf (names, ", %s", name);
    }
  if (names == NULL)
    return TRUE;
  /* One line of at most TK_TEXT_LINE's length, cut at a whole name. */
  while (g_utf8_strlen (names->str, -1) > tk_text_max_chars (TK_TEXT_LINE))
    {
      char *comma = g_strrstr (names->str, ", ");

      g_string_truncate (names, comma != NULL ? (gsize) (comma - names->str) : 0);
    }
  play->expansions = tk_history_intern (r->self, names->str);
  return TRUE;
}

static gboolean
read_play (Reader      *r,
           JsonObject  *object,
           guint        number,
           GError     **error)
{
  g_autofree char *uuid = NULL, *date = NULL, *comments = NULL, *board = NULL, *key = NULL;
  g_autofree char *where = NULL;
  JsonObject *game, *location = NULL;
  JsonNode *scores;
  gint64 duration, bgg_play;
  gboolean uses_teams;
  TkHiPlay play = { 0 };
  TkHiGame *g;

  where = g_strdup_printf (_("Play %u"), number);
  r->where = where;
  if (!get_text (r, object, "uuid", TK_TEXT_TAG, &uuid, error))
    return FALSE;
  if (uuid == NULL)
    return refuse (r, error, _("It has no “uuid”."));
  g_free (where);
  where = g_strdup_printf (_("Play %u (%s)"), number, uuid);
  r->where = where;
  if (g_hash_table_contains (r->deleted, uuid))
    return TRUE;
  if (!get_text (r, object, "playDate", TK_TEXT_TAG, &date, error))
    return FALSE;
  /* The date as written: it has no zone, and shifting it could move a late play a day. */
  if (!tk_history_parse_date (date, play.date))
    return refuse (r, error, _("“playDate” is not a date like 2024-05-04 19:30:00."));

  game = lookup (r, r->games, object, "gameRefId", error);
  if (game == NULL || !read_game (r, game, &play.game, error))
    return FALSE;
  g = &g_array_index (r->self->games, TkHiGame, play.game);
  if (member (object, "locationRefId") != NULL)
    {
      gint64 id;

      /* A location deleted on the phone but still named by a play: the play has none. */
      if (!get_int (r, object, "locationRefId", 0, &id, error))
        return FALSE;
      location = g_hash_table_lookup (r->locations, &id);
    }
  if (location != NULL)
    {
      g_autofree char *name = NULL;

      if (!get_text (r, location, "name", TK_TEXT_LINE, &name, error))
        return FALSE;
      play.location = tk_history_intern (r->self, name);
    }
  if (!get_int (r, object, "durationMin", 0, &duration, error) ||
      !get_text (r, object, "comments", TK_TEXT_NOTES, &comments, error) ||
      !get_text (r, object, "board", TK_TEXT_LINE, &board, error) ||
      !get_int (r, object, "bggId", 0, &bgg_play, error) ||
      !get_bool (r, object, "usesTeams", FALSE, &uses_teams, error) ||
      !read_expansions (r, object, &play, error))
    return FALSE;
  play.duration = duration > 0 && duration < 100000 ? (int) duration : -1;
  if (board != NULL)
    {
      /* The variant leads the notes: Tablekeeper's plays have no field of their own for it. */
      g_autofree char *line = g_strdup_printf (_("Variant: %s"), board);
      g_autofree char *notes = comments != NULL ? g_strconcat (line, "\n", comments, NULL)
                                                : g_strdup (line);

      if (!tk_history_check_text (TK_TEXT_NOTES, "comments", notes, where, error))
        return FALSE;
      play.notes = tk_history_intern (r->self, notes);
    }
  else
    play.notes = tk_history_intern (r->self, comments);
  key = g_strconcat ("bgstats:", uuid, NULL);
  play.key = tk_history_intern (r->self, key);
  if (bgg_play > 0)
    {
      g_autofree char *bgg_key = g_strdup_printf ("bgg:%" G_GINT64_FORMAT, bgg_play);

      play.bgg_key = tk_history_intern (r->self, bgg_key);
    }
  play.quantity = 1;
  play.place = number;
  play.first_seat = r->self->seats->len;

  scores = member (object, "playerScores");
  if (scores != NULL && !JSON_NODE_HOLDS_ARRAY (scores))
    return refuse (r, error, _("“%s” is not a list."), "playerScores");
  if (scores != NULL)
    {
      JsonArray *array = json_node_get_array (scores);

      if (json_array_get_length (array) > TK_HISTORY_MAX_SEATS)
        return refuse (r, error, _("A play has at most %d players."), TK_HISTORY_MAX_SEATS);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_OBJECT (element))
            return refuse (r, error, _("“%s” is not a list."), "playerScores");
          if (!read_seat (r, json_node_get_object (element), uses_teams, error))
            return FALSE;
        }
    }
  if (!g->cooperative)
    tk_history_rank_seats (TK_HI_SEATS_FROM (r->self, play.first_seat),
                           r->self->seats->len - play.first_seat, g->lowest_wins);
  tk_history_add_play (r->self, &play);
  return TRUE;
}

static gboolean
read_deleted (Reader      *r,
              JsonObject  *root,
              GError     **error)
{
  JsonNode *node = member (root, "deletedObjects");
  JsonArray *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return refuse (r, error, _("“%s” is not a list."), "deletedObjects");
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *type = NULL, *uuid = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      if (!get_text (r, json_node_get_object (element), "objectType", TK_TEXT_TAG, &type, error) ||
          !get_text (r, json_node_get_object (element), "uuid", TK_TEXT_TAG, &uuid, error))
        return FALSE;
      if (uuid != NULL && g_strcmp0 (type, "Play") == 0 &&
          g_hash_table_add (r->deleted, g_steal_pointer (&uuid)))
        r->self->summary.n_deleted++;
    }
  return TRUE;
}

/* A readable-export refusal with the JSON reader's reason. */
static gboolean
unreadable (GError **error,
            GError  *reason)
{
  g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
               _("The file is not a readable BG Stats export: %s"), reason->message);
  return FALSE;
}

/* The export's small tables (everything but the plays) as one object, each loaded from its
 * span: what index_table () and read_deleted () read. */
static JsonObject *
load_tables (GHashTable  *members,
             GError     **error)
{
  static const char * const names[] = { "players", "games", "locations", "deletedObjects",
                                         "userInfo" };
  g_autoptr(JsonObject) root = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      TkJsonSpan *span = g_hash_table_lookup (members, names[i]);
      g_autoptr(GError) local_error = NULL;
      JsonNode *node;

      if (span == NULL || (span->length == 4 && memcmp (span->start, "null", 4) == 0))
        continue;
      if (span->start[0] != '{' && span->start[0] != '[')
        {
          /* Neither a list nor an object: the readers refuse it by its type. */
          json_object_set_boolean_member (root, names[i], TRUE);
          continue;
        }
      node = tk_json_load (span->start, (gssize) span->length, &local_error);
      if (node == NULL)
        return unreadable (error, local_error), NULL;
      json_object_set_member (root, names[i], node);
    }
  return g_steal_pointer (&root);
}

/* Reads the export a play at a time: the file's text is checked whole, its members found
 * without a tree (tk-json-scan.h), the small tables loaded, and each play loaded, read and
 * let go in turn — a 50 MB export took 775 MiB as one tree. */
gboolean
tk_history_read_bgstats (TkHistoryImport  *self,
                         const char       *text,
                         gsize             length,
                         GError          **error)
{
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) members = NULL;
  g_autoptr(GHashTable) players = NULL, games = NULL, locations = NULL, deleted = NULL;
  Reader r = { self, NULL, NULL, NULL, NULL, -1, NULL };
  TkJsonSpan *plays, element;
  JsonNode *node;
  gsize offset = 0;
  guint n_plays = 0;

  if (!tk_json_check (text, (gssize) length, TRUE, &local_error) ||
      (members = tk_json_scan_members (text, length, &local_error)) == NULL ||
      (root = load_tables (members, &local_error)) == NULL)
    return local_error != NULL ? unreadable (error, local_error) : FALSE;
  plays = g_hash_table_lookup (members, "plays");
  if (plays == NULL || plays->start[0] != '[')
    {
      g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                   _("This is not a BG Stats export: it has no list of %s."), "plays");
      return FALSE;
    }
  while (tk_json_scan_next (plays, &offset, &element, &local_error))
    n_plays++;
  if (local_error != NULL)
    return unreadable (error, local_error);
  if (n_plays > TK_HISTORY_MAX_RECORDS)
    return refuse (&r, error, _("The file holds more than %d plays."), TK_HISTORY_MAX_RECORDS);
  if ((players = index_table (&r, root, "players", TRUE, error)) == NULL ||
      (games = index_table (&r, root, "games", TRUE, error)) == NULL ||
      (locations = index_table (&r, root, "locations", FALSE, error)) == NULL)
    return FALSE;
  r.players = players;
  r.games = games;
  r.locations = locations;
  deleted = r.deleted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!read_deleted (&r, root, error))
    return FALSE;
  node = member (root, "userInfo");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node) &&
      !get_int (&r, json_node_get_object (node), "meRefId", -1, &r.me, error))
    return FALSE;

  offset = 0;
  for (guint i = 0; tk_json_scan_next (plays, &offset, &element, NULL); i++)
    {
      g_autoptr(JsonObject) play = NULL;

      r.where = NULL;
      if (element.start[0] != '{')
        {
          g_autofree char *where = g_strdup_printf (_("Play %u"), i + 1);

          r.where = where;
          return refuse (&r, error, _("This is not an object."));
        }
      play = tk_json_load_object (element.start, (gssize) element.length, &local_error);
      if (play == NULL)
        return unreadable (error, local_error);
      if (!read_play (&r, play, i + 1, error))
        return FALSE;
    }
  return TRUE;
}
