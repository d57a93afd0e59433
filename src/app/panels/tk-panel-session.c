/* tk-panel-session.c — the "session" property of the game panels (see the header). */
#include "config.h"

#include "tk-panel-session.h"
#include "tk-session.h"

enum
{
  PROP_0,
  PROP_SESSION,
};

/* Where each panel type keeps its session, set once in its class_init. */
static GQuark
offset_quark (void)
{
  return g_quark_from_static_string ("tk-panel-session-offset");
}

static TkSession **
session_member (GObject *object)
{
  gsize offset = GPOINTER_TO_SIZE (g_type_get_qdata (G_OBJECT_TYPE (object), offset_quark ()));

  g_assert (offset != 0);
  return G_STRUCT_MEMBER_P (object, offset);
}

static void
get_property (GObject    *object,
              guint       prop_id,
              GValue     *value,
              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, *session_member (object));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_property (GObject      *object,
              guint         prop_id,
              const GValue *value,
              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      *session_member (object) = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
tk_panel_session_install (GObjectClass *object_class,
                          goffset       session_offset)
{
  g_return_if_fail (G_IS_OBJECT_CLASS (object_class));
  g_return_if_fail (session_offset > 0);

  g_type_set_qdata (G_OBJECT_CLASS_TYPE (object_class), offset_quark (),
                    GSIZE_TO_POINTER ((gsize) session_offset));
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  g_object_class_install_property (object_class, PROP_SESSION,
                                   g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                                                        G_PARAM_READWRITE |
                                                        G_PARAM_CONSTRUCT_ONLY |
                                                        G_PARAM_STATIC_STRINGS));
}

void
tk_panel_session_follow (gpointer  panel,
                         gpointer  session,
                         GCallback refresh)
{
  g_return_if_fail (G_IS_OBJECT (panel));
  g_return_if_fail (TK_IS_SESSION (session));

  g_signal_connect_object (session, "changed", refresh, panel, G_CONNECT_SWAPPED);
  ((void (*) (gpointer)) refresh) (panel);
}
