/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-players.c — the players of the Metromania panel (see the header). */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-player-card.h"
#include "tk-metromania-players.h"

/* A card's lines under the total, in order. */
enum { PLAIN, STRIPED, STATIONS, HAND, PLACED, BREAKDOWN, N_LINES };

typedef struct
{
  TkPlayerCard *card;
  GtkLabel     *lines[N_LINES];
} Card;

struct _TkMetromaniaPlayers
{
  TkPanelPart parent_instance;

  GArray     *cards;   /* Card, by seat */
};

G_DEFINE_FINAL_TYPE (TkMetromaniaPlayers, tk_metromania_players, TK_TYPE_PANEL_PART)

/* ---- the cards ---- */

static char *
markers_text (TkMetromaniaModel *model,
              guint              seat,
              gboolean           placed)
{
  g_autoptr(GArray) markers = tk_metromania_rules_markers (tk_metromania_model_peek_state (model));
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < markers->len; i++)
    {
      const TkMetroMarker *marker = &g_array_index (markers, TkMetroMarker, i);
      g_autofree char *label = NULL;

      if (marker->owner != seat || marker->placed != placed)
        continue;
      label = tk_metromania_marker_label (marker);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, label);
    }
  if (text->len == 0)
    g_string_append (text, C_("markers", "none"));
  return g_string_free (text, FALSE);
}

static char *
line_text (TkMetromaniaModel *model,
           guint              seat,
           guint              style)
{
  gpointer state = tk_metromania_model_peek_state (model);
  /* by TkMetroLineState */
  static const char *const states[] = { N_("not started"), N_("running"), N_("finished"),
                                        N_("dead end") };
  const char *what = _(states[tk_metromania_rules_line_state (state, seat, style)]);
  gint left = tk_metromania_rules_tunnels_left (state, seat, style);

  /* TRANSLATORS: "Plain line: running, 11 tunnels left" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s, %d tunnel left",
                                       "%s: %s, %d tunnels left", left),
                          style == 0 ? _("Plain line") : _("Striped line"), what, (int) left);
}

static Card
card_new (guint seat)
{
  Card card = { TK_PLAYER_CARD (tk_player_card_new ()) };

  tk_panel_set_name (GTK_WIDGET (card.card), "player-%u", seat);
  for (guint i = 0; i < N_LINES; i++)
    {
      card.lines[i] = GTK_LABEL (tk_panel_label_new (NULL, NULL));
      gtk_box_append (GTK_BOX (card.card), GTK_WIDGET (card.lines[i]));
    }
  gtk_widget_set_name (GTK_WIDGET (card.lines[BREAKDOWN]), "breakdown");
  return card;
}

/* The categories that count, as the engine names them: why the total is what it is (station
 * points after halving, each trip, the lake–park bonus); NULL when none does yet. */
static char *
breakdown_text (JsonObject *player)
{
  JsonArray *rows = json_object_get_array_member (player, "breakdown");
  g_autoptr(GString) parts = g_string_new (NULL);

  for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
    {
      JsonObject *row = json_array_get_object_element (rows, r);
      gint64 value = json_object_get_int_member (row, "points");

      if (value == 0)
        continue;
      if (parts->len > 0)
        g_string_append (parts, _(", "));
      g_string_append_printf (parts, _("%s\u00a0%+d"),
                              json_object_get_string_member (row, "label"), (int) value);
    }
  return parts->len > 0 ? g_strdup_printf (_("%s: %s"), _("Score"), parts->str) : NULL;
}

static void
card_patch (Card              *card,
            TkMetromaniaModel *model,
            guint              s,
            JsonObject        *player)
{
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model)));
  const char *colour = tk_rules_setup_player_colour (setup, s);
  guint points = 0;
  guint built = tk_metromania_rules_stations_built (tk_metromania_model_peek_state (model), s,
                                                    &points);
  g_autofree char *hand = markers_text (model, s, FALSE);
  g_autofree char *placed = markers_text (model, s, TRUE);
  char *texts[N_LINES] = { line_text (model, s, 0), line_text (model, s, 1) };

  /* TRANSLATORS: "Stations: 3 built, 2 points" */
  texts[STATIONS] = g_strdup_printf (_("Stations: %u built, %u points"), built, points);
  texts[HAND] = g_strdup_printf (_("In hand: %s"), hand);
  texts[PLACED] = g_strdup_printf (_("Placed: %s"), placed);
  texts[BREAKDOWN] = breakdown_text (player);

  g_object_set (card->card, "colour", colour != NULL ? colour : tk_rules_seat_colour (s),
                "player-name", json_object_get_string_member (player, "name"),
                "active", s == tk_metromania_model_get_turn_seat (model) &&
                          tk_metromania_model_is_playing (model), NULL);
  tk_player_card_set_points (card->card, json_object_get_int_member (player, "total"));
  for (guint i = 0; i < N_LINES; i++)
    {
      gtk_label_set_text (card->lines[i], texts[i]);
      gtk_widget_set_visible (GTK_WIDGET (card->lines[i]), texts[i] != NULL);
      g_free (texts[i]);
    }
}

/* The cards are made once for the seats and patched on each change; each one, the flow box's
 * item, takes the focus and is read as its sentence. */
static void
tk_metromania_players_update (TkPanelPart  *part,
                              TkPanelModel *panel_model)
{
  TkMetromaniaPlayers *self = TK_METROMANIA_PLAYERS (part);
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  JsonArray *players = json_object_get_array_member (tk_metromania_model_get_score (model),
                                                     "players");
  guint n = tk_metromania_model_get_n_players (model);
  /* the template's root, so not bound (a bound root would be unparented twice) */
  GtkWidget *flow = adw_bin_get_child (ADW_BIN (part));

  if (self->cards->len != n)
    {
      tk_panel_clear (flow);
      g_array_set_size (self->cards, 0);
      for (guint s = 0; s < n; s++)
        {
          Card card = card_new (s);

          g_array_append_val (self->cards, card);
          gtk_flow_box_append (GTK_FLOW_BOX (flow), GTK_WIDGET (card.card));
        }
    }
  for (guint s = 0; s < n; s++)
    card_patch (&g_array_index (self->cards, Card, s), model, s,
                json_array_get_object_element (players, s));
}

static void
tk_metromania_players_finalize (GObject *object)
{
  g_array_unref (TK_METROMANIA_PLAYERS (object)->cards);
  G_OBJECT_CLASS (tk_metromania_players_parent_class)->finalize (object);
}

static void
tk_metromania_players_class_init (TkMetromaniaPlayersClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tk_metromania_players_finalize;
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_players_update;
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-players.ui");
}

static void
tk_metromania_players_init (TkMetromaniaPlayers *self)
{
  self->cards = g_array_new (FALSE, FALSE, sizeof (Card));
  gtk_widget_init_template (GTK_WIDGET (self));
}
