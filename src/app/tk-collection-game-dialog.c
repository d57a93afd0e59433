/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-game-dialog.c — add a game by hand, or edit the facts of one.
 *
 * The form is checked with tk_collection_validate() on every change: the message shows
 * under the fields and the Add (Save) button stays insensitive until the game is valid.
 */
#define G_LOG_DOMAIN "tk-collection-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-collection-game-dialog.h"
#include "tk-text-limit.h"

struct _TkCollectionGameDialog
{
  AdwWindow       parent_instance;

  TkCollection   *collection;
  TkGame         *game;        /* the game edited, or NULL when adding */
  char           *problem;

  AdwWindowTitle *window_title;
  GtkButton      *save_button;
  GtkLabel       *problem_label;
  AdwEntryRow    *title_row;
  AdwEntryRow    *title_ja_row;
  GtkSpinButton  *year_spin;
  GtkSpinButton  *min_players_spin;
  GtkSpinButton  *max_players_spin;
  AdwEntryRow    *best_row;
  GtkSpinButton  *min_time_spin;
  GtkSpinButton  *max_time_spin;
  GtkSpinButton  *age_spin;
  GtkSpinButton  *weight_spin;
  AdwEntryRow    *designers_row;
  AdwEntryRow    *notes_row;
  AdwActionRow   *owned_row;
  GtkSwitch      *owned_switch;
};

enum
{
  SIGNAL_SAVED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkCollectionGameDialog, tk_collection_game_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

static char **
split_names (const char *text)
{
  g_auto(GStrv) parts = g_strsplit_set (text, ",、", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }
  return g_strv_builder_end (builder);
}

static guint
spin_uint (GtkSpinButton *spin)
{
  return (guint) MAX (0, gtk_spin_button_get_value_as_int (spin));
}

/* The game the form describes: a copy of the edited one with the facts replaced. */
static TkGame *
build_game (TkCollectionGameDialog *self)
{
  TkGame *game = self->game != NULL ? tk_game_copy (self->game)
                                    : tk_game_new (NULL);
  g_auto(GStrv) designers = split_names (gtk_editable_get_text (GTK_EDITABLE (self->designers_row)));
  const char *title_ja = gtk_editable_get_text (GTK_EDITABLE (self->title_ja_row));
  const char *best = gtk_editable_get_text (GTK_EDITABLE (self->best_row));
  const char *notes = gtk_editable_get_text (GTK_EDITABLE (self->notes_row));

  g_object_set (game,
                "title", gtk_editable_get_text (GTK_EDITABLE (self->title_row)),
                "title-ja", *title_ja != '\0' ? title_ja : NULL,
                "year", gtk_spin_button_get_value_as_int (self->year_spin),
                "min-players", spin_uint (self->min_players_spin),
                "max-players", spin_uint (self->max_players_spin),
                "best-players", *best != '\0' ? best : NULL,
                "min-time", spin_uint (self->min_time_spin),
                "max-time", spin_uint (self->max_time_spin),
                "min-age", spin_uint (self->age_spin),
                "weight", gtk_spin_button_get_value (self->weight_spin),
                "designers", designers[0] != NULL ? designers : NULL,
                "notes", *notes != '\0' ? notes : NULL,
                NULL);
  if (self->game == NULL)
    g_object_set (game,
                  "in-collection", TRUE,
                  "owned", gtk_switch_get_active (self->owned_switch),
                  NULL);
  return game;
}

static void
validate (TkCollectionGameDialog *self)
{
  g_autoptr(TkGame) game = build_game (self);
  g_autoptr(GError) error = NULL;
  gboolean valid = tk_collection_validate (game, &error);

  g_clear_pointer (&self->problem, g_free);
  if (!valid)
    self->problem = g_strdup (error->message);
  gtk_label_set_text (self->problem_label, self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), self->problem != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), valid);
}

static void
on_changed (TkCollectionGameDialog *self)
{
  validate (self);
}

/* An empty field for "not known" (0) in the number fields. */
static gboolean
on_spin_output (GtkSpinButton *spin)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);
  double value = gtk_adjustment_get_value (adjustment);
  g_autofree char *text = NULL;

  if (value == 0)
    text = g_strdup ("");
  else
    text = g_strdup_printf ("%.*f", gtk_spin_button_get_digits (spin), value);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  char *end = NULL;

  if (*text == '\0')
    {
      *new_value = 0;
      return TRUE;
    }
  g_strdelimit (text, ",", '.');
  *new_value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' ? TRUE : GTK_INPUT_ERROR;
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TkCollectionGameDialog *self = TK_COLLECTION_GAME_DIALOG (widget);
  g_autoptr(TkGame) game = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  /* Spin buttons commit what was typed when they lose focus; make it so now. */
  gtk_spin_button_update (self->year_spin);
  gtk_spin_button_update (self->min_players_spin);
  gtk_spin_button_update (self->max_players_spin);
  gtk_spin_button_update (self->min_time_spin);
  gtk_spin_button_update (self->max_time_spin);
  gtk_spin_button_update (self->age_spin);
  gtk_spin_button_update (self->weight_spin);
  validate (self);
  if (self->problem != NULL)
    return;

  game = build_game (self);
  if (self->game == NULL)
    id = tk_collection_add_game (self->collection, game, &error);
  else
    id = tk_collection_update_game (self->collection, game, &error) ? tk_game_get_id (game) : 0;

  if (id == 0)
    {
      gtk_label_set_text (self->problem_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), TRUE);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_SAVED], 0, id);
  gtk_window_close (GTK_WINDOW (self));
}

static void
tk_collection_game_dialog_dispose (GObject *object)
{
  TkCollectionGameDialog *self = TK_COLLECTION_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_COLLECTION_GAME_DIALOG);
  g_clear_object (&self->collection);
  g_clear_object (&self->game);
  g_clear_pointer (&self->problem, g_free);

  G_OBJECT_CLASS (tk_collection_game_dialog_parent_class)->dispose (object);
}

static void
tk_collection_game_dialog_class_init (TkCollectionGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_collection_game_dialog_dispose;

  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-collection-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, title_ja_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, year_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, min_players_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, max_players_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, best_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, min_time_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, max_time_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, age_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, weight_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, designers_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, notes_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, owned_row);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionGameDialog, owned_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_spin_output);
  gtk_widget_class_bind_template_callback (widget_class, on_spin_input);

  gtk_widget_class_install_action (widget_class, "dialog.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "dialog.cancel", NULL);
}

static void
tk_collection_game_dialog_init (TkCollectionGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->title_row), TK_TEXT_TITLE);
  tk_text_limit_editable (GTK_EDITABLE (self->title_ja_row), TK_TEXT_TITLE);
  tk_text_limit_editable (GTK_EDITABLE (self->best_row), TK_TEXT_TAG);
  tk_text_limit_editable (GTK_EDITABLE (self->designers_row), TK_TEXT_LINE);
  tk_text_limit_editable (GTK_EDITABLE (self->notes_row), TK_TEXT_NOTES);
}

TkCollectionGameDialog *
tk_collection_game_dialog_new (GtkWindow    *parent,
                               TkCollection *collection,
                               TkGame       *game)
{
  TkCollectionGameDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);
  g_return_val_if_fail (game == NULL || TK_IS_GAME (game), NULL);

  self = g_object_new (TK_TYPE_COLLECTION_GAME_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->collection = g_object_ref (collection);

  if (game != NULL)
    {
      const char * const *designers = tk_game_get_designers (game);
      g_autofree char *names = NULL;

      self->game = g_object_ref (game);
      adw_window_title_set_title (self->window_title, _("Edit Game"));
      gtk_button_set_label (self->save_button, _("_Save"));
      gtk_widget_set_visible (GTK_WIDGET (self->owned_row), FALSE);

      gtk_editable_set_text (GTK_EDITABLE (self->title_row), tk_game_get_title (game));
      if (tk_game_get_title_ja (game) != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->title_ja_row), tk_game_get_title_ja (game));
      gtk_spin_button_set_value (self->year_spin, tk_game_get_year (game));
      gtk_spin_button_set_value (self->min_players_spin, tk_game_get_min_players (game));
      gtk_spin_button_set_value (self->max_players_spin, tk_game_get_max_players (game));
      if (tk_game_get_best_players (game) != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->best_row), tk_game_get_best_players (game));
      gtk_spin_button_set_value (self->min_time_spin, tk_game_get_min_time (game));
      gtk_spin_button_set_value (self->max_time_spin, tk_game_get_max_time (game));
      gtk_spin_button_set_value (self->age_spin, tk_game_get_min_age (game));
      gtk_spin_button_set_value (self->weight_spin, tk_game_get_weight (game));
      if (designers != NULL)
        {
          names = g_strjoinv (", ", (char **) designers);
          gtk_editable_set_text (GTK_EDITABLE (self->designers_row), names);
        }
      if (tk_game_get_notes (game) != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->notes_row), tk_game_get_notes (game));
    }

  validate (self);
  return self;
}

const char *
tk_collection_game_dialog_get_problem (TkCollectionGameDialog *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_GAME_DIALOG (self), NULL);

  return self->problem;
}
