/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-schema.c — the library schema, one step per version.
 *
 * Steps are only ever appended: a released step is never edited, because files out there
 * already went through it.  Each step runs in its own transaction together with the
 * user_version bump, so a crash mid-upgrade leaves the previous version intact.
 */
#define G_LOG_DOMAIN "tk-store"

#include "config.h"

#include "tk-store-schema.h"

/* A UUIDv7 made in SQL (tk-uid.h makes them in C), for rows that get their uid from a trigger
 * whoever inserts them: this app, an older CLI's statement, a test's own SQL.  Every piece has
 * its own random call: a scalar subquery would be computed once for a whole UPDATE. */
#define MS_HEX "printf ('%012x', CAST ((julianday ('now') - 2440587.5) * 86400000.0 AS INTEGER))"
#define UUID7_SQL                                                                   \
  "(substr (" MS_HEX ", 1, 8) || '-' || substr (" MS_HEX ", 9, 4)"                   \
  " || '-7' || substr (lower (hex (randomblob (2))), 2)"                             \
  " || '-' || substr ('89ab', 1 + abs (random ()) % 4, 1)"                           \
  " || substr (lower (hex (randomblob (2))), 2) || '-' || lower (hex (randomblob (6))))"
/* A game's uid from where it came from (tk_uid_for_game()), else a UUIDv7. */
#define GAME_UID_SQL(row)                                                           \
  "CASE WHEN " row ".bgg_id IS NOT NULL THEN 'bgg:' || " row ".bgg_id"               \
  " WHEN " row ".catalog_key IS NOT NULL THEN 'cat:' || " row ".catalog_key"         \
  " ELSE " UUID7_SQL " END"
/* Marks the entities @src selects (as u) for tk_sync_log_flush(), which turns what changed
 * into operations.  NOT EXISTS rather than OR IGNORE: the conflict rule of the statement that
 * fires a trigger overrides the trigger's own (an upsert's would abort it). */
#define MARK(type, src)                                                              \
  "INSERT INTO sync_dirty (type, uid) SELECT '" type "', m.u FROM (" src ") m"         \
  " WHERE m.u IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sync_dirty d"                 \
  " WHERE d.type = '" type "' AND d.uid = m.u)"

static const TkStoreMigration migrations[] = {
  { 1,
    /* Version 1: games with their facts and tags, the user's collection, the player roster
     * and free-form settings. */
    "CREATE TABLE settings ("
    "  key    TEXT PRIMARY KEY NOT NULL,"
    "  value  TEXT NOT NULL"
    ");"
    "CREATE TABLE games ("
    "  id            INTEGER PRIMARY KEY,"
    "  title         TEXT NOT NULL CHECK (length (title) > 0),"
    "  title_ja      TEXT,"
    "  year          INTEGER,"
    "  min_players   INTEGER CHECK (min_players IS NULL OR min_players >= 1),"
    "  max_players   INTEGER CHECK (max_players IS NULL OR min_players IS NULL"
    "                               OR max_players >= min_players),"
    "  best_players  TEXT,"
    "  min_time      INTEGER CHECK (min_time IS NULL OR min_time > 0),"
    "  max_time      INTEGER CHECK (max_time IS NULL OR min_time IS NULL"
    "                               OR max_time >= min_time),"
    "  min_age       INTEGER,"
    "  weight        REAL,"
    "  bgg_id        INTEGER UNIQUE,"
    "  source        TEXT NOT NULL DEFAULT 'own'"
    "                CHECK (source IN ('catalog', 'own', 'import')),"
    "  rating_avg    REAL,"
    "  rating_count  INTEGER,"
    "  notes         TEXT,"
    "  cover_path    TEXT,"
    "  created_at    INTEGER NOT NULL DEFAULT (unixepoch ()),"
    "  updated_at    INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "CREATE INDEX games_title ON games (title COLLATE NOCASE);"
    "CREATE INDEX games_players ON games (min_players, max_players);"
    "CREATE INDEX games_time ON games (max_time);"
    "CREATE TABLE game_tags ("
    "  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  kind     TEXT NOT NULL CHECK (kind IN ('designer', 'mechanic', 'category')),"
    "  name     TEXT NOT NULL,"
    "  PRIMARY KEY (game_id, kind, name)"
    ") WITHOUT ROWID;"
    "CREATE INDEX game_tags_name ON game_tags (kind, name);"
    "CREATE TABLE collection ("
    "  game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
    "  owned           INTEGER NOT NULL DEFAULT 0 CHECK (owned IN (0, 1)),"
    "  want_to_play    INTEGER NOT NULL DEFAULT 0 CHECK (want_to_play IN (0, 1)),"
    "  played          INTEGER NOT NULL DEFAULT 0 CHECK (played IN (0, 1)),"
    "  favourite       INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),"
    "  not_interested  INTEGER NOT NULL DEFAULT 0 CHECK (not_interested IN (0, 1)),"
    "  rating          INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 10),"
    "  comment         TEXT,"
    "  acquired_on     TEXT,"
    "  price_paid      REAL,"
    "  updated_at      INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "CREATE TABLE players ("
    "  id          INTEGER PRIMARY KEY,"
    "  name        TEXT NOT NULL CHECK (length (name) > 0),"
    "  colour      TEXT,"
    "  hidden      INTEGER NOT NULL DEFAULT 0,"
    "  created_at  INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
  },
  { 2,
    /* Version 2: table sessions (a setup plus an append-only ledger of actions) and the
     * play history they finish into. */
    "CREATE TABLE sessions ("
    "  id           INTEGER PRIMARY KEY,"
    "  game_id      INTEGER REFERENCES games (id) ON DELETE SET NULL,"
    "  rules_id     TEXT NOT NULL,"
    "  setup        TEXT NOT NULL,"
    "  status       TEXT NOT NULL DEFAULT 'open'"
    "               CHECK (status IN ('open', 'finished', 'abandoned')),"
    "  started_at   INTEGER NOT NULL DEFAULT (unixepoch ()),"
    "  finished_at  INTEGER,"
    "  elapsed_ms   INTEGER NOT NULL DEFAULT 0,"
    "  running_since INTEGER,"
    "  notes        TEXT"
    ");"
    "CREATE INDEX sessions_status ON sessions (status);"
    "CREATE TABLE session_actions ("
    "  session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
    "  seq         INTEGER NOT NULL,"
    "  created_at  INTEGER NOT NULL DEFAULT (unixepoch ()),"
    "  action      TEXT NOT NULL,"
    "  undone      INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),"
    "  PRIMARY KEY (session_id, seq)"
    ") WITHOUT ROWID;"
    "CREATE TABLE plays ("
    "  id           INTEGER PRIMARY KEY,"
    "  game_id      INTEGER REFERENCES games (id) ON DELETE SET NULL,"
    "  game_title   TEXT NOT NULL,"
    "  played_on    TEXT NOT NULL,"
    "  duration_min INTEGER CHECK (duration_min IS NULL OR duration_min >= 0),"
    "  location     TEXT,"
    "  expansions   TEXT,"
    "  notes        TEXT,"
    "  session_id   INTEGER REFERENCES sessions (id) ON DELETE SET NULL,"
    "  created_at   INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "CREATE INDEX plays_date ON plays (played_on);"
    "CREATE INDEX plays_game ON plays (game_id, played_on);"
    "CREATE TABLE play_players ("
    "  play_id     INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,"
    "  seat        INTEGER NOT NULL,"
    "  player_id   INTEGER REFERENCES players (id) ON DELETE SET NULL,"
    "  name        TEXT NOT NULL,"
    "  colour      TEXT,"
    "  score       REAL,"
    "  rank        INTEGER,"
    "  winner      INTEGER NOT NULL DEFAULT 0,"
    "  first_play  INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY (play_id, seat)"
    ");"
    "CREATE INDEX play_players_player ON play_players (player_id);"
  },
  { 3,
    /* Version 3: the collection.  Catalog rows get a stable key (catalog upgrades match
     * them by it) and BGG's rank; collection rows keep BGG's play count and the BGG CSV
     * columns Tablekeeper has no field for (so an export gives them back); friends' lists;
     * indexes for the collection page's filters and sorts. */
    "ALTER TABLE games ADD COLUMN catalog_key TEXT;"
    "ALTER TABLE games ADD COLUMN bgg_rank INTEGER;"
    "CREATE UNIQUE INDEX games_catalog_key ON games (catalog_key);"
    "CREATE INDEX games_year ON games (year);"
    "CREATE INDEX games_weight ON games (weight);"
    "CREATE INDEX games_title_ja ON games (title_ja);"
    "ALTER TABLE collection ADD COLUMN bgg_plays INTEGER NOT NULL DEFAULT 0"
    "  CHECK (bgg_plays >= 0);"
    "ALTER TABLE collection ADD COLUMN bgg_extra TEXT;"
    "CREATE INDEX collection_owned ON collection (owned) WHERE owned = 1;"
    "CREATE INDEX collection_rating ON collection (rating);"
    "CREATE TABLE friend_lists ("
    "  id           INTEGER PRIMARY KEY,"
    "  name         TEXT NOT NULL UNIQUE CHECK (length (name) > 0),"
    "  imported_at  INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "CREATE TABLE friend_games ("
    "  list_id       INTEGER NOT NULL REFERENCES friend_lists (id) ON DELETE CASCADE,"
    "  seq           INTEGER NOT NULL,"
    "  bgg_id        INTEGER,"
    "  title         TEXT NOT NULL,"
    "  game_id       INTEGER REFERENCES games (id) ON DELETE SET NULL,"
    "  owned         INTEGER NOT NULL DEFAULT 0 CHECK (owned IN (0, 1)),"
    "  want_to_play  INTEGER NOT NULL DEFAULT 0 CHECK (want_to_play IN (0, 1)),"
    "  played        INTEGER NOT NULL DEFAULT 0 CHECK (played IN (0, 1)),"
    "  favourite     INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),"
    "  rating        INTEGER,"
    "  PRIMARY KEY (list_id, seq)"
    ");"
    "CREATE INDEX friend_games_game ON friend_games (game_id);"
  },
  { 4,
    /* Version 4: a title for sessions of games outside the catalogue, and indexes for the
     * play statistics (per player, head-to-head, per session). */
    "ALTER TABLE sessions ADD COLUMN title TEXT;"
    "DROP INDEX play_players_player;"
    "CREATE INDEX play_players_player ON play_players (player_id, play_id, rank, winner, score);"
    "CREATE INDEX plays_session ON plays (session_id);"
    "CREATE INDEX play_players_play ON play_players (play_id, player_id, rank, winner);"
  },
  { 5,
    /* Version 5: when a game was marked "not interested" (Discover).  The mark itself stays
     * the collection's not_interested column; this table only remembers since when, kept
     * in step by triggers whatever writes the collection.  An entry rewritten by INSERT OR
     * REPLACE keeps its first time: REPLACE fires no delete trigger, and the insert trigger
     * checks for the row instead of using OR IGNORE (the outer OR REPLACE would override
     * it). */
    "CREATE TABLE not_interested ("
    "  game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
    "  marked_at  INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "INSERT INTO not_interested (game_id, marked_at)"
    "  SELECT game_id, updated_at FROM collection WHERE not_interested = 1;"
    "CREATE TRIGGER collection_not_interested_insert AFTER INSERT ON collection BEGIN"
    "  INSERT INTO not_interested (game_id) SELECT NEW.game_id WHERE NEW.not_interested = 1"
    "    AND NOT EXISTS (SELECT 1 FROM not_interested WHERE game_id = NEW.game_id);"
    "  DELETE FROM not_interested WHERE game_id = NEW.game_id AND NEW.not_interested = 0;"
    "END;"
    "CREATE TRIGGER collection_not_interested_update AFTER UPDATE OF not_interested"
    "  ON collection BEGIN"
    "  INSERT INTO not_interested (game_id) SELECT NEW.game_id WHERE NEW.not_interested = 1"
    "    AND NOT EXISTS (SELECT 1 FROM not_interested WHERE game_id = NEW.game_id);"
    "  DELETE FROM not_interested WHERE game_id = NEW.game_id AND NEW.not_interested = 0;"
    "END;"
    "CREATE TRIGGER collection_not_interested_delete AFTER DELETE ON collection BEGIN"
    "  DELETE FROM not_interested WHERE game_id = OLD.game_id;"
    "END;"
  },
  { 6,
    /* Version 6: the file says it is a Tablekeeper library (PRAGMA application_id, "TKLB",
     * TK_STORE_APPLICATION_ID), so that another program's database is never taken for one.
     * Like user_version it lives in the header and changes with the transaction. */
    "PRAGMA application_id = 1414220866;"
  },
  { 7,
    /* Version 7: plays brought from BG Stats and BoardGameGeek (tk-history-import.c).
     * history_imports is one import (for its Undo); play_imports keys each play by its
     * place of origin ("bgstats:<uuid>", "bgg:<play id>", "bgg:<play id>#2" for the second
     * play of a BGG record of quantity 2), so importing the same or an overlapping file
     * again adds nothing; history_import_objects lists what the import created or changed
     * besides plays.  A play keeps BGG's incomplete / no-win-stats flags; a seat keeps what
     * the file said that Tablekeeper had no field for (the score as typed, a role or BGG
     * colour, a team, the start player); a roster player keeps a BGG username. */
    "CREATE TABLE history_imports ("
    "  id           INTEGER PRIMARY KEY,"
    "  source       TEXT NOT NULL CHECK (source IN ('bgstats', 'bgg-xml')),"
    "  imported_at  INTEGER NOT NULL DEFAULT (unixepoch ())"
    ");"
    "CREATE TABLE play_imports ("
    "  key        TEXT PRIMARY KEY NOT NULL,"
    "  play_id    INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,"
    "  import_id  INTEGER NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE"
    ") WITHOUT ROWID;"
    "CREATE INDEX play_imports_play ON play_imports (play_id);"
    "CREATE INDEX play_imports_import ON play_imports (import_id);"
    "CREATE TABLE history_import_objects ("
    "  import_id  INTEGER NOT NULL REFERENCES history_imports (id) ON DELETE CASCADE,"
    "  kind       TEXT NOT NULL CHECK (kind IN ('player', 'game', 'collection-new',"
    "                                           'collection-played', 'me')),"
    "  object_id  INTEGER NOT NULL,"
    "  PRIMARY KEY (import_id, kind, object_id)"
    ") WITHOUT ROWID;"
    "ALTER TABLE plays ADD COLUMN incomplete INTEGER NOT NULL DEFAULT 0"
    "  CHECK (incomplete IN (0, 1));"
    "ALTER TABLE plays ADD COLUMN no_win_stats INTEGER NOT NULL DEFAULT 0"
    "  CHECK (no_win_stats IN (0, 1));"
    "ALTER TABLE play_players ADD COLUMN score_text TEXT;"
    "ALTER TABLE play_players ADD COLUMN role TEXT;"
    "ALTER TABLE play_players ADD COLUMN team TEXT;"
    "ALTER TABLE play_players ADD COLUMN start_player INTEGER NOT NULL DEFAULT 0"
    "  CHECK (start_player IN (0, 1));"
    "ALTER TABLE players ADD COLUMN bgg_username TEXT;"
    "CREATE UNIQUE INDEX players_bgg_username ON players (bgg_username COLLATE NOCASE)"
    "  WHERE bgg_username IS NOT NULL;"
  },
  { 8,
    /* Version 8: the turn clock's times of a session finished at the table, one row per
     * player's turn (milliseconds), so that statistics take medians without folding
     * sessions again.  Keyed by the session rather than by its play: deleting the play and
     * undoing that gives a new play id, and editing a play rewrites play_players; the
     * session, and so the times, stay. */
    "CREATE TABLE session_turns ("
    "  session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,"
    "  seat        INTEGER NOT NULL CHECK (seat >= 0),"
    "  turn        INTEGER NOT NULL CHECK (turn >= 1),"
    "  ms          INTEGER NOT NULL CHECK (ms >= 0),"
    "  PRIMARY KEY (session_id, seat, turn)"
    ") WITHOUT ROWID;"
  },
  { 9,
    /* Version 9: collection.bgg_extra's compact form may hold a common text as its number
     * (tk_bgg_csv_common: "0", "thing", BGG's language-dependence levels…), 12 % of what a
     * first BGG import writes.  Entries written before stay as they are (texts are still
     * read); the step is here so that an older Tablekeeper, which would read those numbers
     * as empty columns and lose them on export, refuses the library instead. */
    "-- nothing to rewrite"
  },
  { 10,
    /* Version 10: version 5's insert trigger runs its body only when it has something to
     * do: the entry is marked not interested, or the table has a row for its game (an
     * entry rewritten by INSERT OR REPLACE without the mark, whose row the body deletes).
     * Otherwise both of its statements change nothing, yet cost a tenth of a first BGG
     * import's CPU time (100,000 entries, none of them marked). */
    "DROP TRIGGER collection_not_interested_insert;"
    "CREATE TRIGGER collection_not_interested_insert AFTER INSERT ON collection"
    "  WHEN NEW.not_interested = 1"
    "    OR EXISTS (SELECT 1 FROM not_interested WHERE game_id = NEW.game_id) BEGIN"
    "  INSERT INTO not_interested (game_id) SELECT NEW.game_id WHERE NEW.not_interested = 1"
    "    AND NOT EXISTS (SELECT 1 FROM not_interested WHERE game_id = NEW.game_id);"
    "  DELETE FROM not_interested WHERE game_id = NEW.game_id AND NEW.not_interested = 0;"
    "END;"
  },
  { 11,
    /* Version 11: sync (docs/formats.md "Sync").  The library and this install get random
     * uids; every synced row gets a uid that is the same on every device: derived from its
     * origin for catalog and BGG games ("bgg:ID", "cat:KEY"), imported plays (their first
     * import key), players imported with a BGG username ("bgguser:NAME") and friends' lists
     * ("friend:NAME"), else a UUIDv7.  Triggers give new rows
     * theirs, whoever inserts them, and list each changed entity in sync_dirty; the store
     * turns those into operations (sync_ops) before the same transaction commits.  Every row
     * there before this step is listed too, so the library's content becomes operations
     * (the first commit after the upgrade writes them).  Catalog games are not synced (every
     * device has the catalog); their collection entries are.  sync_fields keeps, per entity
     * and field, the winning value and the operation that set it; sync_losers what lost. */
    "CREATE TABLE sync_identity ("
    "  id           INTEGER PRIMARY KEY CHECK (id = 1),"
    "  library_uid  TEXT NOT NULL,"
    "  device_uid   TEXT NOT NULL,"
    "  device_name  TEXT,"
    "  hlc          INTEGER NOT NULL DEFAULT 0,"
    "  written_seq  INTEGER NOT NULL DEFAULT 0"
    ");"
    "INSERT INTO sync_identity (id, library_uid, device_uid)"
    "  VALUES (1, lower (hex (randomblob (16))), lower (hex (randomblob (16))));"
    "CREATE TABLE sync_ops ("
    "  seq         INTEGER PRIMARY KEY,"
    "  op_uid      TEXT UNIQUE NOT NULL,"
    "  hlc         INTEGER NOT NULL,"
    "  device_uid  TEXT NOT NULL,"
    "  kind        TEXT NOT NULL,"
    "  type        TEXT NOT NULL,"
    "  entity      TEXT NOT NULL,"
    "  body        TEXT NOT NULL,"
    "  device_seq  INTEGER NOT NULL"
    ");"
    /* Not unique: two installs of one library file (a copy, a restored backup) may both have
     * written a number under the same device uid before they noticed; op_uid tells them
     * apart and both are kept. */
    "CREATE INDEX sync_ops_device ON sync_ops (device_uid, device_seq);"
    /* Each file of the sync folder read (or found unreadable) as it was then: read again
     * only when its size or time changes. */
    "CREATE TABLE sync_files ("
    "  device     TEXT NOT NULL,"
    "  name       TEXT NOT NULL,"
    "  size       INTEGER NOT NULL,"
    "  mtime_us   INTEGER NOT NULL,"
    "  ok         INTEGER NOT NULL CHECK (ok IN (0, 1)),"
    "  reason     TEXT,"
    "  PRIMARY KEY (device, name)"
    ") WITHOUT ROWID;"
    "CREATE TABLE sync_fields ("
    "  type        TEXT NOT NULL,"
    "  entity      TEXT NOT NULL,"
    "  field       TEXT NOT NULL,"
    "  value       TEXT NOT NULL,"
    "  hlc         INTEGER NOT NULL,"
    "  device_uid  TEXT NOT NULL,"
    "  op_uid      TEXT NOT NULL,"
    "  prev        TEXT,"
    "  PRIMARY KEY (type, entity, field)"
    ") WITHOUT ROWID;"
    "CREATE TABLE sync_losers ("
    "  op_uid      TEXT NOT NULL,"
    "  field       TEXT NOT NULL,"
    "  type        TEXT NOT NULL,"
    "  entity      TEXT NOT NULL,"
    "  value       TEXT NOT NULL,"
    "  hlc         INTEGER NOT NULL,"
    "  device_uid  TEXT NOT NULL,"
    "  prev        TEXT,"
    "  PRIMARY KEY (op_uid, field)"
    ") WITHOUT ROWID;"
    "CREATE INDEX sync_losers_entity ON sync_losers (type, entity, field);"
    "CREATE TABLE sync_dirty ("
    "  type  TEXT NOT NULL,"
    "  uid   TEXT NOT NULL,"
    "  PRIMARY KEY (type, uid)"
    ") WITHOUT ROWID;"
    "CREATE TABLE sync_waiting ("
    "  type  TEXT NOT NULL,"
    "  uid   TEXT NOT NULL,"
    "  PRIMARY KEY (type, uid)"
    ") WITHOUT ROWID;"
    /* The losers worth offering back ("Changed on another device"): not a value the winner's
     * device knowingly replaced (an ancestor along the prev chain), not the winner's value. */
    "CREATE VIEW sync_kept AS WITH RECURSIVE anc (type, entity, field, op) AS ("
    "  SELECT type, entity, field, prev FROM sync_fields WHERE prev IS NOT NULL"
    "  UNION SELECT l.type, l.entity, l.field, l.prev FROM anc a JOIN sync_losers l"
    "    ON l.op_uid = a.op AND l.field = a.field WHERE l.prev IS NOT NULL)"
    "  SELECT l.type, l.entity, l.field, l.value, l.hlc, l.device_uid, l.op_uid"
    "  FROM sync_losers l JOIN sync_fields f ON f.type = l.type AND f.entity = l.entity"
    "    AND f.field = l.field"
    "  WHERE l.value <> f.value AND NOT EXISTS (SELECT 1 FROM anc a WHERE a.type = l.type"
    "    AND a.entity = l.entity AND a.field = l.field AND a.op = l.op_uid);"
    "ALTER TABLE games ADD COLUMN uid TEXT;"
    "ALTER TABLE players ADD COLUMN uid TEXT;"
    "ALTER TABLE plays ADD COLUMN uid TEXT;"
    "ALTER TABLE sessions ADD COLUMN uid TEXT;"
    "ALTER TABLE friend_lists ADD COLUMN uid TEXT;"
    "UPDATE games SET uid = " GAME_UID_SQL ("games") ";"
    "UPDATE players SET uid = CASE WHEN bgg_username IS NOT NULL"
    "  THEN 'bgguser:' || lower (bgg_username) ELSE " UUID7_SQL " END;"
    "UPDATE plays SET uid = coalesce ((SELECT key FROM play_imports WHERE play_id = plays.id"
    "  ORDER BY key LIKE 'bgstats:%' DESC, key LIMIT 1), " UUID7_SQL ");"
    "UPDATE sessions SET uid = " UUID7_SQL ";"
    "UPDATE friend_lists SET uid = 'friend:' || name;"
    "CREATE UNIQUE INDEX games_uid ON games (uid);"
    "CREATE UNIQUE INDEX players_uid ON players (uid);"
    "CREATE UNIQUE INDEX plays_uid ON plays (uid);"
    "CREATE UNIQUE INDEX sessions_uid ON sessions (uid);"
    "CREATE UNIQUE INDEX friend_lists_uid ON friend_lists (uid);"
    /* New rows: a uid at insert, unless the writer brought one (an Undo, the fold). */
    "CREATE TRIGGER games_uid AFTER INSERT ON games WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE games SET uid = " GAME_UID_SQL ("NEW") " WHERE id = NEW.id;"
    "END;"
    "CREATE TRIGGER players_uid AFTER INSERT ON players WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE players SET uid = CASE WHEN NEW.bgg_username IS NOT NULL AND NOT EXISTS"
    "    (SELECT 1 FROM players WHERE uid = 'bgguser:' || lower (NEW.bgg_username))"
    "    THEN 'bgguser:' || lower (NEW.bgg_username) ELSE " UUID7_SQL " END WHERE id = NEW.id;"
    "END;"
    "CREATE TRIGGER plays_uid AFTER INSERT ON plays WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE plays SET uid = " UUID7_SQL " WHERE id = NEW.id;"
    "END;"
    "CREATE TRIGGER sessions_uid AFTER INSERT ON sessions WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE sessions SET uid = " UUID7_SQL " WHERE id = NEW.id;"
    "END;"
    "CREATE TRIGGER friend_lists_uid AFTER INSERT ON friend_lists WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE friend_lists SET uid = 'friend:' || NEW.name WHERE id = NEW.id;"
    "END;"
    /* An imported play is known by its first import key on every device that imports the
     * same file (the key is written right after the play, in the same transaction). */
    "CREATE TRIGGER plays_uid_import AFTER INSERT ON play_imports BEGIN"
    "  UPDATE plays SET uid = NEW.key WHERE id = NEW.play_id AND instr (uid, ':') = 0"
    "    AND NOT EXISTS (SELECT 1 FROM plays WHERE uid = NEW.key);"
    "END;"
    /* What changed, for the operations. */
    "CREATE TRIGGER games_sync_insert AFTER INSERT ON games"
    "  WHEN NEW.uid IS NOT NULL AND NEW.source <> 'catalog' BEGIN "
    MARK ("game", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER games_sync_update AFTER UPDATE ON games"
    "  WHEN NEW.uid IS NOT NULL AND NEW.source <> 'catalog' BEGIN "
    MARK ("game", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER games_sync_delete AFTER DELETE ON games"
    "  WHEN OLD.uid IS NOT NULL AND OLD.source <> 'catalog' BEGIN "
    MARK ("game", "SELECT OLD.uid AS u") "; END;"
    "CREATE TRIGGER game_tags_sync_insert AFTER INSERT ON game_tags BEGIN "
    MARK ("game", "SELECT uid AS u FROM games WHERE id = NEW.game_id"
                   " AND source <> 'catalog'") "; END;"
    "CREATE TRIGGER game_tags_sync_delete AFTER DELETE ON game_tags BEGIN "
    MARK ("game", "SELECT uid AS u FROM games WHERE id = OLD.game_id"
                   " AND source <> 'catalog'") "; END;"
    "CREATE TRIGGER collection_sync_insert AFTER INSERT ON collection BEGIN "
    MARK ("entry", "SELECT uid AS u FROM games WHERE id = NEW.game_id") "; END;"
    "CREATE TRIGGER collection_sync_update AFTER UPDATE ON collection BEGIN "
    MARK ("entry", "SELECT uid AS u FROM games WHERE id = NEW.game_id") "; END;"
    "CREATE TRIGGER collection_sync_delete AFTER DELETE ON collection BEGIN "
    MARK ("entry", "SELECT uid AS u FROM games WHERE id = OLD.game_id") "; END;"
    "CREATE TRIGGER players_sync_insert AFTER INSERT ON players"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("player", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER players_sync_update AFTER UPDATE ON players"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("player", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER players_sync_delete AFTER DELETE ON players"
    "  WHEN OLD.uid IS NOT NULL BEGIN " MARK ("player", "SELECT OLD.uid AS u") "; END;"
    "CREATE TRIGGER plays_sync_insert AFTER INSERT ON plays"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("play", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER plays_sync_update AFTER UPDATE ON plays"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("play", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER plays_sync_delete AFTER DELETE ON plays"
    "  WHEN OLD.uid IS NOT NULL BEGIN " MARK ("play", "SELECT OLD.uid AS u") "; END;"
    "CREATE TRIGGER play_players_sync_insert AFTER INSERT ON play_players BEGIN "
    MARK ("play", "SELECT uid AS u FROM plays WHERE id = NEW.play_id") "; END;"
    "CREATE TRIGGER play_players_sync_update AFTER UPDATE ON play_players BEGIN "
    MARK ("play", "SELECT uid AS u FROM plays WHERE id = NEW.play_id") "; END;"
    "CREATE TRIGGER play_players_sync_delete AFTER DELETE ON play_players BEGIN "
    MARK ("play", "SELECT uid AS u FROM plays WHERE id = OLD.play_id") "; END;"
    "CREATE TRIGGER friend_lists_sync_insert AFTER INSERT ON friend_lists"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("friends", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER friend_lists_sync_update AFTER UPDATE ON friend_lists"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("friends", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER friend_lists_sync_delete AFTER DELETE ON friend_lists"
    "  WHEN OLD.uid IS NOT NULL BEGIN " MARK ("friends", "SELECT OLD.uid AS u") "; END;"
    "CREATE TRIGGER friend_games_sync_insert AFTER INSERT ON friend_games BEGIN "
    MARK ("friends", "SELECT uid AS u FROM friend_lists WHERE id = NEW.list_id") "; END;"
    "CREATE TRIGGER friend_games_sync_update AFTER UPDATE ON friend_games BEGIN "
    MARK ("friends", "SELECT uid AS u FROM friend_lists WHERE id = NEW.list_id") "; END;"
    "CREATE TRIGGER friend_games_sync_delete AFTER DELETE ON friend_games BEGIN "
    MARK ("friends", "SELECT uid AS u FROM friend_lists WHERE id = OLD.list_id") "; END;"
    /* What the library held before this step becomes operations at the next commit. */
    MARK ("game", "SELECT uid AS u FROM games WHERE source <> 'catalog'") ";"
    MARK ("entry", "SELECT g.uid AS u FROM collection c JOIN games g ON g.id = c.game_id") ";"
    MARK ("player", "SELECT uid AS u FROM players") ";"
    MARK ("play", "SELECT uid AS u FROM plays") ";"
    MARK ("friends", "SELECT uid AS u FROM friend_lists") ";"
  },
  { 12,
    /* Version 12: sessions sync (docs/formats.md "Sync: sessions").  A session's ledger
     * becomes a tree: every action gets a uid and its parent's uid, and the session says
     * which action is its head (NULL: before the first).  Undo and Redo move the head; a
     * new action after an Undo is a child of the head, so the undone actions stay, as a
     * branch.  An existing ledger becomes a chain in seq order and its head the last
     * action that was not undone, so its undone tail is still there to Redo.  The
     * undone column is no longer read or written (0).
     *
     * The fold keeps every ledger operation: sync_ledger the tree (one row per action),
     * sync_heads every head written (an action appended moves the head too), each with
     * the heads its writer replaced, so that two heads neither of which replaced the
     * other (a session continued on two devices while apart) are both known.  A session's
     * own fields (game, setup, status, notes, the game timer, the turn times of its play)
     * are registers like any other entity's; plays name the session they finished. */
    "ALTER TABLE session_actions ADD COLUMN uid TEXT;"
    "ALTER TABLE session_actions ADD COLUMN parent TEXT;"
    "ALTER TABLE sessions ADD COLUMN head TEXT;"
    "UPDATE session_actions SET uid = " UUID7_SQL ";"
    "UPDATE session_actions SET parent = (SELECT p.uid FROM session_actions p"
    "  WHERE p.session_id = session_actions.session_id AND p.seq < session_actions.seq"
    "  ORDER BY p.seq DESC LIMIT 1);"
    "UPDATE sessions SET head = (SELECT a.uid FROM session_actions a"
    "  WHERE a.session_id = sessions.id AND a.undone = 0 ORDER BY a.seq DESC LIMIT 1);"
    "UPDATE session_actions SET undone = 0 WHERE undone <> 0;"
    "CREATE UNIQUE INDEX session_actions_uid ON session_actions (uid);"
    "CREATE TRIGGER session_actions_uid AFTER INSERT ON session_actions"
    "  WHEN NEW.uid IS NULL BEGIN"
    "  UPDATE session_actions SET uid = " UUID7_SQL
    "    WHERE session_id = NEW.session_id AND seq = NEW.seq;"
    "END;"
    "CREATE TABLE sync_ledger ("
    "  session     TEXT NOT NULL,"
    "  action      TEXT NOT NULL,"
    "  parent      TEXT,"
    "  at          INTEGER NOT NULL,"
    "  data        TEXT NOT NULL,"
    "  hlc         INTEGER NOT NULL,"
    "  device_uid  TEXT NOT NULL,"
    "  op_uid      TEXT NOT NULL,"
    "  PRIMARY KEY (session, action)"
    ") WITHOUT ROWID;"
    "CREATE TABLE sync_heads ("
    "  session     TEXT NOT NULL,"
    "  op_uid      TEXT NOT NULL,"
    "  action      TEXT,"
    "  prev        TEXT NOT NULL DEFAULT '[]',"
    "  name        TEXT,"
    "  hlc         INTEGER NOT NULL,"
    "  device_uid  TEXT NOT NULL,"
    "  PRIMARY KEY (session, op_uid)"
    ") WITHOUT ROWID;"
    /* Operations of this kind a format 11 library received and folded as plain fields (it
     * knew no better): out of the registers, into the tree. */
    "DELETE FROM sync_fields WHERE type = 'session' AND op_uid IN (SELECT op_uid FROM sync_ops"
    "  WHERE kind LIKE 'ledger.%');"
    "DELETE FROM sync_losers WHERE type = 'session' AND op_uid IN (SELECT op_uid FROM sync_ops"
    "  WHERE kind LIKE 'ledger.%');"
    "INSERT OR IGNORE INTO sync_ledger (session, action, parent, at, data, hlc, device_uid,"
    "  op_uid) SELECT entity, json_extract (body, '$.fields.action'),"
    "  json_extract (body, '$.fields.parent'), coalesce (json_extract (body, '$.fields.at'), 0),"
    "  coalesce (json_extract (body, '$.fields.data'), '{}'), hlc, device_uid, op_uid"
    "  FROM sync_ops WHERE kind = 'ledger.append' AND type = 'session'"
    "  AND json_type (body, '$.fields.action') = 'text' ORDER BY hlc, device_uid, op_uid;"
    "INSERT OR IGNORE INTO sync_heads (session, op_uid, action, prev, name, hlc, device_uid)"
    "  SELECT entity, op_uid, json_extract (body, '$.fields.action'),"
    "  coalesce (json_extract (body, '$.fields.prev'), '[]'),"
    "  json_extract (body, '$.fields.name'), hlc, device_uid"
    "  FROM sync_ops WHERE kind IN ('ledger.append', 'ledger.head') AND type = 'session';"
    "INSERT OR IGNORE INTO sync_waiting (type, uid)"
    "  SELECT DISTINCT 'session', entity FROM sync_fields WHERE type = 'session'"
    "  UNION SELECT DISTINCT 'session', session FROM sync_heads;"
    /* The game timer is one register, [elapsed_ms, running_since]: it changes every time
     * the timer is paused on any device, and a value it lost is no edit to offer back. */
    "DROP VIEW sync_kept;"
    "CREATE VIEW sync_kept AS WITH RECURSIVE anc (type, entity, field, op) AS ("
    "  SELECT type, entity, field, prev FROM sync_fields WHERE prev IS NOT NULL"
    "  UNION SELECT l.type, l.entity, l.field, l.prev FROM anc a JOIN sync_losers l"
    "    ON l.op_uid = a.op AND l.field = a.field WHERE l.prev IS NOT NULL)"
    "  SELECT l.type, l.entity, l.field, l.value, l.hlc, l.device_uid, l.op_uid"
    "  FROM sync_losers l JOIN sync_fields f ON f.type = l.type AND f.entity = l.entity"
    "    AND f.field = l.field"
    "  WHERE l.value <> f.value AND NOT (l.type = 'session' AND l.field IN ('timer', 'turns'))"
    "  AND NOT EXISTS (SELECT 1 FROM anc a WHERE a.type = l.type"
    "    AND a.entity = l.entity AND a.field = l.field AND a.op = l.op_uid);"
    /* What changed, for the operations. */
    "CREATE TRIGGER sessions_sync_insert AFTER INSERT ON sessions"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("session", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER sessions_sync_update AFTER UPDATE ON sessions"
    "  WHEN NEW.uid IS NOT NULL BEGIN " MARK ("session", "SELECT NEW.uid AS u") "; END;"
    "CREATE TRIGGER sessions_sync_delete AFTER DELETE ON sessions"
    "  WHEN OLD.uid IS NOT NULL BEGIN " MARK ("session", "SELECT OLD.uid AS u") "; END;"
    "CREATE TRIGGER session_actions_sync_insert AFTER INSERT ON session_actions BEGIN "
    MARK ("session", "SELECT uid AS u FROM sessions WHERE id = NEW.session_id") "; END;"
    "CREATE TRIGGER session_turns_sync_insert AFTER INSERT ON session_turns BEGIN "
    MARK ("session", "SELECT uid AS u FROM sessions WHERE id = NEW.session_id") "; END;"
    "CREATE TRIGGER session_turns_sync_delete AFTER DELETE ON session_turns BEGIN "
    MARK ("session", "SELECT uid AS u FROM sessions WHERE id = OLD.session_id") "; END;"
    /* A play now names its session: the plays of sessions are written again. */
    MARK ("session", "SELECT uid AS u FROM sessions") ";"
    MARK ("play", "SELECT uid AS u FROM plays WHERE session_id IS NOT NULL") ";"
  },
};

const TkStoreMigration *
tk_store_schema_migrations (guint *n_migrations)
{
  *n_migrations = G_N_ELEMENTS (migrations);
  return migrations;
}
