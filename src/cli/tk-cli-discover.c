/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-cli-discover.c — `tablekeeper-cli discover`: games to try next, with the reasons. */
#define G_LOG_DOMAIN "tk-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "tk-catalog.h"
#include "tk-cli.h"
#include "tk-discover.h"
#include "tk-display-title.h"

static void
print_json (GPtrArray *suggestions)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_array (builder);
  for (guint i = 0; i < suggestions->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (suggestions, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "rank");
      json_builder_add_int_value (builder, i + 1);
      json_builder_set_member_name (builder, "id");
      json_builder_add_int_value (builder, s->game_id);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, s->title);
      if (s->title_ja != NULL)
        {
          json_builder_set_member_name (builder, "title_ja");
          json_builder_add_string_value (builder, s->title_ja);
        }
      json_builder_set_member_name (builder, "score");
      json_builder_add_double_value (builder, round (s->score * 1000) / 1000);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, s->reason);
      json_builder_set_member_name (builder, "popular");
      json_builder_add_boolean_value (builder, s->popular);
      json_builder_set_member_name (builder, "shared_features");
      json_builder_begin_array (builder);
      for (guint k = 0; s->shared_features[k] != NULL; k++)
        json_builder_add_string_value (builder, s->shared_features[k]);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "similar_games");
      json_builder_begin_array (builder);
      for (guint k = 0; k < s->similar_games->len; k++)
        json_builder_add_int_value (builder, g_array_index (s->similar_games, gint64, k));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "year");
      json_builder_add_int_value (builder, s->year);
      json_builder_set_member_name (builder, "min_players");
      json_builder_add_int_value (builder, s->min_players);
      json_builder_set_member_name (builder, "max_players");
      json_builder_add_int_value (builder, s->max_players);
      json_builder_set_member_name (builder, "min_time");
      json_builder_add_int_value (builder, s->min_time);
      json_builder_set_member_name (builder, "max_time");
      json_builder_add_int_value (builder, s->max_time);
      json_builder_set_member_name (builder, "weight");
      json_builder_add_double_value (builder, round (s->weight * 1000) / 1000);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

int
tk_cli_discover (TkStore  *store,
                 int       argc,
                 char    **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) suggestions = NULL;
  int players = 0, max_time = 0, limit = 20;
  gboolean json = FALSE;
  TkDiscoverFilter filter = { 0 };
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Only games that play with N players"),
      N_("N") },
    { "max-time", 0, 0, G_OPTION_ARG_INT, &max_time, N_("Only games of at most T minutes"),
      N_("T") },
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, N_("Show K suggestions (default 20)"), N_("K") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context,
                                _("Suggest games you have neither played nor own, from your "
                                  "ratings, favourites, plays and collection, each with the "
                                  "reason."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    goto usage;
  if (argc > 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("unexpected argument “%s”"), argv[1]);
      goto usage;
    }
  if (players < 0 || max_time < 0 || limit < 1)
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("numbers must not be negative, and the limit at least 1"));
      goto usage;
    }

  if (!tk_catalog_ensure (store, NULL, &error))
    {
      g_printerr (_("tablekeeper-cli: cannot load the catalog of games: %s\n"), error->message);
      return 1;
    }

  filter.players = (guint) players;
  filter.max_minutes = (guint) max_time;
  filter.limit = (guint) limit;
  filter.prefer_japanese = tk_display_title_prefers_japanese ();
  suggestions = tk_discover_run (store, &filter, NULL, &error);
  if (suggestions == NULL)
    {
      g_printerr (_("tablekeeper-cli: cannot read the library: %s\n"), error->message);
      return 1;
    }

  if (json)
    {
      print_json (suggestions);
      return 0;
    }
  if (suggestions->len == 0)
    {
      g_print ("%s\n", _("Nothing to suggest: no game in the catalog fits."));
      return 0;
    }
  if (((const TkDiscoverSuggestion *) g_ptr_array_index (suggestions, 0))->popular)
    g_print ("%s\n\n", _("Your library does not tell your taste yet, so these are the catalog’s "
                          "favourites. Rate games, mark favourites or log plays, and the "
                          "suggestions will follow your taste."));
  for (guint i = 0; i < suggestions->len; i++)
    {
      const TkDiscoverSuggestion *s = g_ptr_array_index (suggestions, i);
      const char *title = tk_display_title (s->title, s->title_ja);

      g_print ("%2u. %s  (%.3f)\n    %s\n", i + 1, title, s->score, s->reason);
    }
  return 0;

usage:
  g_printerr ("tablekeeper-cli discover: %s\n", error->message);
  return 2;
}
