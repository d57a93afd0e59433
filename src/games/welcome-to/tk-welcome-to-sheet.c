/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-sheet.c — Welcome To...: one player's sheet.  Houses and sections, fences,
 * estates, and the counts the scoring and the plans read (the checks of a whole imported sheet,
 * which read the plans too, are in tk-welcome-to-exchange.c).  Split from tk-welcome-to-rules.c (issue 21); shared declarations in
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

/* Appends the completed estates of the sheet to @estates (TkWelcomeToEstate), street by
 * street. */
void
tk_welcome_to_find_estates (const Rules *rules,
                            const Sheet *sheet,
                            GArray      *estates)
{
  for (guint s = 0; s < N_STREETS; s++)
    {
      guint n = tk_welcome_to_n_houses (rules, s);
      guint start = 0;

      for (guint k = 0; k < n; k++)
        if (k == n - 1 || sheet->streets[s].fence[k])
          {
            if (tk_welcome_to_is_estate (rules, sheet, s, start, k))
              {
                TkWelcomeToEstate estate = { s, start, k, FALSE };

                g_array_append_val (estates, estate);
              }
            start = k + 1;
          }
    }
}

/* Completed estates of the sheet, by size (index 1..6); returns the count. */
guint
tk_welcome_to_count_estates (const Rules *rules,
                             const Sheet *sheet,
                             guint        by_size[N_COLUMNS + 1])
{
  g_autoptr(GArray) estates = g_array_new (FALSE, FALSE, sizeof (TkWelcomeToEstate));

  memset (by_size, 0, sizeof (guint) * (N_COLUMNS + 1));
  tk_welcome_to_find_estates (rules, sheet, estates);
  for (guint e = 0; e < estates->len; e++)
    {
      const TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, e);

      by_size[estate->to - estate->from + 1]++;
    }
  return estates->len;
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
