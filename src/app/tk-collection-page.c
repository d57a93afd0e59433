/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-page.c — the Collection page.
 *
 * A list of games (TkGameList, read lazily) with search as you type, status chips, a
 * players/time filter and a sort menu, beside (or, on narrow windows, in front of) the
 * details of the game chosen.  The menu adds a game by hand, picks one at random
 * ("What can we play?"), opens the friends' lists (tk-friends-window.c), imports a
 * BoardGameGeek CSV export (in a worker thread, with progress) and exports the collection
 * as CSV, Tablekeeper JSON or one HTML page.
 *
 * On a fresh library the bundled catalog is loaded (off the main thread) and shown, with a
 * hint on how to start a collection.
 *
 * The list is a one-column GtkGridView, not a GtkListView: GTK 4.8's list view keeps up to
 * 200 rows built, bound, styled and measured around what is shown, whatever the window's
 * height; the grid view keeps the rows it shows and a few more (about 33).  Each keystroke
 * that brings new games into view builds and measures that many rows.  That is also its
 * limit: it builds rows for 30 rows' height (GTK_GRID_VIEW_MAX_VISIBLE_ROWS times
 * max-columns) and stretches them to fill a taller window, so in a window taller than
 * about 28 rows the list is shown by a list view instead (tall_view, built then).
 *
 * This part: the object, the filters, the template's callbacks and the public API; the
 * others are listed in tk-collection-page-private.h.
 */
#define G_LOG_DOMAIN "tk-collection-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-accessible.h"
#include "tk-bgg-csv.h"
#include "tk-catalog.h"
#include "tk-collection-details.h"
#include "tk-collection-page-private.h"
#include "tk-collection-game-dialog.h"
#include "tk-collection-page.h"
#include "tk-collection-pick-dialog.h"
#include "tk-collection-row.h"
#include "tk-deferred-menu.h"
#include "tk-friends-window.h"
#include "tk-wrap-layout.h"

enum
{
  PROP_0,
  PROP_STORE,
  PROP_SORT,
  PROP_SORT_DESCENDING,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkCollectionPage, tk_collection_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];


static const char *const sort_names[] = {
  "title", "year", "players", "time", "weight", "rating", "plays", "last-played",
};

/* ---- statics ---- */

void
_tk_collection_page_add_toast (TkCollectionPage *self,
                               const char       *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

void
_tk_collection_page_show_error_dialog (TkCollectionPage *self,
                                       const char       *heading,
                                       const char       *body)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   heading, NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* What an import did, in a dialog (the body is plain text: titles come from the file):
 * how many games were new, updated and matched, and the titles that could stand for more
 * than one game. */
void
_tk_collection_page_show_import_summary (TkCollectionPage      *self,
                                         const char            *heading,
                                         const TkImportSummary *summary)
{
  g_autofree char *described = tk_import_summary_describe (summary);
  g_autoptr(GString) body = g_string_new (described);
  GPtrArray *titles = summary->ambiguous;
  guint shown = titles != NULL ? MIN (titles->len, 20) : 0;

  if (titles == NULL)
    {
      _tk_collection_page_show_error_dialog (self, heading, body->str);
      return;
    }
  g_string_append (body, "\n\n");
  g_string_append (body, _("Check these games: each title or BGG id stands for more than one game "
                         "in the file or in the library:"));
  for (guint i = 0; i < shown; i++)
    g_string_append_printf (body, "\n• %s", (const char *) g_ptr_array_index (titles, i));
  if (titles->len > shown)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, ngettext ("and %u more", "and %u more", titles->len - shown),
                              titles->len - shown);
    }
  _tk_collection_page_show_error_dialog (self, heading, body->str);
}

GtkWindow *
_tk_collection_page_get_parent_window (TkCollectionPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static gboolean
collection_is_empty (TkCollectionPage *self)
{
  if (self->collection == NULL)
    return TRUE;
  return tk_store_query_int (tk_collection_get_store (self->collection),
                             "SELECT NOT EXISTS (SELECT 1 FROM collection)", 1, NULL) != 0;
}

static gboolean
filters_active (TkCollectionPage *self)
{
  const TkGameQuery *query;

  if (self->games == NULL)
    return FALSE;
  query = tk_game_list_get_query (self->games);
  return (query->search != NULL && *query->search != '\0') || query->statuses != 0 ||
         query->players != 0 || query->max_minutes != 0;
}

/* Shows the list or one of its other states (@name is a stack page name), building that
 * state's status page from tk-collection-page-states.ui on first use. */
static void
show_list_state (TkCollectionPage *self,
                 const char       *name)
{
  static const struct { const char *name; const char *object_id; } states[] = {
    { "no-results", "no_results_page" },
    { "empty", "empty_page" },
    { "loading", "loading_page" },
  };

  if (gtk_stack_get_child_by_name (self->list_stack, name) == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (states); i++)
      if (strcmp (states[i].name, name) == 0)
        {
          g_autoptr(GtkBuilder) builder = gtk_builder_new ();
          g_autoptr(GError) error = NULL;
          const char *ids[] = { states[i].object_id, NULL };

          /* The file is in the app's own resources: failing here is a build error. */
          if (!gtk_builder_add_objects_from_resource (builder,
                                                      RESOURCE_BASE "/app/tk-collection-page-states.ui",
                                                      ids, &error))
            g_error ("%s", error->message);
          gtk_stack_add_named (self->list_stack,
                               GTK_WIDGET (gtk_builder_get_object (builder, ids[0])), name);
        }
  gtk_stack_set_visible_child_name (self->list_stack, name);
}

void
_tk_collection_page_update_list_stack (TkCollectionPage *self)
{
  guint n;

  if (self->loading)
    {
      show_list_state (self, "loading");
      return;
    }

  n = self->games != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->games)) : 0;
  if (n > 0)
    show_list_state (self, "list");
  else if (filters_active (self))
    show_list_state (self, "no-results");
  else
    show_list_state (self, "empty");

  if (gtk_widget_get_visible (GTK_WIDGET (self->filter_button)))
    {
      const TkGameQuery *query = self->games != NULL ? tk_game_list_get_query (self->games) : NULL;

      if (query != NULL && (query->players != 0 || query->max_minutes != 0))
        gtk_widget_add_css_class (GTK_WIDGET (self->filter_button), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->filter_button), "accent");
    }
}

void
_tk_collection_page_update_hint (TkCollectionPage *self)
{
  /* It says "here are all the games": shown over the catalog only (under "Mine" the empty
   * state says what to do). */
  gtk_revealer_set_reveal_child (self->hint_revealer,
                                 self->collection != NULL && !self->loading &&
                                 gtk_toggle_button_get_active (self->all_toggle) &&
                                 collection_is_empty (self));
}

TkGameStatus
_tk_collection_page_chip_statuses (TkCollectionPage *self)
{
  TkGameStatus statuses = 0;

  if (gtk_toggle_button_get_active (self->owned_toggle))
    statuses |= TK_GAME_STATUS_OWNED;
  if (gtk_toggle_button_get_active (self->want_toggle))
    statuses |= TK_GAME_STATUS_WANT_TO_PLAY;
  if (gtk_toggle_button_get_active (self->played_toggle))
    statuses |= TK_GAME_STATUS_PLAYED;
  if (gtk_toggle_button_get_active (self->favourite_toggle))
    statuses |= TK_GAME_STATUS_FAVOURITE;
  return statuses;
}

/* Every filter of the UI and the order, as a query (@query->search: the entry's text). */
static void
read_filters (TkCollectionPage *self,
              TkGameQuery      *query)
{
  guint players = (guint) gtk_spin_button_get_value_as_int (self->players_spin);

  *query = (TkGameQuery) { 0 };
  query->search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  query->collection_only = gtk_toggle_button_get_active (self->mine_toggle);
  query->statuses = _tk_collection_page_chip_statuses (self);
  query->players = players;
  query->best_at = players > 0 && gtk_check_button_get_active (self->best_check);
  query->max_minutes = (guint) gtk_spin_button_get_value_as_int (self->minutes_spin);
  query->sort = self->sort;
  query->descending = self->descending;
}

/* Puts every filter of the UI and the order into the list's query, in one refresh. */
void
_tk_collection_page_apply_filters (TkCollectionPage *self)
{
  TkGameQuery query;

  if (self->games == NULL)
    return;
  read_filters (self, &query);
  tk_game_list_set_query (self->games, &query);
}

gint64
_tk_collection_page_shown_game_id (TkCollectionPage *self)
{
  return self->details != NULL ? tk_collection_details_get_game_id (self->details) : 0;
}

/* The details pane is built when a game is first shown: with its fifteen rows, entries and
 * switches it cost the first frame of the page a sixth of its instructions (building,
 * styling and measuring it), for a pane that says "No Game Selected".  The template holds
 * a light stand-in that looks the same until then. */
static void
ensure_details (TkCollectionPage *self)
{
  if (self->details != NULL)
    return;
  self->details = TK_COLLECTION_DETAILS (tk_collection_details_new ());
  tk_collection_details_set_collection (self->details, self->collection);
  tk_collection_details_set_show_back (self->details, adw_leaflet_get_folded (self->leaflet));
  adw_bin_set_child (self->details_slot, GTK_WIDGET (self->details));
}

void
_tk_collection_page_update_game_actions (TkCollectionPage *self)
{
  gboolean have_game = _tk_collection_page_shown_game_id (self) != 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.edit-game", have_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.delete-game", have_game);
}

static void
navigate_to_details (TkCollectionPage *self)
{
  adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->details_slot));
}


/* ---- callbacks ---- */

static void
on_items_changed (TkCollectionPage *self)
{
  _tk_collection_page_update_list_stack (self);
}

static void
on_collection_changed (TkCollectionPage *self)
{
  _tk_collection_page_update_hint (self);
}

static void
on_search_changed (TkCollectionPage *self)
{
  if (self->games != NULL)
    tk_game_list_set_search (self->games,
                             gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_stop_search (TkCollectionPage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
on_scope_toggled (TkCollectionPage *self)
{
  if (self->games != NULL)
    tk_game_list_set_collection_only (self->games,
                                      gtk_toggle_button_get_active (self->mine_toggle));
  _tk_collection_page_update_hint (self);
}

static void
on_chip_toggled (TkCollectionPage *self)
{
  if (self->games != NULL)
    tk_game_list_set_statuses (self->games, _tk_collection_page_chip_statuses (self));
}

static void
on_players_changed (TkCollectionPage *self)
{
  guint players = (guint) gtk_spin_button_get_value_as_int (self->players_spin);

  gtk_widget_set_sensitive (GTK_WIDGET (self->best_check), players > 0);
  if (self->games != NULL)
    tk_game_list_set_players (self->games, players,
                              players > 0 && gtk_check_button_get_active (self->best_check));
}

static void
on_minutes_changed (TkCollectionPage *self)
{
  if (self->games != NULL)
    tk_game_list_set_max_minutes (self->games,
                                  (guint) gtk_spin_button_get_value_as_int (self->minutes_spin));
}

static gboolean
on_any_output (GtkSpinButton *spin)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;

  /* Translators: a filter left at "no limit". */
  text = value == 0 ? g_strdup (C_("filter", "Any")) : g_strdup_printf ("%d", value);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_any_input (GtkSpinButton *spin,
              double        *new_value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 value = g_ascii_strtoll (text, &end, 10);

  *new_value = end == text ? 0 : MAX (value, 0);
  return TRUE;
}

void
_tk_collection_page_on_activate (GtkWidget        *list_view,
                                 guint             position,
                                 TkCollectionPage *self)
{
  g_autoptr(TkGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), position);

  if (game != NULL)
    tk_collection_page_show_game (self, tk_game_get_id (game));
}

static void
on_folded_changed (TkCollectionPage *self)
{
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  if (self->details != NULL)
    tk_collection_details_set_show_back (self->details, folded);
  /* One pane at a time: without a game the list is the one to show. */
  if (folded && _tk_collection_page_shown_game_id (self) == 0)
    adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
}

/* ---- overrides ---- */

static void
tk_collection_page_dispose (GObject *object)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  _tk_collection_page_set_view_model (self, NULL);
  g_clear_handle_id (&self->tall_check_id, g_source_remove);

  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_COLLECTION_PAGE);
  self->details = NULL;   /* it was in the template's tree */
  g_clear_object (&self->tall_view);
  g_clear_object (&self->grid_view);
  g_clear_object (&self->selection);
  g_clear_object (&self->games);
  g_clear_object (&self->collection);
  g_clear_object (&self->store);
  g_clear_object (&self->deleted);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->export_format, g_free);

  G_OBJECT_CLASS (tk_collection_page_parent_class)->dispose (object);
}

static void
tk_collection_page_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_SORT:
      g_value_set_string (value, sort_names[self->sort]);
      break;

    case PROP_SORT_DESCENDING:
      g_value_set_boolean (value, self->descending);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_collection_page_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TkCollectionPage *self = TK_COLLECTION_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_collection_page_set_store (self, g_value_get_object (value));
      break;

    case PROP_SORT:
      {
        TkGameSort sort;

        if (!tk_game_sort_from_string (g_value_get_string (value), &sort) || sort == self->sort)
          break;
        self->sort = sort;
        if (self->games != NULL)
          tk_game_list_set_sort (self->games, self->sort, self->descending);
        g_object_notify_by_pspec (object, pspec);
      }
      break;

    case PROP_SORT_DESCENDING:
      if (self->descending == g_value_get_boolean (value))
        break;
      self->descending = g_value_get_boolean (value);
      if (self->games != NULL)
        tk_game_list_set_sort (self->games, self->sort, self->descending);
      g_object_notify_by_pspec (object, pspec);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_collection_page_class_init (TkCollectionPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_collection_page_dispose;
  object_class->get_property = tk_collection_page_get_property;
  object_class->set_property = tk_collection_page_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The order of the list, as a name tk_game_sort_from_string() knows (for the menu). */
  properties[PROP_SORT] =
    g_param_spec_string ("sort", NULL, NULL, "title",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SORT_DESCENDING] =
    g_param_spec_boolean ("sort-descending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);


  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-collection-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, list_pane);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, filter_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, players_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, best_check);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, chip_box);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, mine_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, all_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, owned_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, want_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, played_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, favourite_toggle);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, hint_revealer);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, list_scroller);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, sort_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, sort_menu);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, collection_menu_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, collection_menu);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPage, details_slot);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_search);
  gtk_widget_class_bind_template_callback (widget_class, on_scope_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_chip_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_players_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_minutes_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_any_output);
  gtk_widget_class_bind_template_callback (widget_class, on_any_input);
  gtk_widget_class_bind_template_callback (widget_class, _tk_collection_page_on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_folded_changed);

  _tk_collection_page_class_actions_init (klass);
}

static void
tk_collection_page_init (TkCollectionPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  tk_menu_button_defer_menu_model (self->sort_button, self->sort_menu);
  tk_menu_button_defer_menu_model (self->collection_menu_button, self->collection_menu);
  gtk_widget_set_layout_manager (self->chip_box, tk_wrap_layout_new (6, 6));

  self->cancellable = g_cancellable_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (_tk_collection_page_setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (_tk_collection_page_bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (_tk_collection_page_unbind_row), NULL);
  gtk_grid_view_set_factory (self->list_view, factory);
  /* gtk_adjustment_configure() tells "changed", not each property. */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->list_scroller),
                           "changed", G_CALLBACK (_tk_collection_page_on_list_height_changed), self,
                           G_CONNECT_SWAPPED);

  /* Ctrl+F and Ctrl+N work wherever the focus is while the page is shown, not only
   * inside it (the page is unmapped, and so deaf, while another page is shown). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("collection.search")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_n, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("collection.add-game")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self->list_pane));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.undo-delete", FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->best_check), FALSE);
  on_folded_changed (self);
  _tk_collection_page_update_game_actions (self);
  _tk_collection_page_update_list_stack (self);
}

/* ---- public API ---- */

GtkWidget *
tk_collection_page_new (void)
{
  return g_object_new (TK_TYPE_COLLECTION_PAGE, NULL);
}

TkStore *
tk_collection_page_get_store (TkCollectionPage *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_PAGE (self), NULL);

  return self->store;
}

/**
 * tk_collection_page_set_store:
 * @self: the page
 * @store: (nullable): the library
 *
 * Shows the games of @store.  A library without the bundled catalog gets it first, in a
 * worker thread (synchronously for an in-memory library, which has no second connection).
 */
void
tk_collection_page_set_store (TkCollectionPage *self,
                              TkStore          *store)
{
  g_return_if_fail (TK_IS_COLLECTION_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;

  _tk_collection_page_set_view_model (self, NULL);
  if (self->details != NULL)
    tk_collection_details_set_collection (self->details, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->games);
  g_clear_object (&self->collection);
  g_clear_object (&self->deleted);
  self->loading = FALSE;

  if (store != NULL)
    {
      gboolean need_catalog = tk_catalog_get_loaded_version (store) < tk_catalog_get_bundled_version ();

      self->collection = tk_collection_new (store);
      g_signal_connect_object (self->collection, "changed", G_CALLBACK (on_collection_changed),
                               self, G_CONNECT_SWAPPED);
      /* The application loads the catalog as soon as the library opens; this joins that
       * load (or starts it, for a page given a library some other way). */
      if (need_catalog)
        {
          self->loading = TRUE;
          tk_catalog_ensure_async (store, self->cancellable, _tk_collection_page_catalog_loaded_cb,
                                   g_object_ref (self));
        }

      /* A fresh library opens on the catalog, with a hint; one with games on the collection.
       * The chips are set before the list exists, so that it is filtered once. */
      if (self->loading || collection_is_empty (self))
        gtk_toggle_button_set_active (self->all_toggle, TRUE);
      else
        gtk_toggle_button_set_active (self->mine_toggle, TRUE);

      /* The first screenful comes from one short query, so that the first frame does not
       * wait for the index of every game, which is read in a worker meanwhile. */
      {
        TkGameQuery query;

        read_filters (self, &query);
        self->games = tk_game_list_new_deferred (self->collection, &query,
                                                 _tk_collection_page_first_games (self));
        _tk_collection_page_load_rest_after_frame (self);
      }
      g_signal_connect_object (self->games, "items-changed", G_CALLBACK (on_items_changed),
                               self, G_CONNECT_SWAPPED);
      self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->games)));
      gtk_single_selection_set_autoselect (self->selection, FALSE);
      gtk_single_selection_set_can_unselect (self->selection, TRUE);
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      _tk_collection_page_set_view_model (self, GTK_SELECTION_MODEL (self->selection));
      if (self->details != NULL)
        tk_collection_details_set_collection (self->details, self->collection);
    }

  _tk_collection_page_update_game_actions (self);
  _tk_collection_page_update_hint (self);
  _tk_collection_page_update_list_stack (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

TkCollection *
tk_collection_page_get_collection (TkCollectionPage *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_PAGE (self), NULL);

  return self->collection;
}

GListModel *
tk_collection_page_get_model (TkCollectionPage *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_PAGE (self), NULL);

  return self->games != NULL ? G_LIST_MODEL (self->games) : NULL;
}

void
tk_collection_page_show_game (TkCollectionPage *self,
                              gint64            game_id)
{
  g_return_if_fail (TK_IS_COLLECTION_PAGE (self));

  if (game_id != 0)
    ensure_details (self);
  if (self->details != NULL)
    tk_collection_details_set_game_id (self->details, game_id);
  _tk_collection_page_update_game_actions (self);
  if (game_id != 0)
    navigate_to_details (self);
}

gint64
tk_collection_page_get_shown_game (TkCollectionPage *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_PAGE (self), 0);

  return _tk_collection_page_shown_game_id (self);
}

void
tk_collection_page_import_file (TkCollectionPage *self,
                                GFile            *file)
{
  g_return_if_fail (TK_IS_COLLECTION_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (self->collection != NULL);

  _tk_collection_page_import_file (self, file);
}
