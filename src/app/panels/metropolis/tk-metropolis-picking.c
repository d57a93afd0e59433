/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-picking.c — the city board and what the taps on it are for (see the header).
 *
 * A tap on a lot goes to the model, which takes it, lets it go or buys with it; outside any
 * picking it only asks what stands there, said through "game-panel.show-message".  The seat
 * buttons of the deal are made once; everything is patched from the model, so a tap never
 * destroys the button being tapped.
 */
#define G_LOG_DOMAIN "tk-metropolis-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "tk-metropolis-board.h"
#include "tk-metropolis-picking.h"
#include "panels/tk-colour-dot.h"
#include "panels/tk-panel-widgets.h"

struct _TkMetropolisPicking
{
  TkPanelPart   parent_instance;

  TkMetropolisMode   shown_mode;
  guint              n_seats;
  GtkWidget         *seat_cells[TK_METROPOLIS_MAX_SEATS];
  GtkWidget         *seat_buttons[TK_METROPOLIS_MAX_SEATS];
  GtkWidget         *seat_dots[TK_METROPOLIS_MAX_SEATS];
  GtkLabel          *seat_labels[TK_METROPOLIS_MAX_SEATS];

  TkMetropolisBoard *board;
  GtkWidget         *mode_box;
  GtkWidget         *deal_box;
  GtkFlowBox        *seats_box;
  GtkToggleButton   *dealt_button;
  GtkToggleButton   *draft_button;
  GtkLabel          *mode_label;
  GtkLabel          *selection_label;
  GtkWidget         *cancel_button;
  GtkWidget         *confirm_button;
};

/* The seat being dealt, the model's: each seat's toggle button activates "picking.deal-seat"
 * with its seat and shows whether it is the one. */
enum
{
  PROP_0,
  PROP_DEAL_SEAT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkMetropolisPicking, tk_metropolis_picking, TK_TYPE_PANEL_PART)

static TkMetropolisModel *
model_of (TkMetropolisPicking *self)
{
  return TK_METROPOLIS_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* ---- taps ---- */

static void
on_lot_activated (TkMetropolisPicking *self,
                  int                  cell)
{
  g_autofree char *text = NULL;

  if (model_of (self) == NULL || tk_metropolis_model_tap_lot (model_of (self), cell))
    return;
  /* no hover on a touch screen: say what stands on the lot */
  text = tk_metropolis_board_describe_lot (self->board, cell);
  gtk_widget_activate_action (GTK_WIDGET (self), "game-panel.show-message", "s", text);
}

/* "picking.confirm": applies what the taps were for. */
static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  tk_metropolis_model_confirm (model_of (TK_METROPOLIS_PICKING (widget)));
}

/* "picking.cancel": leaves a build or a buy, or lets go of the taps. */
static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tk_metropolis_model_cancel (model_of (TK_METROPOLIS_PICKING (widget)));
}

/* Dealt or Draft: the one just switched on says which (the other one goes off first). */
static void
on_deal_mode_toggled (GtkToggleButton     *button,
                      TkMetropolisPicking *self)
{
  if (model_of (self) != NULL && gtk_toggle_button_get_active (button))
    tk_metropolis_model_set_draft (model_of (self), button == self->draft_button);
}

/* ---- showing the model ---- */

/* The seat buttons of the template, once: as many as there are seats, in their colours. */
static void
show_seats (TkMetropolisPicking *self,
            TkMetropolisModel   *model)
{
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);

  self->n_seats = MIN (g->n_players, TK_METROPOLIS_MAX_SEATS);
  for (guint p = 0; p < self->n_seats; p++)
    {
      tk_colour_dot_set_colour (self->seat_dots[p], tk_rules_setup_player_colour (g->setup, p));
      gtk_widget_set_tooltip_text (self->seat_buttons[p], tk_metropolis_game_seat_name (g, p));
      gtk_widget_set_visible (self->seat_cells[p], TRUE);
    }
}

static void
update_seats (TkMetropolisPicking *self,
              TkMetropolisModel   *model)
{
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  gboolean draft = tk_metropolis_model_get_draft (model);

  gtk_toggle_button_set_active (draft ? self->draft_button : self->dealt_button, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), !draft);
  for (guint p = 0; p < self->n_seats; p++)
    {
      /* Translators: a seat and its starting deeds so far, e.g. "Ana 2/6" */
      g_autofree char *text =
        g_strdup_printf (_("%s %" PRId64 "/%d"), tk_metropolis_game_seat_name (g, p),
                         g->seats[p].deeds,
                         TK_METROPOLIS_START_DEEDS);

      gtk_label_set_text (self->seat_labels[p], text);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEAL_SEAT]);
}

/* "Ana, Bo, Cy" */
static char *
seat_order (TkMetropolisModel *model)
{
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  GString *order = g_string_new (NULL);

  for (guint p = 0; p < g->n_players; p++)
    {
      if (p > 0)
        g_string_append (order, _(", "));
      g_string_append (order, tk_metropolis_game_seat_name (g, p));
    }
  return g_string_free (order, FALSE);
}

static void
tk_metropolis_picking_update (TkPanelPart  *part,
                              TkPanelModel *panel_model)
{
  TkMetropolisModel *model = TK_METROPOLIS_MODEL (panel_model);
  const TkMetropolisGame *g = tk_metropolis_model_get_game (model);
  TkMetropolisPicking *self = TK_METROPOLIS_PICKING (part);
  TkMetropolisMode mode = tk_metropolis_model_get_mode (model);
  const char *current = tk_metropolis_game_seat_name (g, g->current);
  guint n;
  const int *cells = tk_metropolis_model_get_selection (model, &n);
  g_autofree char *hint = NULL;
  g_autofree char *picked = NULL;
  const char *confirm = _("C_onfirm");
  gboolean can_confirm = n > 0;
  gboolean show_cancel = n > 0;
  gboolean numbered = FALSE;
  TkMetropolisPick pick = TK_METROPOLIS_PICK_FREE;
  int pick_seat = -1;

  if (self->n_seats == 0)
    show_seats (self, model);
  tk_metropolis_board_set_game (self->board, g);
  if (g->phase == TK_METROPOLIS_PHASE_DEAL)
    update_seats (self, model);

  switch (mode)
    {
    case TK_METROPOLIS_MODE_DEAL:
      /* Translators: e.g. "Tap the 4 more deeds dealt to Ana." */
      hint = g_strdup_printf (_("Tap the lots of the deeds dealt to %s."),
                              tk_metropolis_game_seat_name (g, tk_metropolis_model_get_deal_seat (model)));
      confirm = _("C_onfirm Deeds");
      break;
    case TK_METROPOLIS_MODE_DRAFT:
      {
        g_autofree char *order = seat_order (model);

        /* Translators: the seats in order, e.g. "Tap this round's picks in seat order: Ana, Bo, Cy." */
        hint = g_strdup_printf (_("Tap this round’s picks in seat order: %s."), order);
        confirm = _("C_onfirm Round");
        numbered = TRUE;
      }
      break;
    case TK_METROPOLIS_MODE_MARKET:
      if (g->market_want == 0)
        {
          hint = g_strdup (_("No deeds are turned up this year."));
          confirm = _("_Start Final Turns");
          can_confirm = TRUE;
        }
      else
        {
          hint = g_strdup_printf (_("Tap the %d deeds for sale in slot order, the cheapest slot first."),
                                  g->market_want);
          confirm = _("C_onfirm Deeds for Sale");
        }
      numbered = TRUE;
      break;
    case TK_METROPOLIS_MODE_BUILD:
      {
        const char *code = tk_metropolis_model_get_build_code (model);
        JsonObject *tile = tk_metropolis_model_find_tile (model, code);
        const char *name = tile != NULL ? json_object_get_string_member_with_default (tile, "name", code) : code;
        gint64 size = tile != NULL ? json_object_get_int_member_with_default (tile, "size", 1) : 0;

        /* Translators: e.g. "Build Hotel (C): tap its 3 lots on Ana’s deeds." */
        hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Build %s (%s): tap its %d lot on %s’s deeds.",
                                             "Build %s (%s): tap its %d lots on %s’s deeds.",
                                             (gulong) size),
                                name, code, (int) size, current);
        confirm = _("C_onfirm Build");
        show_cancel = TRUE;
        pick = TK_METROPOLIS_PICK_SEAT;
        pick_seat = g->current;
      }
      break;
    case TK_METROPOLIS_MODE_REVEAL:
      {
        const TkMetropolisSlot *slot = (&g->slots[tk_metropolis_model_get_buy_slot (model)]);
        const TkMetropolisSlot *last = (&g->slots[g->n_slots - 1]);

        /* Translators: e.g. "Ana buys B2 for 4 coins. Turn up the next deed and tap its lot: it goes to the 10-coin slot." */
        hint = g_strdup_printf (_("%s buys %s for %" PRId64 " coins. Turn up the next deed and tap its lot: it goes to the %" PRId64 "-coin slot."),
                                current, slot->lot != NULL ? slot->lot : "?", slot->price,
                                last->price);
        can_confirm = FALSE;
        show_cancel = TRUE;
      }
      break;
    case TK_METROPOLIS_MODE_NONE:
    default:
      pick = TK_METROPOLIS_PICK_NONE;
      break;
    }

  if (n > 0)
    {
      g_autofree char *lots = g_strjoinv (_(", "), (GStrv) tk_metropolis_model_get_selection_names (model));

      /* Translators: the lots tapped so far, e.g. "Tapped: B2, B3 (2)" */
      picked = g_strdup_printf (_("Tapped: %s (%u)"), lots, n);
    }
  else if (mode != TK_METROPOLIS_MODE_REVEAL && mode != TK_METROPOLIS_MODE_NONE)
    picked = g_strdup (_("No lots tapped yet"));

  gtk_widget_set_visible (self->mode_box, mode != TK_METROPOLIS_MODE_NONE);
  gtk_widget_set_visible (self->deal_box, g->phase == TK_METROPOLIS_PHASE_DEAL);
  gtk_label_set_text (self->mode_label, hint != NULL ? hint : "");
  gtk_label_set_text (self->selection_label, picked != NULL ? picked : "");
  gtk_widget_set_visible (GTK_WIDGET (self->selection_label), picked != NULL);
  gtk_button_set_label (GTK_BUTTON (self->confirm_button), confirm);
  gtk_widget_set_visible (self->confirm_button, mode != TK_METROPOLIS_MODE_REVEAL);
  gtk_widget_set_sensitive (self->confirm_button, can_confirm);
  gtk_widget_set_visible (self->cancel_button, show_cancel);
  gtk_button_set_label (GTK_BUTTON (self->cancel_button),
                        n > 0 && mode != TK_METROPOLIS_MODE_BUILD ? _("C_lear") : _("_Cancel"));
  tk_metropolis_board_set_selection (self->board, cells, n, numbered);
  tk_metropolis_board_set_pick (self->board, pick, pick_seat);

  /* a build or a buy just started elsewhere in the panel: the next taps are on the board */
  if (mode != self->shown_mode &&
      (mode == TK_METROPOLIS_MODE_BUILD || mode == TK_METROPOLIS_MODE_REVEAL))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  self->shown_mode = mode;
}

/* ---- object ---- */

static void
tk_metropolis_picking_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TkMetropolisModel *model = model_of (TK_METROPOLIS_PICKING (object));

  switch (prop_id)
    {
    case PROP_DEAL_SEAT:
      g_value_set_int (value, model != NULL ? tk_metropolis_model_get_deal_seat (model) : -1);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_picking_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  TkMetropolisModel *model = model_of (TK_METROPOLIS_PICKING (object));

  switch (prop_id)
    {
    case PROP_DEAL_SEAT:
      if (model != NULL)
        tk_metropolis_model_set_deal_seat (model, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_metropolis_picking_class_init (TkMetropolisPickingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tk_metropolis_picking_get_property;
  object_class->set_property = tk_metropolis_picking_set_property;
  TK_PANEL_PART_CLASS (klass)->update = tk_metropolis_picking_update;

  properties[PROP_DEAL_SEAT] =
    g_param_spec_int ("deal-seat", NULL, NULL, -1, TK_METROPOLIS_MAX_SEATS - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_property_action (widget_class, "picking.deal-seat", "deal-seat");
  gtk_widget_class_install_action (widget_class, "picking.confirm", NULL, confirm_action);
  gtk_widget_class_install_action (widget_class, "picking.cancel", NULL, cancel_action);

  g_type_ensure (TK_TYPE_METROPOLIS_BOARD);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metropolis-picking.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, board);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, mode_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, deal_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, seats_box);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, dealt_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, draft_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, mode_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, selection_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisPicking, confirm_button);
  for (guint p = 0; p < TK_METROPOLIS_MAX_SEATS; p++)
    {
      tk_panel_bind_template_child_indexed (widget_class, "seat_cell_", p,
                                            G_STRUCT_OFFSET (TkMetropolisPicking, seat_cells[p]));
      tk_panel_bind_template_child_indexed (widget_class, "seat_button_", p,
                                            G_STRUCT_OFFSET (TkMetropolisPicking, seat_buttons[p]));
      tk_panel_bind_template_child_indexed (widget_class, "seat_dot_", p,
                                            G_STRUCT_OFFSET (TkMetropolisPicking, seat_dots[p]));
      tk_panel_bind_template_child_indexed (widget_class, "seat_label_", p,
                                            G_STRUCT_OFFSET (TkMetropolisPicking, seat_labels[p]));
    }
  gtk_widget_class_bind_template_callback (widget_class, on_lot_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_deal_mode_toggled);
}

static void
tk_metropolis_picking_init (TkMetropolisPicking *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
