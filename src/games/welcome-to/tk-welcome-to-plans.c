/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-plans.c — Welcome To...: the City Plans and their claims.  Which houses a
 * claim uses up, the bis plan's houses under the seed's reading, and whether a claim is met.
 * Split from tk-welcome-to-rules.c (issue 21); shared declarations in
 * tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* Which claim uses each house (plan index + 1, 0 none), and which claimed estate it is in. */
void
tk_welcome_to_used_map (const Rules *rules,
                        const Sheet *sheet,
                        guint        upto,
                        guint        used[N_STREETS][MAX_HOUSES],
                        guint        group[N_STREETS][MAX_HOUSES])
{
  memset (used, 0, sizeof (guint) * N_STREETS * MAX_HOUSES);
  memset (group, 0, sizeof (guint) * N_STREETS * MAX_HOUSES);
  for (guint p = 0; p < upto; p++)
    {
      const Claim *claim = &sheet->claims[p];

      if (claim->round == 0)
        continue;
      switch (rules->plans[p].kind)
        {
        case PLAN_ESTATES:
          for (guint e = 0; e < claim->n_estates; e++)
            for (guint h = claim->estates[e].from; h <= claim->estates[e].to; h++)
              {
                used[claim->estates[e].street][h] = p + 1;
                group[claim->estates[e].street][h] = p * MAX_ESTATES + e + 1;
              }
          break;
        case PLAN_STREET_FULL:
          for (guint h = 0; h < tk_welcome_to_n_houses (rules, rules->plans[p].street); h++)
            used[rules->plans[p].street][h] = p + 1;
          break;
        case PLAN_STREET_ENDS:
          for (guint s = 0; s < N_STREETS; s++)
            {
              used[s][0] = p + 1;
              used[s][tk_welcome_to_n_houses (rules, s) - 1] = p + 1;
            }
          break;
        case PLAN_BIS_STREET:
          for (guint h = 0; h < tk_welcome_to_n_houses (rules, claim->bis_street); h++)
            if (claim->bis_mask & (1u << h))
              used[claim->bis_street][h] = p + 1;
          break;
        default:
          break;
        }
    }
}

/* The bis houses the bis plan @p would use up on @sheet: in @wanted (or, when @wanted is
 * N_STREETS, the first street that has enough) the leftmost unused ones.  FALSE if no street
 * has as many unused bis houses as the plan asks. */
static gboolean
bis_plan_houses (const Rules *rules,
                 const Sheet *sheet,
                 guint        p,
                 guint        used[N_STREETS][MAX_HOUSES],
                 guint        wanted,
                 guint       *street_out,
                 guint       *mask_out)
{
  for (guint s = 0; s < N_STREETS; s++)
    {
      guint mask = 0, n = 0;

      if (wanted < N_STREETS && s != wanted)
        continue;
      for (guint h = 0; h < tk_welcome_to_n_houses (rules, s) && n < rules->plans[p].count; h++)
        if (sheet->streets[s].houses[h].bis != 0 && used[s][h] == 0)
          {
            mask |= 1u << h;
            n++;
          }
      if (n >= rules->plans[p].count)
        {
          *street_out = s;
          *mask_out = mask;
          return TRUE;
        }
    }
  return FALSE;
}

int
tk_welcome_to_compare_uint (gconstpointer a,
                            gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* Is @claim (for plan @p) met by @sheet, given the houses the claims before @upto use? */
gboolean
tk_welcome_to_check_claim (const Rules *rules,
                           const Sheet *sheet,
                           guint        p,
                           const Claim *claim,
                           guint        upto,
                           GError     **error)
{
  const Plan *plan = &rules->plans[p];
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];
  guint n;

  tk_welcome_to_used_map (rules, sheet, upto, used, group);
  if (plan->kind != PLAN_ESTATES && claim->n_estates > 0)
    return INVALID (_("City plan n°%u is not claimed with estates."), plan->number);

  switch (plan->kind)
    {
    case PLAN_ESTATES:
      {
        guint want[MAX_ESTATES], have[MAX_ESTATES];

        if (claim->n_estates != plan->n_sizes)
          return ILLEGAL (_("City plan n°%u needs %u estates; %u were chosen."),
                          plan->number, plan->n_sizes, claim->n_estates);
        for (guint e = 0; e < claim->n_estates; e++)
          {
            const EstateRef *ref = &claim->estates[e];

            if (ref->street >= N_STREETS ||
                ref->to >= tk_welcome_to_n_houses (rules, ref->street) ||
                !tk_welcome_to_is_estate (rules, sheet, ref->street, ref->from, ref->to))
              return ILLEGAL (_("Street %u, houses %u to %u is not a completed estate (fences "
                                "on both sides, every house built, 1 to 6 houses)."),
                              ref->street + 1, ref->from + 1, ref->to + 1);
            for (guint h = ref->from; h <= ref->to; h++)
              if (used[ref->street][h] != 0)
                return ILLEGAL (_("The estate in street %u, houses %u to %u was already used "
                                  "for city plan n°%u."), ref->street + 1, ref->from + 1,
                                ref->to + 1, used[ref->street][h]);
            for (guint f = 0; f < e; f++)
              if (claim->estates[f].street == ref->street && claim->estates[f].from == ref->from)
                return ILLEGAL (_("The same estate was chosen twice."));
            have[e] = ref->to - ref->from + 1;
            want[e] = plan->sizes[e];
          }
        qsort (have, claim->n_estates, sizeof (guint), tk_welcome_to_compare_uint);
        qsort (want, claim->n_estates, sizeof (guint), tk_welcome_to_compare_uint);
        for (guint e = 0; e < claim->n_estates; e++)
          if (have[e] != want[e])
            return ILLEGAL (_("These estates do not have the sizes city plan n°%u asks for."),
                            plan->number);
        return TRUE;
      }
    case PLAN_STREET_FULL:
      if (!tk_welcome_to_street_built (rules, sheet, plan->street))
        return ILLEGAL (_("Street %u is not built to the last house."), plan->street + 1);
      for (guint h = 0; h < tk_welcome_to_n_houses (rules, plan->street); h++)
        if (used[plan->street][h] != 0)
          return ILLEGAL (_("A house of street %u was already used for city plan n°%u."),
                          plan->street + 1, used[plan->street][h]);
      return TRUE;
    case PLAN_STREET_ENDS:
      for (guint s = 0; s < N_STREETS; s++)
        {
          guint last = tk_welcome_to_n_houses (rules, s) - 1;

          if (!tk_welcome_to_built (&sheet->streets[s].houses[0]) ||
              !tk_welcome_to_built (&sheet->streets[s].houses[last]))
            return ILLEGAL (_("The first and last house of every street must be built."));
          if (used[s][0] != 0 || used[s][last] != 0)
            return ILLEGAL (_("An end house of street %u was already used for city plan n°%u."),
                            s + 1, MAX (used[s][0], used[s][last]));
        }
      return TRUE;
    case PLAN_TEMPS:
      if (sheet->temps < plan->count)
        return ILLEGAL (_("City plan n°%u needs %u temps; the sheet has %u."),
                        plan->number, plan->count, sheet->temps);
      return TRUE;
    case PLAN_BIS_STREET:
      if (rules->bis_plan_uses)
        {
          guint street, mask;

          /* A claim that already names its houses (an imported sheet) must still hold them. */
          if (claim->bis_mask != 0)
            {
              for (guint h = 0; h < tk_welcome_to_n_houses (rules, claim->bis_street); h++)
                if ((claim->bis_mask & (1u << h)) &&
                    (sheet->streets[claim->bis_street].houses[h].bis == 0 ||
                     used[claim->bis_street][h] != 0))
                  return ILLEGAL (_("City plan n°%u counts bis houses that are not there or "
                                    "were already used for another plan."), plan->number);
              if ((guint) __builtin_popcount (claim->bis_mask) < plan->count)
                return ILLEGAL (_("City plan n°%u needs %u bis houses in one street."),
                                plan->number, plan->count);
              return TRUE;
            }
          if (bis_plan_houses (rules, sheet, p, used,
                               claim->bis_street_asked > 0 ? claim->bis_street_asked - 1
                                                           : N_STREETS, &street, &mask))
            return TRUE;
          return ILLEGAL (_("City plan n°%u needs %u bis houses in one street that no other "
                            "plan has used."), plan->number, plan->count);
        }
      for (guint s = 0; s < N_STREETS; s++)
        if (tk_welcome_to_count_bis (rules, sheet, s) >= plan->count)
          return TRUE;
      return ILLEGAL (_("City plan n°%u needs %u bis houses in one street."),
                      plan->number, plan->count);
    case PLAN_PARKS_TWO:
      n = 0;
      for (guint s = 0; s < N_STREETS; s++)
        n += tk_welcome_to_parks_full (rules, sheet, s);
      if (n < 2)
        return ILLEGAL (_("City plan n°%u needs every park of two streets."), plan->number);
      return TRUE;
    case PLAN_POOLS_TWO:
      n = 0;
      for (guint s = 0; s < N_STREETS; s++)
        n += tk_welcome_to_pools_full (rules, sheet, s);
      if (n < 2)
        return ILLEGAL (_("City plan n°%u needs every pool of two streets."), plan->number);
      return TRUE;
    case PLAN_PARKS_POOLS_STREET:
      if (!tk_welcome_to_parks_full (rules, sheet, plan->street) ||
          !tk_welcome_to_pools_full (rules, sheet, plan->street))
        return ILLEGAL (_("City plan n°%u needs every park and every pool of street %u."),
                        plan->number, plan->street + 1);
      return TRUE;
    case PLAN_PARKS_POOLS_ROUNDABOUT:
      for (guint s = 0; s < N_STREETS; s++)
        if (tk_welcome_to_parks_full (rules, sheet, s) &&
            tk_welcome_to_pools_full (rules, sheet, s) &&
            tk_welcome_to_count_roundabouts (rules, sheet, s) > 0)
          return TRUE;
      return ILLEGAL (_("City plan n°%u needs one street with every park, every pool and a "
                        "roundabout."), plan->number);
    default:
      return ILLEGAL (_("Unknown city plan."));
    }
}

/* Under the seed's reading a bis plan's claim records the houses it uses up (checked before). */
void
tk_welcome_to_fill_bis_claim (const Rules *rules,
                              const Sheet *sheet,
                              guint        p,
                              Claim       *claim)
{
  guint used[N_STREETS][MAX_HOUSES], group[N_STREETS][MAX_HOUSES];

  if (!rules->bis_plan_uses || rules->plans[p].kind != PLAN_BIS_STREET || claim->bis_mask != 0)
    return;
  tk_welcome_to_used_map (rules, sheet, N_PLANS, used, group);
  if (!bis_plan_houses (rules, sheet, p, used,
                        claim->bis_street_asked > 0 ? claim->bis_street_asked - 1 : N_STREETS,
                        &claim->bis_street, &claim->bis_mask))
    g_assert_not_reached ();
}
