/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-friends-window.h — friends' lists: import one, delete one, and what it means for you. */
#pragma once

#include <adwaita.h>

#include "tk-collection.h"

G_BEGIN_DECLS

#define TK_TYPE_FRIENDS_WINDOW (tk_friends_window_get_type ())
G_DECLARE_FINAL_TYPE (TkFriendsWindow, tk_friends_window, TK, FRIENDS_WINDOW, AdwWindow)

TkFriendsWindow *tk_friends_window_new            (GtkWindow       *parent,
                                                   TkCollection    *collection);
/* Reads @path (Tablekeeper JSON or BGG CSV), imports it as the friend list @name and
 * selects it.  On error nothing is imported and @error holds the core's message. */
gboolean         tk_friends_window_import_file    (TkFriendsWindow *self,
                                                   const char      *path,
                                                   const char      *name,
                                                   GError         **error);
/* The list shown, or NULL. */
const char      *tk_friends_window_get_selected   (TkFriendsWindow *self);
/* The rows of one section (placeholders are not rows). */
guint            tk_friends_window_get_n_matches  (TkFriendsWindow *self,
                                                   TkFriendMatch    match);

G_END_DECLS
