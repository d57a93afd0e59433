/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-options.c — the Foundations of Metropolis options of the New Session dialog.
 *
 * The defaults come from the engine's default_setup(); the numbers the engine marks as not
 * confirmed ("unconfirmed" in the setup) say "check against your rule book" beside them.
 * The choices are rows of the template that carry their setup member; the rule tables are
 * entries of the template the engine fills from its defaults and reads back, the tile table a
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

/* The engine's rule tables (tk_metropolis_rule_tables): each an entry of the template whose id
 * is its setup member. */
#define N_TABLES TK_METROPOLIS_N_RULE_TABLES

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
  defaults = tk_metropolis_rules_get ()->default_setup (self->n_players);
  tk_setup_row_read (TK_SETUP_ROW (self->board_row), defaults);
  update_board_subtitle (self);
}

/* The title of the row that holds the entry of rule table @t, which names it in a refusal. */
static const char *
table_title (TkMetropolisOptions *self,
             guint                t)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
           gtk_widget_get_ancestor (GTK_WIDGET (self->entries[t]), ADW_TYPE_ACTION_ROW)));
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
      defaults = tk_metropolis_rules_get ()->default_setup (tk_rules_setup_n_players (setup));
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
    if ((values[t] = tk_metropolis_rules_table_parse (tk_metropolis_rule_tables[t],
                                                      gtk_editable_get_text (self->entries[t]),
                                                      table_title (self, t), error)) == NULL)
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
    json_object_set_member (setup, tk_metropolis_rule_tables[t], values[t]);
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
    gtk_widget_class_bind_template_child_full (widget_class, tk_metropolis_rule_tables[t], FALSE,
                                               G_STRUCT_OFFSET (TkMetropolisOptions, entries[t]));
  gtk_widget_class_bind_template_child (widget_class, TkMetropolisOptions, tiles_row);
  gtk_widget_class_bind_template_callback (widget_class, update_board_subtitle);
}

static void
tk_metropolis_options_init (TkMetropolisOptions *self)
{
  g_autoptr(JsonObject) defaults = tk_metropolis_rules_get ()->default_setup (2);

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
      g_autofree char *text = tk_metropolis_rules_table_text (defaults, tk_metropolis_rule_tables[t]);

      gtk_editable_set_text (self->entries[t], text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->entries[t]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, table_title (self, t), -1);
      if (is_unconfirmed (defaults, tk_metropolis_rule_tables[t]))
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
