/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-table-page.c — the Table page: the open sessions and the one being played.
 *
 * A leaflet: the list of open sessions (tk_session_list_open) beside, or on narrow windows
 * before, the session view.  The sessions shown are the list's own TkSession objects, so
 * one session is never folded twice in memory.  New Session opens TkNewSessionDialog;
 * finishing a session shows the play in History.
 */
#define G_LOG_DOMAIN "tk-table-page"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-collection.h"
#include "tk-game.h"
#include "tk-new-session-dialog.h"
#include "tk-session-row.h"
#include "tk-session-turns.h"
#include "tk-table-page.h"

struct _TkTablePage
{
  AdwBin            parent_instance;

  TkStore          *store;
  GListModel       *sessions;
  GtkSingleSelection *selection;

  AdwToastOverlay  *toast_overlay;
  AdwLeaflet       *leaflet;
  GtkWidget        *list_pane;
  GtkStack         *list_stack;
  GtkListView      *list_view;
  GtkStack         *detail_stack;
  GtkWidget        *separator;
  TkSessionView    *session_view;
  AdwStatusPage    *empty_page;
  gboolean          selecting;   /* the page itself moves the highlight */
  gint64            session_ops;  /* count_session_ops () when last read */
};

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkTablePage, tk_table_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

/* ---- statics ---- */

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tk_table_page_reload (TK_TABLE_PAGE (widget));
}

/* How many session operations the fold holds (every one adds a head, a field or a loser),
 * to tell whether a sync changed a session.  Read from the small tables the fold keeps for
 * sessions, not by scanning every operation of the library. */
static gint64
count_session_ops (TkTablePage *self)
{
  return tk_store_query_int (self->store, "SELECT (SELECT count (*) FROM sync_heads)"
                                          " + (SELECT count (*) FROM sync_fields"
                                          "    WHERE type = 'session')"
                                          " + (SELECT count (*) FROM sync_losers"
                                          "    WHERE type = 'session')", 0, NULL);
}

static void
add_toast (TkTablePage *self,
           const char  *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

/* Each row is a TkSessionRow, which keeps its played time current itself. */
static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  gtk_list_item_set_child (item, tk_session_row_new ());
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  tk_session_row_set_session (TK_SESSION_ROW (gtk_list_item_get_child (item)),
                              gtk_list_item_get_item (item));
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  tk_session_row_set_session (TK_SESSION_ROW (gtk_list_item_get_child (item)), NULL);
}

static void on_session_finished  (TkTablePage *self,
                                  gint64       play_id);
static void on_session_abandoned (TkTablePage *self);

/* The session view is built the first time a session is shown. */
static TkSessionView *
ensure_session_view (TkTablePage *self)
{
  if (self->session_view != NULL)
    return self->session_view;

  self->session_view = TK_SESSION_VIEW (g_object_new (TK_TYPE_SESSION_VIEW, NULL));
  g_signal_connect_object (self->session_view, "finished", G_CALLBACK (on_session_finished),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session_view, "abandoned", G_CALLBACK (on_session_abandoned),
                           self, G_CONNECT_SWAPPED);
  gtk_stack_add_named (self->detail_stack, GTK_WIDGET (self->session_view), "session");
  tk_session_view_set_back_visible (self->session_view, adw_leaflet_get_folded (self->leaflet));
  return self->session_view;
}

static TkSession *
shown_session (TkTablePage *self)
{
  return self->session_view != NULL ? tk_session_view_get_session (self->session_view) : NULL;
}

static void update_list_stack (TkTablePage *self);
static void select_session (TkTablePage *self,
                            TkSession   *session);

static void
show_detail_full (TkTablePage *self,
                  TkSession   *session,
                  gboolean     navigate)
{
  if (session != NULL || self->session_view != NULL)
    tk_session_view_set_session (ensure_session_view (self), session);
  gtk_stack_set_visible_child_name (self->detail_stack, session != NULL ? "session" : "none");
  /* The highlight names the session shown, however it came to be shown. */
  select_session (self, session);
  update_list_stack (self);
  if (session != NULL && navigate)
    adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->detail_stack));
}

static void
show_detail (TkTablePage *self,
             TkSession   *session)
{
  show_detail_full (self, session, TRUE);
}

static void
update_list_stack (TkTablePage *self)
{
  guint n = self->sessions != NULL ? g_list_model_get_n_items (self->sessions) : 0;
  /* With no session at all, one empty state across the page (not a second one beside it
   * saying none is chosen). */
  gboolean alone = n == 0 &&
                   g_strcmp0 (gtk_stack_get_visible_child_name (self->detail_stack), "session") != 0;

  gtk_stack_set_visible_child_name (self->list_stack, n > 0 ? "list" : "empty");
  gtk_widget_set_visible (GTK_WIDGET (self->detail_stack), !alone);
  gtk_widget_set_visible (self->separator, !alone);
  gtk_widget_set_hexpand (self->list_pane, alone);
}

static void
select_session (TkTablePage *self,
                TkSession   *session)
{
  guint n = self->sessions != NULL ? g_list_model_get_n_items (self->sessions) : 0;
  guint position = GTK_INVALID_LIST_POSITION;

  if (self->selection == NULL)
    return;
  for (guint i = 0; session != NULL && i < n && position == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(TkSession) item = g_list_model_get_item (self->sessions, i);

      if (item == session)
        position = i;
    }
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
}

/* A list that activates on one click selects the row under the pointer, and the row the
 * keyboard focus moves to: the highlight then named another session than the one open.
 * Only showing a session moves it. */
static void
on_selection_changed (TkTablePage *self)
{
  TkSession *shown = shown_session (self);

  if (self->selecting ||
      gtk_single_selection_get_selected_item (self->selection) == (gpointer) shown)
    return;
  select_session (self, shown);
}

/* ---- callbacks ---- */

static void
on_activate (TkTablePage *self,
             guint        position)
{
  g_autoptr(TkSession) session = g_list_model_get_item (self->sessions, position);

  show_detail (self, session);
}

static void
on_folded_changed (TkTablePage *self)
{
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  if (self->session_view != NULL)
    tk_session_view_set_back_visible (self->session_view, folded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.show-list", folded);
}

static void
on_session_finished (TkTablePage *self,
                     gint64       play_id)
{
  g_autofree char *text = g_strdup_printf (_("“%s” is in the history"),
                                           tk_session_get_display_title (tk_session_view_get_session (self->session_view)));

  show_detail (self, NULL);
  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
  tk_table_page_reload (self);
  add_toast (self, text);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-page", "s", "history");
}

static void
on_session_abandoned (TkTablePage *self)
{
  show_detail (self, NULL);
  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
  tk_table_page_reload (self);
  add_toast (self, _("Session abandoned"));
}

static void
on_started (TkNewSessionDialog *dialog,
            TkSession          *session,
            gpointer            user_data)
{
  TkTablePage *self = TK_TABLE_PAGE (user_data);

  tk_table_page_reload (self);
  if (!tk_table_page_show_session (self, tk_session_get_id (session)))
    g_warning ("The new session %" PRId64 " is not among the open ones",
               tk_session_get_id (session));
  /* The keyboard goes on in the new session (the window gives it back to this widget when
   * the dialog closes), not on the page switcher or an empty pane. */
  else if (!gtk_widget_child_focus (GTK_WIDGET (self->session_view), GTK_DIR_TAB_FORWARD))
    gtk_widget_grab_focus (GTK_WIDGET (self->session_view));
}

/* ---- actions ---- */

static TkNewSessionDialog *
open_new_session (TkTablePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  TkNewSessionDialog *dialog;

  if (self->store == NULL)
    return NULL;
  dialog = tk_new_session_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store);
  g_signal_connect_object (dialog, "started", G_CALLBACK (on_started), self, 0);
  return dialog;
}

static void
new_session_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TkNewSessionDialog *dialog = open_new_session (TK_TABLE_PAGE (widget));

  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_list_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  TkTablePage *self = TK_TABLE_PAGE (widget);

  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
}

/* ---- overrides ---- */

static void
tk_table_page_dispose (GObject *object)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_TABLE_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->sessions);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tk_table_page_parent_class)->dispose (object);
}

static void
tk_table_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

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
tk_table_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_table_page_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_table_page_class_init (TkTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_table_page_dispose;
  object_class->get_property = tk_table_page_get_property;
  object_class->set_property = tk_table_page_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_SESSION_VIEW);
  /* Sessions fold through the registered engines. */
  tk_games_register_all ();

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, list_pane);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, list_view);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, separator);
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, empty_page);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_folded_changed);

  gtk_widget_class_install_action (widget_class, "table.new-session", NULL, new_session_action);
  gtk_widget_class_install_action (widget_class, "table.show-list", NULL, show_list_action);
  gtk_widget_class_install_action (widget_class, "table.reload", NULL, reload_action);
}

static void
tk_table_page_init (TkTablePage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);

  /* Ctrl+Shift+N while the page is shown (Ctrl+N is the Collection page's Add Game). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_N, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                                                          gtk_named_action_new ("table.new-session")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  on_folded_changed (self);
  update_list_stack (self);
}

/* ---- public API ---- */

GtkWidget *
tk_table_page_new (void)
{
  return g_object_new (TK_TYPE_TABLE_PAGE, NULL);
}

TkStore *
tk_table_page_get_store (TkTablePage *self)
{
  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), NULL);

  return self->store;
}

void
tk_table_page_set_store (TkTablePage *self,
                         TkStore     *store)
{
  g_return_if_fail (TK_IS_TABLE_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;
  show_detail (self, NULL);
  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
  tk_table_page_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

void
tk_table_page_reload (TkTablePage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) sessions = NULL;
  TkSession *shown;

  g_return_if_fail (TK_IS_TABLE_PAGE (self));

  shown = shown_session (self);
  if (self->store != NULL)
    {
      self->session_ops = count_session_ops (self);
      sessions = tk_session_list_open (self->store, &error);
      if (sessions == NULL)
        add_toast (self, error->message);
    }
  gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->selection);
  g_set_object (&self->sessions, sessions);
  if (sessions != NULL)
    {
      self->selection = gtk_single_selection_new (g_object_ref (sessions));
      gtk_single_selection_set_autoselect (self->selection, FALSE);
      gtk_single_selection_set_can_unselect (self->selection, TRUE);
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      g_signal_connect_object (self->selection, "selection-changed",
                               G_CALLBACK (on_selection_changed), self, G_CONNECT_SWAPPED);
      gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
    }

  /* Keep showing the same session, as the list's own object. */
  if (shown != NULL && !tk_table_page_show_session (self, tk_session_get_id (shown)))
    show_detail (self, NULL);
  /* Side by side, the newest session shows at once (folded, the list stays in front). */
  if (shown_session (self) == NULL && sessions != NULL &&
      g_list_model_get_n_items (sessions) > 0)
    {
      g_autoptr(TkSession) first = g_list_model_get_item (sessions, 0);

      select_session (self, first);
      show_detail_full (self, first, FALSE);
    }
  update_list_stack (self);
}

void
tk_table_page_reload_if_synced (TkTablePage *self)
{
  g_return_if_fail (TK_IS_TABLE_PAGE (self));

  if (self->store != NULL && count_session_ops (self) != self->session_ops)
    tk_table_page_reload (self);
}

GListModel *
tk_table_page_get_model (TkTablePage *self)
{
  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), NULL);

  return self->sessions;
}

gboolean
tk_table_page_show_session (TkTablePage *self,
                            gint64       id)
{
  guint n;

  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), FALSE);

  n = self->sessions != NULL ? g_list_model_get_n_items (self->sessions) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (self->sessions, i);

      if (tk_session_get_id (session) == id)
        {
          select_session (self, session);
          show_detail (self, session);
          return TRUE;
        }
    }
  return FALSE;
}

TkSessionView *
tk_table_page_get_session_view (TkTablePage *self)
{
  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), NULL);

  return ensure_session_view (self);
}

void
tk_table_page_new_session_for_game (TkTablePage *self,
                                    gint64       game_id)
{
  g_autoptr(TkCollection) collection = NULL;
  g_autoptr(TkGame) game = NULL;
  g_autoptr(GError) error = NULL;
  TkNewSessionDialog *dialog;

  g_return_if_fail (TK_IS_TABLE_PAGE (self));

  dialog = open_new_session (self);
  if (dialog == NULL)
    return;
  collection = tk_collection_new (self->store);
  game = tk_collection_get_game (collection, game_id, &error);
  if (game != NULL)
    tk_new_session_dialog_set_game (dialog, game_id, tk_game_get_display_title (game));
  else
    g_debug ("No game %" PRId64 " for a new session: %s", game_id, error->message);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * tk_table_page_close_sessions:
 * @self: a table page
 *
 * The window is closing: every open session writes its running turn and pauses its game
 * timer (time while the app is closed is not counted; both wait for a Resume).
 */
void
tk_table_page_close_sessions (TkTablePage *self)
{
  g_return_if_fail (TK_IS_TABLE_PAGE (self));

  if (self->sessions == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (self->sessions); i++)
    {
      g_autoptr(TkSession) session = g_list_model_get_item (self->sessions, i);
      g_autoptr(GError) error = NULL;

      if (!tk_session_turns_close (session, &error))
        g_warning ("Could not pause “%s” on closing: %s",
                   tk_session_get_display_title (session), error->message);
    }
}

/**
 * tk_table_page_pass_turn:
 * @self: a table page
 *
 * Space on the Table page: the shown session's next player (tk_session_view_pass_turn()).
 *
 * Returns: whether the turn was passed
 */
gboolean
tk_table_page_pass_turn (TkTablePage *self)
{
  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), FALSE);

  if (self->session_view == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->detail_stack), "session") != 0)
    return FALSE;
  return tk_session_view_pass_turn (self->session_view);
}
