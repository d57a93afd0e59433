/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-soup.h — libsoup 3, loaded when a host first invites rather than with every start.
 *
 * libsoup and the eleven libraries it links (Kerberos, nghttp2, libpsl, …) cost every start
 * of the app about 16 M instructions of dynamic linking before the first frame, for a server
 * most sessions never start.  The invite server calls the few functions it needs through
 * this table instead; the library's headers still give the types and constants.
 */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

typedef struct
{
  __typeof__ (soup_server_new) *server_new;
  __typeof__ (soup_server_add_handler) *server_add_handler;
  __typeof__ (soup_server_add_early_handler) *server_add_early_handler;
  __typeof__ (soup_server_add_websocket_handler) *server_add_websocket_handler;
  __typeof__ (soup_server_accept_iostream) *server_accept_iostream;
  __typeof__ (soup_server_disconnect) *server_disconnect;
  __typeof__ (soup_server_message_get_method) *server_message_get_method;
  __typeof__ (soup_server_message_get_remote_address) *server_message_get_remote_address;
  __typeof__ (soup_server_message_get_request_headers) *server_message_get_request_headers;
  __typeof__ (soup_server_message_get_response_headers) *server_message_get_response_headers;
  __typeof__ (soup_server_message_set_status) *server_message_set_status;
  __typeof__ (soup_server_message_set_response) *server_message_set_response;
  __typeof__ (soup_message_headers_get_one) *message_headers_get_one;
  __typeof__ (soup_message_headers_replace) *message_headers_replace;
  __typeof__ (soup_websocket_connection_get_state) *websocket_connection_get_state;
  __typeof__ (soup_websocket_connection_send_text) *websocket_connection_send_text;
  __typeof__ (soup_websocket_connection_close) *websocket_connection_close;
  __typeof__ (soup_websocket_connection_set_max_incoming_payload_size)
    *websocket_connection_set_max_incoming_payload_size;
  __typeof__ (soup_websocket_connection_set_keepalive_interval)
    *websocket_connection_set_keepalive_interval;
} TkSoup;

/* Loads libsoup on the first call (later calls return the same table).  NULL, with @error
 * set, if the library or one of its functions is missing. */
const TkSoup *tk_soup_load (GError **error);
/* The table tk_soup_load() filled: only for code that runs once the server exists. */
const TkSoup *tk_soup      (void);

G_END_DECLS
