/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.c — Welcome To...: one player's sheet.  Houses and sections, fences,
 * estates, the counts the scoring and the plans read, and the checks of a whole (imported)
 * sheet.  Split from tk-welcome-to-rules.c (issue 21); shared declarations in
 * tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* ---- the sheet ---- */

guint
tk_welcome_to_n_houses (const Rules *rules,
                        guint        s)
{
  return rules->streets[s].houses;
}

gboolean
tk_welcome_to_built (const House *house)
{
  return house->number >= 0 || house->roundabout;
}

/* Can @value be written in house @h of street @s (empty, ascending within its section)? */
gboolean
tk_welcome_to_fits (const Rules *rules,
                    const Sheet *sheet,
                    guint        s,
                    guint        h,
                    gint         value)
{
  const Street *street = &sheet->streets[s];
  guint n = tk_welcome_to_n_houses (rules, s);

  if (tk_welcome_to_built (&street->houses[h]))
    return FALSE;
  for (gint i = (gint) h - 1; i >= 0 && !street->houses[i].roundabout; i--)
    if (street->houses[i].number >= 0 && street->houses[i].number >= value)
      return FALSE;
  for (guint i = h + 1; i < n && !street->houses[i].roundabout; i++)
    if (street->houses[i].number >= 0 && street->houses[i].number <= value)
      return FALSE;
  return TRUE;
}

gboolean
tk_welcome_to_fits_anywhere (const Rules *rules,
                             const Sheet *sheet,
                             gint         value,
                             guint       *out_s,
                             guint       *out_h)
{
  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
      if (tk_welcome_to_fits (rules, sheet, s, h, value))
        {
          *out_s = s;
          *out_h = h;
          return TRUE;
        }
  return FALSE;
}

/* Houses @from..@to (inclusive) of street @s form a completed estate. */
gboolean
tk_welcome_to_is_estate (const Rules *rules,
                         const Sheet *sheet,
                         guint        s,
                         guint        from,
                         guint        to)
{
  const Street *street = &sheet->streets[s];
  guint n = tk_welcome_to_n_houses (rules, s);

  if (from > to || to >= n || to - from + 1 > N_COLUMNS)
    return FALSE;
  if ((from > 0 && !street->fence[from - 1]) || (to < n - 1 && !street->fence[to]))
    return FALSE;
  for (guint h = from; h <= to; h++)
    {
      if (street->houses[h].number < 0 || street->houses[h].roundabout)
        return FALSE;
      if (h < to && street->fence[h])
        return FALSE;
    }
  return TRUE;
}

/* Completed estates of the sheet, by size (index 1..6); returns the count. */
guint
tk_welcome_to_count_estates (const Rules *rules,
                             const Sheet *sheet,
                             guint        by_size[N_COLUMNS + 1])
{
  guint total = 0;

  memset (by_size, 0, sizeof (guint) * (N_COLUMNS + 1));
  for (guint s = 0; s < N_STREETS; s++)
    {
      guint n = tk_welcome_to_n_houses (rules, s);
      guint start = 0;

      for (guint k = 0; k < n; k++)
        if (k == n - 1 || sheet->streets[s].fence[k])
          {
            if (tk_welcome_to_is_estate (rules, sheet, s, start, k))
              {
                by_size[k - start + 1]++;
                total++;
              }
            start = k + 1;
          }
    }
  return total;
}

guint
tk_welcome_to_count_bis (const Rules *rules,
                         const Sheet *sheet,
                         guint        s)
{
  guint n = 0;

  for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].bis != 0;
  return n;
}

guint
tk_welcome_to_count_pools (const Rules *rules,
                           const Sheet *sheet,
                           guint        s)
{
  guint n = 0;

  for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].pool;
  return n;
}

guint
tk_welcome_to_count_roundabouts (const Rules *rules,
                                 const Sheet *sheet,
                                 guint        s)
{
  guint n = 0;

  for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
    n += sheet->streets[s].houses[h].roundabout;
  return n;
}

guint
tk_welcome_to_sum_streets (const Rules *rules,
                           const Sheet *sheet,
                           guint      (*count) (const Rules *, const Sheet *, guint))
{
  guint n = 0;

  for (guint s = 0; s < N_STREETS; s++)
    n += count (rules, sheet, s);
  return n;
}

gboolean
tk_welcome_to_parks_full (const Rules *rules,
                          const Sheet *sheet,
                          guint        s)
{
  return sheet->streets[s].parks >= rules->streets[s].parks.n - 1;
}

gboolean
tk_welcome_to_pools_full (const Rules *rules,
                          const Sheet *sheet,
                          guint        s)
{
  return rules->streets[s].n_pool_spots > 0 &&
         tk_welcome_to_count_pools (rules, sheet, s) == rules->streets[s].n_pool_spots;
}

gboolean
tk_welcome_to_street_built (const Rules *rules,
                            const Sheet *sheet,
                            guint        s)
{
  for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
    if (!tk_welcome_to_built (&sheet->streets[s].houses[h]))
      return FALSE;
  return TRUE;
}

/* Everything section 5 of the reference lists, for an imported sheet. */
gboolean
tk_welcome_to_check_sheet (const Rules *rules,
                           const Sheet *sheet,
                           GError     **error)
{
  guint n_bis = 0, n_pools = 0, n_roundabouts = 0;

  for (guint s = 0; s < N_STREETS; s++)
    {
      const Street *street = &sheet->streets[s];
      guint n = tk_welcome_to_n_houses (rules, s);
      gint last_value = -1, last_regular = -1;

      if (street->parks >= rules->streets[s].parks.n)
        return ILLEGAL (_("Street %u has more parks than boxes."), s + 1);
      for (guint h = 0; h < n; h++)
        {
          const House *house = &street->houses[h];

          if (house->roundabout)
            {
              n_roundabouts++;
              if (house->number >= 0 || house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u holds a roundabout and a number."),
                                s + 1, h + 1);
              if ((h > 0 && !street->fence[h - 1]) || (h < n - 1 && !street->fence[h]))
                return ILLEGAL (_("The roundabout in street %u, house %u needs a fence on "
                                  "both sides."), s + 1, h + 1);
              last_value = last_regular = -1;
              continue;
            }
          if (house->number < 0)
            {
              if (house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u is empty but marked."), s + 1, h + 1);
              continue;
            }
          if (house->number > rules->highest_number)
            return ILLEGAL (_("Street %u, house %u holds a number above %d."), s + 1, h + 1,
                            rules->highest_number);
          if (house->bis != 0)
            {
              gint src = (gint) h + house->bis;
              guint fence_slot = house->bis < 0 ? h - 1 : h;

              n_bis++;
              /* A fence between them may have come later, which only "never" forbids. */
              if (src < 0 || src >= (gint) n || street->houses[src].number != house->number ||
                  street->houses[src].roundabout ||
                  (rules->bis_fence_never && street->fence[fence_slot]))
                return ILLEGAL (_("The bis in street %u, house %u does not copy its neighbour "
                                  "(same number, no fence between)."), s + 1, h + 1);
              if (house->pool)
                return ILLEGAL (_("A bis house never gets a pool (street %u, house %u)."),
                                s + 1, h + 1);
            }
          else
            {
              if (house->number <= last_regular)
                return ILLEGAL (_("Street %u is not in ascending order at house %u."),
                                s + 1, h + 1);
              last_regular = house->number;
            }
          if (house->number < last_value)
            return ILLEGAL (_("Street %u is not in ascending order at house %u."), s + 1, h + 1);
          last_value = house->number;
          if (house->pool)
            {
              if (!rules->streets[s].pool_spot[h])
                return ILLEGAL (_("Street %u, house %u has no pool spot."), s + 1, h + 1);
              n_pools++;
            }
        }
    }
  if (n_pools >= rules->pools.n)
    return ILLEGAL (_("The sheet has more pools than the pool track."));
  if (n_bis >= rules->bis.n)
    return ILLEGAL (_("The sheet has more bis houses than the bis track."));
  if (n_roundabouts > 0 && !rules->intermediate)
    return ILLEGAL (_("Roundabouts belong to the intermediate rules."));
  if (n_roundabouts >= rules->roundabouts.n)
    return ILLEGAL (_("The sheet has more roundabouts than the roundabout track."));
  if (sheet->temps > rules->temp_boxes)
    return ILLEGAL (_("The sheet has more temps than the temp agency track."));
  if (sheet->refusals >= rules->refusals.n)
    return ILLEGAL (_("The sheet has more permit refusals than the track."));
  for (guint c = 0; c < N_COLUMNS; c++)
    if (sheet->agents[c] >= rules->estates[c].n)
      return ILLEGAL (_("Real estate column %u has more crosses than boxes."), c + 1);
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0 &&
        !tk_welcome_to_check_claim (rules, sheet, p, &sheet->claims[p], p, error))
      return FALSE;
  return TRUE;
}

/* An imported sheet's bis plan claim without its houses (a sheet written before they were
 * kept) takes the leftmost free ones, as a claim in the app would. */
void
tk_welcome_to_fill_sheet_bis_claims (const Rules *rules,
                                     Sheet       *sheet)
{
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0)
      tk_welcome_to_fill_bis_claim (rules, sheet, p, &sheet->claims[p]);
}
