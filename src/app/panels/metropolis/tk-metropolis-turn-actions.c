/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-turn-actions.c — the turn's buttons of the Metropolis panel (see the header).
 *
 * The build menu lists each tile code of the table once (the engine picks the row whose shape
 * fits), under its type; its entries are made once, when the table is first read, and
 * patched with what the current player has left.  A tile's button activates
 * "turn.build" with its code: the model starts the build, and the next taps are its lots.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-metropolis-parts.h"
#include "tk-metropolis-turn-actions.h"
#include "tk-text-limit.h"

typedef struct
{
  guint      row;          /* the first row of the table with this code */
  GtkWidget *button;
  GtkWidget *shapes;
  GtkLabel  *count;
} Tile;

struct _TkMetropolisTurnActions
{
  TkPanelPart  parent_instance;

  GArray           *tiles;  /* Tile, one per code */

  GtkFlowBox       *actions_box;    /* the template's root (not bound) */
  GtkButton        *income_button;
  GtkWidget        *build_button;
  GtkBox           *tiles_box;
};

G_DEFINE_FINAL_TYPE (TkMetropolisTurnActions, tk_metropolis_turn_actions, TK_TYPE_PANEL_PART)

static TkMetropolisModel *
model_of (TkMetropolisTurnActions *self)
{
  return TK_METROPOLIS_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static const char *
code_of (JsonArray *tiles,
         guint      row)
{
  return json_object_get_string_member_with_default (json_array_get_object_element (tiles, row),
                                                     "code", "?");
}

/* ---- buttons ---- */

/* "turn.income": the current player takes their income. */
static void
income_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tk_metropolis_model_take_income (model_of (TK_METROPOLIS_TURN_ACTIONS (widget)));
}

/* "turn.build" (s): the tile code chosen in the build menu. */
static void
build_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TkMetropolisTurnActions *self = TK_METROPOLIS_TURN_ACTIONS (widget);

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->build_button));
  tk_metropolis_model_start_build (model_of (self), g_variant_get_string (parameter, NULL));
}

/* The coin correction dialog's fields, given to its handlers (freed with its "response"
 * handler, when the dialog goes). */
typedef struct
{
  TkMetropolisModel *model;
  AdwMessageDialog  *dialog;
  AdwComboRow       *player_row;
  GtkSpinButton     *amount;
  GtkEditable       *reason;
} CoinsDialog;

static void
coins_dialog_free (gpointer  data,
                   GClosure *closure)
{
  CoinsDialog *d = data;

  g_object_unref (d->model);
  g_free (d);
}

static void
coins_dialog_update (CoinsDialog *d)
{
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (d->reason)));

  adw_message_dialog_set_response_enabled (d->dialog, "correct",
                                           gtk_spin_button_get_value_as_int (d->amount) != 0 &&
                                           *reason != '\0');
}

static void
on_coins_response (AdwMessageDialog *dialog,
                   const char       *response,
                   CoinsDialog      *d)
{
  g_autofree char *reason = NULL;

  if (g_strcmp0 (response, "correct") != 0)
    return;
  reason = g_strstrip (g_strdup (gtk_editable_get_text (d->reason)));
  tk_metropolis_model_correct_coins (d->model, adw_combo_row_get_selected (d->player_row),
                                     gtk_spin_button_get_value_as_int (d->amount), reason);
}

/* "turn.correct-coins": asks whose coins, how many and why. */
static void
correct_coins_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TkMetropolisModel *model = model_of (TK_METROPOLIS_TURN_ACTIONS (widget));
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-coins-dialog.ui");
  CoinsDialog *d = g_new0 (CoinsDialog, 1);

  d->model = g_object_ref (model);
  d->dialog = ADW_MESSAGE_DIALOG (gtk_builder_get_object (builder, "dialog"));
  d->player_row = ADW_COMBO_ROW (gtk_builder_get_object (builder, "player_row"));
  d->amount = GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "amount"));
  d->reason = GTK_EDITABLE (gtk_builder_get_object (builder, "reason"));
  for (guint i = 0; i < g->n_players; i++)
    gtk_string_list_append (GTK_STRING_LIST (gtk_builder_get_object (builder, "names")),
                            tk_metropolis_game_seat_name (g, i));
  adw_combo_row_set_selected (d->player_row, MAX (g->current, 0));
  tk_text_limit_editable (d->reason, TK_TEXT_LINE);
  gtk_window_set_transient_for (GTK_WINDOW (d->dialog), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  g_signal_connect_swapped (d->amount, "value-changed", G_CALLBACK (coins_dialog_update), d);
  g_signal_connect_swapped (d->reason, "changed", G_CALLBACK (coins_dialog_update), d);
  g_signal_connect_data (d->dialog, "response", G_CALLBACK (on_coins_response), d,
                         coins_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (d->dialog));
}

/* ---- the build menu ---- */

/* One entry per tile code (tk-metropolis-tile-entry.ui), under a heading per type, in the
 * table's order. */
static void
make_tiles (TkMetropolisTurnActions *self,
            JsonArray               *tiles)
{
  const char *last_type = NULL;

  for (guint i = 0; i < json_array_get_length (tiles); i++)
    {
      JsonObject *t = json_array_get_object_element (tiles, i);
      const char *code = code_of (tiles, i);
      const char *type = json_object_get_string_member_with_default (t, "type", "");
      g_autofree char *details = tk_metropolis_tile_details (t);
      g_autofree char *widget_name = g_strdup_printf ("tile-%s", code);
      g_autoptr(GtkBuilder) builder = NULL;
      gboolean seen = FALSE;
      Tile tile = { i };

      for (guint j = 0; j < i; j++)
        seen |= g_str_equal (code_of (tiles, j), code);
      if (seen)
        continue;
      if (g_strcmp0 (type, last_type) != 0)
        {
          GtkWidget *heading = gtk_label_new (g_str_equal (type, "residential") ? _("Residential")
                                              : g_str_equal (type, "commercial") ? _("Commercial")
                                              : _("Public"));

          gtk_widget_set_halign (heading, GTK_ALIGN_START);
          gtk_widget_set_margin_top (heading, last_type != NULL ? 8 : 2);
          gtk_widget_set_margin_start (heading, 6);
          gtk_widget_add_css_class (heading, "heading");
          gtk_widget_add_css_class (heading, "dim-label");
          gtk_box_append (self->tiles_box, heading);
          last_type = type;
        }

      builder = gtk_builder_new_from_resource (RESOURCE_BASE "/panels/tk-metropolis-tile-entry.ui");
      tile.button = GTK_WIDGET (gtk_builder_get_object (builder, "button"));
      tile.shapes = GTK_WIDGET (gtk_builder_get_object (builder, "shapes"));
      tile.count = GTK_LABEL (gtk_builder_get_object (builder, "count"));
      gtk_label_set_text (GTK_LABEL (gtk_builder_get_object (builder, "letter")), code);
      gtk_label_set_text (GTK_LABEL (gtk_builder_get_object (builder, "name")),
                          json_object_get_string_member_with_default (t, "name", code));
      gtk_label_set_text (GTK_LABEL (gtk_builder_get_object (builder, "info")), details);
      gtk_widget_set_name (tile.button, widget_name);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (tile.button), "s", code);
      gtk_box_append (self->tiles_box, tile.button);
      g_array_append_val (self->tiles, tile);
    }
}

/* What the current player has left of each code, and the shapes still on their board (all
 * of them when none is). */
static void
update_tiles (TkMetropolisTurnActions *self,
              TkMetropolisModel       *model)
{
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  JsonArray *tiles = g->tiles;
  int current = g->current;

  for (guint k = 0; k < self->tiles->len; k++)
    {
      Tile *tile = &g_array_index (self->tiles, Tile, k);
      const char *code = code_of (tiles, tile->row);
      g_autofree char *left_text = NULL;
      gint64 left = 0;
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (tile->shapes)) != NULL)
        gtk_box_remove (GTK_BOX (tile->shapes), child);
      for (guint j = tile->row; j < json_array_get_length (tiles); j++)
        if (g_str_equal (code_of (tiles, j), code))
          left += tk_metropolis_model_get_supply (model, current, j);
      for (guint j = tile->row; j < json_array_get_length (tiles); j++)
        if (g_str_equal (code_of (tiles, j), code) &&
            (left == 0 || tk_metropolis_model_get_supply (model, current, j) > 0))
          gtk_box_append (GTK_BOX (tile->shapes),
                          tk_metropolis_shape_new (json_array_get_object_element (tiles, j)));
      /* Translators: how many tiles of a kind are left on the player board, e.g. "2 left" */
      left_text = g_strdup_printf (_("%" PRId64 " left"), left);
      gtk_label_set_text (tile->count, left_text);
      gtk_widget_set_sensitive (tile->button, left > 0);
    }
}

static void
tk_metropolis_turn_actions_update (TkPanelPart  *part,
                                   TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  TkMetropolisTurnActions *self = TK_METROPOLIS_TURN_ACTIONS (part);
  gboolean turn = g->turn;
  gboolean revealing = tk_metropolis_model_get_mode (model) == TK_METROPOLIS_MODE_REVEAL;
  int current = g->current;
  const TkMetropolisSeat *player = current >= 0 ? (&g->seats[current]) : NULL;
  g_autofree char *income = NULL;
  g_autofree char *tooltip = NULL;

  if (self->tiles->len == 0)
    make_tiles (self, g->tiles);
  gtk_widget_set_visible (GTK_WIDGET (self->actions_box),
                          g->phase != TK_METROPOLIS_PHASE_OVER);
  /* beside the board the actions stack up */
  gtk_flow_box_set_max_children_per_line (self->actions_box,
                                          tk_panel_part_get_wide (part) ? 1 : 3);
  /* Translators: the income action with what it gives, e.g. "Take Income (+8)" */
  income = g_strdup_printf (_("Take _Income (+%" PRId64 ")"), player != NULL ? player->income : 0);
  gtk_button_set_label (self->income_button, income);
  if (player != NULL)
    /* Translators: e.g. "Ana takes 5 coins plus the coin values of her commercial buildings" */
    tooltip = g_strdup_printf (_("%s takes the base income plus the coin values of their commercial buildings"),
                               player->name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->income_button), tooltip);
  /* income and build are turns: not offered while the deeds are dealt or put up for sale */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->income_button)), turn);
  gtk_widget_set_visible (gtk_widget_get_parent (self->build_button), turn);
  gtk_widget_set_sensitive (GTK_WIDGET (self->income_button), turn && !revealing);
  gtk_widget_set_sensitive (self->build_button, turn && !revealing);
  update_tiles (self, model);
}

/* ---- object ---- */

static void
tk_metropolis_turn_actions_finalize (GObject *object)
{
  g_array_unref (TK_METROPOLIS_TURN_ACTIONS (object)->tiles);
  G_OBJECT_CLASS (tk_metropolis_turn_actions_parent_class)->finalize (object);
}

static void
tk_metropolis_turn_actions_class_init (TkMetropolisTurnActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tk_metropolis_turn_actions_finalize;
  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_turn_actions_update;

  gtk_widget_class_install_action (widget_class, "turn.income", NULL, income_action);
  gtk_widget_class_install_action (widget_class, "turn.build", "s", build_action);
  gtk_widget_class_install_action (widget_class, "turn.correct-coins", NULL, correct_coins_action);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-turn-actions.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTurnActions, income_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTurnActions, build_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisTurnActions, tiles_box);
}

static void
tk_metropolis_turn_actions_init (TkMetropolisTurnActions *self)
{
  self->tiles = g_array_new (FALSE, TRUE, sizeof (Tile));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions_box = GTK_FLOW_BOX (adw_bin_get_child (ADW_BIN (self)));
  /* the buttons take the focus, not the flow box cells around them */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}
