/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-page-private.h — what the parts of the Collection page share: the instance
 * struct and the functions one part calls in another (prefixed _tk_collection_page_, the way
 * GNOME Text Editor marks a class's shared internals).
 * The page is public only as tk-collection-page.h; nothing outside
 * src/app/tk-collection-page*.c includes this file.
 *
 *   tk-collection-page.c          the object, the filters, the template's callbacks, public API
 *   tk-collection-page-view.c     the first frame, the rows, the catalog, grid or list view
 *   tk-collection-page-actions.c  the actions (installed from class_init by
 *                                 _tk_collection_page_class_actions_init) and the import and
 *                                 export file choosers
 */
#pragma once

#include <adwaita.h>

#include "tk-collection-details.h"
#include "tk-collection-page.h"

G_BEGIN_DECLS

struct _TkCollectionPage
{
  AdwBin               parent_instance;

  TkStore             *store;
  TkCollection        *collection;
  TkGameList          *games;
  GtkSingleSelection  *selection;
  GCancellable        *cancellable;
  TkGame              *deleted;        /* the snapshot Undo restores */
  GtkNativeDialog     *chooser;
  char                *export_format;
  TkGameSort           sort;
  gboolean             descending;
  gboolean             loading;

  AdwToastOverlay     *toast_overlay;
  AdwLeaflet          *leaflet;
  GtkWidget           *list_pane;
  GtkSearchEntry      *search_entry;
  GtkMenuButton       *filter_button;
  GtkSpinButton       *players_spin;
  GtkCheckButton      *best_check;
  GtkSpinButton       *minutes_spin;
  GtkWidget           *chip_box;
  GtkToggleButton     *mine_toggle;
  GtkToggleButton     *all_toggle;
  GtkToggleButton     *owned_toggle;
  GtkToggleButton     *want_toggle;
  GtkToggleButton     *played_toggle;
  GtkToggleButton     *favourite_toggle;
  GtkRevealer         *hint_revealer;
  GtkRevealer         *progress_revealer;
  GtkProgressBar      *progress_bar;
  GtkStack            *list_stack;
  GtkScrolledWindow   *list_scroller;
  GtkGridView         *list_view;      /* one column: see the header comment */
  GtkWidget           *grid_view;      /* a reference to list_view while tall_view is shown */
  GtkListView         *tall_view;      /* instead, in a window taller than the grid's rows */
  guint                tall_check_id;
  GtkMenuButton       *sort_button;
  GMenuModel          *sort_menu;
  GtkMenuButton       *collection_menu_button;
  GMenuModel          *collection_menu;
  AdwBin              *details_slot;
  TkCollectionDetails *details;        /* NULL until a game is first shown */
};


/* tk-collection-page.c */
void
_tk_collection_page_add_toast (TkCollectionPage *self,
                               const char       *text);
void
_tk_collection_page_show_error_dialog (TkCollectionPage *self,
                                       const char       *heading,
                                       const char       *body);
void
_tk_collection_page_show_import_summary (TkCollectionPage      *self,
                                         const char            *heading,
                                         const TkImportSummary *summary);
GtkWindow *
_tk_collection_page_get_parent_window (TkCollectionPage *self);
void
_tk_collection_page_update_list_stack (TkCollectionPage *self);
void
_tk_collection_page_update_hint (TkCollectionPage *self);
TkGameStatus
_tk_collection_page_chip_statuses (TkCollectionPage *self);
void
_tk_collection_page_apply_filters (TkCollectionPage *self);
gint64
_tk_collection_page_shown_game_id (TkCollectionPage *self);
void
_tk_collection_page_update_game_actions (TkCollectionPage *self);
void
_tk_collection_page_on_activate (GtkWidget        *list_view,
                                 guint             position,
                                 TkCollectionPage *self);

/* tk-collection-page-view.c */
guint
_tk_collection_page_first_games (TkCollectionPage *self);
void
_tk_collection_page_load_rest_after_frame (TkCollectionPage *self);
void
_tk_collection_page_setup_row (GtkSignalListItemFactory *factory,
                               GtkListItem              *item);
void
_tk_collection_page_bind_row (GtkSignalListItemFactory *factory,
                              GtkListItem              *item);
void
_tk_collection_page_unbind_row (GtkSignalListItemFactory *factory,
                                GtkListItem              *item);
void
_tk_collection_page_catalog_loaded_cb (GObject      *source,
                                       GAsyncResult *result,
                                       gpointer      user_data);
void
_tk_collection_page_set_view_model (TkCollectionPage  *self,
                                    GtkSelectionModel *model);
void
_tk_collection_page_on_list_height_changed (TkCollectionPage *self);

/* tk-collection-page-actions.c */
void
_tk_collection_page_import_file (TkCollectionPage *self,
                                 GFile            *file);
void
_tk_collection_page_class_actions_init (TkCollectionPageClass *klass);

G_END_DECLS
