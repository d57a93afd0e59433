/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-discover-page.c — the Discover page: games to try next, each with its reason.
 *
 * Suggestions are computed by tk-discover.c on a worker connection (tk_store_run_async), so
 * the page never waits on the catalog; the catalog's in-memory form is kept between runs.
 * The page recomputes when it is shown, when a filter changes and after its own actions.
 * Each card has "Want to Play", "Not Interested" and "Already Played"; the card goes at
 * once and a toast offers Undo, which puts the library back as it was.  Text from the
 * library is only ever set as plain text.
 */
#define G_LOG_DOMAIN "tk-discover-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-catalog.h"
#include "tk-collection.h"
#include "tk-discover.h"
#include "tk-discover-page.h"
#include "tk-display-title.h"
#include "tk-accessible.h"

#define CARD_WIDTH 300
#define COVER_SIZE 64

/* What Undo puts back, per game. */
typedef enum
{
  ACTION_WANT_TO_PLAY,
  ACTION_NOT_INTERESTED,
  ACTION_PLAYED,
} CardAction;

typedef struct
{
  CardAction  action;
  TkGame     *before;   /* the game and its collection entry before the action */
} UndoEntry;

struct _TkDiscoverPage
{
  AdwBin             parent_instance;

  TkStore           *store;
  TkCollection      *collection;
  TkDiscoverCatalog *catalog;      /* kept between runs */
  GCancellable      *cancellable;
  guint              generation;   /* of the run whose result is wanted */
  gboolean           running;
  gboolean           rerun;        /* something changed while a run was going */
  GHashTable        *undo;         /* gint64 * game id → UndoEntry * */
  GPtrArray         *suggestions;  /* the ones shown */

  AdwToastOverlay   *toast_overlay;
  GtkDropDown       *players_dropdown;
  GtkDropDown       *time_dropdown;
  GtkSpinner        *spinner;
  GtkStack          *outer_stack;   /* "empty" (no catalog) or "main" */
  GtkStack          *stack;         /* "loading", "no-match" or "list" */
  AdwStatusPage     *empty_page;
  AdwStatusPage     *no_match_page;
  GtkScrolledWindow *scrolled_window;
  GtkLabel          *intro_label;
  GtkFlowBox        *flow_box;
};

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkDiscoverPage, tk_discover_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static const guint time_choices[] = { 0, 15, 30, 45, 60, 90, 120, 180 };

static void refresh (TkDiscoverPage *self);

static void
undo_entry_free (UndoEntry *entry)
{
  g_clear_object (&entry->before);
  g_free (entry);
}

static void
add_toast (TkDiscoverPage *self,
           const char     *text)
{
  /* AdwToast titles are markup in libadwaita 1.2. */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

/* ---- computing off the main thread ---- */

typedef struct
{
  TkDiscoverFilter   filter;
  TkDiscoverCatalog *catalog;      /* in: the kept one (may be NULL); out: the one used */
  GPtrArray         *suggestions;  /* out */
  gboolean           catalog_empty;
  guint              generation;
} RunData;

static void
run_data_clear (RunData *data)
{
  g_clear_pointer (&data->catalog, tk_discover_catalog_unref);
  g_clear_pointer (&data->suggestions, g_ptr_array_unref);
}

static void
run_data_release (RunData *data)
{
  g_atomic_rc_box_release_full (data, (GDestroyNotify) run_data_clear);
}

/* The callback's side: the page, and the data the worker filled (shared with the task). */
typedef struct
{
  TkDiscoverPage *self;
  RunData        *data;
} Pending;

static gboolean
discover_in_thread (TkStore  *store,
                    gpointer  user_data,
                    GError  **error)
{
  RunData *data = user_data;

  /* The Collection page may not have been opened yet: the catalog comes with the app. */
  if (!tk_catalog_ensure (store, NULL, error))
    return FALSE;
  data->suggestions = tk_discover_run (store, &data->filter, &data->catalog, error);
  if (data->suggestions == NULL)
    return FALSE;
  data->catalog_empty = tk_discover_catalog_get_n_games (data->catalog) == 0;
  return TRUE;
}

static char *
describe_range (guint lo,
                guint hi)
{
  if (lo == 0)
    lo = hi;
  if (hi == 0)
    hi = lo;
  if (lo == 0)
    return NULL;
  if (lo == hi)
    return g_strdup_printf ("%u", lo);
  return g_strdup_printf ("%u–%u", lo, hi);
}

static char *
describe_facts (const TkDiscoverSuggestion *s,
                const char                 *other_title)
{
  GString *facts = g_string_new (NULL);
  g_autofree char *players = describe_range (s->min_players, s->max_players);
  g_autofree char *time = describe_range (s->min_time, s->max_time);

  if (other_title != NULL)
    g_string_append (facts, other_title);
  if (s->year > 0)
    g_string_append_printf (facts, "%s%d", facts->len > 0 ? " · " : "", s->year);
  if (players != NULL)
    {
      /* Translators: a short count of players in a list row, e.g. "2–4 players". */
      g_autofree char *text = g_strdup_printf (_("%s players"), players);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? " · " : "", text);
    }
  if (time != NULL)
    {
      /* Translators: a short play time in a list row, e.g. "30–60 min". */
      g_autofree char *text = g_strdup_printf (_("%s min"), time);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? " · " : "", text);
    }
  if (s->weight > 0)
    {
      /* Translators: how heavy (complex) a game is on BoardGameGeek's 1–5 scale. */
      g_autofree char *text = g_strdup_printf (_("weight %.1f"), s->weight);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? " · " : "", text);
    }
  return g_string_free (facts, FALSE);
}

static void
cover_loaded_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GtkPicture) picture = user_data;
  g_autoptr(GdkTexture) texture = g_task_propagate_pointer (G_TASK (result), NULL);

  if (texture != NULL)
    {
      gtk_picture_set_paintable (picture, GDK_PAINTABLE (texture));
      gtk_widget_set_visible (GTK_WIDGET (picture), TRUE);
    }
}

static void
load_cover_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  g_autoptr(GFile) file = g_file_new_for_path (task_data);
  GError *error = NULL;
  GdkTexture *texture = gdk_texture_new_from_file (file, &error);

  if (texture == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, texture, g_object_unref);
}

/* The card's one primary action, Want to Play, and a menu for the others (Not Interested,
 * Already Played): one button that never wraps at 360 px, in either language, instead of
 * three equal ones.  No mnemonics: every card has the same actions. */
static GtkWidget *
card_actions (gint64      game_id,
              const char *title)
{
  g_autofree char *want_name = NULL;
  g_autofree char *more_name = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *want = gtk_button_new_with_label (_("Want to Play"));
  GtkWidget *more = gtk_menu_button_new ();
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) not_interested = g_menu_item_new (_("Not Interested"), NULL);
  g_autoptr(GMenuItem) played = g_menu_item_new (_("Already Played"), NULL);

  gtk_widget_add_css_class (want, "suggested-action");
  gtk_widget_add_css_class (want, "tk-card-primary");
  gtk_widget_set_hexpand (want, TRUE);
  gtk_widget_set_halign (want, GTK_ALIGN_START);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (want), "discover.want-to-play");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (want), g_variant_new_int64 (game_id));

  g_menu_item_set_action_and_target_value (not_interested, "discover.not-interested",
                                           g_variant_new_int64 (game_id));
  g_menu_item_set_action_and_target_value (played, "discover.played",
                                           g_variant_new_int64 (game_id));
  g_menu_append_item (menu, not_interested);
  g_menu_append_item (menu, played);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (more), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (more), "view-more-symbolic");
  gtk_widget_set_tooltip_text (more, _("More Actions"));
  /* Screen readers hear which game each card's buttons are for (thirty cards say the same
   * words otherwise). */
  /* Translators: a Discover card's button read by a screen reader, e.g. "Want to Play: Cascadia" */
  want_name = g_strdup_printf (_("Want to Play: %s"), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (want), GTK_ACCESSIBLE_PROPERTY_LABEL, want_name, -1);
  /* Translators: e.g. "More Actions: Cascadia" */
  more_name = g_strdup_printf (_("More Actions: %s"), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (more), GTK_ACCESSIBLE_PROPERTY_LABEL, more_name, -1);
  gtk_widget_add_css_class (more, "flat");
  gtk_widget_set_valign (more, GTK_ALIGN_CENTER);

  gtk_box_append (GTK_BOX (box), want);
  gtk_box_append (GTK_BOX (box), more);
  return box;
}

static GtkWidget *
build_card (TkDiscoverPage             *self,
            const TkDiscoverSuggestion *s)
{
  GtkWidget *card, *top, *text_box, *title, *facts, *reason, *buttons, *cover;
  const char *shown = tk_display_title (s->title, s->title_ja);
  const char *other = tk_display_title_other (s->title, s->title_ja);
  g_autofree char *facts_text = NULL;

  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_size_request (card, CARD_WIDTH, -1);
  gtk_widget_set_margin_start (card, 6);
  gtk_widget_set_margin_end (card, 6);
  gtk_widget_set_margin_top (card, 6);
  gtk_widget_set_margin_bottom (card, 6);
  /* Found again by the game's id (the UI test and the actions). */
  g_object_set_data_full (G_OBJECT (card), "tk-game-id",
                          g_memdup2 (&s->game_id, sizeof s->game_id), g_free);

  top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (top, 12);
  gtk_widget_set_margin_end (top, 12);
  gtk_widget_set_margin_top (top, 12);
  gtk_box_append (GTK_BOX (card), top);

  if (s->cover_path != NULL)
    {
      g_autoptr(GTask) task = NULL;

      cover = gtk_picture_new ();
      gtk_picture_set_can_shrink (GTK_PICTURE (cover), TRUE);
      gtk_picture_set_content_fit (GTK_PICTURE (cover), GTK_CONTENT_FIT_CONTAIN);
      gtk_widget_set_size_request (cover, COVER_SIZE, COVER_SIZE);
      gtk_widget_set_valign (cover, GTK_ALIGN_START);
      gtk_widget_set_visible (cover, FALSE);
      gtk_box_append (GTK_BOX (top), cover);
      task = g_task_new (NULL, self->cancellable, cover_loaded_cb, g_object_ref (cover));
      g_task_set_task_data (task, g_strdup (s->cover_path), g_free);
      g_task_run_in_thread (task, load_cover_thread);
    }

  text_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_hexpand (text_box, TRUE);
  gtk_box_append (GTK_BOX (top), text_box);

  title = gtk_label_new (NULL);
  gtk_label_set_use_markup (GTK_LABEL (title), FALSE);
  gtk_label_set_text (GTK_LABEL (title), shown);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 30);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_box_append (GTK_BOX (text_box), title);

  facts_text = describe_facts (s, other);
  facts = gtk_label_new (NULL);
  gtk_label_set_use_markup (GTK_LABEL (facts), FALSE);
  gtk_label_set_text (GTK_LABEL (facts), facts_text);
  gtk_label_set_wrap (GTK_LABEL (facts), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (facts), 44);
  gtk_label_set_xalign (GTK_LABEL (facts), 0);
  gtk_widget_add_css_class (facts, "dim-label");
  gtk_widget_add_css_class (facts, "caption");
  gtk_widget_set_visible (facts, *facts_text != '\0');
  gtk_box_append (GTK_BOX (text_box), facts);

  reason = gtk_label_new (NULL);
  gtk_label_set_use_markup (GTK_LABEL (reason), FALSE);
  gtk_label_set_text (GTK_LABEL (reason), s->reason);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  /* Short lines: two cards side by side when the window is wide. */
  gtk_label_set_max_width_chars (GTK_LABEL (reason), 44);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_widget_set_vexpand (reason, TRUE);
  gtk_widget_set_valign (reason, GTK_ALIGN_START);
  gtk_widget_set_margin_start (reason, 12);
  gtk_widget_set_margin_end (reason, 12);
  gtk_box_append (GTK_BOX (card), reason);

  buttons = card_actions (s->game_id, shown);
  gtk_widget_set_margin_start (buttons, 12);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  gtk_box_append (GTK_BOX (card), buttons);

  return card;
}

static gint64
card_game_id (GtkWidget *card)
{
  gint64 *id = g_object_get_data (G_OBJECT (card), "tk-game-id");

  return id != NULL ? *id : 0;
}

static void
show_suggestions (TkDiscoverPage *self,
                  GPtrArray      *suggestions,
                  gboolean        catalog_empty)
{
  GtkWidget *child;
  gboolean popular = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box))) != NULL)
    gtk_flow_box_remove (self->flow_box, child);
  g_clear_pointer (&self->suggestions, g_ptr_array_unref);
  self->suggestions = g_ptr_array_ref (suggestions);

  for (guint i = 0; i < suggestions->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (suggestions, i);
      GtkWidget *card = build_card (self, s);

      popular = popular || s->popular;
      gtk_flow_box_append (self->flow_box, card);
      /* The card takes the focus: it is read as its title, facts and reasons. */
      tk_accessible_label_item_from_text (card);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->intro_label), popular);

  gtk_stack_set_visible_child_name (self->outer_stack, catalog_empty ? "empty" : "main");
  if (suggestions->len == 0)
    gtk_stack_set_visible_child_name (self->stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->stack, "list");
}

static gboolean discover_done (TkDiscoverPage *self,
                               TkStore        *source,
                               RunData        *data,
                               gboolean        ok,
                               GError         *error);

static void
discover_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(TkDiscoverPage) self = pending->self;
  RunData *data = pending->data;
  g_autoptr(GError) error = NULL;
  gboolean ok = tk_store_run_finish (TK_STORE (source), result, &error);

  g_free (pending);
  ok = discover_done (self, TK_STORE (source), data, ok, error);
  run_data_release (data);
}

static gboolean
discover_done (TkDiscoverPage *self,
               TkStore        *source,
               RunData        *data,
               gboolean        ok,
               GError         *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return FALSE;
  self->running = FALSE;
  gtk_spinner_stop (self->spinner);

  if (!ok)
    {
      g_warning ("Could not compute suggestions: %s", error->message);
      add_toast (self, _("Could not compute suggestions"));
    }
  else if (data->generation == self->generation && source == self->store)
    {
      if (data->catalog != self->catalog)
        {
          g_clear_pointer (&self->catalog, tk_discover_catalog_unref);
          self->catalog = tk_discover_catalog_ref (data->catalog);
        }
      show_suggestions (self, data->suggestions, data->catalog_empty);
    }

  if (self->rerun)
    refresh (self);
  return ok;
}

static void
refresh (TkDiscoverPage *self)
{
  RunData *data;
  Pending *pending;
  guint players = gtk_drop_down_get_selected (self->players_dropdown);
  guint time = gtk_drop_down_get_selected (self->time_dropdown);

  if (self->store == NULL)
    return;
  self->generation++;
  /* One run at a time on the worker; a change meanwhile runs again when it is done. */
  if (self->running)
    {
      self->rerun = TRUE;
      return;
    }
  self->rerun = FALSE;
  self->running = TRUE;
  gtk_spinner_start (self->spinner);

  data = g_atomic_rc_box_new0 (RunData);
  data->filter.players = players != GTK_INVALID_LIST_POSITION ? players : 0;
  data->filter.max_minutes = time < G_N_ELEMENTS (time_choices) ? time_choices[time] : 0;
  data->filter.limit = TK_DISCOVER_DEFAULT_LIMIT;
  data->filter.prefer_japanese = tk_display_title_prefers_japanese ();
  data->catalog = self->catalog != NULL ? tk_discover_catalog_ref (self->catalog) : NULL;
  data->generation = self->generation;
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->data = g_atomic_rc_box_acquire (data);
  tk_store_run_async (self->store, discover_in_thread, data, (GDestroyNotify) run_data_release,
                      self->cancellable, discover_done_cb, pending);
}

/* ---- actions ---- */

static void
remove_card (TkDiscoverPage *self,
             gint64          game_id)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *card = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (card_game_id (card) == game_id)
        {
          gtk_flow_box_remove (self->flow_box, child);
          return;
        }
    }
}

static void
card_action (TkDiscoverPage *self,
             CardAction      action,
             gint64          game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) before = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  UndoEntry *entry;
  AdwToast *toast;
  gboolean ok = FALSE;

  if (self->collection == NULL)
    return;
  before = tk_collection_get_game (self->collection, game_id, &error);
  if (before != NULL)
    switch (action)
      {
      case ACTION_WANT_TO_PLAY:
        ok = tk_collection_set_status (self->collection, game_id, TK_GAME_STATUS_WANT_TO_PLAY,
                                       TRUE, &error);
        text = g_strdup_printf (_("“%s” is on your want-to-play list"), tk_game_get_display_title (before));
        break;
      case ACTION_NOT_INTERESTED:
        ok = tk_discover_set_not_interested (self->store, game_id, TRUE, &error);
        if (ok)
          tk_collection_emit_changed (self->collection, game_id);
        text = g_strdup_printf (_("“%s” will not be suggested again"), tk_game_get_display_title (before));
        break;
      case ACTION_PLAYED:
        ok = tk_collection_set_status (self->collection, game_id, TK_GAME_STATUS_PLAYED, TRUE,
                                       &error);
        text = g_strdup_printf (_("“%s” is marked played"), tk_game_get_display_title (before));
        break;
      }
  if (!ok)
    {
      g_autofree char *message = g_strdup_printf (_("Could not change the game: %s"),
                                                  error->message);
      add_toast (self, message);
      return;
    }

  remove_card (self, game_id);
  if (gtk_widget_get_first_child (GTK_WIDGET (self->flow_box)) == NULL)
    gtk_stack_set_visible_child_name (self->stack, "no-match");

  entry = g_new0 (UndoEntry, 1);
  entry->action = action;
  entry->before = g_steal_pointer (&before);
  g_hash_table_replace (self->undo, g_memdup2 (&game_id, sizeof game_id), entry);

  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "discover.undo");
  adw_toast_set_action_target_value (toast, g_variant_new_int64 (game_id));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  tk_accessible_add_toast (self->toast_overlay, toast);

  /* The next suggestion moves up into the list. */
  refresh (self);
}

static void
want_to_play_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  card_action (TK_DISCOVER_PAGE (widget), ACTION_WANT_TO_PLAY, g_variant_get_int64 (parameter));
}

static void
not_interested_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  card_action (TK_DISCOVER_PAGE (widget), ACTION_NOT_INTERESTED,
               g_variant_get_int64 (parameter));
}

static void
played_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  card_action (TK_DISCOVER_PAGE (widget), ACTION_PLAYED, g_variant_get_int64 (parameter));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkDiscoverPage *self = TK_DISCOVER_PAGE (widget);
  gint64 game_id = g_variant_get_int64 (parameter);
  g_autoptr(GError) error = NULL;
  gpointer key = NULL, value = NULL;
  UndoEntry *entry;
  gboolean ok;

  if (self->collection == NULL ||
      !g_hash_table_steal_extended (self->undo, &game_id, &key, &value))
    return;
  g_free (key);
  entry = value;

  if (entry->action == ACTION_NOT_INTERESTED)
    ok = tk_discover_set_not_interested (self->store, game_id, FALSE, &error);
  else if (tk_game_get_in_collection (entry->before))
    /* The entry as it was (statuses, rating, comment…); the facts did not change. */
    ok = tk_collection_update_game (self->collection, entry->before, &error);
  else
    {
      /* There was no entry: clear the status, and drop the entry if that is all it held. */
      ok = tk_collection_set_status (self->collection, game_id,
                                     entry->action == ACTION_WANT_TO_PLAY
                                     ? TK_GAME_STATUS_WANT_TO_PLAY : TK_GAME_STATUS_PLAYED,
                                     FALSE, &error);
      if (ok && g_strcmp0 (tk_game_get_source (entry->before), "catalog") == 0)
        {
          g_autoptr(TkGame) now = tk_collection_get_game (self->collection, game_id, &error);

          if (now != NULL && tk_game_get_statuses (now) == TK_GAME_STATUS_NONE &&
              tk_game_get_rating (now) == 0)
            {
              g_autoptr(TkGame) removed = tk_collection_delete_game (self->collection, game_id,
                                                                     &error);
              ok = removed != NULL;
            }
          else
            ok = now != NULL;
        }
    }
  if (ok)
    tk_collection_emit_changed (self->collection, game_id);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Could not undo: %s"), error->message);
      add_toast (self, message);
    }
  undo_entry_free (entry);
  refresh (self);
}

static void
filter_changed_cb (TkDiscoverPage *self)
{
  refresh (self);
}

/* ---- GObject ---- */

static void
tk_discover_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (tk_discover_page_parent_class)->map (widget);
  /* Shown again: the library may have changed on other pages. */
  refresh (TK_DISCOVER_PAGE (widget));
}

static void
tk_discover_page_dispose (GObject *object)
{
  TkDiscoverPage *self = TK_DISCOVER_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_DISCOVER_PAGE);
  g_clear_object (&self->collection);
  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->catalog, tk_discover_catalog_unref);
  g_clear_pointer (&self->undo, g_hash_table_unref);
  g_clear_pointer (&self->suggestions, g_ptr_array_unref);

  G_OBJECT_CLASS (tk_discover_page_parent_class)->dispose (object);
}

static void
tk_discover_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TkDiscoverPage *self = TK_DISCOVER_PAGE (object);

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
tk_discover_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TkDiscoverPage *self = TK_DISCOVER_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_discover_page_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_discover_page_class_init (TkDiscoverPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_discover_page_dispose;
  object_class->get_property = tk_discover_page_get_property;
  object_class->set_property = tk_discover_page_set_property;
  widget_class->map = tk_discover_page_map;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-discover-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, players_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, time_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, outer_stack);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, no_match_page);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, intro_label);
  gtk_widget_class_bind_template_child (widget_class, TkDiscoverPage, flow_box);

  gtk_widget_class_install_action (widget_class, "discover.want-to-play", "x",
                                   want_to_play_action);
  gtk_widget_class_install_action (widget_class, "discover.not-interested", "x",
                                   not_interested_action);
  gtk_widget_class_install_action (widget_class, "discover.played", "x", played_action);
  gtk_widget_class_install_action (widget_class, "discover.undo", "x", undo_action);
}

static void
tk_discover_page_init (TkDiscoverPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* "_Players" and "_Time" name the drop-downs; the toggles inside need it too. */
  tk_accessible_label_drop_down_button (self->players_dropdown, _("Players"));
  tk_accessible_label_drop_down_button (self->time_dropdown, _("Play Time"));
  gtk_stack_set_visible_child_name (self->outer_stack, "main");
  self->cancellable = g_cancellable_new ();
  self->undo = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                      (GDestroyNotify) undo_entry_free);
  g_signal_connect_swapped (self->players_dropdown, "notify::selected",
                            G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->time_dropdown, "notify::selected",
                            G_CALLBACK (filter_changed_cb), self);
}

GtkWidget *
tk_discover_page_new (void)
{
  return g_object_new (TK_TYPE_DISCOVER_PAGE, NULL);
}

TkStore *
tk_discover_page_get_store (TkDiscoverPage *self)
{
  g_return_val_if_fail (TK_IS_DISCOVER_PAGE (self), NULL);

  return self->store;
}

void
tk_discover_page_set_store (TkDiscoverPage *self,
                            TkStore        *store)
{
  g_return_if_fail (TK_IS_DISCOVER_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (!g_set_object (&self->store, store))
    return;

  /* A run for the old library is of no use any more. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->running = FALSE;
  self->rerun = FALSE;
  gtk_spinner_stop (self->spinner);
  g_clear_object (&self->collection);
  g_clear_pointer (&self->catalog, tk_discover_catalog_unref);
  g_hash_table_remove_all (self->undo);
  if (store != NULL)
    self->collection = tk_collection_new (store);
  if (store != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}
