/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-test-collection.h — a library of its own in a temporary folder for each collection test
 * (a GTest fixture), and what several of them read from it: a fixture file's text, a digest of
 * the user's rows, a game's id by its title.
 *
 * The tests call the readers by short names through macros at their top, as the engine tests
 * call tests/tk-test-rules.h. */
#pragma once

#include "tk-collection.h"
#include "tk-store.h"

G_BEGIN_DECLS

typedef struct
{
  char         *dir;
  TkStore      *store;
  TkCollection *collection;
} TkTestCollectionFixture;

/* Opens a new library in a new temporary folder. */
void     tk_test_collection_fixture_set_up    (TkTestCollectionFixture *f,
                                               gconstpointer            data);
/* Closes the library and removes its folder. */
void     tk_test_collection_fixture_tear_down (TkTestCollectionFixture *f,
                                               gconstpointer            data);
/* The contents of tests/fixtures/@name (its @length when not NULL); free it. */
char    *tk_test_collection_fixture_contents  (const char              *name,
                                               gsize                   *length);
/* A digest of every row of the user's tables (timestamps left out); free it. */
char    *tk_test_collection_library_digest    (TkStore                 *store);
/* The id of the game titled exactly @title, 0 when there is none. */
gint64   tk_test_collection_find_by_title     (TkCollection            *collection,
                                               const char              *title);

G_END_DECLS
