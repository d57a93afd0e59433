/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-actions.c — Welcome To...: the actions a table plays.  Turn order, the cards
 * of a round, a turn (a number and its effect), a refusal, a roundabout, a claim, the solo
 * card, an imported sheet: each checked before it changes the state.  Split from
 * tk-welcome-to-rules.c (issue 21); shared declarations in tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* Whether @seat may play now; *new_round is set when the play starts the next round. */
static gboolean
check_turn_order (TkWelcomeToState *state,
                  guint             seat,
                  gboolean         *new_round,
                  GError          **error)
{
  if (tk_welcome_to_game_over (state))
    return ILLEGAL (_("The game is over: an end condition was met and the round is finished."));
  *new_round = FALSE;
  if (state->acted[seat])
    {
      if (!tk_welcome_to_all_acted (state))
        return ILLEGAL (_("%s has already played round %u; the others have not."),
                        tk_welcome_to_seat_name (state, seat), state->round);
      *new_round = TRUE;
    }
  return TRUE;
}

static gboolean
read_card (TkWelcomeToState *state,
           JsonNode         *node,
           Card             *card,
           GError          **error)
{
  JsonObject *object = node != NULL && JSON_NODE_HOLDS_OBJECT (node)
                       ? json_node_get_object (node) : NULL;
  gint64 number;
  int effect = tk_welcome_to_lookup (tk_welcome_to_effect_names, N_EFFECTS,
                                     tk_rules_json_get_string (object, "effect"));

  if (!tk_rules_json_get_int (object, "number", &number) || effect < 0)
    return INVALID (_("A card is given as {\"number\": N, \"effect\": \"surveyor\", "
                      "\"real_estate\", \"landscaper\", \"pool\", \"temp\" or \"bis\"}."));
  if (number < state->rules.lowest_card || number > state->rules.highest_card)
    return ILLEGAL (_("House numbers on the cards go from %d to %d, not %d."),
                    state->rules.lowest_card, state->rules.highest_card, (int) number);
  card->number = number;
  card->effect = effect;
  return TRUE;
}

static gboolean
read_three_cards (TkWelcomeToState *state,
                  JsonArray        *array,
                  Card              cards[3],
                  GError          **error)
{
  if (array == NULL || json_array_get_length (array) != 3)
    return INVALID (_("Three cards are needed."));
  for (guint i = 0; i < 3; i++)
    if (!read_card (state, json_array_get_element (array, i), &cards[i], error))
      return FALSE;
  return TRUE;
}

/* The number/effect pairs three cards give: the three pairs as they lie, or (solo, draft) any
 * card's number with another card's effect. */
static guint
combos (TkWelcomeToState *state,
        const Card        cards[3],
        Card              out[6])
{
  guint n = 0;

  if (!state->rules.solo && !state->rules.draft)
    {
      for (guint i = 0; i < 3; i++)
        out[n++] = cards[i];
      return n;
    }
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 3; j++)
      if (i != j)
        {
          out[n].number = cards[i].number;
          out[n].effect = cards[j].effect;
          n++;
        }
  return n;
}

/* The number and effect the turn plays. */
static gboolean
turn_card (TkWelcomeToState *state,
           guint             seat,
           gboolean          new_round,
           JsonObject       *action,
           Card             *card,
           GError          **error)
{
  gboolean revealed = !new_round && state->revealed[seat];
  const Card *cards = &state->cards[seat * 3];
  gint64 i, j;

  if (json_object_has_member (action, "card"))
    {
      if (!revealed)
        return ILLEGAL (_("No cards were recorded for this round: give the card's number and "
                          "effect."));
      if (state->rules.solo || state->rules.draft)
        return INVALID (_("Pick a number card and a different effect card "
                          "(\"number_card\", \"effect_card\")."));
      if (!tk_rules_json_get_int (action, "card", &i) || i < 0 || i > 2)
        return INVALID (_("“card” is 0, 1 or 2."));
      *card = cards[i];
      return TRUE;
    }
  if (json_object_has_member (action, "number_card") ||
      json_object_has_member (action, "effect_card"))
    {
      if (!revealed)
        return ILLEGAL (_("No cards were recorded for this round: give the card's number and "
                          "effect."));
      if (!state->rules.solo && !state->rules.draft)
        return INVALID (_("Pick one of the three revealed pairs (\"card\")."));
      if (!tk_rules_json_get_int (action, "number_card", &i) ||
          !tk_rules_json_get_int (action, "effect_card", &j) || i < 0 || i > 2 || j < 0 || j > 2)
        return INVALID (_("“number_card” and “effect_card” are 0, 1 or 2."));
      if (i == j)
        return ILLEGAL (_("The number and the effect must come from two different cards."));
      card->number = cards[i].number;
      card->effect = cards[j].effect;
      return TRUE;
    }
  if (revealed)
    return ILLEGAL (_("This round's cards were recorded: pick one of them."));
  {
    gint64 number;
    int effect = tk_welcome_to_lookup (tk_welcome_to_effect_names, N_EFFECTS,
                                       tk_rules_json_get_string (action, "effect"));

    if (!tk_rules_json_get_int (action, "card_number", &number) || effect < 0)
      return INVALID (_("The turn needs the card's number (\"card_number\") and its effect."));
    if (number < state->rules.lowest_card || number > state->rules.highest_card)
      return ILLEGAL (_("House numbers on the cards go from %d to %d, not %d."),
                      state->rules.lowest_card, state->rules.highest_card, (int) number);
    card->number = number;
    card->effect = effect;
  }
  return TRUE;
}

static const char *
effect_label (Effect effect)
{
  switch (effect)
    {
    case EFFECT_SURVEYOR: return _("surveyor");
    case EFFECT_REAL_ESTATE: return _("real estate agent");
    case EFFECT_LANDSCAPER: return _("landscaper");
    case EFFECT_POOL: return _("pool manufacturer");
    case EFFECT_TEMP: return _("temp agency");
    case EFFECT_BIS: return _("bis");
    case N_EFFECTS:
    default: return "?";
    }
}

/* May a fence go between house @k and @k + 1 of street @s? */
static gboolean
check_fence (const Rules *rules,
             const Sheet *sheet,
             guint        s,
             guint        k,
             GError     **error)
{
  const Street *street = &sheet->streets[s];
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];

  if (street->fence[k])
    return ILLEGAL (_("There is already a fence between houses %u and %u of street %u."),
                    k + 1, k + 2, s + 1);
  if (rules->bis_fence_never && (street->houses[k].bis == 1 || street->houses[k + 1].bis == -1))
    return ILLEGAL (_("A fence may not separate a bis house from the house it copies."));
  tk_welcome_to_used_map (rules, sheet, N_PLANS, used, group);
  if (group[s][k] != 0 && group[s][k] == group[s][k + 1])
    return ILLEGAL (_("A fence may not split an estate used for city plan n°%u."), used[s][k]);
  return TRUE;
}

static gboolean
apply_turn (TkWelcomeToState *state,
            JsonObject       *action,
            GError          **error)
{
  const Rules *rules = &state->rules;
  guint seat;
  gboolean new_round;
  Card card;
  gint64 number, s, h;
  Sheet sheet;
  JsonObject *fence = tk_rules_json_get_object (action, "fence");
  JsonObject *bis = tk_rules_json_get_object (action, "bis");
  gint64 column = -1;
  /* "temp" absent counts as true (the temp agency's card is used), but names no effect */
  gboolean temp_given = tk_rules_json_member (action, "temp") != NULL;
  gboolean park, pool, temp;
  gint passed_index = -1;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error) ||
      !check_turn_order (state, seat, &new_round, error) ||
      !turn_card (state, seat, new_round, action, &card, error))
    return FALSE;
  if (state->rules.draft && !new_round && state->revealed[seat])
    {
      gint64 i = 0, j = 0;

      tk_rules_json_get_int (action, "number_card", &i);
      tk_rules_json_get_int (action, "effect_card", &j);
      passed_index = 3 - (gint) i - (gint) j;
    }
  if (!tk_rules_json_get_int (action, "number", &number) || !tk_rules_json_get_int (action,
                                                                                    "street", &s) ||
      !tk_rules_json_get_int (action, "house", &h))
    return INVALID (_("The turn needs the number written, its street and its house."));
  if (s < 1 || s > N_STREETS)
    return ILLEGAL (_("There is no street %d."), (int) s);
  if (h < 1 || h > tk_welcome_to_n_houses (rules, s - 1))
    return ILLEGAL (_("Street %d has no house %d."), (int) s, (int) h);
  s--, h--;
  if (!tk_rules_json_read_bool (action, "park", FALSE, &park, error) ||
      !tk_rules_json_read_bool (action, "pool", FALSE, &pool, error) ||
      !tk_rules_json_read_bool (action, "temp", TRUE, &temp, error))
    return FALSE;
  if ((json_object_has_member (action, "fence") && fence == NULL) ||
      (json_object_has_member (action, "bis") && bis == NULL) ||
      (json_object_has_member (action, "column") && !tk_rules_json_get_int (action, "column",
                                                                            &column)))
    return INVALID (_("The effect is not given in the form the engine reads."));

  /* the effect members must match the card's effect */
  {
    struct { gboolean present; Effect effect; } uses[] = {
      { fence != NULL, EFFECT_SURVEYOR }, { column >= 0 || json_object_has_member (action, "column"),
                                            EFFECT_REAL_ESTATE },
      { park, EFFECT_LANDSCAPER }, { pool, EFFECT_POOL }, { temp_given && temp, EFFECT_TEMP },
      { bis != NULL, EFFECT_BIS },
    };
    for (guint u = 0; u < G_N_ELEMENTS (uses); u++)
      if (uses[u].present && uses[u].effect != card.effect)
        return ILLEGAL (_("This card's effect is the %s, not the %s."),
                        effect_label (card.effect), effect_label (uses[u].effect));
  }

  /* the number */
  if (number != card.number)
    {
      if (card.effect != EFFECT_TEMP || !temp)
        return ILLEGAL (_("The card shows %d: only the temp agency changes the number."),
                        card.number);
      if (ABS (number - card.number) > rules->temp_change)
        return ILLEGAL (_("The temp agency changes the number by at most %d: %d gives %d to "
                          "%d."), rules->temp_change, card.number,
                        card.number - rules->temp_change, card.number + rules->temp_change);
    }
  if (number < 0 || number > rules->highest_number)
    return ILLEGAL (_("House numbers go from 0 to %d."), rules->highest_number);

  sheet = state->sheets[seat];
  if (sheet.streets[s].houses[h].roundabout)
    return ILLEGAL (_("Street %u, house %u holds a roundabout."), (guint) s + 1, (guint) h + 1);
  if (sheet.streets[s].houses[h].number >= 0)
    return ILLEGAL (_("Street %u, house %u is already built."), (guint) s + 1, (guint) h + 1);
  if (!tk_welcome_to_fits (rules, &sheet, s, h, number))
    return ILLEGAL (_("%d does not fit in street %u, house %u: numbers must go up from left "
                      "to right (a roundabout starts a new run)."), (gint) number,
                    (guint) s + 1, (guint) h + 1);
  sheet.streets[s].houses[h].number = number;

  /* the effect (optional) */
  switch (card.effect)
    {
    case EFFECT_SURVEYOR:
      if (fence != NULL)
        {
          gint64 fs, after;

          if (!tk_rules_json_get_int (fence, "street", &fs) || !tk_rules_json_get_int (fence,
                                                                                       "after",
                                                                                       &after))
            return INVALID (_("A fence is given as {\"street\", \"after\"}."));
          if (fs < 1 || fs > N_STREETS || after < 1 ||
              after >= tk_welcome_to_n_houses (rules, fs - 1))
            return ILLEGAL (_("There is no fence slot after house %d of street %d."),
                            (int) after, (int) fs);
          if (!check_fence (rules, &sheet, fs - 1, after - 1, error))
            return FALSE;
          sheet.streets[fs - 1].fence[after - 1] = TRUE;
        }
      break;
    case EFFECT_REAL_ESTATE:
      if (json_object_has_member (action, "column"))
        {
          if (column < 1 || column > N_COLUMNS)
            return ILLEGAL (_("The real estate columns are 1 to 6."));
          if (sheet.agents[column - 1] + 1 >= rules->estates[column - 1].n)
            return ILLEGAL (_("The real estate column for estates of %u has no box left."),
                            (guint) column);
          sheet.agents[column - 1]++;
        }
      break;
    case EFFECT_LANDSCAPER:
      if (park)
        {
          if (tk_welcome_to_parks_full (rules, &sheet, s))
            return ILLEGAL (_("Street %u has no park left to build."), (guint) s + 1);
          sheet.streets[s].parks++;
        }
      break;
    case EFFECT_POOL:
      if (pool)
        {
          if (!rules->streets[s].pool_spot[h])
            return ILLEGAL (_("Street %u, house %u has no pool spot: the pool must go where "
                              "this turn's number was written."), (guint) s + 1, (guint) h + 1);
          if (tk_welcome_to_sum_streets (rules, &sheet, tk_welcome_to_count_pools) + 1 >=
              rules->pools.n)
            return ILLEGAL (_("The pool track is full."));
          sheet.streets[s].houses[h].pool = TRUE;
        }
      break;
    case EFFECT_TEMP:
      if (temp && sheet.temps < rules->temp_boxes)
        sheet.temps++;
      break;
    case EFFECT_BIS:
      if (bis != NULL)
        {
          gint64 bs, bh, from;
          Street *street;

          if (!tk_rules_json_get_int (bis, "street", &bs) || !tk_rules_json_get_int (bis, "house",
                                                                                     &bh) ||
              !tk_rules_json_get_int (bis, "from", &from))
            return INVALID (_("A bis is given as {\"street\", \"house\", \"from\"}."));
          if (bs < 1 || bs > N_STREETS || bh < 1 || bh > tk_welcome_to_n_houses (rules, bs - 1))
            return ILLEGAL (_("There is no house %d in street %d."), (int) bh, (int) bs);
          if (from != bh - 1 && from != bh + 1)
            return ILLEGAL (_("A bis copies the house directly left or right of it."));
          if (from < 1 || from > tk_welcome_to_n_houses (rules, bs - 1))
            return ILLEGAL (_("There is no house %d in street %d."), (int) from, (int) bs);
          bs--, bh--, from--;
          street = &sheet.streets[bs];
          if (tk_welcome_to_built (&street->houses[bh]))
            return ILLEGAL (_("Street %u, house %u is not empty."), (guint) bs + 1,
                            (guint) bh + 1);
          if (street->houses[from].number < 0)
            return ILLEGAL (_("Street %u, house %u has no number to copy."), (guint) bs + 1,
                            (guint) from + 1);
          if (street->fence[MIN (from, bh)])
            return ILLEGAL (_("A bis may not copy a house across a fence."));
          if (tk_welcome_to_sum_streets (rules, &sheet, tk_welcome_to_count_bis) + 1 >=
              rules->bis.n)
            return ILLEGAL (_("The bis track is full."));
          street->houses[bh].number = street->houses[from].number;
          street->houses[bh].bis = from < bh ? -1 : 1;
        }
      break;
    case N_EFFECTS:
    default:
      break;
    }

  if (new_round)
    tk_welcome_to_start_new_round (state);
  if (state->rules.draft && passed_index >= 0)
    {
      state->passed[seat * 2 + state->round % 2] = state->cards[seat * 3 + passed_index];
      state->passed_round[seat * 2 + state->round % 2] = state->round;
    }
  state->sheets[seat] = sheet;
  state->acted[seat] = TRUE;
  return TRUE;
}

static gboolean
apply_refuse (TkWelcomeToState *state,
              JsonObject       *action,
              GError          **error)
{
  const Rules *rules = &state->rules;
  guint seat, s, h;
  gboolean new_round;
  Card three[3], pairs[6];
  const Card *cards;
  guint n;
  const Sheet *sheet;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error) ||
      !check_turn_order (state, seat, &new_round, error))
    return FALSE;
  if (!new_round && state->revealed[seat])
    {
      if (json_object_has_member (action, "cards"))
        return ILLEGAL (_("This round's cards were already recorded."));
      cards = &state->cards[seat * 3];
    }
  else
    {
      if (!json_object_has_member (action, "cards"))
        return INVALID (_("A permit refusal needs this round's three cards, to check that "
                          "none fits."));
      if (!read_three_cards (state, tk_rules_json_get_array (action, "cards"), three, error))
        return FALSE;
      cards = three;
    }
  sheet = &state->sheets[seat];
  n = combos (state, cards, pairs);
  for (guint i = 0; i < n; i++)
    {
      gint change = pairs[i].effect == EFFECT_TEMP ? rules->temp_change : 0;

      for (gint v = pairs[i].number - change; v <= pairs[i].number + change; v++)
        if (v >= 0 && v <= rules->highest_number &&
            tk_welcome_to_fits_anywhere (rules, sheet, v, &s, &h))
          return ILLEGAL (_("No permit refusal: %d can still be written in street %u, house %u."),
                          v, s + 1, h + 1);
    }
  if (sheet->refusals + 1 >= rules->refusals.n)
    return ILLEGAL (_("The permit refusal track is full."));

  if (new_round)
    tk_welcome_to_start_new_round (state);
  state->sheets[seat].refusals++;
  state->acted[seat] = TRUE;
  return TRUE;
}

static gboolean
apply_reveal (TkWelcomeToState *state,
              JsonObject       *action,
              GError          **error)
{
  Card cards[3];
  guint seat = 0;
  gboolean new_round = FALSE;

  if (tk_welcome_to_game_over (state))
    return ILLEGAL (_("The game is over: an end condition was met and the round is finished."));
  if (state->rules.draft)
    {
      if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
        return FALSE;
      if (state->acted[seat])
        {
          if (!tk_welcome_to_all_acted (state))
            return ILLEGAL (_("%s has already played round %u; the others have not."),
                            tk_welcome_to_seat_name (state, seat), state->round);
          new_round = TRUE;
        }
    }
  else if (tk_welcome_to_any_acted (state))
    {
      if (!tk_welcome_to_all_acted (state))
        return ILLEGAL (_("Some players have already played round %u: its cards can no longer "
                          "change."), state->round);
      new_round = TRUE;
    }
  if (!read_three_cards (state, tk_rules_json_get_array (action, "cards"), cards, error))
    return FALSE;
  if (state->rules.draft && state->rules.draft_pass != 0)
    {
      guint giver = 0;
      const Card *given = tk_welcome_to_passed_to (state, seat, new_round ? state->round + 1
                                                                         : state->round, &giver);

      if (given != NULL)
        {
          gboolean found = FALSE;

          for (guint c = 0; c < 3; c++)
            found = found || (cards[c].number == given->number &&
                              cards[c].effect == given->effect);
          if (!found)
            return ILLEGAL (_("%s's hand must hold the card %s passed: %d with the %s."),
                            tk_welcome_to_seat_name (state, seat),
                            tk_welcome_to_seat_name (state, giver), given->number,
                            effect_label (given->effect));
        }
    }

  if (new_round)
    tk_welcome_to_start_new_round (state);
  if (state->rules.draft)
    {
      memcpy (&state->cards[seat * 3], cards, sizeof cards);
      state->revealed[seat] = TRUE;
    }
  else
    for (guint i = 0; i < state->n_players; i++)
      {
        memcpy (&state->cards[i * 3], cards, sizeof cards);
        state->revealed[i] = TRUE;
      }
  return TRUE;
}

static gboolean
apply_roundabout (TkWelcomeToState *state,
                  JsonObject       *action,
                  GError          **error)
{
  const Rules *rules = &state->rules;
  guint seat;
  gint64 s, h;
  Sheet *sheet;

  if (!rules->intermediate)
    return ILLEGAL (_("Roundabouts belong to the intermediate rules."));
  /* Seed 003: 「各ラウンド中の任意のタイミングで」 — at any time in the round, so also after
   * the last turn of the final round, as claims may. */
  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (!tk_rules_json_get_int (action, "street", &s) || !tk_rules_json_get_int (action, "house", &h))
    return INVALID (_("A roundabout needs its street and house."));
  if (s < 1 || s > N_STREETS || h < 1 || h > tk_welcome_to_n_houses (rules, s - 1))
    return ILLEGAL (_("There is no house %d in street %d."), (int) h, (int) s);
  s--, h--;
  sheet = &state->sheets[seat];
  if (tk_welcome_to_built (&sheet->streets[s].houses[h]))
    return ILLEGAL (_("Street %u, house %u is not empty."), (guint) s + 1, (guint) h + 1);
  if (tk_welcome_to_sum_streets (rules, sheet, tk_welcome_to_count_roundabouts) + 1 >=
      rules->roundabouts.n)
    return ILLEGAL (_("%s has no roundabout left to build."),
                    tk_welcome_to_seat_name (state, seat));

  sheet->streets[s].houses[h].roundabout = TRUE;
  if (h > 0)
    sheet->streets[s].fence[h - 1] = TRUE;
  if (h < tk_welcome_to_n_houses (rules, s) - 1)
    sheet->streets[s].fence[h] = TRUE;
  return TRUE;
}

static gboolean
apply_claim (TkWelcomeToState *state,
             JsonObject       *action,
             GError          **error)
{
  guint seat;
  gint64 p;
  Claim claim = { 0 };

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (!tk_rules_json_get_int (action, "plan", &p) || p < 1 || p > N_PLANS)
    return INVALID (_("“plan” is 1, 2 or 3 (n°1, n°2, n°3)."));
  p--;
  if (state->sheets[seat].claims[p].round > 0)
    return ILLEGAL (_("%s has already claimed city plan n°%u."),
                    tk_welcome_to_seat_name (state, seat), (guint) p + 1);
  if (json_object_has_member (action, "estates") && tk_rules_json_get_array (action,
                                                                             "estates") == NULL)
    return INVALID (_("“estates” is a list."));
  if (json_object_has_member (action, "street"))
    {
      gint64 street;

      if (state->rules.plans[p].kind != PLAN_BIS_STREET || !tk_rules_json_get_int (action, "street", &street) ||
          street < 1 || street > N_STREETS)
        return INVALID (_("Only the bis plan names a street, 1 to 3."));
      claim.bis_street_asked = street;
    }
  if (!tk_welcome_to_read_estates (&state->rules, tk_rules_json_get_array (action, "estates"),
                                   &claim, error) ||
      !tk_welcome_to_check_claim (&state->rules, &state->sheets[seat], p, &claim, N_PLANS, error))
    return FALSE;
  tk_welcome_to_fill_bis_claim (&state->rules, &state->sheets[seat], p, &claim);
  claim.round = state->round;
  claim.order = ++state->entries;
  state->sheets[seat].claims[p] = claim;
  return TRUE;
}

static gboolean
apply_solo_card (TkWelcomeToState *state,
                 GError          **error)
{
  guint draw_round = tk_welcome_to_all_acted (state) ? state->round + 1 : state->round;

  if (!state->rules.solo)
    return ILLEGAL (_("The solo card belongs to the solo game."));
  if (state->solo_flip_round > 0)
    return ILLEGAL (_("The solo card has already turned up."));
  /* Seed 003: 「一方の山札にソロプレイ用カードが混ぜられ、もう一方の山札がこの上に重ねられる」 */
  if (draw_round < state->rules.solo_card_first_round)
    return ILLEGAL (_("The solo card is shuffled into the lower half of the deck: it cannot "
                      "turn up before round %u."), state->rules.solo_card_first_round);
  state->solo_flip_round = draw_round;
  state->solo_order = ++state->entries;
  return TRUE;
}

static JsonObject *
sheet_document (JsonObject *action)
{
  JsonObject *document = tk_rules_json_get_object (action, "sheet");

  if (document == NULL)
    return NULL;
  if (tk_rules_json_get_object (document, "sheet") != NULL)
    return tk_rules_json_get_object (document, "sheet");
  return document;
}

static gboolean
apply_import (TkWelcomeToState *state,
              JsonObject       *action,
              GError          **error)
{
  guint seat;
  JsonObject *document = tk_rules_json_get_object (action, "sheet");
  JsonObject *inner;
  const char *format;
  gint64 version;
  Sheet sheet;

  if (!tk_rules_json_read_seat (action, "seat", state->n_players, &seat, error))
    return FALSE;
  if (document == NULL)
    return INVALID (_("The import carries no sheet."));
  format = tk_rules_json_get_string (document, "format");
  if (format != NULL)
    {
      if (!g_str_equal (format, TK_WELCOME_TO_SHEET_FORMAT) ||
          !tk_rules_json_get_int (document, "version", &version) || version != 1)
        return INVALID (_("This is not a Welcome To... sheet this version can read."));
    }
  inner = sheet_document (action);
  if (!tk_welcome_to_sheet_from_json (&state->rules, inner, &sheet, error) ||
      !tk_welcome_to_check_sheet (&state->rules, &sheet, error))
    return FALSE;
  tk_welcome_to_fill_sheet_bis_claims (&state->rules, &sheet);
  state->sheets[seat] = sheet;
  return TRUE;
}

const char *
tk_welcome_to_action_type (JsonObject *action)
{
  return tk_rules_json_get_string (action, "type");
}

gboolean
tk_welcome_to_apply (gpointer     data,
                     JsonObject  *action,
                     GError     **error)
{
  TkWelcomeToState *state = data;
  const char *type = tk_rules_json_read_type (action, error);

  if (type == NULL)
    return FALSE;
  if (g_str_equal (type, "turn"))
    return apply_turn (state, action, error);
  if (g_str_equal (type, "refuse"))
    return apply_refuse (state, action, error);
  if (g_str_equal (type, "reveal"))
    return apply_reveal (state, action, error);
  if (g_str_equal (type, "roundabout"))
    return apply_roundabout (state, action, error);
  if (g_str_equal (type, "claim"))
    return apply_claim (state, action, error);
  if (g_str_equal (type, "solo_card"))
    return apply_solo_card (state, error);
  if (g_str_equal (type, "import_sheet"))
    return apply_import (state, action, error);
  return INVALID (_("Welcome To... does not know the action “%s”."), type);
}
