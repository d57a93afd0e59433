/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-http.c — what the invitation serves over plain HTTP, and where it listens.
 *
 * Three files of the guest page from the GResource under /t/TOKEN/ and nothing else, each
 * with a strict Content-Security-Policy; requests whose Host is not one of our addresses
 * (DNS rebinding) or WebSockets whose Origin is not the page's own are refused.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>

#include "tk-invite-http.h"
#include "tk-invite-protocol.h"
#include <libsoup/soup.h>

#define GUEST_RESOURCES "/io/github/tablekeeper/Tablekeeper/guest/"

gboolean
tk_invite_http_host_allowed (SoupServerMessage *msg,
                             GPtrArray         *hosts)
{
  const char *host = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                    "Host");

  for (guint i = 0; host != NULL && i < hosts->len; i++)
    if (g_str_equal (host, g_ptr_array_index (hosts, i)))
      return TRUE;
  return FALSE;
}

/* A page of another site (a tab the guest has open, or a page that learnt the address) must
 * not talk to the table, and browsers always send the Origin of a WebSocket. */
gboolean
tk_invite_http_origin_allowed (SoupServerMessage *msg,
                               GPtrArray         *hosts)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *origin = soup_message_headers_get_one (headers, "Origin");
  const char *host = soup_message_headers_get_one (headers, "Host");
  g_autofree char *expected = g_strconcat ("http://", host != NULL ? host : "", NULL);

  return tk_invite_http_host_allowed (msg, hosts) && origin != NULL && g_str_equal (origin, expected);
}

void
tk_invite_http_serve (SoupServerMessage *msg,
                      const char        *path,
                      const char        *prefix,
                      GPtrArray         *hosts)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
  const char *method = soup_server_message_get_method (msg);
  const char *name = NULL;
  const char *type = NULL;
  g_autofree char *resource = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *csp = NULL;
  const char *host;

  if (!tk_invite_http_host_allowed (msg, hosts))
    {
      soup_server_message_set_status (msg, SOUP_STATUS_MISDIRECTED_REQUEST, NULL);
      return;
    }
  if (g_strcmp0 (method, "GET") != 0 && g_strcmp0 (method, "HEAD") != 0)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL);
      return;
    }
  if (g_str_has_prefix (path, prefix))
    {
      const char *rest = path + strlen (prefix);

      if (rest[0] == '\0')
        name = "index.html", type = "text/html; charset=utf-8";
      else if (g_str_equal (rest, "guest.js"))
        name = "guest.js", type = "text/javascript; charset=utf-8";
      else if (g_str_equal (rest, "guest.css"))
        name = "guest.css", type = "text/css; charset=utf-8";
    }
  if (name == NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  resource = g_strconcat (GUEST_RESOURCES, name, NULL);
  bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_assert (bytes != NULL);

  host = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Host");
  /* Nothing but this page's own files and its own WebSocket; no inline script or style. */
  csp = g_strdup_printf ("default-src 'none'; script-src 'self'; style-src 'self'; "
                         "img-src 'self'; connect-src ws://%s; base-uri 'none'; "
                         "form-action 'none'; frame-ancestors 'none'", host);
  soup_message_headers_replace (headers, "Content-Security-Policy", csp);
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  /* The token is in the address: never hand it to another site, never keep it. */
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (msg, type, SOUP_MEMORY_COPY,
                                     g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

char *
tk_invite_http_new_token (void)
{
  guint8 bytes[32];
  g_autofree char *text = NULL;

  /* 256 bits from the kernel's CSPRNG; g_random is not meant for secrets. */
  if (getrandom (bytes, sizeof bytes, 0) != sizeof bytes)
    g_error ("getrandom failed");
  text = g_base64_encode (bytes, sizeof bytes);
  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  g_strdelimit (text, "=", '\0');
  return g_strdup (text);
}

/* The addresses to listen on: the local network's private IPv4 addresses (a home or café
 * Wi-Fi), never a public address; container bridges last, so that the address shown is
 * the Wi-Fi's. */
GPtrArray *
tk_invite_http_local_addresses (gboolean loopback)
{
  GPtrArray *addresses = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *bridges = g_ptr_array_new_with_free_func (g_free);
  struct ifaddrs *list = NULL;

  if (loopback)
    {
      g_ptr_array_add (addresses, g_strdup ("127.0.0.1"));
      g_ptr_array_unref (bridges);
      return addresses;
    }
  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          struct in_addr in;

          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET)
            continue;
          in = ((struct sockaddr_in *) ifa->ifa_addr)->sin_addr;
          if (inet_ntop (AF_INET, &in, text, sizeof text) == NULL || !tk_invite_address_is_local (text))
            continue;
          if (g_str_has_prefix (ifa->ifa_name, "docker") || g_str_has_prefix (ifa->ifa_name, "br-") ||
              g_str_has_prefix (ifa->ifa_name, "virbr") || g_str_has_prefix (ifa->ifa_name, "veth"))
            g_ptr_array_add (bridges, g_strdup (text));
          else
            g_ptr_array_add (addresses, g_strdup (text));
        }
      freeifaddrs (list);
    }
  g_ptr_array_extend_and_steal (addresses, bridges);
  return addresses;
}
