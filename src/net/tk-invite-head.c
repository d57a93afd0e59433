/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-head.c — what a request's head may ask of the invite server.
 *
 * libsoup reads a request's whole body into memory before any handler runs, whatever its
 * size, and answers the last of several Host headers: so the gate (tk-invite-gate.c) reads
 * the head itself and refuses here, before libsoup sees the connection, any head announcing
 * a body (Content-Length other than 0, any Transfer-Encoding), with no Host or more than
 * one, or whose absolute-form target names another host than its Host.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include "tk-invite-head.h"

gsize
tk_invite_head_length (const char *data,
                       gsize       length)
{
  for (gsize i = 0; i + 1 < length; i++)
    {
      if (data[i] != '\n')
        continue;
      /* A blank line ends the head: "\n\n" or "\n\r\n" (HTTP allows a bare LF). */
      if (data[i + 1] == '\n')
        return i + 2;
      if (data[i + 1] == '\r' && i + 2 < length && data[i + 2] == '\n')
        return i + 3;
    }
  return 0;
}

/* Whether @line is the header @name (case-insensitive); its value, trimmed, in @value. */
static gboolean
header_is (const char  *line,
           const char  *name,
           const char **value)
{
  gsize n = strlen (name);

  if (g_ascii_strncasecmp (line, name, n) != 0 || line[n] != ':')
    return FALSE;
  *value = line + n + 1;
  while (**value == ' ' || **value == '\t')
    (*value)++;
  return TRUE;
}

void
tk_invite_head_check (const char   *head,
                      gsize         length,
                      const char   *ws_path,
                      TkInviteHead *result)
{
  g_autofree char *text = g_strndup (head, length);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) request = NULL;
  g_autofree char *host = NULL;
  const char *target;
  const char *value;
  guint n_hosts = 0;
  gboolean upgrade = FALSE;

  memset (result, 0, sizeof *result);
  if (length > TK_INVITE_MAX_HEAD)
    {
      result->status = 431;
      return;
    }
  /* Anything libsoup would not parse is left to it, except what matters here: a NUL would
   * hide the rest of the head from these checks. */
  if (memchr (head, '\0', length) != NULL)
    {
      result->status = 400;
      return;
    }
  g_strdelimit (text, "\r", ' ');
  lines = g_strsplit (text, "\n", -1);
  request = g_strsplit (lines[0], " ", -1);
  if (g_strv_length (request) < 3)
    {
      result->status = 400;
      return;
    }
  target = request[1];

  for (guint i = 1; lines[i] != NULL; i++)
    {
      const char *colon;

      g_strchomp (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      /* A folded line (could continue a Host or Content-Length header), or a name with
       * spaces ("Host :") that a parser might read one way and libsoup another: HTTP/1.1
       * lets a server refuse both. */
      colon = strchr (lines[i], ':');
      if (colon == NULL || colon == lines[i] ||
          strcspn (lines[i], " \t") < (gsize) (colon - lines[i]))
        {
          result->status = 400;
          return;
        }
      if (header_is (lines[i], "Host", &value))
        {
          n_hosts++;
          g_free (host);
          host = g_strdup (value);
        }
      else if (header_is (lines[i], "Content-Length", &value))
        {
          /* Only "0" (a client may send it with a GET): any other length is a body. */
          if (!g_str_equal (value, "0"))
            result->status = 413;
        }
      else if (header_is (lines[i], "Transfer-Encoding", &value))
        result->status = 413;
      else if (header_is (lines[i], "Upgrade", &value))
        upgrade = g_ascii_strcasecmp (value, "websocket") == 0;
    }
  if (result->status != 0)
    return;
  if (n_hosts != 1)
    {
      result->status = 400;
      return;
    }
  /* The absolute form ("GET http://host/path") is allowed by HTTP/1.1 and libsoup answers
   * for its host: it must be the one in Host, which the handlers check against ours. */
  if (target[0] != '/')
    {
      g_autoptr(GUri) uri = g_uri_parse (target, G_URI_FLAGS_NONE, NULL);
      g_autofree char *authority = NULL;

      if (uri == NULL || g_uri_get_host (uri) == NULL)
        {
          result->status = 400;
          return;
        }
      if (g_strcmp0 (g_uri_get_scheme (uri), "http") != 0)
        {
          result->status = 421;
          return;
        }
      authority = g_uri_get_port (uri) > 0
                    ? g_strdup_printf ("%s:%d", g_uri_get_host (uri), g_uri_get_port (uri))
                    : g_strdup (g_uri_get_host (uri));
      if (g_ascii_strcasecmp (authority, host) != 0)
        {
          result->status = 421;
          return;
        }
      target = strstr (target + strlen ("http://"), "/");
    }
  result->websocket = upgrade && target != NULL && g_str_equal (request[0], "GET") &&
                      strncmp (target, ws_path, strlen (ws_path)) == 0 &&
                      (target[strlen (ws_path)] == '\0' || target[strlen (ws_path)] == '?');
}
