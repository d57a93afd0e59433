/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-soup.c — opens libsoup 3 by its soname and fills the table of functions we call. */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gmodule.h>

#include "tk-soup.h"

/* The soname libsoup 3 has kept since 3.0, on Debian as in the GNOME runtime. */
#define SOUP_LIBRARY "libsoup-3.0.so.0"

static TkSoup table;
static gsize loaded;
static char *load_error;

static gboolean
bind_symbol (GModule    *module,
             const char *name,
             gpointer   *slot)
{
  if (g_module_symbol (module, name, slot) && *slot != NULL)
    return TRUE;
  g_free (load_error);
  load_error = g_strdup (g_module_error ());
  return FALSE;
}

static gboolean
open_library (void)
{
  /* Tests point this at a file that does not exist, to see the app say so. */
  const char *name = g_getenv ("TK_TEST_SOUP_LIBRARY");
  GModule *module = g_module_open (name != NULL ? name : SOUP_LIBRARY,
                                   G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  gboolean ok;

  if (module == NULL)
    {
      load_error = g_strdup (g_module_error ());
      return FALSE;
    }
#define BIND(field) bind_symbol (module, "soup_" #field, (gpointer *) &table.field)
  ok = BIND (server_new) && BIND (server_add_handler) && BIND (server_add_early_handler) &&
       BIND (server_add_websocket_handler) && BIND (server_accept_iostream) &&
       BIND (server_disconnect) && BIND (server_message_get_method) &&
       BIND (server_message_get_remote_address) && BIND (server_message_get_request_headers) &&
       BIND (server_message_get_response_headers) && BIND (server_message_set_status) &&
       BIND (server_message_set_response) && BIND (message_headers_get_one) &&
       BIND (message_headers_replace) && BIND (websocket_connection_get_state) &&
       BIND (websocket_connection_send_text) && BIND (websocket_connection_close) &&
       BIND (websocket_connection_set_max_incoming_payload_size) &&
       BIND (websocket_connection_set_keepalive_interval);
#undef BIND
  if (!ok)
    {
      g_module_close (module);
      return FALSE;
    }
  /* Servers and their connections live until the app quits: never unload. */
  g_module_make_resident (module);
  return TRUE;
}

const TkSoup *
tk_soup_load (GError **error)
{
  if (g_once_init_enter (&loaded))
    g_once_init_leave (&loaded, open_library () ? 1 : 2);
  if (loaded == 1)
    return &table;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               _("Inviting players needs the libsoup 3 library, which could not be loaded (%s)."),
               load_error != NULL ? load_error : SOUP_LIBRARY);
  return NULL;
}

const TkSoup *
tk_soup (void)
{
  g_return_val_if_fail (loaded == 1, NULL);
  return &table;
}
