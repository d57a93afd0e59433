/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sync-file.c — the `.tkops` codec: a file is read whole or not at all.  Every prefix of
 * a valid file and every single-bit change of it is refused; a file of another library, of a
 * newer format or of hostile content is refused with its own code and without a crash. */
#include "config.h"

#include <string.h>

#include "tk-sync-file.h"

#define LIBRARY "0190b3c2-7a1e-7c4d-9f00-5a5a5a5a5a5a"
#define DEVICE "4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"

static GPtrArray *
lines_of (const char *first,
          ...)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *line;
  va_list args;

  va_start (args, first);
  for (line = first; line != NULL; line = va_arg (args, const char *))
    g_ptr_array_add (lines, g_strdup (line));
  va_end (args);
  return lines;
}

/* Four operations the way the store might write them, with Japanese text, escapes, numbers
 * and nesting. */
static GPtrArray *
sample_ops (void)
{
  return lines_of (
    "{\"op\":\"0190b3c2-0001\",\"kind\":\"set\",\"entity\":\"cat:metropolis\","
    "\"fields\":{\"title_ja\":\"ファウンデーションズ・オブ・メトロポリス\",\"rating\":8}}",
    "{\"op\":\"0190b3c2-0002\",\"kind\":\"set\","
    "\"fields\":{\"notes\":\"行1\\n\\\"引用\\\" \\u00e9\"}}",
    "{\"op\":\"0190b3c2-0003\",\"kind\":\"ledger.append\","
    "\"action\":{\"a\":[1,[2,[3]]],"
    "\"big\":9223372036854775807,\"neg\":-9223372036854775808,\"f\":0.5}}",
    "{\"op\":\"0190b3c2-0004\",\"kind\":\"ledger.head\",\"deleted\":false,\"x\":null}",
    NULL);
}

static GBytes *
sample_file (void)
{
  g_autoptr(GPtrArray) ops = sample_ops ();
  g_autoptr(GError) error = NULL;
  GBytes *bytes = tk_sync_file_encode (LIBRARY, DEVICE, 41, 44, ops, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* A file built by hand from a header line and operation lines, with the trailer the format
 * documents (docs/formats.md), computed here independently of the encoder. */
static GBytes *
build_file (const char *header,
            GPtrArray  *lines)
{
  g_autoptr(GString) text = g_string_new (header);
  g_autofree char *digest = NULL;
  guint i;

  g_string_append_c (text, '\n');
  for (i = 0; i < lines->len; i++)
    {
      g_string_append (text, g_ptr_array_index (lines, i));
      g_string_append_c (text, '\n');
    }
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text->str, text->len);
  g_string_append_printf (text, "{\"count\":%u,\"sha256\":\"%s\"}\n", lines->len, digest);
  return g_string_free_to_bytes (g_steal_pointer (&text));
}

static void
assert_refused (GBytes     *bytes,
                const char *library,
                int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSyncFile) file = tk_sync_file_decode (bytes, library, &error);

  g_assert_null (file);
  g_assert_error (error, TK_SYNC_FILE_ERROR, code);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (strlen (error->message), >, 10);
}

static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) ops = sample_ops ();
  g_autoptr(GBytes) bytes = sample_file ();
  g_autoptr(GBytes) again = sample_file ();
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSyncFile) file = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *expected = NULL;
  const char *data;
  gsize size;
  guint i;

  /* the same operations make the same bytes */
  g_assert_true (g_bytes_equal (bytes, again));

  file = tk_sync_file_decode (bytes, LIBRARY, &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_cmpint (file->version, ==, 1);
  g_assert_cmpstr (file->library, ==, LIBRARY);
  g_assert_cmpstr (file->device, ==, DEVICE);
  g_assert_cmpint (file->first, ==, 41);
  g_assert_cmpint (file->last, ==, 44);
  g_assert_cmpuint (file->ops->len, ==, ops->len);
  for (i = 0; i < ops->len; i++)
    g_assert_cmpstr (g_ptr_array_index (file->ops, i), ==, g_ptr_array_index (ops, i));

  /* byte for byte what docs/formats.md describes */
  data = g_bytes_get_data (bytes, &size);
  g_assert_true (g_str_has_prefix (data, "{\"format\":\"tablekeeper-ops\",\"version\":1,"
                                         "\"library\":\"" LIBRARY "\",\"device\":\"" DEVICE "\","
                                         "\"first\":41,\"last\":44}\n"));
  digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data,
                                        size - strlen ("{\"count\":4,\"sha256\":\"\"}\n") - 64);
  expected = g_strdup_printf ("\n{\"count\":4,\"sha256\":\"%s\"}\n", digest);
  g_assert_cmpuint (size, >, strlen (expected));
  g_assert_cmpmem (data + size - strlen (expected), strlen (expected), expected, strlen (expected));

  /* a single operation, sequence 0, and the largest sequence number */
  {
    g_autoptr(GPtrArray) one = lines_of ("{\"op\":\"x\"}", NULL);
    g_autoptr(GBytes) small = tk_sync_file_encode ("L", "D", 0, 0, one, &error);
    g_autoptr(GBytes) high = NULL;
    g_autoptr(TkSyncFile) decoded = NULL;

    g_assert_no_error (error);
    decoded = tk_sync_file_decode (small, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (decoded->first, ==, 0);
    g_assert_cmpuint (decoded->ops->len, ==, 1);
    g_clear_pointer (&decoded, tk_sync_file_free);

    high = tk_sync_file_encode ("L", "D", TK_SYNC_FILE_MAX_SEQUENCE, TK_SYNC_FILE_MAX_SEQUENCE,
                                one, &error);
    g_assert_no_error (error);
    decoded = tk_sync_file_decode (high, "L", &error);
    g_assert_no_error (error);
    g_assert_cmpint (decoded->last, ==, TK_SYNC_FILE_MAX_SEQUENCE);
  }
}

/* Every length short of the whole file: cut inside a line, at a line's end, just before the
 * trailer, inside the trailer, before its final "\n".  Each prefix is a copy of its own, so
 * that reading one byte too far is a reading beyond the buffer. */
static void
check_every_prefix (GBytes *bytes)
{
  gsize size, n;
  const char *data = g_bytes_get_data (bytes, &size);

  for (n = 0; n < size; n++)
    {
      g_autoptr(GBytes) prefix = g_bytes_new (data, n);

      assert_refused (prefix, LIBRARY, TK_SYNC_FILE_ERROR_TRUNCATED);
    }
}

static void
test_truncation (void)
{
  g_autoptr(GBytes) bytes = sample_file ();
  g_autoptr(GPtrArray) one = lines_of ("{\"op\":\"only\"}", NULL);
  g_autoptr(GBytes) single = tk_sync_file_encode (LIBRARY, DEVICE, 1, 1, one, NULL);
  g_autoptr(TkSyncFile) whole = tk_sync_file_decode (bytes, LIBRARY, NULL);

  g_assert_nonnull (whole);
  check_every_prefix (bytes);
  check_every_prefix (single);
}

/* Every bit of every byte, one at a time: inside the header, an operation (also turning a
 * character into invalid UTF-8), a "\n" between lines or the last one, the trailer's count,
 * its hex digits and its punctuation. */
static void
test_bit_flips (void)
{
  g_autoptr(GBytes) bytes = sample_file ();
  g_autofree char *copy = NULL;
  const char *data;
  gsize size, i;
  guint bit, refused = 0;

  data = g_bytes_get_data (bytes, &size);
  copy = g_memdup2 (data, size);
  for (i = 0; i < size; i++)
    for (bit = 0; bit < 8; bit++)
      {
        g_autoptr(GBytes) flipped = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(TkSyncFile) file = NULL;

        copy[i] ^= (char) (1 << bit);
        flipped = g_bytes_new (copy, size);
        copy[i] ^= (char) (1 << bit);
        file = tk_sync_file_decode (flipped, NULL, &error);
        if (file != NULL)
          g_error ("flipping bit %u of byte %" G_GSIZE_FORMAT " (%c) gave a readable file",
                   bit, i, copy[i]);
        g_assert_true (error->domain == TK_SYNC_FILE_ERROR);
        refused++;
      }
  g_assert_cmpuint (refused, ==, size * 8);
}

static void
test_wrong_library (void)
{
  g_autoptr(GBytes) bytes = sample_file ();
  g_autoptr(TkSyncFile) any = NULL;
  g_autoptr(TkSyncFile) ours = NULL;

  assert_refused (bytes, "another-library", TK_SYNC_FILE_ERROR_WRONG_LIBRARY);
  /* a prefix of the uid is another library too */
  assert_refused (bytes, "0190b3c2", TK_SYNC_FILE_ERROR_WRONG_LIBRARY);
  any = tk_sync_file_decode (bytes, NULL, NULL);
  ours = tk_sync_file_decode (bytes, LIBRARY, NULL);
  g_assert_nonnull (any);
  g_assert_nonnull (ours);
  /* a damaged file is reported as damaged, whatever library it names */
  {
    g_autofree char *copy = NULL;
    g_autoptr(GBytes) damaged = NULL;
    const char *data;
    gsize size;

    data = g_bytes_get_data (bytes, &size);
    copy = g_memdup2 (data, size);
    copy[strlen ("{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"")] = 'X';
    damaged = g_bytes_new (copy, size);
    assert_refused (damaged, LIBRARY, TK_SYNC_FILE_ERROR_CHECKSUM);
    assert_refused (damaged, "another-library", TK_SYNC_FILE_ERROR_CHECKSUM);
  }
}

static void
test_newer_version (void)
{
  g_autoptr(GPtrArray) ops = sample_ops ();
  g_autoptr(GBytes) v2 = build_file ("{\"format\":\"tablekeeper-ops\",\"version\":2,"
                                     "\"library\":\"" LIBRARY "\",\"device\":\"" DEVICE "\","
                                     "\"first\":1,\"last\":4}", ops);
  /* a later format may frame its lines otherwise: no trailer we know */
  static const char v3[] = "{\"format\":\"tablekeeper-ops\",\"version\":3}\n"
                           "whatever version 3 holds\n";
  g_autoptr(GBytes) other = g_bytes_new_static (v3, sizeof v3 - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(TkSyncFile) file = NULL;

  assert_refused (v2, LIBRARY, TK_SYNC_FILE_ERROR_NEWER_VERSION);
  assert_refused (v2, NULL, TK_SYNC_FILE_ERROR_NEWER_VERSION);
  assert_refused (other, NULL, TK_SYNC_FILE_ERROR_NEWER_VERSION);
  file = tk_sync_file_decode (v2, NULL, &error);
  g_assert_nonnull (strstr (error->message, "newer Tablekeeper"));

  /* version 1 written by hand is read; versions 0, "1", 1.0 are not versions */
  {
    g_autoptr(GBytes) v1 = build_file ("{\"format\":\"tablekeeper-ops\",\"version\":1,"
                                       "\"library\":\"" LIBRARY "\",\"device\":\"" DEVICE "\","
                                       "\"first\":1,\"last\":4}", ops);
    g_autoptr(GBytes) v0 = build_file ("{\"format\":\"tablekeeper-ops\",\"version\":0,"
                                       "\"library\":\"L\",\"device\":\"D\",\"first\":1,\"last\":4}",
                                       ops);
    g_autoptr(GBytes) vs = build_file ("{\"format\":\"tablekeeper-ops\",\"version\":\"1\","
                                       "\"library\":\"L\",\"device\":\"D\",\"first\":1,\"last\":4}",
                                       ops);
    g_autoptr(GBytes) vf = build_file ("{\"format\":\"tablekeeper-ops\",\"version\":1.0,"
                                       "\"library\":\"L\",\"device\":\"D\",\"first\":1,\"last\":4}",
                                       ops);
    g_autoptr(TkSyncFile) read = tk_sync_file_decode (v1, LIBRARY, NULL);

    g_assert_nonnull (read);
    assert_refused (v0, NULL, TK_SYNC_FILE_ERROR_FORMAT);
    assert_refused (vs, NULL, TK_SYNC_FILE_ERROR_FORMAT);
    assert_refused (vf, NULL, TK_SYNC_FILE_ERROR_FORMAT);
  }
}

static void
assert_encode_refused (const char *library,
                       const char *device,
                       gint64      first,
                       gint64      last,
                       GPtrArray  *lines,
                       int         code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = tk_sync_file_encode (library, device, first, last, lines, &error);

  g_assert_null (bytes);
  g_assert_error (error, TK_SYNC_FILE_ERROR, code);
}

static void
test_encode_refuses (void)
{
  g_autoptr(GPtrArray) good = lines_of ("{\"op\":\"a\"}", "{\"op\":\"b\"}", NULL);
  const char *bad[] = {
    "{\"op\":\"a\",\"text\":\"one\ntwo\"}",   /* a raw line break inside a string */
    "{\"op\":\"a\"}\n",                      /* a line break after the object */
    "{\"op\":\"a\"}\r",
    "{\"op\":\"a\"}\n{\"op\":\"b\"}",        /* two operations in one line */
    "",
    "not json",
    "[\"op\"]",
    "{\"kind\":\"set\"}",                    /* no "op" */
    "{\"op\":5}",
    "{\"op\":\"\"}",
    "{\"op\":\"a\"} trailing",
    "{\"op\":\"a\",\"n\":18446744073709551616}",
    "{\"op\":\"a\",\"t\":\"\xff\xfe\"}",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GPtrArray) lines = lines_of ("{\"op\":\"fine\"}", bad[i], NULL);

      assert_encode_refused (LIBRARY, DEVICE, 1, 2, lines, TK_SYNC_FILE_ERROR_FORMAT);
    }

  /* the count must match the range */
  assert_encode_refused (LIBRARY, DEVICE, 1, 3, good, TK_SYNC_FILE_ERROR_FORMAT);
  assert_encode_refused (LIBRARY, DEVICE, 1, 1, good, TK_SYNC_FILE_ERROR_FORMAT);
  assert_encode_refused (LIBRARY, DEVICE, 2, 1, good, TK_SYNC_FILE_ERROR_FORMAT);
  assert_encode_refused (LIBRARY, DEVICE, -1, 0, good, TK_SYNC_FILE_ERROR_FORMAT);
  assert_encode_refused (LIBRARY, DEVICE, TK_SYNC_FILE_MAX_SEQUENCE,
                         TK_SYNC_FILE_MAX_SEQUENCE + 1, good, TK_SYNC_FILE_ERROR_FORMAT);
  {
    g_autoptr(GPtrArray) none = g_ptr_array_new ();

    assert_encode_refused (LIBRARY, DEVICE, 1, 0, none, TK_SYNC_FILE_ERROR_FORMAT);
  }

  /* uids become folder names */
  {
    const char *uids[] = { "", "-x", "a/b", "..", ".", "a b", "é", "a\"b", "a\\b",
                           "0123456789012345678901234567890123456789012345678901234567890123X" };

    for (i = 0; i < G_N_ELEMENTS (uids); i++)
      {
        g_assert_false (tk_sync_file_uid_is_valid (uids[i]));
        assert_encode_refused (uids[i], DEVICE, 1, 2, good, TK_SYNC_FILE_ERROR_FORMAT);
        assert_encode_refused (LIBRARY, uids[i], 1, 2, good, TK_SYNC_FILE_ERROR_FORMAT);
      }
    g_assert_false (tk_sync_file_uid_is_valid (NULL));
    g_assert_true (tk_sync_file_uid_is_valid ("a"));
    g_assert_true (tk_sync_file_uid_is_valid ("0123456789012345678901234567890123456789"
                                              "012345678901234567890123"));
    g_assert_true (tk_sync_file_uid_is_valid ("A-z_09"));
  }

  /* beyond the size cap: refused before anything is copied (one 1 MiB line, 257 times) */
  {
    gsize n = 1024 * 1024;
    g_autofree char *big = g_malloc (n + 1);
    g_autoptr(GPtrArray) many = g_ptr_array_new ();

    memset (big, ' ', n);
    memcpy (big, "{\"op\":\"big\"}", 12);
    big[n] = '\0';
    for (i = 0; i < 257; i++)
      g_ptr_array_add (many, big);
    assert_encode_refused (LIBRARY, DEVICE, 1, 257, many, TK_SYNC_FILE_ERROR_TOO_BIG);
  }
}

static char *
nested (guint depth)
{
  GString *text = g_string_new ("{\"op\":\"deep\",\"x\":");
  guint i;

  for (i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

/* Files whose framing is right (the trailer matches) but whose lines are hostile. */
static void
test_hostile (void)
{
  const char *header = "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\","
                       "\"device\":\"D\",\"first\":1,\"last\":1}";
  g_autofree char *deep = nested (100000);
  g_autofree char *deep_ok = nested (60);
  g_autofree char *deep_header = NULL;
  const char *bad_ops[] = {
    deep,
    "{\"op\":\"a\",\"t\":\"\xc3\"}",                      /* half a character */
    "{\"op\":\"a\",\"t\":\"\xed\xa0\x80\"}",              /* an encoded surrogate */
    "{\"op\":\"a\",\"t\":\"\\ud800\"}",                   /* a lone surrogate escape */
    "{\"op\":\"a\",\"t\":\"\\u0000\"}",
    "{\"op\":\"a\",\"n\":18446744073709551616}",
    "{\"op\":\"a\",\"n\":-9223372036854775809}",
    "{\"op\":\"a\",\"n\":1e999}",
    "{\"op\":\"a\"}\r",
    "{\"op\":\"a\"}{\"op\":\"b\"}",
    "[]",
    "{}",
    "{\"op\":null}",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad_ops); i++)
    {
      g_autoptr(GPtrArray) lines = lines_of (bad_ops[i], NULL);
      g_autoptr(GBytes) bytes = build_file (header, lines);

      assert_refused (bytes, NULL, TK_SYNC_FILE_ERROR_FORMAT);
    }
  /* a NUL byte inside a line */
  {
    static const char with_nul[] = "{\"op\":\"a\",\"t\":\"x\0y\"}";
    g_autoptr(GString) text = g_string_new (header);
    g_autoptr(GBytes) bytes = NULL;
    g_autofree char *digest = NULL;

    g_string_append_c (text, '\n');
    g_string_append_len (text, with_nul, sizeof with_nul - 1);
    g_string_append_c (text, '\n');
    digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text->str, text->len);
    g_string_append_printf (text, "{\"count\":1,\"sha256\":\"%s\"}\n", digest);
    bytes = g_bytes_new (text->str, text->len);
    assert_refused (bytes, NULL, TK_SYNC_FILE_ERROR_FORMAT);
  }
  /* 60 levels are fine */
  {
    g_autoptr(GPtrArray) lines = lines_of (deep_ok, NULL);
    g_autoptr(GBytes) bytes = build_file (header, lines);
    g_autoptr(GError) error = NULL;
    g_autoptr(TkSyncFile) file = tk_sync_file_decode (bytes, NULL, &error);

    g_assert_no_error (error);
  }

  /* hostile headers */
  deep_header = g_strdup_printf ("{\"format\":\"tablekeeper-ops\",\"version\":1,\"x\":%s}", deep);
  {
    const char *headers[] = {
      deep_header,
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":1,\"last\":18446744073709551617}",
      "{\"format\":\"tablekeeper-ops\",\"version\":18446744073709551617}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":1000000000000,\"last\":1000000000000}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":-1,\"last\":-1}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":1,\"last\":2}",                                  /* two announced, one given */
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":\"1\",\"last\":1}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"../x\",\"device\":\"D\","
      "\"first\":1,\"last\":1}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"\","
      "\"first\":1,\"last\":1}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"first\":1,\"last\":1}",
      "{\"format\":\"tablekeeper-library\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":1,\"last\":1}",
      "{\"format\":\"tablekeeper-ops\",\"version\":1,\"library\":\"L\",\"device\":\"D\","
      "\"first\":1,\"last\":1,\"library\":\"\xff\"}",
      "[\"tablekeeper-ops\"]",
      "",
    };

    for (i = 0; i < G_N_ELEMENTS (headers); i++)
      {
        g_autoptr(GPtrArray) lines = lines_of ("{\"op\":\"a\"}", NULL);
        g_autoptr(GBytes) bytes = build_file (headers[i], lines);

        assert_refused (bytes, NULL, TK_SYNC_FILE_ERROR_FORMAT);
      }
  }

  /* trailers that are equivalent JSON but not the bytes the content calls for */
  {
    g_autoptr(GPtrArray) lines = lines_of ("{\"op\":\"a\"}", NULL);
    g_autoptr(GBytes) good = build_file (header, lines);
    gsize size;
    const char *data = g_bytes_get_data (good, &size);
    const char *trailer = strstr (data, "{\"count\"");
    g_autofree char *content = g_strndup (data, trailer - data);
    g_autofree char *digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                                           (const guchar *) content,
                                                           strlen (content));
    g_autofree char *upper = g_ascii_strup (digest, -1);
    g_autofree char *t1 = g_strdup_printf ("%s{\"count\":1,\"sha256\":\"%s\"}\n", content, upper);
    g_autofree char *t2 = g_strdup_printf ("%s{\"count\": 1,\"sha256\":\"%s\"}\n", content,
                                           digest);
    g_autofree char *t3 = g_strdup_printf ("%s{\"count\":1,\"sha256\":\"%s\"}\r\n", content,
                                           digest);
    g_autofree char *t4 = g_strdup_printf ("%s{\"count\":1,\"sha256\":\"%s\",\"x\":1}\n", content,
                                           digest);
    g_autofree char *t5 = g_strdup_printf ("%s{\"count\":01,\"sha256\":\"%s\"}\n", content,
                                           digest);
    g_autofree char *t6 = g_strdup_printf ("%s{\"count\":1,\"sha256\":\"%s\"}\n\n", content,
                                           digest);
    g_autofree char *t7 = g_strdup_printf ("%s{\"count\":1,\"sha256\":\"%s\"}\n%s", content, digest,
                                           "{\"count\":1}\n");
    const char *variants[] = { t1, t2, t3, t4, t5 };
    g_autoptr(TkSyncFile) file = tk_sync_file_decode (good, NULL, NULL);

    g_assert_nonnull (file);
    for (i = 0; i < G_N_ELEMENTS (variants); i++)
      {
        g_autoptr(GBytes) bytes = g_bytes_new (variants[i], strlen (variants[i]));

        assert_refused (bytes, NULL, TK_SYNC_FILE_ERROR_CHECKSUM);
      }
    /* anything after the trailer makes the last line something else */
    {
      g_autoptr(GBytes) b6 = g_bytes_new (t6, strlen (t6));
      g_autoptr(GBytes) b7 = g_bytes_new (t7, strlen (t7));
      g_autoptr(GError) error = NULL;
      g_autoptr(TkSyncFile) f6 = tk_sync_file_decode (b6, NULL, &error);

      g_assert_null (f6);
      g_assert_nonnull (error);
      assert_refused (b7, NULL, TK_SYNC_FILE_ERROR_CHECKSUM);
    }
  }

  /* too big: refused from its size alone, before a byte of it is looked at */
  {
    gsize n = TK_SYNC_FILE_MAX_SIZE + 1;
    g_autoptr(GBytes) huge = g_bytes_new_take (g_malloc0 (n), n);

    assert_refused (huge, NULL, TK_SYNC_FILE_ERROR_TOO_BIG);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sync-file/round-trip", test_round_trip);
  g_test_add_func ("/sync-file/truncation", test_truncation);
  g_test_add_func ("/sync-file/bit-flips", test_bit_flips);
  g_test_add_func ("/sync-file/wrong-library", test_wrong_library);
  g_test_add_func ("/sync-file/newer-version", test_newer_version);
  g_test_add_func ("/sync-file/encode-refuses", test_encode_refuses);
  g_test_add_func ("/sync-file/hostile", test_hostile);
  return g_test_run ();
}
