/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-csv-export.c — the collection as a BoardGameGeek CSV export. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tk-bgg-csv-private.h"
#include "tk-json.h"
#include "tk-collection-private.h"
#include "tk-text.h"
#include "tk-display-title.h"

/* ---- export ---- */

static void
append_field (GString    *out,
              const char *value)
{
  g_string_append_c (out, '"');
  for (const char *p = value != NULL ? value : ""; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The file's own spelling of a value when it means the same as ours. */
static char *
mapped_text (JsonObject *extra,
             Mapped      m,
             double      value)
{
  g_autofree char *canonical = tk_bgg_csv_format_value (tk_bgg_csv_mapped[m].kind, value);
  const char *original;
  double parsed;

  if (is_fact_column (m) && extra != NULL && json_object_has_member (extra, tk_bgg_csv_mapped[m].name))
    return g_strdup (json_object_get_string_member (extra, tk_bgg_csv_mapped[m].name));
  if (extra != NULL && json_object_has_member (extra, tk_bgg_csv_mapped[m].name))
    {
      original = json_object_get_string_member (extra, tk_bgg_csv_mapped[m].name);
      if (original != NULL && tk_bgg_csv_parse_value (tk_bgg_csv_mapped[m].kind, original, &parsed))
        {
          g_autofree char *again = NULL;

          if (m == COL_RATING)
            parsed = parsed > 0 ? CLAMP (floor (parsed + 0.5), 1, 10) : 0;
          again = tk_bgg_csv_format_value (tk_bgg_csv_mapped[m].kind, parsed);
          if (g_strcmp0 (again, canonical) == 0)
            return g_strdup (original);
        }
    }
  return g_steal_pointer (&canonical);
}

static char *
game_value (TkGame     *game,
            JsonObject *extra,
            const char *column)
{
  for (guint m = 0; m < N_MAPPED; m++)
    {
      if (g_strcmp0 (column, tk_bgg_csv_mapped[m].name) != 0)
        continue;
      switch ((Mapped) m)
        {
        case COL_OBJECTNAME:
          if (extra != NULL && json_object_has_member (extra, "objectname"))
            return g_strdup (json_object_get_string_member (extra, "objectname"));
          return g_strdup (game->title);
        case COL_OBJECTID:
          return game->bgg_id > 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, game->bgg_id)
                                  : g_strdup ("");
        case COL_RATING:          return mapped_text (extra, m, game->rating);
        case COL_NUMPLAYS:        return mapped_text (extra, m, game->plays);
        case COL_OWN:             return mapped_text (extra, m, game->owned ? 1 : 0);
        case COL_WANTTOPLAY:      return mapped_text (extra, m, game->want_to_play ? 1 : 0);
        case COL_COMMENT:         return g_strdup (game->comment != NULL ? game->comment : "");
        case COL_AVERAGE:         return mapped_text (extra, m, game->rating_avg);
        case COL_AVGWEIGHT:       return mapped_text (extra, m, game->weight);
        case COL_RANK:            return mapped_text (extra, m, game->bgg_rank);
        case COL_MINPLAYERS:      return mapped_text (extra, m, game->min_players);
        case COL_MAXPLAYERS:      return mapped_text (extra, m, game->max_players);
        case COL_MAXPLAYTIME:     return mapped_text (extra, m, game->max_time);
        case COL_MINPLAYTIME:     return mapped_text (extra, m, game->min_time);
        case COL_YEARPUBLISHED:   return mapped_text (extra, m, game->year);
        case COL_BGGBESTPLAYERS:
          if (extra != NULL && json_object_has_member (extra, column))
            return g_strdup (json_object_get_string_member (extra, column));
          return g_strdup (game->best_players != NULL ? game->best_players : "");
        case COL_PRICEPAID:       return mapped_text (extra, m, game->price_paid);
        case COL_ACQUISITIONDATE:
          /* A text that was no date came back from a Tablekeeper file among BGG's columns. */
          if ((game->acquired_on == NULL || *game->acquired_on == '\0') &&
              extra != NULL && json_object_has_member (extra, column))
            return g_strdup (json_object_get_string_member (extra, column));
          return g_strdup (game->acquired_on != NULL ? game->acquired_on : "");
        case N_MAPPED:
        default:
          break;
        }
    }

  if (extra != NULL && json_object_has_member (extra, column))
    return g_strdup (json_object_get_string_member (extra, column));
  if (g_strcmp0 (column, "objecttype") == 0)
    return g_strdup ("thing");
  return g_strdup ("");
}

char *
tk_bgg_csv_export (TkCollection  *collection,
                   TkGameStatus   statuses,
                   GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);

  games = tk_collection_entries (collection, statuses, error);
  if (games == NULL)
    return NULL;

  for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
    g_string_append_printf (out, "%s%s", c > 0 ? "," : "", tk_bgg_csv_columns[c]);
  g_string_append (out, "\r\n");

  for (guint i = 0; i < games->len; i++)
    {
      TkGame *game = g_ptr_array_index (games, i);
      g_autoptr(JsonObject) extra = tk_bgg_extra_to_object (game->bgg_extra);

      for (guint c = 0; c < TK_BGG_CSV_N_COLUMNS; c++)
        {
          g_autofree char *value = game_value (game, extra, tk_bgg_csv_columns[c]);

          if (c > 0)
            g_string_append_c (out, ',');
          append_field (out, value);
        }
      g_string_append (out, "\r\n");
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}
