/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-options.c — the Foundations of Metropolis options of the New Session dialog.
 *
 * The defaults come from the engine's default_setup(); the numbers the engine marks as not
 * confirmed ("unconfirmed" in the setup) say "check against your rule book" beside them.
 * The choices are rows of the template that carry their setup member; the rule tables are
 * entries of the template filled from the engine's defaults, the tile table a
 * TkMetropolisTileRow per tile code of them.
 */
#define G_LOG_DOMAIN "tk-metropolis-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "metropolis/tk-metropolis-rules.h"
#include "tk-metropolis-options.h"
#include "tk-metropolis-tile-row.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-switch-row.h"


/* The rule tables of the template: a list of whole numbers, or one when max_len is 0. */
static const struct
{
  const char *member;     /* in the setup, and the entry's id in the template */
  int         min_len;
  int         max_len;
} tables[] = {
  { "market_prices", 1, 8 }, { "population_bonus", TK_METROPOLIS_N_YEARS, TK_METROPOLIS_N_YEARS },
  { "starting_coins", 4, 4 }, { "lot_markers", 0, 0 }, { "income_base", 0, 0 },
};

#define N_TABLES G_N_ELEMENTS (tables)

struct _TkMetropolisOptions
{
  AdwPreferencesGroup parent_instance;

  guint        n_players;
  AdwComboRow *first_row;
  AdwComboRow *board_row;
  AdwExpanderRow *tiles_row;
  GtkEditable *entries[N_TABLES];
  GPtrArray   *tile_rows;        /* TkMetropolisTileRow, one per tile code */
};

static void tk_metropolis_options_iface_init (TkSetupOptionsInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TkMetropolisOptions, tk_metropolis_options, ADW_TYPE_PREFERENCES_GROUP,
                               G_IMPLEMENT_INTERFACE (TK_TYPE_SETUP_OPTIONS,
                                                      tk_metropolis_options_iface_init))

static JsonObject *
engine_defaults (guint n_players)
{
  const TkRules *rules;

  tk_games_register_all ();
  rules = tk_rules_lookup (TK_METROPOLIS_RULES_ID);
  return rules != NULL ? rules->default_setup (n_players) : json_object_new ();
}

static gboolean
is_unconfirmed (JsonObject *defaults,
                const char *member)
{
  JsonArray *list = json_object_has_member (defaults, "unconfirmed")
                    ? json_object_get_array_member (defaults, "unconfirmed") : NULL;

  for (guint i = 0; list != NULL && i < json_array_get_length (list); i++)
    if (g_strcmp0 (json_array_get_string_element (list, i), member) == 0)
      return TRUE;
  return FALSE;
}

/* "2, 3, 4" for a list member, "8" for a number. */
static char *
member_text (JsonObject *defaults,
             const char *member)
{
  JsonNode *node = json_object_get_member (defaults, member);
  GString *text = g_string_new (NULL);

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
      g_string_append_printf (text, i > 0 ? ", %" G_GINT64_FORMAT : "%" G_GINT64_FORMAT,
                              json_array_get_int_element (json_node_get_array (node), i));
  else if (node != NULL)
    g_string_append_printf (text, "%" G_GINT64_FORMAT, json_node_get_int (node));
  return g_string_free (text, FALSE);
}

static void
fill_first_player (TkMetropolisOptions *self)
{
  g_autoptr(GtkStringList) seats = gtk_string_list_new (NULL);
  guint selected = adw_combo_row_get_selected (self->first_row);

  for (guint i = 0; i < self->n_players; i++)
    {
      /* Translators: a seat of the New Session dialog, e.g. "Seat 1" */
      g_autofree char *text = g_strdup_printf (_("Seat %u"), i + 1);
      gtk_string_list_append (seats, text);
    }
  adw_combo_row_set_model (self->first_row, G_LIST_MODEL (seats));
  adw_combo_row_set_selected (self->first_row, selected < self->n_players ? selected : 0);
}

/* The City Board row names the year decks the chosen board and seats make, so the sizes
 * are seen (and can be checked against the rule book) before the game starts. */
static void
update_board_subtitle (TkMetropolisOptions *self)
{
  int side = 7 + (int) adw_combo_row_get_selected (self->board_row);
  const char *base = _("7 × 7 for 2 players, 8 × 8 for 3, 9 × 9 for 4; a deed card per lot");
  g_autofree char *text = NULL;
  int decks[TK_METROPOLIS_N_YEARS];

  if (!tk_metropolis_rules_year_decks (side, self->n_players, decks))
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->board_row), base);
      return;
    }
  /* Translators: %s is the board sizes line, then the deeds per year deck, e.g.
   * "… · year decks of 15, 15 and 16 deeds (check against your rule book)" */
  text = g_strdup_printf (_("%s · year decks of %d, %d and %d deeds (check against your rule book)"),
                          base, decks[0], decks[1], decks[2]);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->board_row), text);
}

static void
tk_metropolis_options_set_n_players (TkSetupOptions *options,
                                     guint           n_players)
{
  TkMetropolisOptions *self = TK_METROPOLIS_OPTIONS (options);
  g_autoptr(JsonObject) defaults = NULL;

  self->n_players = CLAMP (n_players, 2, 4);
  fill_first_player (self);
  /* the engine's board for that many players; the user may still pick another one */
  defaults = engine_defaults (self->n_players);
  tk_setup_row_read (TK_SETUP_ROW (self->board_row), defaults);
  update_board_subtitle (self);
}

/* Reads "2, 3, 4" (commas or spaces) into @out; FALSE with a message when it is not. */
static gboolean
parse_table (TkMetropolisOptions *self,
             guint                t,
             JsonNode           **out,
             GError             **error)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (self->entries[t]));
  g_auto(GStrv) parts = NULL;
  g_autoptr(JsonArray) values = json_array_new ();
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                        gtk_widget_get_ancestor (GTK_WIDGET (self->entries[t]), ADW_TYPE_ACTION_ROW)));

  g_strdelimit (text, ",;", ' ');
  parts = g_strsplit (g_strstrip (text), " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 value;

      if (*parts[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, 1000, &value, NULL))
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       /* Translators: %s is a rule table's name, e.g. "Market Slot Prices" */
                       _("%s: “%s” is not a whole number from 0 to 1000."), title, parts[i]);
          return FALSE;
        }
      json_array_add_int_element (values, (gint64) value);
    }
  if (tables[t].max_len == 0)
    {
      if (json_array_get_length (values) != 1)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("%s needs one whole number."), title);
          return FALSE;
        }
      *out = json_node_init_int (json_node_alloc (), json_array_get_int_element (values, 0));
      return TRUE;
    }
  if ((int) json_array_get_length (values) < tables[t].min_len ||
      (int) json_array_get_length (values) > tables[t].max_len)
    {
      if (tables[t].min_len == tables[t].max_len)
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("%s needs %d whole numbers."), title, tables[t].min_len);
      else
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                     _("%s needs %d to %d whole numbers."), title, tables[t].min_len, tables[t].max_len);
      return FALSE;
    }
  *out = json_node_init_array (json_node_alloc (), values);
  return TRUE;
}

/* The tile table with the corrected numbers (the setup's rows, or the engine's defaults). */
static void
fill_tiles (TkMetropolisOptions *self,
            JsonObject          *setup)
{
  g_autoptr(JsonObject) defaults = NULL;
  JsonArray *tiles;

  if (!json_object_has_member (setup, "tiles"))
    {
      defaults = engine_defaults (tk_rules_setup_n_players (setup));
      json_object_set_array_member (setup, "tiles",
                                    json_array_ref (json_object_get_array_member (defaults, "tiles")));
    }
  tiles = json_object_get_array_member (setup, "tiles");
  for (guint r = 0; r < self->tile_rows->len; r++)
    tk_metropolis_tile_row_write (g_ptr_array_index (self->tile_rows, r), tiles);
}

static gboolean
tk_metropolis_options_fill_setup (TkSetupOptions *options,
                                  JsonObject     *setup,
                                  GError        **error)
{
  TkMetropolisOptions *self = TK_METROPOLIS_OPTIONS (options);
  guint n_players = tk_rules_setup_n_players (setup);
  int side = 7 + (int) adw_combo_row_get_selected (self->board_row);
  guint first = adw_combo_row_get_selected (self->first_row);
  JsonNode *values[N_TABLES] = { NULL };
  JsonArray *decks;
  int sizes[TK_METROPOLIS_N_YEARS];

  for (guint t = 0; t < N_TABLES; t++)
    if (!parse_table (self, t, &values[t], error))
      {
        for (guint u = 0; u < t; u++)
          json_node_unref (values[u]);
        return FALSE;
      }
  if (!tk_metropolis_rules_year_decks (side, n_players, sizes))
    {
      for (guint t = 0; t < N_TABLES; t++)
        json_node_unref (values[t]);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A %d × %d board has too few lots for %u players."), side, side, n_players);
      return FALSE;
    }

  tk_setup_rows_write (GTK_WIDGET (self), setup);
  json_object_set_int_member (setup, "first_player", first < n_players ? first : 0);
  decks = json_array_new ();
  for (int y = 0; y < TK_METROPOLIS_N_YEARS; y++)
    json_array_add_int_element (decks, sizes[y]);
  json_object_set_array_member (setup, "year_deck_sizes", decks);
  for (guint t = 0; t < N_TABLES; t++)
    json_object_set_member (setup, tables[t].member, values[t]);
  fill_tiles (self, setup);
  return TRUE;
}

static void
tk_metropolis_options_iface_init (TkSetupOptionsInterface *iface)
{
  iface->set_n_players = tk_metropolis_options_set_n_players;
  iface->fill_setup = tk_metropolis_options_fill_setup;
}

static void
tk_metropolis_options_finalize (GObject *object)
{
  TkMetropolisOptions *self = TK_METROPOLIS_OPTIONS (object);

  g_ptr_array_unref (self->tile_rows);

  G_OBJECT_CLASS (tk_metropolis_options_parent_class)->finalize (object);
}


/* A row per tile code of the engine's table. */
static void
add_tile_rows (TkMetropolisOptions *self,
               JsonObject          *defaults)
{
  JsonArray *tiles = json_object_get_array_member (defaults, "tiles");

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      const char *code = json_object_get_string_member_with_default (tile, "code", "?");
      gboolean seen = FALSE;
      GtkWidget *row;

      for (guint r = 0; r < self->tile_rows->len; r++)
        seen |= g_str_equal (tk_metropolis_tile_row_get_code (g_ptr_array_index (self->tile_rows, r)), code);
      if (seen)
        continue;
      row = tk_metropolis_tile_row_new (tile);
      g_ptr_array_add (self->tile_rows, row);
      adw_expander_row_add_row (self->tiles_row, row);
    }
}

static void
tk_metropolis_options_class_init (TkMetropolisOptionsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = tk_metropolis_options_finalize;
  g_type_ensure (TK_TYPE_SETUP_CHOICE_ROW);
  g_type_ensure (TK_TYPE_SETUP_SWITCH_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/panels/tk-metropolis-options.ui");
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisOptions, first_row);
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisOptions, board_row);
  for (guint t = 0; t < N_TABLES; t++)
    gtk_widget_class_bind_template_child_full (widget_class, tables[t].member, FALSE,
                                               G_STRUCT_OFFSET (TkMetropolisOptions, entries[t]));
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisOptions, tiles_row);
  gtk_widget_class_bind_template_callback (widget_class, update_board_subtitle);
}

static void
tk_metropolis_options_init (TkMetropolisOptions *self)
{
  g_autoptr(JsonObject) defaults = engine_defaults (2);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->tile_rows = g_ptr_array_new ();
  self->n_players = 2;
  tk_setup_rows_read (GTK_WIDGET (self), defaults);
  fill_first_player (self);
  update_board_subtitle (self);

  for (guint t = 0; t < N_TABLES; t++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (gtk_widget_get_ancestor (GTK_WIDGET (self->entries[t]),
                                                                   ADW_TYPE_ACTION_ROW));
      g_autofree char *text = member_text (defaults, tables[t].member);

      gtk_editable_set_text (self->entries[t], text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->entries[t]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), -1);
      if (is_unconfirmed (defaults, tables[t].member))
        {
          /* Translators: after what a rule number means, e.g. "Cheapest slot first · check against your rule book" */
          g_autofree char *full = g_strdup_printf (_("%s · check against your rule book"),
                                                   adw_action_row_get_subtitle (row));
          adw_action_row_set_subtitle (row, full);
        }
    }

  adw_expander_row_set_subtitle (self->tiles_row,
                                 is_unconfirmed (defaults, "tiles")
                                 ? _("Citizens, coins, prestige and public scoring rates from the Foundations of Rome analogues · check against your rule book")
                                 : _("Citizens, coins, prestige and public scoring rates"));
  add_tile_rows (self, defaults);
}
