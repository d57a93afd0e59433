/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-options.c — the Foundations of Metropolis options of the New Session dialog.
 *
 * The defaults come from the engine's default_setup(); the numbers the engine marks as not
 * confirmed ("unconfirmed" in the setup) say "check against your rule book" beside them.
 * The choices are rows of the template that carry their setup member; the rule tables and
 * the tile table are rows made from the engine's defaults.
 */
#define G_LOG_DOMAIN "tk-metropolis-options"

#include "config.h"

#include <glib/gi18n.h>

#include "tk-game-panel.h"
#include "tk-metropolis-options.h"
#include "panels/tk-setup-choice-row.h"
#include "panels/tk-setup-row.h"
#include "panels/tk-setup-switch-row.h"

#define RULES_ID   "metropolis"
#define N_YEARS    3
#define START_DEEDS 6

/* The rule tables of the template: a list of whole numbers, or one when max_len is 0. */
static const struct
{
  const char *member;     /* in the setup, and the entry's id in the template */
  int         min_len;
  int         max_len;
} tables[] = {
  { "market_prices", 1, 8 }, { "population_bonus", N_YEARS, N_YEARS },
  { "starting_coins", 4, 4 }, { "lot_markers", 0, 0 }, { "income_base", 0, 0 },
};

#define N_TABLES G_N_ELEMENTS (tables)

/* The numbers of one tile code that the table may correct (every row of that code). */
typedef struct
{
  char          *code;
  GtkSpinButton *first;     /* citizens, coins, or the public scoring rate */
  const char    *first_member;
  GtkSpinButton *second;    /* commercial: printed prestige; else NULL */
} TileEdit;

static void
tile_edit_free (gpointer data)
{
  TileEdit *edit = data;

  g_free (edit->code);
  g_free (edit);
}

struct _TkMetropolisOptions
{
  AdwPreferencesGroup parent_instance;

  guint        n_players;
  AdwComboRow *first_row;
  AdwComboRow *board_row;
  AdwExpanderRow *tiles_row;
  GtkEditable *entries[N_TABLES];
  GPtrArray   *tile_edits;       /* TileEdit, one per tile code */
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
  rules = tk_rules_lookup (RULES_ID);
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

/* The deeds left after the starting deeds, in three piles as equal as possible, the larger
 * piles last (as the engine's default). */
static void
year_decks (int left,
            int decks[N_YEARS])
{
  for (int y = 0; y < N_YEARS; y++)
    decks[y] = left / N_YEARS + (y >= N_YEARS - left % N_YEARS ? 1 : 0);
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
  int left = side * side - START_DEEDS * (int) self->n_players;
  const char *base = _("7 × 7 for 2 players, 8 × 8 for 3, 9 × 9 for 4; a deed card per lot");
  g_autofree char *text = NULL;
  int decks[N_YEARS];

  if (left < 0)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->board_row), base);
      return;
    }
  year_decks (left, decks);
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
  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      const char *code = json_object_get_string_member_with_default (tile, "code", NULL);

      for (guint e = 0; e < self->tile_edits->len; e++)
        {
          TileEdit *edit = g_ptr_array_index (self->tile_edits, e);

          if (g_strcmp0 (edit->code, code) != 0)
            continue;
          json_object_set_int_member (tile, edit->first_member,
                                      gtk_spin_button_get_value_as_int (edit->first));
          if (edit->second != NULL)
            json_object_set_int_member (tile, "prestige",
                                        gtk_spin_button_get_value_as_int (edit->second));
        }
    }
}

static gboolean
tk_metropolis_options_fill_setup (TkSetupOptions *options,
                                  JsonObject     *setup,
                                  GError        **error)
{
  TkMetropolisOptions *self = TK_METROPOLIS_OPTIONS (options);
  guint n_players = tk_rules_setup_n_players (setup);
  int side = 7 + (int) adw_combo_row_get_selected (self->board_row);
  int left = side * side - START_DEEDS * (int) n_players;
  guint first = adw_combo_row_get_selected (self->first_row);
  JsonNode *values[N_TABLES] = { NULL };
  JsonArray *decks;
  int sizes[N_YEARS];

  for (guint t = 0; t < N_TABLES; t++)
    if (!parse_table (self, t, &values[t], error))
      {
        for (guint u = 0; u < t; u++)
          json_node_unref (values[u]);
        return FALSE;
      }
  if (left < 0)
    {
      for (guint t = 0; t < N_TABLES; t++)
        json_node_unref (values[t]);
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A %d × %d board has too few lots for %u players."), side, side, n_players);
      return FALSE;
    }

  tk_setup_rows_write (GTK_WIDGET (self), setup);
  json_object_set_int_member (setup, "first_player", first < n_players ? first : 0);
  year_decks (left, sizes);
  decks = json_array_new ();
  for (int y = 0; y < N_YEARS; y++)
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

  g_ptr_array_unref (self->tile_edits);

  G_OBJECT_CLASS (tk_metropolis_options_parent_class)->finalize (object);
}


/* A number of a tile with its caption above it, so that a row of two fits a phone. */
static GtkSpinButton *
tile_spin (GtkWidget  *row,
           const char *caption,
           const char *name,
           gint64      value)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (caption);
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 99, 1);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), (double) value);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_name (spin, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, caption, -1);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), spin);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  return GTK_SPIN_BUTTON (spin);
}

/* A row per tile code with the numbers the references do not confirm. */
static void
add_tile_rows (TkMetropolisOptions *self,
               JsonObject          *defaults,
               AdwExpanderRow      *expander)
{
  JsonArray *tiles = json_object_get_array_member (defaults, "tiles");

  for (guint i = 0; tiles != NULL && i < json_array_get_length (tiles); i++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, i);
      const char *code = json_object_get_string_member_with_default (tile, "code", "?");
      const char *type = json_object_get_string_member_with_default (tile, "type", "");
      g_autofree char *title = NULL;
      g_autofree char *details = NULL;
      g_autofree char *name = NULL;
      gboolean seen = FALSE;
      GtkWidget *row;
      TileEdit *edit;

      for (guint e = 0; e < self->tile_edits->len; e++)
        seen |= g_strcmp0 (((TileEdit *) g_ptr_array_index (self->tile_edits, e))->code, code) == 0;
      if (seen)
        continue;
      /* Translators: a tile of the tile table, e.g. "C · Hotel" */
      title = g_strdup_printf (_("%s · %s"), code,
                               json_object_get_string_member_with_default (tile, "name", code));
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      {
        int size = (int) json_object_get_int_member_with_default (tile, "size", 1);
        const char *kind = json_object_get_string_member_with_default (tile, "public", "none");
        g_autofree char *lots = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d lot", "%d lots", size), size);
        /* Translators: what the rate of a public building counts */
        const char *per = g_str_equal (kind, "citizens") ? _("rate per adjacent citizen")
                          : g_str_equal (kind, "half_citizens") ? _("rate per 2 adjacent citizens")
                          : g_str_equal (kind, "coins") ? _("rate per adjacent coin value")
                          : g_str_equal (kind, "public_buildings") ? _("rate per adjacent public building")
                          : g_str_equal (kind, "buildings") ? _("rate per adjacent building")
                          : NULL;

        /* Translators: a tile's size and how a public one scores, e.g. "2 lots · rate per adjacent citizen" */
        details = per != NULL ? g_strdup_printf (_("%s · %s"), lots, per) : g_steal_pointer (&lots);
      }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), details);
      edit = g_new0 (TileEdit, 1);
      edit->code = g_strdup (code);
      name = g_strdup_printf ("metropolis-tile-%s", code);
      if (g_str_equal (type, "residential"))
        {
          edit->first_member = "citizens";
          edit->first = tile_spin (row, _("citizens"), name,
                                   json_object_get_int_member_with_default (tile, "citizens", 0));
        }
      else if (g_str_equal (type, "commercial"))
        {
          g_autofree char *second = g_strdup_printf ("metropolis-tile-%s-prestige", code);

          edit->first_member = "coins";
          edit->first = tile_spin (row, _("coins"), name,
                                   json_object_get_int_member_with_default (tile, "coins", 0));
          edit->second = tile_spin (row, _("prestige"), second,
                                    json_object_get_int_member_with_default (tile, "prestige", 0));
        }
      else
        {
          edit->first_member = "rate";
          /* Translators: the prestige a public building scores per neighbour it counts */
          edit->first = tile_spin (row, _("rate"), name,
                                   json_object_get_int_member_with_default (tile, "rate", 0));
        }
      g_ptr_array_add (self->tile_edits, edit);
      adw_expander_row_add_row (expander, row);
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
  self->tile_edits = g_ptr_array_new_with_free_func (tile_edit_free);
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
  add_tile_rows (self, defaults, self->tiles_row);
}
