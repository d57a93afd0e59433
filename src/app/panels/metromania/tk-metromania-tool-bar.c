/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-tool-bar.c — the tool bar above the Metromania board (see the header).  Its
 * buttons are the template's; only the list of markers the player to move holds is filled
 * in here, patched when it changes, so a tap never destroys the control being used.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-tool-bar.h"
#include "tk-metromania-layouts.h"

struct _TkMetromaniaToolBar
{
  TkPanelPart      parent_instance;

  gboolean         updating;      /* the buttons are set from the model, not by the user */
  GtkToggleButton *line_buttons[2];
  GtkToggleButton *tool_buttons[TK_METROMANIA_N_TOOLS];
  GtkDropDown     *letter_dropdown;
  GtkStringList   *letters;
  GtkDropDown     *kind_dropdown;
  GtkButton       *save_button;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaToolBar, tk_metromania_tool_bar, TK_TYPE_PANEL_PART)

/* The template's ids of the tool buttons, in TkMetromaniaTool's order. */
static const char *const tool_ids[TK_METROMANIA_N_TOOLS] = {
  "tool_tunnel", "tool_station", "tool_destination", "tool_lake", "tool_park", "tool_arrow",
  "tool_end_arrow", "tool_river", "tool_forest", "tool_space",
};

/* The model's "space-kind" values, in the order of the kind list. */
static const char *const kind_ids[] = { "home", "work", "leisure" };

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
on_tool_toggled (GtkToggleButton     *button,
                 TkMetromaniaToolBar *self)
{
  if (self->updating || model_of (self) == NULL || !gtk_toggle_button_get_active (button))
    return;
  for (guint t = 0; t < TK_METROMANIA_N_TOOLS; t++)
    if (self->tool_buttons[t] == button)
      tk_metromania_model_set_tool (model_of (self), t);
}

static void
on_line_toggled (GtkToggleButton     *button,
                 TkMetromaniaToolBar *self)
{
  if (self->updating || model_of (self) == NULL || !gtk_toggle_button_get_active (button))
    return;
  tk_metromania_model_set_line_style (model_of (self), button == self->line_buttons[1]);
}

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

  if (self->updating || model_of (self) == NULL || kind >= G_N_ELEMENTS (kind_ids))
    return;
  tk_metromania_model_set_space_kind (model_of (self), kind_ids[kind]);
}

/* ---- Save Layout… ---- */

static void
on_save_layout_response (AdwMessageDialog    *dialog,
                         const char          *response,
                         TkMetromaniaToolBar *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
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

/* Asks for a name and keeps the board's printed features under it. */
static void
on_save_layout_clicked (TkMetromaniaToolBar *self)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Save Board Layout"),
                                              _("New sessions can start from this layout of the "
                                                "districts: its lake, park, rivers, forests, "
                                                "arrows and destination spaces."));
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Layout name"));
  gtk_entry_set_max_length (GTK_ENTRY (entry), 60);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_name (entry, "layout-name");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"), "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_save_layout_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- showing the model ---- */

/* The markers the player to move holds, "A · home", patched only when they changed; the one
 * the model has chosen selected. */
static void
update_letters (TkMetromaniaToolBar *self,
                TkMetromaniaModel   *model)
{
  g_autoptr(GPtrArray) markers = tk_metromania_model_free_markers (model);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->letters));
  guint selected = GTK_INVALID_LIST_POSITION;
  gboolean same = n == markers->len;

  for (guint i = 0; i < markers->len; i++)
    {
      const char *letter = json_object_get_string_member (markers->pdata[i], "letter");
      const char *kind = json_object_get_string_member (markers->pdata[i], "kind");

      /* TRANSLATORS: a destination marker in the list: "A · home" */
      g_ptr_array_add (texts, g_strdup_printf (_("%s · %s"), letter,
                                               tk_metromania_kind_label (kind)));
      if (same && g_strcmp0 (gtk_string_list_get_string (self->letters, i), texts->pdata[i]) != 0)
        same = FALSE;
      if (letter[0] == tk_metromania_model_get_marker_letter (model))
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
  gtk_toggle_button_set_active (self->tool_buttons[tool], TRUE);
  gtk_toggle_button_set_active (self->line_buttons[tk_metromania_model_get_line_style (model)],
                                TRUE);
  update_letters (self, model);
  for (guint k = 0; k < G_N_ELEMENTS (kind_ids); k++)
    if (g_strcmp0 (kind, kind_ids[k]) == 0 && gtk_drop_down_get_selected (self->kind_dropdown) != k)
      gtk_drop_down_set_selected (self->kind_dropdown, k);
  gtk_widget_set_visible (GTK_WIDGET (self->letter_dropdown),
                          tool == TK_METROMANIA_TOOL_DESTINATION);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_dropdown), tool == TK_METROMANIA_TOOL_SPACE);
  self->updating = FALSE;
}

/* ---- object ---- */

static void
tk_metromania_tool_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TK_TYPE_METROMANIA_TOOL_BAR);
  G_OBJECT_CLASS (tk_metromania_tool_bar_parent_class)->dispose (object);
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

  G_OBJECT_CLASS (klass)->dispose = tk_metromania_tool_bar_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_tool_bar_update;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-tool-bar.ui");
  gtk_widget_class_bind_template_child_full (widget_class, "line_plain", FALSE,
                                             G_STRUCT_OFFSET (TkMetromaniaToolBar,
                                                              line_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "line_striped", FALSE,
                                             G_STRUCT_OFFSET (TkMetromaniaToolBar,
                                                              line_buttons[1]));
  for (guint t = 0; t < TK_METROMANIA_N_TOOLS; t++)
    gtk_widget_class_bind_template_child_full (widget_class, tool_ids[t], FALSE,
                                               G_STRUCT_OFFSET (TkMetromaniaToolBar,
                                                                tool_buttons)
                                               + t * sizeof (GtkToggleButton *));
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, letter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, letters);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaToolBar, save_button);
}

static void
tk_metromania_tool_bar_init (TkMetromaniaToolBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint l = 0; l < 2; l++)
    g_signal_connect (self->line_buttons[l], "toggled", G_CALLBACK (on_line_toggled), self);
  for (guint t = 0; t < TK_METROMANIA_N_TOOLS; t++)
    g_signal_connect (self->tool_buttons[t], "toggled", G_CALLBACK (on_tool_toggled), self);
  g_signal_connect_swapped (self->letter_dropdown, "notify::selected",
                            G_CALLBACK (on_letter_selected), self);
  g_signal_connect_swapped (self->kind_dropdown, "notify::selected",
                            G_CALLBACK (on_kind_selected), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (on_save_layout_clicked),
                            self);

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
