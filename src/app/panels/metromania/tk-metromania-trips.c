/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metromania-trips.c — the test trips of the Metromania panel (see the header). */
#define G_LOG_DOMAIN "tk-metromania-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "tk-metromania-trips.h"

/* The engine's test trips: A–F, then lake–park. */
#define N_TRIPS 7

struct _TkMetromaniaTrips
{
  TkPanelPart  parent_instance;

  JsonObject  *shown_score;   /* the score the rows were made from */
  GPtrArray   *trips;         /* its trips, typed by the engine (TkMetroTripResult) */
  gboolean     updating;      /* rows go while the list is made again: not the user's choice */

  GtkListBox  *trips_list;
  AdwActionRow *trip_rows[N_TRIPS];
  GtkLabel    *route_label;
  GtkLabel    *warnings_label;
};

G_DEFINE_FINAL_TYPE (TkMetromaniaTrips, tk_metromania_trips, TK_TYPE_PANEL_PART)

/* ---- the trips ---- */

static char *
trip_title (const char *trip)
{
  if (g_strcmp0 (trip, "lake-park") == 0)
    return g_strdup (_("Lake–park"));
  /* TRANSLATORS: a test trip between the two destination markers of a letter */
  return g_strdup_printf (_("Trip %s"), trip);
}

/* "Ana +6" for a trip's scorer. */
static char *
scorer_text (JsonObject        *setup,
             TkMetroTripScorer *scorer)
{
  /* TRANSLATORS: a trip's scorer: "Ana +6"; the space is a no-break space, so that a
   * name and its points stay on one line */
  return g_strdup_printf (_("%s\u00a0%+d"), tk_rules_setup_player_name (setup, scorer->seat),
                          scorer->points);
}

static char *
trip_subtitle (JsonObject        *setup,
               TkMetroTripResult *trip)
{
  GString *text = g_string_new (NULL);

  switch (trip->failure)
    {
    case TK_METRO_TRIP_RAN:
      if (trip->time == 0)
        g_string_append (text, _("0 min: a station touches both ends, nobody rides"));
      else
        /* TRANSLATORS: "9 min, 2 fastest routes" */
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d min, %d fastest route",
                                                   "%d min, %d fastest routes", trip->n_routes),
                                trip->time, (int) trip->n_routes);
      break;
    case TK_METRO_TRIP_NOT_PLACED:
      g_string_append (text, _("Impossible: a destination is still in hand"));
      break;
    case TK_METRO_TRIP_NO_STATION:
      g_string_append (text, _("Impossible: no station beside an end"));
      break;
    case TK_METRO_TRIP_NO_DEAL:
      g_string_append (text, _("Not dealt"));
      break;
    case TK_METRO_TRIP_NOT_CONNECTED:
    default:
      g_string_append (text, _("Impossible: the ends are not connected"));
      break;
    }

  for (guint i = 0; i < trip->scorers->len; i++)
    {
      g_autofree char *who = scorer_text (setup, &g_array_index (trip->scorers,
                                                                 TkMetroTripScorer, i));

      g_string_append (text, i == 0 ? " — " : ", ");
      g_string_append (text, who);
    }
  return g_string_free (text, FALSE);
}

/* The selected trip's fastest routes in words, as the engine names them. */
static void
update_route_text (TkMetromaniaTrips *self,
                   TkMetromaniaModel *model)
{
  int selected = tk_metromania_model_get_selected_trip (model);
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model)));
  TkMetroTripResult *trip;
  GString *text;

  if (selected < 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->route_label), FALSE);
      return;
    }
  if (self->trips == NULL || (guint) selected >= self->trips->len)
    return;
  trip = self->trips->pdata[selected];
  text = g_string_new (NULL);
  for (guint i = 0; i < trip->routes->len; i++)
    {
      const char *route = trip->routes->pdata[i];

      if (*route == '\0')
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, route);
    }
  /* Then why each player scored or paid: "Ben +3: rode the fastest route". */
  for (guint i = 0; i < trip->scorers->len; i++)
    {
      TkMetroTripScorer *scorer = &g_array_index (trip->scorers, TkMetroTripScorer, i);
      g_autofree char *who = scorer_text (setup, scorer);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, _("%s: %s"), who, scorer->reason);
    }
  gtk_label_set_text (self->route_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->route_label), text->len > 0);
  g_string_free (text, TRUE);
}

/* The rows (the template's) and the warnings, patched when the score changes, so that the row
 * with the keyboard focus stays. */
static void
update_rows (TkMetromaniaTrips *self,
             TkMetromaniaModel *model)
{
  JsonObject *setup = tk_session_get_setup (tk_panel_model_get_session (TK_PANEL_MODEL (model)));
  g_auto(GStrv) warnings = tk_metromania_rules_warnings (tk_metromania_model_peek_state (model));
  g_autofree char *warning_text = NULL;
  int selected = tk_metromania_model_get_selected_trip (model);

  g_clear_pointer (&self->trips, g_ptr_array_unref);
  self->trips = tk_metromania_rules_trips (tk_metromania_model_peek_state (model));
  self->updating = TRUE;
  for (guint i = 0; i < MIN (self->trips->len, N_TRIPS); i++)
    {
      g_autofree char *subtitle = trip_subtitle (setup, self->trips->pdata[i]);

      adw_action_row_set_subtitle (self->trip_rows[i], subtitle);
    }
  gtk_list_box_select_row (self->trips_list, selected >= 0 && selected < N_TRIPS
                                             ? GTK_LIST_BOX_ROW (self->trip_rows[selected])
                                             : NULL);
  self->updating = FALSE;

  warning_text = g_strjoinv ("\n", warnings);
  gtk_label_set_text (self->warnings_label, warning_text);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), *warning_text != '\0');
}

static void
on_row_selected (TkMetromaniaTrips *self,
                 GtkListBoxRow     *row)
{
  TkPanelModel *model = tk_panel_part_get_model (TK_PANEL_PART (self));

  if (self->updating || model == NULL)
    return;
  tk_metromania_model_set_selected_trip (TK_METROMANIA_MODEL (model),
                                         row != NULL ? gtk_list_box_row_get_index (row) : -1);
}

static void
tk_metromania_trips_update (TkPanelPart  *part,
                            TkPanelModel *panel_model)
{
  TkMetromaniaTrips *self = TK_METROMANIA_TRIPS (part);
  TkMetromaniaModel *model = TK_METROMANIA_MODEL (panel_model);
  JsonObject *score = tk_metromania_model_get_score (model);

  if (score != self->shown_score)
    {
      g_clear_pointer (&self->shown_score, json_object_unref);
      self->shown_score = json_object_ref (score);
      update_rows (self, model);
    }
  update_route_text (self, model);
}

static void
tk_metromania_trips_dispose (GObject *object)
{
  TkMetromaniaTrips *self = TK_METROMANIA_TRIPS (object);

  self->updating = TRUE;
  g_clear_pointer (&self->shown_score, json_object_unref);
  g_clear_pointer (&self->trips, g_ptr_array_unref);
  G_OBJECT_CLASS (tk_metromania_trips_parent_class)->dispose (object);
}

static void
tk_metromania_trips_class_init (TkMetromaniaTripsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = tk_metromania_trips_dispose;
  TK_PANEL_PART_CLASS (klass)->update = tk_metromania_trips_update;

  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-metromania-trips.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaTrips, trips_list);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaTrips, route_label);
  gtk_widget_class_bind_template_child (widget_class, TkMetromaniaTrips, warnings_label);
  for (guint i = 0; i < N_TRIPS; i++)
    tk_panel_bind_template_child_indexed (widget_class, "trip_row_", i,
                                          G_STRUCT_OFFSET (TkMetromaniaTrips, trip_rows[i]));
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
}

static void
tk_metromania_trips_init (TkMetromaniaTrips *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < N_TRIPS; i++)
    {
      char letter[2] = { 'A' + i, '\0' };
      g_autofree char *title = trip_title (i < N_TRIPS - 1 ? letter : "lake-park");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->trip_rows[i]), title);
    }
}
