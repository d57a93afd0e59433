/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-branches.c — a session continued on two devices while apart, as the Table page shows
 * it: a sync brings the other device's actions, the page reads its sessions again, the
 * session shows "Continued on Phone and on Laptop — keep which?" with a button per branch;
 * pressing the branch not shown keeps it (the session's head, on this device and in the
 * operations for the other) and the bar goes.  At 360 px and wide; also in Japanese.
 *
 * The other device is a second library in this process; the carrier hands its operations
 * over (tk_sync_log_receive(), what a pass does with the folder's files). */
#define G_LOG_DOMAIN "test-branches"

#include "config.h"

#include <adwaita.h>

#include "tk-branch-bar.h"
#include "tk-ledger-branches.h"
#include "tk-rules.h"
#include "tk-session.h"
#include "tk-session-view.h"
#include "tk-sync-log.h"
#include "tk-table-page.h"
#include "tk-test-session.h"
#include "tk-test-utils.h"
#include "generic/tk-generic-rules.h"

static TkStore *
device_library (const char *path,
                const char *name)
{
  g_autoptr(GError) error = NULL;
  TkStore *store = path != NULL ? tk_store_open (path, &error) : tk_store_open_memory (&error);

  g_assert_no_error (error);
  g_assert_true (tk_sync_log_set_device_name (store, name, &error));
  g_assert_no_error (error);
  return store;
}

static void
deliver (TkStore *from,
         TkStore *to)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ops = tk_sync_log_all_ops (from, &error);

  g_assert_no_error (error);
  g_assert_true (tk_sync_log_receive (to, ops, NULL, &error));
  g_assert_no_error (error);
}

static TkSession *
load_by_uid (TkStore    *store,
             const char *uid)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT id FROM sessions WHERE uid = '%s'", uid);
  TkSession *session = tk_session_load (store, tk_store_query_int (store, sql, 0, NULL), &error);

  g_assert_no_error (error);
  return session;
}

static gboolean
is_keep_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && tk_test_has_name (widget, "keep-branch") &&
         gtk_widget_get_visible (widget) &&
         gtk_widget_has_css_class (widget, "suggested-action") == GPOINTER_TO_INT (data);
}

static void
test_keep_other_branch (gconstpointer data)
{
  int width = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tk-test-branches-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  g_autoptr(TkStore) phone = NULL;
  g_autoptr(TkStore) laptop = device_library (NULL, "Laptop");
  g_autoptr(JsonObject) setup = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GPtrArray) branches = NULL;
  g_autofree char *uid = NULL;
  g_autofree char *shot = NULL;
  TkTablePage *page;
  TkSessionView *view;
  TkBranchBar *bar;
  GtkWidget *window;
  GtkWidget *other;
  gint64 id;

  g_assert_no_error (error);
  phone = device_library (path, "Phone");
  node = json_from_string ("{\"players\":[{\"name\":\"Ana\"},{\"name\":\"Ben\"}],"
                           "\"win\":\"high\"}", &error);
  g_assert_no_error (error);
  setup = json_object_ref (json_node_get_object (node));
  {
    g_autoptr(TkSession) session = tk_session_start (phone, TK_GENERIC_RULES_ID, 0,
                                                     "Game night", setup, &error);

    g_assert_no_error (error);
    tk_test_apply_ok (session, "{\"type\":\"add_round\",\"scores\":[5,3]}");
    id = tk_session_get_id (session);
  }
  {
    g_autofree char *sql = g_strdup_printf ("SELECT uid FROM sessions WHERE id = %"
                                            G_GINT64_FORMAT, id);
    sqlite3_stmt *stmt = tk_store_prepare (phone, sql, &error);

    g_assert_no_error (error);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    uid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_reset (stmt);
  }
  deliver (phone, laptop);

  /* The page shows the session; the laptop goes on with it meanwhile. */
  page = TK_TABLE_PAGE (tk_table_page_new ());
  tk_table_page_set_store (page, phone);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), width, 720);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (page)));
  g_assert_true (tk_table_page_show_session (page, id));
  view = tk_table_page_get_session_view (page);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (view)));
  bar = TK_BRANCH_BAR (tk_test_find_descendant (GTK_WIDGET (view), TK_TYPE_BRANCH_BAR));
  g_assert_nonnull (bar);
  g_assert_false (tk_branch_bar_get_shown (bar));
  {
    g_autoptr(TkSession) on_laptop = load_by_uid (laptop, uid);

    tk_test_apply_ok (on_laptop, "{\"type\":\"add_round\",\"scores\":[9,0]}");
  }
  tk_test_apply_ok (tk_session_view_get_session (view),
                    "{\"type\":\"add_round\",\"scores\":[7,7]}");

  /* They meet: a pass reads the laptop's operations; the page reads its sessions again. */
  deliver (laptop, phone);
  deliver (phone, laptop);
  tk_table_page_reload_if_synced (page);
  tk_table_page_show_session (page, id);
  view = tk_table_page_get_session_view (page);
  WAIT_FOR (tk_branch_bar_get_shown (bar));
  WAIT_FOR ((other = tk_test_find_widget (GTK_WIDGET (bar), is_keep_button,
                                          GINT_TO_POINTER (FALSE))) != NULL &&
            gtk_widget_get_mapped (other));
  g_assert_nonnull (tk_test_find_widget (GTK_WIDGET (bar), is_keep_button,
                                         GINT_TO_POINTER (TRUE)));
  tk_test_settle ();
  shot = g_strdup_printf ("branches-%d-%s", width,
                          g_getenv ("LANGUAGE") != NULL ? g_getenv ("LANGUAGE") : "C");
  tk_test_save_shot (window, shot);
  {
    int minimum = 0;

    gtk_widget_measure (GTK_WIDGET (bar), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL,
                        NULL);
    g_assert_cmpint (minimum, <=, 360);
  }

  /* Keep the branch not shown: it is the session's now, and nothing is left to choose. */
  branches = tk_ledger_branches (phone, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (branches->len, ==, 2);
  g_assert_true (gtk_widget_activate (other));
  WAIT_FOR (!tk_branch_bar_get_shown (bar));
  {
    g_autoptr(GPtrArray) after = tk_ledger_branches (phone, id, &error);
    const TkLedgerBranch *kept = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (after->len, ==, 0);
    for (guint i = 0; i < branches->len; i++)
      if (!((TkLedgerBranch *) branches->pdata[i])->current)
        kept = branches->pdata[i];
    g_assert_nonnull (kept);
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM sessions WHERE id = %"
                                              G_GINT64_FORMAT " AND head = '%s'", id,
                                              kept->action_uid);

      g_assert_cmpint (tk_store_query_int (phone, sql, 0, NULL), ==, 1);
    }
  }
  g_assert_cmpint (tk_store_query_int (phone, "SELECT count(*) FROM sync_ops"
                                              " WHERE kind = 'ledger.head'", 0, NULL), >=, 1);
  /* The other device gets the choice too. */
  deliver (phone, laptop);
  {
    g_autoptr(GPtrArray) there = tk_ledger_branches (laptop, tk_store_query_int (laptop,
                                                     "SELECT id FROM sessions", 0, NULL),
                                                     &error);

    g_assert_no_error (error);
    g_assert_cmpuint (there->len, ==, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  tk_test_settle ();
  g_clear_object (&phone);
  tk_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  tk_games_register_all ();

  g_test_add_data_func ("/branches/keep-other/360", GINT_TO_POINTER (360), test_keep_other_branch);
  g_test_add_data_func ("/branches/keep-other/1000", GINT_TO_POINTER (1000), test_keep_other_branch);
  return tk_test_run ();
}
