/* test-panel-metropolis.c — the Foundations of Metropolis panel in a session view, driven as a player would. */
#include "config.h"

#include <adwaita.h>

#include "tk-game-panel.h"
#include "panels/metropolis/tk-metropolis-panel.h"
#include "tk-session-view.h"
#include "tk-test-utils.h"

typedef struct
{
  char       *dir;
  TkStore    *store;
  TkSession  *session;
  GtkWindow  *window;
  GtkWidget  *view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const TkRules *rules;
  g_autoptr(JsonObject) setup = NULL;

  f->dir = g_dir_make_tmp ("tk-panel-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "library.db", NULL);
  f->store = tk_store_open (path, &error);
  g_assert_no_error (error);
  tk_games_register_all ();
  rules = tk_rules_lookup ("metropolis");
  g_assert_nonnull (rules);
  setup = rules->default_setup (3);
  f->session = tk_session_start (f->store, rules->id, 0, "Foundations of Metropolis", setup, &error);
  g_assert_no_error (error);

  f->view = tk_session_view_new ();
  tk_session_view_set_session (TK_SESSION_VIEW (f->view), f->session);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, 1000, 800);
  adw_window_set_content (ADW_WINDOW (f->window), f->view);
  gtk_window_present (f->window);
  tk_test_settle ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (f->window);
  tk_test_settle ();
  g_clear_object (&f->session);
  g_clear_object (&f->store);
  tk_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* The session view shows the game's own panel, not the generic score pad. */
static void
test_panel_shown (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *panel = tk_test_find_descendant (f->view, TK_TYPE_METROPOLIS_PANEL);

  g_assert_nonnull (panel);
  g_assert_true (gtk_widget_get_mapped (panel));
}

int
main (int   argc,
      char *argv[])
{
  tk_test_init (&argc, &argv);
  g_test_add ("/panel/metropolis/shown", Fixture, NULL, fixture_set_up, test_panel_shown,
              fixture_tear_down);
  return tk_test_run ();
}
