/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-page.h — the Discover page: games to try next, each with its reason. */
#pragma once

#include <adwaita.h>

#include "tk-store.h"

G_BEGIN_DECLS

#define TK_TYPE_DISCOVER_PAGE (tk_discover_page_get_type ())
G_DECLARE_FINAL_TYPE (TkDiscoverPage, tk_discover_page, TK, DISCOVER_PAGE, AdwBin)

GtkWidget *tk_discover_page_new       (void);
TkStore   *tk_discover_page_get_store (TkDiscoverPage *self);
/* Suggestions are computed again each time the page is shown. */
void       tk_discover_page_set_store (TkDiscoverPage *self,
                                       TkStore        *store);

G_END_DECLS
