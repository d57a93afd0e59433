/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-invite.c — Invite Players… on the host: the menu's action, the bar, the code, the
 * seats, a guest's score through the host's ledger, Undo followed by the phone, Stop.
 *
 * At 360 px; run again in Japanese (invite-ja).  The guest is a libsoup WebSocket client
 * in the same process, speaking the protocol as the guest page does.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include <libsoup/soup.h>

#include "invite/tk-invite-bar.h"
#include "invite/tk-invite-dialog.h"
#include "invite/tk-qr-code.h"
#include "tk-invite-protocol.h"
#include "tk-json.h"
#include "tk-rules-json.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

typedef TkTestSession Fixture;

/* A guest's phone. */
typedef struct
{
  SoupSession             *soup;
  SoupWebsocketConnection *ws;
  JsonObject              *state;     /* the latest "state" */
  JsonObject              *result;    /* the latest "result" or "refusal" */
  gboolean                 stopped;
  gboolean                 closed;
} Guest;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;
  JsonArray *players;

  tk_games_register_all ();
  rules = tk_rules_lookup ("generic-score-pad");
  setup = rules->default_setup (2);
  players = json_object_get_array_member (setup, "players");
  json_object_set_string_member (json_array_get_object_element (players, 0), "name", "Ana");
  /* Markup in a name stays text in the seat rows. */
  json_object_set_string_member (json_array_get_object_element (players, 1), "name", "Ben <b>");
  tk_test_session_set_up (f, rules->id, setup, 360, 720);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  tk_test_session_tear_down (f);
}

/* ---- the guest ---- */

static void
on_guest_message (SoupWebsocketConnection *ws,
                  int                      type,
                  GBytes                  *message,
                  Guest                   *guest)
{
  gsize length;
  const char *text = g_bytes_get_data (message, &length);
  g_autoptr(JsonObject) object = tk_json_load_object (text, length, NULL);
  const char *kind = tk_rules_json_get_string (object, "type");

  if (g_strcmp0 (kind, "state") == 0)
    {
      g_clear_pointer (&guest->state, json_object_unref);
      guest->state = g_steal_pointer (&object);
    }
  else if (g_strcmp0 (kind, "result") == 0 || g_strcmp0 (kind, "refusal") == 0)
    {
      g_clear_pointer (&guest->result, json_object_unref);
      guest->result = g_steal_pointer (&object);
    }
  else if (g_strcmp0 (kind, "stopped") == 0)
    guest->stopped = TRUE;
}

static void
on_guest_closed (SoupWebsocketConnection *ws,
                 Guest                   *guest)
{
  guest->closed = TRUE;
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Guest *guest = data;
  g_autoptr(GError) error = NULL;

  guest->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
  g_signal_connect (guest->ws, "message", G_CALLBACK (on_guest_message), guest);
  g_signal_connect (guest->ws, "closed", G_CALLBACK (on_guest_closed), guest);
}

static void
guest_connect (Guest      *guest,
               const char *url)
{
  g_autofree char *ws_url = g_strconcat ("ws", url + strlen ("http"), "ws", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", ws_url);
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autofree char *origin = g_strdup_printf ("http://%s:%d", g_uri_get_host (uri), g_uri_get_port (uri));

  guest->soup = soup_session_new ();
  soup_session_websocket_connect_async (guest->soup, msg, origin, NULL, G_PRIORITY_DEFAULT, NULL,
                                        on_connected, guest);
  WAIT_FOR (guest->ws != NULL);
  soup_websocket_connection_send_text (guest->ws, "{\"v\":1,\"type\":\"hello\","
                                       "\"client\":\"test-phone-0123456789\",\"lang\":\"en\"}");
  WAIT_FOR (guest->state != NULL);
}

static void
guest_free (Guest *guest)
{
  if (guest->ws != NULL)
    g_signal_handlers_disconnect_by_data (guest->ws, guest);
  g_clear_object (&guest->ws);
  g_clear_object (&guest->soup);
  g_clear_pointer (&guest->state, json_object_unref);
  g_clear_pointer (&guest->result, json_object_unref);
}

static gint64
guest_seat (Guest *guest)
{
  gint64 seat = -1;

  tk_rules_json_get_int (guest->state, "seat", &seat);
  return seat;
}

static gint64
guest_rounds (Guest *guest)
{
  JsonArray *rounds = tk_rules_json_get_array (guest->state, "rounds");

  return rounds != NULL ? (gint64) json_array_get_length (rounds) : -1;
}

/* ---- the test ---- */

static gboolean
is_bar_button (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The address as the label lays it out at 360 px: its own characters only, wrapped over
 * more than one line, none of which ends in a hyphen Pango inserted (typed, that hyphen
 * gives a 404). */
static void
assert_address_unhyphenated (GtkWidget  *label,
                             const char *url)
{
  PangoLayout *layout;
  GSList *lines;
  guint n = 0;

  g_assert_nonnull (label);
  WAIT_FOR (gtk_widget_get_mapped (label) && gtk_widget_get_width (label) > 0);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  g_assert_cmpstr (pango_layout_get_text (layout), ==, url);
  g_assert_cmpint (pango_layout_get_line_count (layout), >, 1);
  lines = pango_layout_get_lines_readonly (layout);
  for (GSList *l = lines; l != NULL; l = l->next, n++)
    {
      PangoLayoutLine *line = l->data;

      for (GSList *r = line->runs; r != NULL; r = r->next)
        {
          PangoLayoutRun *run = r->data;
          const char *text = pango_layout_get_text (layout) + run->item->offset;
          g_autofree char *shown = g_strndup (text, run->item->length);

          g_test_message ("address line %u: %s (%d glyphs for %d characters)", n, shown,
                          run->glyphs->num_glyphs, run->item->num_chars);
          g_assert_false (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_NEED_HYPHEN);
          g_assert_cmpint (run->glyphs->num_glyphs, <=, run->item->num_chars);
        }
    }
}

static void
test_invite (Fixture       *f,
             gconstpointer  data)
{
  TkInviteBar *bar = TK_INVITE_BAR (tk_test_find_descendant (f->view, TK_TYPE_INVITE_BAR));
  TkInviteServer *server;
  GtkWidget *dialog;
  TkQrCode *qr;
  GtkWidget *button;
  Guest guest = { 0 };
  const char *url;
  int min_width;

  /* Nothing listens, nothing shows, until the host asks. */
  g_assert_nonnull (bar);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_null (tk_invite_bar_get_server (bar));

  /* Session menu → Invite Players… */
  tk_test_press_menu_item (f->view, _("_Invite Players…"));
  server = tk_invite_bar_get_server (bar);
  g_assert_nonnull (server);
  g_assert_true (tk_invite_server_is_running (server));
  url = tk_invite_server_get_url (server);
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  /* invite-ja: the bar is translated (the rest of the window shares its catalog). */
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "ja") == 0)
    g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (tk_test_find_descendant (GTK_WIDGET (bar), GTK_TYPE_LABEL))),
                                     "ゲスト"));
  dialog = tk_invite_bar_get_dialog (bar);
  g_assert_nonnull (dialog);
  WAIT_FOR (gtk_widget_get_mapped (dialog));

  /* The code holds the address, with the finder pattern's dark corner and light separator. */
  qr = TK_QR_CODE (tk_test_find_descendant (dialog, TK_TYPE_QR_CODE));
  g_assert_cmpstr (tk_qr_code_get_text (qr), ==, url);
  g_assert_cmpuint (tk_qr_code_get_size (qr), >=, 21);
  g_assert_true (tk_qr_code_get_module (qr, 0, 0));
  g_assert_false (tk_qr_code_get_module (qr, 7, 0));
  g_assert_nonnull (tk_test_find_label (dialog, url));
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 360);
  assert_address_unhyphenated (tk_test_find_label (dialog, url), url);
  tk_test_save_shot (dialog, "invite-dialog");

  /* A phone joins and asks for Ben's seat; the host accepts it in the window. */
  guest_connect (&guest, url);
  g_assert_cmpint (guest_seat (&guest), ==, -1);
  WAIT_FOR (tk_invite_server_get_n_guests (server) == 1);
  soup_websocket_connection_send_text (guest.ws, "{\"v\":1,\"type\":\"seat_request\",\"seat\":1}");
  WAIT_FOR (tk_invite_dialog_get_button (TK_INVITE_DIALOG (dialog), 1, "accept") != NULL);
  tk_test_save_shot (dialog, "invite-request");
  tk_test_save_shot (f->view, "invite-bar");
  button = tk_invite_dialog_get_button (TK_INVITE_DIALOG (dialog), 1, "accept");
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  WAIT_FOR (guest_seat (&guest) == 1);
  g_assert_nonnull (tk_invite_dialog_get_button (TK_INVITE_DIALOG (dialog), 1, "take-back"));

  /* The phone enters Ben's round score: committed in the host's ledger and shown there. */
  soup_websocket_connection_send_text (guest.ws, "{\"v\":1,\"type\":\"action\",\"seq\":1,\"action\":"
                                       "{\"type\":\"set_score\",\"round\":1,\"seat\":1,\"points\":7}}");
  WAIT_FOR (guest.result != NULL);
  g_assert_cmpstr (tk_rules_json_get_string (guest.result, "type"), ==, "result");
  WAIT_FOR (guest_rounds (&guest) == 1);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 1);
  g_assert_cmpstr (tk_session_view_get_shown_score (TK_SESSION_VIEW (f->view), 1, 1), ==, "7");

  /* Undo on the host: the phone follows. */
  g_assert_true (gtk_widget_activate_action (f->view, "session.undo", NULL));
  WAIT_FOR (guest_rounds (&guest) == 0);
  g_assert_cmpuint (tk_session_get_n_active (f->session), ==, 0);

  /* The phone drops off the network: the seat stays its own, and the host sees it is away. */
  g_assert_true (tk_invite_server_get_seat_connected (server, 1));
  soup_websocket_connection_close (guest.ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  WAIT_FOR (!tk_invite_server_get_seat_connected (server, 1));
  g_assert_cmpint (tk_invite_server_get_seat_state (server, 1), ==, TK_INVITE_SEAT_TAKEN);
  guest_free (&guest);
  memset (&guest, 0, sizeof guest);
  guest_connect (&guest, url);
  WAIT_FOR (guest_seat (&guest) == 1 && tk_invite_server_get_seat_connected (server, 1));

  /* The host takes the seat back. */
  g_signal_emit_by_name (tk_invite_dialog_get_button (TK_INVITE_DIALOG (dialog), 1, "take-back"), "clicked");
  WAIT_FOR (guest_seat (&guest) == -1);

  /* Stop, on the bar: the phone is told, the window closes, the bar goes, nothing listens. */
  button = tk_test_find_widget (GTK_WIDGET (bar), is_bar_button, "invite.stop");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  WAIT_FOR (guest.stopped && guest.closed);
  g_assert_null (tk_invite_bar_get_dialog (bar));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_null (tk_invite_bar_get_server (bar));
  guest_free (&guest);
}

/* Showing another session (or closing the window) ends the invitation. */
static void
test_invite_ends_with_session (Fixture       *f,
                               gconstpointer  data)
{
  TkInviteBar *bar = TK_INVITE_BAR (tk_test_find_descendant (f->view, TK_TYPE_INVITE_BAR));
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *accept_switch;
  Guest guest = { 0 };

  /* "Accept Seats Without Asking" is kept between invitations. */
  g_settings_set_boolean (settings, "invite-accept-seats", TRUE);
  tk_test_press_menu_item (f->view, _("_Invite Players…"));
  accept_switch = tk_test_find_descendant (tk_invite_bar_get_dialog (bar), GTK_TYPE_SWITCH);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (accept_switch)));
  guest_connect (&guest, tk_invite_server_get_url (tk_invite_bar_get_server (bar)));
  soup_websocket_connection_send_text (guest.ws, "{\"v\":1,\"type\":\"seat_request\",\"seat\":0}");
  WAIT_FOR (guest_seat (&guest) == 0);
  gtk_switch_set_active (GTK_SWITCH (accept_switch), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "invite-accept-seats"));

  tk_session_view_set_session (TK_SESSION_VIEW (f->view), NULL);
  WAIT_FOR (guest.closed);
  g_assert_true (guest.stopped);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  guest_free (&guest);
}

/* Closing the window (as quitting does) stops the server: the phone is told and let go. */
static void
test_invite_ends_with_window (Fixture       *f,
                              gconstpointer  data)
{
  TkInviteBar *bar = TK_INVITE_BAR (tk_test_find_descendant (f->view, TK_TYPE_INVITE_BAR));
  g_autofree char *url = NULL;
  Guest guest = { 0 };

  tk_test_press_menu_item (f->view, _("_Invite Players…"));
  url = g_strdup (tk_invite_server_get_url (tk_invite_bar_get_server (bar)));
  guest_connect (&guest, url);
  gtk_window_destroy (g_steal_pointer (&f->window));
  WAIT_FOR (guest.closed);
  g_assert_true (guest.stopped);
  guest_free (&guest);

  /* Nothing listens at that address any more. */
  {
    g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
    g_autoptr(GSocketClient) client = g_socket_client_new ();
    g_autoptr(GSocketConnection) connection = NULL;
    g_autoptr(GError) error = NULL;

    connection = g_socket_client_connect_to_host (client, g_uri_get_host (uri),
                                                  g_uri_get_port (uri), NULL, &error);
    g_assert_null (connection);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  }
}

/* Without TK_INVITE_LOOPBACK the app listens on the local network only: on a machine with
 * a private address the address shown is one; without one (this test's container has only
 * a documentation-range address) the host is told why, and nothing listens. */
static void
test_invite_local_network (Fixture       *f,
                           gconstpointer  data)
{
  TkInviteBar *bar = TK_INVITE_BAR (tk_test_find_descendant (f->view, TK_TYPE_INVITE_BAR));
  TkInviteServer *server;

  g_unsetenv ("TK_INVITE_LOOPBACK");
  tk_test_press_menu_item (f->view, _("_Invite Players…"));
  g_setenv ("TK_INVITE_LOOPBACK", "1", TRUE);
  server = tk_invite_bar_get_server (bar);
  if (server != NULL)
    {
      g_autoptr(GUri) uri = g_uri_parse (tk_invite_server_get_url (server), G_URI_FLAGS_NONE, NULL);

      g_test_message ("listening at %s", tk_invite_server_get_url (server));
      g_assert_true (tk_invite_address_is_local (g_uri_get_host (uri)));
      tk_invite_bar_stop (bar);
    }
  else
    {
      GtkWindow *dialog;

      WAIT_FOR ((dialog = tk_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)) != NULL);
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
      g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), !=, "");
      tk_test_save_shot (GTK_WIDGET (dialog), "invite-no-network");
      gtk_window_destroy (dialog);
    }
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("TK_INVITE_LOOPBACK", "1", TRUE);
  tk_test_init (&argc, &argv);
  g_test_add ("/invite/host", Fixture, NULL, fixture_set_up, test_invite, fixture_tear_down);
  g_test_add ("/invite/ends-with-session", Fixture, NULL, fixture_set_up,
              test_invite_ends_with_session, fixture_tear_down);
  g_test_add ("/invite/local-network", Fixture, NULL, fixture_set_up,
              test_invite_local_network, fixture_tear_down);
  g_test_add ("/invite/ends-with-window", Fixture, NULL, fixture_set_up,
              test_invite_ends_with_window, fixture_tear_down);
  return tk_test_run ();
}
