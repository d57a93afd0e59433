/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-stream.c — the head again, then end of file or a measured WebSocket. */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <string.h>

#include "tk-invite-stream.h"

struct _TkInviteStream
{
  GInputStream        parent_instance;

  GSocketConnection  *connection;
  GInputStream       *base;          /* the socket's input: pollable */
  GBytes             *read;          /* read by the gate */
  gsize               head_length;   /* of which the head */
  gsize               offset;        /* served so far */
  gboolean            open;
  guint64             max;
  TkInviteFrameMeter  meter;
  GDestroyNotify      on_close;
  gpointer            data;
};

static void tk_invite_stream_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkInviteStream, tk_invite_stream, G_TYPE_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      tk_invite_stream_pollable_init))

/* ---- statics ---- */

static gsize
buffered (TkInviteStream *self)
{
  /* Past the head, what came with it is the WebSocket's: served only once open. */
  gsize end = self->open ? g_bytes_get_size (self->read) : self->head_length;

  return end > self->offset ? end - self->offset : 0;
}

/* Whether a read answers at once, without the socket. */
static gboolean
ready_now (TkInviteStream *self)
{
  return buffered (self) > 0 || !self->open;
}

static gssize
measured (TkInviteStream *self,
          const void     *buffer,
          gssize          n,
          GError        **error)
{
  if (n > 0 && !tk_invite_frame_meter_feed (&self->meter, buffer, n, self->max))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   "A WebSocket message longer than %" G_GUINT64_FORMAT " bytes", self->max);
      return -1;
    }
  return n;
}

static gssize
serve (TkInviteStream *self,
       void           *buffer,
       gsize           count,
       gboolean        blocking,
       GCancellable   *cancellable,
       GError        **error)
{
  gsize left = buffered (self);
  gssize n;

  if (left > 0)
    {
      gboolean past_head = self->offset >= self->head_length;

      n = MIN (left, count);
      memcpy (buffer, (const char *) g_bytes_get_data (self->read, NULL) + self->offset, n);
      self->offset += n;
      return past_head ? measured (self, buffer, n, error) : n;
    }
  if (!self->open)
    return 0;
  if (blocking)
    n = g_input_stream_read (self->base, buffer, count, cancellable, error);
  else
    n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (self->base), buffer,
                                                  count, cancellable, error);
  return measured (self, buffer, n, error);
}

/* ---- overrides ---- */

static gssize
tk_invite_stream_read (GInputStream  *stream,
                       void          *buffer,
                       gsize          count,
                       GCancellable  *cancellable,
                       GError       **error)
{
  return serve (TK_INVITE_STREAM (stream), buffer, count, TRUE, cancellable, error);
}

static gboolean
tk_invite_stream_close (GInputStream  *stream,
                        GCancellable  *cancellable,
                        GError       **error)
{
  TkInviteStream *self = TK_INVITE_STREAM (stream);
  GDestroyNotify on_close = g_steal_pointer (&self->on_close);

  /* The socket's own streams do not close it: the connection does. */
  g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
  if (on_close != NULL)
    on_close (self->data);
  return TRUE;
}

/* Closing is immediate: done here rather than in a thread, so that @on_close runs on the
 * main context like everything else of the server. */
static void
tk_invite_stream_close_async (GInputStream        *stream,
                              int                  io_priority,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (stream, cancellable, callback, user_data);

  tk_invite_stream_close (stream, cancellable, NULL);
  g_task_return_boolean (task, TRUE);
}

static gboolean
tk_invite_stream_close_finish (GInputStream  *stream,
                               GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
tk_invite_stream_can_poll (GPollableInputStream *stream)
{
  return TRUE;
}

static gboolean
tk_invite_stream_is_readable (GPollableInputStream *stream)
{
  TkInviteStream *self = TK_INVITE_STREAM (stream);

  return ready_now (self) ||
         g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (self->base));
}

static GSource *
tk_invite_stream_create_source (GPollableInputStream *stream,
                                GCancellable         *cancellable)
{
  TkInviteStream *self = TK_INVITE_STREAM (stream);
  g_autoptr(GSource) socket_source = NULL;
  GSource *source;

  if (ready_now (self))
    {
      source = g_pollable_source_new_full (self, NULL, cancellable);
      g_source_set_ready_time (source, 0);
      return source;
    }
  socket_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (self->base),
                                                         NULL);
  return g_pollable_source_new_full (self, socket_source, cancellable);
}

static gssize
tk_invite_stream_read_nonblocking (GPollableInputStream  *stream,
                                   void                  *buffer,
                                   gsize                  count,
                                   GError               **error)
{
  return serve (TK_INVITE_STREAM (stream), buffer, count, FALSE, NULL, error);
}

static void
tk_invite_stream_finalize (GObject *object)
{
  TkInviteStream *self = TK_INVITE_STREAM (object);

  g_clear_object (&self->connection);
  g_clear_pointer (&self->read, g_bytes_unref);

  G_OBJECT_CLASS (tk_invite_stream_parent_class)->finalize (object);
}

static void
tk_invite_stream_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = tk_invite_stream_can_poll;
  iface->is_readable = tk_invite_stream_is_readable;
  iface->create_source = tk_invite_stream_create_source;
  iface->read_nonblocking = tk_invite_stream_read_nonblocking;
}

static void
tk_invite_stream_class_init (TkInviteStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GInputStreamClass *stream_class = G_INPUT_STREAM_CLASS (klass);

  object_class->finalize = tk_invite_stream_finalize;
  stream_class->read_fn = tk_invite_stream_read;
  stream_class->close_fn = tk_invite_stream_close;
  stream_class->close_async = tk_invite_stream_close_async;
  stream_class->close_finish = tk_invite_stream_close_finish;
}

static void
tk_invite_stream_init (TkInviteStream *self)
{
}

/* ---- public API ---- */

gboolean
tk_invite_frame_meter_feed (TkInviteFrameMeter *meter,
                            const guint8       *data,
                            gsize               length,
                            guint64             max)
{
  gsize i = 0;

  while (i < length)
    {
      guint need;
      guint8 len7;

      if (meter->payload_left > 0)
        {
          guint64 take = MIN (meter->payload_left, (guint64) (length - i));

          meter->payload_left -= take;
          i += take;
          continue;
        }
      meter->header[meter->header_length++] = data[i++];
      if (meter->header_length < 2)
        continue;
      len7 = meter->header[1] & 0x7f;
      need = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + ((meter->header[1] & 0x80) ? 4 : 0);
      if (meter->header_length < need)
        continue;

      /* A whole frame header: its payload's length, then what it adds to the message. */
      {
        guint64 payload = len7;
        guint8 opcode = meter->header[0] & 0x0f;
        gboolean fin = (meter->header[0] & 0x80) != 0;

        if (len7 == 126)
          payload = ((guint64) meter->header[2] << 8) | meter->header[3];
        else if (len7 == 127)
          {
            payload = 0;
            for (guint b = 2; b < 10; b++)
              payload = (payload << 8) | meter->header[b];
          }
        meter->header_length = 0;
        meter->payload_left = payload;
        if (opcode >= 8)
          {
            /* Control frames (close, ping, pong) may come between fragments. */
            if (payload > 125)
              return FALSE;
            continue;
          }
        if (payload > max - MIN (meter->message_size, max))
          return FALSE;
        meter->message_size += payload;
        if (fin)
          meter->message_size = 0;
      }
    }
  return TRUE;
}

TkInviteStream *
tk_invite_stream_new (GSocketConnection *connection,
                      GBytes            *head,
                      gsize              head_length,
                      GDestroyNotify     on_close,
                      gpointer           data)
{
  TkInviteStream *self;

  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (connection), NULL);
  g_return_val_if_fail (head_length <= g_bytes_get_size (head), NULL);

  self = g_object_new (TK_TYPE_INVITE_STREAM, NULL);
  self->connection = g_object_ref (connection);
  self->base = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  self->read = g_bytes_ref (head);
  self->head_length = head_length;
  self->on_close = on_close;
  self->data = data;
  return self;
}

void
tk_invite_stream_open (TkInviteStream *self,
                       guint64         max)
{
  g_return_if_fail (TK_IS_INVITE_STREAM (self));

  self->open = TRUE;
  self->max = max;
}

void
tk_invite_stream_forget (TkInviteStream *self)
{
  g_return_if_fail (TK_IS_INVITE_STREAM (self));

  self->on_close = NULL;
}
