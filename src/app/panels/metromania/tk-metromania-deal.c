/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-deal.c — the deal and who digs first (see the header).  The marker cards and
 * the list of players are made once, when the model is first shown; each change only shows
 * or hides the two boxes and follows whose turn it is.  Every change goes through the model.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-game-panel-base.h"
#include "tk-metromania-deal.h"

#define N_MARKERS 12

struct _TkMetromaniaDeal
{
  TkPanelPart  parent_instance;

  gboolean     updating;       /* the dropdown is set from the model, not by the user */
  GtkDropDown *owners[N_MARKERS];
  GtkDropDown *kinds[N_MARKERS];

  GtkWidget   *first_box;
  GtkLabel    *first_label;
  GtkDropDown *first_dropdown;
  GtkWidget   *complete_button;
  GtkWidget   *deal_box;
  GtkFlowBox  *deal_flow;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaDeal, tk_metromania_deal, TK_TYPE_PANEL_PART)

static TkPanelModel *
model_of (TkMetromaniaDeal *self)
{
  return tk_panel_part_get_model (TK_PANEL_PART (self));
}

/* ---- changes ---- */

static void
on_deal_clicked (TkMetromaniaDeal *self)
{
  g_autoptr(JsonObject) action = json_object_new ();
  JsonArray *deal = json_array_new ();

  for (guint m = 0; m < N_MARKERS; m++)
    {
      JsonObject *marker = json_object_new ();
      char letter[2] = { 'A' + m / 2, '\0' };

      json_object_set_string_member (marker, "letter", letter);
      json_object_set_string_member (marker, "kind",
                                     tk_metromania_kinds[gtk_drop_down_get_selected (self->kinds[m]) % 3]);
      json_object_set_int_member (marker, "owner", gtk_drop_down_get_selected (self->owners[m]));
      json_array_add_object_element (deal, marker);
    }
  json_object_set_string_member (action, "type", "deal");
  json_object_set_array_member (action, "destinations", deal);
  tk_panel_model_apply (model_of (self), action);
  /* Recorded, the deal hides with the button that had the keyboard: it goes on to the next
   * step, who digs first, or else the panel's next stop (the board's tools). */
  if (!gtk_widget_get_visible (self->deal_box))
    {
      GtkWidget *panel = gtk_widget_get_ancestor (GTK_WIDGET (self), TK_TYPE_GAME_PANEL);

      if (gtk_widget_get_visible (self->first_box))
        gtk_widget_grab_focus (GTK_WIDGET (self->first_dropdown));
      else if (panel != NULL)
        gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD);
    }
}

static void
on_complete_clicked (TkMetromaniaDeal *self)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", "board_done");
  tk_panel_model_apply (model_of (self), action);
}

static void
on_first_selected (TkMetromaniaDeal *self)
{
  g_autoptr(JsonObject) action = NULL;
  guint seat = gtk_drop_down_get_selected (self->first_dropdown);

  if (self->updating || model_of (self) == NULL || seat == GTK_INVALID_LIST_POSITION ||
      seat == tk_metromania_model_get_turn_seat (TK_METROMANIA_MODEL (model_of (self))))
    return;
  action = json_object_new ();
  json_object_set_string_member (action, "type", "first_turn");
  json_object_set_int_member (action, "seat", seat);
  tk_panel_model_apply (model_of (self), action);
}

/* ---- showing the model ---- */

/* A marker card per marker, set to a starting deal that follows the rules (in a 4-player game
 * each player gets one marker of each kind); the players change it to what they were dealt. */
static void
make_cards (TkMetromaniaDeal  *self,
            TkMetromaniaModel *model)
{
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model)));
  guint n = tk_metromania_model_get_n_players (model);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) owners = gtk_string_list_new (NULL);
  static const guint pair_kinds[6][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 }, { 0, 1 }, { 1, 2 },
                                          { 2, 0 } };

  for (guint k = 0; k < G_N_ELEMENTS (tk_metromania_kinds); k++)
    gtk_string_list_append (kinds, tk_metromania_kind_label (tk_metromania_kinds[k]));
  for (guint s = 0; s < n; s++)
    gtk_string_list_append (owners, tk_rules_setup_player_name (setup, s));

  for (guint m = 0; m < N_MARKERS; m++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      g_autofree char *title = g_strdup_printf ("%c", 'A' + m / 2);
      GtkWidget *label = gtk_label_new (title);
      g_autofree char *owner_name = g_strdup_printf ("deal-owner-%u", m);
      g_autofree char *kind_name = g_strdup_printf ("deal-kind-%u", m);
      guint letter = m / 2, second = m % 2;

      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
      self->owners[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (owners)),
                                                          NULL));
      self->kinds[m] = GTK_DROP_DOWN (gtk_drop_down_new (g_object_ref (G_LIST_MODEL (kinds)),
                                                         NULL));
      gtk_widget_set_name (GTK_WIDGET (self->owners[m]), owner_name);
      gtk_widget_set_name (GTK_WIDGET (self->kinds[m]), kind_name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->owners[m]), _("Holder"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->kinds[m]), _("Kind"));
      gtk_drop_down_set_selected (self->owners[m], (2 * letter + second) % MAX (n, 1));
      gtk_drop_down_set_selected (self->kinds[m], pair_kinds[letter][second]);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->owners[m]));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->kinds[m]));
      gtk_widget_add_css_class (box, "card");
      gtk_widget_add_css_class (box, "tk-metromania-marker");
      gtk_flow_box_append (self->deal_flow, box);
    }
  self->updating = TRUE;
  gtk_drop_down_set_model (self->first_dropdown, G_LIST_MODEL (owners));
  self->updating = FALSE;
}

static void
tk_metromania_deal_update (TkPanelPart  *part,
                           TkPanelModel *panel_model)
{
  TkMetromaniaDeal *self = TK_METROMANIA_DEAL (part);
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  gboolean entry = tk_metromania_model_is_entry (model);
  gboolean dealt = tk_metromania_model_is_dealt (model);
  gboolean first = tk_metromania_model_is_playing (model) &&
                   (tk_metromania_model_nobody_started (model) || entry) &&
                   tk_metromania_model_has_board (model);
  guint seat = tk_metromania_model_get_turn_seat (model);

  if (self->owners[0] == NULL)
    make_cards (self, model);
  gtk_widget_set_visible (self->deal_box, !dealt);
  gtk_widget_set_visible (self->first_box, first);
  /* nothing to show: no gap in the panel either */
  gtk_widget_set_visible (GTK_WIDGET (self), !dealt || first);
  /* Entering a finished board, the dropdown says whose lines are being entered. */
  gtk_label_set_text (self->first_label, entry ? _("Entering the lines of") : _("Digs first"));
  gtk_widget_set_visible (self->complete_button, entry);
  self->updating = TRUE;
  if (first && gtk_drop_down_get_selected (self->first_dropdown) != seat)
    gtk_drop_down_set_selected (self->first_dropdown, seat);
  self->updating = FALSE;
}

/* ---- object ---- */

static void
tk_metromania_deal_class_init (TkMetromaniaDealClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_deal_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-deal.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, first_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, first_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, first_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, complete_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, deal_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaDeal, deal_flow);
  gtk_widget_class_bind_template_callback (widget_class, on_deal_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_complete_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_first_selected);
}

static void
tk_metromania_deal_init (TkMetromaniaDeal *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
