/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-server.h — guests' phones joining one session over the local network.
 *
 * Nothing listens until tk_invite_server_start (); stop (), or dropping the last reference,
 * closes every connection and the listening sockets, and the token dies with them.  Only
 * the one session is reachable, under /t/TOKEN/ (a fresh 256-bit random token each start).
 * A guest's action goes through tk_session_apply (), like a tap on the host, and every
 * phone is sent the new state after the session changed (also after the host's Undo).
 */
#pragma once

#include "tk-session.h"

G_BEGIN_DECLS

#define TK_TYPE_INVITE_SERVER (tk_invite_server_get_type ())
G_DECLARE_FINAL_TYPE (TkInviteServer, tk_invite_server, TK, INVITE_SERVER, GObject)

typedef enum
{
  TK_INVITE_BIND_LAN,        /* the private addresses of the local network's interfaces */
  TK_INVITE_BIND_LOOPBACK,   /* 127.0.0.1 only (tests, benchmarks) */
} TkInviteBind;

typedef enum
{
  TK_INVITE_SEAT_FREE,
  TK_INVITE_SEAT_ASKED,      /* a guest asked for it; the host has not answered */
  TK_INVITE_SEAT_TAKEN,
} TkInviteSeatState;

TkInviteServer   *tk_invite_server_new            (TkSession      *session);
TkSession        *tk_invite_server_get_session    (TkInviteServer *self);

gboolean          tk_invite_server_start          (TkInviteServer *self,
                                                   TkInviteBind    bind,
                                                   GError        **error);
void              tk_invite_server_stop           (TkInviteServer *self);
gboolean          tk_invite_server_is_running     (TkInviteServer *self);
/* http://ADDRESS:PORT/t/TOKEN/ while running, else NULL. */
const char       *tk_invite_server_get_url        (TkInviteServer *self);
/* Phones connected now (each counted once, whether or not it holds a seat). */
guint             tk_invite_server_get_n_guests   (TkInviteServer *self);

/* Phones turned away because the table had no room for another guest (since start). */
guint             tk_invite_server_get_n_turned_away (TkInviteServer *self);
/* Network connections open now (pages, WebSockets, requests being read): for tests. */
guint             tk_invite_server_get_n_connections (TkInviteServer *self);

/* Seat requests are granted at once when this is on (the "accept seats without asking"
 * option); off by default. */
void              tk_invite_server_set_accept_seats (TkInviteServer *self,
                                                     gboolean        accept);
gboolean          tk_invite_server_get_accept_seats (TkInviteServer *self);

TkInviteSeatState tk_invite_server_get_seat_state (TkInviteServer *self,
                                                   guint           seat);
/* Whether the phone holding @seat is connected now (it keeps the seat while it is not). */
gboolean          tk_invite_server_get_seat_connected (TkInviteServer *self,
                                                       guint           seat);
void              tk_invite_server_accept_seat    (TkInviteServer *self,
                                                   guint           seat);
void              tk_invite_server_refuse_seat    (TkInviteServer *self,
                                                   guint           seat);
/* The host takes a seat back: its guest only watches again. */
void              tk_invite_server_take_back_seat (TkInviteServer *self,
                                                   guint           seat);

G_END_DECLS
