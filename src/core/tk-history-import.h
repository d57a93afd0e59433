/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import.h — plays brought from BG Stats and BoardGameGeek.
 *
 * Three steps, so that the user sees what will happen before anything is written:
 * add one or more files (read and checked whole, into compact records: nothing is written);
 * prepare against a library (which plays it already holds, which games and roster players
 * the plays name, the summary); then write, all in one transaction, or nothing.  An import
 * is remembered with what it created, so tk_history_import_undo() takes it all away again.
 * The mapping and the choices are in docs/formats.md, "Plays from BG Stats and BGG".
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_HISTORY_IMPORT_ERROR (tk_history_import_error_quark ())

typedef enum
{
  TK_HISTORY_IMPORT_ERROR_INVALID,   /* the file breaks its format (the message says where) */
  TK_HISTORY_IMPORT_ERROR_FORMAT,    /* not a file of a format this reads */
  TK_HISTORY_IMPORT_ERROR_NOT_FOUND, /* no such import to undo */
} TkHistoryImportError;

typedef enum
{
  TK_HISTORY_FORMAT_AUTO,
  TK_HISTORY_FORMAT_BGSTATS,   /* a BG Stats export (.json) or one shared play (.bgsplay) */
  TK_HISTORY_FORMAT_BGG_XML,   /* a saved page of BGG's XML API2 "plays" */
} TkHistoryFormat;

/* What an import will do (after prepare) or did (after write). */
typedef struct
{
  guint  n_records;       /* play records read (a BGG record may stand for several plays) */
  guint  n_plays;         /* plays they stand for */
  guint  n_new;           /* plays to write */
  guint  n_known;         /* already in the library (imported before): skipped */
  guint  n_repeated;      /* the same play twice in the files read: kept once */
  guint  n_deleted;       /* plays BG Stats lists as deleted: not imported */
  guint  n_incomplete;    /* of the new plays: incomplete (no winner counted) */
  guint  n_no_win_stats;  /* of the new plays: BGG's "don't count win stats" */
  guint  n_games;         /* games the new plays name */
  guint  n_new_games;     /* of which not in the library yet */
  guint  n_people;        /* players of the new plays who join the roster or are in it */
  guint  n_new_people;    /* of which new to the roster */
  guint  n_missing;       /* plays BGG's "total" says exist but no page read holds */
  guint  n_clashes;       /* new plays with two players of one name (told apart as "Ben (2)") */
  char   first_date[11];  /* YYYY-MM-DD of the new plays, "" when none */
  char   last_date[11];
} TkHistorySummary;

/* A person the files name (once, however many plays and files name them). */
typedef struct
{
  const char *name;         /* as the file writes it */
  const char *username;     /* BGG username or NULL */
  gboolean    me;           /* the owner of the file: BG Stats' device owner, BGG's user */
  gboolean    not_a_person; /* BG Stats' anonymous player, a BGG co-op foe: not in the roster */
  guint       n_plays;      /* new plays with this person */
  gint64      roster_id;    /* the roster player they will be, 0 when a new one */
  const char *roster_name;  /* that player's name (the new name for a new one) */
} TkHistoryPerson;

/* Called now and then while writing, in the writing thread. */
typedef void (*TkHistoryProgressFunc) (guint    done,
                                       guint    total,
                                       gpointer data);

#define TK_TYPE_HISTORY_IMPORT (tk_history_import_get_type ())
G_DECLARE_FINAL_TYPE (TkHistoryImport, tk_history_import, TK, HISTORY_IMPORT, GObject)

GQuark                  tk_history_import_error_quark (void);

TkHistoryImport        *tk_history_import_new          (void);
/* Which format @text is in (AUTO when neither). */
TkHistoryFormat         tk_history_import_detect       (const char        *text,
                                                        gsize              length);
/* Whether History can read @text at all: a BG Stats export, a BoardGameGeek plays page or a
 * Tablekeeper plays file (a UTF-8 BOM before it is fine).  Otherwise FALSE with a
 * TK_HISTORY_IMPORT_ERROR_FORMAT that says what the file is when it can tell (empty, a
 * BoardGameGeek collection) and which files are read. */
gboolean                tk_history_import_check_kind   (const char        *text,
                                                        gsize              length,
                                                        GError           **error);
/* Reads a whole file; a refusal names the line (XML) or the play (BG Stats) and adds
 * nothing.  Several BGG pages, or several exports, may be added to one import. */
gboolean                tk_history_import_add_file     (TkHistoryImport   *self,
                                                        const char        *text,
                                                        gsize              length,
                                                        TkHistoryFormat    format,
                                                        GError           **error);
/* Matches the records to @store (read only) and fills the summary and the people. */
gboolean                tk_history_import_prepare      (TkHistoryImport   *self,
                                                        TkStore           *store,
                                                        GError           **error);
const TkHistorySummary *tk_history_import_get_summary  (TkHistoryImport   *self);
guint                   tk_history_import_get_n_people (TkHistoryImport   *self);
const TkHistoryPerson  *tk_history_import_get_person   (TkHistoryImport   *self,
                                                        guint              index);
/* Before writing: @index joins roster player @roster_id, or (@roster_id 0) becomes a new
 * roster player called @name (NULL keeps the name). */
gboolean                tk_history_import_set_person   (TkHistoryImport   *self,
                                                        guint              index,
                                                        gint64             roster_id,
                                                        const char        *name,
                                                        GError           **error);
/* Before writing: @index counts as a person of the roster or not (a co-op foe the files
 * logged as a player, BG Stats' anonymous player); then prepare again. */
void                    tk_history_import_set_not_a_person (TkHistoryImport *self,
                                                            guint            index,
                                                            gboolean         not_a_person);
/* Whether the files made @index not a person (whatever the user chose since). */
gboolean                tk_history_import_was_not_a_person (TkHistoryImport *self,
                                                            guint            index);
/* Writes the new plays in one transaction (nested in the caller's if any); @import_id is
 * what tk_history_import_undo() takes.  @progress (may be NULL) is called now and then
 * with the plays written so far, in the writing thread. */
gboolean                tk_history_import_write        (TkHistoryImport   *self,
                                                        TkStore           *store,
                                                        TkHistoryProgressFunc progress,
                                                        gpointer           progress_data,
                                                        gint64            *import_id,
                                                        GError           **error);
/* Removes import @import_id: its plays, and the games, roster players and collection marks
 * it made (those that nothing written since uses). */
gboolean                tk_history_import_undo         (TkStore           *store,
                                                        gint64             import_id,
                                                        GError           **error);
/* An import recorded in the library, for the list of imports (History → Imports). */
typedef struct
{
  gint64  id;           /* what tk_history_import_undo() takes */
  char   *source;       /* "bgstats" or "bgg-xml" */
  gint64  imported_at;  /* seconds since the epoch */
  guint   n_plays;      /* its plays still in the history */
} TkHistoryImportRecord;

/* The imports of @store, newest first (a GArray of TkHistoryImportRecord, freed whole). */
GArray                 *tk_history_imports_list        (TkStore           *store,
                                                        GError           **error);

/* The preview as lines of text, for the CLI and the record ("41 plays of 12 games …"). */
char                   *tk_history_summary_describe    (const TkHistorySummary *summary);
/* The games the new plays name, after prepare: "Agora, Carcassonne and Hanabi", the first
 * @max of them by name and how many more ("… and 12 more"); "" when none. */
char                   *tk_history_import_describe_games (TkHistoryImport *self,
                                                          guint            max);

G_END_DECLS
