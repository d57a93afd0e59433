/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-player-card.c — one player as every game shows them (see the header).
 *
 * The sentence a screen reader hears is made once the part has patched the whole card (a
 * source after the last setter), so that the lines a part appends below are in it too.  It
 * names the card, and the flow-box item around it when there is one: that is what takes the
 * focus.
 */
#define G_LOG_DOMAIN "tk-player-card"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "tk-accessible.h"
#include "tk-colour-dot.h"
#include "tk-panel-widgets.h"
#include "tk-player-card.h"
#include "tk-points.h"
#include "tk-session-style.h"

struct _TkPlayerCard
{
  GtkBox     parent_instance;

  char      *colour;
  char      *sentence;   /* what a screen reader hears */
  double     points;
  gboolean   total_is_points;
  gboolean   active, winner, first;
  guint      sentence_source;

  /* template */
  GtkWidget *dot;
  GtkLabel  *name_label;
  GtkWidget *first_image;
  GtkWidget *turn_badge;
  GtkLabel  *total_label;
  GtkLabel  *caption_label;
};

enum
{
  PROP_0,
  PROP_COLOUR,
  PROP_PLAYER_NAME,
  PROP_TOTAL,
  PROP_CAPTION,
  PROP_ACTIVE,
  PROP_WINNER,
  PROP_FIRST,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkPlayerCard, tk_player_card, GTK_TYPE_BOX)

/* Copies the visible labels under @widget into @texts, buttons left out (they are stops of
 * their own). */
static void
collect_text (GtkWidget *widget,
              GPtrArray *texts)
{
  if (!gtk_widget_get_visible (widget) || GTK_IS_BUTTON (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, texts);
}

static gboolean
update_sentence (gpointer data)
{
  TkPlayerCard *self = data;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *rest = NULL;
  const char *name = gtk_label_get_text (self->name_label);

  self->sentence_source = 0;
  if (self->total_is_points && gtk_widget_get_visible (GTK_WIDGET (self->total_label)))
    /* Translators: a player's total as a screen reader reads their card, e.g. "23 points" */
    g_ptr_array_add (texts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s point", "%s points",
                                                          (gulong) fabs (self->points)),
                                             gtk_label_get_text (self->total_label)));
  else
    collect_text (GTK_WIDGET (self->total_label), texts);
  collect_text (GTK_WIDGET (self->caption_label), texts);
  /* the badges beside the name (the star and "Turn" said in words), the lines below */
  for (GtkWidget *child = gtk_widget_get_next_sibling (GTK_WIDGET (self->name_label));
       child != self->first_image; child = gtk_widget_get_next_sibling (child))
    collect_text (child, texts);
  if (self->active)
    /* Translators: read on the card of the player whose turn it is */
    g_ptr_array_add (texts, g_strdup (_("their turn")));
  if (self->first)
    g_ptr_array_add (texts, g_strdup (_("First player")));
  for (GtkWidget *child = gtk_widget_get_next_sibling (GTK_WIDGET (self->caption_label));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_text (child, texts);
  g_ptr_array_add (texts, NULL);

  rest = g_strjoinv (_(", "), (char **) texts->pdata);
  g_free (self->sentence);
  /* Translators: a player's card as a screen reader reads it, e.g. "Ana: 23 points, Rank 1" */
  self->sentence = rest[0] != '\0' ? g_strdup_printf (_("%s: %s"), name, rest) : g_strdup (name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->sentence, -1);
  if (GTK_IS_FLOW_BOX_CHILD (gtk_widget_get_parent (GTK_WIDGET (self))))
    tk_accessible_label_item (GTK_WIDGET (self), self->sentence);
  return G_SOURCE_REMOVE;
}

/* Once the part has patched the card.  At the default priority, not an idle one: GTK's
 * frames would keep putting an idle off while the window redraws. */
static void
queue_sentence (TkPlayerCard *self)
{
  if (self->sentence_source == 0)
    self->sentence_source = g_idle_add_full (G_PRIORITY_DEFAULT, update_sentence, self, NULL);
}

/* Sets @label's text and shows it, or hides it when @text is NULL; FALSE when nothing changed. */
static gboolean
set_label (GtkLabel   *label,
           const char *text)
{
  gboolean changed = gtk_widget_get_visible (GTK_WIDGET (label)) != (text != NULL) ||
                     (text != NULL && g_strcmp0 (gtk_label_get_text (label), text) != 0);

  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL);
  if (text != NULL)
    gtk_label_set_text (label, text);
  return changed;
}

static void
tk_player_card_dispose (GObject *object)
{
  TkPlayerCard *self = TK_PLAYER_CARD (object);

  g_clear_handle_id (&self->sentence_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_PLAYER_CARD);
  G_OBJECT_CLASS (tk_player_card_parent_class)->dispose (object);
}

static void
tk_player_card_finalize (GObject *object)
{
  g_free (TK_PLAYER_CARD (object)->colour);
  g_free (TK_PLAYER_CARD (object)->sentence);
  G_OBJECT_CLASS (tk_player_card_parent_class)->finalize (object);
}

static void
tk_player_card_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TkPlayerCard *self = TK_PLAYER_CARD (object);
  GtkLabel *labels[N_PROPS] = { [PROP_PLAYER_NAME] = self->name_label,
                                [PROP_TOTAL] = self->total_label,
                                [PROP_CAPTION] = self->caption_label };
  gboolean flags[N_PROPS] = { [PROP_ACTIVE] = self->active, [PROP_WINNER] = self->winner,
                              [PROP_FIRST] = self->first };

  if (prop_id == PROP_COLOUR)
    g_value_set_string (value, self->colour);
  else if (labels[prop_id] != NULL)
    g_value_set_string (value, gtk_widget_get_visible (GTK_WIDGET (labels[prop_id]))
                               ? gtk_label_get_text (labels[prop_id]) : NULL);
  else
    g_value_set_boolean (value, flags[prop_id]);
}

/* Every property set asks for the sentence again, changed or not: a part sets the card on
 * each change and patches the lines below it in the same breath. */
static void
tk_player_card_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TkPlayerCard *self = TK_PLAYER_CARD (object);
  const char *text = G_VALUE_HOLDS_STRING (value) ? g_value_get_string (value) : NULL;
  gboolean flag = G_VALUE_HOLDS_BOOLEAN (value) && g_value_get_boolean (value);

  queue_sentence (self);
  switch (prop_id)
    {
    case PROP_COLOUR:
      if (g_strcmp0 (self->colour, text) == 0)
        return;
      g_free (self->colour);
      self->colour = g_strdup (text);
      tk_colour_dot_set_colour (self->dot, text);
      break;
    case PROP_PLAYER_NAME:
      if (!set_label (self->name_label, text != NULL ? text : ""))
        return;
      break;
    case PROP_TOTAL:
      self->total_is_points = FALSE;
      if (!set_label (self->total_label, text))
        return;
      break;
    case PROP_CAPTION:
      if (!set_label (self->caption_label, text))
        return;
      break;
    case PROP_ACTIVE:
      if (self->active == flag)
        return;
      self->active = flag;
      tk_panel_set_class (GTK_WIDGET (self), "tk-active", flag);
      gtk_widget_set_visible (self->turn_badge, flag);
      break;
    case PROP_WINNER:
      if (self->winner == flag)
        return;
      self->winner = flag;
      tk_panel_set_class (GTK_WIDGET (self), "tk-winner", flag);
      break;
    case PROP_FIRST:
      if (self->first == flag)
        return;
      self->first = flag;
      gtk_widget_set_visible (self->first_image, flag);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
tk_player_card_class_init (TkPlayerCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = tk_player_card_dispose;
  object_class->finalize = tk_player_card_finalize;
  object_class->get_property = tk_player_card_get_property;
  object_class->set_property = tk_player_card_set_property;

  /* "player-name": a widget's "name" is GtkWidget's own (what tests and CSS find it by) */
  properties[PROP_COLOUR] = g_param_spec_string ("colour", NULL, NULL, NULL, flags);
  properties[PROP_PLAYER_NAME] = g_param_spec_string ("player-name", NULL, NULL, NULL, flags);
  properties[PROP_TOTAL] = g_param_spec_string ("total", NULL, NULL, NULL, flags);
  properties[PROP_CAPTION] = g_param_spec_string ("caption", NULL, NULL, NULL, flags);
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, flags);
  properties[PROP_WINNER] = g_param_spec_boolean ("winner", NULL, NULL, FALSE, flags);
  properties[PROP_FIRST] = g_param_spec_boolean ("first", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-player-card.ui");
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, dot);
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, first_image);
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, turn_badge);
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, total_label);
  gtk_widget_class_bind_template_child (widget_class, TkPlayerCard, caption_label);
  tk_session_style_ensure ();
}

static void
tk_player_card_init (TkPlayerCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tk_colour_dot_set_colour (self->dot, NULL);
  /* a card made before its flow box is named once it is in it */
  g_signal_connect_swapped (self, "notify::parent", G_CALLBACK (queue_sentence), self);
}

GtkWidget *
tk_player_card_new (void)
{
  return g_object_new (TK_TYPE_PLAYER_CARD, NULL);
}

void
tk_player_card_set_points (TkPlayerCard *self,
                           double        points)
{
  g_autofree char *total = tk_points_format (points);

  g_return_if_fail (TK_IS_PLAYER_CARD (self));

  g_object_set (self, "total", total, NULL);
  self->total_is_points = TRUE;
  self->points = points;
}

void
tk_player_card_add_badge (TkPlayerCard *self,
                          GtkWidget    *badge)
{
  g_return_if_fail (TK_IS_PLAYER_CARD (self));

  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->first_image)), badge,
                              gtk_widget_get_prev_sibling (self->first_image));
  queue_sentence (self);
}

GtkWidget *
tk_player_card_get_total_label (TkPlayerCard *self)
{
  g_return_val_if_fail (TK_IS_PLAYER_CARD (self), NULL);

  return GTK_WIDGET (self->total_label);
}

GtkWidget *
tk_player_card_get_caption_label (TkPlayerCard *self)
{
  g_return_val_if_fail (TK_IS_PLAYER_CARD (self), NULL);

  return GTK_WIDGET (self->caption_label);
}

const char *
tk_player_card_get_sentence (TkPlayerCard *self)
{
  g_return_val_if_fail (TK_IS_PLAYER_CARD (self), NULL);

  return self->sentence;
}
