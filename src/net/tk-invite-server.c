/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-server.c — the small HTTP + WebSocket server behind "Invite Players…".
 *
 * Three files (tk-invite-http.c) and one WebSocket under /t/TOKEN/, nothing else.  Every
 * connection passes our own gate (tk-invite-gate.c: caps, deadlines, the request's head)
 * before libsoup sees it, and every guest's message tk-invite-protocol.c.  Guests are known by the random client id their page keeps,
 * so a phone that lost Wi-Fi and comes back is the same guest, with its seat and the last
 * client sequence applied (a retried action is answered again, never applied twice).
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tk-invite-gate.h"
#include "tk-invite-http.h"
#include "tk-invite-lang.h"
#include "tk-invite-protocol.h"
#include "tk-invite-server.h"
#include "tk-invite-state.h"
#include "tk-invite-strings.h"
#include "tk-rules.h"
#include <libsoup/soup.h>

/* More phones than any table has players; each kept guest is a few hundred bytes. */
#define MAX_GUESTS      64
/* A guest over the rate limit this many times in a row is disconnected. */
#define MAX_OVER_RATE   40
/* Seconds a new WebSocket has to say hello: a page does at once. */
#define HELLO_TIMEOUT   5

typedef struct
{
  char       *id;
  char       *lang;
  int         seat;          /* −1: watching */
  int         asked;         /* −1: no request */
  gint64      last_seq;      /* the last action sequence answered */
  JsonObject *last_reply;    /* its answer, sent again for a replay */
} Guest;

typedef struct
{
  TkInviteServer          *server;
  SoupWebsocketConnection *ws;
  Guest                   *guest;      /* NULL until hello */
  TkInviteRate             rate;
  guint                    over_rate;
  guint                    hello_timer;
  gboolean                 closing;    /* closed by us: libsoup allows one close */
} Conn;

struct _TkInviteServer
{
  GObject     parent_instance;

  TkSession  *session;
  SoupServer *soup;
  TkInviteGate *gate;       /* our listening sockets, in front of libsoup */
  char       *prefix;       /* "/t/TOKEN/" */
  char       *url;
  GPtrArray  *hosts;        /* "ADDRESS:PORT" we answer to */
  GHashTable *guests;       /* id → Guest */
  GPtrArray  *conns;        /* Conn */
  gint64      revision;
  gboolean    accept_seats;
  guint       n_turned_away;
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (TkInviteServer, tk_invite_server, G_TYPE_OBJECT)

/* ---- statics ---- */

static void
guest_free (Guest *guest)
{
  g_free (guest->id);
  g_free (guest->lang);
  g_clear_pointer (&guest->last_reply, json_object_unref);
  g_free (guest);
}

/* Closes once: a flood of messages read in one go would otherwise ask again for each. */
static void
conn_close (Conn  *conn,
            gushort code)
{
  if (conn->closing)
    return;
  conn->closing = TRUE;
  g_clear_handle_id (&conn->hello_timer, g_source_remove);
  if (soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (conn->ws, code, NULL);
}

static void
conn_free (Conn *conn)
{
  g_signal_handlers_disconnect_by_data (conn->ws, conn);
  conn_close (conn, SOUP_WEBSOCKET_CLOSE_GOING_AWAY);
  g_object_unref (conn->ws);
  g_free (conn);
}

static const char *
conn_lang (Conn *conn)
{
  return conn->guest != NULL ? conn->guest->lang : "en";
}

/* A refusal in the guest's language.  Only the message is made in it: anything the host
 * shows (the ledger's lines, the seats) stays in the host's. */
static void
set_guest_error (Conn        *conn,
                 GError     **error,
                 int          code,
                 const char  *msgid)
{
  g_set_error_literal (error, TK_INVITE_ERROR, code, tk_invite_lang_gettext (conn_lang (conn), msgid));
}

static Guest *
seat_holder (TkInviteServer *self,
             guint           seat,
             gboolean        asked)
{
  GHashTableIter iter;
  Guest *guest;

  g_hash_table_iter_init (&iter, self->guests);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &guest))
    if ((asked ? guest->asked : guest->seat) == (int) seat)
      return guest;
  return NULL;
}

static void
send_object (Conn       *conn,
             JsonObject *object)
{
  g_autofree char *text = tk_rules_json_to_string (object);

  if (soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (conn->ws, text);
}

static void
send_error (Conn         *conn,
            const GError *error,
            gint64        seq)
{
  g_autoptr(JsonObject) refusal = tk_invite_refusal_new (error, seq);

  send_object (conn, refusal);
}

static void
send_state (TkInviteServer *self,
            Conn           *conn)
{
  guint n = tk_session_get_n_players (self->session);
  g_autofree const char **guests = g_new0 (const char *, n + 1);
  g_autoptr(JsonObject) state = NULL;

  for (guint i = 0; i < n; i++)
    {
      Guest *holder = seat_holder (self, i, FALSE);
      Guest *asking = seat_holder (self, i, TRUE);

      if (holder != NULL)
        guests[i] = holder == conn->guest ? "you" : "taken";
      else if (asking != NULL)
        guests[i] = asking == conn->guest ? "asked" : "pending";
      else
        guests[i] = "free";
    }
  state = tk_invite_state_build (self->session, conn->guest->seat, self->revision, guests);
  send_object (conn, state);
}

static void
broadcast_state (TkInviteServer *self)
{
  for (guint i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);

      if (conn->guest != NULL)
        send_state (self, conn);
    }
}

static void
tables_changed (TkInviteServer *self)
{
  broadcast_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
guest_connected (TkInviteServer *self,
                 Guest          *guest)
{
  for (guint i = 0; i < self->conns->len; i++)
    if (((Conn *) g_ptr_array_index (self->conns, i))->guest == guest)
      return TRUE;
  return FALSE;
}

/* Guests gone without a seat (or whose seat the host took back while they were away) are
 * forgotten: coming back is a hello like the first. */
static void
forget_gone_guests (TkInviteServer *self)
{
  GHashTableIter iter;
  Guest *guest;

  g_hash_table_iter_init (&iter, self->guests);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &guest))
    if (guest->seat < 0 && guest->asked < 0 && !guest_connected (self, guest))
      g_hash_table_iter_remove (&iter);
}

static void
on_session_changed (TkInviteServer *self)
{
  self->revision++;
  broadcast_state (self);
}

static void
handle_hello (TkInviteServer *self,
              Conn           *conn,
              TkInviteMsg    *msg)
{
  g_autoptr(JsonObject) welcome = NULL;
  Guest *guest = g_hash_table_lookup (self->guests, msg->client);

  if (guest == NULL)
    {
      if (g_hash_table_size (self->guests) >= MAX_GUESTS)
        forget_gone_guests (self);
      if (g_hash_table_size (self->guests) >= MAX_GUESTS)
        {
          g_autoptr(GError) error = NULL;
          char *saved = tk_invite_lang_push (msg->lang);

          /* Said on the phone (the page shows a refusal's message) and on the host. */
          g_set_error_literal (&error, TK_INVITE_ERROR, TK_INVITE_ERROR_FULL,
                               _("This table has no room for another phone. Ask the host."));
          tk_invite_lang_pop (saved);
          send_error (conn, error, 0);
          conn_close (conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
          self->n_turned_away++;
          g_signal_emit (self, signals[CHANGED], 0);
          return;
        }
      guest = g_new0 (Guest, 1);
      guest->id = g_strdup (msg->client);
      guest->seat = guest->asked = -1;
      g_hash_table_insert (self->guests, guest->id, guest);
    }
  /* The same phone again (a reload, a new connection after Wi-Fi came back): the older
   * connection is the stale one. */
  for (guint i = 0; i < self->conns->len; i++)
    {
      Conn *other = g_ptr_array_index (self->conns, i);

      if (other != conn && other->guest == guest)
        {
          other->guest = NULL;
          conn_close (other, SOUP_WEBSOCKET_CLOSE_NORMAL);
        }
    }
  g_free (guest->lang);
  guest->lang = g_strdup (msg->lang);
  conn->guest = guest;
  g_clear_handle_id (&conn->hello_timer, g_source_remove);

  welcome = tk_invite_reply_new ("welcome");
  json_object_set_string_member (welcome, "lang", guest->lang);
  json_object_set_int_member (welcome, "last_seq", guest->last_seq);
  json_object_set_object_member (welcome, "strings", tk_invite_strings_new (guest->lang));
  send_object (conn, welcome);
  send_state (self, conn);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
handle_seat_request (TkInviteServer *self,
                     Conn           *conn,
                     TkInviteMsg    *msg,
                     GError        **error)
{
  Guest *guest = conn->guest;

  if (msg->seat >= tk_session_get_n_players (self->session))
    {
      set_guest_error (conn, error, TK_INVITE_ERROR_MALFORMED,
                       N_("There is no such seat at this table."));
      return FALSE;
    }
  if (guest->seat == (int) msg->seat)
    {
      send_state (self, conn);
      return TRUE;
    }
  if (seat_holder (self, msg->seat, FALSE) != NULL ||
      (seat_holder (self, msg->seat, TRUE) != NULL && guest->asked != (int) msg->seat))
    {
      set_guest_error (conn, error, TK_INVITE_ERROR_SEAT_TAKEN, N_("Someone else has this seat."));
      return FALSE;
    }
  /* One seat per guest: asking for another gives up the one held. */
  guest->seat = -1;
  guest->asked = msg->seat;
  if (self->accept_seats)
    {
      guest->seat = guest->asked;
      guest->asked = -1;
    }
  tables_changed (self);
  return TRUE;
}

static void
handle_action (TkInviteServer *self,
               Conn           *conn,
               TkInviteMsg    *msg)
{
  Guest *guest = conn->guest;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = NULL;
  gboolean ok;
  char *saved;

  switch (tk_invite_seq_compare (guest->last_seq, msg->seq))
    {
    case TK_INVITE_SEQ_REPLAY:
      if (guest->last_reply != NULL)
        {
          json_object_set_boolean_member (guest->last_reply, "duplicate", TRUE);
          send_object (conn, guest->last_reply);
        }
      return;
    case TK_INVITE_SEQ_STALE:
      reply = tk_invite_reply_new ("result");
      json_object_set_int_member (reply, "seq", msg->seq);
      json_object_set_boolean_member (reply, "duplicate", TRUE);
      send_object (conn, reply);
      return;
    case TK_INVITE_SEQ_NEW:
    default:
      break;
    }

  /* Checked as a host tap is: on a copy, committed, and only then shown everywhere (in the
   * host's language: the ledger's line is the host's).  A refused action changed nothing,
   * so asking again in the guest's language gives the same refusal in their words. */
  saved = tk_invite_lang_push (guest->lang);
  ok = tk_invite_check_action (tk_session_get_rules (self->session)->id, guest->seat,
                               msg->action, &error);
  tk_invite_lang_pop (saved);
  if (ok && !(ok = tk_session_apply (self->session, msg->action, NULL)))
    {
      saved = tk_invite_lang_push (guest->lang);
      ok = tk_session_apply (self->session, msg->action, &error);
      tk_invite_lang_pop (saved);
    }
  tk_invite_lang_mend_error (guest->lang, error);
  if (!ok)
    reply = tk_invite_refusal_new (error, msg->seq);
  else
    {
      reply = tk_invite_reply_new ("result");
      json_object_set_int_member (reply, "seq", msg->seq);
      json_object_set_int_member (reply, "ledger_seq", tk_invite_state_ledger_seq (self->session));
    }
  guest->last_seq = msg->seq;
  g_clear_pointer (&guest->last_reply, json_object_unref);
  guest->last_reply = json_object_ref (reply);
  send_object (conn, reply);
}

static void
on_message (SoupWebsocketConnection *ws,
            int                      type,
            GBytes                  *message,
            Conn                    *conn)
{
  TkInviteServer *self = conn->server;
  g_autoptr(TkInviteServer) hold = g_object_ref (self);
  g_autoptr(TkInviteMsg) msg = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *text = g_bytes_get_data (message, &length);
  char *saved;

  /* Messages read in the same go as the one that closed the connection. */
  if (conn->closing)
    return;
  if (!tk_invite_rate_allow (&conn->rate, g_get_monotonic_time ()))
    {
      set_guest_error (conn, &error, TK_INVITE_ERROR_RATE,
                       N_("Too many messages at once. Wait a moment."));
      if (++conn->over_rate >= MAX_OVER_RATE)
        conn_close (conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
      else if (conn->over_rate == 1)
        send_error (conn, error, 0);
      return;
    }
  conn->over_rate = 0;

  saved = tk_invite_lang_push (conn_lang (conn));
  msg = type == SOUP_WEBSOCKET_DATA_TEXT ? tk_invite_msg_parse (text, length, &error) : NULL;
  tk_invite_lang_pop (saved);
  tk_invite_lang_mend_error (conn_lang (conn), error);
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    set_guest_error (conn, &error, TK_INVITE_ERROR_MALFORMED, N_("The message is not text."));
  else if (msg != NULL)
    {
      if (msg->type == TK_INVITE_MSG_HELLO)
        handle_hello (self, conn, msg);
      else if (conn->guest == NULL)
        set_guest_error (conn, &error, TK_INVITE_ERROR_HELLO,
                         N_("The page did not introduce itself: reload it."));
      else if (msg->type == TK_INVITE_MSG_SYNC)
        send_state (self, conn);
      else if (msg->type == TK_INVITE_MSG_SEAT_REQUEST)
        handle_seat_request (self, conn, msg, &error);
      else if (msg->type == TK_INVITE_MSG_LEAVE_SEAT)
        {
          conn->guest->seat = conn->guest->asked = -1;
          tables_changed (self);
        }
      else if (msg->type == TK_INVITE_MSG_ACTION)
        handle_action (self, conn, msg);
    }
  if (error != NULL)
    send_error (conn, error, msg != NULL ? msg->seq : 0);
}

static void
on_closed (SoupWebsocketConnection *ws,
           Conn                    *conn)
{
  TkInviteServer *self = conn->server;
  /* The connection lets go of its guest here: forget_gone_guests () below may free it. */
  Guest *guest = g_steal_pointer (&conn->guest);
  gboolean withdrawn = FALSE;
  guint index;

  conn->closing = TRUE;
  g_clear_handle_id (&conn->hello_timer, g_source_remove);
  /* Freed once libsoup has finished emitting ::closed on it. */
  if (g_ptr_array_find (self->conns, conn, &index))
    g_ptr_array_steal_index (self->conns, index);
  g_signal_handlers_disconnect_by_data (ws, conn);
  g_idle_add_once ((GSourceOnceFunc) conn_free, conn);
  if (guest != NULL)
    {
      /* A phone that has gone cannot take the seat it asked for: its request is withdrawn,
       * not left for the host to accept.  (A reload's older connection has no guest by
       * now.) */
      if (guest->asked >= 0)
        {
          guest->asked = -1;
          withdrawn = TRUE;
        }
      /* A guest who went away holding no seat and asking for none (any more) is forgotten
       * now, so that the table has room for those still there.  This may free @guest: it is
       * not read after. */
      forget_gone_guests (self);
    }
  if (withdrawn)
    tables_changed (self);
  else
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Before the WebSocket handshake: see tk_invite_http_origin_allowed (). */
static void
on_ws_early (SoupServer        *server,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *query,
             gpointer           user_data)
{
  TkInviteServer *self = user_data;

  if (!tk_invite_http_origin_allowed (msg, self->hosts))
    {
      soup_server_message_set_status (msg, SOUP_STATUS_FORBIDDEN, NULL);
      soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                           "Connection", "close");
    }
}

static void
on_http (SoupServer        *server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  TkInviteServer *self = user_data;

  tk_invite_http_serve (msg, path, self->prefix, self->hosts);
  /* One request per connection (tk-invite-stream.h): say so. */
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                       "Connection", "close");
}

static void
on_hello_timeout (gpointer data)
{
  Conn *conn = data;

  conn->hello_timer = 0;
  if (conn->guest == NULL)
    conn_close (conn, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
}

static void
on_ws (SoupServer              *server,
       SoupServerMessage       *msg,
       const char              *path,
       SoupWebsocketConnection *ws,
       gpointer                 user_data)
{
  TkInviteServer *self = user_data;
  Conn *conn;

  conn = g_new0 (Conn, 1);
  conn->server = self;
  conn->ws = g_object_ref (ws);
  /* libsoup refuses a larger frame itself (1009 "too big"); the gate measures a message
   * in fragments as it grows, and ends the connection as soon as it passes the limit. */
  soup_websocket_connection_set_max_incoming_payload_size (ws, TK_INVITE_MAX_MESSAGE);
  if (!tk_invite_gate_open_websocket (self->gate,
                                      soup_server_message_get_remote_address (msg),
                                      TK_INVITE_MAX_MESSAGE))
    {
      g_object_unref (conn->ws);
      g_free (conn);
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, NULL);
      return;
    }
  conn->hello_timer = g_timeout_add_once (HELLO_TIMEOUT * 1000, on_hello_timeout, conn);
  /* Keeps phones' Wi-Fi power saving from silently dropping the connection. */
  soup_websocket_connection_set_keepalive_interval (ws, 20);
  g_signal_connect (ws, "message", G_CALLBACK (on_message), conn);
  g_signal_connect (ws, "closed", G_CALLBACK (on_closed), conn);
  g_ptr_array_add (self->conns, conn);
}

/* ---- overrides ---- */

static void
tk_invite_server_dispose (GObject *object)
{
  TkInviteServer *self = TK_INVITE_SERVER (object);

  tk_invite_server_stop (self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tk_invite_server_parent_class)->dispose (object);
}

static void
tk_invite_server_finalize (GObject *object)
{
  TkInviteServer *self = TK_INVITE_SERVER (object);

  g_ptr_array_unref (self->conns);
  g_hash_table_unref (self->guests);
  g_ptr_array_unref (self->hosts);

  G_OBJECT_CLASS (tk_invite_server_parent_class)->finalize (object);
}

static void
tk_invite_server_class_init (TkInviteServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tk_invite_server_dispose;
  object_class->finalize = tk_invite_server_finalize;

  /* Guests came or went, asked for a seat, or the server started or stopped. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tk_invite_server_init (TkInviteServer *self)
{
  self->conns = g_ptr_array_new_with_free_func ((GDestroyNotify) conn_free);
  self->guests = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) guest_free);
  self->hosts = g_ptr_array_new_with_free_func (g_free);
}

/* ---- public API ---- */

TkInviteServer *
tk_invite_server_new (TkSession *session)
{
  TkInviteServer *self;

  g_return_val_if_fail (TK_IS_SESSION (session), NULL);

  self = g_object_new (TK_TYPE_INVITE_SERVER, NULL);
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::status", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  return self;
}

TkSession *
tk_invite_server_get_session (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), NULL);

  return self->session;
}

gboolean
tk_invite_server_start (TkInviteServer *self,
                        TkInviteBind    bind,
                        GError        **error)
{
  g_autoptr(GPtrArray) addresses = NULL;
  g_autofree char *token = NULL;
  g_autofree char *ws_path = NULL;
  guint port = 0;

  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), FALSE);

  if (self->soup != NULL)
    return TRUE;
  addresses = tk_invite_http_local_addresses (bind == TK_INVITE_BIND_LOOPBACK);
  if (addresses->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE,
                   _("This computer is not on a local network. Connect it to the Wi-Fi "
                     "the players’ phones use, then try again."));
      return FALSE;
    }

  token = tk_invite_http_new_token ();
  self->prefix = g_strdup_printf ("/t/%s/", token);
  ws_path = g_strconcat (self->prefix, "ws", NULL);
  self->soup = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_handler (self->soup, NULL, on_http, self, NULL);
  soup_server_add_early_handler (self->soup, ws_path, on_ws_early, self, NULL);
  soup_server_add_websocket_handler (self->soup, ws_path, NULL, NULL, on_ws, self, NULL);
  /* libsoup never listens itself: the gate accepts and checks each connection first. */
  self->gate = tk_invite_gate_new (self->soup, ws_path);

  /* One port for every address: the first one picks it. */
  for (guint i = 0; i < addresses->len; i++)
    {
      const char *text = g_ptr_array_index (addresses, i);
      g_autoptr(GError) local_error = NULL;
      guint chosen;

      if (!tk_invite_gate_listen (self->gate, text, port, &chosen, &local_error))
        {
          g_debug ("Not listening on %s: %s", text, local_error->message);
          continue;
        }
      if (port == 0)
        {
          port = chosen;
          self->url = g_strdup_printf ("http://%s:%u%s", text, port, self->prefix);
        }
      g_ptr_array_add (self->hosts, g_strdup_printf ("%s:%u", text, port));
    }
  if (self->hosts->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not open a port on the local network."));
      tk_invite_server_stop (self);
      return FALSE;
    }
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

void
tk_invite_server_stop (TkInviteServer *self)
{
  g_return_if_fail (TK_IS_INVITE_SERVER (self));

  if (self->soup == NULL)
    return;
  /* Closing the WebSockets says "stopped" to every page before the sockets go. */
  for (guint i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);
      g_autoptr(JsonObject) bye = tk_invite_reply_new ("stopped");

      send_object (conn, bye);
    }
  g_ptr_array_set_size (self->conns, 0);
  soup_server_disconnect (self->soup);
  g_clear_pointer (&self->gate, tk_invite_gate_free);
  g_clear_object (&self->soup);
  self->n_turned_away = 0;
  g_hash_table_remove_all (self->guests);
  g_ptr_array_set_size (self->hosts, 0);
  g_clear_pointer (&self->prefix, g_free);
  g_clear_pointer (&self->url, g_free);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
tk_invite_server_is_running (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), FALSE);

  return self->soup != NULL;
}

const char *
tk_invite_server_get_url (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), NULL);

  return self->url;
}

guint
tk_invite_server_get_n_guests (TkInviteServer *self)
{
  guint n = 0;

  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), 0);

  for (guint i = 0; i < self->conns->len; i++)
    if (((Conn *) g_ptr_array_index (self->conns, i))->guest != NULL)
      n++;
  return n;
}

guint
tk_invite_server_get_n_turned_away (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), 0);

  return self->n_turned_away;
}

guint
tk_invite_server_get_n_connections (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), 0);

  return self->gate != NULL ? tk_invite_gate_get_n_connections (self->gate) : 0;
}

void
tk_invite_server_set_accept_seats (TkInviteServer *self,
                                   gboolean        accept)
{
  g_return_if_fail (TK_IS_INVITE_SERVER (self));

  self->accept_seats = accept;
  if (accept)
    for (guint i = 0; i < tk_session_get_n_players (self->session); i++)
      if (seat_holder (self, i, TRUE) != NULL)
        tk_invite_server_accept_seat (self, i);
}

gboolean
tk_invite_server_get_accept_seats (TkInviteServer *self)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), FALSE);

  return self->accept_seats;
}

TkInviteSeatState
tk_invite_server_get_seat_state (TkInviteServer *self,
                                 guint           seat)
{
  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), TK_INVITE_SEAT_FREE);

  if (seat_holder (self, seat, FALSE) != NULL)
    return TK_INVITE_SEAT_TAKEN;
  if (seat_holder (self, seat, TRUE) != NULL)
    return TK_INVITE_SEAT_ASKED;
  return TK_INVITE_SEAT_FREE;
}

gboolean
tk_invite_server_get_seat_connected (TkInviteServer *self,
                                     guint           seat)
{
  Guest *guest;

  g_return_val_if_fail (TK_IS_INVITE_SERVER (self), FALSE);

  if ((guest = seat_holder (self, seat, FALSE)) == NULL)
    return FALSE;
  return guest_connected (self, guest);
}

void
tk_invite_server_accept_seat (TkInviteServer *self,
                              guint           seat)
{
  Guest *guest;

  g_return_if_fail (TK_IS_INVITE_SERVER (self));

  if ((guest = seat_holder (self, seat, TRUE)) == NULL || seat_holder (self, seat, FALSE) != NULL)
    return;
  guest->seat = seat;
  guest->asked = -1;
  tables_changed (self);
}

void
tk_invite_server_refuse_seat (TkInviteServer *self,
                              guint           seat)
{
  Guest *guest;

  g_return_if_fail (TK_IS_INVITE_SERVER (self));

  if ((guest = seat_holder (self, seat, TRUE)) == NULL)
    return;
  guest->asked = -1;
  for (guint i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);

      if (conn->guest == guest)
        {
          g_autoptr(GError) error = NULL;

          set_guest_error (conn, &error, TK_INVITE_ERROR_REFUSED, N_("The host kept this seat."));
          send_error (conn, error, 0);
        }
    }
  tables_changed (self);
}

void
tk_invite_server_take_back_seat (TkInviteServer *self,
                                 guint           seat)
{
  Guest *guest;

  g_return_if_fail (TK_IS_INVITE_SERVER (self));

  if ((guest = seat_holder (self, seat, FALSE)) == NULL)
    return;
  guest->seat = -1;
  tables_changed (self);
}
