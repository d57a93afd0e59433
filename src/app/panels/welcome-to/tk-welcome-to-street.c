/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-street.c — one street of the Welcome To... sheet shown (see the header). */
#define G_LOG_DOMAIN "tk-welcome-to-street"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cards-layout.h"
#include "tk-welcome-to-house.h"
#include "tk-welcome-to-street.h"
#include "tk-welcome-to-track.h"
#include "tk-panel-widgets.h"

#define MAX_HOUSES TK_WELCOME_TO_MAX_HOUSES

struct _TkWelcomeToStreet
{
  TkPanelPart        parent_instance;

  GtkWidget         *title_label;
  GtkWidget         *park_cells;
  GtkWidget         *park_points;
  GtkWidget         *houses_row;

  guint              street;
  guint              n_houses;     /* 0 until built from the model's setup */
  TkWelcomeToHouse  *houses[MAX_HOUSES];        /* each with the fence slot after it */
};

enum
{
  PROP_0,
  PROP_STREET,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkWelcomeToStreet, tk_welcome_to_street, TK_TYPE_PANEL_PART)

static TkWelcomeToModel *
model_of (TkWelcomeToStreet *self)
{
  return TK_WELCOME_TO_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

/* ---- made once, from the setup ---- */

static void
build (TkWelcomeToStreet *self)
{
  g_autoptr(GArray) parks = tk_welcome_to_model_park_values (model_of (self), self->street);
  guint s = self->street;
  g_autofree char *title = g_strdup_printf (_("Street %u"), s + 1);
  GtkLayoutManager *lots = tk_cards_layout_new ();

  gtk_label_set_text (GTK_LABEL (self->title_label), title);
  for (guint i = 1; i < parks->len; i++)
    {
      GtkWidget *cell = tk_welcome_to_track_cell_new (g_array_index (parks, gint, i));

      gtk_widget_add_css_class (cell, "tk-welcome-to-park");
      gtk_box_append (GTK_BOX (self->park_cells), cell);
    }

  /* A street of 10 to 12 houses is one line on a wide window and wraps into even lines on a
   * phone (12 houses: three lines of four), so every house stays a 44 px target in view
   * instead of the street scrolling sideways. */
  tk_cards_layout_set_spacing (TK_CARDS_LAYOUT (lots), 0, 4);
  tk_cards_layout_set_stretch (TK_CARDS_LAYOUT (lots), FALSE);
  gtk_widget_set_layout_manager (self->houses_row, lots);
  self->n_houses = tk_welcome_to_model_get_n_houses (model_of (self), s);
  for (guint h = 0; h < self->n_houses; h++)
    {
      GtkWidget *house = tk_welcome_to_house_new (s, h,
                                                  tk_welcome_to_model_is_pool_spot (model_of (self),
                                                                                    s, h),
                                                  h + 1 < self->n_houses);

      gtk_box_append (GTK_BOX (self->houses_row), house);
      self->houses[h] = TK_WELCOME_TO_HOUSE (house);
    }
}

/* ---- patched on every change ---- */

static void
patch (TkWelcomeToStreet *self)
{
  TkWelcomeToModel *model = model_of (self);
  guint s = self->street;
  guint seat = tk_welcome_to_model_get_seat (model);
  JsonObject *sheet = tk_welcome_to_model_get_sheet (model);
  JsonObject *street = tk_welcome_to_sheet_street (sheet, s);
  JsonObject *player = tk_welcome_to_model_get_score_player (model, seat);
  JsonArray *parks_points = player != NULL ? json_object_get_array_member (player, "parks") : NULL;
  guint parks = street != NULL ? (guint) json_object_get_int_member (street, "parks") : 0;
  g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT,
                                             parks_points != NULL
                                             ? json_array_get_int_element (parks_points, s) : 0);
  g_autoptr(GArray) estates = tk_welcome_to_model_completed_estates (model);
  /* per house: in a completed estate (1), one a claimed plan used (2) */
  guint estate_of[MAX_HOUSES] = { 0 };
  gint number = 0, effect = -1;
  gboolean picked = tk_welcome_to_model_get_pick (model, &number, &effect);
  gboolean waiting = tk_welcome_to_model_waiting (model, seat) ||
                     tk_welcome_to_model_game_over (model);
  const TkWelcomeToPick *pick = tk_welcome_to_model_peek_pick (model);
  TkWelcomeToStage stage = pick->stage;
  gboolean choosing_fence = stage == TK_WELCOME_TO_STAGE_EFFECT && effect == TK_WELCOME_TO_SURVEYOR;
  gint written = tk_welcome_to_model_written_number (model, number, effect);
  guint i = 0;

  if (self->n_houses == 0)
    return;
  for (guint e = 0; e < estates->len; e++)
    {
      TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, e);

      if (estate->street == s)
        for (guint h = estate->from; h <= estate->to; h++)
          estate_of[h] = estate->used ? 2 : 1;
    }
  /* the fence slots widen while the surveyor's fence is being chosen (style.css) */
  tk_panel_set_class (GTK_WIDGET (self), "tk-welcome-to-choosing-fence", choosing_fence);

  for (GtkWidget *cell = gtk_widget_get_first_child (self->park_cells); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell), i++)
    tk_panel_set_class (cell, "tk-welcome-to-crossed", i < parks);
  gtk_label_set_text (GTK_LABEL (self->park_points), points);

  for (guint h = 0; h < self->n_houses; h++)
    {
      JsonObject *house = tk_welcome_to_sheet_house (sheet, s, h);
      gboolean pending = stage == TK_WELCOME_TO_STAGE_EFFECT && (gint) s == pick->pend_street &&
                         (gint) h == pick->pend_house;
      gboolean dim = FALSE, target = FALSE;
      TkWelcomeToHouseFlags flags = 0;
      gint write = -1;
      g_autofree char *text = NULL;

      if (house != NULL && json_object_get_boolean_member_with_default (house, "roundabout",
                                                                        FALSE))
        /* Translators: a roundabout drawn in a house box */
        text = g_strdup (C_("welcome-to house", "↻"));
      else if (tk_welcome_to_house_has_number (house))
        text = g_strdup_printf ("%" G_GINT64_FORMAT "%s",
                                json_object_get_int_member (house, "number"),
                                json_object_has_member (house, "bis") ? "b" : "");
      else if (pending)
        text = g_strdup_printf ("%d", written);

      if (waiting)
        dim = house == NULL;
      else if (stage == TK_WELCOME_TO_STAGE_CHOOSE && picked)
        {
          dim = house == NULL && !tk_welcome_to_model_house_takes_pick (model, s, h);
          if (house == NULL && !dim)
            write = written;
        }
      else if (stage == TK_WELCOME_TO_STAGE_EFFECT && effect == TK_WELCOME_TO_BIS)
        {
          target = house == NULL && !pending && tk_welcome_to_model_bis_target_ok (model, s, h);
          dim = house == NULL && !pending && !target;
        }
      else if (stage == TK_WELCOME_TO_STAGE_ROUNDABOUT && house == NULL)
        {
          target = tk_welcome_to_model_roundabout_ok (model, s, h);
          dim = !target;
        }
      if (house != NULL)
        flags |= TK_WELCOME_TO_HOUSE_BUILT;
      if (house != NULL && json_object_get_boolean_member_with_default (house, "pool", FALSE))
        flags |= TK_WELCOME_TO_HOUSE_POOL_BUILT;
      if (pending)
        flags |= TK_WELCOME_TO_HOUSE_PENDING;
      if (dim)
        flags |= TK_WELCOME_TO_HOUSE_DIM;
      if (target)
        flags |= TK_WELCOME_TO_HOUSE_TARGET;
      if (estate_of[h] > 0)
        flags |= TK_WELCOME_TO_HOUSE_IN_ESTATE;
      if (estate_of[h] == 2)
        flags |= TK_WELCOME_TO_HOUSE_PLAN_USED;
      if (h + 1 < self->n_houses)
        {
          gboolean built = tk_welcome_to_sheet_has_fence (sheet, s, h);
          gboolean inner = estate_of[h] > 0 && estate_of[h + 1] > 0 && !built;

          if (built)
            flags |= TK_WELCOME_TO_FENCE_BUILT;
          if (choosing_fence)
            flags |= TK_WELCOME_TO_FENCE_CHOOSING;
          if (choosing_fence &&
              (built || !tk_welcome_to_model_target_ok (model, TK_WELCOME_TO_SURVEYOR, s, h)))
            flags |= TK_WELCOME_TO_FENCE_DIM;
          if (inner)
            flags |= TK_WELCOME_TO_FENCE_IN_ESTATE;
          if (inner && estate_of[h] == 2)
            flags |= TK_WELCOME_TO_FENCE_PLAN_USED;
        }
      tk_welcome_to_house_update (self->houses[h], text, flags, write);
    }
}

/* ---- taps ---- */

static void
write_house_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  TkWelcomeToStreet *self = TK_WELCOME_TO_STREET (widget);
  guint street, house;

  g_variant_get (parameter, "(uu)", &street, &house);
  if (model_of (self) != NULL)
    tk_panel_show_hint (widget, tk_welcome_to_model_tap_house (model_of (self), street, house));
}

static void
fence_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TkWelcomeToStreet *self = TK_WELCOME_TO_STREET (widget);
  guint street, after;

  g_variant_get (parameter, "(uu)", &street, &after);
  if (model_of (self) != NULL)
    tk_panel_show_hint (widget, tk_welcome_to_model_tap_target (model_of (self),
                                                                TK_WELCOME_TO_SURVEYOR, street,
                                                                after));
}

/* ---- object ---- */

/* built once from the setup (the street is set first), then patched on every change */
static void
tk_welcome_to_street_update (TkPanelPart  *part,
                             TkPanelModel *model)
{
  TkWelcomeToStreet *self = TK_WELCOME_TO_STREET (part);

  if (self->n_houses == 0)
    build (self);
  patch (self);
}

static void
tk_welcome_to_street_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  if (prop_id == PROP_STREET)
    g_value_set_uint (value, TK_WELCOME_TO_STREET (object)->street);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tk_welcome_to_street_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  if (prop_id == PROP_STREET)
    TK_WELCOME_TO_STREET (object)->street = g_value_get_uint (value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
tk_welcome_to_street_class_init (TkWelcomeToStreetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = tk_welcome_to_street_get_property;
  object_class->set_property = tk_welcome_to_street_set_property;
  TK_PANEL_PART_CLASS (klass)->update = tk_welcome_to_street_update;

  /* 0-based; set before the model (the template sets it first) */
  properties[PROP_STREET] =
    g_param_spec_uint ("street", NULL, NULL, 0, TK_WELCOME_TO_N_STREETS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-street.ui");
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToStreet, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToStreet, park_cells);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToStreet, park_points);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToStreet, houses_row);

  /* a house box tapped, a fence slot tapped: their (street, house) is the target */
  gtk_widget_class_install_action (widget_class, "welcome-to.write-house", "(uu)",
                                   write_house_activated);
  gtk_widget_class_install_action (widget_class, "welcome-to.fence", "(uu)", fence_activated);
}

static void
tk_welcome_to_street_init (TkWelcomeToStreet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
