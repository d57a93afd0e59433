/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-gate.h — the invite server's own listening sockets, in front of libsoup.
 *
 * libsoup 3.2's server has no limit on connections, no timeout and no limit on a request's
 * body.  The gate accepts each connection itself, refuses one over the caps at once, reads
 * the request's head within a deadline, checks it (tk-invite-head.c) and only then hands
 * the connection to libsoup (tk-invite-stream.c), which answers that one request and closes
 * it, or keeps it as a WebSocket.
 */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* A phone's browser opens a few connections for the page, then one WebSocket. */
#define TK_INVITE_MAX_PER_ADDRESS   16
#define TK_INVITE_MAX_CONNECTIONS   128
/* Seconds: the whole head; silence on a plain request; a plain request's whole life;
 * silence on a WebSocket (the server pings every 20 s, and a page answers). */
#define TK_INVITE_HEAD_TIMEOUT      5
#define TK_INVITE_IDLE_TIMEOUT      5
#define TK_INVITE_REQUEST_LIFETIME  20
#define TK_INVITE_SOCKET_IDLE       60

typedef struct _TkInviteGate TkInviteGate;

TkInviteGate *tk_invite_gate_new               (SoupServer     *soup,
                                                const char     *ws_path);
/* Listens on @address (dotted IPv4) at @port (0: any), the port chosen in @chosen. */
gboolean      tk_invite_gate_listen            (TkInviteGate   *self,
                                                const char     *address,
                                                guint           port,
                                                guint          *chosen,
                                                GError        **error);
/* libsoup made a WebSocket of the request from @remote: its reads go to the socket now,
 * each message at most @max bytes.  FALSE if no such connection passed the gate. */
gboolean      tk_invite_gate_open_websocket    (TkInviteGate   *self,
                                                GSocketAddress *remote,
                                                guint64         max);
/* Connections open now, whatever their state. */
guint         tk_invite_gate_get_n_connections (TkInviteGate   *self);
/* Stops listening and closes every connection. */
void          tk_invite_gate_free              (TkInviteGate   *self);

G_END_DECLS
