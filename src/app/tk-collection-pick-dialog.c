/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-pick-dialog.c — "What can we play?": how many players and how much time,
 * and a random owned game that fits (tk_collection_pick_random), with a Re-roll button.
 */
#define G_LOG_DOMAIN "tk-collection-pick-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-collection-pick-dialog.h"
#include "tk-collection-row.h"

struct _TkCollectionPickDialog
{
  AdwWindow      parent_instance;

  TkCollection  *collection;
  GRand         *rand;
  TkGame        *pick;

  GtkSpinButton *players_spin;
  GtkSpinButton *minutes_spin;
  GtkStack      *result_stack;
  GtkLabel      *title_label;
  GtkLabel      *facts_label;
  GtkButton     *reroll_button;
};

G_DEFINE_FINAL_TYPE (TkCollectionPickDialog, tk_collection_pick_dialog, ADW_TYPE_WINDOW)

static void
show_pick (TkCollectionPickDialog *self)
{
  g_autoptr(GString) facts = g_string_new (NULL);
  g_autofree char *players = NULL;
  g_autofree char *time = NULL;
  const char *other = NULL;

  if (self->pick == NULL)
    {
      gtk_stack_set_visible_child_name (self->result_stack, "nothing");
      return;
    }

  gtk_stack_set_visible_child_name (self->result_stack, "pick");
  gtk_label_set_text (self->title_label, tk_collection_display_title (self->pick, &other));
  if (other != NULL)
    g_string_append (facts, other);
  players = tk_game_describe_players (self->pick);
  if (players != NULL && *players != '\0')
    {
      g_autofree char *text = g_strdup_printf (_("%s players"), players);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? "\n" : "", text);
    }
  time = tk_game_describe_time (self->pick);
  if (time != NULL && *time != '\0')
    {
      g_autofree char *text = g_strdup_printf (_("%s minutes"), time);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? "\n" : "", text);
    }
  gtk_label_set_text (self->facts_label, facts->str);
}

static void
roll (TkCollectionPickDialog *self)
{
  g_autoptr(GError) error = NULL;
  guint players = (guint) gtk_spin_button_get_value_as_int (self->players_spin);
  guint minutes = (guint) gtk_spin_button_get_value_as_int (self->minutes_spin);
  gint64 previous = self->pick != NULL ? tk_game_get_id (self->pick) : 0;

  g_clear_object (&self->pick);
  /* A re-roll should show another game when there is one: try a few draws. */
  for (guint attempt = 0; attempt < 5; attempt++)
    {
      g_clear_object (&self->pick);
      self->pick = tk_collection_pick_random (self->collection, players, minutes, self->rand,
                                              &error);
      if (self->pick == NULL || tk_game_get_id (self->pick) != previous)
        break;
    }
  if (error != NULL)
    g_warning ("Could not pick a game: %s", error->message);
  show_pick (self);
}

static void
on_changed (TkCollectionPickDialog *self)
{
  if (self->collection != NULL)
    roll (self);
}

static gboolean
on_spin_output (GtkSpinButton *spin)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;

  /* Translators: in "What can we play?", a field left at "no limit". */
  text = value == 0 ? g_strdup (C_("filter", "Any")) : g_strdup_printf ("%d", value);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 value = g_ascii_strtoll (text, &end, 10);

  *new_value = end == text ? 0 : MAX (value, 0);
  return TRUE;
}

static void
reroll_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  roll (TK_COLLECTION_PICK_DIALOG (widget));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

static void
tk_collection_pick_dialog_dispose (GObject *object)
{
  TkCollectionPickDialog *self = TK_COLLECTION_PICK_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_COLLECTION_PICK_DIALOG);
  g_clear_object (&self->collection);
  g_clear_object (&self->pick);
  g_clear_pointer (&self->rand, g_rand_free);

  G_OBJECT_CLASS (tk_collection_pick_dialog_parent_class)->dispose (object);
}

static void
tk_collection_pick_dialog_class_init (TkCollectionPickDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_collection_pick_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-collection-pick-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, players_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, result_stack);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, facts_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionPickDialog, reroll_button);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_spin_output);
  gtk_widget_class_bind_template_callback (widget_class, on_spin_input);

  gtk_widget_class_install_action (widget_class, "pick.reroll", NULL, reroll_action);
  gtk_widget_class_install_action (widget_class, "pick.close", NULL, close_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "pick.close", NULL);
}

static void
tk_collection_pick_dialog_init (TkCollectionPickDialog *self)
{
  self->rand = g_rand_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

TkCollectionPickDialog *
tk_collection_pick_dialog_new (GtkWindow    *parent,
                               TkCollection *collection)
{
  TkCollectionPickDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TK_IS_COLLECTION (collection), NULL);

  self = g_object_new (TK_TYPE_COLLECTION_PICK_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       NULL);
  self->collection = g_object_ref (collection);
  roll (self);
  return self;
}

void
tk_collection_pick_dialog_set_seed (TkCollectionPickDialog *self,
                                    guint32                 seed)
{
  g_return_if_fail (TK_IS_COLLECTION_PICK_DIALOG (self));

  g_rand_set_seed (self->rand, seed);
}

TkGame *
tk_collection_pick_dialog_reroll (TkCollectionPickDialog *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_PICK_DIALOG (self), NULL);

  roll (self);
  return self->pick;
}
