/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-http.h — the invitation's HTTP side: the page, the checks, the addresses. */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* Whether the request's Host is one of @hosts ("ADDRESS:PORT" strings). */
gboolean   tk_invite_http_host_allowed    (SoupServerMessage *msg,
                                           GPtrArray         *hosts);
/* Whether a WebSocket handshake comes from the page itself: Host allowed, Origin equal to
 * "http://" + Host. */
gboolean   tk_invite_http_origin_allowed  (SoupServerMessage *msg,
                                           GPtrArray         *hosts);
/* Answers a GET for @path: the page's files under @prefix ("/t/TOKEN/"), else 404. */
void       tk_invite_http_serve           (SoupServerMessage *msg,
                                           const char        *path,
                                           const char        *prefix,
                                           GPtrArray         *hosts);
/* A new invitation token: 256 random bits, URL-safe base64. */
char      *tk_invite_http_new_token       (void);
/* The addresses to listen on (new strings): 127.0.0.1 with @loopback, else the local
 * network's private IPv4 addresses, container bridges last. */
GPtrArray *tk_invite_http_local_addresses (gboolean           loopback);

G_END_DECLS
