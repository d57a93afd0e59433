/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-page-private.h — what the parts of TkHistoryPage share: the instance struct and
 * the functions one part calls in another (prefixed _tk_history_page_, the way GNOME Text
 * Editor marks a class's shared internals).  Nothing outside src/app/tk-history-page*.c
 * includes this file.
 *
 *   tk-history-page.c        the object, its actions (log, edit, show, export, import, undo),
 *                            the public API
 *   tk-history-page-list.c   the list of plays, its rows and the game and player filters
 *   tk-history-page-stats.c  the statistics: overview, per game, per player, per month
 */
#pragma once

#include <adwaita.h>

#include "tk-history-page.h"
#include "tk-play.h"
#include "tk-plays-chart.h"

G_BEGIN_DECLS

typedef struct
{
  gint64  id;       /* 0: outside the catalogue, told apart by title */
  char   *title;
} GameChoice;

struct _TkHistoryPage
{
  AdwBin           parent_instance;

  TkStore         *store;
  GListStore      *plays;
  GArray          *games;     /* GameChoice, index 0 = "All games" */
  GArray          *players;   /* gint64 roster ids, index 0 = everyone */
  gboolean         filling;
  GtkFileChooserNative *chooser;
  TkPlay          *deleted_play;   /* the last play deleted, for Undo */
  gint64           last_import_id; /* the import just made, for Ctrl+Z; 0 when none */

  AdwToastOverlay *toast_overlay;
  GtkDropDown     *game_dropdown;
  GtkDropDown     *player_dropdown;
  GtkStack        *list_stack;
  GtkListView     *list_view;
  AdwStatusPage   *empty_page;
  AdwPreferencesGroup *overview_group;
  TkPlaysChart    *chart;
  GtkBox          *detail_box;
};

/* tk-history-page.c */
void
_tk_history_page_add_toast (TkHistoryPage *self,
                            const char    *text);

/* tk-history-page-list.c */
void
_tk_history_page_fill_plays (TkHistoryPage *self);
void
_tk_history_page_update_list_stack (TkHistoryPage *self);
void
_tk_history_page_fill_filters (TkHistoryPage *self);
void
_tk_history_page_setup_row (GtkSignalListItemFactory *factory,
                            GtkListItem              *item,
                            gpointer                  user_data);
void
_tk_history_page_bind_row (GtkSignalListItemFactory *factory,
                           GtkListItem              *item,
                           gpointer                  user_data);
void
_tk_history_page_set_choice_factories (GtkDropDown *dropdown);

/* tk-history-page-stats.c */
char *
_tk_history_page_format_number (double value);
void
_tk_history_page_fill_stats (TkHistoryPage *self);

G_END_DECLS
