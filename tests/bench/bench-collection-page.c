/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-collection-page.c — search as you type on the real Collection page, at 10,000 and
 * 100,000 games.
 *
 * Starts the app in-process on a generated library (tk-bench-library.c), on the Collection
 * page showing the collection, then types a word into the search entry letter by letter and
 * erases it again, pastes a word, sets and unsets a status chip while that word is kept,
 * and clears the entry.  Each change is timed from making it to the end of the first frame
 * painted after the page has handled it, in wall-clock time and in the process's CPU time
 * (which, on a shared machine, leaves out the time other programs had the processor); the
 * load average is printed with the figures.  The entry waits 150 ms after
 * a key on purpose (so that typing fast does not filter for every letter): that wait is set
 * to 0 here, so the figure is the page's own cost.  The floor is the same search done by
 * the SQL query alone (tk_collection_query_ids) on the same library.
 *
 * Usage: bench-collection-page [SIZES [RUNS]]   e.g. 10000,100000 5
 */
#include "config.h"

#include <time.h>

#include "tk-bench.h"
#include "tk-bench-library.h"
#include "tk-collection-page.h"
#include "tk-game-index.h"
#include "tk-test-utils.h"
#include "tk-window.h"

/* What a user types, letter by letter, then erases; and what is pasted at once. */
static const char *const word = "ticket";
static const char *const pasted = "harbour";

typedef struct
{
  gboolean armed;     /* the page handled the search: the next paint ends the sample */
  gint64   handled;   /* when it had */
  gint64   painted;   /* when that paint ended, 0 until then */
  double   cpu_ms;    /* the process's CPU time then */
} Sample;

/* CPU time of this process: on a shared machine the wall clock also counts the time other
 * programs had the processor, this does not. */
static double
cpu_now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void
on_search_handled (GtkSearchEntry *entry,
                   Sample         *sample)
{
  sample->armed = TRUE;
  sample->handled = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock,
                Sample        *sample)
{
  if (sample->armed && sample->painted == 0)
    {
      sample->painted = g_get_monotonic_time ();
      sample->cpu_ms = cpu_now_ms ();
    }
}

/* The wall-clock and CPU times of one kind of change. */
typedef struct
{
  GArray *wall;
  GArray *cpu;
} Samples;

#define SAMPLES_INIT { g_array_new (FALSE, FALSE, sizeof (double)), \
                       g_array_new (FALSE, FALSE, sizeof (double)) }

static void
samples_clear (Samples *samples)
{
  g_array_unref (samples->wall);
  g_array_unref (samples->cpu);
}

/* One change timed: from before it was made to the end of the next frame painted after
 * the page handled it. */
typedef struct
{
  gint64 t0;
  double cpu0;
  double ms;
  double handled_ms;
  double cpu_ms;
} Keystroke;

static void
key_done (Keystroke *key,
          Sample    *sample,
          Samples   *into,
          GArray    *all_cpu)
{
  double cpu;

  WAIT_FOR (sample->painted != 0);
  key->ms = (sample->painted - key->t0) / 1000.0;
  key->handled_ms = (sample->handled - key->t0) / 1000.0;
  cpu = key->cpu_ms = sample->cpu_ms - key->cpu0;
  g_array_append_val (into->wall, key->ms);
  g_array_append_val (into->cpu, cpu);
  if (all_cpu != NULL)
    g_array_append_val (all_cpu, cpu);
}

/* Key @k (from 1) of the word typed then erased, as keys do it: one letter inserted at the
 * end or deleted there (setting the whole text would empty the entry first, and an empty
 * entry searches at once). */
static void
press_key (GtkSearchEntry *entry,
           guint           k,
           Keystroke      *key,
           Sample         *sample)
{
  guint len = strlen (word);
  int at = k <= len ? (int) k - 1 : (int) (2 * len - k);

  key->cpu0 = cpu_now_ms ();
  key->t0 = g_get_monotonic_time ();
  *sample = (Sample) { 0 };
  if (k <= len)
    gtk_editable_insert_text (GTK_EDITABLE (entry), word + k - 1, 1, &at);
  else
    gtk_editable_delete_text (GTK_EDITABLE (entry), at, at + 1);
}

/* The machine's load when the figures were taken: they mean little without it. */
static char *
load_average (void)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return g_strdup ("unknown");
  fields = g_strsplit (text, " ", 4);
  return g_strv_length (fields) >= 3 ? g_strjoin (" ", fields[0], fields[1], fields[2], NULL)
                                     : g_strdup ("unknown");
}

static double
sql_floor_ms (TkCollectionPage *page,
              const char       *text)
{
  TkGameQuery query = { .search = text, .collection_only = TRUE };
  g_autoptr(GArray) ids = NULL;
  gint64 t0 = g_get_monotonic_time ();

  ids = tk_collection_query_ids (tk_collection_page_get_collection (page), &query, NULL);
  g_assert_nonnull (ids);
  return (g_get_monotonic_time () - t0) / 1000.0;
}

/* The index's own share: the same keys as queries of a TkGameIndex of the same library,
 * in the same order (a query keeps what it found for the next), CPU time of each. */
static void
index_alone (TkCollectionPage *page,
             int               runs,
             GArray           *cpu)
{
  g_autoptr(TkGameIndex) index = tk_game_index_new ();
  TkGameQuery query = { .collection_only = TRUE };
  g_autoptr(GArray) first = NULL;
  guint len = strlen (word);

  g_assert_true (tk_game_index_load (index, tk_collection_get_store (
    tk_collection_page_get_collection (page)), NULL));
  for (int r = 0; r < runs; r++)
    {
      /* As in each run on the page: a chip set and unset (the index forgets what it kept),
       * the entry cleared, then the word typed and erased. */
      query.search = NULL;
      query.statuses = TK_GAME_STATUS_OWNED;
      g_clear_pointer (&first, g_array_unref);
      first = tk_game_index_query (index, &query);
      query.statuses = 0;
      g_clear_pointer (&first, g_array_unref);
      first = tk_game_index_query (index, &query);
      for (guint k = 1; k <= 2 * len; k++)
        {
          g_autofree char *text = g_strndup (word, k <= len ? k : 2 * len - k);
          g_autoptr(GArray) result = NULL;
          double cpu0 = cpu_now_ms (), ms;

          query.search = text;
          result = tk_game_index_query (index, &query);
          ms = cpu_now_ms () - cpu0;
          g_array_append_val (cpu, ms);
        }
    }
}

static void
print_row (const char *what,
           GArray     *samples)
{
  double median = tk_bench_median (samples);

  g_print ("  %-34s median %7.2f ms  p10 %7.2f  p90 %7.2f  max %7.2f  (n=%u)\n", what, median,
           tk_bench_percentile (samples, 10), tk_bench_percentile (samples, 90),
           tk_bench_percentile (samples, 100), samples->len);
}

static void
bench_size (gint64 n_games,
            int    runs)
{
  TkTestFixture fixture = { 0 };
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floor = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) run_medians = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) handling = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) per_key = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) per_key_items = g_array_new (FALSE, TRUE, sizeof (guint));
  Samples typed = SAMPLES_INIT, erased = SAMPLES_INIT, pastes = SAMPLES_INIT;
  Samples chips = SAMPLES_INIT, clears = SAMPLES_INIT, scrolled = SAMPLES_INIT;
  GtkScrolledWindow *scroller;
  Sample sample = { 0 };
  g_autofree char *load = load_average ();
  GtkToggleButton *owned;
  GtkWindow *window;
  TkCollectionPage *page;
  GtkSearchEntry *entry;
  GdkFrameClock *clock;
  double median, floor_median;

  tk_test_fixture_set_up (&fixture, NULL);
  tk_bench_make_library (fixture.db_path, n_games);
  tk_test_start_app (&fixture);
  window = tk_application_get_main_window (fixture.app);
  g_assert_true (tk_window_set_visible_page_name (TK_WINDOW (window), "collection"));
  gtk_window_set_default_size (window, 1024, 700);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)));
  page = TK_COLLECTION_PAGE (tk_test_find_descendant (GTK_WIDGET (window),
                                                      TK_TYPE_COLLECTION_PAGE));
  WAIT_FOR (tk_collection_page_get_model (page) != NULL &&
            g_list_model_get_n_items (tk_collection_page_get_model (page)) > 0);
  /* The first screenful comes first; the keys are typed once every game is in. */
  WAIT_FOR (!tk_game_list_is_loading (TK_GAME_LIST (tk_collection_page_get_model (page))));
  tk_test_settle ();

  entry = GTK_SEARCH_ENTRY (tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY));
  gtk_search_entry_set_search_delay (entry, 0);
  g_signal_connect_after (entry, "search-changed", G_CALLBACK (on_search_handled), &sample);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &sample);

  g_print ("Collection page, %" G_GINT64_FORMAT " games in the library, %u in the collection;"
           " load average %s\n", n_games,
           g_list_model_get_n_items (tk_collection_page_get_model (page)), load);
  owned = GTK_TOGGLE_BUTTON (tk_test_find_button (GTK_WIDGET (page), "Owned"));
  g_signal_connect_after (owned, "toggled", G_CALLBACK (on_search_handled), &sample);
  for (int r = 0; r < runs; r++)
    {
      g_autoptr(GArray) this_run = g_array_new (FALSE, FALSE, sizeof (double));
      guint len = strlen (word);

      /* Typed letter by letter, then erased letter by letter. */
      for (guint k = 1; k <= 2 * len; k++)
        {
          g_autofree char *text = g_strndup (word, k <= len ? k : 2 * len - k);
          Keystroke key = { 0 };

          press_key (entry, k, &key, &sample);
          g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, text);
          key_done (&key, &sample, k <= len ? &typed : &erased, cpu);
          g_array_append_val (keys, key.ms);
          g_array_append_val (this_run, key.ms);
          if (per_key->len < k)
            g_ptr_array_add (per_key, g_array_new (FALSE, FALSE, sizeof (double)));
          g_array_append_val (g_ptr_array_index (per_key, k - 1), key.cpu_ms);
          g_array_set_size (per_key_items, MAX (per_key_items->len, k));
          g_array_index (per_key_items, guint, k - 1) =
            g_list_model_get_n_items (tk_collection_page_get_model (page));
          g_array_append_val (handling, key.handled_ms);

          key.ms = sql_floor_ms (page, text);
          g_array_append_val (floor, key.ms);
        }
      median = tk_bench_median (this_run);
      g_array_append_val (run_medians, median);

      /* A word pasted at once, a status chip set and unset while it is kept (every game
       * is tested again), then the entry cleared. */
      for (guint k = 0; k < 4; k++)
        {
          Keystroke key = { 0 };
          int at = 0;

          key.cpu0 = cpu_now_ms ();
          key.t0 = g_get_monotonic_time ();
          sample = (Sample) { 0 };
          if (k == 0)
            gtk_editable_insert_text (GTK_EDITABLE (entry), pasted, -1, &at);
          else if (k < 3)
            gtk_toggle_button_set_active (owned, k == 1);
          else
            gtk_editable_delete_text (GTK_EDITABLE (entry), 0, -1);
          key_done (&key, &sample, k == 0 ? &pastes : k < 3 ? &chips : &clears, NULL);
        }
    }

  /* The same word typed and erased with the list scrolled halfway down first: the rows
   * GTK tracks are then far from the top, inside the changes announced further down. */
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (
    tk_test_find_descendant (GTK_WIDGET (page), GTK_TYPE_GRID_VIEW), GTK_TYPE_SCROLLED_WINDOW));
  for (int r = 0; r < runs; r++)
    {
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);
      guint len = strlen (word);

      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) / 2);
      tk_test_settle ();
      for (guint k = 1; k <= 2 * len; k++)
        {
          Keystroke key = { 0 };

          press_key (entry, k, &key, &sample);
          key_done (&key, &sample, &scrolled, NULL);
        }
    }

  /* The frame alone: the same window redrawn with nothing changed, as often. */
  {
    g_autoptr(GArray) frames = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GArray) frames_cpu = g_array_new (FALSE, FALSE, sizeof (double));

    for (guint k = 0; k < keys->len; k++)
      {
        gint64 t0;
        double ms, cpu0;

        sample = (Sample) { .armed = TRUE };
        t0 = g_get_monotonic_time ();
        cpu0 = cpu_now_ms ();
        gtk_widget_queue_draw (GTK_WIDGET (window));
        WAIT_FOR (sample.painted != 0);
        ms = (sample.painted - t0) / 1000.0;
        g_array_append_val (frames, ms);
        ms = sample.cpu_ms - cpu0;
        g_array_append_val (frames_cpu, ms);
      }
    print_row ("a frame with nothing changed", frames);
    print_row ("CPU time of that frame", frames_cpu);
  }

  median = tk_bench_median (keys);
  floor_median = tk_bench_median (floor);
  print_row ("keystroke to the next frame", keys);
  print_row ("of which the list's update", handling);
  print_row ("CPU time of the same keystrokes", cpu);
  print_row ("  a letter typed (CPU)", typed.cpu);
  print_row ("  a letter erased (CPU)", erased.cpu);
  print_row ("same, list scrolled halfway, frame", scrolled.wall);
  print_row ("  its CPU time", scrolled.cpu);
  print_row ("word pasted to the next frame", pastes.wall);
  print_row ("  its CPU time", pastes.cpu);
  print_row ("status chip set/unset, next frame", chips.wall);
  print_row ("  its CPU time", chips.cpu);
  print_row ("entry cleared to the next frame", clears.wall);
  print_row ("  its CPU time", clears.cpu);
  print_row ("floor: the SQL query alone", floor);
  {
    g_autoptr(GArray) index_cpu = g_array_new (FALSE, FALSE, sizeof (double));

    index_alone (page, runs, index_cpu);
    print_row ("the index's query alone (CPU)", index_cpu);
  }
  g_print ("  CPU time (median) of each key (games shown after it):");
  for (guint k = 0; k < per_key->len; k++)
    {
      guint len = strlen (word);
      g_autofree char *text = g_strndup (word, k < len ? k + 1 : 2 * len - k - 1);

      g_print ("%s \"%s\" %.1f ms (%u)", k % 4 == 0 ? "\n   " : ",", text,
               tk_bench_median (g_ptr_array_index (per_key, k)),
               g_array_index (per_key_items, guint, k));
    }
  g_print ("\n");
  g_print ("  ratio page / SQL %.2f; median of each of %d runs from %.2f to %.2f ms;"
           " goal < %d ms: %s\n", median / floor_median, runs,
           tk_bench_percentile (run_medians, 0), tk_bench_percentile (run_medians, 100),
           n_games >= 100000 ? 50 : 16, median < (n_games >= 100000 ? 50 : 16) ? "PASS" : "MISS");
  g_free (load);
  load = load_average ();
  g_print ("  load average at the end %s\n", load);

  g_signal_handlers_disconnect_by_func (clock, on_after_paint, &sample);
  samples_clear (&typed);
  samples_clear (&erased);
  samples_clear (&pastes);
  samples_clear (&chips);
  samples_clear (&clears);
  samples_clear (&scrolled);
  tk_test_fixture_tear_down (&fixture, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_auto(GStrv) sizes = NULL;
  int runs;

  tk_test_init (&argc, &argv);
  sizes = g_strsplit (argc > 1 ? argv[1] : "10000,100000", ",", -1);
  runs = argc > 2 ? atoi (argv[2]) : 5;
  for (guint i = 0; sizes[i] != NULL; i++)
    bench_size (g_ascii_strtoll (sizes[i], NULL, 10), MAX (runs, 1));
  tk_test_remove_tree (g_getenv ("XDG_DATA_HOME"));
  return 0;
}
