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

#include "tk-cards-layout.h"
#include "tk-panel-widgets.h"
#include "tk-player-card.h"
#include "tk-players-strip.h"
#include "tk-points.h"
#include "tk-rules.h"

struct _TkPlayersStrip
{
  GtkBox     parent_instance;

  GPtrArray *cards;   /* TkPlayerCard per seat, made once for the seats */
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
  g_ptr_array_unref (TK_PLAYERS_STRIP (object)->cards);
  G_OBJECT_CLASS (tk_players_strip_parent_class)->finalize (object);
}

static void
tk_players_strip_class_init (TkPlayersStripClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_players_strip_finalize;
}

static void
tk_players_strip_init (TkPlayersStrip *self)
{
  self->cards = g_ptr_array_new ();
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

  g_return_if_fail (TK_IS_PLAYERS_STRIP (self));
  g_return_if_fail (score != NULL);

  players = json_object_has_member (score, "players")
            ? json_object_get_array_member (score, "players") : NULL;
  n_players = players != NULL ? json_array_get_length (players) : 0;
  coop = json_object_get_string_member_with_default (score, "coop", NULL);
  if (self->cards->len != n_players)
    {
      tk_panel_clear (GTK_WIDGET (self));
      g_ptr_array_set_size (self->cards, 0);
      for (guint i = 0; i < n_players; i++)
        {
          g_ptr_array_add (self->cards, tk_player_card_new ());
          gtk_box_append (GTK_BOX (self), self->cards->pdata[i]);
        }
    }

  for (guint i = 0; i < n_players; i++)
    {
      TkPlayerCard *card = self->cards->pdata[i];
      JsonObject *p = json_array_get_object_element (players, i);
      double total = json_object_get_double_member_with_default (p, "total", 0);
      gboolean winner = json_object_get_boolean_member_with_default (p, "winner", FALSE);
      const char *team = json_object_get_string_member_with_default (p, "team", NULL);
      JsonObject *team_score = team != NULL ? find_team (score, team) : NULL;
      g_autofree char *rank_text = NULL;

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
        rank_text = g_strdup_printf (_("Rank %" PRId64),
                                     json_object_get_int_member_with_default (p, "rank", 0));

      /* A seat without a colour of its own (a session file may give none) gets its default;
       * before anything is scored every seat "wins" the tie at 0: no highlight then. */
      g_object_set (card, "colour", json_object_get_string_member_with_default (
                      p, "colour", tk_rules_seat_colour ((guint) json_object_get_int_member_with_default (p, "seat", i))),
                    "player-name", json_object_get_string_member (p, "name"), "caption", rank_text,
                    "first", (int) i == first_seat,
                    "winner", winner && (leader == TK_PLAYERS_STRIP_LEADER_ALWAYS ||
                                         (leader == TK_PLAYERS_STRIP_LEADER_WHEN_SCORED && total > 0)),
                    NULL);
      tk_player_card_set_points (card, total);
    }
}

guint
tk_players_strip_get_n (TkPlayersStrip *self)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), 0);

  return self->cards->len;
}

const char *
tk_players_strip_get_total (TkPlayersStrip *self,
                            guint           seat)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), NULL);

  return seat < self->cards->len
         ? gtk_label_get_text (GTK_LABEL (tk_player_card_get_total_label (self->cards->pdata[seat])))
         : NULL;
}

const char *
tk_players_strip_get_rank (TkPlayersStrip *self,
                           guint           seat)
{
  g_return_val_if_fail (TK_IS_PLAYERS_STRIP (self), NULL);

  return seat < self->cards->len
         ? gtk_label_get_text (GTK_LABEL (tk_player_card_get_caption_label (self->cards->pdata[seat])))
         : NULL;
}
