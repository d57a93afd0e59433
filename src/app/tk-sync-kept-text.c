/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-sync-kept-text.c — the words of "Changed on another device" (tk-sync-kept-text.h).
 *
 * Values are JSON as the operations carry them (docs/formats.md "Sync: identity, operations
 * and the fold"); they are parsed with json-glib, never shown raw and never as markup.
 */
#define G_LOG_DOMAIN "tk-sync-kept-text"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "tk-display-date.h"
#include "tk-sync-kept-text.h"

typedef struct
{
  const char *field;
  const char *words;
} FieldWords;

/* Every field of docs/formats.md; one not listed (a newer device's) shows as "Other
 * detail". */
static const FieldWords field_words[] = {
  { "acquired_on", N_("Date acquired") },
  { "best_players", N_("Best player counts") },
  { "bgg_extra", N_("Other BoardGameGeek details") },
  { "bgg_id", N_("BoardGameGeek number") },
  { "bgg_plays", N_("Plays on BoardGameGeek") },
  { "bgg_rank", N_("BoardGameGeek rank") },
  { "bgg_username", N_("BoardGameGeek user name") },
  { "catalog_key", N_("Catalog entry") },
  { "colour", N_("Colour") },
  { "comment", N_("Comment") },
  { "cover_path", N_("Cover") },
  { "deleted", N_("Deleted") },
  { "duration_min", N_("Duration") },
  { "expansions", N_("Expansions") },
  { "favourite", N_("Favourite") },
  { "game", N_("Game") },
  { "game_title", N_("Game title") },
  { "games", N_("Games") },
  { "hidden", N_("Hidden") },
  { "incomplete", N_("Unfinished") },
  { "location", N_("Location") },
  { "max_players", N_("Most players") },
  { "max_time", N_("Longest playing time") },
  { "merged_into", N_("Merged into") },
  { "min_age", N_("Minimum age") },
  { "min_players", N_("Fewest players") },
  { "min_time", N_("Shortest playing time") },
  { "name", N_("Name") },
  { "no_win_stats", N_("Left out of win statistics") },
  { "not_interested", N_("Not interested") },
  { "owned", N_("Owned") },
  { "played", N_("Played") },
  { "played_on", N_("Date played") },
  { "price_paid", N_("Price paid") },
  { "rating", N_("Rating") },
  { "rating_avg", N_("Average rating") },
  { "rating_count", N_("Number of ratings") },
  { "seats", N_("Players and scores") },
  { "source", N_("Source") },
  { "tags", N_("Tags") },
  { "title", N_("Title") },
  { "title_ja", N_("Japanese title") },
  { "want_to_play", N_("Want to play") },
  { "weight", N_("Weight") },
  { "year", N_("Year") },
};

static const char * const flag_fields[] = {
  "favourite", "hidden", "incomplete", "no_win_stats", "not_interested", "owned", "played",
  "want_to_play", NULL
};

const char *
tk_sync_kept_text_field (const char *entity_type,
                         const char *field)
{
  g_return_val_if_fail (field != NULL, NULL);

  /* A game's and a play's notes are both "Notes". */
  if (g_str_equal (field, "notes"))
    return _("Notes");
  for (gsize i = 0; i < G_N_ELEMENTS (field_words); i++)
    if (g_str_equal (field_words[i].field, field))
      return _(field_words[i].words);
  return _("Other detail");
}

char *
tk_sync_kept_text_subject (TkSyncKeptItem *item)
{
  const char *title = tk_sync_kept_item_get_title (item);
  const char *played_on = tk_sync_kept_item_get_played_on (item);
  g_autofree char *date = NULL;

  if (*title == '\0')
    {
      const char *type = tk_sync_kept_item_get_entity_type (item);

      if (g_str_equal (type, "play"))
        title = _("A play");
      else if (g_str_equal (type, "player"))
        title = _("A player");
      else
        title = _("A game");
    }
  if (played_on == NULL)
    return g_strdup (title);
  date = tk_display_date (played_on);
  /* Translators: a play: its game and its date, e.g. "Cascadia, 3 May 2026". */
  return g_strdup_printf (_("%s, %s"), title, date);
}

/* One seat of a play's "seats" register: "Ana 12" (the name and the score, if any). */
static char *
seat_text (JsonObject *seat)
{
  const char *name = json_object_get_string_member_with_default (seat, "name", "");
  JsonNode *score = json_object_get_member (seat, "score");
  const char *score_text = json_object_get_string_member_with_default (seat, "score_text",
                                                                       NULL);

  if (score_text != NULL && *score_text != '\0')
    return g_strdup_printf ("%s %s", name, score_text);
  if (score != NULL && JSON_NODE_HOLDS_VALUE (score))
    return g_strdup_printf ("%s %" G_GINT64_FORMAT, name, json_node_get_int (score));
  return g_strdup (name);
}

static char *
node_text (const char *field,
           JsonNode   *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup (_("Empty"));
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      guint n = json_array_get_length (array);

      if (n == 0)
        return g_strdup (_("Empty"));
      for (guint i = 0; i < n && i < 12; i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_OBJECT (element) && g_str_equal (field, "seats"))
            g_ptr_array_add (parts, seat_text (json_node_get_object (element)));
          else if (JSON_NODE_HOLDS_OBJECT (element))
            g_ptr_array_add (parts, g_strdup (json_object_get_string_member_with_default (
                                                json_node_get_object (element), "title", "?")));
          else if (JSON_NODE_HOLDS_ARRAY (element))
            {
              /* A tag: [kind, name]. */
              JsonArray *pair = json_node_get_array (element);
              guint len = json_array_get_length (pair);
              JsonNode *last = len > 0 ? json_array_get_element (pair, len - 1) : NULL;

              g_ptr_array_add (parts, node_text (field, last));
            }
          else
            g_ptr_array_add (parts, node_text (field, element));
        }
      if (n > 12)
        g_ptr_array_add (parts, g_strdup ("…"));
      g_ptr_array_add (parts, NULL);
      /* Translators: between the items of a list of values, e.g. "Ana 12, Ben 9". */
      return g_strjoinv (_(", "), (char **) parts->pdata);
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup (_("Other detail"));

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      {
        const char *text = json_node_get_string (node);

        if (*text == '\0')
          return g_strdup (_("Empty"));
        if (g_str_equal (field, "played_on") || g_str_equal (field, "acquired_on"))
          return tk_display_date (text);
        return g_strdup (text);
      }
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? _("Yes") : _("No"));
    case G_TYPE_INT64:
      {
        gint64 number = json_node_get_int (node);

        if (g_strv_contains (flag_fields, field))
          return g_strdup (number != 0 ? _("Yes") : _("No"));
        if (g_str_equal (field, "duration_min"))
          return g_strdup_printf (_("%d min"), (int) CLAMP (number, 0, G_MAXINT));
        return g_strdup_printf ("%" G_GINT64_FORMAT, number);
      }
    case G_TYPE_DOUBLE:
      {
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.2f",
                                          json_node_get_double (node)));
      }
    default:
      return g_strdup (_("Other detail"));
    }
}

char *
tk_sync_kept_text_value (const char *field,
                         const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_return_val_if_fail (field != NULL, NULL);

  if (json == NULL || !json_parser_load_from_data (parser, json, -1, NULL))
    return g_strdup (_("Empty"));
  return node_text (field, json_parser_get_root (parser));
}

/* "Rating" in the middle of a sentence: "rating" (a Japanese word is left as it is). */
static char *
field_in_sentence (const char *words)
{
  gunichar first = g_utf8_get_char (words);
  const char *rest = g_utf8_next_char (words);
  char buffer[8] = { 0 };

  if (!g_unichar_isupper (first) || g_unichar_isupper (g_utf8_get_char (rest)))
    return g_strdup (words);
  g_unichar_to_utf8 (g_unichar_tolower (first), buffer);
  return g_strconcat (buffer, rest, NULL);
}

static char *
restore_text (TkSyncKeptItem *item,
              gboolean        done)
{
  g_autofree char *subject = tk_sync_kept_text_subject (item);
  g_autofree char *field = NULL;
  g_autofree char *value = NULL;

  if (tk_sync_kept_item_is_deletion (item))
    /* Translators: %s is what comes back, e.g. "Cascadia" or "Cascadia, 3 May 2026". */
    return g_strdup_printf (done ? _("Restored %s") : _("Restore %s"), subject);
  field = field_in_sentence (tk_sync_kept_text_field (tk_sync_kept_item_get_entity_type (item),
                                                      tk_sync_kept_item_get_field (item)));
  value = tk_sync_kept_text_value (tk_sync_kept_item_get_field (item),
                                   tk_sync_kept_item_get_value (item));
  if (done)
    /* Translators: e.g. "Restored rating 8 for Cascadia": a field, its value, what it is
     * about (a game, a play, a player). */
    return g_strdup_printf (_("Restored %1$s %2$s for %3$s"), field, value, subject);
  /* Translators: a button's name for a screen reader, e.g. "Restore rating 8 for
   * Cascadia": a field, its value, what it is about. */
  return g_strdup_printf (_("Restore %1$s %2$s for %3$s"), field, value, subject);
}

char *
tk_sync_kept_text_restore (TkSyncKeptItem *item)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (item), NULL);
  return restore_text (item, FALSE);
}

char *
tk_sync_kept_text_restored (TkSyncKeptItem *item)
{
  g_return_val_if_fail (TK_IS_SYNC_KEPT_ITEM (item), NULL);
  return restore_text (item, TRUE);
}
