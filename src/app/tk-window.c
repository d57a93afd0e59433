/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-window.c — the main window.
 *
 * A header bar holds the view switcher; on narrow windows the switcher moves to a bar at
 * the bottom (the libadwaita 1.2 AdwViewSwitcherTitle + AdwViewSwitcherBar pattern, bound
 * in the template).  The window remembers its size and the page shown last.
 *
 * Start-up cost: the template holds an empty slot (AdwBin) for each page, with the page's
 * title and icon on its AdwViewStackPage so the switcher is complete from the start.  A
 * page is built when it is first shown, and gets the library then, so the first frame
 * pays only for the visible page.
 */
#define G_LOG_DOMAIN "tk-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-collection-page.h"
#include "tk-deferred-menu.h"
#include "tk-discover-page.h"
#include "tk-history-page.h"
#include "tk-library-problem.h"
#include "tk-table-page.h"
#include "tk-window.h"
#include "tk-accessible.h"

struct _TkWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  TkStore              *store;

  AdwToastOverlay      *toast_overlay;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar   *switcher_bar;
  AdwViewStack         *stack;
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *primary_menu;
  AdwBin               *table_slot;
  AdwBin               *collection_slot;
  AdwBin               *history_slot;
  AdwBin               *discover_slot;

  /* Built only when a library cannot be opened: the one place that says why. */
  GtkWidget            *problem_page;
  /* Built only for a library opened read-only: says so above the pages. */
  GtkWidget            *read_only_note;

  /* Pages are built, and get the library, when first shown. */
  GtkWidget            *pages[4];           /* by page_names index; NULL until built */
  guint                 pages_with_store;   /* bit i: page_names[i] has self->store */
};

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkWindow, tk_window, ADW_TYPE_APPLICATION_WINDOW)

static GParamSpec *properties[N_PROPS];

/* In switcher order; the GSettings key last-page accepts exactly these. */
static const char *const page_names[] = { "table", "collection", "history", "discover" };

G_STATIC_ASSERT (G_N_ELEMENTS (page_names) == G_N_ELEMENTS (((TkWindow *) NULL)->pages));

/* Returns the index of @name in page_names, or -1. */
static int
page_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    if (g_strcmp0 (name, page_names[i]) == 0)
      return (int) i;
  return -1;
}

static gboolean
is_page_name (const char *name)
{
  return page_index (name) >= 0;
}

static void
save_window_state (TkWindow *self)
{
  int width = 0;
  int height = 0;

  /* The default size follows the window as it is resized, but not while maximized, so it
   * is the size to come back to. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
restore_window_state (TkWindow *self)
{
  g_autofree char *page = NULL;
  int width = g_settings_get_int (self->settings, "window-width");
  int height = g_settings_get_int (self->settings, "window-height");

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  page = g_settings_get_string (self->settings, "last-page");
  if (is_page_name (page))
    adw_view_stack_set_visible_child_name (self->stack, page);
}

static void
update_sensitivity (TkWindow *self)
{
  gboolean have_store = self->store != NULL;

  /* Without a library there is nothing to show: the pages stay put and greyed out. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->stack), have_store);
  gtk_widget_set_sensitive (GTK_WIDGET (self->switcher_title), have_store);
  gtk_widget_set_sensitive (GTK_WIDGET (self->switcher_bar), have_store);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-page", have_store);
}

/* Builds page @index into its slot if it is not there yet. */
static void
ensure_page (TkWindow *self,
             guint     index)
{
  AdwBin *slot;

  if (self->pages[index] != NULL)
    return;

  switch (index)
    {
    case 0:
      self->pages[index] = tk_table_page_new ();
      slot = self->table_slot;
      break;
    case 1:
      self->pages[index] = tk_collection_page_new ();
      slot = self->collection_slot;
      break;
    case 2:
      self->pages[index] = tk_history_page_new ();
      slot = self->history_slot;
      break;
    case 3:
      self->pages[index] = tk_discover_page_new ();
      slot = self->discover_slot;
      break;
    default:
      g_assert_not_reached ();
    }

  adw_bin_set_child (slot, self->pages[index]);
}

static void
page_set_store (TkWindow *self,
                guint     index,
                TkStore  *store)
{
  GtkWidget *page = self->pages[index];

  g_return_if_fail (page != NULL);

  switch (index)
    {
    case 0: tk_table_page_set_store (TK_TABLE_PAGE (page), store); break;
    case 1: tk_collection_page_set_store (TK_COLLECTION_PAGE (page), store); break;
    case 2: tk_history_page_set_store (TK_HISTORY_PAGE (page), store); break;
    case 3: tk_discover_page_set_store (TK_DISCOVER_PAGE (page), store); break;
    default: g_assert_not_reached ();
    }
}

/* Builds the visible page if it is not built yet, and hands it the library if it does not
 * have it yet. */
static void
prepare_visible_page (TkWindow *self)
{
  int index = page_index (adw_view_stack_get_visible_child_name (self->stack));

  if (index < 0)
    return;

  ensure_page (self, (guint) index);

  if (self->store != NULL && (self->pages_with_store & (1u << index)) == 0)
    {
      self->pages_with_store |= 1u << index;
      page_set_store (self, (guint) index, self->store);
    }
}

/* The bottom bar's buttons are built only once it is needed: when the header bar is too
 * narrow for the switcher (the template binds the bar's reveal to the same property). */
static void
on_title_visible_changed (TkWindow *self)
{
  if (adw_view_switcher_title_get_title_visible (self->switcher_title)
      && adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, self->stack);
}

static void
on_visible_child_name_changed (TkWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);

  prepare_visible_page (self);
  if (is_page_name (name))
    g_settings_set_string (self->settings, "last-page", name);
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkWindow *self = TK_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (!tk_window_set_visible_page_name (self, name))
    g_debug ("No page called “%s”", name);
}

/* "Play" on a game elsewhere (its details): the Table page with the game already chosen. */
static void
play_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkWindow *self = TK_WINDOW (widget);
  gint64 game_id = g_variant_get_int64 (parameter);

  tk_window_set_visible_page_name (self, "table");
  prepare_visible_page (self);
  if (self->pages[0] != NULL && self->store != NULL)
    tk_table_page_new_session_for_game (TK_TABLE_PAGE (self->pages[0]), game_id);
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static gboolean
on_key_pressed (TkWindow        *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  if (keyval != GDK_KEY_space || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  if (self->pages[0] == NULL ||
      g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "table") != 0)
    return FALSE;
  return tk_table_page_pass_turn (TK_TABLE_PAGE (self->pages[0]));
}

/* Space passes the turn at the table whatever has the focus (the page switcher, the list
 * of sessions, nothing), before the focused widget takes it as a click; a text field or a
 * menu keeps it (tk_session_view_pass_turn()). */
static void
add_turn_key (TkWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static gboolean
tk_window_close_request (GtkWindow *window)
{
  TkWindow *self = TK_WINDOW (window);

  save_window_state (self);
  /* A normal close (and quitting, which closes the window) keeps the running turns. */
  if (self->pages[0] != NULL)
    tk_table_page_close_sessions (TK_TABLE_PAGE (self->pages[0]));

  return GTK_WINDOW_CLASS (tk_window_parent_class)->close_request (window);
}

static void
tk_window_dispose (GObject *object)
{
  TkWindow *self = TK_WINDOW (object);

  /* The slots own the pages; forget them so nothing reaches a page being destroyed, and
   * build none while the stack goes. */
  if (self->stack != NULL)
    g_signal_handlers_disconnect_by_func (self->stack, on_visible_child_name_changed, self);
  if (self->switcher_title != NULL)
    g_signal_handlers_disconnect_by_func (self->switcher_title, on_title_visible_changed, self);
  memset (self->pages, 0, sizeof self->pages);
  self->pages_with_store = 0;

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_WINDOW);

  G_OBJECT_CLASS (tk_window_parent_class)->dispose (object);
}

static void
tk_window_finalize (GObject *object)
{
  TkWindow *self = TK_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tk_window_parent_class)->finalize (object);
}

static void
tk_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TkWindow *self = TK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TkWindow *self = TK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_window_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The shortcuts window is built on first use, not with every window. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);
  GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (window);

  if (shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE
                                                                     "/app/tk-shortcuts-window.ui");

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, shortcuts);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}

static void
tk_window_class_init (TkWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tk_window_dispose;
  object_class->finalize = tk_window_finalize;
  object_class->get_property = tk_window_get_property;
  object_class->set_property = tk_window_set_property;

  window_class->close_request = tk_window_close_request;

  /**
   * TkWindow:store:
   *
   * The open library, or %NULL while none could be opened.
   */
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/app/tk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, table_slot);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, collection_slot);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, history_slot);
  gtk_widget_class_bind_template_child (widget_class, TkWindow, discover_slot);

  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.play-game", "x", play_game_action);
  gtk_widget_class_install_action (widget_class, "win.show-shortcuts", NULL, show_shortcuts_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "win.close", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                           "win.show-page", "s", page_names[i]);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_CONTROL_MASK,
                                           "win.show-page", "s", page_names[i]);
    }
}

static void
tk_window_init (TkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_menu_button_defer_menu_model (self->primary_menu_button, self->primary_menu);

  self->settings = g_settings_new (APP_ID);
  restore_window_state (self);

  g_signal_connect_object (self->stack, "notify::visible-child-name",
                           G_CALLBACK (on_visible_child_name_changed), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect_object (self->switcher_title, "notify::title-visible",
                           G_CALLBACK (on_title_visible_changed), self,
                           G_CONNECT_SWAPPED);
  on_title_visible_changed (self);

  add_turn_key (self);

  /* Only the page shown first is built now; the others when they are first shown. */
  prepare_visible_page (self);
  update_sensitivity (self);
}

/**
 * tk_window_new:
 * @application: the application
 *
 * Returns: (transfer floating): a new main window without a library
 */
TkWindow *
tk_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (TK_TYPE_WINDOW, "application", application, NULL);
}

TkStore *
tk_window_get_store (TkWindow *self)
{
  g_return_val_if_fail (TK_IS_WINDOW (self), NULL);

  return self->store;
}

/* A library opened read-only says so above the pages for as long as it is open. */
static void
update_read_only_note (TkWindow *self)
{
  gboolean read_only = self->store != NULL && tk_store_is_read_only (self->store);

  if (read_only && self->read_only_note == NULL)
    {
      self->read_only_note = gtk_label_new (_("Read-only library: you can look through it and "
                                              "export from it, but not change it."));
      gtk_widget_set_name (self->read_only_note, "read-only-note");
      gtk_label_set_wrap (GTK_LABEL (self->read_only_note), TRUE);
      gtk_label_set_justify (GTK_LABEL (self->read_only_note), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (self->read_only_note, "tk-read-only-note");
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->stack))),
                                  self->read_only_note,
                                  gtk_widget_get_prev_sibling (GTK_WIDGET (self->stack)));
    }
  if (self->read_only_note != NULL)
    gtk_widget_set_visible (self->read_only_note, read_only);
}

/**
 * tk_window_set_store:
 * @self: a window
 * @store: (nullable): the library to show
 *
 * Hands the library to the pages: the visible one now, each other one when it is first
 * shown (and built).  Without a library, the pages are insensitive.
 */
void
tk_window_set_store (TkWindow *self,
                     TkStore  *store)
{
  g_return_if_fail (TK_IS_WINDOW (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;

  if (store != NULL)
    tk_window_show_library_problem (self, NULL, 0);
  update_read_only_note (self);

  /* Pages holding the previous library let go of it; the visible one gets the new one. */
  for (guint i = 0; i < G_N_ELEMENTS (page_names); i++)
    if (self->pages_with_store & (1u << i))
      page_set_store (self, i, NULL);
  self->pages_with_store = 0;
  prepare_visible_page (self);
  update_sensitivity (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

/**
 * tk_window_get_visible_page_name:
 * @self: a window
 *
 * Returns: the name of the page shown: "table", "collection", "history" or "discover"
 */
const char *
tk_window_get_visible_page_name (TkWindow *self)
{
  g_return_val_if_fail (TK_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->stack);
}

/**
 * tk_window_set_visible_page_name:
 * @self: a window
 * @name: "table", "collection", "history" or "discover"
 *
 * Returns: %FALSE if there is no page called @name (nothing changes then)
 */
gboolean
tk_window_set_visible_page_name (TkWindow   *self,
                                 const char *name)
{
  g_return_val_if_fail (TK_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!is_page_name (name))
    return FALSE;

  adw_view_stack_set_visible_child_name (self->stack, name);
  return TRUE;
}

/**
 * tk_window_get_switcher_bar_revealed:
 * @self: a window
 *
 * Returns: whether the page switcher sits in the bottom bar (narrow windows) rather than
 *   in the header bar
 */
gboolean
tk_window_get_switcher_bar_revealed (TkWindow *self)
{
  g_return_val_if_fail (TK_IS_WINDOW (self), FALSE);

  return adw_view_switcher_bar_get_reveal (self->switcher_bar);
}

/**
 * tk_window_add_toast:
 * @self: a window
 * @toast: (transfer full): the toast to show
 *
 * Shows @toast over the pages.  Its title is markup: escape any text from the library.
 */
void
tk_window_add_toast (TkWindow *self,
                     AdwToast *toast)
{
  g_return_if_fail (TK_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  tk_accessible_add_toast (self->toast_overlay, toast);
}

/**
 * tk_window_show_library_problem:
 * @self: a window
 * @error: (nullable): why the library could not be opened; %NULL hides the problem
 * @ways: the ways on to offer (app actions)
 *
 * In place of the greyed-out pages, shows why there is no library and the ways on.
 */
void
tk_window_show_library_problem (TkWindow     *self,
                                const GError *error,
                                TkLibraryWays ways)
{
  g_return_if_fail (TK_IS_WINDOW (self));

  if (error == NULL)
    {
      if (self->problem_page != NULL)
        gtk_widget_set_visible (self->problem_page, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->stack), TRUE);
      return;
    }

  if (self->problem_page == NULL)
    {
      self->problem_page = tk_library_problem_new ();
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->stack))),
                                  self->problem_page, GTK_WIDGET (self->stack));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->stack), FALSE);
  gtk_widget_set_visible (self->problem_page, TRUE);
  tk_library_problem_show (TK_LIBRARY_PROBLEM (self->problem_page), error, ways);
}

void
tk_window_reload_pages (TkWindow *self)
{
  g_return_if_fail (TK_IS_WINDOW (self));

  if (self->store == NULL)
    return;
  if (self->pages[2] != NULL && (self->pages_with_store & (1u << 2)) != 0)
    tk_history_page_reload (TK_HISTORY_PAGE (self->pages[2]));
  /* Open sessions sync too: the Table page shows what the other device did. */
  if (self->pages[0] != NULL && (self->pages_with_store & 1u) != 0)
    tk_table_page_reload_if_synced (TK_TABLE_PAGE (self->pages[0]));
}
