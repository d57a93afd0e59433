/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-text.h — the one check for every text that enters the library.
 *
 * Whatever the source (a dialog, the CLI, a collection or plays file, a BGG CSV, a session
 * file or an action), a text is stored only when it is valid UTF-8, holds no NUL and no
 * control character but tab and (in multi-line fields) a line break, LF or CR LF, and is no
 * longer than its field allows.  The limits are stated in docs/formats.md ("Text").
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_TEXT_ERROR (tk_text_error_quark ())

typedef enum
{
  TK_TEXT_ERROR_INVALID,
} TkTextError;

/* The kinds of field; each has a length limit and says whether it may hold line breaks. */
typedef enum
{
  TK_TEXT_TITLE,      /* a game's title or Japanese title, a session's or a play's game */
  TK_TEXT_NAME,       /* a player's, a team's or a friend's name */
  TK_TEXT_TAG,        /* a designer, mechanic or category; best player counts */
  TK_TEXT_LINE,       /* a play's location or expansions, a reason, a card's name */
  TK_TEXT_COMMENT,    /* a collection comment (multi-line) */
  TK_TEXT_NOTES,      /* notes of a game, a play or a session (multi-line) */
  TK_TEXT_OTHER,      /* any other text of a file: BGG-only columns, engine texts (multi-line) */
  TK_TEXT_N_KINDS
} TkTextKind;

GQuark      tk_text_error_quark        (void);

/* The largest number of characters a field of @kind holds. */
guint       tk_text_max_chars          (TkTextKind   kind);
/* Whether a field of @kind may hold newlines. */
gboolean    tk_text_is_multiline       (TkTextKind   kind);

/* Checks @text (NULL passes) for a field of @kind; @field names it in the message
 * (translated, lower case: "title", "comment").  @text must be NUL-terminated. */
gboolean    tk_text_check              (TkTextKind   kind,
                                        const char  *field,
                                        const char  *text,
                                        GError     **error);

/* tk_text_check() with the refusal in the caller's error @domain and @code. */
gboolean    tk_text_check_in           (GQuark       domain,
                                        int          code,
                                        TkTextKind   kind,
                                        const char  *field,
                                        const char  *text,
                                        GError     **error);

/* As tk_text_check() for @length bytes that may hold a NUL (a CSV field, a file). */
gboolean    tk_text_check_len          (TkTextKind   kind,
                                        const char  *field,
                                        const char  *text,
                                        gsize        length,
                                        GError     **error);

/* As tk_text_check_len() for @length bytes known to be valid UTF-8 without a NUL (a CSV
 * reader validated the whole record): the bytes are not validated again. */
gboolean    tk_text_check_utf8_len     (TkTextKind   kind,
                                        const char  *field,
                                        const char  *text,
                                        gsize        length,
                                        GError     **error);
/* Checks the escapes of a JSON document before it is parsed: json-glib turns "\u0000" into
 * the end of the string (the rest is silently lost) and a lone surrogate ("\ud800") into
 * bytes that are not UTF-8.  Both are refused with the line they are on. */
gboolean    tk_text_check_json_escapes (const char  *json,
                                        gsize        length,
                                        GError     **error);

/* Checks every text of a parsed JSON value (member names too) as TK_TEXT_OTHER: the
 * strings of an engine's setup and actions, which only the engine knows the meaning of.
 * Walks without recursion, so no nesting depth can overflow the stack. */
gboolean    tk_text_check_json_node    (JsonNode    *node,
                                        GError     **error);

/* A copy of @text safe to print on a terminal: control characters (escape sequences among
 * them) become "\x1b"-style escapes, except newline, tab and the CR of a CR LF when
 * @multiline; bytes that are not UTF-8 become U+FFFD. */
char       *tk_text_escape_for_terminal (const char *text,
                                         gboolean    multiline);

G_END_DECLS
