/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-panel-trips.c — the Metromania panel: the seven test trips.  A row per trip
 * with its time and who scored, the selected trip's fastest routes in words and drawn on the
 * board, and the engine's warnings.  Rebuilt on each refresh from the engine's score.
 */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-metromania-panel-private.h"

/* ---- the test trips ---- */

static char *
trip_title (const char *trip)
{
  if (g_strcmp0 (trip, "lake-park") == 0)
    return g_strdup (_("Lake–park"));
  /* TRANSLATORS: a test trip between the two destination markers of a letter */
  return g_strdup_printf (_("Trip %s"), trip);
}

static char *
trip_subtitle (TkMetromaniaPanel *self,
               JsonObject        *trip)
{
  const char *failure = json_object_get_string_member_with_default (trip, "failure", NULL);
  JsonArray *scorers = json_object_get_array_member (trip, "scorers");
  GString *text = g_string_new (NULL);

  if (failure == NULL)
    {
      gint64 time = json_object_get_int_member (trip, "time");
      gint64 routes = json_object_get_int_member (trip, "n_routes");

      if (time == 0)
        g_string_append (text, _("0 min: a station touches both ends, nobody rides"));
      else
        /* TRANSLATORS: "9 min, 2 fastest routes" */
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d min, %d fastest route",
                                                   "%d min, %d fastest routes", routes),
                                (int) time, (int) routes);
    }
  else if (g_str_equal (failure, "not_placed"))
    g_string_append (text, _("Impossible: a destination is still in hand"));
  else if (g_str_equal (failure, "no_station"))
    g_string_append (text, _("Impossible: no station beside an end"));
  else if (g_str_equal (failure, "no_deal"))
    g_string_append (text, _("Not dealt"));
  else
    g_string_append (text, _("Impossible: the ends are not connected"));

  for (guint i = 0; scorers != NULL && i < json_array_get_length (scorers); i++)
    {
      JsonObject *entry = json_array_get_object_element (scorers, i);
      guint seat = json_object_get_int_member (entry, "seat");

      g_string_append (text, i == 0 ? " — " : ", ");
      /* TRANSLATORS: a trip's scorer: "Ana +6"; the space is a no-break space, so that a
       * name and its points stay on one line */
      g_string_append_printf (text, _("%s\u00a0%+d"),
                              tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                          seat),
                              (int) json_object_get_int_member (entry, "points"));
    }
  return g_string_free (text, FALSE);
}

/* The selected trip's fastest routes in words, as the engine names them. */
static void
update_route_text (TkMetromaniaPanel *self)
{
  JsonObject *score;
  JsonArray *trips, *routes, *scorers;
  GString *text;

  if (self->selected_trip < 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->route_label), FALSE);
      return;
    }
  score = tk_metromania_model_get_score (self->model);
  trips = json_object_get_array_member (score, "trips");
  if (trips == NULL || (guint) self->selected_trip >= json_array_get_length (trips))
    return;
  routes = json_object_get_array_member (json_array_get_object_element (trips,
                                                                        self->selected_trip),
                                         "routes");
  scorers = json_object_get_array_member (json_array_get_object_element (trips,
                                                                         self->selected_trip),
                                          "scorers");
  text = g_string_new (NULL);
  for (guint i = 0; routes != NULL && i < json_array_get_length (routes); i++)
    {
      const char *route = json_array_get_string_element (routes, i);

      if (*route == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, route);
    }
  /* Then why each player scored or paid: "Ben +3: rode the fastest route". */
  for (guint i = 0; scorers != NULL && i < json_array_get_length (scorers); i++)
    {
      JsonObject *entry = json_array_get_object_element (scorers, i);
      g_autofree char *who = g_strdup_printf (_("%s\u00a0%+d"),
                                              tk_rules_setup_player_name (
                                                tk_session_get_setup (self->session),
                                                json_object_get_int_member (entry, "seat")),
                                              (int) json_object_get_int_member (entry, "points"));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s: %s"), who,
                              json_object_get_string_member (entry, "reason"));
    }
  gtk_label_set_text (self->route_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->route_label), text->len > 0);
  g_string_free (text, TRUE);
}

void
mmp_update_highlight (TkMetromaniaPanel *self)
{
  g_autoptr(GArray) segments = NULL;

  update_route_text (self);

  if (self->selected_trip < 0 || !tk_metromania_model_has_board (self->model))
    {
      tk_metromania_board_view_set_highlight (self->board, NULL, 0);
      return;
    }
  segments = tk_metromania_route_segments (tk_metromania_model_get_game (self->model),
                                           (guint) self->selected_trip);
  tk_metromania_board_view_set_highlight (self->board, (TkMetromaniaSegment *) segments->data,
                                          segments->len);
}

void
mmp_on_trip_selected (GtkListBox        *list,
                      GtkListBoxRow     *row,
                      TkMetromaniaPanel *self)
{
  /* Rows go while the list is rebuilt or disposed: that is not the player's choice. */
  if (self->refreshing || self->board == NULL)
    return;
  self->selected_trip = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  mmp_update_highlight (self);
}

void
mmp_update_trips (TkMetromaniaPanel *self,
                  JsonObject        *score)
{
  JsonArray *trips = json_object_get_array_member (score, "trips");
  JsonArray *warnings = json_object_get_array_member (score, "warnings");
  GString *warning_text = g_string_new (NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->trips_list))) != NULL)
    gtk_list_box_remove (self->trips_list, child);
  for (guint i = 0; trips != NULL && i < json_array_get_length (trips); i++)
    {
      JsonObject *trip = json_array_get_object_element (trips, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = trip_title (json_object_get_string_member (trip, "trip"));
      g_autofree char *subtitle = trip_subtitle (self, trip);
      g_autofree char *name = g_strdup_printf ("trip-%s", json_object_get_string_member (trip, "trip"));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_name (row, name);
      gtk_list_box_append (self->trips_list, row);
      if ((gint) i == self->selected_trip)
        gtk_list_box_select_row (self->trips_list, GTK_LIST_BOX_ROW (row));
    }

  for (guint i = 0; warnings != NULL && i < json_array_get_length (warnings); i++)
    {
      if (warning_text->len > 0)
        g_string_append_c (warning_text, '\n');
      g_string_append (warning_text, json_array_get_string_element (warnings, i));
    }
  gtk_label_set_text (self->warnings_label, warning_text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), warning_text->len > 0);
  g_string_free (warning_text, TRUE);
}
