/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-text.c — the one text check (tk-text.h): limits at their edges, line breaks, control
 * characters, JSON escapes the parser would mangle, and what the CLI prints. */
#include "config.h"

#include <string.h>

#include "tk-text.h"

static char *
repeat (const char *unit,
        guint       n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (text, unit);
  return g_string_free (text, FALSE);
}

static void
test_limits (void)
{
  struct { TkTextKind kind; guint max; } cases[] = {
    { TK_TEXT_TITLE, 300 }, { TK_TEXT_NAME, 200 }, { TK_TEXT_TAG, 200 }, { TK_TEXT_LINE, 1000 },
    { TK_TEXT_COMMENT, 10000 }, { TK_TEXT_NOTES, 100000 }, { TK_TEXT_OTHER, 100000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* Characters, not bytes: "碁" is three bytes. */
      g_autofree char *at = repeat ("碁", cases[i].max);
      g_autofree char *over = repeat ("碁", cases[i].max + 1);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (tk_text_max_chars (cases[i].kind), ==, cases[i].max);
      g_assert_true (tk_text_check (cases[i].kind, "field", at, NULL));
      g_assert_false (tk_text_check (cases[i].kind, "field", over, &error));
      g_assert_error (error, TK_TEXT_ERROR, TK_TEXT_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "field"));
    }
  g_assert_true (tk_text_check (TK_TEXT_TITLE, "title", NULL, NULL));
}

static void
test_characters (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (tk_text_check (TK_TEXT_TITLE, "title", "Tab\tis fine", NULL));
  g_assert_true (tk_text_check (TK_TEXT_NOTES, "notes", "one\ntwo\r\nthree", NULL));
  g_assert_false (tk_text_check (TK_TEXT_TITLE, "title", "one\ntwo", &error));
  g_assert_nonnull (strstr (error->message, "one line"));
  g_clear_error (&error);
  g_assert_false (tk_text_check (TK_TEXT_TITLE, "title", "one\r\ntwo", NULL));
  g_assert_false (tk_text_check (TK_TEXT_NOTES, "notes", "lone\rCR", &error));
  g_assert_nonnull (strstr (error->message, "U+000D"));
  g_clear_error (&error);
  g_assert_false (tk_text_check (TK_TEXT_NAME, "name", "A\x1b[31m", &error));
  g_assert_nonnull (strstr (error->message, "U+001B (at character 2)"));
  g_clear_error (&error);
  g_assert_false (tk_text_check (TK_TEXT_NAME, "name", "CSI \xc2\x9b", &error));
  g_assert_nonnull (strstr (error->message, "U+009B"));
  g_clear_error (&error);
  g_assert_false (tk_text_check (TK_TEXT_NAME, "name", "half \xed\xa0\x80", &error));
  g_assert_nonnull (strstr (error->message, "UTF-8"));
  g_clear_error (&error);
  g_assert_false (tk_text_check_len (TK_TEXT_NAME, "name", "a\0b", 3, &error));
  g_assert_nonnull (strstr (error->message, "NUL"));
}

/* The check for text already known to be UTF-8 (a CSV record) gives the full check's verdict
 * on every kind, by its byte-level fast path or by falling back: controls of one byte and
 * the C1 ones (two bytes, C2 80–C2 9F) beside their harmless neighbours (C2 A0, "é"), at
 * the limits counted in characters. */
static void
test_utf8_fast_path (void)
{
  const char *texts[] = {
    "", "Plain", "碁 and Go", "Tab\there", "one\ntwo", "one\r\ntwo", "lone\rCR", "A\x1b[31m",
    "DEL\x7f", "C1 \xc2\x85 NEL", "C1 \xc2\x9f end", "NBSP \xc2\xa0 ok", "caf\xc3\xa9",
    "\xc2\x80", "ends with \xc2",
  };

  for (TkTextKind kind = 0; kind < TK_TEXT_N_KINDS; kind++)
    {
      g_autofree char *at = repeat ("é", tk_text_max_chars (kind));
      g_autofree char *over = repeat ("é", tk_text_max_chars (kind) + 1);

      for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
        {
          /* "ends with \xc2" is cut short on purpose: a C2 at the end is not a C1 control. */
          gsize length = strlen (texts[i]);
          gboolean full = tk_text_check_len (kind, "f", texts[i], length, NULL);

          if (!g_utf8_validate_len (texts[i], length, NULL))
            continue;
          g_assert_cmpint (tk_text_check_utf8_len (kind, "f", texts[i], length, NULL), ==, full);
        }
      g_assert_true (tk_text_check_utf8_len (kind, "f", at, strlen (at), NULL));
      g_assert_false (tk_text_check_utf8_len (kind, "f", over, strlen (over), NULL));
    }
  g_assert_false (tk_text_check_utf8_len (TK_TEXT_OTHER, "f", "C1 \xc2\x85", 5, NULL));
  g_assert_true (tk_text_check_utf8_len (TK_TEXT_OTHER, "f", "x\xc2\xa0", 3, NULL));
}

static void
test_json_escapes (void)
{
  g_autoptr(GError) error = NULL;
  const char *fine[] = {
    "{\"t\": \"\\ud83d\\ude00 pair\"}",
    "{\"t\": \"\\\\u0000 is text, not an escape\"}",
    "{\"t\": \"\\u0041\\n\\\"\"}",
    "{\"t\": \"ends in a backslash \\",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fine); i++)
    g_assert_true (tk_text_check_json_escapes (fine[i], strlen (fine[i]), NULL));

  g_assert_false (tk_text_check_json_escapes ("{\n\n\"t\": \"a\\u0000b\"}", 19, &error));
  g_assert_nonnull (strstr (error->message, "Line 3"));
  g_clear_error (&error);
  g_assert_false (tk_text_check_json_escapes ("{\"t\": \"\\ud800\"}", 15, &error));
  g_assert_nonnull (strstr (error->message, "\\ud800"));
  g_clear_error (&error);
  g_assert_false (tk_text_check_json_escapes ("{\"t\": \"\\uDC00x\"}", 16, NULL));
  g_assert_false (tk_text_check_json_escapes ("{\"t\": \"\\ud800\\u0041\"}", 21, NULL));
  g_assert_false (tk_text_check_json_escapes ("\"\\ud800", 7, NULL));
}

static void
test_json_node (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) deep = g_string_new (NULL);

  g_assert_true (json_parser_load_from_data (parser, "{\"a\": [1, {\"b\": \"ok\\n\"}]}", -1, NULL));
  g_assert_true (tk_text_check_json_node (json_parser_get_root (parser), NULL));
  g_assert_true (json_parser_load_from_data (parser, "{\"a\": [1, {\"b\": \"\\u001b[2J\"}]}", -1,
                                             NULL));
  g_assert_false (tk_text_check_json_node (json_parser_get_root (parser), &error));
  g_assert_nonnull (strstr (error->message, "U+001B"));
  g_clear_error (&error);
  g_assert_true (json_parser_load_from_data (parser, "{\"\\u0007\": 1}", -1, NULL));
  g_assert_false (tk_text_check_json_node (json_parser_get_root (parser), NULL));
}

static void
test_terminal (void)
{
  g_autofree char *a = tk_text_escape_for_terminal ("Evil\x1b]0;x\x07 \xc2\x9b" "2J", FALSE);
  g_autofree char *b = tk_text_escape_for_terminal ("one\r\ntwo\tthree\rfour", TRUE);
  g_autofree char *c = tk_text_escape_for_terminal ("tab\there\nline", FALSE);
  g_autofree char *d = tk_text_escape_for_terminal ("bad \xff byte", TRUE);

  g_assert_cmpstr (a, ==, "Evil\\x1b]0;x\\x07 \\x9b2J");
  g_assert_cmpstr (b, ==, "one\r\ntwo\tthree\\x0dfour");
  g_assert_cmpstr (c, ==, "tab\\x09here\\x0aline");
  g_assert_true (g_utf8_validate (d, -1, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/text/limits", test_limits);
  g_test_add_func ("/text/characters", test_characters);
  g_test_add_func ("/text/utf8-fast-path", test_utf8_fast_path);
  g_test_add_func ("/text/json-escapes", test_json_escapes);
  g_test_add_func ("/text/json-node", test_json_node);
  g_test_add_func ("/text/terminal", test_terminal);
  return g_test_run ();
}
