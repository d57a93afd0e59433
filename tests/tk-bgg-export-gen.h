/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-bgg-export-gen.h — a realistic BoardGameGeek collection export, generated: the 58
 * columns in BGG's order, every field quoted, CRLF, newlines and doubled quotes inside
 * fields, Japanese titles and comments, N/A ratings, decimals, expansions, and a share of
 * rows whose objectid is a game of the bundled catalog.  The same seed gives the same bytes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64      bgg_id;
  const char *title;
} TkGenCatalogGame;

/* @catalog: games that rows may match (about @catalog_percent of the rows, each game at
 * most once); the other rows get objectids no catalog game has.  Each row has its own
 * collid and objectid. */
GString *tk_bgg_export_generate (guint                   n_rows,
                                 guint32                 seed,
                                 const TkGenCatalogGame *catalog,
                                 guint                   n_catalog,
                                 guint                   catalog_percent);

/* The catalog's numbered games, read from the bundled catalog through a library in memory
 * (GPtrArray of TkGenCatalogGame, titles owned by the array). */
GPtrArray *tk_bgg_export_catalog_games (GError **error);

/* An export of @n_rows rows written to @path, about 15 % of them games of the bundled
 * catalog (the benchmarks' and gen-bgg-export's). */
gboolean   tk_bgg_export_write_file    (guint        n_rows,
                                        guint32      seed,
                                        const char  *path,
                                        GError     **error);

G_END_DECLS
