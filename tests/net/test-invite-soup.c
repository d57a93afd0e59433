/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-invite-soup.c — libsoup is opened when a host first invites, not at start-up.
 *
 * The app links no HTTP library: tk-soup.c opens libsoup 3 from tk_invite_server_start().
 * These check that nothing has mapped it before, that the first invitation does and then
 * serves, and that a missing library is a clear error rather than a crash.
 */
#include "config.h"

#include <string.h>

#include "tk-invite-server.h"
#include "tk-rules.h"
#include "tk-store.h"
#include "tk-test-store.h"

/* Whether a file whose name contains @name is mapped into this process. */
static gboolean
library_mapped (const char *name)
{
  g_autofree char *maps = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  return strstr (maps, name) != NULL;
}

typedef struct
{
  char           *dir;
  TkStore        *store;
  TkSession      *session;
  TkInviteServer *server;
} Host;

static void
host_init (Host *host)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autofree char *db = NULL;
  const TkRules *rules;

  host->dir = g_dir_make_tmp ("tk-invite-soup-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_build_filename (host->dir, "library.db", NULL);
  host->store = tk_store_open (db, &error);
  g_assert_no_error (error);
  rules = tk_rules_lookup ("agora");
  g_assert_nonnull (rules);
  setup = rules->default_setup (2);
  host->session = tk_session_start (host->store, rules->id, 0, "Table", setup, &error);
  g_assert_no_error (error);
  host->server = tk_invite_server_new (host->session);
}

static void
host_clear (Host *host)
{
  tk_invite_server_stop (host->server);
  g_clear_object (&host->server);
  g_clear_object (&host->session);
  g_clear_object (&host->store);
  tk_test_remove_tree (host->dir);
  g_free (host->dir);
}

/* A GET of the invitation's page over loopback, answered while the main loop turns. */
typedef struct
{
  GMainLoop *loop;
  GString   *reply;
} Fetch;

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Fetch *fetch = user_data;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result,
                                                              NULL);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      g_main_loop_quit (fetch->loop);
      return;
    }
  g_string_append_len (fetch->reply, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_input_stream_read_bytes_async (G_INPUT_STREAM (source), 4096, G_PRIORITY_DEFAULT, NULL,
                                   on_read, fetch);
}

static char *
fetch_page (const char *url)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, &error);
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autofree char *request = NULL;
  Fetch fetch = { g_main_loop_new (NULL, FALSE), g_string_new (NULL) };
  GOutputStream *out;

  g_assert_no_error (error);
  connection = g_socket_client_connect_to_host (client, g_uri_get_host (uri),
                                                g_uri_get_port (uri), NULL, &error);
  g_assert_no_error (error);
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n",
                             g_uri_get_path (uri), g_uri_get_host (uri), g_uri_get_port (uri));
  out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  g_output_stream_write_all (out, request, strlen (request), NULL, NULL, &error);
  g_assert_no_error (error);
  g_input_stream_read_bytes_async (g_io_stream_get_input_stream (G_IO_STREAM (connection)), 4096,
                                   G_PRIORITY_DEFAULT, NULL, on_read, &fetch);
  g_main_loop_run (fetch.loop);
  g_main_loop_unref (fetch.loop);
  return g_string_free (fetch.reply, FALSE);
}

static void
test_loaded_on_start (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *page = NULL;
  Host host = { 0 };

  /* A session and its server exist, and still no HTTP library. */
  host_init (&host);
  g_assert_false (library_mapped ("libsoup-3.0"));

  g_assert_true (tk_invite_server_start (host.server, TK_INVITE_BIND_LOOPBACK, &error));
  g_assert_no_error (error);
  g_assert_true (library_mapped ("libsoup-3.0"));

  /* And it serves: the page, with its security headers, through the loaded functions. */
  page = fetch_page (tk_invite_server_get_url (host.server));
  g_assert_true (g_str_has_prefix (page, "HTTP/1.1 200"));
  g_assert_nonnull (strstr (page, "Content-Security-Policy: default-src 'none'"));
  g_assert_nonnull (strstr (page, "<html"));
  host_clear (&host);
}

static void
test_missing_library (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      Host host = { 0 };

      g_setenv ("TK_TEST_SOUP_LIBRARY", "libsoup-missing-for-a-test.so.0", TRUE);
      host_init (&host);
      g_assert_false (tk_invite_server_start (host.server, TK_INVITE_BIND_LOOPBACK, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
      g_assert_nonnull (strstr (error->message, "libsoup 3"));
      g_assert_nonnull (strstr (error->message, "libsoup-missing-for-a-test.so.0"));
      g_assert_null (tk_invite_server_get_url (host.server));
      g_assert_false (library_mapped ("libsoup-3.0"));
      /* Asking again gives the same answer, without trying to load it twice. */
      g_clear_error (&error);
      g_assert_false (tk_invite_server_start (host.server, TK_INVITE_BIND_LOOPBACK, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
      host_clear (&host);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/invite/soup/missing-library", test_missing_library);
  g_test_add_func ("/invite/soup/loaded-on-start", test_loaded_on_start);
  return g_test_run ();
}
