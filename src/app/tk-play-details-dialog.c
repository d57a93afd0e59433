/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-play-details-dialog.c — one play of the history, read only: what a click on a play in
 * the History page opens.
 *
 * The facts there are (date in the UI's format, length, place, expansions, notes), the
 * players in seat order with rank, score and the winners marked, and, for a play finished
 * at the table, the score breakdown folded again from the session's ledger.  Edit emits
 * ::edit and closes; the History page then opens the log dialog on the play.  Everything
 * from the library goes into rows with markup off.
 */
#define G_LOG_DOMAIN "tk-play-details-dialog"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-points.h"
#include "tk-display-date.h"
#include "tk-play-details-dialog.h"
#include "tk-play.h"
#include "tk-plays.h"
#include "tk-play-times-groups.h"
#include "tk-session.h"

struct _TkPlayDetailsDialog
{
  AdwWindow        parent_instance;

  TkStore         *store;
  TkPlay          *play;

  AdwWindowTitle  *window_title;
  GtkListBox      *facts_list;
  GtkWidget       *players_group;
  GtkListBox      *players_list;
  GtkWidget       *breakdown_group;
  GtkListBox      *breakdown_list;
};

enum
{
  EDIT,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkPlayDetailsDialog, tk_play_details_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

static char *
format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (points == (double) (gint64) points)
    return g_strdup_printf ("%" PRId64, (gint64) points);
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.2f", points));
}

/* Games scored at several year ends (Foundations of Metropolis) also give each year's
 * scoring: one row per year, its categories named as in the breakdown (each line's
 * "category" is a member of the year's object), the year's points at the end. */
static void
add_year_rows (AdwExpanderRow *row,
               JsonObject     *player,
               JsonArray      *breakdown)
{
  JsonArray *years = json_object_has_member (player, "years")
                     ? json_object_get_array_member (player, "years") : NULL;

  for (guint y = 0; years != NULL && breakdown != NULL && y < json_array_get_length (years); y++)
    {
      JsonObject *year = json_array_get_object_element (years, y);
      g_autoptr(GString) parts = g_string_new (NULL);
      g_autofree char *title = NULL;
      g_autofree char *points = NULL;
      GtkWidget *child;

      if (year == NULL || !json_object_has_member (year, "year"))
        continue;
      for (guint j = 0; j < json_array_get_length (breakdown); j++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, j);
          const char *category = line != NULL
                                 ? json_object_get_string_member_with_default (line, "category", NULL)
                                 : NULL;
          g_autofree char *value = NULL;

          if (category == NULL || !json_object_has_member (year, category))
            continue;
          value = format_points (json_object_get_double_member_with_default (year, category, 0));
          if (parts->len > 0)
            g_string_append (parts, " · ");
          /* Translators: one category of a year's scoring, e.g. "Population 6". */
          g_string_append_printf (parts, C_("year scoring", "%s %s"),
                                  json_object_get_string_member_with_default (line, "label", ""),
                                  value);
        }
      /* Translators: a row title in a finished play's breakdown, e.g. "Year 2". */
      title = g_strdup_printf (_("Year %d"), (int) json_object_get_int_member (year, "year"));
      points = format_points (json_object_get_double_member_with_default (year, "total", 0));
      child = tk_points_row_new (title, points);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (child), parts->str);
      adw_expander_row_add_row (row, child);
    }
}

/* A play written by a session keeps its ledger: the breakdown is folded again from it, so it
 * is exactly what the table saw (the session's rows are kept when it is finished). */
static void
fill_breakdown (TkPlayDetailsDialog *self)
{
  gint64 session_id = tk_play_get_session_id (self->play);
  g_autoptr(TkSession) session = NULL;
  g_autoptr(JsonObject) score = NULL;
  JsonArray *players;
  GtkListBoxRow *old;
  guint n_rows = 0;

  while ((old = gtk_list_box_get_row_at_index (self->breakdown_list, 0)) != NULL)
    gtk_list_box_remove (self->breakdown_list, GTK_WIDGET (old));
  if (session_id > 0)
    {
      tk_games_register_all ();
      session = tk_session_load (self->store, session_id, NULL);
    }
  if (session != NULL)
    score = tk_session_score (session);
  players = score != NULL && json_object_has_member (score, "players")
            ? json_object_get_array_member (score, "players") : NULL;
  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      JsonArray *breakdown = json_object_has_member (p, "breakdown")
                             ? json_object_get_array_member (p, "breakdown") : NULL;
      GtkWidget *row = adw_expander_row_new ();
      g_autofree char *total = format_points (json_object_get_double_member_with_default (p, "total", 0));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     json_object_get_string_member_with_default (p, "name", ""));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), total);
      for (guint j = 0; breakdown != NULL && j < json_array_get_length (breakdown); j++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, j);
          g_autofree char *points = NULL;

          if (line == NULL)
            continue;
          points = format_points (json_object_get_double_member_with_default (line, "points", 0));
          adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                    tk_points_row_new (json_object_get_string_member_with_default (
                                                         line, "label", ""),
                                                       points));
        }
      add_year_rows (ADW_EXPANDER_ROW (row), p, breakdown);
      gtk_list_box_append (self->breakdown_list, row);
      n_rows++;
    }
  gtk_widget_set_visible (self->breakdown_group, n_rows > 0);
}

/* Where the play came from, as the History list says it: an imported play is neither "at the
 * table" nor "by hand" (BGG's flags follow, since they decide whether it has a winner). */
static const char *
recorded_how (TkPlay *play)
{
  const char *origin = tk_play_get_origin (play);
  gboolean bgstats = g_strcmp0 (origin, "bgstats") == 0;

  if (origin == NULL)
    return tk_play_get_session_id (play) > 0 ? _("At the table") : _("Logged by hand");
  if (tk_play_get_incomplete (play))
    return bgstats ? _("Imported from BG Stats, incomplete")
                   : _("Imported from BoardGameGeek, incomplete");
  if (tk_play_get_no_win_stats (play))
    return bgstats ? _("Imported from BG Stats, wins not counted")
                   : _("Imported from BoardGameGeek, wins not counted");
  return bgstats ? _("Imported from BG Stats") : _("Imported from BoardGameGeek");
}

static GtkWidget *
add_fact (TkPlayDetailsDialog *self,
          const char          *title,
          const char          *value)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  gtk_widget_add_css_class (row, "property");
  gtk_list_box_append (self->facts_list, row);
  return row;
}

static gboolean
is_set (const char *text)
{
  return text != NULL && *text != '\0';
}

/* Appends one fact to a row's subtitle, after a separator when it has some already. */
static void
append_fact (GString    *subtitle,
             const char *fact)
{
  g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "", fact);
}

/* What an imported play said of the seat, after the row's other facts; plain text (the row
 * does not use markup: a team or role comes from someone else's file). */
static void
append_seat_facts (GString            *subtitle,
                   const TkPlayPlayer *p)
{
  if (is_set (p->team))
    {
      /* Translators: the team a player was on in an imported play, e.g. "Team Red". */
      g_autofree char *team = g_strdup_printf (_("Team %s"), p->team);

      append_fact (subtitle, team);
    }
  if (is_set (p->role))
    {
      /* Translators: a player's role (or BoardGameGeek colour) in an imported play. */
      g_autofree char *role = g_strdup_printf (_("Role %s"), p->role);

      append_fact (subtitle, role);
    }
  if (p->start_player)
    /* Translators: the player who took the first turn of an imported play. */
    append_fact (subtitle, _("Started"));
}

/* "52 (40+12)": the score and, when the play kept it, the score as it was typed. */
static char *
format_seat_score (const TkPlayPlayer *p)
{
  g_autofree char *points = p->has_score ? format_points (p->score) : NULL;

  if (!is_set (p->score_text))
    return g_steal_pointer (&points);
  if (points == NULL)
    return g_strdup (p->score_text);
  /* Translators: a player's score and the score as typed in an imported play, "52 (40+12)". */
  return g_strdup_printf (C_("score as typed", "%s (%s)"), points, p->score_text);
}

static void
fill (TkPlayDetailsDialog *self)
{
  TkPlay *play = self->play;
  g_autofree char *date = tk_display_date (tk_play_get_played_on (play));

  adw_window_title_set_title (self->window_title, tk_play_get_display_title (play));
  adw_window_title_set_subtitle (self->window_title, date);
  gtk_window_set_title (GTK_WINDOW (self), tk_play_get_display_title (play));

  add_fact (self, _("Date"), date);
  if (tk_play_get_duration_min (play) >= 0)
    {
      g_autofree char *minutes = g_strdup_printf (_("%d min"), tk_play_get_duration_min (play));

      add_fact (self, _("Length"), minutes);
    }
  if (is_set (tk_play_get_location (play)))
    add_fact (self, _("Location"), tk_play_get_location (play));
  if (is_set (tk_play_get_expansions (play)))
    add_fact (self, _("Expansions"), tk_play_get_expansions (play));
  if (is_set (tk_play_get_notes (play)))
    add_fact (self, _("Notes"), tk_play_get_notes (play));
  add_fact (self, _("Recorded"), recorded_how (play));

  for (guint i = 0; i < tk_play_get_n_players (play); i++)
    {
      const TkPlayPlayer *p = tk_play_get_player (play, i);
      GtkWidget *row = adw_action_row_new ();
      g_autoptr(GString) subtitle = g_string_new (NULL);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), p->name != NULL ? p->name : "");
      if (!tk_play_seat_is_person (play, p))
        /* a co-op foe or a campaign's month the other app logged as a player */
        g_string_append (subtitle, _("Not a player"));
      else if (p->winner)
        g_string_append (subtitle, _("★ Winner"));
      if (p->rank > 0 && !p->winner && tk_play_seat_is_person (play, p))
        /* Translators: a player's place in a finished play, e.g. "Rank 2". */
        g_string_append_printf (subtitle, _("Rank %d"), p->rank);
      if (p->first_play)
        append_fact (subtitle, _("first play"));
      append_seat_facts (subtitle, p);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
      if (p->has_score || is_set (p->score_text))
        {
          g_autofree char *score = format_seat_score (p);
          GtkWidget *label = gtk_label_new (score);

          gtk_widget_add_css_class (label, "numeric");
          gtk_widget_add_css_class (label, "title-4");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
        }
      gtk_list_box_append (self->players_list, row);
    }
  gtk_widget_set_visible (self->players_group, tk_play_get_n_players (play) > 0);
  /* the turn clock's time per player, for a play that was timed */
  {
    GtkWidget *times = tk_play_times_group_for_play (self->store, tk_play_get_id (play));

    if (times != NULL)
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->players_group)), times,
                                  self->players_group);
  }
  fill_breakdown (self);
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkPlayDetailsDialog *self = TK_PLAY_DETAILS_DIALOG (widget);

  g_signal_emit (self, signals[EDIT], 0, tk_play_get_id (self->play));
  gtk_window_close (GTK_WINDOW (self));
}

static void
tk_play_details_dialog_dispose (GObject *object)
{
  TkPlayDetailsDialog *self = TK_PLAY_DETAILS_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_PLAY_DETAILS_DIALOG);
  g_clear_object (&self->store);
  g_clear_object (&self->play);

  G_OBJECT_CLASS (tk_play_details_dialog_parent_class)->dispose (object);
}

static void
tk_play_details_dialog_class_init (TkPlayDetailsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_play_details_dialog_dispose;

  /* The user asked to edit the play; its id. */
  signals[EDIT] = g_signal_new ("edit", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-play-details-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, facts_list);
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, players_list);
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, breakdown_group);
  gtk_widget_class_bind_template_child (widget_class, TkPlayDetailsDialog, breakdown_list);

  gtk_widget_class_install_action (widget_class, "play-details.edit", NULL, edit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "play-details.edit", NULL);
}

static void
tk_play_details_dialog_init (TkPlayDetailsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkPlayDetailsDialog *
tk_play_details_dialog_new (GtkWindow  *parent,
                            TkStore    *store,
                            gint64      play_id,
                            GError    **error)
{
  g_autoptr(TkPlay) play = NULL;
  TkPlayDetailsDialog *self;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  play = tk_plays_get (store, play_id, error);
  if (play == NULL)
    return NULL;
  self = g_object_new (TK_TYPE_PLAY_DETAILS_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->play = g_steal_pointer (&play);
  fill (self);
  return self;
}

gint64
tk_play_details_dialog_get_play_id (TkPlayDetailsDialog *self)
{
  g_return_val_if_fail (TK_IS_PLAY_DETAILS_DIALOG (self), 0);

  return tk_play_get_id (self->play);
}
