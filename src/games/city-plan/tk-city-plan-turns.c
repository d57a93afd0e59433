/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-turns.c — City Plan: the tableau and the turns.
 *
 * What a player's tableau gives (costs after the facilities' reductions, power, extra draws),
 * the draw, build and redraw of a turn, the income tiles at the end of a round, manifestos,
 * and apply() with the end-of-game entries (splits, manifesto points).  Apart because this is
 * where the rules of play live, and tk_city_plan_rules_cost() with them.
 */
#define G_LOG_DOMAIN "tk-city-plan"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-city-plan-rules-private.h"

/* ---- tableau arithmetic ---- */

static guint
count_type (TkCpPlayer *player,
            Type        type)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.type == type;
  return n;
}

static guint
count_effect (TkCpPlayer *player,
              Effect      effect)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.effect == effect;
  return n;
}

static guint
count_eco (TkCpPlayer *player)
{
  guint n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    n += g_array_index (player->buildings, Building, i).card.eco;
  return n;
}

gint64
tk_cp_extra_draws (TkCpPlayer *player)
{
  gint64 n = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_EXTRA_DRAW)
        n += b->card.amount;
    }
  return n;
}

gint64
tk_cp_cost_for (TkCpPlayer *player,
                const Card *card)
{
  gint64 cost = card->cost;

  /* The cap first ("4 or more → 3"), then the reductions: with every facility any building
   * costs 1 or less, as the seed says. */
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_COST_CAP && cost >= b->card.cap_from && cost > b->card.cap_to)
        cost = b->card.cap_to;
    }
  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.effect == E_COST_MINUS && (b->card.applies & (1u << card->type)))
        cost -= b->card.amount;
    }
  return MAX (cost, 0);
}

Building *
tk_cp_find_building (TkCpPlayer *player,
                     gint64      uid)
{
  for (guint i = 0; i < player->buildings->len; i++)
    if (g_array_index (player->buildings, Building, i).uid == uid)
      return &g_array_index (player->buildings, Building, i);
  return NULL;
}

gint64
tk_cp_power_used (TkCpPlayer *player,
                  guint       plant)
{
  gint64 used = 0;

  for (guint i = 0; i < player->buildings->len; i++)
    {
      Building *b = &g_array_index (player->buildings, Building, i);
      if (b->card.type != T_POWER_PLANT && b->row == plant)
        used += b->card.power;
    }
  return used;
}

gboolean
tk_cp_has_construction_site (TkCpPlayer *player)
{
  return count_effect (player, E_CONSTRUCTION_SITE) > 0;
}

/* ---- turn and round ---- */

static gint64
draw_cards (TkCpState  *state,
            TkCpPlayer *player,
            gint64      n)
{
  if (state->deck < n)
    {
      /* The discard pile is shuffled into a new deck. */
      state->deck += state->discard;
      state->discard = 0;
    }
  n = MIN (n, state->deck);
  state->deck -= n;
  player->hand += n;
  return n;
}

static gint64
tile_count (TkCpState  *state,
            Tile        tile,
            TkCpPlayer *player)
{
  switch (tile)
    {
    case TILE_RESIDENT:
      return count_type (player, T_RESIDENTIAL);
    case TILE_CONSUMPTION:
      return count_type (player, T_COMMERCIAL);
    case TILE_BUSINESS:
      return count_type (player, T_INDUSTRIAL);
    case TILE_INCOME_TAX:
      return (count_type (player, T_RESIDENTIAL) > 0) + (count_type (player, T_COMMERCIAL) > 0) +
             (count_type (player, T_INDUSTRIAL) > 0);
    case TILE_ECO:
      return count_eco (player);
    case TILE_SUBSIDY:
    case N_TILES:
    default:
      return player->buildings->len;
    }
}

/* The cards @player draws when @tile fires. */
static gint64
tile_draws (TkCpState  *state,
            Tile        tile,
            TkCpPlayer *player)
{
  gint64 count = tile_count (state, tile, player);

  if (tile == TILE_SUBSIDY)
    return (gint64) player->buildings->len <= state->subsidy_max ? state->subsidy_cards : 0;
  if (!state->everyone_draws && count < state->thresholds[tile])
    return 0;
  return count;
}

/* Whether @tile fires at the round's end as the cities stand: not fired yet, and some city
 * meets its threshold. */
static gboolean
tile_due (TkCpState *state,
          Tile       tile)
{
  if (state->tile_fired[tile])
    return FALSE;
  for (guint s = 0; s < state->n_players; s++)
    if (tile_count (state, tile, &state->players[s]) >= state->thresholds[tile])
      return TRUE;
  return FALSE;
}

static void
end_round (TkCpState *state)
{
  for (guint t = 0; t < N_TILES; t++)
    {
      if (!tile_due (state, t))
        continue;
      state->tile_fired[t] = TRUE;
      for (guint s = 0; s < state->n_players; s++)
        {
          TkCpPlayer *player = &state->players[s];
          state->last_income[t][s] = draw_cards (state, player, tile_draws (state, t, player));
        }
    }
  for (guint s = 0; s < state->n_players; s++)
    if (state->players[s].buildings->len >= (guint) state->end_buildings &&
        !tk_cp_has_construction_site (&state->players[s]))
      state->phase = PHASE_OVER;
  if (state->phase != PHASE_OVER)
    state->round++;
}

/* The cards over the hand limit, which go to the discard pile at the end of the turn. */
static gint64
over_limit (TkCpState  *state,
            TkCpPlayer *player)
{
  return MAX (player->hand - state->hand_limit, 0);
}

/* Whether the active player is the last of the round (the one before the first). */
static gboolean
last_of_round (TkCpState *state)
{
  return (state->active + 1) % state->n_players == state->first;
}

static void
end_turn (TkCpState *state)
{
  TkCpPlayer *player = &state->players[state->active];
  gboolean last = last_of_round (state);
  gint64 over = over_limit (state, player);

  state->discard += over;
  player->hand -= over;
  state->manifesto_this_turn = FALSE;
  state->active = (state->active + 1) % state->n_players;
  state->phase = PHASE_DRAW;
  if (last)
    end_round (state);
}

/* Looks at the manifesto deck; keeps one when @keep.  Checked before: allowed. */
static void
take_manifesto (TkCpState  *state,
                TkCpPlayer *player,
                gboolean    keep)
{
  state->manifesto_this_turn = TRUE;
  if (keep)
    {
      state->manifesto_deck--;
      player->manifestos++;
    }
}

static gboolean
check_manifesto (TkCpState  *state,
                 TkCpPlayer *player,
                 gboolean    keep,
                 GError    **error)
{
  if (state->manifesto_this_turn)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Manifestos may be drawn only once a turn."));
      return FALSE;
    }
  if (player->manifestos >= 2)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("A player with two manifestos in front of them cannot draw manifestos."));
      return FALSE;
    }
  if (keep && state->manifesto_deck <= 0)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("No manifesto is left to keep."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_phase (TkCpState *state,
             Phase      wanted,
             GError   **error)
{
  if (state->phase == wanted)
    return TRUE;
  if (state->phase == PHASE_OVER)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL, _("The game is over."));
  else if (state->phase == PHASE_DRAW)
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                 _("%s draws a card or manifestos first."),
                 tk_cp_player_name (state, state->active));
  else
    g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                 _("%s builds or redraws now."), tk_cp_player_name (state, state->active));
  return FALSE;
}

/* The card of a build action: an id of the card table or an inline card. */
gboolean
tk_cp_resolve_card (TkCpState *state,
                    JsonNode  *node,
                    Card      *card,
                    GError   **error)
{
  const char *id = tk_rules_json_node_string (node);

  if (id != NULL)
    {
      for (guint i = 0; i < state->table->len; i++)
        if (g_str_equal (g_array_index (state->table, Card, i).id, id))
          {
            *card = tk_cp_card_dup (&g_array_index (state->table, Card, i));
            return TRUE;
          }
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("The card table has no card “%s”."), id);
      return FALSE;
    }
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return tk_cp_read_card (json_node_get_object (node), card, error);
  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("A build names a card of the card table or gives the card."));
  return FALSE;
}

static gboolean
apply_build (TkCpState   *state,
             JsonObject  *action,
             GError     **error)
{
  TkCpPlayer *player = &state->players[state->active];
  g_auto(Card) card = { 0 };
  gboolean use_site;
  gint64 cost, row = 0;
  Building *site = NULL;

  if (!tk_cp_resolve_card (state, tk_rules_json_member (action, "card"), &card, error) ||
      !tk_rules_json_read_bool (action, "construction_site", FALSE, &use_site, error))
    return FALSE;
  cost = tk_cp_cost_for (player, &card);
  if (card.type != T_POWER_PLANT)
    {
      Building *plant;

      if (!tk_rules_json_read_int (action, "plant", 1, G_MAXUINT32, -1, &row, error))
        {
          g_clear_error (error);
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("Say which power plant powers the new building."));
          return FALSE;
        }
      plant = tk_cp_find_building (player, row);
      if (plant == NULL || plant->card.type != T_POWER_PLANT)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s has no power plant %" PRId64 "."),
                       tk_cp_player_name (state, state->active), row);
          return FALSE;
        }
      if (tk_cp_power_used (player, row) + card.power > plant->card.power)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s needs %" PRId64 " power, but the plant has only %" PRId64
                         " of %" PRId64 " left."), card.name, card.power,
                       plant->card.power - tk_cp_power_used (player, row), plant->card.power);
          return FALSE;
        }
    }
  if (use_site)
    {
      for (guint i = 0; i < player->buildings->len && site == NULL; i++)
        if (g_array_index (player->buildings, Building, i).card.effect == E_CONSTRUCTION_SITE)
          site = &g_array_index (player->buildings, Building, i);
      if (site == NULL)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("%s has no construction site to pay with."),
                       tk_cp_player_name (state, state->active));
          return FALSE;
        }
    }
  if (player->hand < 1 + (use_site ? 0 : cost))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("Building %s takes the card and %" PRId64 " more from the hand; %s has "
                     "%" PRId64 " cards."), card.name, use_site ? 0 : cost,
                   tk_cp_player_name (state, state->active), player->hand);
      return FALSE;
    }

  player->hand -= 1 + (use_site ? 0 : cost);
  state->discard += use_site ? 1 : cost;
  if (site != NULL)
    {
      tk_cp_card_clear (&site->card);
      g_array_remove_index (player->buildings, site - (Building *) player->buildings->data);
    }
  tk_cp_add_building (state, player, &card, row);
  end_turn (state);
  return TRUE;
}

gboolean
tk_cp_apply (gpointer     data,
             JsonObject  *action,
             GError     **error)
{
  TkCpState *state = data;
  const char *type = tk_rules_json_read_type (action, error);
  TkCpPlayer *player = &state->players[state->active];

  if (type == NULL)
    return FALSE;

  /* A turn action may name its player; naming another than the one to act is a mistake (a
   * stale device, a wrong tap), never a reason for the active player to act instead. */
  if ((g_str_equal (type, "draw") || g_str_equal (type, "draw_manifesto") ||
       g_str_equal (type, "build") || g_str_equal (type, "redraw")) &&
      !tk_rules_check_turn_seat (action, state->setup, state->n_players,
                                 state->active, error))
    return FALSE;

  if (g_str_equal (type, "draw"))
    {
      if (!check_phase (state, PHASE_DRAW, error))
        return FALSE;
      draw_cards (state, player, 1 + tk_cp_extra_draws (player));
      state->phase = PHASE_ACTION;
      return TRUE;
    }

  if (g_str_equal (type, "draw_manifesto"))
    {
      gboolean keep;

      if (!check_phase (state, PHASE_DRAW, error) || !tk_rules_json_read_bool (action, "keep",
                                                                               FALSE, &keep,
                                                                               error) ||
          !check_manifesto (state, player, keep, error))
        return FALSE;
      draw_cards (state, player, tk_cp_extra_draws (player));
      take_manifesto (state, player, keep);
      state->phase = PHASE_ACTION;
      return TRUE;
    }

  if (g_str_equal (type, "build"))
    {
      if (!check_phase (state, PHASE_ACTION, error))
        return FALSE;
      return apply_build (state, action, error);
    }

  if (g_str_equal (type, "redraw"))
    {
      gboolean manifesto, keep;

      if (!check_phase (state, PHASE_ACTION, error) ||
          !tk_rules_json_read_bool (action, "manifesto", FALSE, &manifesto, error) ||
          !tk_rules_json_read_bool (action, "keep", FALSE, &keep, error))
        return FALSE;
      if (manifesto && !check_manifesto (state, player, keep, error))
        return FALSE;
      draw_cards (state, player, manifesto ? 1 : 2);
      if (manifesto)
        take_manifesto (state, player, keep);
      end_turn (state);
      return TRUE;
    }

  if (g_str_equal (type, "split") || g_str_equal (type, "manifesto_points"))
    {
      gint64 seat;
      TkCpPlayer *target;

      if (!tk_rules_json_read_int (action, "seat", 0, state->n_players - 1, -1, &seat, error))
        return FALSE;
      target = &state->players[seat];
      if (g_str_equal (type, "split"))
        {
          gint64 uid, first;
          Building *b;

          if (!tk_rules_json_read_int (action, "building", 1, G_MAXUINT32, -1, &uid, error))
            return FALSE;
          b = tk_cp_find_building (target, uid);
          if (b == NULL || b->card.effect != E_SPLIT_POINTS)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("%s has no building %" PRId64 " whose points can be split."),
                           tk_cp_player_name (state, seat), uid);
              return FALSE;
            }
          if (!tk_rules_json_read_int (action, tk_cp_type_names[__builtin_ctz (b->card.split)], 0,
                                       MAX (b->card.points, 0), -1, &first, error))
            return FALSE;
          b->split_first = first;
          return TRUE;
        }
      else
        {
          gint64 slot, points;

          if (!tk_rules_json_read_int (action, "slot", 0, 1, -1, &slot, error) ||
              !tk_rules_json_read_int (action, "points", -MAX_NUMBER, MAX_NUMBER, -1 - MAX_NUMBER,
                                       &points, error))
            return FALSE;
          if ((guint) slot >= target->manifestos)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("%s has no manifesto %" PRId64 "."), tk_cp_player_name (state, seat),
                           slot + 1);
              return FALSE;
            }
          target->manifesto_points[slot] = points;
          return TRUE;
        }
    }

  g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
               _("City Plan does not know the action “%s”."), type);
  return FALSE;
}

/* ---- public helper ---- */

gint64
tk_city_plan_rules_cost (gpointer  data,
                         guint     seat,
                         JsonNode *node)
{
  TkCpState *state = data;
  g_auto(Card) card = { 0 };

  g_return_val_if_fail (state != NULL, -1);
  g_return_val_if_fail (seat < state->n_players, -1);
  if (!tk_cp_resolve_card (state, node, &card, NULL))
    return -1;
  return tk_cp_cost_for (&state->players[seat], &card);
}

gboolean
tk_city_plan_rules_has_construction_site (gpointer data,
                                          guint    seat)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (seat < state->n_players, FALSE);
  return tk_cp_has_construction_site (&state->players[seat]);
}

gint64
tk_city_plan_rules_tile_count (gpointer data,
                               guint    seat,
                               guint    tile)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, -1);
  if (seat >= state->n_players || tile >= N_TILES)
    return -1;
  return tile_count (state, tile, &state->players[seat]);
}

gint64
tk_city_plan_rules_tile_threshold (gpointer data,
                                   guint    tile)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, -1);
  if (tile >= N_TILES)
    return -1;
  return state->thresholds[tile];
}

gint64
tk_city_plan_rules_tile_draws (gpointer data,
                               guint    seat,
                               guint    tile)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, -1);
  if (seat >= state->n_players || tile >= N_TILES)
    return -1;
  return tile_draws (state, tile, &state->players[seat]);
}

void
tk_city_plan_rules_subsidy (gpointer  data,
                            gint64   *cards,
                            gint64   *max_buildings)
{
  TkCpState *state = data;

  g_return_if_fail (state != NULL);
  if (cards != NULL)
    *cards = state->subsidy_cards;
  if (max_buildings != NULL)
    *max_buildings = state->subsidy_max;
}

gboolean
tk_city_plan_rules_tile_due (gpointer data,
                             guint    tile)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, FALSE);
  return tile < N_TILES && tile_due (state, tile);
}

gint64
tk_city_plan_rules_over_limit (gpointer data,
                               guint    seat)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, -1);
  return seat < state->n_players ? over_limit (state, &state->players[seat]) : -1;
}

gboolean
tk_city_plan_rules_last_of_round (gpointer data)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, FALSE);
  return state->phase != PHASE_OVER && last_of_round (state);
}

gboolean
tk_city_plan_rules_may_draw_manifestos (gpointer   data,
                                        GError   **error)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, FALSE);
  return check_manifesto (state, &state->players[state->active], FALSE, error);
}

gint64
tk_city_plan_rules_count_type (gpointer    data,
                               guint       seat,
                               const char *type)
{
  TkCpState *state = data;

  g_return_val_if_fail (state != NULL, -1);
  for (guint t = 0; t < N_TYPES && seat < state->n_players; t++)
    if (g_strcmp0 (type, tk_cp_type_names[t]) == 0)
      return count_type (&state->players[seat], t);
  return -1;
}
