/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-options.c — the Metromania setup options: how a trip is timed, the Board Game
 * Arena variant, and the rule table (every number but the time unit comes only from the
 * seed text, so each one can be changed to what the players' rule book says); rows of its
 * template.  The district layouts saved from earlier games are offered here.
 */
#define G_LOG_DOMAIN "tk-metromania-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metromania-options.h"
#include "tk-metromania-layouts.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-spin-row.h"
#include "panels/tk-setup-switch-row.h"

struct _TkMetromaniaOptions
{
  AdwPreferencesGroup parent_instance;

  AdwComboRow        *layout_row;     /* item 0: enter on the board; then the saved layouts */
  JsonArray          *layouts;
};

static void tk_metromania_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkMetromaniaOptions, tk_metromania_options,
                               ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_metromania_options_iface_init))

static gboolean
tk_metromania_options_fill_setup (TkSetupOptions *options,
                                  JsonObject     *setup,
                                  GError        **error)
{
  TkMetromaniaOptions *self = TK_METROMANIA_OPTIONS (options);
  guint chosen = adw_combo_row_get_selected (self->layout_row);

  tk_setup_rows_write (GTK_WIDGET (self), setup);
  /* The network is drawn on the board; the lake, the park and the arrows are entered on it
   * in the panel, or come from a layout saved there. */
  if (chosen >= 1 && chosen <= json_array_get_length (self->layouts))
    {
      JsonObject *layout = json_array_get_object_element (self->layouts, chosen - 1);
      g_autoptr(JsonNode) board = json_node_copy (json_object_get_member (layout, "board"));

      json_object_set_object_member (setup, "board", json_object_ref (json_node_get_object (board)));
    }
  else if (!json_object_has_member (setup, "board"))
    json_object_set_object_member (setup, "board", json_object_new ());
  return TRUE;
}

static void
tk_metromania_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->fill_setup = tk_metromania_options_fill_setup;
}

static void
tk_metromania_options_dispose (GObject *object)
{
  TkMetromaniaOptions *self = TK_METROMANIA_OPTIONS (object);

  g_clear_pointer (&self->layouts, json_array_unref);
  G_OBJECT_CLASS (tk_metromania_options_parent_class)->dispose (object);
}

static void
tk_metromania_options_class_init (TkMetromaniaOptionsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_metromania_options_dispose;
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  g_type_ensure (TK_TYPE_SETUP_SPIN_ROW);
  g_type_ensure (TK_TYPE_SETUP_SWITCH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-metromania-options.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaOptions, layout_row);
}

static void
tk_metromania_options_init (TkMetromaniaOptions *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->layouts = tk_metromania_layouts_load ();
  gtk_string_list_append (names, _("Enter It on the Board"));
  for (guint i = 0; i < json_array_get_length (self->layouts); i++)
    gtk_string_list_append (names, json_object_get_string_member (
                                     json_array_get_object_element (self->layouts, i), "name"));
  adw_combo_row_set_model (self->layout_row, G_LIST_MODEL (names));
}
