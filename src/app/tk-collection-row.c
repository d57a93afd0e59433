/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-collection-row.c — one game in the Collection page's list: its title, the facts that
 * decide whether it fits tonight, the statuses as icons and the user's rating.
 *
 * Everything shown comes from the library, so every text is plain (GtkInscription has no
 * markup unless asked).  The row is built in code, not from a template, and its texts are
 * GtkInscriptions, not labels: GTK 4.8's list view keeps up to 200 rows and builds one
 * for every game that comes into that range, and measures every one of them on each
 * layout; an inscription's size does not depend on its text, so measuring it shapes no
 * text, and building the row parses nothing.
 */
#define G_LOG_DOMAIN "tk-collection-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-collection-row.h"
#include "tk-accessible.h"

struct _TkCollectionRow
{
  GtkWidget  parent_instance;

  TkGame    *game;

  GtkInscription *title_label;
  GtkInscription *facts_label;
  GtkImage  *owned_image;
  GtkImage  *want_image;
  GtkImage  *played_image;
  GtkImage  *favourite_image;
  GtkBox    *rating_box;
  GtkInscription *rating_label;
};

G_DEFINE_FINAL_TYPE (TkCollectionRow, tk_collection_row, GTK_TYPE_WIDGET)

static void
tk_collection_row_dispose (GObject *object)
{
  GtkWidget *child;
  TkCollectionRow *self = TK_COLLECTION_ROW (object);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tk_collection_row_parent_class)->dispose (object);
}

/* Tooltips are asked for when the pointer rests on an icon, never set while binding: setting
 * one makes GTK look for the pointer (a round trip to the display server), for every row
 * each time the list changes. */
static gboolean
on_query_tooltip (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  TkCollectionRow *self)
{
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
}

static GtkInscription *
add_text (GtkBox     *box,
          const char *style)
{
  GtkWidget *text = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (text), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (text), 0);
  gtk_widget_add_css_class (text, style);
  gtk_box_append (box, text);
  return GTK_INSCRIPTION (text);
}

/* A status icon, named for screen readers, with its tooltip on demand. */
static GtkImage *
add_status (TkCollectionRow *self,
            GtkBox          *box,
            const char      *icon_name,
            const char      *name)
{
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_has_tooltip (image, TRUE);
  g_signal_connect_object (image, "query-tooltip", G_CALLBACK (on_query_tooltip), self, 0);
  gtk_widget_set_visible (image, FALSE);
  gtk_box_append (box, image);
  return GTK_IMAGE (image);
}

static void
tk_collection_row_init (TkCollectionRow *self)
{
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

  gtk_widget_set_margin_start (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 8);

  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (texts, GTK_WIDGET (self));
  self->title_label = add_text (GTK_BOX (texts), "heading");
  self->facts_label = add_text (GTK_BOX (texts), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->facts_label), "caption");

  gtk_widget_set_valign (icons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (icons, 6);
  gtk_widget_set_parent (icons, GTK_WIDGET (self));
  self->owned_image = add_status (self, GTK_BOX (icons), "package-x-generic-symbolic", _("Owned"));
  self->want_image = add_status (self, GTK_BOX (icons), "bookmark-new-symbolic", _("Want to Play"));
  self->played_image = add_status (self, GTK_BOX (icons), "object-select-symbolic", _("Played"));
  self->favourite_image = add_status (self, GTK_BOX (icons), "emblem-favorite-symbolic",
                                      _("Favourite"));
  gtk_widget_add_css_class (GTK_WIDGET (self->favourite_image), "tk-favourite");

  self->rating_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->rating_box), TRUE);
  g_signal_connect_object (self->rating_box, "query-tooltip", G_CALLBACK (on_query_tooltip), self, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->rating_box), FALSE);
  gtk_image_set_pixel_size (GTK_IMAGE (star), 12);
  gtk_box_append (self->rating_box, star);
  self->rating_label = add_text (self->rating_box, "numeric");
  /* Two digits: "10" fits without measuring the text. */
  gtk_inscription_set_min_chars (self->rating_label, 2);
  gtk_inscription_set_nat_chars (self->rating_label, 2);
  gtk_box_append (GTK_BOX (icons), GTK_WIDGET (self->rating_box));
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
  if (other_title != NULL)
    *other_title = tk_game_get_other_title (game);
  return tk_game_get_display_title (game);
}

/* The row is read as one line: title, facts, then the marks its icons show. */
static void
update_accessible_label (TkCollectionRow *self)
{
  g_autoptr(GString) label = g_string_new (gtk_inscription_get_text (self->title_label));
  const char *facts = gtk_inscription_get_text (self->facts_label);
  const struct { GtkImage *image; const char *text; } marks[] = {
    { self->owned_image, _("Owned") },
    { self->want_image, _("Want to Play") },
    { self->played_image, _("Played") },
    { self->favourite_image, _("Favourite") },
  };

  if (facts != NULL && facts[0] != '\0')
    g_string_append_printf (label, ", %s", facts);
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    if (gtk_widget_get_visible (GTK_WIDGET (marks[i].image)))
      g_string_append_printf (label, ", %s", marks[i].text);
  if (self->game != NULL && tk_game_get_rating (self->game) > 0)
    {
      g_string_append (label, ", ");
      g_string_append_printf (label, _("Your rating: %u of 10"), tk_game_get_rating (self->game));
    }
  tk_accessible_label_item (GTK_WIDGET (self), label->str);
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
      gtk_inscription_set_text (self->title_label, NULL);
      gtk_inscription_set_text (self->facts_label, NULL);
      return;
    }

  gtk_inscription_set_text (self->title_label, tk_collection_display_title (game, &other));

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
  gtk_inscription_set_text (self->facts_label, facts->str);
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

      gtk_inscription_set_text (self->rating_label, text);
    }
  update_accessible_label (self);
}
