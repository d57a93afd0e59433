/* tk-agora-panel.c — the Agora bookkeeping panel (placeholder until it is built). */
#define G_LOG_DOMAIN "tk-agora-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-agora-panel.h"

struct _TkAgoraPanel
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

G_DEFINE_FINAL_TYPE (TkAgoraPanel, tk_agora_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void
tk_agora_panel_dispose (GObject *object)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_AGORA_PANEL);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tk_agora_panel_parent_class)->dispose (object);
}

static void
tk_agora_panel_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

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
tk_agora_panel_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TkAgoraPanel *self = TK_AGORA_PANEL (object);

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
tk_agora_panel_class_init (TkAgoraPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_agora_panel_dispose;
  object_class->get_property = tk_agora_panel_get_property;
  object_class->set_property = tk_agora_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-agora-panel.ui");
}

static void
tk_agora_panel_init (TkAgoraPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
