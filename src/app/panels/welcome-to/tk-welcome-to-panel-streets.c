/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-panel-streets.c — the Welcome To... panel's three streets: the parks row,
 * the houses with their pools, plan and estate bars, and the fences; built once, then updated
 * in place from the sheet (which houses take the picked number, where a bis may go).
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-cards-layout.h"
#include "panels/tk-colour-dot.h"
#include "tk-game-panel.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-plan-text.h"

static GtkWidget *
bar (const char *css_class)
{
  GtkWidget *widget = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (widget, css_class);
  return widget;
}

void
tk_wt_build_streets (TkWelcomeToPanel *self)
{
  JsonArray *streets = tk_welcome_to_model_get_table_array (self->model, "streets");

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *rule = json_array_get_object_element (streets, s);
      JsonArray *parks = json_object_get_array_member (rule, "parks");
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *park_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkLayoutManager *lots = tk_cards_layout_new ();
      g_autofree char *title = g_strdup_printf (_("Street %u"), s + 1);
      GtkWidget *title_label = tk_wt_heading (title);

      gtk_widget_add_css_class (frame, "tk-welcome-to-street");
      gtk_widget_set_hexpand (title_label, TRUE);
      gtk_box_append (GTK_BOX (header), title_label);
      gtk_box_append (GTK_BOX (park_row), tk_wt_caption (_("Parks")));
      self->park_cells[s] = g_ptr_array_new ();
      for (guint i = 1; parks != NULL && i < json_array_get_length (parks); i++)
        {
          GtkWidget *cell = tk_wt_value_cell ((gint) json_array_get_int_element (parks, i));

          gtk_widget_add_css_class (cell, "tk-welcome-to-park");
          gtk_box_append (GTK_BOX (park_row), cell);
          g_ptr_array_add (self->park_cells[s], cell);
        }
      self->park_points[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->park_points[s], "tk-welcome-to-points");
      gtk_box_append (GTK_BOX (park_row), self->park_points[s]);
      gtk_box_append (GTK_BOX (header), park_row);
      gtk_box_append (GTK_BOX (frame), header);

      gtk_widget_add_css_class (row, "tk-welcome-to-houses");
      /* as wide as its houses, so that the street's end fences close it */
      gtk_widget_set_halign (row, GTK_ALIGN_START);
      /* A street of 10 to 12 houses is one line on a wide window and wraps into even lines
       * on a phone (12 houses: three lines of four), so every house stays a 44 px target in
       * view instead of the street scrolling sideways. */
      tk_cards_layout_set_spacing (TK_CARDS_LAYOUT (lots), 0, 4);
      tk_cards_layout_set_stretch (TK_CARDS_LAYOUT (lots), FALSE);
      gtk_widget_set_layout_manager (row, lots);
      for (guint h = 0; h < tk_welcome_to_model_get_n_houses (self->model, s); h++)
        {
          GtkWidget *lot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
          GtkWidget *house = tk_welcome_to_house_new (s, h,
                                                      tk_welcome_to_model_is_pool_spot (self->model,
                                                                                        s, h));

          gtk_box_append (GTK_BOX (lot), house);
          gtk_box_append (GTK_BOX (row), lot);
          self->houses[s][h] = TK_WELCOME_TO_HOUSE (house);

          if (h + 1 < tk_welcome_to_model_get_n_houses (self->model, s))
            {
              GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
              GtkWidget *fence = gtk_button_new ();
              g_autofree char *fence_name = g_strdup_printf ("fence-%u-%u", s + 1, h + 1);
              g_autofree char *fence_label = g_strdup_printf (_("Fence between houses %u and "
                                                                "%u of street %u"),
                                                              h + 1, h + 2, s + 1);

              self->fence_plan_bars[s][h] = bar ("tk-welcome-to-plan-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_plan_bars[s][h]);
              gtk_widget_set_name (fence, fence_name);
              gtk_widget_add_css_class (fence, "tk-welcome-to-fence");
              gtk_widget_set_tooltip_text (fence, fence_label);
              gtk_accessible_update_property (GTK_ACCESSIBLE (fence),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, fence_label, -1);
              g_object_set_data (G_OBJECT (fence), "tk-index",
                                 GUINT_TO_POINTER (s * MAX_HOUSES + h));
              g_signal_connect_object (fence, "clicked", G_CALLBACK (tk_wt_on_fence_clicked), self, 0);
              gtk_box_append (GTK_BOX (slot), fence);
              self->fence_estate_bars[s][h] = bar ("tk-welcome-to-estate-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_estate_bars[s][h]);
              gtk_box_append (GTK_BOX (lot), slot);
              self->fence_buttons[s][h] = fence;
            }
        }
      gtk_box_append (GTK_BOX (frame), row);
      gtk_box_append (GTK_BOX (self->streets_box), frame);
    }
}

void
tk_wt_refresh_streets (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_welcome_to_model_get_sheet (self->model);
  JsonObject *player = tk_welcome_to_model_get_score_player (self->model, tk_welcome_to_model_get_seat (self->model));
  JsonArray *parks_points = player != NULL ? json_object_get_array_member (player, "parks") : NULL;
  g_autoptr(GArray) estates = tk_welcome_to_model_completed_estates (self->model, sheet);
  gint number = 0, effect = -1;
  gboolean picked = tk_welcome_to_model_get_pick (self->model, &number, &effect);
  gboolean waiting = (tk_welcome_to_model_acted (self->model, tk_welcome_to_model_get_seat (self->model)) && !tk_welcome_to_model_round_done (self->model)) || tk_welcome_to_model_game_over (self->model);
  gboolean in_estate[N_STREETS][MAX_HOUSES] = { { FALSE } };
  TkWelcomeToStage stage = tk_welcome_to_model_get_stage (self->model);
  gint pend_street = tk_welcome_to_model_get_pending_street (self->model);
  gint pend_house = tk_welcome_to_model_get_pending_house (self->model);
  gboolean choosing_fence = stage == TK_WELCOME_TO_STAGE_EFFECT && effect == TK_WELCOME_TO_SURVEYOR;
  gint written = tk_welcome_to_model_written_number (self->model, number, effect);

  for (guint i = 0; i < estates->len; i++)
    {
      TkWelcomeToEstate *estate = &g_array_index (estates, TkWelcomeToEstate, i);

      for (guint h = estate->from; h <= estate->to; h++)
        in_estate[estate->street][h] = TRUE;
    }
  tk_wt_set_class (self->root_box, "tk-welcome-to-choosing-fence", choosing_fence);

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = tk_welcome_to_sheet_street (sheet, s);
      guint parks = street != NULL ? (guint) json_object_get_int_member (street, "parks") : 0;
      g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                 parks_points != NULL
                                                 ? json_array_get_int_element (parks_points, s)
                                                 : 0);

      for (guint i = 0; i < self->park_cells[s]->len; i++)
        tk_wt_set_class (g_ptr_array_index (self->park_cells[s], i), "tk-welcome-to-crossed", i < parks);
      gtk_label_set_text (GTK_LABEL (self->park_points[s]), points);

      for (guint h = 0; h < tk_welcome_to_model_get_n_houses (self->model, s); h++)
        {
          JsonObject *house = tk_welcome_to_sheet_house (sheet, s, h);
          gboolean pending = stage == TK_WELCOME_TO_STAGE_EFFECT && (gint) s == pend_street &&
                             (gint) h == pend_house;
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
              dim = house == NULL && !tk_welcome_to_model_house_takes_pick (self->model, s, h);
              if (house == NULL && !dim)
                write = written;
            }
          else if (stage == TK_WELCOME_TO_STAGE_EFFECT && effect == TK_WELCOME_TO_BIS)
            {
              target = house == NULL && !pending &&
                       tk_welcome_to_model_bis_target_ok (self->model, s, h);
              dim = house == NULL && !pending && !target;
            }
          else if (stage == TK_WELCOME_TO_STAGE_ROUNDABOUT && house == NULL)
            {
              target = tk_welcome_to_model_roundabout_ok (self->model, s, h);
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
          if (in_estate[s][h])
            flags |= TK_WELCOME_TO_HOUSE_IN_ESTATE;
          if (in_estate[s][h] && tk_welcome_to_sheet_estate_used (sheet, s, h))
            flags |= TK_WELCOME_TO_HOUSE_PLAN_USED;
          tk_welcome_to_house_update (self->houses[s][h], text, flags, write);

          if (h + 1 < tk_welcome_to_model_get_n_houses (self->model, s))
            {
              GtkWidget *fence = self->fence_buttons[s][h];
              gboolean built = tk_welcome_to_sheet_has_fence (sheet, s, h);
              gboolean inner = in_estate[s][h] && in_estate[s][h + 1] && !built;
              gboolean fence_dim = FALSE;

              tk_wt_set_class (fence, "tk-welcome-to-built", built);
              /* A fence slot is a target only while the surveyor's fence is chosen, when it
               * widens to 44 px (style.css); otherwise it is a 14 px drawing between two
               * houses, which a finger meant for a house must not hit. */
              gtk_widget_set_can_target (fence, choosing_fence);
              gtk_widget_set_focusable (fence, choosing_fence);
              if (choosing_fence)
                fence_dim = built || !tk_welcome_to_model_fence_ok (self->model, s, h);
              tk_wt_set_class (fence, "tk-welcome-to-dim", fence_dim);
              tk_wt_set_class (self->fence_estate_bars[s][h], "tk-welcome-to-estate", inner);
              tk_wt_set_class (self->fence_plan_bars[s][h], "tk-welcome-to-used",
                         inner && tk_welcome_to_sheet_estate_used (sheet, s, h));
            }
        }
    }
}
