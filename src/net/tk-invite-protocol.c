/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-protocol.c — reading and checking what a guest's phone sends.
 *
 * A guest's browser is as untrusted as an imported file: every message is checked here
 * before the server looks at it, and nothing in it is trusted beyond what was checked.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "tk-invite-protocol.h"
#include "tk-json.h"
#include "tk-rules-json.h"

G_DEFINE_QUARK (tk-invite-error-quark, tk_invite_error)

static const char *const error_nicks[] = {
  "too_big", "malformed", "version", "not_allowed", "not_your_seat", "no_seat",
  "seat_taken", "rate", "hello", "refused", "full",
};

static const char *const msg_types[] = {
  "hello", "seat_request", "leave_seat", "action", "sync",
};

/* The actions a player makes for themselves, per engine; each names its "seat".  Revealing
 * the round's cards, importing a sheet, the solo card, adding a whole round and the first
 * player stay with the host, who sees the table. */
static const char *const welcome_to_actions[] = { "turn", "refuse", "roundabout", "claim", NULL };
static const char *const generic_actions[] = { "set_score", NULL };

static const char *const *
guest_actions (const char *rules_id)
{
  if (g_strcmp0 (rules_id, "welcome-to") == 0)
    return welcome_to_actions;
  if (g_strcmp0 (rules_id, "generic-score-pad") == 0)
    return generic_actions;
  return NULL;
}

static gboolean
malformed (GError    **error,
           const char *member)
{
  g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_MALFORMED,
               /* Translators: a guest's phone sent something the host cannot read. */
               _("The message could not be read (“%s”)."), member);
  return FALSE;
}

static gboolean
client_id_ok (const char *id)
{
  gsize n = id != NULL ? strlen (id) : 0;

  if (n < 16 || n > 64)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '-' && id[i] != '_')
      return FALSE;
  return TRUE;
}

/* ---- public API ---- */

const char *
tk_invite_error_code_nick (int code)
{
  if (code < 0 || code >= (int) G_N_ELEMENTS (error_nicks))
    return "malformed";
  return error_nicks[code];
}

void
tk_invite_msg_free (TkInviteMsg *msg)
{
  if (msg == NULL)
    return;
  g_free (msg->client);
  g_free (msg->lang);
  g_clear_pointer (&msg->action, json_object_unref);
  g_free (msg);
}

TkInviteMsg *
tk_invite_msg_parse (const char  *text,
                     gsize        length,
                     GError     **error)
{
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(TkInviteMsg) msg = g_new0 (TkInviteMsg, 1);
  g_autoptr(GError) local_error = NULL;
  gint64 version;
  int type;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length > TK_INVITE_MAX_MESSAGE)
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_TOO_BIG,
                   _("The message is longer than %d bytes."), TK_INVITE_MAX_MESSAGE);
      return NULL;
    }
  if ((object = tk_json_load_object (text, length, &local_error)) == NULL)
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_MALFORMED,
                   _("The message could not be read: %s"), local_error->message);
      return NULL;
    }
  if (!tk_rules_json_get_int (object, "v", &version))
    return malformed (error, "v"), NULL;
  if (version != TK_INVITE_PROTOCOL_VERSION)
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_VERSION,
                   _("This page is from another version of Tablekeeper: reload it."));
      return NULL;
    }
  if (!tk_rules_json_read_enum (object, "type", msg_types, G_N_ELEMENTS (msg_types), -1,
                                &type, NULL))
    return malformed (error, "type"), NULL;
  msg->type = type;

  switch (msg->type)
    {
    case TK_INVITE_MSG_HELLO:
      {
        const char *client = tk_rules_json_get_string (object, "client");
        const char *lang = tk_rules_json_get_string (object, "lang");

        if (!client_id_ok (client))
          return malformed (error, "client"), NULL;
        msg->client = g_strdup (client);
        msg->lang = g_strdup (lang != NULL && g_ascii_strncasecmp (lang, "ja", 2) == 0 ? "ja" : "en");
        if (!tk_rules_json_read_int (object, "since", 0, G_MAXINT64, 0, &msg->since, NULL))
          return malformed (error, "since"), NULL;
        break;
      }
    case TK_INVITE_MSG_SYNC:
      if (!tk_rules_json_read_int (object, "since", 0, G_MAXINT64, 0, &msg->since, NULL))
        return malformed (error, "since"), NULL;
      break;
    case TK_INVITE_MSG_SEAT_REQUEST:
      {
        int seat;

        /* The seat's range is checked against the session by the server. */
        if (!tk_rules_json_read_int32 (object, "seat", 0, 63, -1, &seat, NULL))
          return malformed (error, "seat"), NULL;
        msg->seat = seat;
        break;
      }
    case TK_INVITE_MSG_LEAVE_SEAT:
      break;
    case TK_INVITE_MSG_ACTION:
      {
        JsonObject *action = tk_rules_json_get_object (object, "action");

        if (!tk_rules_json_read_int (object, "seq", 1, G_MAXINT64, -1, &msg->seq, NULL))
          return malformed (error, "seq"), NULL;
        if (action == NULL || tk_rules_json_type (action) == NULL)
          return malformed (error, "action"), NULL;
        msg->action = json_object_ref (action);
        break;
      }
    default:
      g_assert_not_reached ();
    }
  return g_steal_pointer (&msg);
}

gboolean
tk_invite_rules_take_input (const char *rules_id)
{
  return guest_actions (rules_id) != NULL;
}

gboolean
tk_invite_check_action (const char  *rules_id,
                        int          seat,
                        JsonObject  *action,
                        GError     **error)
{
  const char *const *allowed = guest_actions (rules_id);
  const char *type = tk_rules_json_type (action);
  gint64 action_seat;

  g_return_val_if_fail (action != NULL, FALSE);

  if (seat < 0)
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_NO_SEAT,
                   _("Take a seat first: the host has not given you one yet."));
      return FALSE;
    }
  if (allowed == NULL || type == NULL || !g_strv_contains (allowed, type))
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_NOT_ALLOWED,
                   _("Only the host can do that."));
      return FALSE;
    }
  /* Every guest action names its seat; one without a seat would be the engine's guess. */
  if (!tk_rules_json_get_int (action, "seat", &action_seat) || action_seat != seat)
    {
      g_set_error (error, TK_INVITE_ERROR, TK_INVITE_ERROR_NOT_YOUR_SEAT,
                   _("You can only write on your own sheet."));
      return FALSE;
    }
  return TRUE;
}

TkInviteSeq
tk_invite_seq_compare (gint64 last_applied,
                       gint64 seq)
{
  if (seq > last_applied)
    return TK_INVITE_SEQ_NEW;
  return seq == last_applied ? TK_INVITE_SEQ_REPLAY : TK_INVITE_SEQ_STALE;
}

gboolean
tk_invite_address_is_local (const char *address)
{
  g_autoptr(GInetAddress) inet = address != NULL ? g_inet_address_new_from_string (address) : NULL;
  const guint8 *b;

  if (inet == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV4)
    return FALSE;
  b = g_inet_address_to_bytes (inet);
  return b[0] == 10 || (b[0] == 172 && (b[1] & 0xf0) == 16) || (b[0] == 192 && b[1] == 168);
}

gboolean
tk_invite_rate_allow (TkInviteRate *rate,
                      gint64        now_us)
{
  g_return_val_if_fail (rate != NULL, FALSE);

  if (now_us - rate->window_start_us >= G_USEC_PER_SEC || now_us < rate->window_start_us)
    {
      rate->window_start_us = now_us;
      rate->count = 0;
    }
  if (rate->count >= TK_INVITE_MAX_RATE)
    return FALSE;
  rate->count++;
  return TRUE;
}

JsonObject *
tk_invite_reply_new (const char *type)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "v", TK_INVITE_PROTOCOL_VERSION);
  json_object_set_string_member (object, "type", type);
  return object;
}

JsonObject *
tk_invite_refusal_new (const GError *error,
                       gint64        seq)
{
  JsonObject *object = tk_invite_reply_new ("refusal");
  const char *code = "illegal";

  if (error->domain == TK_INVITE_ERROR)
    code = tk_invite_error_code_nick (error->code);
  json_object_set_string_member (object, "code", code);
  json_object_set_string_member (object, "message", error->message);
  if (seq > 0)
    json_object_set_int_member (object, "seq", seq);
  return object;
}
