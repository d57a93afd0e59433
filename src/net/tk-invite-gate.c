/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-gate.c — accepts, counts, times and checks connections before libsoup.
 *
 * A connection is first the gate's: over the caps it is closed at once; otherwise its head
 * must come whole within TK_INVITE_HEAD_TIMEOUT seconds (a half-sent head is not held) and
 * pass tk_invite_head_check (), or it is answered with the refusal and closed unread.  Then
 * libsoup has it through a TkInviteStream, and the gate still counts it until it is closed,
 * and ends it after TK_INVITE_REQUEST_LIFETIME seconds unless it became a WebSocket.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include <gio/gnetworking.h>

#include "tk-invite-gate.h"
#include "tk-invite-head.h"
#include "tk-invite-stream.h"
#include <libsoup/soup.h>

typedef struct
{
  TkInviteGate      *gate;          /* NULL once the gate is gone */
  GSocketConnection *connection;
  char              *address;       /* the peer's IP address */
  guint16            port;          /* the peer's port */
  GCancellable      *cancellable;   /* the head's read */
  guint8            *buffer;        /* the head, while it is read */
  gsize              length;
  TkInviteStream    *stream;        /* once libsoup has it; closing it frees this */
  gboolean           websocket;     /* the head asked for the WebSocket */
  gboolean           opened;        /* and libsoup made one */
  guint              timer;
} GateConn;

struct _TkInviteGate
{
  SoupServer     *soup;
  char           *ws_path;
  GSocketService *service;
  GHashTable     *per_address;   /* address → count */
  GPtrArray      *conns;         /* GateConn */
};

/* ---- statics ---- */

static void
conn_free (GateConn *conn)
{
  g_clear_handle_id (&conn->timer, g_source_remove);
  g_io_stream_close (G_IO_STREAM (conn->connection), NULL, NULL);
  g_object_unref (conn->connection);
  g_clear_object (&conn->cancellable);
  g_free (conn->buffer);
  g_free (conn->address);
  g_free (conn);
}

/* The connection is closed: it no longer counts. */
static void
conn_drop (GateConn *conn)
{
  TkInviteGate *self = conn->gate;

  if (self != NULL)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, conn->address));

      if (count <= 1)
        g_hash_table_remove (self->per_address, conn->address);
      else
        g_hash_table_insert (self->per_address, g_strdup (conn->address),
                             GUINT_TO_POINTER (count - 1));
      g_ptr_array_remove_fast (self->conns, conn);
    }
  conn_free (conn);
}

static void
on_stream_closed (gpointer data)
{
  GateConn *conn = data;

  conn->stream = NULL;
  conn_drop (conn);
}

static char *
address_text (GSocketAddress *address)
{
  GInetAddress *inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));

  return g_inet_address_to_string (inet);
}

static const char *
reason (guint status)
{
  switch (status)
    {
    case 413: return "Content Too Large";
    case 421: return "Misdirected Request";
    case 431: return "Request Header Fields Too Large";
    default: return "Bad Request";
    }
}

/* Answers @status and closes, without reading what follows (a body is never read). */
static void
refuse (GateConn *conn,
        guint     status)
{
  GSocket *socket = g_socket_connection_get_socket (conn->connection);
  g_autofree char *answer = g_strdup_printf ("HTTP/1.1 %u %s\r\nConnection: close\r\n"
                                             "Content-Length: 0\r\n\r\n", status, reason (status));

  /* A few bytes into an empty send buffer: this does not block. */
  g_socket_set_blocking (socket, FALSE);
  g_socket_send (socket, answer, strlen (answer), NULL, NULL);
  g_socket_shutdown (socket, FALSE, TRUE, NULL);
  conn_drop (conn);
}

static void
on_close_late (gpointer data)
{
  GateConn *conn = data;

  conn->timer = 0;
  g_socket_close (g_socket_connection_get_socket (conn->connection), NULL);
}

/* Ends a request libsoup still holds: end of file on both sides wakes libsoup, which then
 * closes the stream (on_stream_closed); should it not, the socket is closed anyway. */
static void
on_lifetime_over (gpointer data)
{
  GateConn *conn = data;

  conn->timer = 0;
  if (g_socket_is_closed (g_socket_connection_get_socket (conn->connection)))
    return;
  g_socket_shutdown (g_socket_connection_get_socket (conn->connection), TRUE, TRUE, NULL);
  conn->timer = g_timeout_add_once (2 * 1000, on_close_late, conn);
}

static void
hand_over (GateConn *conn,
           gsize     head_length)
{
  TkInviteGate *self = conn->gate;
  g_autoptr(GBytes) read = g_bytes_new_take (g_steal_pointer (&conn->buffer), conn->length);
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GSocketAddress) local = g_socket_connection_get_local_address (conn->connection, NULL);
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (conn->connection,
                                                                             NULL);
  g_autoptr(GError) error = NULL;

  conn->stream = tk_invite_stream_new (conn->connection, read, head_length, on_stream_closed,
                                       conn);
  stream = g_simple_io_stream_new (G_INPUT_STREAM (conn->stream),
                                   g_io_stream_get_output_stream (G_IO_STREAM (conn->connection)));
  /* libsoup holds the stream from now on; closing it (or its last reference) frees @conn. */
  g_object_unref (conn->stream);
  conn->timer = g_timeout_add_once (TK_INVITE_REQUEST_LIFETIME * 1000, on_lifetime_over, conn);
  if (!soup_server_accept_iostream (self->soup, stream, local, remote, &error))
    {
      g_debug ("libsoup did not take a connection: %s", error->message);
      g_io_stream_close (stream, NULL, NULL);
    }
}

static void read_head (GateConn *conn);

static void
on_head_read (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  GateConn *conn = data;
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  TkInviteHead head;
  gsize head_length;

  /* Gone (the gate stopped), timed out, closed by the peer, or silent for too long. */
  if (conn->gate == NULL || n <= 0)
    {
      conn_drop (conn);
      return;
    }
  conn->length += n;
  head_length = tk_invite_head_length ((const char *) conn->buffer, conn->length);
  if (head_length == 0)
    {
      if (conn->length > TK_INVITE_MAX_HEAD)
        refuse (conn, 431);
      else
        read_head (conn);
      return;
    }
  g_clear_handle_id (&conn->timer, g_source_remove);
  tk_invite_head_check ((const char *) conn->buffer, head_length, conn->gate->ws_path, &head);
  if (head.status != 0)
    {
      g_debug ("Refused a request from %s with %u", conn->address, head.status);
      refuse (conn, head.status);
      return;
    }
  conn->websocket = head.websocket;
  hand_over (conn, head_length);
}

static void
read_head (GateConn *conn)
{
  GInputStream *input = g_io_stream_get_input_stream (G_IO_STREAM (conn->connection));

  /* One byte more than a head may have, to know when it has too many. */
  g_input_stream_read_async (input, conn->buffer + conn->length,
                             TK_INVITE_MAX_HEAD + 1 - conn->length, G_PRIORITY_DEFAULT,
                             conn->cancellable, on_head_read, conn);
}

static void
on_head_timeout (gpointer data)
{
  GateConn *conn = data;

  conn->timer = 0;
  /* on_head_read () sees the read cancelled and drops the connection. */
  g_cancellable_cancel (conn->cancellable);
}

static gboolean
on_incoming (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source_object,
             gpointer           data)
{
  TkInviteGate *self = data;
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  GSocket *socket = g_socket_connection_get_socket (connection);
  g_autofree char *address = NULL;
  guint count;
  GateConn *conn;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    {
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  address = address_text (remote);
  count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address));
  if (count >= TK_INVITE_MAX_PER_ADDRESS || self->conns->len >= TK_INVITE_MAX_CONNECTIONS)
    {
      g_debug ("Closed a connection from %s: %u open from there, %u in all", address, count,
               self->conns->len);
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      return TRUE;
    }
  g_hash_table_insert (self->per_address, g_strdup (address), GUINT_TO_POINTER (count + 1));

  conn = g_new0 (GateConn, 1);
  conn->gate = self;
  conn->connection = g_object_ref (connection);
  conn->address = g_steal_pointer (&address);
  conn->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (remote));
  conn->cancellable = g_cancellable_new ();
  conn->buffer = g_malloc (TK_INVITE_MAX_HEAD + 1);
  g_ptr_array_add (self->conns, conn);

  /* Every wait on this socket, the gate's and libsoup's, ends after this much silence. */
  g_socket_set_timeout (socket, TK_INVITE_IDLE_TIMEOUT);
  /* Small writes go at once, as on the sockets libsoup accepts itself: a phone's action is
   * answered with two frames (the state, then the result), and Nagle's algorithm held the
   * second back until the first was acknowledged, some 40 ms late with delayed ACKs. */
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, TRUE, NULL);
  conn->timer = g_timeout_add_once (TK_INVITE_HEAD_TIMEOUT * 1000, on_head_timeout, conn);
  read_head (conn);
  return TRUE;
}

/* ---- public API ---- */

TkInviteGate *
tk_invite_gate_new (SoupServer *soup,
                    const char *ws_path)
{
  TkInviteGate *self = g_new0 (TkInviteGate, 1);

  self->soup = g_object_ref (soup);
  self->ws_path = g_strdup (ws_path);
  self->service = g_socket_service_new ();
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->conns = g_ptr_array_new ();
  g_signal_connect (self->service, "incoming", G_CALLBACK (on_incoming), self);
  /* Room for a burst of phones (or of anything) to be accepted, then counted. */
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (self->service), 128);
  return self;
}

gboolean
tk_invite_gate_listen (TkInviteGate *self,
                       const char   *address,
                       guint         port,
                       guint        *chosen,
                       GError      **error)
{
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);
  g_autoptr(GSocketAddress) wanted = NULL;
  g_autoptr(GSocketAddress) effective = NULL;

  g_return_val_if_fail (inet != NULL, FALSE);

  wanted = g_inet_socket_address_new (inet, port);
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), wanted,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                      &effective, error))
    return FALSE;
  *chosen = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_socket_service_start (self->service);
  return TRUE;
}

gboolean
tk_invite_gate_open_websocket (TkInviteGate   *self,
                               GSocketAddress *remote,
                               guint64         max)
{
  g_autofree char *address = NULL;
  guint16 port;

  g_return_val_if_fail (G_IS_INET_SOCKET_ADDRESS (remote), FALSE);

  address = address_text (remote);
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (remote));
  /* An address and a port name one open connection. */
  for (guint i = 0; i < self->conns->len; i++)
    {
      GateConn *conn = g_ptr_array_index (self->conns, i);

      if (conn->port != port || !g_str_equal (conn->address, address))
        continue;
      if (conn->stream == NULL || !conn->websocket || conn->opened)
        return FALSE;
      conn->opened = TRUE;
      g_clear_handle_id (&conn->timer, g_source_remove);
      g_socket_set_timeout (g_socket_connection_get_socket (conn->connection),
                            TK_INVITE_SOCKET_IDLE);
      tk_invite_stream_open (conn->stream, max);
      return TRUE;
    }
  return FALSE;
}

guint
tk_invite_gate_get_n_connections (TkInviteGate *self)
{
  return self->conns->len;
}

void
tk_invite_gate_free (TkInviteGate *self)
{
  if (self == NULL)
    return;
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_signal_handlers_disconnect_by_data (self->service, self);
  for (guint i = 0; i < self->conns->len; i++)
    {
      GateConn *conn = g_ptr_array_index (self->conns, i);

      conn->gate = NULL;
      if (conn->stream != NULL)
        {
          /* libsoup may still hold the stream: it will find the socket closed. */
          tk_invite_stream_forget (conn->stream);
          conn_free (conn);
        }
      else
        /* The head's read ends cancelled and frees it. */
        g_cancellable_cancel (conn->cancellable);
    }
  g_ptr_array_unref (self->conns);
  g_hash_table_unref (self->per_address);
  g_object_unref (self->service);
  g_object_unref (self->soup);
  g_free (self->ws_path);
  g_free (self);
}
