/* tk-table-page.c — the Table page.
 *
 * For now it only shows what the page is for; sessions fill it in a later version.
 */
#define G_LOG_DOMAIN "tk-table-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-table-page.h"

struct _TkTablePage
{
  AdwBin         parent_instance;

  TkStore       *store;

  AdwStatusPage *empty_page;
};

enum
{
  PROP_0,
  PROP_STORE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkTablePage, tk_table_page, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void
tk_table_page_dispose (GObject *object)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

  /* AdwBin unparents its child itself: let it go first, then drop the template's hold. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_TABLE_PAGE);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tk_table_page_parent_class)->dispose (object);
}

static void
tk_table_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_table_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TkTablePage *self = TK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tk_table_page_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_table_page_class_init (TkTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_table_page_dispose;
  object_class->get_property = tk_table_page_get_property;
  object_class->set_property = tk_table_page_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TK_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TkTablePage, empty_page);
}

static void
tk_table_page_init (TkTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tk_table_page_new (void)
{
  return g_object_new (TK_TYPE_TABLE_PAGE, NULL);
}

TkStore *
tk_table_page_get_store (TkTablePage *self)
{
  g_return_val_if_fail (TK_IS_TABLE_PAGE (self), NULL);

  return self->store;
}

void
tk_table_page_set_store (TkTablePage *self,
                         TkStore     *store)
{
  g_return_if_fail (TK_IS_TABLE_PAGE (self));
  g_return_if_fail (store == NULL || TK_IS_STORE (store));

  if (g_set_object (&self->store, store))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}
