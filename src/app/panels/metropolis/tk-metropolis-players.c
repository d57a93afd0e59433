/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-players.c — the players' cards (see the header): made once per seat (a
 * TkPlayerCard holding tk-metropolis-seat-stats.ui), patched on each change.  Each number is
 * named "player-<seat>-<what>" for the tests. */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-player-card.h"
#include "tk-metropolis-players.h"

#define MAX_SEATS 4

enum { COINS, INCOME, MARKERS, DEEDS, TILES, POPULATION, PRESTIGE, PREVIEW, N_STATS };

typedef struct
{
  TkPlayerCard *card;
  GtkLabel  *numbers[N_STATS];
  GtkWidget *preview_box;
  GtkLabel  *preview_caption;
} Card;

struct _TkMetropolisPlayers
{
  TkPanelPart  parent_instance;

  guint             n_cards;
  Card              cards[MAX_SEATS];

  GtkFlowBox       *players_box;
};

G_DEFINE_FINAL_TYPE (TkMetropolisPlayers, tk_metropolis_players, TK_TYPE_PANEL_PART)

/* A narrow card wraps a caption before a bracket, never inside it ("markers (of 8)" would
 * break as "markers (of / 8)"): spaces between brackets become no-break spaces. */
static void
set_caption (GtkLabel   *label,
             const char *caption)
{
  GString *kept = g_string_new (NULL);
  int depth = 0;

  for (const char *c = caption; *c != '\0'; c++)
    {
      depth += *c == '(' ? 1 : *c == ')' && depth > 0 ? -1 : 0;
      if (*c == ' ' && depth > 0)
        g_string_append (kept, "\u00a0");
      else
        g_string_append_c (kept, *c);
    }
  gtk_label_set_text (label, kept->str);
  g_string_free (kept, TRUE);
}

static void
make_cards (TkMetropolisPlayers *self,
            TkMetropolisModel   *model)
{
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  static const char *const names[N_STATS] = { "coins", "income", "markers", "deeds", "tiles",
                                              "population", "prestige", "preview" };
  /* Translators: lot markers left on the player board, e.g. "markers (of 8)" */
  g_autofree char *markers = g_strdup_printf (_("markers (of %" PRId64 ")"),
                                              g->markers_total);
  /* Translators: building tiles left on the player board, e.g. "tiles (of 24)" */
  g_autofree char *tiles = g_strdup_printf (_("tiles (of %" PRId64 ")"),
                                            g->tiles_total);
  const char *captions[N_STATS] = { _("coins"), _("income"), markers, _("deeds"), tiles,
                                    _("population"), _("prestige"), _("year end now") };
  const char *tooltips[N_STATS] = { NULL, _("What Take Income gives"),
                                    _("Lot markers left on the player board"), NULL,
                                    _("Building tiles left on the player board"), NULL, NULL, NULL };

  self->n_cards = MIN (g->n_players, MAX_SEATS);
  for (guint p = 0; p < self->n_cards; p++)
    {
      Card *card = &self->cards[p];
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource (RESOURCE_BASE "/panels/tk-metropolis-seat-stats.ui");

      card->card = TK_PLAYER_CARD (tk_player_card_new ());
      g_object_set (card->card, "colour", tk_rules_setup_player_colour (g->setup, p),
                    "player-name", tk_metropolis_game_seat_name (g, p), NULL);
      for (guint i = 0; i < N_STATS; i++)
        {
          g_autofree char *widget_name = g_strdup_printf ("player-%u-%s", p, names[i]);
          g_autofree char *number = g_strdup_printf ("number_%u", i);
          g_autofree char *caption = g_strdup_printf ("caption_%u", i);
          g_autofree char *stat = g_strdup_printf ("stat_%u", i);
          GtkWidget *box = GTK_WIDGET (gtk_builder_get_object (builder, stat));
          GtkLabel *caption_label = GTK_LABEL (gtk_builder_get_object (builder, caption));

          card->numbers[i] = GTK_LABEL (gtk_builder_get_object (builder, number));
          gtk_widget_set_name (GTK_WIDGET (card->numbers[i]), widget_name);
          set_caption (caption_label, captions[i]);
          gtk_widget_set_tooltip_text (box, tooltips[i]);
          if (i == PREVIEW)
            {
              card->preview_box = box;
              card->preview_caption = caption_label;
            }
        }
      gtk_box_append (GTK_BOX (card->card), GTK_WIDGET (gtk_builder_get_object (builder, "grid")));
      gtk_flow_box_append (self->players_box, GTK_WIDGET (card->card));
      gtk_widget_set_focusable (gtk_widget_get_parent (GTK_WIDGET (card->card)), FALSE);
    }
}

static void
tk_metropolis_players_update (TkPanelPart  *part,
                              TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  TkMetropolisPlayers *self = TK_METROPOLIS_PLAYERS (part);
  gboolean over = g->phase == TK_METROPOLIS_PHASE_OVER;
  gboolean turn = g->turn;

  if (self->n_cards == 0)
    make_cards (self, model);
  gtk_flow_box_set_min_children_per_line (self->players_box,
                                          tk_panel_part_get_wide (part) ? 2 : 1);
  for (guint p = 0; p < self->n_cards; p++)
    {
      const TkMetropolisSeat *seat = (&g->seats[p]);
      Card *card = &self->cards[p];
      gboolean current = turn && (int) p == g->current;
      gint64 values[N_STATS] = { seat->coins, seat->income, seat->markers, seat->deeds,
                                 seat->tiles_left, seat->population, seat->prestige,
                                 over ? seat->rank : seat->preview_total };
      g_autofree char *preview_tip = NULL;

      for (guint i = 0; i < N_STATS; i++)
        {
          char text[32];

          g_snprintf (text, sizeof text,
                      (i == INCOME || (i == PREVIEW && !over)) ? "+%" G_GINT64_FORMAT : "%" G_GINT64_FORMAT,
                      values[i]);
          gtk_label_set_text (card->numbers[i], text);
        }
      g_object_set (card->card, "active", current, "first", (int) p == g->first && !over, NULL);
      /* the game is scored: the place instead of what a year end would give */
      set_caption (card->preview_caption, over ? _("rank") : _("year end now"));
      if (seat->has_preview && !over)
        /* Translators: what the year end would give now, by category */
        preview_tip = g_strdup_printf (_("If the year ended now: population %" PRId64 ", public %" PRId64 ", commercial %" PRId64 ", coins as prestige %" PRId64 ", empty lots %" PRId64 "; %" PRId64 " coins paid"),
                                       seat->preview_population, seat->preview_public,
                                       seat->preview_commercial_prestige,
                                       seat->preview_commercial_coins, seat->preview_empty_lots,
                                       seat->preview_coins);
      gtk_widget_set_tooltip_text (card->preview_box, preview_tip);
    }
}

static void
tk_metropolis_players_class_init (TkMetropolisPlayersClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_players_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-players.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPlayers, players_box);
}

static void
tk_metropolis_players_init (TkMetropolisPlayers *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
