/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-json.c — the safe JSON loader (src/core/tk-json.c) and the typed readers every
 * engine reads its setup and actions with (src/games/tk-rules-json.c). */
#include "config.h"

#include <string.h>

#include "tk-json.h"
#include "tk-json-scan.h"
#include "tk-rules.h"
#include "tk-rules-json.h"

/* {"v": <literal>} through the loader. */
static JsonObject *
load_value (const char  *literal,
            GError     **error)
{
  g_autofree char *text = g_strdup_printf ("{\"v\": %s}", literal);

  return tk_json_load_object (text, -1, error);
}

static char *
nested (guint depth)
{
  GString *text = g_string_new ("{\"a\":");

  for (guint i = 1; i < depth; i++)
    g_string_append_c (text, '[');
  g_string_append_c (text, '1');
  for (guint i = 1; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

static void
test_load_depth (void)
{
  g_autofree char *deepest = nested (TK_JSON_MAX_DEPTH);
  g_autofree char *too_deep = nested (TK_JSON_MAX_DEPTH + 1);
  g_autofree char *very_deep = nested (100000);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) object = NULL;

  object = tk_json_load_object (deepest, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (object);

  g_assert_null (tk_json_load_object (too_deep, -1, &error));
  g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_DEPTH);
  g_assert_nonnull (strstr (error->message, "64"));
  g_clear_error (&error);

  /* the size that overflowed json-glib's stack */
  g_assert_null (tk_json_load (very_deep, -1, &error));
  g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_DEPTH);
  g_clear_error (&error);

  /* brackets inside strings and comments are not nesting */
  g_clear_pointer (&object, json_object_unref);
  object = tk_json_load_object ("{\"a\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
                                "[[[[[[[[[[[[[[[[[[[\" /* {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"
                                "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{ */}", -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (object);
}

/* Random documents whose nesting is known: strings full of brackets, quotes and comment marks,
 * and comments full of brackets and quotes, between the tokens.  Exactly those at most
 * TK_JSON_MAX_DEPTH deep must load: the check must neither miss nesting nor invent it. */
static void
append_gap (GString *text)
{
  switch (g_test_rand_int_range (0, 8))
    {
    case 0: g_string_append (text, " /* ] } [ { \" ' */ "); break;
    case 1: g_string_append (text, "\n\t "); break;
    default: break;
    }
}

static void
append_string (GString *text)
{
  const char *bits[] = { "[", "]", "{", "}", "\\\"", "'", "/*", "*/", "\\\\", "x", "é", ":", "," };
  guint n = g_test_rand_int_range (0, 8);

  g_string_append_c (text, '"');
  for (guint i = 0; i < n; i++)
    g_string_append (text, bits[g_test_rand_int_range (0, G_N_ELEMENTS (bits))]);
  g_string_append_c (text, '"');
}

/* A value with exactly @depth objects and lists along its deepest path. */
static void
append_value (GString *text,
              guint    depth)
{
  gboolean list = g_test_rand_bit ();
  guint n = 1 + g_test_rand_int_range (0, 2);
  guint deep = g_test_rand_int_range (0, n);

  append_gap (text);
  if (depth == 0)
    {
      if (g_test_rand_bit ())
        append_string (text);
      else
        g_string_append_printf (text, "%d", g_test_rand_int_range (-1000, 1000));
      append_gap (text);
      return;
    }
  g_string_append_c (text, list ? '[' : '{');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ',');
      if (!list)
        {
          append_gap (text);
          append_string (text);
          g_string_append_c (text, ':');
        }
      append_value (text, i == deep ? depth - 1 : MIN (depth - 1, 1));
    }
  g_string_append_c (text, list ? ']' : '}');
  append_gap (text);
}

static void
test_load_depth_random (void)
{
  for (guint i = 0; i < 2000; i++)
    {
      guint depth = g_test_rand_int_range (1, 90);
      g_autoptr(GString) text = g_string_new ("[");
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) root = NULL;

      append_value (text, depth - 1);
      g_string_append_c (text, ']');
      root = tk_json_load (text->str, text->len, &error);
      if (depth <= TK_JSON_MAX_DEPTH)
        g_assert_no_error (error);
      else
        g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_DEPTH);
    }
}

static void
test_load_shape (void)
{
  const char *refused[] = { "", "  ", "[1]", "\"x\"", "{} {}", "{\"a\":1} x", "1",
                            "{\"a\":1", "not json" };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) list = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_null (tk_json_load_object (refused[i], -1, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == TK_JSON_ERROR);
      g_clear_error (&error);
    }

  /* invalid UTF-8 and NUL bytes never reach json-glib */
  g_assert_null (tk_json_load_object ("{\"a\":\"\xff\"}", -1, &error));
  g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_ENCODING);
  g_clear_error (&error);
  g_assert_null (tk_json_load_object ("{\"a\":1}\0{}", 10, &error));
  g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_ENCODING);
  g_clear_error (&error);

  list = tk_json_load ("[1, 2]", -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (list));
}

/* A random JSON value of at most @depth levels: objects, lists, strings with escapes and
 * Japanese, numbers, literals, with spaces between tokens. */
static void
random_value (GRand   *rand,
              GString *out,
              guint    depth)
{
  static const char * const scalars[] = { "0", "-12", "3.5e2", "true", "false", "null",
                                          "\"\"", "\"a\\\"b\"", "\"\\\\\"", "\"日本語\"",
                                          "\"x,y]}\"", "\"\\u00e9\"" };
  guint kind = depth == 0 ? 2 : g_rand_int_range (rand, 0, 3);
  guint n = g_rand_int_range (rand, 0, 4);

  if (kind == 2)
    {
      g_string_append (out, scalars[g_rand_int_range (rand, 0, G_N_ELEMENTS (scalars))]);
      return;
    }
  g_string_append (out, kind == 0 ? "{" : "[ ");
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, g_rand_boolean (rand) ? "," : " ,\n");
      if (kind == 0)
        g_string_append_printf (out, "\"k%u\" : ", i);
      random_value (rand, out, depth - 1);
    }
  g_string_append (out, kind == 0 ? "}" : " ]");
}

/* The scanner's spans of a document's members and of a list's elements hold exactly what
 * json-glib reads there, for random documents; and the scanner never accepts a cut or
 * changed document that json-glib refuses. */
static void
test_scan (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);

  for (guint round = 0; round < 300; round++)
    {
      g_autoptr(GString) text = g_string_new ("\xEF\xBB\xBF {");
      g_autoptr(GHashTable) members = NULL;
      g_autoptr(JsonObject) whole = NULL;
      g_autoptr(GError) error = NULL;
      guint n = g_rand_int_range (rand, 0, 6);

      for (guint i = 0; i < n; i++)
        {
          g_string_append_printf (text, "%s\"m%u\":", i > 0 ? ",\r\n" : "", i);
          if (i == 0)
            {
              /* a list, to step through */
              g_string_append (text, "[");
              for (guint j = 0, k = g_rand_int_range (rand, 0, 5); j < k; j++)
                {
                  if (j > 0)
                    g_string_append (text, " , ");
                  random_value (rand, text, 3);
                }
              g_string_append (text, "]");
            }
          else
            random_value (rand, text, 4);
        }
      g_string_append (text, "}\n");

      whole = tk_json_load_object (text->str, text->len, &error);
      g_assert_no_error (error);
      members = tk_json_scan_members (text->str, text->len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (g_hash_table_size (members), ==, json_object_get_size (whole));
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *name = g_strdup_printf ("m%u", i);
          TkJsonSpan *span = g_hash_table_lookup (members, name);
          g_autofree char *wrapped = NULL;
          g_autoptr(JsonObject) alone = NULL;

          g_assert_nonnull (span);
          wrapped = g_strdup_printf ("{\"v\":%.*s}", (int) span->length, span->start);
          alone = tk_json_load_object (wrapped, -1, &error);
          g_assert_no_error (error);
          g_assert_true (json_node_equal (json_object_get_member (alone, "v"),
                                          json_object_get_member (whole, name)));
          if (i == 0)
            {
              JsonArray *list = json_object_get_array_member (whole, name);
              TkJsonSpan element;
              gsize offset = 0;
              guint count = 0;

              while (tk_json_scan_next (span, &offset, &element, &error))
                {
                  g_autofree char *one = g_strdup_printf ("{\"v\":%.*s}", (int) element.length,
                                                          element.start);
                  g_autoptr(JsonObject) read = tk_json_load_object (one, -1, &error);

                  g_assert_no_error (error);
                  g_assert_true (json_node_equal (json_object_get_member (read, "v"),
                                                  json_array_get_element (list, count)));
                  count++;
                }
              g_assert_no_error (error);
              g_assert_cmpuint (count, ==, json_array_get_length (list));
            }
        }

      /* Cut short, or one byte taken out: what json-glib refuses, the scanner (with the
       * loads of its spans) refuses too. */
      for (guint cut = 0; cut < 20; cut++)
        {
          g_autoptr(GString) bad = g_string_new_len (text->str, text->len);
          g_autoptr(GHashTable) found = NULL;
          g_autoptr(JsonObject) parsed = NULL;
          gboolean scanned = TRUE;
          gsize at = g_rand_int_range (rand, 3, (gint32) text->len);

          if (cut % 2 == 0)
            g_string_truncate (bad, at);
          else
            g_string_erase (bad, (gssize) at, 1);
          parsed = tk_json_load_object (bad->str, bad->len, NULL);
          if (!tk_json_check (bad->str, bad->len, TRUE, NULL) ||
              (found = tk_json_scan_members (bad->str, bad->len, NULL)) == NULL)
            scanned = FALSE;
          else
            {
              GHashTableIter iter;
              gpointer value;

              g_hash_table_iter_init (&iter, found);
              while (g_hash_table_iter_next (&iter, NULL, &value))
                {
                  TkJsonSpan *span = value;
                  g_autofree char *wrapped = g_strdup_printf ("{\"v\":%.*s}", (int) span->length,
                                                              span->start);
                  g_autoptr(JsonObject) alone = tk_json_load_object (wrapped, -1, NULL);

                  if (alone == NULL)
                    scanned = FALSE;
                }
            }
          if (scanned && parsed == NULL)
            g_error ("scanned what json-glib refuses: %s", bad->str);
        }
    }

  /* Not an object, text after it, broken between members. */
  {
    const char *refused[] = { "[1]", "{\"a\":1} x", "{\"a\":1 \"b\":2}", "{\"a\" 1}", "{\"a\":}",
                              "{\"a\":tru}", "{\"a\":[1,]}", "{\"a\":{\"b\"}}", "{\"a\":\"x}" };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(GHashTable) found = tk_json_scan_members (refused[i], strlen (refused[i]),
                                                            &error);

        if (found != NULL)
          g_error ("scanned %s", refused[i]);
        g_assert_true (error->domain == TK_JSON_ERROR);
      }
  }
}

static void
test_load_numbers (void)
{
  struct { const char *literal; gboolean ok; } cases[] = {
    { "9223372036854775807", TRUE },        /* 2^63 - 1 */
    { "-9223372036854775808", TRUE },       /* -2^63 */
    { "9223372036854775808", FALSE },       /* 2^63: json-glib reads -2^63 */
    { "-9223372036854775809", FALSE },      /* -2^63 - 1: json-glib reads 2^63 - 1 */
    { "18446744073709551616", FALSE },      /* 2^64: json-glib reads -1 */
    { "99999999999999999999999", FALSE },
    { "0x8000000000000000", FALSE },
    { "1e3", TRUE },
    { "2.5", TRUE },
    { "1e308", TRUE },
    { "1e400", FALSE },
    { "-1e400", FALSE },
    { "1e-400", TRUE },                      /* underflows to 0: nothing is lost that matters */
    { "[1, 99999999999999999999999]", FALSE },
    { "{\"w\": {\"x\": 1e999}}", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) object = load_value (cases[i].literal, &error);

      if (cases[i].ok)
        {
          g_assert_no_error (error);
          g_assert_nonnull (object);
        }
      else
        {
          g_assert_null (object);
          g_assert_error (error, TK_JSON_ERROR, TK_JSON_ERROR_NUMBER);
          /* the message names the member: "v", or the innermost one */
          g_assert_nonnull (strstr (error->message,
                                    strstr (cases[i].literal, "\"x\"") ? "“x”" : "“v”"));
        }
    }

  /* the values that pass are the values written */
  {
    g_autoptr(JsonObject) object = load_value ("[9223372036854775807, -9223372036854775808]",
                                               NULL);
    JsonArray *array = json_object_get_array_member (object, "v");

    g_assert_cmpint (json_array_get_int_element (array, 0), ==, G_MAXINT64);
    g_assert_cmpint (json_array_get_int_element (array, 1), ==, G_MININT64);
  }
}

static void
test_read_int (void)
{
  struct { const char *literal; gint64 min, max, fallback; gboolean ok; gint64 want; } cases[] = {
    { "5", 0, 10, 0, TRUE, 5 },
    { "0", 0, 10, 3, TRUE, 0 },
    { "10", 0, 10, 0, TRUE, 10 },
    { "11", 0, 10, 0, FALSE, 0 },
    { "-1", 0, 10, 0, FALSE, 0 },
    { "9223372036854775807", 0, G_MAXINT64, 0, TRUE, G_MAXINT64 },
    { "-9223372036854775808", G_MININT64 + 1, 0, 0, FALSE, 0 },
    { "2.5", 0, 10, 0, FALSE, 0 },
    { "1e3", 0, 10000, 0, FALSE, 0 },        /* a whole number is written as one */
    { "5.0", 0, 10, 0, FALSE, 0 },
    { "\"5\"", 0, 10, 0, FALSE, 0 },
    { "true", 0, 10, 0, FALSE, 0 },
    { "[5]", 0, 10, 0, FALSE, 0 },
    { "{}", 0, 10, 0, FALSE, 0 },
    { "null", 0, 10, 7, TRUE, 7 },           /* null is absent */
    { "null", 0, 10, TK_RULES_JSON_REQUIRED, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) object = load_value (cases[i].literal, NULL);
      gint64 out = -42;
      gboolean ok;

      g_assert_nonnull (object);
      ok = tk_rules_json_read_int (object, "v", cases[i].min, cases[i].max, cases[i].fallback,
                                   &out, &error);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        g_assert_cmpint (out, ==, cases[i].want);
      else
        {
          g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "“v”"));
          g_assert_cmpint (out, ==, -42);
        }
    }

  /* absent: the fallback, or refused by name when there is none */
  {
    g_autoptr(JsonObject) empty = json_object_new ();
    g_autoptr(GError) error = NULL;
    gint64 out = 0;
    int small = 0;

    g_assert_true (tk_rules_json_read_int (empty, "n", 1, 9, 4, &out, NULL));
    g_assert_cmpint (out, ==, 4);
    g_assert_false (tk_rules_json_read_int (empty, "n", 1, 9, TK_RULES_JSON_REQUIRED, &out,
                                            &error));
    g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "“n”"));
    g_assert_true (tk_rules_json_read_int32 (empty, "n", -5, 5, -3, &small, NULL));
    g_assert_cmpint (small, ==, -3);
  }
}

static void
test_read_seat (void)
{
  struct { const char *literal; gboolean ok; guint want; int code; } cases[] = {
    { "0", TRUE, 0, 0 },
    { "3", TRUE, 3, 0 },
    { "4", FALSE, 0, TK_RULES_ERROR_ILLEGAL },
    { "-1", FALSE, 0, TK_RULES_ERROR_ILLEGAL },
    { "9223372036854775807", FALSE, 0, TK_RULES_ERROR_ILLEGAL },
    { "1.5", FALSE, 0, TK_RULES_ERROR_INVALID },
    { "\"1\"", FALSE, 0, TK_RULES_ERROR_INVALID },
    { "null", FALSE, 0, TK_RULES_ERROR_INVALID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) object = load_value (cases[i].literal, NULL);
      guint seat = 99;
      gboolean ok = tk_rules_json_read_seat (object, "v", 4, &seat, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        g_assert_cmpuint (seat, ==, cases[i].want);
      else
        {
          g_assert_error (error, TK_RULES_ERROR, cases[i].code);
          g_assert_cmpuint (seat, ==, 99);
        }
    }
}

static void
test_read_others (void)
{
  const char *names[] = { "high", "low", "coop" };
  g_autoptr(JsonObject) object = tk_json_load_object (
    "{\"b\": true, \"n\": 1, \"s\": \"low\", \"x\": \"sideways\", \"l\": [1, 2, 3],"
    " \"bad\": [1, 2.5], \"big\": [1, 2000], \"o\": {\"k\": 7}}", -1, NULL);
  g_autoptr(GError) error = NULL;
  gboolean flag = FALSE;
  const char *text = NULL;
  JsonArray *array = NULL;
  int choice = -1, values[3] = { 0 }, len = 0;
  gint64 k = 0;

  g_assert_nonnull (object);

  g_assert_true (tk_rules_json_read_bool (object, "b", FALSE, &flag, NULL) && flag);
  g_assert_true (tk_rules_json_read_bool (object, "absent", TRUE, &flag, NULL) && flag);
  g_assert_false (tk_rules_json_read_bool (object, "n", FALSE, &flag, &error));
  g_assert_nonnull (strstr (error->message, "“n”"));
  g_clear_error (&error);

  g_assert_true (tk_rules_json_read_string (object, "s", TRUE, &text, NULL));
  g_assert_cmpstr (text, ==, "low");
  g_assert_true (tk_rules_json_read_string (object, "absent", FALSE, &text, NULL));
  g_assert_null (text);
  g_assert_false (tk_rules_json_read_string (object, "absent", TRUE, &text, &error));
  g_clear_error (&error);
  g_assert_false (tk_rules_json_read_string (object, "n", FALSE, &text, &error));
  g_assert_nonnull (strstr (error->message, "“n”"));
  g_clear_error (&error);

  g_assert_true (tk_rules_json_read_enum (object, "s", names, 3, 0, &choice, NULL));
  g_assert_cmpint (choice, ==, 1);
  g_assert_true (tk_rules_json_read_enum (object, "absent", names, 3, 2, &choice, NULL));
  g_assert_cmpint (choice, ==, 2);
  g_assert_false (tk_rules_json_read_enum (object, "x", names, 3, 0, &choice, &error));
  /* the message names the field and what it may be */
  g_assert_nonnull (strstr (error->message, "“x”"));
  g_assert_nonnull (strstr (error->message, "high, low, coop"));
  g_clear_error (&error);
  g_assert_false (tk_rules_json_read_enum (object, "absent", names, 3, -1, &choice, &error));
  g_clear_error (&error);

  g_assert_true (tk_rules_json_read_array (object, "l", &array, NULL));
  g_assert_cmpuint (json_array_get_length (array), ==, 3);
  g_assert_true (tk_rules_json_read_array (object, "absent", &array, NULL));
  g_assert_null (array);
  g_assert_false (tk_rules_json_read_array (object, "s", &array, &error));
  g_clear_error (&error);

  g_assert_true (tk_rules_json_read_int_array (object, "l", 3, 0, 9, values, &len, NULL));
  g_assert_cmpint (len, ==, 3);
  g_assert_cmpint (values[2], ==, 3);
  g_assert_false (tk_rules_json_read_int_array (object, "l", 2, 0, 9, values, &len, &error));
  g_clear_error (&error);
  g_assert_false (tk_rules_json_read_int_array (object, "bad", -3, 0, 9, values, &len, &error));
  g_assert_nonnull (strstr (error->message, "“bad”"));
  g_clear_error (&error);
  g_assert_false (tk_rules_json_read_int_array (object, "big", -3, 0, 1000, values, &len,
                                                &error));
  g_clear_error (&error);

  /* look-ups never fail */
  g_assert_true (tk_rules_json_get_int (tk_rules_json_get_object (object, "o"), "k", &k));
  g_assert_cmpint (k, ==, 7);
  g_assert_false (tk_rules_json_get_int (object, "s", &k));
  g_assert_false (tk_rules_json_get_int (NULL, "k", &k));
  g_assert_true (tk_rules_json_array_get_int (tk_rules_json_get_array (object, "l"), 1, &k));
  g_assert_cmpint (k, ==, 2);
  g_assert_false (tk_rules_json_array_get_int (tk_rules_json_get_array (object, "l"), 3, &k));
  g_assert_null (tk_rules_json_get_string (object, "n"));
  g_assert_cmpint (tk_rules_json_lookup (names, 3, "coop"), ==, 2);
  g_assert_cmpint (tk_rules_json_lookup (names, 3, NULL), ==, -1);
}

/* The case end to end in the engine: the action text never becomes "-1". */
static void
test_engine_action (void)
{
  g_autoptr(GError) error = NULL;
  JsonObject *action;

  tk_games_register_all ();
  action = tk_rules_json_parse_object ("{\"type\":\"coins\",\"seat\":0,"
                                       "\"delta\":99999999999999999999999}", -1, &error);
  g_assert_null (action);
  g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“delta”"));
}

/* Every engine's default setup names its players "Player 1", "Player 2", … in the UI's
 * language, from the one shared helper, and is a setup its own engine accepts; and every
 * engine refuses an action without a type with the one shared message. */
static void
test_engines_alike (void)
{
  const char *ids[] = { "generic-score-pad", "agora", "city-plan", "metromania", "metropolis",
                        "welcome-to" };
  g_autoptr(JsonArray) three = tk_rules_default_players (3);

  g_assert_cmpuint (json_array_get_length (three), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (three, 2),
                                                  "name"), ==, "Player 3");

  tk_games_register_all ();
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const TkRules *rules = tk_rules_lookup (ids[i]);
      guint n;
      g_autoptr(JsonObject) setup = NULL;
      g_autoptr(GError) error = NULL;
      gpointer state;

      g_assert_nonnull (rules);
      n = MAX (rules->min_players, 2);
      setup = rules->default_setup (n);
      g_assert_cmpuint (tk_rules_setup_n_players (setup), ==, n);
      for (guint seat = 0; seat < n; seat++)
        {
          g_autofree char *expected = g_strdup_printf ("Player %u", seat + 1);

          g_assert_cmpstr (tk_rules_setup_player_name (setup, seat), ==, expected);
        }
      state = rules->state_new (setup, &error);
      g_assert_no_error (error);
      g_assert_nonnull (state);
      {
        g_autoptr(JsonObject) untyped = json_object_new ();

        json_object_set_int_member (untyped, "seat", 0);
        g_assert_false (rules->apply (state, untyped, &error));
        g_assert_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID);
        g_assert_cmpstr (error->message, ==, "The action has no type.");
        g_clear_error (&error);
      }
      rules->state_free (state);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/json/load/depth", test_load_depth);
  g_test_add_func ("/json/load/depth-random", test_load_depth_random);
  g_test_add_func ("/json/load/shape", test_load_shape);
  g_test_add_func ("/json/load/numbers", test_load_numbers);
  g_test_add_func ("/json/scan", test_scan);
  g_test_add_func ("/json/read/int", test_read_int);
  g_test_add_func ("/json/read/seat", test_read_seat);
  g_test_add_func ("/json/read/others", test_read_others);
  g_test_add_func ("/json/engine-action", test_engine_action);
  g_test_add_func ("/json/engines-alike", test_engines_alike);
  return g_test_run ();
}
