/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-head.h — a request's head, checked before the invite server reads anything else.
 *
 * Plain GLib, so that what a stranger on the network may send is unit-tested without a
 * socket.  The guest page needs no request body, one Host and an origin-form target; a head
 * that asks for more is answered with an error status and the connection is closed unread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Longer heads (a phone's are under 1 KiB) are refused with 431. */
#define TK_INVITE_MAX_HEAD 8192

typedef struct
{
  guint    status;     /* 0: hand it on; else the status to answer before closing */
  gboolean websocket;  /* a WebSocket handshake for @ws_path */
} TkInviteHead;

/* The length of the head at the start of @data (up to and with its blank line), or 0 while
 * it is not complete. */
gsize tk_invite_head_length (const char   *data,
                             gsize         length);

/* Checks the complete head @head (@length bytes, as tk_invite_head_length () measured). */
void  tk_invite_head_check  (const char   *head,
                             gsize         length,
                             const char   *ws_path,
                             TkInviteHead *result);

G_END_DECLS
