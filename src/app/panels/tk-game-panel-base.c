/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game-panel-base.c — TkGamePanel, what every game panel is built on (see the header). */
#define G_LOG_DOMAIN "tk-game-panel"

#include "config.h"

#include "tk-game-panel-base.h"
#include "tk-panel-host.h"

typedef struct
{
  TkSession    *session;
  TkPanelModel *model;
  gboolean      wide;
  guint         layout_idle;
} TkGamePanelPrivate;

#define PHONE_WIDTH 336    /* px: a 360 px screen less the session view's margins */

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_MODEL,
  PROP_WIDE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TkGamePanel, tk_game_panel, ADW_TYPE_BIN)

/* "game-panel.show-message" (s): a part's hint, shown by the host. */
static void
show_message_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  tk_game_panel_show_message (TK_GAME_PANEL (widget), g_variant_get_string (parameter, NULL));
}

/* ---- the wide layout ---- */

static gboolean
switch_layout (gpointer data)
{
  TkGamePanel *self = data;
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (self);
  gboolean wide = gtk_widget_get_width (GTK_WIDGET (self)) >=
                  TK_GAME_PANEL_GET_CLASS (self)->wide_width;

  priv->layout_idle = 0;
  if (wide == priv->wide)
    return G_SOURCE_REMOVE;
  if (TK_GAME_PANEL_GET_CLASS (self)->wide_changed != NULL)
    TK_GAME_PANEL_GET_CLASS (self)->wide_changed (self, wide);
  priv->wide = wide;
  /* the parts lay out their own rows */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
  return G_SOURCE_REMOVE;
}

/* With a wide_width the panel has no layout manager and lays its child out itself, to see
 * its width; "wide" follows it, changed after the allocation (never during it).  (With a
 * layout manager GTK never calls these three.) */
static GtkSizeRequestMode
tk_game_panel_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
tk_game_panel_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (TK_GAME_PANEL (widget));
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  int child_minimum = 0;

  if (child == NULL || !gtk_widget_should_layout (child))
    {
      *minimum = *natural = 0;
      return;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      for_size = MAX (for_size, child_minimum);
    }
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  /* Side by side the panel needs more than on a phone; saying so would keep the window
   * from being made narrow, so it asks for no more than a phone's width and goes back to
   * the narrow layout when it gets less than wide_width. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL && priv->wide)
    *minimum = MIN (*minimum, PHONE_WIDTH);
}

static void
tk_game_panel_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  TkGamePanel *self = TK_GAME_PANEL (widget);
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (self);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if ((width >= TK_GAME_PANEL_GET_CLASS (self)->wide_width) != priv->wide &&
      priv->layout_idle == 0)
    /* above the redraw priority: an animation elsewhere in the window must not hold the
     * switch back */
    priv->layout_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, switch_layout, self, NULL);
  if (child != NULL && gtk_widget_should_layout (child))
    {
      int child_minimum;

      /* for the one frame before the layout switches, never less than the child needs
       * (clipped: the panel's overflow is hidden) */
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
      gtk_widget_allocate (child, MAX (width, child_minimum), height, baseline, NULL);
    }
}

/* ---- object ---- */

static void
tk_game_panel_constructed (GObject *object)
{
  TkGamePanel *self = TK_GAME_PANEL (object);
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (self);

  G_OBJECT_CLASS (tk_game_panel_parent_class)->constructed (object);

  if (TK_GAME_PANEL_GET_CLASS (self)->wide_width > 0)
    {
      gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
      gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
    }

  if (priv->session != NULL && TK_GAME_PANEL_GET_CLASS (self)->create_model != NULL)
    {
      priv->model = TK_GAME_PANEL_GET_CLASS (self)->create_model (self, priv->session);
      g_signal_connect_object (priv->model, "apply", G_CALLBACK (tk_game_panel_apply), self,
                               G_CONNECT_SWAPPED);
      g_object_notify_by_pspec (object, properties[PROP_MODEL]);
    }
}

static void
tk_game_panel_dispose (GObject *object)
{
  TkGamePanel *self = TK_GAME_PANEL (object);
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (self);

  g_clear_handle_id (&priv->layout_idle, g_source_remove);
  if (TK_GAME_PANEL_GET_CLASS (self)->template_type != G_TYPE_INVALID)
    gtk_widget_dispose_template (GTK_WIDGET (self), TK_GAME_PANEL_GET_CLASS (self)->template_type);
  g_clear_object (&priv->model);
  g_clear_object (&priv->session);
  G_OBJECT_CLASS (tk_game_panel_parent_class)->dispose (object);
}

static void
tk_game_panel_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TkGamePanel *self = TK_GAME_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, tk_game_panel_get_session (self));
      break;
    case PROP_MODEL:
      g_value_set_object (value, tk_game_panel_get_model (self));
      break;
    case PROP_WIDE:
      g_value_set_boolean (value, tk_game_panel_get_wide (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_game_panel_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TkGamePanel *self = TK_GAME_PANEL (object);
  TkGamePanelPrivate *priv = tk_game_panel_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_SESSION:
      priv->session = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_game_panel_class_init (TkGamePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_game_panel_constructed;
  object_class->dispose = tk_game_panel_dispose;
  object_class->get_property = tk_game_panel_get_property;
  object_class->set_property = tk_game_panel_set_property;
  widget_class->get_request_mode = tk_game_panel_get_request_mode;
  widget_class->measure = tk_game_panel_measure;
  widget_class->size_allocate = tk_game_panel_size_allocate;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, TK_TYPE_PANEL_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the regions side by side (the layout the parts were last told) */
  properties[PROP_WIDE] =
    g_param_spec_boolean ("wide", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "game-panel.show-message", "s",
                                   show_message_action);
}

static void
tk_game_panel_init (TkGamePanel *self)
{
}

void
tk_game_panel_class_set_template (TkGamePanelClass *klass,
                                  const char       *resource_path)
{
  g_return_if_fail (TK_IS_GAME_PANEL_CLASS (klass));

  gtk_widget_class_set_template_from_resource (GTK_WIDGET_CLASS (klass), resource_path);
  klass->template_type = G_TYPE_FROM_CLASS (klass);
}

TkSession *
tk_game_panel_get_session (TkGamePanel *self)
{
  TkGamePanelPrivate *priv;

  g_return_val_if_fail (TK_IS_GAME_PANEL (self), NULL);

  priv = tk_game_panel_get_instance_private (self);
  return priv->session;
}

TkPanelModel *
tk_game_panel_get_model (TkGamePanel *self)
{
  TkGamePanelPrivate *priv;

  g_return_val_if_fail (TK_IS_GAME_PANEL (self), NULL);

  priv = tk_game_panel_get_instance_private (self);
  return priv->model;
}

gboolean
tk_game_panel_get_wide (TkGamePanel *self)
{
  TkGamePanelPrivate *priv;

  g_return_val_if_fail (TK_IS_GAME_PANEL (self), FALSE);

  priv = tk_game_panel_get_instance_private (self);
  return priv->wide;
}

gboolean
tk_game_panel_apply (TkGamePanel *self,
                     JsonObject  *action)
{
  g_return_val_if_fail (TK_IS_GAME_PANEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return tk_panel_host_apply_from (GTK_WIDGET (self), tk_game_panel_get_session (self), action);
}

void
tk_game_panel_show_message (TkGamePanel *self,
                            const char  *text)
{
  g_return_if_fail (TK_IS_GAME_PANEL (self));
  g_return_if_fail (text != NULL);

  tk_panel_host_show_message_from (GTK_WIDGET (self), text);
}
