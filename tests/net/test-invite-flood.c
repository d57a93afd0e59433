/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-invite-flood.c — the invite server against anyone on the network (issue 31, 1–6).
 *
 * The server runs in this process, on 127.0.0.1; the floods come from a client thread with
 * plain blocking sockets (every wait bounded by a socket timeout, every loop by a count).
 * After each flood the server's descriptors (/proc/self/fd) must be back to what they were
 * and its memory (VmRSS) near where it was, and a real phone must still join: say hello
 * and get a seat, as the page does.
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "tk-invite-gate.h"
#include "tk-invite-head.h"
#include "tk-invite-protocol.h"
#include "tk-invite-server.h"
#include "tk-invite-stream.h"
#include "tk-rules.h"
#include "tk-store.h"
#include "tk-test-store.h"

/* How far the server's memory may be above its baseline after a flood, in KiB. */
#define MEMORY_MARGIN_KIB (20 * 1024)

typedef struct
{
  char           *dir;
  TkStore        *store;
  TkSession      *session;
  TkInviteServer *server;
  guint           port;
  char           *prefix;       /* "/t/TOKEN/" */
  char           *ws_path;
  guint           baseline_fds;
  guint           baseline_kib;
} Host;

/* ---- the server's own figures ---- */

static guint
count_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static guint
rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmRSS:");
  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("VmRSS:"), NULL, 10);
}

/* ---- the main loop turns while a client thread works ---- */

typedef struct
{
  GThreadFunc func;
  gpointer    data;
  gpointer    result;
  gint        done;
} Job;

static gpointer
job_run (gpointer data)
{
  Job *job = data;

  job->result = job->func (job->data);
  g_atomic_int_set (&job->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static gpointer
run_client (GThreadFunc func,
            gpointer    data)
{
  Job job = { func, data, NULL, 0 };
  GThread *thread = g_thread_new ("client", job_run, &job);

  while (!g_atomic_int_get (&job.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  return job.result;
}

static void
on_tick (gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* Turns the main loop until the server holds no connection, for at most @seconds. */
static gboolean
wait_for_no_connection (Host *host,
                        guint seconds)
{
  gboolean over = FALSE;
  guint timer = g_timeout_add_once (seconds * 1000, on_tick, &over);

  while (!over && tk_invite_server_get_n_connections (host->server) > 0)
    {
      gboolean tick = FALSE;

      /* Wakes the loop now and then to look again. */
      g_timeout_add_once (20, on_tick, &tick);
      while (!tick && !over)
        g_main_context_iteration (NULL, TRUE);
    }
  if (!over)
    g_source_remove (timer);
  /* What libsoup still finishes after a close (idle callbacks). */
  for (guint i = 0; i < 50 && g_main_context_iteration (NULL, FALSE); i++)
    ;
  return tk_invite_server_get_n_connections (host->server) == 0;
}

/* ---- plain socket clients (run in the client thread) ---- */

static GSocketConnection *
connect_from (Host       *host,
              const char *from)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  GSocketConnection *connection;

  if (from != NULL)
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (from);
      g_autoptr(GSocketAddress) local = g_inet_socket_address_new (inet, 0);

      g_socket_client_set_local_address (client, local);
    }
  g_socket_client_set_timeout (client, 10);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", host->port, NULL, &error);
  if (connection == NULL)
    g_test_message ("connect: %s", error->message);
  return connection;
}

static GSocket *
sock (GSocketConnection *connection)
{
  return g_socket_connection_get_socket (connection);
}

static gboolean
send_all (GSocketConnection *connection,
          const void        *data,
          gsize              length)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));

  return g_output_stream_write_all (out, data, length, NULL, NULL, NULL);
}

static gboolean
send_text (GSocketConnection *connection,
           const char        *text)
{
  return send_all (connection, text, strlen (text));
}

/* Everything until the peer closes, or until nothing came for @seconds (then NULL). */
static char *
read_to_end (GSocketConnection *connection,
             guint              seconds)
{
  GString *text = g_string_new (NULL);

  g_socket_set_timeout (sock (connection), seconds);
  for (guint i = 0; i < 1000; i++)
    {
      char buffer[4096];
      g_autoptr(GError) error = NULL;
      gssize n = g_socket_receive (sock (connection), buffer, sizeof buffer, NULL, &error);

      if (n == 0 || (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)))
        return g_string_free (text, FALSE);
      if (n < 0)
        break;
      g_string_append_len (text, buffer, n);
    }
  g_string_free (text, TRUE);
  return NULL;
}

/* The tests' request texts, with the path and the Host put in. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static char *
fill (const char *format,
      const char *path,
      const char *authority)
{
  return g_strdup_printf (format, path, authority);
}
#pragma GCC diagnostic pop

static char *
host_header (Host *host)
{
  return g_strdup_printf ("127.0.0.1:%u", host->port);
}

/* ---- a WebSocket client, as little of one as the tests need ---- */

static GSocketConnection *
ws_connect (Host       *host,
            const char *from)
{
  GSocketConnection *connection = connect_from (host, from);
  g_autofree char *authority = host_header (host);
  g_autofree char *request = NULL;
  GString *head = g_string_new (NULL);

  if (connection == NULL)
    return NULL;
  request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\nOrigin: http://%s\r\n\r\n",
                             host->ws_path, authority, authority);
  g_socket_set_timeout (sock (connection), 10);
  if (!send_text (connection, request))
    goto refused;
  /* The answer's head, a byte at a time: nothing of the first frame is read with it. */
  while (!g_str_has_suffix (head->str, "\r\n\r\n") && head->len < 4096)
    {
      char c;

      if (g_socket_receive (sock (connection), &c, 1, NULL, NULL) != 1)
        goto refused;
      g_string_append_c (head, c);
    }
  if (!g_str_has_prefix (head->str, "HTTP/1.1 101"))
    goto refused;
  g_string_free (head, TRUE);
  return connection;

refused:
  g_string_free (head, TRUE);
  g_object_unref (connection);
  return NULL;
}

/* A frame from the client: masked (with a zero key, which leaves the payload as it is). */
static gboolean
ws_send_frame (GSocketConnection *connection,
               guint8             first,
               const void        *payload,
               gsize              length)
{
  guint8 header[14];
  gsize n = 0;

  header[n++] = first;
  if (length < 126)
    header[n++] = 0x80 | length;
  else if (length < 65536)
    {
      header[n++] = 0x80 | 126;
      header[n++] = length >> 8;
      header[n++] = length & 0xff;
    }
  else
    {
      header[n++] = 0x80 | 127;
      for (int b = 7; b >= 0; b--)
        header[n++] = ((guint64) length >> (8 * b)) & 0xff;
    }
  memset (header + n, 0, 4);
  n += 4;
  return send_all (connection, header, n) &&
         (length == 0 || send_all (connection, payload, length));
}

static gboolean
ws_send (GSocketConnection *connection,
         const char        *text)
{
  return ws_send_frame (connection, 0x81, text, strlen (text));
}

static gboolean
receive_exactly (GSocketConnection *connection,
                 void              *buffer,
                 gsize              length)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  gsize got = 0;

  return g_input_stream_read_all (in, buffer, length, &got, NULL, NULL) && got == length;
}

/* The next text message (pings and pongs skipped); NULL once closed or silent. @close_code
 * gets the code of a close frame. */
static char *
ws_receive (GSocketConnection *connection,
            guint             *close_code)
{
  for (guint i = 0; i < 100; i++)
    {
      guint8 header[2];
      guint64 length;
      g_autofree char *payload = NULL;

      if (!receive_exactly (connection, header, 2))
        return NULL;
      length = header[1] & 0x7f;
      if (length >= 126)
        {
          guint8 ext[8];
          guint n = length == 126 ? 2 : 8;

          if (!receive_exactly (connection, ext, n))
            return NULL;
          length = 0;
          for (guint b = 0; b < n; b++)
            length = (length << 8) | ext[b];
        }
      if (length > 1024 * 1024)
        return NULL;
      payload = g_malloc (length + 1);
      if (!receive_exactly (connection, payload, length))
        return NULL;
      payload[length] = '\0';
      if ((header[0] & 0x0f) == 0x8)
        {
          if (close_code != NULL && length >= 2)
            *close_code = ((guint8) payload[0] << 8) | (guint8) payload[1];
          return NULL;
        }
      if ((header[0] & 0x0f) == 0x1)
        return g_steal_pointer (&payload);
    }
  return NULL;
}

/* The next message of @type (others skipped), parsed; NULL if none came. */
static JsonObject *
ws_receive_type (GSocketConnection *connection,
                 const char        *type)
{
  for (guint i = 0; i < 50; i++)
    {
      g_autofree char *text = ws_receive (connection, NULL);
      g_autoptr(JsonNode) node = NULL;
      JsonObject *object;

      if (text == NULL)
        return NULL;
      node = json_from_string (text, NULL);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        continue;
      object = json_node_get_object (node);
      if (g_strcmp0 (json_object_get_string_member_with_default (object, "type", ""), type) == 0)
        return json_object_ref (object);
    }
  return NULL;
}

static char *
hello_text (const char *client)
{
  return g_strdup_printf ("{\"v\":1,\"type\":\"hello\",\"client\":\"%s\",\"lang\":\"en\","
                          "\"since\":0}", client);
}

/* A phone joins as the page does: hello, welcome and state, then a seat asked and given. */
static gpointer
join (gpointer data)
{
  Host *host = data;
  g_autoptr(GSocketConnection) connection = ws_connect (host, NULL);
  g_autofree char *hello = hello_text ("real-phone-0123456789abcdef");
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) state = NULL;

  if (connection == NULL || !ws_send (connection, hello))
    return GINT_TO_POINTER (FALSE);
  welcome = ws_receive_type (connection, "welcome");
  state = ws_receive_type (connection, "state");
  if (welcome == NULL || state == NULL)
    return GINT_TO_POINTER (FALSE);
  if (!ws_send (connection, "{\"v\":1,\"type\":\"seat_request\",\"seat\":0}"))
    return GINT_TO_POINTER (FALSE);
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(JsonObject) next = ws_receive_type (connection, "state");

      if (next == NULL)
        return GINT_TO_POINTER (FALSE);
      if (!json_object_get_null_member (next, "seat") &&
          json_object_get_int_member (next, "seat") == 0)
        {
          ws_send_frame (connection, 0x88, "\x03\xe8", 2);
          return GINT_TO_POINTER (TRUE);
        }
    }
  return GINT_TO_POINTER (FALSE);
}

/* ---- the host ---- */

static void
host_init (Host *host)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = NULL;
  g_autofree char *db = NULL;
  const TkRules *rules;
  const char *url;

  memset (host, 0, sizeof *host);
  host->dir = g_dir_make_tmp ("tk-invite-flood-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_build_filename (host->dir, "library.db", NULL);
  host->store = tk_store_open (db, &error);
  g_assert_no_error (error);
  rules = tk_rules_lookup ("generic-score-pad");
  g_assert_nonnull (rules);
  setup = rules->default_setup (2);
  host->session = tk_session_start (host->store, rules->id, 0, "Table", setup, &error);
  g_assert_no_error (error);
  host->server = tk_invite_server_new (host->session);
  tk_invite_server_set_accept_seats (host->server, TRUE);
  g_assert_true (tk_invite_server_start (host->server, TK_INVITE_BIND_LOOPBACK, &error));
  g_assert_no_error (error);
  url = tk_invite_server_get_url (host->server);
  host->port = (guint) g_ascii_strtoull (strrchr (url, ':') + 1, NULL, 10);
  host->prefix = g_strdup (strstr (url + strlen ("http://"), "/"));
  host->ws_path = g_strconcat (host->prefix, "ws", NULL);

  /* A first phone loads whatever a connection needs once; then the baseline. */
  g_assert_true (GPOINTER_TO_INT (run_client (join, host)));
  g_assert_true (wait_for_no_connection (host, 5));
  tk_invite_server_take_back_seat (host->server, 0);
  host->baseline_fds = count_fds ();
  host->baseline_kib = rss_kib ();
}

/* After a flood: descriptors as before, memory near it, and a phone still joins. */
static void
host_check (Host       *host,
            const char *flood)
{
  guint fds, kib;

  g_assert_true (wait_for_no_connection (host, 10));
  fds = count_fds ();
  kib = rss_kib ();
  g_test_message ("after %s: %u descriptors (baseline %u), VmRSS %u KiB (baseline %u)",
                  flood, fds, host->baseline_fds, kib, host->baseline_kib);
  g_assert_cmpuint (fds, ==, host->baseline_fds);
  g_assert_cmpuint (kib, <, host->baseline_kib + MEMORY_MARGIN_KIB);
  g_assert_true (GPOINTER_TO_INT (run_client (join, host)));
  tk_invite_server_take_back_seat (host->server, 0);
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
  g_free (host->prefix);
  g_free (host->ws_path);
}

/* ---- 1. request bodies ---- */

typedef struct
{
  Host       *host;
  const char *head;     /* with %s for the path, %s for Host */
  const char *path;
  guint64     sent;     /* body bytes the server took before it closed */
  char       *answer;
} Body;

static gpointer
post_body (gpointer data)
{
  Body *body = data;
  g_autoptr(GSocketConnection) connection = connect_from (body->host, NULL);
  g_autofree char *authority = host_header (body->host);
  g_autofree char *head = NULL;
  g_autofree char *chunk = g_malloc (65536);
  gint64 until = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  gboolean chunked = strstr (body->head, "chunked") != NULL;
  g_autofree char *size_line = g_strdup_printf ("%x\r\n", 65536);

  g_assert_nonnull (connection);
  memset (chunk, 'x', 65536);
  head = fill (body->head, body->path, authority);
  g_socket_set_timeout (sock (connection), 5);
  if (!send_text (connection, head))
    return NULL;
  /* Up to 1 GB, for at most 20 s: the server should have closed long before. */
  while (body->sent < G_GUINT64_CONSTANT (1) << 30 && g_get_monotonic_time () < until)
    {
      if (chunked && !send_text (connection, size_line))
        break;
      if (!send_all (connection, chunk, 65536) || (chunked && !send_text (connection, "\r\n")))
        break;
      body->sent += 65536;
    }
  body->answer = read_to_end (connection, 5);
  return NULL;
}

static void
test_body (void)
{
  static const char *const heads[] = {
    "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: 1073741824\r\n\r\n",
    "POST %s HTTP/1.1\r\nHost: %s\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET %s HTTP/1.1\r\nHost: %s\r\nContent-Length: 1073741824\r\n\r\n",
  };
  Host host;

  host_init (&host);
  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    for (guint p = 0; p < 3; p++)
      {
        const char *paths[] = { "/", host.prefix, host.ws_path };
        Body body = { &host, heads[i], paths[p], 0, NULL };

        run_client (post_body, &body);
        g_test_message ("body %u to %s: %" G_GUINT64_FORMAT " bytes sent, answer %.12s",
                        i, p == 0 ? "/" : p == 1 ? "the page" : "the WebSocket",
                        body.sent, body.answer != NULL ? body.answer : "(reset)");
        /* Refused at the head: what got out is what the socket buffers held, not 1 GB. */
        g_assert_cmpuint (body.sent, <, 64 * 1024 * 1024);
        g_assert_true (body.answer == NULL || body.answer[0] == '\0' ||
                       g_str_has_prefix (body.answer, "HTTP/1.1 413"));
        g_free (body.answer);
        host_check (&host, "a 1 GB body");
      }
  host_clear (&host);
}

/* ---- 2. sockets closed when the client goes, timeouts, caps ---- */

typedef struct
{
  Host    *host;
  gboolean spread;   /* from twenty loopback addresses rather than one */
  guint    n_eof;    /* connections the server closed on its own */
  guint    n_open;
  guint    most;     /* the most connections the server held at once */
} Sockets;

static gboolean
on_count (gpointer data)
{
  Sockets *s = data;

  s->most = MAX (s->most, tk_invite_server_get_n_connections (s->host->server));
  return G_SOURCE_CONTINUE;
}

/* Ten GETs with keep-alive, each connection kept open by the client after the answer. */
static gpointer
keep_alive (gpointer data)
{
  Sockets *s = data;
  g_autofree char *authority = host_header (s->host);
  g_autofree char *request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n"
                                              "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n",
                                              s->host->prefix, authority, s->host->prefix,
                                              authority);

  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(GSocketConnection) connection = connect_from (s->host, NULL);
      g_autofree char *answer = NULL;

      g_assert_nonnull (connection);
      g_assert_true (send_text (connection, request));
      /* The page, then the server's close, within seconds: one request per connection. */
      answer = read_to_end (connection, 8);
      if (answer != NULL && g_str_has_prefix (answer, "HTTP/1.1 200"))
        s->n_eof++;
    }
  return NULL;
}

/* 300 connections with half a head, then 300 sending nothing: all held by the client. */
static gpointer
half_open (gpointer data)
{
  Sockets *s = data;
  g_autoptr(GPtrArray) connections = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *authority = host_header (s->host);
  g_autofree char *half = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\nX-Slow:",
                                           s->host->prefix, authority);

  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *from = s->spread ? g_strdup_printf ("127.0.0.%u", 2 + i % 20) : NULL;
      GSocketConnection *connection = connect_from (s->host, from);

      if (connection == NULL)
        continue;
      if (i % 2 == 0)
        send_text (connection, half);
      g_ptr_array_add (connections, connection);
    }
  s->n_open = connections->len;
  /* The server closes each of them by itself: over the caps at once, the rest when their
   * head did not come in time. */
  for (guint i = 0; i < connections->len; i++)
    {
      GSocketConnection *connection = g_ptr_array_index (connections, i);
      g_autofree char *rest = read_to_end (connection, TK_INVITE_HEAD_TIMEOUT + 5);

      if (rest != NULL)
        s->n_eof++;
    }
  return NULL;
}

/* Half a head, then the client goes. */
static gpointer
client_goes (gpointer data)
{
  Sockets *s = data;

  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(GSocketConnection) connection = connect_from (s->host, NULL);

      g_assert_nonnull (connection);
      send_text (connection, "GET / HTTP/1.1\r\nHo");
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
    }
  return NULL;
}

static void
test_sockets (void)
{
  Host host;
  Sockets s;
  gint64 start;

  host_init (&host);

  s = (Sockets) { &host };
  run_client (keep_alive, &s);
  g_assert_cmpuint (s.n_eof, ==, 10);
  host_check (&host, "10 keep-alive requests");

  /* From one address, then from twenty: the caps per address and in all. */
  for (guint spread = 0; spread < 2; spread++)
    {
      guint counter;

      s = (Sockets) { &host, spread };
      start = g_get_monotonic_time ();
      counter = g_timeout_add (5, on_count, &s);
      run_client (half_open, &s);
      g_source_remove (counter);
      g_test_message ("300 half-open connections from %u address(es): %u connected, at most %u "
                      "held, all %u closed by the server in %.1f s", spread ? 20 : 1, s.n_open,
                      s.most, s.n_eof, (g_get_monotonic_time () - start) / 1e6);
      g_assert_cmpuint (s.n_eof, ==, s.n_open);
      g_assert_cmpuint (s.most, <=, spread ? TK_INVITE_MAX_CONNECTIONS : TK_INVITE_MAX_PER_ADDRESS);
      g_assert_cmpuint (s.most, >=, spread ? TK_INVITE_MAX_CONNECTIONS : TK_INVITE_MAX_PER_ADDRESS);
      host_check (&host, "300 half-open connections");
    }

  /* The client going is seen at once, not at the deadline. */
  s = (Sockets) { &host };
  run_client (client_goes, &s);
  g_assert_true (wait_for_no_connection (&host, 2));
  host_check (&host, "10 clients gone in the middle of a head");
  host_clear (&host);
}

/* ---- 3. WebSocket messages in fragments ---- */

typedef struct
{
  Host   *host;
  guint   n_sent;
  gboolean closed;
} Fragments;

static gpointer
fragments (gpointer data)
{
  Fragments *f = data;
  g_autoptr(GSocketConnection) connection = ws_connect (f->host, NULL);
  g_autofree char *hello = hello_text ("fragments-0123456789abcdef");
  g_autofree char *piece = g_malloc (8192);
  g_autoptr(JsonObject) state = NULL;
  g_autofree char *rest = NULL;

  g_assert_nonnull (connection);
  g_assert_true (ws_send (connection, hello));
  state = ws_receive_type (connection, "state");
  g_assert_nonnull (state);
  memset (piece, ' ', 8192);
  /* 12,000 fragments of 8 KiB (98 MB) of one text message that never ends. */
  if (ws_send_frame (connection, 0x01, piece, 8192))
    for (f->n_sent = 1; f->n_sent < 12000; f->n_sent++)
      if (!ws_send_frame (connection, 0x00, piece, 8192))
        break;
  rest = read_to_end (connection, 5);
  f->closed = rest != NULL;
  return NULL;
}

static void
test_fragments (void)
{
  Fragments f = { NULL, 0, FALSE };
  Host host;

  host_init (&host);
  f.host = &host;
  run_client (fragments, &f);
  g_test_message ("fragments sent before the server closed: %u of 12000", f.n_sent);
  g_assert_true (f.closed);
  g_assert_cmpuint (f.n_sent, <, 12000);
  host_check (&host, "a message in 12,000 fragments");
  host_clear (&host);
}

static void
test_frame_meter (void)
{
  TkInviteFrameMeter meter = { 0 };
  guint8 frame[4 + 4] = { 0x01, 0x80 | 126, 0x10, 0x00 };   /* 4,096 bytes, more to come */
  guint8 payload[4096] = { 0 };
  guint8 end[6] = { 0x80, 0x80 };                           /* an empty last fragment */
  guint8 ping[6] = { 0x89, 0x80 };

  /* Three fragments of 4 KiB with a ping between them pass; the fifth one does not. */
  for (guint i = 0; i < 4; i++)
    {
      frame[0] = i == 0 ? 0x01 : 0x00;
      /* Cut anywhere: the meter follows frames across reads. */
      for (guint b = 0; b < sizeof frame; b++)
        g_assert_true (tk_invite_frame_meter_feed (&meter, frame + b, 1, 16384));
      g_assert_true (tk_invite_frame_meter_feed (&meter, payload, sizeof payload, 16384));
      g_assert_true (tk_invite_frame_meter_feed (&meter, ping, sizeof ping, 16384));
    }
  g_assert_false (tk_invite_frame_meter_feed (&meter, frame, sizeof frame, 16384));

  /* A message that ended starts the count again. */
  memset (&meter, 0, sizeof meter);
  for (guint i = 0; i < 10; i++)
    {
      frame[0] = 0x81;
      g_assert_true (tk_invite_frame_meter_feed (&meter, frame, sizeof frame, 16384));
      g_assert_true (tk_invite_frame_meter_feed (&meter, payload, sizeof payload, 16384));
    }
  g_assert_true (tk_invite_frame_meter_feed (&meter, end, sizeof end, 16384));
}

/* ---- 4. the guest table ---- */

typedef struct
{
  Host  *host;
  guint  n_connected;
  guint  n_closed;
  char  *full_message;
  guint  close_code;
} Table;

/* WebSockets that never say hello. */
static gpointer
silent (gpointer data)
{
  Table *t = data;
  g_autoptr(GPtrArray) connections = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < 12; i++)
    {
      GSocketConnection *connection = ws_connect (t->host, NULL);

      if (connection != NULL)
        g_ptr_array_add (connections, connection);
    }
  t->n_connected = connections->len;
  for (guint i = 0; i < connections->len; i++)
    {
      guint code = 0;

      g_socket_set_timeout (sock (g_ptr_array_index (connections, i)), 10);
      g_assert_null (ws_receive (g_ptr_array_index (connections, i), &code));
      t->n_closed += code == 1008;
    }
  return NULL;
}

/* 100 phones one after the other: hello, then gone without a seat. */
static gpointer
passing (gpointer data)
{
  Table *t = data;

  for (guint i = 0; i < 100; i++)
    {
      g_autoptr(GSocketConnection) connection = ws_connect (t->host, NULL);
      g_autofree char *client = g_strdup_printf ("passing-%04u-0123456789", i);
      g_autofree char *hello = hello_text (client);
      g_autoptr(JsonObject) state = NULL;

      g_assert_nonnull (connection);
      g_assert_true (ws_send (connection, hello));
      state = ws_receive_type (connection, "state");
      t->n_connected += state != NULL;
    }
  return NULL;
}

/* 64 phones that stay (from five loopback addresses, as five phones' worth of caps), then
 * one more that finds the table full; then they all go. */
static gpointer
crowd (gpointer data)
{
  Table *t = data;
  g_autoptr(GPtrArray) connections = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GSocketConnection) late = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autofree char *hello = NULL;

  for (guint i = 0; i < 64; i++)
    {
      g_autofree char *from = g_strdup_printf ("127.0.0.%u", 2 + i / 13);
      GSocketConnection *connection = ws_connect (t->host, from);
      g_autofree char *client = g_strdup_printf ("crowd-%04u-0123456789", i);
      g_autofree char *text = hello_text (client);
      g_autoptr(JsonObject) state = NULL;

      g_assert_nonnull (connection);
      g_ptr_array_add (connections, connection);
      g_assert_true (ws_send (connection, text));
      state = ws_receive_type (connection, "state");
      t->n_connected += state != NULL;
    }
  late = ws_connect (t->host, "127.0.0.7");
  g_assert_nonnull (late);
  hello = hello_text ("late-phone-0123456789abc");
  g_assert_true (ws_send (late, hello));
  refusal = ws_receive_type (late, "refusal");
  if (refusal != NULL && g_str_equal (json_object_get_string_member (refusal, "code"), "full"))
    t->full_message = g_strdup (json_object_get_string_member (refusal, "message"));
  ws_receive (late, &t->close_code);
  return NULL;
}

static void
test_table (void)
{
  Table t;
  Host host;

  host_init (&host);

  t = (Table) { &host };
  run_client (silent, &t);
  g_test_message ("WebSockets without hello: %u connected, %u closed with 1008",
                  t.n_connected, t.n_closed);
  g_assert_cmpuint (t.n_connected, >, 0);
  g_assert_cmpuint (t.n_closed, ==, t.n_connected);
  host_check (&host, "WebSockets without hello");

  t = (Table) { &host };
  run_client (passing, &t);
  g_assert_cmpuint (t.n_connected, ==, 100);
  host_check (&host, "100 phones passing by");

  t = (Table) { &host };
  run_client (crowd, &t);
  g_assert_cmpuint (t.n_connected, ==, 64);
  g_assert_cmpstr (t.full_message, ==, "This table has no room for another phone. Ask the host.");
  g_assert_cmpuint (t.close_code, ==, 1008);
  g_assert_cmpuint (tk_invite_server_get_n_turned_away (host.server), ==, 1);
  g_free (t.full_message);
  host_check (&host, "a full table");
  host_clear (&host);
}

/* ---- 5. one close per WebSocket ---- */

typedef struct
{
  Host    *host;
  gboolean closed;
  guint    code;
} Syncs;

static gpointer
syncs (gpointer data)
{
  Syncs *s = data;
  g_autoptr(GSocketConnection) connection = ws_connect (s->host, NULL);
  g_autofree char *hello = hello_text ("syncs-0123456789abcdef");
  g_autoptr(JsonObject) state = NULL;
  GString *burst = g_string_new (NULL);
  const char *sync = "{\"v\":1,\"type\":\"sync\",\"since\":0}";

  g_assert_nonnull (connection);
  g_assert_true (ws_send (connection, hello));
  state = ws_receive_type (connection, "state");
  g_assert_nonnull (state);
  /* 5,000 sync messages in one write: the server reads many at once. */
  for (guint i = 0; i < 5000; i++)
    {
      guint8 header[6] = { 0x81, 0x80 | strlen (sync) };

      g_string_append_len (burst, (const char *) header, sizeof header);
      g_string_append (burst, sync);
    }
  send_all (connection, burst->str, burst->len);
  g_string_free (burst, TRUE);
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *text = ws_receive (connection, &s->code);

      if (text == NULL)
        break;
    }
  s->closed = s->code != 0;
  return NULL;
}

static void
test_close_once (void)
{
  Syncs s = { NULL };
  Host host;

  /* libsoup's "assertion '!priv->close_sent' failed" is a critical: fatal in a test. */
  host_init (&host);
  s.host = &host;
  run_client (syncs, &s);
  g_assert_true (s.closed);
  g_assert_cmpuint (s.code, ==, 1008);
  host_check (&host, "5,000 sync messages");
  host_clear (&host);
}

/* ---- 6. Host headers and absolute-form targets ---- */

typedef struct
{
  Host       *host;
  const char *format;   /* %s: the page's path, %s: our Host */
  char       *answer;
} Request;

static gpointer
request (gpointer data)
{
  Request *r = data;
  g_autoptr(GSocketConnection) connection = connect_from (r->host, NULL);
  g_autofree char *authority = host_header (r->host);
  g_autofree char *text = fill (r->format, r->host->prefix, authority);

  g_assert_nonnull (connection);
  g_assert_true (send_text (connection, text));
  r->answer = read_to_end (connection, 5);
  return NULL;
}

static void
test_host (void)
{
  static const struct
  {
    const char *format;
    const char *status;
  } cases[] = {
    { "GET %s HTTP/1.1\r\nHost: evil.example:80\r\nHost: %s\r\n\r\n", "HTTP/1.1 400" },
    { "GET %s HTTP/1.1\r\nHost: %s\r\nHost: evil.example\r\n\r\n", "HTTP/1.1 400" },
    { "GET %s HTTP/1.1\r\n\r\n", "HTTP/1.1 400" },
    { "GET http://evil.example%s HTTP/1.1\r\nHost: %s\r\n\r\n", "HTTP/1.1 421" },
    { "GET http://evil.example%s HTTP/1.1\r\nHost: evil.example\r\n\r\n", "HTTP/1.1 421" },
    { "GET %s HTTP/1.1\r\nHost: evil.example\r\n\r\n", "HTTP/1.1 421" },
    { "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", "HTTP/1.1 200" },
  };
  Host host;

  host_init (&host);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Request r = { &host, cases[i].format, NULL };

      run_client (request, &r);
      g_test_message ("case %u: %.12s", i, r.answer);
      g_assert_nonnull (r.answer);
      g_assert_true (g_str_has_prefix (r.answer, cases[i].status));
      g_free (r.answer);
    }

  /* Our own address in the absolute form is HTTP/1.1 and served. */
  {
    g_autofree char *own = g_strdup_printf ("GET http://127.0.0.1:%u%%s HTTP/1.1\r\n"
                                            "Host: %%s\r\n\r\n", host.port);
    Request r = { &host, own, NULL };

    run_client (request, &r);
    g_assert_nonnull (r.answer);
    g_assert_true (g_str_has_prefix (r.answer, "HTTP/1.1 200"));
    g_free (r.answer);
  }
  host_check (&host, "foreign hosts");
  host_clear (&host);
}

static void
test_head_check (void)
{
  TkInviteHead head;
  const char *ws = "GET /t/x/ws?a=1 HTTP/1.1\r\nHost: h:1\r\nUpgrade: WebSocket\r\n\r\n";
  const char *folded = "GET / HTTP/1.1\r\nHost: h:1\r\nX: y\r\n Content-Length: 5\r\n\r\n";
  const char *spaced = "GET / HTTP/1.1\r\nHost: h:1\r\nHost : evil\r\n\r\n";
  const char *plain = "GET / HTTP/1.1\r\nhost:h:1\r\nUser-Agent: a b: c\r\n\r\n";
  const char *empty_body = "GET / HTTP/1.1\nHost: h:1\nContent-Length: 0\n\n";

  g_assert_cmpuint (tk_invite_head_length ("GET / HTTP/1.1\r\nHost: h\r\n", 25), ==, 0);
  g_assert_cmpuint (tk_invite_head_length ("GET / HTTP/1.1\r\nHost: h\r\n\r\nbody", 31), ==, 27);
  g_assert_cmpuint (tk_invite_head_length ("GET / HTTP/1.1\nHost: h\n\nbody", 28), ==, 24);

  tk_invite_head_check (ws, strlen (ws), "/t/x/ws", &head);
  g_assert_cmpuint (head.status, ==, 0);
  g_assert_true (head.websocket);
  tk_invite_head_check (ws, strlen (ws), "/t/y/ws", &head);
  g_assert_false (head.websocket);
  tk_invite_head_check (folded, strlen (folded), "/t/x/ws", &head);
  g_assert_cmpuint (head.status, ==, 400);
  tk_invite_head_check (spaced, strlen (spaced), "/t/x/ws", &head);
  g_assert_cmpuint (head.status, ==, 400);
  tk_invite_head_check (plain, strlen (plain), "/t/x/ws", &head);
  g_assert_cmpuint (head.status, ==, 0);
  g_assert_false (head.websocket);
  tk_invite_head_check (empty_body, strlen (empty_body), "/t/x/ws", &head);
  g_assert_cmpuint (head.status, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tk_games_register_all ();
  g_test_add_func ("/invite/flood/head-check", test_head_check);
  g_test_add_func ("/invite/flood/frame-meter", test_frame_meter);
  g_test_add_func ("/invite/flood/body", test_body);
  g_test_add_func ("/invite/flood/sockets", test_sockets);
  g_test_add_func ("/invite/flood/fragments", test_fragments);
  g_test_add_func ("/invite/flood/table", test_table);
  g_test_add_func ("/invite/flood/close-once", test_close_once);
  g_test_add_func ("/invite/flood/host", test_host);
  return g_test_run ();
}
