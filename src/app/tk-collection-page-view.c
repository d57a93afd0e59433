/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-page-view.c — the list itself: the first frame, the rows, the catalog on a fresh
 * library, and the grid or (in a tall window) list view. */
#define G_LOG_DOMAIN "tk-collection-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-catalog.h"
#include "tk-collection-page-private.h"
#include "tk-collection-row.h"

/* At most how many games the list shows before the index of every game is read. */
#define FIRST_GAMES 64
/* A row's height when none is shown yet to ask (56 px in Adwaita). */
#define ROW_HEIGHT_GUESS 56
/* What is above the list at its least: the header bar, the search row and one line of chips
 * (a narrow window wraps the chips and adds the bottom switcher, and shows fewer rows). */
#define LIST_TOP_GUESS 130

/* How many games the first frame needs: as many rows as the list's part of the window's
 * height shows, the last one maybe cut (the grid view would otherwise build, style and
 * measure its 33 rows before the first frame, some 5 M instructions each; the rest come with
 * the index, after it). */
guint
_tk_collection_page_first_games (TkCollectionPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  int width = -1, height = -1;

  /* (GTK 4.8 takes no NULL for either.) */
  if (GTK_IS_WINDOW (root))
    gtk_window_get_default_size (GTK_WINDOW (root), &width, &height);
  if (height <= 0)
    return FIRST_GAMES;
  return CLAMP ((guint) (MAX (height - LIST_TOP_GUESS, 0) / ROW_HEIGHT_GUESS) + 1, 8, FIRST_GAMES);
}

static void
on_first_frame_painted (GdkFrameClock    *clock,
                        TkCollectionPage *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame_painted, self);
  if (self->games != NULL)
    tk_game_list_load_rest (self->games);
}

static void
on_list_pane_mapped (TkCollectionPage *self)
{
  g_signal_handlers_disconnect_by_func (self->list_pane, on_list_pane_mapped, self);
  g_signal_connect_object (gtk_widget_get_frame_clock (self->list_pane), "after-paint",
                           G_CALLBACK (on_first_frame_painted), self, 0);
}

/* The rest of the games are read once the first screenful is on screen, so that the rows
 * the grid view keeps beyond it (33 in all) are not built before the first frame either. */
void
_tk_collection_page_load_rest_after_frame (TkCollectionPage *self)
{
  if (gtk_widget_get_mapped (self->list_pane))
    on_list_pane_mapped (self);
  else
    g_signal_connect_object (self->list_pane, "map", G_CALLBACK (on_list_pane_mapped), self,
                             G_CONNECT_SWAPPED);
}

void
_tk_collection_page_setup_row (GtkSignalListItemFactory *factory,
                               GtkListItem              *item)
{
  gtk_list_item_set_child (item, tk_collection_row_new ());
}

void
_tk_collection_page_bind_row (GtkSignalListItemFactory *factory,
                              GtkListItem              *item)
{
  tk_collection_row_set_game (TK_COLLECTION_ROW (gtk_list_item_get_child (item)),
                              gtk_list_item_get_item (item));
}

void
_tk_collection_page_unbind_row (GtkSignalListItemFactory *factory,
                                GtkListItem              *item)
{
  tk_collection_row_set_game (TK_COLLECTION_ROW (gtk_list_item_get_child (item)), NULL);
}

void
_tk_collection_page_catalog_loaded_cb (GObject      *source,
                                       GAsyncResult *result,
                                       gpointer      user_data)
{
  g_autoptr(TkCollectionPage) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!tk_catalog_ensure_finish (TK_STORE (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Out of its window the page is going away (see tk-application.c). */
      if (gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
        {
          g_debug ("Catalog load ended without a window: %s", error->message);
          return;
        }
      g_warning ("Could not load the catalog of games: %s", error->message);
      _tk_collection_page_add_toast (self, _("Could not load the catalog of games"));
    }
  if (self->store != TK_STORE (source))
    return;
  /* The games themselves were read again on the library's ::games-changed. */
  self->loading = FALSE;
  _tk_collection_page_update_hint (self);
  _tk_collection_page_update_list_stack (self);
}

/* How many rows of the list a window may show before the grid view falls short (it builds
 * 30 rows' worth, one above and one below). */
#define GRID_ROWS 28

/* Gives @model to the view shown and none to the other (a view without a model builds no
 * rows). */
void
_tk_collection_page_set_view_model (TkCollectionPage  *self,
                                    GtkSelectionModel *model)
{
  gboolean tall = self->tall_view != NULL &&
                  gtk_scrolled_window_get_child (self->list_scroller) == GTK_WIDGET (self->tall_view);

  if (self->tall_view != NULL)
    gtk_list_view_set_model (self->tall_view, tall ? model : NULL);
  if (self->list_view != NULL)
    gtk_grid_view_set_model (self->list_view, tall ? NULL : model);
}

static int
shown_row_height (TkCollectionPage *self)
{
  GtkWidget *view = gtk_scrolled_window_get_child (self->list_scroller);

  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int height;

      if (!gtk_widget_get_child_visible (child) || !GTK_IS_WIDGET (gtk_widget_get_first_child (child)))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (child),
                          &height, NULL, NULL, NULL);
      if (height > 0)
        return height;
    }
  return ROW_HEIGHT_GUESS;
}

static gboolean
check_tall_view (gpointer user_data)
{
  TkCollectionPage *self = user_data;
  double page = gtk_adjustment_get_page_size (gtk_scrolled_window_get_vadjustment (self->list_scroller));
  gboolean tall = page > GRID_ROWS * shown_row_height (self);
  GtkWidget *want;

  self->tall_check_id = 0;
  if (tall && self->tall_view == NULL)
    {
      self->tall_view = GTK_LIST_VIEW (gtk_list_view_new (NULL, g_object_ref (gtk_grid_view_get_factory (self->list_view))));
      g_object_ref_sink (self->tall_view);
      gtk_list_view_set_single_click_activate (self->tall_view, TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->tall_view), "navigation-sidebar");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->tall_view),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games"), -1);
      g_signal_connect (self->tall_view, "activate", G_CALLBACK (_tk_collection_page_on_activate),
                        self);
    }
  want = tall ? GTK_WIDGET (self->tall_view) : GTK_WIDGET (self->list_view);
  if (gtk_scrolled_window_get_child (self->list_scroller) == want)
    return G_SOURCE_REMOVE;

  /* The scrolled window holds its child's only reference: keep the grid alive. */
  if (self->grid_view == NULL)
    self->grid_view = g_object_ref (GTK_WIDGET (self->list_view));
  gtk_scrolled_window_set_child (self->list_scroller, want);
  _tk_collection_page_set_view_model (self, self->selection != NULL
                                            ? GTK_SELECTION_MODEL (self->selection) : NULL);
  return G_SOURCE_REMOVE;
}

/* The height of the list changed: the view is chosen after this layout, not during it. */
void
_tk_collection_page_on_list_height_changed (TkCollectionPage *self)
{
  /* At the default priority: an idle one may wait behind every frame of an animation. */
  if (self->tall_check_id == 0)
    self->tall_check_id = g_idle_add_full (G_PRIORITY_DEFAULT, check_tall_view, self, NULL);
}
