/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-tools.c — the Metromania panel: the tool bar above the board.  The
 * line (plain or striped), the tools with their hints, the destination marker to place, the
 * kind of a printed space and "Save Layout…".  Built once; the taps read what it chose.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"

/* ---- tools ---- */

static const char *
tool_hint (Tool tool)
{
  switch (tool)
    {
    case TOOL_TUNNEL:
      return _("Tap the side of a triangle where the tunnel tile lies, going on from the ringed "
               "end of the line. A new line starts in a frame triangle at the edge of the "
               "city.");
    case TOOL_STATION:
      return _("Stations where lines meet or part come with the tunnel. Tap to add one where "
               "a tunnel of this turn ends, where a line ends now, on a line just finished (its "
               "bonus station), or, instead of digging, between two stations of a line.");
    case TOOL_DESTINATION:
      return _("Tap a triangle a tunnel of this turn lies in to put the chosen marker on it.");
    case TOOL_LAKE:
      return _("Tap triangles to mark or clear the lake; it can be corrected at any time.");
    case TOOL_PARK:
      return _("Tap triangles to mark or clear the park; it can be corrected at any time.");
    case TOOL_RIVER:
      return _("Tap triangles to mark or clear a river; no tunnel goes there.");
    case TOOL_FOREST:
      return _("Tap triangles to mark or clear a forest; no tunnel goes there.");
    case TOOL_SPACE:
      return _("Tap the triangles printed as destination spaces, of the kind chosen; a station "
               "then scores one point per space it touches.");
    case TOOL_END_ARROW:
      return _("Tap the frame triangles that show a black arrow, where lines end; while none "
               "is entered, the white arrows serve for the ends too.");
    case TOOL_ARROW:
    case N_TOOLS:
    default:
      return _("Tap the frame triangles that show a white arrow, where lines start; while none "
               "is entered, any frame triangle serves as a line’s start or end.");
    }
}

static void
on_save_layout_response (AdwMessageDialog  *dialog,
                         const char        *response,
                         TkMetromaniaPanel *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;
  JsonObject *board;

  if (g_strcmp0 (response, "save") != 0 || *name == '\0' ||
      tk_metromania_model_get_game (self->model) == NULL)
    return;
  board = tk_metromania_model_get_board (self->model);
  if (!tk_metromania_layouts_save (name, board, &error))
    tk_game_panel_show_message (TK_GAME_PANEL (self), error->message);
  else
    {
      /* TRANSLATORS: a Metromania board layout was saved under this name */
      g_autofree char *text = g_strdup_printf (_("Layout “%s” saved for new sessions"), name);
      tk_game_panel_show_message (TK_GAME_PANEL (self), text);
    }
}

/* Asks for a name and keeps the board's printed features under it. */
static void
on_save_layout_clicked (TkMetromaniaPanel *self)
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

static void
on_tool_toggled (GtkToggleButton   *button,
                 TkMetromaniaPanel *self)
{
  static const TkMetromaniaPick picks[N_TOOLS] = {
    TK_METROMANIA_PICK_EDGE, TK_METROMANIA_PICK_POINT, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL, TK_METROMANIA_PICK_CELL,
    TK_METROMANIA_PICK_CELL,
  };

  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint t = 0; t < N_TOOLS; t++)
    if (self->tool_buttons[t] == button)
      self->tool = t;
  tk_metromania_board_view_set_pick (self->board, picks[self->tool]);
  gtk_label_set_text (self->hint_label, tool_hint (self->tool));
  gtk_widget_set_visible (GTK_WIDGET (self->letter_dropdown), self->tool == TOOL_DESTINATION);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_dropdown), self->tool == TOOL_SPACE);
}

static void
on_line_toggled (GtkToggleButton   *button,
                 TkMetromaniaPanel *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->style = button == self->line_buttons[1];
  mmp_update_turn (self);
}

static GtkToggleButton *
add_toggle (GtkWidget       *box,
            const char      *label,
            const char      *name,
            GtkToggleButton *group)
{
  GtkWidget *button = gtk_toggle_button_new_with_label (label);

  gtk_widget_set_name (button, name);
  if (group != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
  gtk_box_append (GTK_BOX (box), button);
  return GTK_TOGGLE_BUTTON (button);
}

/* A group of linked buttons; the tool bar wraps between groups. */
static GtkWidget *
add_group (TkMetromaniaPanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  gtk_flow_box_append (self->tool_flow, box);
  return box;
}

void
mmp_build_tools (TkMetromaniaPanel *self)
{
  /* TRANSLATORS: tools of the Metromania board: what a tap puts on the board */
  const char *labels[N_TOOLS] = { C_("metromania tool", "Tunnel"),
                                  C_("metromania tool", "Station"),
                                  C_("metromania tool", "Destination"),
                                  C_("metromania tool", "Lake"),
                                  C_("metromania tool", "Park"),
                                  C_("metromania tool", "White Arrow"),
                                  C_("metromania tool", "Black Arrow"),
                                  C_("metromania tool", "River"),
                                  C_("metromania tool", "Forest"),
                                  C_("metromania tool", "Destination Space") };
  static const char *const names[N_TOOLS] = { "tool-tunnel", "tool-station",
                                              "tool-destination", "tool-lake", "tool-park",
                                              "tool-arrow", "tool-end-arrow", "tool-river",
                                              "tool-forest", "tool-space" };

  GtkWidget *lines = add_group (self);
  GtkWidget *groups[5];

  self->line_buttons[0] = add_toggle (lines, _("Plain Line"), "line-plain", NULL);
  self->line_buttons[1] = add_toggle (lines, _("Striped Line"), "line-striped",
                                      self->line_buttons[0]);
  groups[0] = add_group (self);
  groups[1] = add_group (self);
  groups[2] = add_group (self);     /* the arrows apart: four linked buttons do not fit 360 px */
  groups[3] = add_group (self);
  groups[4] = add_group (self);
  gtk_toggle_button_set_active (self->line_buttons[0], TRUE);
  for (guint l = 0; l < 2; l++)
    g_signal_connect (self->line_buttons[l], "toggled", G_CALLBACK (on_line_toggled), self);

  for (guint t = 0; t < N_TOOLS; t++)
    {
      /* Tunnel/Station/Destination; Lake/Park; the arrows; River/Forest; Destination Space
       * (linked groups that each fit 360 px). */
      guint group = t < TOOL_LAKE ? 0 : t < TOOL_ARROW ? 1 : t < TOOL_RIVER ? 2
                    : t < TOOL_SPACE ? 3 : 4;

      self->tool_buttons[t] = add_toggle (groups[group], labels[t], names[t],
                                          t > 0 ? self->tool_buttons[0] : NULL);
      g_signal_connect (self->tool_buttons[t], "toggled", G_CALLBACK (on_tool_toggled), self);
    }
  self->letter_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)),
                                                            NULL));
  gtk_widget_set_name (GTK_WIDGET (self->letter_dropdown), "destination-letter");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->letter_dropdown),
                               _("The destination marker to place"));
  gtk_flow_box_append (self->tool_flow, GTK_WIDGET (self->letter_dropdown));
  {
    /* TRANSLATORS: the three kinds of Metromania destinations */
    const char *const kinds[] = { C_("metromania kind", "Home"), C_("metromania kind", "Work"),
                                  C_("metromania kind", "Leisure"), NULL };

    self->kind_dropdown = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (kinds));
    gtk_widget_set_name (GTK_WIDGET (self->kind_dropdown), "space-kind");
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind_dropdown),
                                 _("The kind of destination space printed there"));
    gtk_flow_box_append (self->tool_flow, GTK_WIDGET (self->kind_dropdown));
  }
  {
    GtkWidget *save = gtk_button_new_with_label (_("Save Layout…"));

    gtk_widget_set_name (save, "save-layout");
    gtk_widget_set_tooltip_text (save, _("Keep the lake, the park, rivers, forests, arrows and "
                                         "destination spaces for later sessions"));
    g_signal_connect_swapped (save, "clicked", G_CALLBACK (on_save_layout_clicked), self);
    gtk_flow_box_append (self->tool_flow, save);
  }
  gtk_toggle_button_set_active (self->tool_buttons[TOOL_TUNNEL], TRUE);
  on_tool_toggled (self->tool_buttons[TOOL_TUNNEL], self);
}

void
mmp_update_letters (TkMetromaniaPanel *self)
{
  JsonArray *markers = tk_metromania_model_get_array (self->model, "destinations");
  g_autoptr(GtkStringList) letters = gtk_string_list_new (NULL);

  for (guint i = 0; markers != NULL && i < json_array_get_length (markers); i++)
    {
      JsonObject *marker = json_array_get_object_element (markers, i);

      if (json_object_get_int_member (marker, "owner") ==
          tk_metromania_model_get_turn_seat (self->model) &&
          !json_object_get_boolean_member (marker, "placed"))
        {
          const char *kind = json_object_get_string_member (marker, "kind");
          /* TRANSLATORS: a destination marker in the list: "A · home" */
          g_autofree char *text = g_strdup_printf (_("%s · %s"),
                                                   json_object_get_string_member (marker, "letter"),
                                                   tk_metromania_kind_label (kind));
          gtk_string_list_append (letters, text);
        }
    }
  gtk_drop_down_set_model (self->letter_dropdown, G_LIST_MODEL (letters));
}
