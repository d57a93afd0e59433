/* tk-metropolis-panel.c — the Foundations of Metropolis bookkeeping panel (placeholder until it is built). */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metropolis-panel.h"

struct _TkMetropolisPanel
{
  AdwBin     parent_instance;

  TkSession *session;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkMetropolisPanel, tk_metropolis_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void
tk_metropolis_panel_dispose (GObject *object)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_METROPOLIS_PANEL);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tk_metropolis_panel_parent_class)->dispose (object);
}

static void
tk_metropolis_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TkMetropolisPanel *self = TK_METROPOLIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_panel_class_init (TkMetropolisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_metropolis_panel_dispose;
  object_class->get_property = tk_metropolis_panel_get_property;
  object_class->set_property = tk_metropolis_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-panel.ui");
}

static void
tk_metropolis_panel_init (TkMetropolisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
