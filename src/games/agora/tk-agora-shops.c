/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-agora-shops.c — Agora: the shops and the placement of a card.
 *
 * A shop (owner, circles, open doors, the cards it lies on), the largest shop, a seat's income,
 * and what a placed card does to the shops: new shops on it, extending a shop, merging shops of
 * one owner, opening or closing doors — read and checked first, then applied.  Apart from
 * tk-agora-rules.c so that the table's geometry reads in one place.
 */
#define G_LOG_DOMAIN "tk-agora"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "tk-agora-rules-private.h"

/* ---- shops ---- */

static gboolean
shop_has_card (const Shop *shop,
               guint       card)
{
  for (guint i = 0; i < shop->cards->len; i++)
    if (g_array_index (shop->cards, guint, i) == card)
      return TRUE;
  return FALSE;
}

static void
shop_add_card (Shop  *shop,
               guint  card)
{
  guint i;

  if (shop_has_card (shop, card))
    return;
  for (i = 0; i < shop->cards->len && g_array_index (shop->cards, guint, i) < card; i++)
    ;
  g_array_insert_val (shop->cards, i, card);
}

Shop *
tk_ag_find_shop (TkAgState *state,
                 gint64     id)
{
  for (guint i = 0; i < state->shops->len; i++)
    if (((Shop *) state->shops->pdata[i])->id == id)
      return state->shops->pdata[i];
  return NULL;
}

guint
tk_ag_counters (const Shop *shop)
{
  return shop->owner >= 0 ? shop->marks : 0;
}

/* The shop with strictly the most counters, or NULL (no counters anywhere, or a tie). */
Shop *
tk_ag_largest_shop (TkAgState *state)
{
  Shop *best = NULL;
  guint most = 0;
  gboolean tie = FALSE;

  for (guint i = 0; i < state->shops->len; i++)
    {
      Shop *shop = state->shops->pdata[i];
      guint c = tk_ag_counters (shop);

      if (c == 0)
        continue;
      if (c > most)
        {
          most = c;
          best = shop;
          tie = FALSE;
        }
      else if (c == most)
        tie = TRUE;
    }
  return tie ? NULL : best;
}

/* ---- public queries ---- */

guint
tk_agora_rules_largest_shop (gpointer  data,
                             gboolean *tie)
{
  TkAgState *state = data;
  Shop *largest;
  guint most = 0, n_most = 0;

  g_return_val_if_fail (state != NULL, 0);

  largest = tk_ag_largest_shop (state);
  for (guint i = 0; i < state->shops->len; i++)
    most = MAX (most, tk_ag_counters (state->shops->pdata[i]));
  for (guint i = 0; most > 0 && i < state->shops->len; i++)
    n_most += tk_ag_counters (state->shops->pdata[i]) == most;
  if (tie != NULL)
    *tie = n_most > 1;
  return largest != NULL ? largest->id : 0;
}

TkAgoraFireFate
tk_agora_rules_fire_fate (gpointer data,
                          guint    shop_id)
{
  TkAgState *state = data;
  Shop *largest, *shop;
  guint shared = 0;

  g_return_val_if_fail (state != NULL, TK_AGORA_FIRE_SPARED);

  largest = tk_ag_largest_shop (state);
  shop = tk_ag_find_shop (state, shop_id);
  if (largest == NULL || shop == NULL)
    return TK_AGORA_FIRE_SPARED;
  if (shop == largest)
    return TK_AGORA_FIRE_BURNS;
  for (guint c = 0; c < shop->cards->len; c++)
    shared += shop_has_card (largest, g_array_index (shop->cards, guint, c));
  if (shared == 0)
    return TK_AGORA_FIRE_SPARED;
  return shared == shop->cards->len ? TK_AGORA_FIRE_GOES : TK_AGORA_FIRE_LOSES_CARDS;
}

gint64
tk_ag_shop_income (TkAgState *state,
                   guint      seat)
{
  gint64 sum = 0;

  for (guint i = 0; i < state->shops->len; i++)
    {
      Shop *shop = state->shops->pdata[i];

      if (shop->owner == (int) seat)
        sum += shop->doors;
    }
  return sum;
}

/* ---- reading JSON ---- */

static JsonObject *
array_object (JsonArray   *array,
              guint        i,
              GError     **error)
{
  JsonNode *node = json_array_get_element (array, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("A shop in the action is not an object."));
      return NULL;
    }
  return json_node_get_object (node);
}

/* ---- placing a card ---- */

void
tk_ag_placement_clear (Placement *p)
{
  g_clear_pointer (&p->fresh, g_array_unref);
  g_clear_pointer (&p->extend, g_array_unref);
  g_clear_pointer (&p->doors, g_array_unref);
  g_clear_pointer (&p->merges, g_ptr_array_unref);
  g_clear_pointer (&p->merge_totals, g_array_unref);
}

static Shop *
claim_shop (TkAgState *state,
            GArray    *seen,
            gint64     id,
            GError   **error)
{
  Shop *shop = tk_ag_find_shop (state, id);

  if (shop == NULL)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                   _("There is no shop %" PRId64 " on the table."), id);
      return NULL;
    }
  for (guint i = 0; i < seen->len; i++)
    if (g_array_index (seen, gint64, i) == id)
      {
        g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                     _("Shop %" PRId64 " is changed twice by one card."), id);
        return NULL;
      }
  g_array_append_val (seen, id);
  return shop;
}

/* Reads and checks the shop changes of a placed card (nothing is changed yet). */
gboolean
tk_ag_read_placement (TkAgState   *state,
                      JsonObject  *action,
                      Placement   *p,
                      GError     **error)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonArray *array;

  p->fresh = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->extend = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->doors = g_array_new (FALSE, TRUE, sizeof (ShopChange));
  p->merges = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  p->merge_totals = g_array_new (FALSE, TRUE, sizeof (ShopChange));

  if (!tk_rules_json_read_array (action, "new_shops", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };

      if (i >= MAX_COUNT)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID, _("Too many new shops."));
          return FALSE;
        }
      if (object == NULL ||
          !tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, 0, &change.marks, error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      g_array_append_val (p->fresh, change);
    }

  if (!tk_rules_json_read_array (action, "extend", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };
      Shop *shop;

      if (object == NULL ||
          !tk_rules_json_read_int (object, "shop", 1, G_MAXUINT32, -1, &change.shop, error) ||
          (shop = claim_shop (state, seen, change.shop, error)) == NULL)
        return FALSE;
      if (!tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, shop->marks, &change.marks,
                                   error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, shop->doors, &change.doors,
                                   error))
        return FALSE;
      if (change.marks < shop->marks)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("A card that extends shop %u cannot take circles away from it "
                         "(%u before, %" PRId64 " after)."),
                       shop->id, shop->marks, change.marks);
          return FALSE;
        }
      g_array_append_val (p->extend, change);
    }

  if (!tk_rules_json_read_array (action, "merge", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      JsonArray *ids;
      g_autoptr(GArray) group = NULL;
      ShopChange change = { 0 };
      gint64 sum_marks = 0;
      int owner = -1;

      if (object == NULL)
        return FALSE;
      if (!tk_rules_json_read_array (object, "shops", &ids, error))
        return FALSE;
      if (ids == NULL || json_array_get_length (ids) < 2 || json_array_get_length (ids) > 64)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                       _("A merge joins a list of at least two shops."));
          return FALSE;
        }
      group = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (guint j = 0; j < json_array_get_length (ids); j++)
        {
          JsonNode *node = json_array_get_element (ids, j);
          gint64 id;
          Shop *shop;

          if (!tk_rules_json_node_is_int (node))
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                           _("A merge names shops by their numbers."));
              return FALSE;
            }
          id = json_node_get_int (node);
          if ((shop = claim_shop (state, seen, id, error)) == NULL)
            return FALSE;
          if (shop->owner >= 0 && owner >= 0 && shop->owner != owner)
            {
              g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("A card may not join the shops of two different players "
                             "(%s and %s)."),
                           tk_ag_player_name (state, owner),
                           tk_ag_player_name (state, shop->owner));
              return FALSE;
            }
          if (shop->owner >= 0)
            owner = shop->owner;
          sum_marks += shop->marks;
          g_array_append_val (group, id);
        }
      if (!tk_rules_json_read_int (object, "marks", 0, MAX_COUNT, sum_marks, &change.marks,
                                   error) ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      if (change.marks < sum_marks)
        {
          g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                       _("Joined shops keep all their circles: at least %" PRId64
                         ", not %" PRId64 "."), sum_marks, change.marks);
          return FALSE;
        }
      g_ptr_array_add (p->merges, g_steal_pointer (&group));
      g_array_append_val (p->merge_totals, change);
    }

  if (!tk_rules_json_read_array (action, "doors", &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *object = array_object (array, i, error);
      ShopChange change = { 0 };

      if (object == NULL ||
          !tk_rules_json_read_int (object, "shop", 1, G_MAXUINT32, -1, &change.shop, error) ||
          claim_shop (state, seen, change.shop, error) == NULL ||
          !tk_rules_json_read_int (object, "doors", 0, MAX_COUNT, -1, &change.doors, error))
        return FALSE;
      g_array_append_val (p->doors, change);
    }
  return TRUE;
}

void
tk_ag_apply_placement (TkAgState *state,
                       Placement *p,
                       guint      card)
{
  for (guint i = 0; i < p->extend->len; i++)
    {
      ShopChange *change = &g_array_index (p->extend, ShopChange, i);
      Shop *shop = tk_ag_find_shop (state, change->shop);

      if (shop == NULL)
        continue;
      shop->marks = change->marks;
      shop->doors = change->doors;
      shop_add_card (shop, card);
    }
  for (guint i = 0; i < p->doors->len; i++)
    {
      ShopChange *change = &g_array_index (p->doors, ShopChange, i);
      Shop *shop = tk_ag_find_shop (state, change->shop);

      if (shop != NULL)
        shop->doors = change->doors;
    }
  for (guint m = 0; m < p->merges->len; m++)
    {
      GArray *group = p->merges->pdata[m];
      ShopChange *change = &g_array_index (p->merge_totals, ShopChange, m);
      gint64 keep = G_MAXINT64;
      Shop *kept;

      for (guint j = 0; j < group->len; j++)
        keep = MIN (keep, g_array_index (group, gint64, j));
      kept = tk_ag_find_shop (state, keep);
      if (kept == NULL)
        continue;
      for (guint j = 0; j < group->len; j++)
        {
          Shop *other = tk_ag_find_shop (state, g_array_index (group, gint64, j));

          if (other == NULL || other == kept)
            continue;
          if (other->owner >= 0)
            kept->owner = other->owner;
          for (guint c = 0; c < other->cards->len; c++)
            shop_add_card (kept, g_array_index (other->cards, guint, c));
          g_ptr_array_remove (state->shops, other);
        }
      kept->marks = change->marks;
      kept->doors = change->doors;
      shop_add_card (kept, card);
    }
  for (guint i = 0; i < p->fresh->len; i++)
    {
      ShopChange *change = &g_array_index (p->fresh, ShopChange, i);
      Shop *shop = tk_ag_shop_new (state->next_shop++, -1, change->marks, change->doors);

      shop_add_card (shop, card);
      g_ptr_array_add (state->shops, shop);
    }
}

gboolean
tk_agora_rules_for_sale (gpointer data,
                         guint    shop_id)
{
  Shop *shop;

  g_return_val_if_fail (data != NULL, FALSE);
  shop = tk_ag_find_shop (data, shop_id);
  return shop != NULL && shop->owner < 0 && shop->marks > 0;
}
