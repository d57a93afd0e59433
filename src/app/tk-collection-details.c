/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-details.c — the details of one game: its facts, and the user's collection
 * entry for it (statuses, rating, comment, acquisition), each saved as soon as it changes.
 *
 * The view re-reads the game whenever the collection reports a change, so what it shows is
 * always what was saved.  All text from the library goes into labels and rows with markup
 * off.  Edit, Delete and Back are actions of the page ("collection.*").
 *
 * Cover image: "Choose Cover…" COPIES the chosen file into the app's data folder,
 * $XDG_DATA_HOME/tablekeeper/covers/<game id>-<file name> (g_file_copy_async), and stores
 * the copy's path with tk_collection_set_cover(), so the cover survives the original being
 * moved or deleted.  Replacing or removing a cover deletes the previous copy (only files in
 * that folder; never a file of the user's).  The image is decoded in a worker thread; the
 * picture is hidden when the game has no cover or its file is gone.  The cover's code is in
 * tk-collection-details-cover.c, sharing tk-collection-details-private.h.
 */
#define G_LOG_DOMAIN "tk-collection-details"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "tk-collection-details-private.h"

G_DEFINE_FINAL_TYPE (TkCollectionDetails, tk_collection_details, GTK_TYPE_WIDGET)

static void
set_fact (AdwActionRow *row,
          const char   *value)
{
  gboolean known = value != NULL && *value != '\0';

  adw_action_row_set_subtitle (row, known ? value : "");
  gtk_widget_set_visible (GTK_WIDGET (row), known);
}

/* @kind: "mechanic" or "category" to show BoardGameGeek's names in the UI language, or NULL
 * (designers: names as they are). */
static void
set_list_fact (AdwActionRow       *row,
               const char * const *values,
               const char         *kind)
{
  g_autofree char *joined = NULL;
  g_autofree const char **shown = NULL;
  guint n = values != NULL ? g_strv_length ((char **) values) : 0;

  shown = g_new0 (const char *, n + 1);
  for (guint i = 0; i < n; i++)
    shown[i] = kind != NULL ? tk_feature_name_translate (kind, values[i]) : values[i];
  if (n > 0)
    /* Translators: the separator between names in a list, e.g. designers. */
    joined = g_strjoinv (_(", "), (char **) shown);
  set_fact (row, joined);
}

static void
set_entry_text (AdwEntryRow *row,
                const char  *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
}

void
_tk_collection_details_show_error (TkCollectionDetails *self,
                                   const GError        *error)
{
  g_autofree char *escaped = g_markup_escape_text (error->message, -1);

  adw_preferences_group_set_description (self->entry_group, escaped);
}

void
_tk_collection_details_clear_error (TkCollectionDetails *self)
{
  adw_preferences_group_set_description (self->entry_group, NULL);
}

static void
update_view (TkCollectionDetails *self)
{
  TkGame *game = self->game;
  const char *other = NULL;
  const char *title;
  g_autofree char *players = NULL;
  g_autofree char *time = NULL;
  g_autofree char *age = NULL;
  g_autofree char *weight = NULL;
  g_autofree char *plays = NULL;
  g_autofree char *price = NULL;
  g_autofree char *summary = NULL;
  const char *source;

  _tk_collection_details_update_cover (self);
  gtk_widget_set_visible (GTK_WIDGET (self->play_button), game != NULL);
  if (game != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (self->play_button), "x", tk_game_get_id (game));
  if (game == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      gtk_label_set_text (self->bar_title_label, "");
      return;
    }

  self->updating = TRUE;
  gtk_stack_set_visible_child_name (self->stack, "game");

  title = tk_collection_display_title (game, &other);
  gtk_label_set_text (self->bar_title_label, title);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->other_title_label, other != NULL ? other : "");
  gtk_widget_set_visible (GTK_WIDGET (self->other_title_label), other != NULL);
  if (tk_game_get_year (game) > 0)
    /* Translators: under a game's title: the year it was published. */
    summary = g_strdup_printf (_("Published in %d"), tk_game_get_year (game));
  gtk_label_set_text (self->summary_label, summary != NULL ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), summary != NULL);

  gtk_switch_set_active (self->owned_switch, tk_game_has_status (game, TK_GAME_STATUS_OWNED));
  gtk_switch_set_active (self->want_switch, tk_game_has_status (game, TK_GAME_STATUS_WANT_TO_PLAY));
  gtk_switch_set_active (self->played_switch, tk_game_has_status (game, TK_GAME_STATUS_PLAYED));
  gtk_switch_set_active (self->favourite_switch,
                         tk_game_has_status (game, TK_GAME_STATUS_FAVOURITE));
  gtk_spin_button_set_value (self->rating_spin, tk_game_get_rating (game));
  set_entry_text (self->comment_row, tk_game_get_comment (game));
  set_entry_text (self->acquired_row, tk_game_get_acquired_on (game));
  if (tk_game_get_price_paid (game) >= 0)
    price = g_strdup_printf ("%.2f", tk_game_get_price_paid (game));
  set_entry_text (self->price_row, price);
  set_entry_text (self->notes_row, tk_game_get_notes (game));

  players = tk_game_describe_players (game);
  set_fact (self->players_row, players);
  set_fact (self->best_row, tk_game_get_best_players (game));
  time = tk_game_describe_time (game);
  if (time != NULL && *time != '\0')
    {
      /* Translators: a play time, e.g. "30–60 minutes". */
      g_autofree char *text = g_strdup_printf (_("%s minutes"), time);
      set_fact (self->time_row, text);
    }
  else
    set_fact (self->time_row, NULL);
  if (tk_game_get_min_age (game) > 0)
    /* Translators: the minimum age to play a game, e.g. "10+". */
    age = g_strdup_printf (_("%u+"), tk_game_get_min_age (game));
  set_fact (self->age_row, age);
  if (tk_game_get_weight (game) > 0)
    /* Translators: BoardGameGeek's weight (complexity), e.g. "2.4 of 5". */
    weight = g_strdup_printf (_("%.1f of 5"), tk_game_get_weight (game));
  set_fact (self->weight_row, weight);
  set_list_fact (self->designers_row, tk_game_get_designers (game), NULL);
  set_list_fact (self->mechanics_row, tk_game_get_mechanics (game), "mechanic");
  set_list_fact (self->categories_row, tk_game_get_categories (game), "category");
  if (tk_game_get_plays (game) > 0)
    {
      const char *last = tk_game_get_last_played (game);

      if (last != NULL && *last != '\0')
        /* Translators: how often a game was played and when last, e.g. "12, last on 2024-05-01". */
        {
          g_autofree char *date = tk_display_date (last);

          plays = g_strdup_printf (ngettext ("%u, last on %s", "%u, last on %s", tk_game_get_plays (game)),
                                   tk_game_get_plays (game), date);
        }
      else
        plays = g_strdup_printf ("%u", tk_game_get_plays (game));
    }
  set_fact (self->plays_row, plays);
  source = tk_game_get_source (game);
  if (g_strcmp0 (source, "catalog") == 0)
    set_fact (self->source_row, _("Bundled catalog (BoardGameGeek)"));
  else if (g_strcmp0 (source, "import") == 0)
    set_fact (self->source_row, _("Imported from BoardGameGeek"));
  else
    set_fact (self->source_row, _("Added by you"));

  self->updating = FALSE;
}

static void
reload (TkCollectionDetails *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->game);
  if (self->collection != NULL && self->game_id != 0)
    {
      self->game = tk_collection_get_game (self->collection, self->game_id, &error);
      if (self->game == NULL)
        {
          if (!g_error_matches (error, TK_COLLECTION_ERROR, TK_COLLECTION_ERROR_NOT_FOUND))
            g_warning ("Could not read game %" G_GINT64_FORMAT ": %s", self->game_id,
                       error->message);
          self->game_id = 0;
        }
    }
  update_view (self);
}

static void
on_collection_changed (TkCollection        *collection,
                       gint64               game_id,
                       TkCollectionDetails *self)
{
  if (self->game_id != 0 && (game_id == 0 || game_id == self->game_id))
    reload (self);
}

static void
set_status (TkCollectionDetails *self,
            TkGameStatus         status,
            GtkSwitch           *sw)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->game == NULL)
    return;
  _tk_collection_details_clear_error (self);
  if (!tk_collection_set_status (self->collection, self->game_id, status,
                                 gtk_switch_get_active (sw), &error))
    {
      _tk_collection_details_show_error (self, error);
      reload (self);
    }
}

static void
on_owned_changed (TkCollectionDetails *self)
{
  set_status (self, TK_GAME_STATUS_OWNED, self->owned_switch);
}

static void
on_want_changed (TkCollectionDetails *self)
{
  set_status (self, TK_GAME_STATUS_WANT_TO_PLAY, self->want_switch);
}

static void
on_played_changed (TkCollectionDetails *self)
{
  set_status (self, TK_GAME_STATUS_PLAYED, self->played_switch);
}

static void
on_favourite_changed (TkCollectionDetails *self)
{
  set_status (self, TK_GAME_STATUS_FAVOURITE, self->favourite_switch);
}

static void
on_rating_changed (TkCollectionDetails *self)
{
  g_autoptr(GError) error = NULL;
  guint rating = (guint) gtk_spin_button_get_value_as_int (self->rating_spin);

  if (self->updating || self->game == NULL || rating == tk_game_get_rating (self->game))
    return;
  _tk_collection_details_clear_error (self);
  if (!tk_collection_set_rating (self->collection, self->game_id, rating, &error))
    {
      _tk_collection_details_show_error (self, error);
      reload (self);
    }
}

static gboolean
on_rating_output (GtkSpinButton *spin)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;

  /* Translators: in the rating field: the game has no rating. */
  text = value == 0 ? g_strdup (C_("rating", "None")) : g_strdup_printf ("%d", value);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_rating_input (GtkSpinButton *spin,
                 double        *new_value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 value = g_ascii_strtoll (text, &end, 10);

  if (end == text)
    value = 0;     /* "None", or anything that is not a number */
  *new_value = CLAMP (value, 0, 10);
  return TRUE;
}

static void
on_comment_apply (TkCollectionDetails *self)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL)
    return;
  _tk_collection_details_clear_error (self);
  if (!tk_collection_set_comment (self->collection, self->game_id,
                                  gtk_editable_get_text (GTK_EDITABLE (self->comment_row)),
                                  &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->comment_row), "error");
      _tk_collection_details_show_error (self, error);
    }
}

static void
on_acquired_apply (TkCollectionDetails *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *price_text = NULL;
  const char *date;
  double price = -1;

  if (self->game == NULL)
    return;
  _tk_collection_details_clear_error (self);
  gtk_widget_remove_css_class (GTK_WIDGET (self->acquired_row), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->price_row), "error");

  price_text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->price_row))));
  if (*price_text != '\0')
    {
      char *end = NULL;

      g_strdelimit (price_text, ",", '.');
      price = g_ascii_strtod (price_text, &end);
      if (end == price_text || *end != '\0' || price < 0)
        {
          gtk_widget_add_css_class (GTK_WIDGET (self->price_row), "error");
          adw_preferences_group_set_description (self->entry_group,
                                                 _("The price must be a number, like 39.90."));
          return;
        }
    }
  date = gtk_editable_get_text (GTK_EDITABLE (self->acquired_row));
  if (!tk_collection_set_acquired (self->collection, self->game_id,
                                   *date != '\0' ? date : NULL, price, &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->acquired_row), "error");
      _tk_collection_details_show_error (self, error);
    }
}

static void
on_notes_apply (TkCollectionDetails *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TkGame) copy = NULL;
  const char *notes;

  if (self->game == NULL)
    return;
  _tk_collection_details_clear_error (self);
  notes = gtk_editable_get_text (GTK_EDITABLE (self->notes_row));
  copy = tk_game_copy (self->game);
  g_object_set (copy, "notes", *notes != '\0' ? notes : NULL, NULL);
  if (!tk_collection_update_game (self->collection, copy, &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->notes_row), "error");
      _tk_collection_details_show_error (self, error);
    }
}

static void
tk_collection_details_dispose (GObject *object)
{
  GtkWidget *child;
  TkCollectionDetails *self = TK_COLLECTION_DETAILS (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->cover_cancellable);
  g_clear_object (&self->cover_cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_COLLECTION_DETAILS);
  /* The template's top-level children are not bound: let them go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_signal_handler (&self->changed_id, self->collection);
  g_clear_object (&self->collection);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tk_collection_details_parent_class)->dispose (object);
}

static void
tk_collection_details_finalize (GObject *object)
{
  TkCollectionDetails *self = TK_COLLECTION_DETAILS (object);

  g_clear_object (&self->cancellable);
  g_free (self->cover_shown);

  G_OBJECT_CLASS (tk_collection_details_parent_class)->finalize (object);
}

static void
tk_collection_details_class_init (TkCollectionDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_collection_details_dispose;
  object_class->finalize = tk_collection_details_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-collection-details.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, stack);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, back_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, play_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, bar_title_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, other_title_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, cover_clamp);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, cover_picture);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, entry_group);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, owned_switch);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, want_switch);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, played_switch);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, favourite_switch);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, rating_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, comment_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, acquired_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, price_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, notes_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, players_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, best_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, time_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, age_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, weight_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, designers_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, mechanics_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, categories_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, plays_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionDetails, source_row);
  gtk_widget_class_bind_template_callback (widget_class, on_owned_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_want_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_played_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_favourite_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_rating_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_rating_output);
  gtk_widget_class_bind_template_callback (widget_class, on_rating_input);
  gtk_widget_class_bind_template_callback (widget_class, on_comment_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_acquired_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_notes_apply);

  _tk_collection_details_class_actions_init (klass);
}

static void
tk_collection_details_init (TkCollectionDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->comment_row), TK_TEXT_COMMENT);
  tk_text_limit_editable (GTK_EDITABLE (self->notes_row), TK_TEXT_NOTES);
  self->cancellable = g_cancellable_new ();
  update_view (self);
}

GtkWidget *
tk_collection_details_new (void)
{
  return g_object_new (TK_TYPE_COLLECTION_DETAILS, NULL);
}

void
tk_collection_details_set_collection (TkCollectionDetails *self,
                                      TkCollection        *collection)
{
  g_return_if_fail (TK_IS_COLLECTION_DETAILS (self));
  g_return_if_fail (collection == NULL || TK_IS_COLLECTION (collection));

  if (self->collection == collection)
    return;
  g_clear_signal_handler (&self->changed_id, self->collection);
  g_set_object (&self->collection, collection);
  if (collection != NULL)
    self->changed_id = g_signal_connect (collection, "changed",
                                         G_CALLBACK (on_collection_changed), self);
  self->game_id = 0;
  reload (self);
}

void
tk_collection_details_set_game_id (TkCollectionDetails *self,
                                   gint64               game_id)
{
  g_return_if_fail (TK_IS_COLLECTION_DETAILS (self));

  if (game_id != self->game_id)
    _tk_collection_details_clear_error (self);
  self->game_id = game_id;
  reload (self);
}

gint64
tk_collection_details_get_game_id (TkCollectionDetails *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_DETAILS (self), 0);

  return self->game_id;
}

TkGame *
tk_collection_details_get_game (TkCollectionDetails *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_DETAILS (self), NULL);

  return self->game;
}

void
tk_collection_details_set_show_back (TkCollectionDetails *self,
                                     gboolean             show_back)
{
  g_return_if_fail (TK_IS_COLLECTION_DETAILS (self));

  gtk_widget_set_visible (GTK_WIDGET (self->back_button), show_back);
}
