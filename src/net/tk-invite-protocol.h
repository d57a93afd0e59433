/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-protocol.h — the messages between the host and the guests' phones.
 *
 * Plain GLib and json-glib (no GTK, no libsoup), so that every rule a guest's message must
 * pass is unit-tested without a network: size, JSON (through tk-json.c), version, type,
 * members, which actions a guest may send and for which seat, the rate limit and the
 * replay check by client sequence.  docs/formats.md ("Guests' phones") is the reference.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_INVITE_PROTOCOL_VERSION 1
/* A guest's message is a few hundred bytes; a sheet never travels from a guest. */
#define TK_INVITE_MAX_MESSAGE      16384
/* Messages a guest may send in one second; a player taps far less. */
#define TK_INVITE_MAX_RATE         20

#define TK_INVITE_ERROR (tk_invite_error_quark ())

/* Each code travels as its nick in a "refusal" (tk_invite_error_code_nick ()). */
typedef enum
{
  TK_INVITE_ERROR_TOO_BIG,        /* "too_big": longer than TK_INVITE_MAX_MESSAGE */
  TK_INVITE_ERROR_MALFORMED,      /* "malformed": not JSON, or a member is wrong */
  TK_INVITE_ERROR_VERSION,        /* "version": a protocol version this host does not speak */
  TK_INVITE_ERROR_NOT_ALLOWED,    /* "not_allowed": an action a guest may not send */
  TK_INVITE_ERROR_NOT_YOUR_SEAT,  /* "not_your_seat": an action for another player */
  TK_INVITE_ERROR_NO_SEAT,        /* "no_seat": acting before the host gave a seat */
  TK_INVITE_ERROR_SEAT_TAKEN,     /* "seat_taken": the seat has a guest or a request */
  TK_INVITE_ERROR_RATE,           /* "rate": too many messages at once */
  TK_INVITE_ERROR_HELLO,          /* "hello": anything before hello */
  TK_INVITE_ERROR_REFUSED,        /* "refused": the host said no */
  TK_INVITE_ERROR_FULL,           /* "full": no room for another guest; the connection closes */
} TkInviteError;

typedef enum
{
  TK_INVITE_MSG_HELLO,
  TK_INVITE_MSG_SEAT_REQUEST,
  TK_INVITE_MSG_LEAVE_SEAT,
  TK_INVITE_MSG_ACTION,
  TK_INVITE_MSG_SYNC,
} TkInviteMsgType;

typedef struct
{
  TkInviteMsgType type;
  char           *client;    /* hello: the phone's id, 16–64 of [A-Za-z0-9_-] */
  char           *lang;      /* hello: "en" or "ja" (anything else reads as "en") */
  gint64          seq;       /* action: the client's sequence number, 1 and up */
  gint64          since;     /* hello, sync: the last revision the phone saw (0: none) */
  guint           seat;      /* seat_request */
  JsonObject     *action;    /* action: the engine action (owned) */
} TkInviteMsg;

/* How an action's client sequence compares with the last one applied for that client. */
typedef enum
{
  TK_INVITE_SEQ_NEW,         /* apply it */
  TK_INVITE_SEQ_REPLAY,      /* the last one again: answer as before, apply nothing */
  TK_INVITE_SEQ_STALE,       /* older than the last one: already answered */
} TkInviteSeq;

typedef struct
{
  gint64 window_start_us;
  guint  count;
} TkInviteRate;

GQuark       tk_invite_error_quark      (void);
const char  *tk_invite_error_code_nick  (int code);

void         tk_invite_msg_free         (TkInviteMsg *msg);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TkInviteMsg, tk_invite_msg_free)

/* Reads one message from a guest.  @length is the byte length of @text. */
TkInviteMsg *tk_invite_msg_parse        (const char  *text,
                                         gsize        length,
                                         GError     **error);

/* Whether a guest holding @seat (−1: none) may send @action in a game of @rules_id: the
 * action's type is one a player makes for themselves and its "seat" is theirs. */
gboolean     tk_invite_check_action     (const char  *rules_id,
                                         int          seat,
                                         JsonObject  *action,
                                         GError     **error);

/* Whether @rules_id lets a guest enter anything (else the phone only watches). */
gboolean     tk_invite_rules_take_input (const char  *rules_id);

TkInviteSeq  tk_invite_seq_compare      (gint64       last_applied,
                                         gint64       seq);

/* Whether the dotted IPv4 address @address is a private one (10/8, 172.16/12, 192.168/16):
 * the only kind the server listens on, so that it is never reachable from the Internet. */
gboolean     tk_invite_address_is_local (const char *address);

/* Counts a message at @now_us; FALSE when it is one too many for this second. */
gboolean     tk_invite_rate_allow       (TkInviteRate *rate,
                                         gint64        now_us);

/* Server messages: { "v": 1, "type": @type } to fill in. */
JsonObject  *tk_invite_reply_new        (const char  *type);
/* { "v": 1, "type": "refusal", "code": nick, "message": @error's message, "seq"? }. */
JsonObject  *tk_invite_refusal_new      (const GError *error,
                                         gint64        seq);

G_END_DECLS
