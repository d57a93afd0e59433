/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-stream.h — what libsoup reads of one guest connection.
 *
 * The gate (tk-invite-gate.c) has already read the request's head; this stream gives
 * libsoup that head again, then:
 *   - for a plain request, end of file: one request per connection, so no second head
 *     passes unchecked and no body is ever read;
 *   - for a WebSocket once tk_invite_stream_open () is called, the socket, with each
 *     message measured as its frames arrive (libsoup's own limit counts one frame, so a
 *     message in many fragments would grow without end).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TK_TYPE_INVITE_STREAM (tk_invite_stream_get_type ())
G_DECLARE_FINAL_TYPE (TkInviteStream, tk_invite_stream, TK, INVITE_STREAM, GInputStream)

/* Measures a WebSocket peer's frames, whatever way they are cut into reads. */
typedef struct
{
  guint8  header[14];
  guint   header_length;
  guint64 payload_left;
  guint64 message_size;   /* data received so far of the message being reassembled */
} TkInviteFrameMeter;

/* FALSE once a message (its fragments added up) would pass @max bytes, or a control frame
 * is longer than the 125 bytes WebSocket allows it. */
gboolean        tk_invite_frame_meter_feed (TkInviteFrameMeter *meter,
                                            const guint8       *data,
                                            gsize               length,
                                            guint64             max);

/* @head: the bytes already read from @connection (the head, and any that came with it).
 * @on_close runs once, on the thread that closes the stream, when it is closed. */
TkInviteStream *tk_invite_stream_new       (GSocketConnection  *connection,
                                            GBytes             *head,
                                            gsize               head_length,
                                            GDestroyNotify      on_close,
                                            gpointer            data);
/* From now on the reads come from the socket, each message limited to @max bytes. */
void            tk_invite_stream_open      (TkInviteStream     *self,
                                            guint64             max);
/* @on_close will not run: its owner is going away. */
void            tk_invite_stream_forget    (TkInviteStream     *self);

G_END_DECLS
