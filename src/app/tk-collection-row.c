/* tk-collection-row.c — one game in the Collection page's list: its title, the facts that
 * decide whether it fits tonight, the statuses as icons and the user's rating.
 *
 * Everything shown comes from the library, so every label is plain text.
 */
#define G_LOG_DOMAIN "tk-collection-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-collection-row.h"

struct _TkCollectionRow
{
  GtkWidget  parent_instance;

  TkGame    *game;

  GtkLabel  *title_label;
  GtkLabel  *facts_label;
  GtkImage  *owned_image;
  GtkImage  *want_image;
  GtkImage  *played_image;
  GtkImage  *favourite_image;
  GtkBox    *rating_box;
  GtkLabel  *rating_label;
};

G_DEFINE_FINAL_TYPE (TkCollectionRow, tk_collection_row, GTK_TYPE_WIDGET)

static gboolean
ui_is_japanese (void)
{
  static int japanese = -1;

  if (japanese < 0)
    {
      const char * const *names = g_get_language_names ();

      japanese = names[0] != NULL && g_str_has_prefix (names[0], "ja");
    }
  return japanese;
}

static void
tk_collection_row_dispose (GObject *object)
{
  GtkWidget *child;
  TkCollectionRow *self = TK_COLLECTION_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_COLLECTION_ROW);
  /* The template's top-level children are not bound: let them go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tk_collection_row_parent_class)->dispose (object);
}

/* Tooltips are asked for when the pointer rests on an icon, never set while binding: setting
 * one makes GTK look for the pointer (a round trip to the display server), for every row
 * each time the list changes. */
static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  TkCollectionRow *self = TK_COLLECTION_ROW (gtk_widget_get_ancestor (widget, TK_TYPE_COLLECTION_ROW));
  g_autofree char *text = NULL;

  if (widget == GTK_WIDGET (self->owned_image))
    text = g_strdup (_("Owned"));
  else if (widget == GTK_WIDGET (self->want_image))
    text = g_strdup (_("Want to Play"));
  else if (widget == GTK_WIDGET (self->played_image))
    text = g_strdup (_("Played"));
  else if (widget == GTK_WIDGET (self->favourite_image))
    text = g_strdup (_("Favourite"));
  else if (self->game != NULL && tk_game_get_rating (self->game) > 0)
    text = g_strdup_printf (_("Your rating: %u of 10"), tk_game_get_rating (self->game));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
tk_collection_row_class_init (TkCollectionRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_collection_row_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-collection-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, facts_label);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, owned_image);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, want_image);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, played_image);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, favourite_image);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, rating_box);
  gtk_widget_class_bind_template_child (widget_class, TkCollectionRow, rating_label);
  gtk_widget_class_bind_template_callback (widget_class, on_query_tooltip);
}

static void
tk_collection_row_init (TkCollectionRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tk_collection_row_new (void)
{
  return g_object_new (TK_TYPE_COLLECTION_ROW, NULL);
}

TkGame *
tk_collection_row_get_game (TkCollectionRow *self)
{
  g_return_val_if_fail (TK_IS_COLLECTION_ROW (self), NULL);

  return self->game;
}

const char *
tk_collection_display_title (TkGame      *game,
                             const char **other_title)
{
  const char *title = tk_game_get_title (game);
  const char *title_ja = tk_game_get_title_ja (game);
  gboolean have_ja = title_ja != NULL && *title_ja != '\0' && g_strcmp0 (title, title_ja) != 0;

  if (have_ja && ui_is_japanese ())
    {
      if (other_title != NULL)
        *other_title = title;
      return title_ja;
    }
  if (other_title != NULL)
    *other_title = have_ja ? title_ja : NULL;
  return title;
}

void
tk_collection_row_set_game (TkCollectionRow *self,
                            TkGame          *game)
{
  g_autoptr(GString) facts = NULL;
  g_autofree char *players = NULL;
  g_autofree char *time = NULL;
  const char *other = NULL;
  guint rating;

  g_return_if_fail (TK_IS_COLLECTION_ROW (self));
  g_return_if_fail (game == NULL || TK_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  if (game == NULL)
    {
      gtk_label_set_text (self->title_label, "");
      gtk_label_set_text (self->facts_label, "");
      return;
    }

  gtk_label_set_text (self->title_label, tk_collection_display_title (game, &other));

  facts = g_string_new (NULL);
  if (other != NULL)
    g_string_append (facts, other);
  if (tk_game_get_year (game) > 0)
    g_string_append_printf (facts, "%s%d", facts->len > 0 ? " · " : "", tk_game_get_year (game));
  players = tk_game_describe_players (game);
  if (players != NULL && *players != '\0')
    {
      /* Translators: a short count of players in a list row, e.g. "2–4 players". */
      g_autofree char *text = g_strdup_printf (_("%s players"), players);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? " · " : "", text);
    }
  time = tk_game_describe_time (game);
  if (time != NULL && *time != '\0')
    {
      /* Translators: a short play time in a list row, e.g. "30–60 min". */
      g_autofree char *text = g_strdup_printf (_("%s min"), time);
      g_string_append_printf (facts, "%s%s", facts->len > 0 ? " · " : "", text);
    }
  gtk_label_set_text (self->facts_label, facts->str);
  gtk_widget_set_visible (GTK_WIDGET (self->facts_label), facts->len > 0);

  gtk_widget_set_visible (GTK_WIDGET (self->owned_image),
                          tk_game_has_status (game, TK_GAME_STATUS_OWNED));
  gtk_widget_set_visible (GTK_WIDGET (self->want_image),
                          tk_game_has_status (game, TK_GAME_STATUS_WANT_TO_PLAY));
  gtk_widget_set_visible (GTK_WIDGET (self->played_image),
                          tk_game_has_status (game, TK_GAME_STATUS_PLAYED));
  gtk_widget_set_visible (GTK_WIDGET (self->favourite_image),
                          tk_game_has_status (game, TK_GAME_STATUS_FAVOURITE));

  rating = tk_game_get_rating (game);
  gtk_widget_set_visible (GTK_WIDGET (self->rating_box), rating > 0);
  if (rating > 0)
    {
      g_autofree char *text = g_strdup_printf ("%u", rating);

      gtk_label_set_text (self->rating_label, text);
    }
}
