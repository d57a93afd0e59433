/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-session-row.c — one open session in the Table page's list.
 *
 * The played time follows the game timer: the row listens to the session (a pause, an
 * action) and, while it is shown and the timer runs, reads it again each second (as the
 * session's own timer does), so the two never disagree by more than that.
 */
#define G_LOG_DOMAIN "tk-session-row"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "tk-display-date.h"
#include "tk-rules.h"
#include "tk-session-row.h"
#include "tk-accessible.h"

struct _TkSessionRow
{
  GtkWidget  parent_instance;

  TkSession *session;
  guint      tick_id;

  GtkLabel  *title_label;
  GtkLabel  *players_label;
  GtkLabel  *started_label;
};

G_DEFINE_FINAL_TYPE (TkSessionRow, tk_session_row, GTK_TYPE_WIDGET)

/* ---- statics ---- */

static char *
players_line (TkSession *session)
{
  JsonObject *setup = tk_session_get_setup (session);
  guint n = tk_rules_setup_n_players (setup);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint i = 0; i < n; i++)
    g_strv_builder_add (builder, tk_rules_setup_player_name (setup, i));
  names = g_strv_builder_end (builder);
  return g_strjoinv (", ", names);
}

static char *
started_line (TkSession *session)
{
  g_autoptr(GDateTime) started = g_date_time_new_from_unix_local (tk_session_get_started_at (session));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *when = NULL;
  g_autofree char *played = tk_session_row_format_played (tk_session_get_elapsed_ms (session));

  if (started == NULL)
    return g_strdup ("");
  if (g_date_time_get_year (started) == g_date_time_get_year (now) &&
      g_date_time_get_day_of_year (started) == g_date_time_get_day_of_year (now))
    when = g_date_time_format (started, "%H:%M");
  else
    when = tk_display_date_time (started);
  if (tk_session_timer_is_running (session))
    /* Translators: "Started 14:05 · 1 h 20 min played" */
    return g_strdup_printf (_("Started %s · %s played"), when, played);
  /* Translators: "Started 14:05 · 1 h 20 min played, paused" */
  return g_strdup_printf (_("Started %s · %s played, paused"), when, played);
}

/* The row is read as one line: title, players and time, like the three labels show it. */
static void
update_accessible_label (TkSessionRow *self)
{
  g_autofree char *label = NULL;

  /* Translators: a session row read by a screen reader: title, players, "Started 14:05 · …" */
  label = g_strdup_printf (_("%s, %s, %s"), gtk_label_get_text (self->title_label),
                           gtk_label_get_text (self->players_label),
                           gtk_label_get_text (self->started_label));
  tk_accessible_label_item (GTK_WIDGET (self), label);
}

static void
update_started (TkSessionRow *self)
{
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;
  text = started_line (self->session);
  /* The tick comes every second; the name changes (and is announced) only with the text. */
  if (g_strcmp0 (text, gtk_label_get_text (self->started_label)) == 0)
    return;
  gtk_label_set_text (self->started_label, text);
  update_accessible_label (self);
}

static gboolean
tick (gpointer user_data)
{
  update_started (TK_SESSION_ROW (user_data));
  return G_SOURCE_CONTINUE;
}

static void
update_tick (TkSessionRow *self)
{
  gboolean want = self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
                  tk_session_timer_is_running (self->session);

  if (want && self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (1, tick, self);
  else if (!want)
    g_clear_handle_id (&self->tick_id, g_source_remove);
}

static void
on_session_changed (TkSessionRow *self)
{
  g_autofree char *players = NULL;

  if (self->session == NULL)
    return;
  players = players_line (self->session);
  gtk_label_set_text (self->title_label, tk_session_get_display_title (self->session));
  gtk_label_set_text (self->players_label, players);
  update_started (self);
  update_accessible_label (self);
  update_tick (self);
}

/* ---- overrides ---- */

static void
tk_session_row_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_session_row_parent_class)->map (widget);
  update_started (TK_SESSION_ROW (widget));
  update_tick (TK_SESSION_ROW (widget));
}

static void
tk_session_row_unmap (GtkWidget *widget)
{
  g_clear_handle_id (&TK_SESSION_ROW (widget)->tick_id, g_source_remove);
  GTK_WIDGET_CLASS (tk_session_row_parent_class)->unmap (widget);
}

static void
tk_session_row_dispose (GObject *object)
{
  TkSessionRow *self = TK_SESSION_ROW (object);

  tk_session_row_set_session (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_SESSION_ROW);
  G_OBJECT_CLASS (tk_session_row_parent_class)->dispose (object);
}

static void
tk_session_row_class_init (TkSessionRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_session_row_dispose;
  widget_class->map = tk_session_row_map;
  widget_class->unmap = tk_session_row_unmap;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/app/tk-session-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkSessionRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkSessionRow, players_label);
  gtk_widget_class_bind_template_child (widget_class, TkSessionRow, started_label);
}

static void
tk_session_row_init (TkSessionRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ---- public API ---- */

GtkWidget *
tk_session_row_new (void)
{
  return g_object_new (TK_TYPE_SESSION_ROW, NULL);
}

TkSession *
tk_session_row_get_session (TkSessionRow *self)
{
  g_return_val_if_fail (TK_IS_SESSION_ROW (self), NULL);
  return self->session;
}

void
tk_session_row_set_session (TkSessionRow *self,
                            TkSession    *session)
{
  g_return_if_fail (TK_IS_SESSION_ROW (self));
  g_return_if_fail (session == NULL || TK_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::timer-running", G_CALLBACK (on_session_changed),
                               self, G_CONNECT_SWAPPED);
    }
  on_session_changed (self);
  if (session == NULL)
    g_clear_handle_id (&self->tick_id, g_source_remove);
}

const char *
tk_session_row_get_started_text (TkSessionRow *self)
{
  g_return_val_if_fail (TK_IS_SESSION_ROW (self), NULL);
  return gtk_label_get_text (self->started_label);
}

char *
tk_session_row_format_played (gint64 elapsed_ms)
{
  gint64 min = MAX (elapsed_ms, 0) / 60000;

  if (min < 60)
    /* Translators: a game's length so far, "20 min" */
    return g_strdup_printf (_("%d min"), (int) min);
  /* Translators: a game's length so far, "1 h 05 min" (hours, minutes) */
  return g_strdup_printf (_("%d h %02d min"), (int) (min / 60), (int) (min % 60));
}
