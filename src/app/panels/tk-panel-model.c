/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-panel-model.c — what every panel's model does with its session (see the header). */
#define G_LOG_DOMAIN "tk-panel-model"

#include "config.h"

#include "tk-panel-model.h"

typedef struct
{
  TkSession *session;
  char      *moment_key;   /* what the subclass's transient choices belong to */
  guint      moment;
} TkPanelModelPrivate;

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  APPLY,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (TkPanelModel, tk_panel_model, G_TYPE_OBJECT)

static void
session_changed (TkPanelModel *self)
{
  /* the subclass's own notifications (its transient choices) come after ::changed, so a
   * part that follows both finds them already read */
  g_object_freeze_notify (G_OBJECT (self));
  TK_PANEL_MODEL_GET_CLASS (self)->read_session (self);
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

/* ::apply's default: straight to the session (nobody routes it to a view). */
static gboolean
apply_to_session (TkPanelModel *self,
                  JsonObject   *action)
{
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (!tk_session_apply (priv->session, action, &error))
    {
      g_message ("Refused: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- object ---- */

static void
tk_panel_model_constructed (GObject *object)
{
  TkPanelModel *self = TK_PANEL_MODEL (object);
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);

  G_OBJECT_CLASS (tk_panel_model_parent_class)->constructed (object);

  g_assert (TK_IS_SESSION (priv->session));
  g_signal_connect_object (priv->session, "changed", G_CALLBACK (session_changed), self,
                           G_CONNECT_SWAPPED);
  /* the first read emits no ::changed: nobody can be connected yet */
  TK_PANEL_MODEL_GET_CLASS (self)->read_session (self);
}

static void
tk_panel_model_dispose (GObject *object)
{
  TkPanelModel *self = TK_PANEL_MODEL (object);
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);

  g_clear_object (&priv->session);
  G_OBJECT_CLASS (tk_panel_model_parent_class)->dispose (object);
}

static void
tk_panel_model_finalize (GObject *object)
{
  TkPanelModel *self = TK_PANEL_MODEL (object);
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);

  g_free (priv->moment_key);
  G_OBJECT_CLASS (tk_panel_model_parent_class)->finalize (object);
}

static void
tk_panel_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TkPanelModel *self = TK_PANEL_MODEL (object);
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, priv->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_panel_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TkPanelModel *self = TK_PANEL_MODEL (object);
  TkPanelModelPrivate *priv = tk_panel_model_get_instance_private (self);

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
tk_panel_model_class_init (TkPanelModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = tk_panel_model_constructed;
  object_class->dispose = tk_panel_model_dispose;
  object_class->finalize = tk_panel_model_finalize;
  object_class->get_property = tk_panel_model_get_property;
  object_class->set_property = tk_panel_model_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Once per TkSession::changed, after everything was read. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* An action to apply; the first handler's answer wins (the panel's, through the session
   * view), else the default applies it to the session.  TRUE when the session took it. */
  signals[APPLY] = g_signal_new_class_handler ("apply", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, G_CALLBACK (apply_to_session),
                                               g_signal_accumulator_first_wins, NULL, NULL,
                                               G_TYPE_BOOLEAN, 1,
                                               JSON_TYPE_OBJECT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
tk_panel_model_init (TkPanelModel *self)
{
}

/* ---- public ---- */

TkSession *
tk_panel_model_get_session (TkPanelModel *self)
{
  TkPanelModelPrivate *priv;

  g_return_val_if_fail (TK_IS_PANEL_MODEL (self), NULL);
  priv = tk_panel_model_get_instance_private (self);
  return priv->session;
}

gboolean
tk_panel_model_apply (TkPanelModel *self,
                      JsonObject   *action)
{
  gboolean taken = FALSE;

  g_return_val_if_fail (TK_IS_PANEL_MODEL (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  g_signal_emit (self, signals[APPLY], 0, action, &taken);
  return taken;
}

gboolean
tk_panel_model_set_moment (TkPanelModel *self,
                           const char   *key)
{
  TkPanelModelPrivate *priv;

  g_return_val_if_fail (TK_IS_PANEL_MODEL (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  priv = tk_panel_model_get_instance_private (self);

  if (g_strcmp0 (key, priv->moment_key) == 0)
    return FALSE;
  g_free (priv->moment_key);
  priv->moment_key = g_strdup (key);
  priv->moment++;
  return TRUE;
}

guint
tk_panel_model_get_moment (TkPanelModel *self)
{
  TkPanelModelPrivate *priv;

  g_return_val_if_fail (TK_IS_PANEL_MODEL (self), 0);
  priv = tk_panel_model_get_instance_private (self);
  return priv->moment;
}
