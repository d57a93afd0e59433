/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-players-strip.c — the score cards above a game.
 *
 * Drawn from the engine's score() alone, after the session committed: the figures shown are
 * the engine's, never what was typed.
 */
#define G_LOG_DOMAIN "tk-players-strip"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-colour-dot.h"
#include "tk-players-strip.h"
#include "tk-cards-layout.h"
#include "tk-points.h"
#include "tk-rules.h"
#include "tk-session-style.h"

struct _TkPlayersStrip
{
  GtkBox     parent_instance;

  GPtrArray *total_labels;   /* GtkLabel per seat */
  GPtrArray *rank_labels;    /* GtkLabel per seat: rank, team total or co-op result */
};

G_DEFINE_FINAL_TYPE (TkPlayersStrip, tk_players_strip, GTK_TYPE_BOX)

/* The team named @name in a score breakdown's "teams", or NULL. */
static JsonObject *
find_team (JsonObject *score,
           const char *name)
{
  JsonArray *teams = json_object_has_member (score, "teams")
                     ? json_object_get_array_member (score, "teams") : NULL;

  for (guint i = 0; teams != NULL && i < json_array_get_length (teams); i++)
    {
      JsonObject *team = json_array_get_object_element (teams, i);

      if (team != NULL && g_strcmp0 (json_object_get_string_member_with_default (team, "name", NULL), name) == 0)
        return team;
    }
  return NULL;
}

static void
tk_players_strip_finalize (GObject *object)
{
  TkPlayersStrip *self = TK_PLAYERS_STRIP (object);

  g_ptr_array_unref (self->total_labels);
  g_ptr_array_unref (self->rank_labels);
  G_OBJECT_CLASS (tk_players_strip_parent_class)->finalize (object);
}

static void
tk_players_strip_class_init (TkPlayersStripClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_players_strip_finalize;

  tk_session_style_ensure ();
}

static void
tk_players_strip_init (TkPlayersStrip *self)
{
  self->total_labels = g_ptr_array_new ();
  self->rank_labels = g_ptr_array_new ();
  gtk_widget_set_name (GTK_WIDGET (self), "players-strip");
  /* Equal cards in even rows: two rows of two on a phone rather than a row that scrolls
   * sideways. */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), tk_cards_layout_new ());
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 6);
}

GtkWidget *
tk_players_strip_new (void)
{
  return g_object_new (TK_TYPE_PLAYERS_STRIP, NULL);
}

void
tk_players_strip_set_score (TkPlayersStrip       *self,
                            JsonObject           *score,
                            int                   first_seat,
                            TkPlayersStripLeader  leader)
{
  JsonArray *players;
  guint n_players;
  const char *coop;
  GtkWidget *child;

  g_return_if_fail (TK_IS_PLAYERS_STRIP (self));
  g_return_if_fail (score != NULL);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
  g_ptr_array_set_size (self->total_labels, 0);
  g_ptr_array_set_size (self->rank_labels, 0);
  players = json_object_has_member (score, "players")
            ? json_object_get_array_member (score, "players") : NULL;
  n_players = players != NULL ? json_array_get_length (players) : 0;
  coop = json_object_get_string_member_with_default (score, "coop", NULL);

  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *p = json_array_get_object_element (players, i);
      const char *name = json_object_get_string_member (p, "name");
      /* A seat without a colour of its own (a session file may give none) gets its default. */
      const char *colour = json_object_get_string_member_with_default (
        p, "colour", tk_rules_seat_colour ((guint) json_object_get_int_member_with_default (p, "seat", i)));
      gint64 rank = json_object_get_int_member_with_default (p, "rank", 0);
      gboolean winner = json_object_get_boolean_member_with_default (p, "winner", FALSE);
      g_autofree char *total = tk_points_format (json_object_get_double_member_with_default (p, "total", 0));
      g_autofree char *rank_text = NULL;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *name_label = gtk_label_new (name);
      GtkWidget *total_label = gtk_label_new (total);
      GtkWidget *rank_label;

      const char *team = json_object_get_string_member_with_default (p, "team", NULL);
      JsonObject *team_score = team != NULL ? find_team (score, team) : NULL;

      if (coop != NULL)
        rank_text = g_strdup (g_str_equal (coop, "won") ? _("Won together")
                              : g_str_equal (coop, "lost") ? _("Lost together") : _("Playing"));
      else if (team_score != NULL)
        {
          g_autofree char *team_total =
            tk_points_format (json_object_get_double_member_with_default (team_score, "total", 0));

          /* Translators: a player's team, the team's total and its place, e.g.
           * "Red 70 · rank 1" */
          rank_text = g_strdup_printf (_("%s %s · rank %" PRId64), team, team_total,
                                       json_object_get_int_member_with_default (team_score, "rank", 0));
        }
      else
        /* Translators: the player's place in the ranking, e.g. "Rank 1" */
        rank_text = g_strdup_printf (_("Rank %" PRId64), rank);
      rank_label = gtk_label_new (rank_text);

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-player-card");
      /* Before anything is scored every seat "wins" the tie at 0: no highlight then. */
      if (winner && (leader == TK_PLAYERS_STRIP_LEADER_ALWAYS ||
                     (leader == TK_PLAYERS_STRIP_LEADER_WHEN_SCORED &&
                      json_object_get_double_member_with_default (p, "total", 0) > 0)))
        gtk_widget_add_css_class (card, "tk-leader");
      gtk_widget_set_halign (head, GTK_ALIGN_CENTER);
      gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (name_label, "heading");
      gtk_box_append (GTK_BOX (head), tk_colour_dot_new (colour));
      gtk_box_append (GTK_BOX (head), name_label);
      if ((int) i == first_seat)
        {
          GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

          gtk_widget_set_tooltip_text (star, _("First player"));
          gtk_box_append (GTK_BOX (head), star);
        }
      gtk_widget_add_css_class (total_label, "title-1");
      gtk_widget_add_css_class (total_label, "numeric");
      gtk_widget_add_css_class (rank_label, "dim-label");
      gtk_widget_add_css_class (rank_label, "caption");
      gtk_box_append (GTK_BOX (card), head);
      gtk_box_append (GTK_BOX (card), total_label);
      gtk_box_append (GTK_BOX (card), rank_label);
      gtk_box_append (GTK_BOX (self), card);
      g_ptr_array_add (self->total_labels, total_label);
      g_ptr_array_add (self->rank_labels, rank_label);
    }
}

guint
tk_players_strip_get_n (TkPlayersStrip *self)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), 0);

  return self->total_labels->len;
}

const char *
tk_players_strip_get_total (TkPlayersStrip *self,
                            guint           seat)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), NULL);

  if (seat >= self->total_labels->len)
    return NULL;
  return gtk_label_get_text (g_ptr_array_index (self->total_labels, seat));
}

const char *
tk_players_strip_get_rank (TkPlayersStrip *self,
                           guint           seat)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), NULL);

  if (seat >= self->rank_labels->len)
    return NULL;
  return gtk_label_get_text (g_ptr_array_index (self->rank_labels, seat));
}
