/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-catalog.h — the catalog of games bundled with Tablekeeper (a GResource of libtk-core,
 * made by data/catalog/convert-catalog.py from BoardGameGeek data).
 *
 * Loading writes only catalog rows (games with source "catalog" and their tags), in one
 * transaction; games the user entered or imported, and every collection row, are left as
 * they are.  The loaded version is kept in settings ("catalog-version").
 */
#pragma once

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_CATALOG_RESOURCE RESOURCE_BASE "/catalog/catalog.json.gz"
#define TK_CATALOG_VERSION_RESOURCE RESOURCE_BASE "/catalog/catalog-version"

/* The bundled catalog's version. */
int       tk_catalog_get_bundled_version (void);
int            tk_catalog_get_document_version (void);
/* The version loaded in @store, 0 if none. */
int       tk_catalog_get_loaded_version  (TkStore     *store);

/* Loads the bundled catalog when @store holds none or an older one; does nothing
 * otherwise.  @loaded (optional): TRUE when it wrote. */
gboolean  tk_catalog_ensure              (TkStore     *store,
                                          gboolean    *loaded,
                                          GError     **error);
/* The same in a worker thread; a load already running for @store is joined.  Lists of games
 * are told (TkStore ::games-changed) when it has written. */
void      tk_catalog_ensure_async        (TkStore             *store,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean  tk_catalog_ensure_finish       (TkStore     *store,
                                          GAsyncResult *result,
                                          GError     **error);
/* Loads @bytes (a catalog document, gzip'd or not) whatever the stored version is. */
gboolean  tk_catalog_load_bytes          (TkStore     *store,
                                          GBytes      *bytes,
                                          GError     **error);

G_END_DECLS
