/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bare-window.c — the yardstick for start-up: an AdwApplicationWindow and nothing else.
 *
 * Built in the same tree with the same flags as Tablekeeper, it reports its first frame
 * the same way (TK_BENCH_T0_US), so the ratio between the two measures our own cost.
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>

static void
on_after_paint (GdkFrameClock *clock,
                GtkWindow     *window)
{
  gint64 t0 = g_ascii_strtoll (g_getenv ("TK_BENCH_T0_US"), NULL, 10);

  g_signal_handlers_disconnect_by_func (clock, on_after_paint, window);
  printf ("first-frame-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time () - t0);
  fflush (stdout);
  g_application_quit (G_APPLICATION (gtk_window_get_application (window)));
}

static void
on_map (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), window);
}

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  gtk_window_set_title (GTK_WINDOW (window), "Bare");
  if (g_getenv ("TK_BENCH_T0_US") != NULL)
    g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.tablekeeper.BareWindow",
                                                       G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
