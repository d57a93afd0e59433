/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-details-private.h — what the two files of the game details share: the
 * instance struct and the functions one calls in the other (prefixed _tk_collection_details_,
 * the way GNOME Text Editor marks a class's shared internals).  The view itself is public only as tk-collection-details.h; nothing but
 * tk-collection-details*.c includes this file.
 */
#pragma once

#include "tk-collection-details.h"
#include "tk-text-limit.h"
#include "tk-display-date.h"
#include "tk-feature-names.h"
#include "tk-collection-row.h"

G_BEGIN_DECLS

struct _TkCollectionDetails
{
  GtkWidget             parent_instance;

  TkCollection         *collection;
  gulong                changed_id;
  gint64                game_id;
  TkGame               *game;
  gboolean              updating;
  char                 *cover_shown;      /* the file the picture shows or is loading */
  GCancellable         *cover_cancellable; /* the picture's load */
  GCancellable         *cancellable;      /* copies of chosen files */
  GtkNativeDialog      *chooser;

  GtkStack             *stack;
  GtkButton            *back_button;
  GtkButton            *play_button;
  GtkLabel             *bar_title_label;
  GtkLabel             *title_label;
  GtkLabel             *other_title_label;
  GtkLabel             *summary_label;
  AdwClamp             *cover_clamp;
  GtkPicture           *cover_picture;
  AdwPreferencesGroup  *entry_group;
  GtkSwitch            *owned_switch;
  GtkSwitch            *want_switch;
  GtkSwitch            *played_switch;
  GtkSwitch            *favourite_switch;
  GtkSpinButton        *rating_spin;
  AdwEntryRow          *comment_row;
  AdwEntryRow          *acquired_row;
  AdwEntryRow          *price_row;
  AdwEntryRow          *notes_row;
  AdwActionRow         *players_row;
  AdwActionRow         *best_row;
  AdwActionRow         *time_row;
  AdwActionRow         *age_row;
  AdwActionRow         *weight_row;
  AdwActionRow         *designers_row;
  AdwActionRow         *mechanics_row;
  AdwActionRow         *categories_row;
  AdwActionRow         *plays_row;
  AdwActionRow         *source_row;
};

/* tk-collection-details.c: the facts and the collection entry */
void _tk_collection_details_show_error  (TkCollectionDetails *self,
                                         const GError        *error);
void _tk_collection_details_clear_error (TkCollectionDetails *self);

/* tk-collection-details-cover.c: the cover image, and its actions installed from class_init */
void _tk_collection_details_update_cover       (TkCollectionDetails      *self);
void _tk_collection_details_class_actions_init (TkCollectionDetailsClass *klass);

G_END_DECLS
