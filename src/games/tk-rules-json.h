/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-rules-json.h — how an engine reads its setup and its actions.
 *
 * The text has already passed tk_json_load() (src/core/tk-json.h), so every integer in it is
 * exact; these readers add each field's own type and range.  A whole number must be written as
 * one: 2.5, 1e3 and "3" are refused where an integer is meant.  Absent members and null are
 * the same.  Every refusal is a TK_RULES_ERROR_INVALID whose message names the field, the same
 * words in every game.
 *
 * Two kinds of function: tk_rules_json_get_*() look a member up and never fail (NULL or FALSE
 * when it is absent or of another type); tk_rules_json_read_*() check it and say what is wrong.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* As the fallback of the int readers: the member must be there. */
#define TK_RULES_JSON_REQUIRED G_MININT64

/* ---- look-ups (never fail) ---- */

JsonNode   *tk_rules_json_member        (JsonObject  *object,
                                         const char  *name);
gboolean    tk_rules_json_node_is_int   (JsonNode    *node);
const char *tk_rules_json_node_string   (JsonNode    *node);
gboolean    tk_rules_json_get_int       (JsonObject  *object,
                                         const char  *name,
                                         gint64      *out);
gboolean    tk_rules_json_array_get_int (JsonArray   *array,
                                         guint        index,
                                         gint64      *out);
const char *tk_rules_json_get_string    (JsonObject  *object,
                                         const char  *name);
JsonObject *tk_rules_json_get_object    (JsonObject  *object,
                                         const char  *name);
JsonArray  *tk_rules_json_get_array     (JsonObject  *object,
                                         const char  *name);
/* The action's "type", or NULL. */
const char *tk_rules_json_type          (JsonObject  *action);
/* The action's "type", or NULL with @error set ("The action has no type."): how every
 * engine's apply () begins. */
const char *tk_rules_json_read_type     (JsonObject  *action,
                                         GError     **error);
/* The index of @name in @names, or -1 (also for NULL). */
int         tk_rules_json_lookup        (const char *const *names,
                                         guint        n_names,
                                         const char  *name);

/* ---- typed readers (a message naming the field when they fail) ---- */

/* Sets a TK_RULES_ERROR_INVALID from @format; returns FALSE. */
gboolean    tk_rules_json_invalid       (GError     **error,
                                         const char  *format,
                                         ...) G_GNUC_PRINTF (2, 3);

/* A whole number in [@min, @max]; @fallback when absent, unless @fallback < @min (for
 * instance TK_RULES_JSON_REQUIRED), which makes the member required. */
gboolean    tk_rules_json_read_int      (JsonObject  *object,
                                         const char  *name,
                                         gint64       min,
                                         gint64       max,
                                         gint64       fallback,
                                         gint64      *out,
                                         GError     **error);
/* The same into an int. */
gboolean    tk_rules_json_read_int32    (JsonObject  *object,
                                         const char  *name,
                                         int          min,
                                         int          max,
                                         int          fallback,
                                         int         *out,
                                         GError     **error);
/* A seat of a game of @n_players: a required whole number from 0 to @n_players - 1. */
gboolean    tk_rules_json_read_seat     (JsonObject  *object,
                                         const char  *name,
                                         guint        n_players,
                                         guint       *out,
                                         GError     **error);
/* true or false; @fallback when absent. */
gboolean    tk_rules_json_read_bool     (JsonObject  *object,
                                         const char  *name,
                                         gboolean     fallback,
                                         gboolean    *out,
                                         GError     **error);
/* A text; NULL in @out when absent and not @required.  The text is the object's. */
gboolean    tk_rules_json_read_string   (JsonObject  *object,
                                         const char  *name,
                                         gboolean     required,
                                         const char **out,
                                         GError     **error);
/* One of @names, as its index; @fallback when absent, unless @fallback < 0 (required). */
gboolean    tk_rules_json_read_enum     (JsonObject  *object,
                                         const char  *name,
                                         const char *const *names,
                                         guint        n_names,
                                         int          fallback,
                                         int         *out,
                                         GError     **error);
/* A list, or NULL in @out when absent. */
gboolean    tk_rules_json_read_array    (JsonObject  *object,
                                         const char  *name,
                                         JsonArray  **out,
                                         GError     **error);
/* A list of exactly @n (with @n < 0: 1 to −@n) whole numbers in [@min, @max] into @out;
 * @out and @out_len untouched when absent. */
gboolean    tk_rules_json_read_int_array (JsonObject *object,
                                          const char *name,
                                          int         n,
                                          int         min,
                                          int         max,
                                          int        *out,
                                          int        *out_len,
                                          GError    **error);

G_END_DECLS
