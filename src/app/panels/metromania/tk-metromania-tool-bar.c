/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-tool-bar.c — the tool bar above the Metromania board (see the header).  Its
 * buttons are the template's, each activating one of the bar's actions; only the list of
 * markers the player to move holds is filled in here, patched when it changes, so a tap
 * never destroys the control being used.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-tool-bar.h"
#include "tk-metromania-layouts.h"

struct _TkMetromaniaToolBar
{
  TkPanelPart      parent_instance;

  gboolean         updating;      /* the dropdowns are set from the model, not by the user */
  GtkDropDown     *letter_dropdown;
  GtkStringList   *letters;
  GtkDropDown     *kind_dropdown;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaToolBar, tk_metromania_tool_bar, TK_TYPE_PANEL_PART)

static TkMetromaniaModel *
model_of (TkMetromaniaToolBar *self)
{
  return TK_METROMANIA_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static void
show_message (TkMetromaniaToolBar *self,
              const char          *text)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game-panel.show-message", "s", text);
}

/* ---- the user's choices, into the model ---- */

static void
on_letter_selected (TkMetromaniaToolBar *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->letter_dropdown);

  if (self->updating || model_of (self) == NULL || item == NULL)
    return;
  tk_metromania_model_set_marker_letter (model_of (self), gtk_string_object_get_string (item)[0]);
}

static void
on_kind_selected (TkMetromaniaToolBar *self)
{
  guint kind = gtk_drop_down_get_selected (self->kind_dropdown);

  if (self->updating || model_of (self) == NULL || kind >= G_N_ELEMENTS (tk_metromania_kinds))
    return;
  tk_metromania_model_set_space_kind (model_of (self), tk_metromania_kinds[kind]);
}

/* ---- Save Layout… ---- */

static void
on_save_layout_response (AdwMessageDialog    *dialog,
                         const char          *response,
                         TkMetromaniaToolBar *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;
  JsonObject *board;

  if (g_strcmp0 (response, "save") != 0 || *name == '\0' || model_of (self) == NULL ||
      tk_metromania_model_get_game (model_of (self)) == NULL)
    return;
  board = tk_metromania_model_get_board (model_of (self));
  if (!tk_metromania_layouts_save (name, board, &error))
    show_message (self, error->message);
  else
    {
      /* TRANSLATORS: a Metromania board layout was saved under this name */
      g_autofree char *text = g_strdup_printf (_("Layout “%s” saved for new sessions"), name);
      show_message (self, text);
    }
}

/* "tool-bar.save-layout": asks for a name and keeps the board's printed features under it. */
static void
save_layout_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-layout-dialog.ui");
  GtkWindow *dialog = GTK_WINDOW (gtk_builder_get_object (builder, "dialog"));

  gtk_window_set_transient_for (dialog, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_save_layout_response), widget, 0);
  gtk_window_present (dialog);
}

/* ---- showing the model ---- */

/* The markers the player to move holds, "A · home", patched only when they changed; the one
 * the model has chosen selected. */
static void
update_letters (TkMetromaniaToolBar *self,
                TkMetromaniaModel   *model)
{
  g_autoptr(GArray) markers = tk_metromania_model_free_markers (model);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->letters));
  guint selected = GTK_INVALID_LIST_POSITION;
  gboolean same = n == markers->len;

  for (guint i = 0; i < markers->len; i++)
    {
      const TkMetroMarker *marker = &g_array_index (markers, TkMetroMarker, i);

      g_ptr_array_add (texts, tk_metromania_marker_label (marker));
      if (same && g_strcmp0 (gtk_string_list_get_string (self->letters, i), texts->pdata[i]) != 0)
        same = FALSE;
      if (marker->letter == tk_metromania_model_get_marker_letter (model))
        selected = i;
    }
  if (!same)
    {
      g_ptr_array_add (texts, NULL);
      gtk_string_list_splice (self->letters, 0, n, (const char *const *) texts->pdata);
    }
  if (gtk_drop_down_get_selected (self->letter_dropdown) != selected)
    gtk_drop_down_set_selected (self->letter_dropdown, selected);
}

static void
tk_metromania_tool_bar_update (TkPanelPart  *part,
                               TkPanelModel *panel_model)
{
  TkMetromaniaToolBar *self = TK_METROMANIA_TOOL_BAR (part);
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  TkMetromaniaTool tool = tk_metromania_model_get_tool (model);
  const char *kind = tk_metromania_model_get_space_kind (model);

  self->updating = TRUE;
  /* The tools are for entering turns. */
  gtk_widget_set_visible (GTK_WIDGET (self), tk_metromania_model_is_playing (model));
  update_letters (self, model);
  for (guint k = 0; k < G_N_ELEMENTS (tk_metromania_kinds); k++)
    if (g_strcmp0 (kind, tk_metromania_kinds[k]) == 0 && gtk_drop_down_get_selected (self->kind_dropdown) != k)
      gtk_drop_down_set_selected (self->kind_dropdown, k);
  gtk_widget_set_visible (GTK_WIDGET (self->letter_dropdown),
                          tool == TK_METROMANIA_TOOL_DESTINATION);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_dropdown), tool == TK_METROMANIA_TOOL_SPACE);
  self->updating = FALSE;
}

/* ---- object ---- */

/* The tool and the line are the model's "tool" and "line-style": the toggle buttons of the
 * template activate "tool-bar.tool" and "tool-bar.line" with theirs as the target, and show
 * the one the model holds. */
static void
on_model_set (TkMetromaniaToolBar *self)
{
  g_autoptr(GSimpleActionGroup) group = NULL;
  g_autoptr(GAction) tool = NULL;
  g_autoptr(GAction) line = NULL;

  if (model_of (self) == NULL)
    {
      gtk_widget_insert_action_group (GTK_WIDGET (self), "tool-bar", NULL);
      return;
    }
  group = g_simple_action_group_new ();
  tool = G_ACTION (g_property_action_new ("tool", model_of (self), "tool"));
  line = G_ACTION (g_property_action_new ("line", model_of (self), "line-style"));
  g_action_map_add_action (G_ACTION_MAP (group), tool);
  g_action_map_add_action (G_ACTION_MAP (group), line);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "tool-bar", G_ACTION_GROUP (group));
}

/* The labels of the buttons under @widget, for the name of the flow-box slot around them. */
static void
collect_button_labels (GtkWidget *widget,
                       GString   *names)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    {
      g_autoptr(GString) label = g_string_new (gtk_button_get_label (GTK_BUTTON (widget)));

      if (gtk_button_get_use_underline (GTK_BUTTON (widget)))
        g_string_replace (label, "_", "", 0);
      if (names->len > 0)
        g_string_append (names, _(", "));
      g_string_append (names, label->str);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_button_labels (child, names);
}

static void
tk_metromania_tool_bar_class_init (TkMetromaniaToolBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_tool_bar_update;

  gtk_widget_class_install_action (widget_class, "tool-bar.save-layout", NULL, save_layout_action);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-tool-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, letter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, letters);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, kind_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_letter_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_kind_selected);
}

static void
tk_metromania_tool_bar_init (TkMetromaniaToolBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::model", G_CALLBACK (on_model_set), NULL);

  /* The flow box's slots take the focus (GTK 4.8 keeps Tab on a button when they do not):
   * each is named by the buttons it holds rather than read as "GtkFlowBoxChild". */
  for (GtkWidget *slot = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (self)));
       slot != NULL; slot = gtk_widget_get_next_sibling (slot))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      collect_button_labels (slot, names);
      if (names->len > 0)
        gtk_accessible_update_property (GTK_ACCESSIBLE (slot), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        names->str, -1);
    }
}
