/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-track.c — one track of a Welcome To... sheet's lower part (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-track"

#include "config.h"

#include "tk-panel-widgets.h"
#include "tk-welcome-to-track.h"

struct _TkWelcomeToTrack
{
  GtkWidget  parent_instance;

  GtkWidget *title_label;
  GtkWidget *points_label;
  GtkWidget *cells;

  GPtrArray *boxes;
};

enum
{
  PROP_0,
  PROP_TITLE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkWelcomeToTrack, tk_welcome_to_track, GTK_TYPE_WIDGET)

static void
tk_welcome_to_track_dispose (GObject *object)
{
  TkWelcomeToTrack *self = TK_WELCOME_TO_TRACK (object);

  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_WELCOME_TO_TRACK);
  /* the title row is no field of ours: GTK 4.8 leaves it to us */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->boxes, g_ptr_array_unref);
  G_OBJECT_CLASS (tk_welcome_to_track_parent_class)->dispose (object);
}

static void
tk_welcome_to_track_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkWelcomeToTrack *self = TK_WELCOME_TO_TRACK (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_text (GTK_LABEL (self->title_label)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_welcome_to_track_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkWelcomeToTrack *self = TK_WELCOME_TO_TRACK (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      gtk_label_set_text (GTK_LABEL (self->title_label), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_welcome_to_track_class_init (TkWelcomeToTrackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_welcome_to_track_dispose;
  object_class->get_property = tk_welcome_to_track_get_property;
  object_class->set_property = tk_welcome_to_track_set_property;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-track.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTrack, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTrack, points_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToTrack, cells);
}

static void
tk_welcome_to_track_init (TkWelcomeToTrack *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->boxes = g_ptr_array_new ();
}

GtkWidget *
tk_welcome_to_track_cell_new (gint value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);
  GtkWidget *cell = gtk_label_new (text);

  gtk_widget_add_css_class (cell, "tk-welcome-to-cell");
  gtk_widget_add_css_class (cell, "numeric");
  return cell;
}

void
tk_welcome_to_track_set_boxes (TkWelcomeToTrack *self,
                               GArray           *values,
                               guint             n_boxes)
{
  const char *name;

  g_return_if_fail (TK_IS_WELCOME_TO_TRACK (self));

  name = gtk_widget_get_name (GTK_WIDGET (self));
  tk_panel_clear (self->cells);
  g_ptr_array_set_size (self->boxes, 0);
  for (guint i = 0; i < n_boxes; i++)
    {
      gboolean count = i + 1 >= values->len;
      GtkWidget *box = tk_welcome_to_track_cell_new (count ? (gint) i + 1
                                                           : g_array_index (values, gint, i + 1));

      if (count)
        gtk_widget_add_css_class (box, "tk-welcome-to-count");
      tk_panel_set_name (box, "%s-%u", name, i + 1);
      gtk_flow_box_append (GTK_FLOW_BOX (self->cells), box);
      /* the slot takes no focus: Tab goes from button to button */
      gtk_widget_set_focusable (gtk_widget_get_parent (box), FALSE);
      g_ptr_array_add (self->boxes, box);
    }
}

void
tk_welcome_to_track_update (TkWelcomeToTrack *self,
                            guint             crossed,
                            gint64            points)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

  g_return_if_fail (TK_IS_WELCOME_TO_TRACK (self));

  for (guint i = 0; i < self->boxes->len; i++)
    tk_panel_set_class (g_ptr_array_index (self->boxes, i), "tk-welcome-to-crossed", i < crossed);
  gtk_label_set_text (GTK_LABEL (self->points_label), text);
}
