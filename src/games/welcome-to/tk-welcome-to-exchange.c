/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-exchange.c — Welcome To...: a sheet as JSON, both ways.  The sheet in the
 * state's JSON, reading one back (an imported sheet) and checking it whole, and the exchange
 * document a player's sheet is exported as.  Split from tk-welcome-to-rules.c (issue 21); shared declarations in
 * tk-welcome-to-rules-private.h. */
#define G_LOG_DOMAIN "tk-welcome-to"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-welcome-to-rules-private.h"

/* ---- sheet JSON ---- */

static JsonObject *
estate_to_json (const EstateRef *ref)
{
  JsonObject *object = json_object_new ();

  json_object_set_int_member (object, "street", ref->street + 1);
  json_object_set_int_member (object, "from", ref->from + 1);
  json_object_set_int_member (object, "to", ref->to + 1);
  return object;
}

JsonObject *
tk_welcome_to_sheet_to_json (const Rules *rules,
                             const Sheet *sheet)
{
  JsonObject *object = json_object_new ();
  JsonArray *streets = json_array_new ();
  JsonArray *plans = json_array_new ();
  JsonArray *agents = json_array_new ();

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_object_new ();
      JsonArray *houses = json_array_new ();
      JsonArray *fences = json_array_new ();

      for (guint h = 0; h < tk_welcome_to_n_houses (rules, s); h++)
        {
          const House *house = &sheet->streets[s].houses[h];
          JsonObject *box;

          if (!tk_welcome_to_built (house))
            {
              json_array_add_null_element (houses);
              continue;
            }
          box = json_object_new ();
          if (house->roundabout)
            json_object_set_boolean_member (box, "roundabout", TRUE);
          else
            json_object_set_int_member (box, "number", house->number);
          if (house->bis != 0)
            json_object_set_string_member (box, "bis", house->bis < 0 ? "left" : "right");
          if (house->pool)
            json_object_set_boolean_member (box, "pool", TRUE);
          json_array_add_object_element (houses, box);
        }
      for (guint k = 0; k + 1 < tk_welcome_to_n_houses (rules, s); k++)
        if (sheet->streets[s].fence[k])
          json_array_add_int_element (fences, k + 1);
      json_object_set_array_member (street, "houses", houses);
      json_object_set_array_member (street, "fences", fences);
      json_object_set_int_member (street, "parks", sheet->streets[s].parks);
      json_array_add_object_element (streets, street);
    }
  for (guint c = 0; c < N_COLUMNS; c++)
    json_array_add_int_element (agents, sheet->agents[c]);
  for (guint p = 0; p < N_PLANS; p++)
    {
      const Claim *claim = &sheet->claims[p];
      JsonObject *object_claim;
      JsonArray *estates;

      if (claim->round == 0)
        {
          json_array_add_null_element (plans);
          continue;
        }
      object_claim = json_object_new ();
      estates = json_array_new ();
      json_object_set_int_member (object_claim, "round", claim->round);
      for (guint e = 0; e < claim->n_estates; e++)
        json_array_add_object_element (estates, estate_to_json (&claim->estates[e]));
      json_object_set_array_member (object_claim, "estates", estates);
      if (claim->bis_mask != 0)
        {
          JsonArray *houses = json_array_new ();

          for (guint h = 0; h < MAX_HOUSES; h++)
            if (claim->bis_mask & (1u << h))
              json_array_add_int_element (houses, h + 1);
          json_object_set_int_member (object_claim, "bis_street", claim->bis_street + 1);
          json_object_set_array_member (object_claim, "bis_houses", houses);
        }
      json_array_add_object_element (plans, object_claim);
    }
  json_object_set_array_member (object, "streets", streets);
  json_object_set_int_member (object, "temps", sheet->temps);
  json_object_set_array_member (object, "agents", agents);
  json_object_set_int_member (object, "refusals", sheet->refusals);
  json_object_set_array_member (object, "plans", plans);
  return object;
}

gboolean
tk_welcome_to_read_estates (const Rules *rules,
                            JsonArray   *array,
                            Claim       *claim,
                            GError     **error)
{
  guint n = array != NULL ? json_array_get_length (array) : 0;

  claim->n_estates = 0;
  if (n > MAX_ESTATES)
    return INVALID (_("A city plan takes at most 6 estates."));
  for (guint e = 0; e < n; e++)
    {
      JsonNode *node = json_array_get_element (array, e);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      gint64 s, from, to;

      if (!tk_rules_json_get_int (object, "street", &s) || !tk_rules_json_get_int (object, "from",
                                                                                   &from) ||
          !tk_rules_json_get_int (object, "to", &to) || s < 1 || s > N_STREETS || from < 1 ||
          to < from ||
          to > tk_welcome_to_n_houses (rules, s - 1))
        return INVALID (_("An estate is given as {\"street\", \"from\", \"to\"} with houses "
                          "of that street."));
      claim->estates[e].street = s - 1;
      claim->estates[e].from = from - 1;
      claim->estates[e].to = to - 1;
    }
  claim->n_estates = n;
  return TRUE;
}

#define SHEET_INVALID(...) INVALID (__VA_ARGS__)

gboolean
tk_welcome_to_sheet_from_json (const Rules *rules,
                               JsonObject  *object,
                               Sheet       *sheet,
                               GError     **error)
{
  JsonArray *streets = tk_rules_json_get_array (object, "streets");
  JsonArray *agents = tk_rules_json_get_array (object, "agents");
  JsonArray *plans = tk_rules_json_get_array (object, "plans");
  gint64 v;

  memset (sheet, 0, sizeof *sheet);
  if (streets == NULL || json_array_get_length (streets) != N_STREETS)
    return SHEET_INVALID (_("A sheet needs three streets."));
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonNode *node = json_array_get_element (streets, s);
      JsonObject *street = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonArray *houses = tk_rules_json_get_array (street, "houses");
      JsonArray *fences = tk_rules_json_get_array (street, "fences");
      guint n = tk_welcome_to_n_houses (rules, s);

      if (houses == NULL || json_array_get_length (houses) != n)
        return SHEET_INVALID (_("Street %u of the sheet needs %u houses."), s + 1, n);
      for (guint h = 0; h < n; h++)
        {
          JsonNode *box_node = json_array_get_element (houses, h);
          House *house = &sheet->streets[s].houses[h];
          JsonObject *box;
          const char *bis;

          house->number = -1;
          if (JSON_NODE_HOLDS_NULL (box_node))
            continue;
          if (!JSON_NODE_HOLDS_OBJECT (box_node))
            return SHEET_INVALID (_("Street %u, house %u of the sheet is not an object."),
                                  s + 1, h + 1);
          box = json_node_get_object (box_node);
          if (json_object_has_member (box, "number"))
            {
              if (!tk_rules_json_get_int (box, "number", &v) || v < 0 || v > 120)
                return SHEET_INVALID (_("Street %u, house %u holds no number from 0 to %d."),
                                      s + 1, h + 1, rules->highest_number);
              house->number = v;
            }
          if (!tk_rules_json_read_bool (box, "roundabout", FALSE, &house->roundabout, error) ||
              !tk_rules_json_read_bool (box, "pool", FALSE, &house->pool, error))
            return FALSE;
          bis = tk_rules_json_get_string (box, "bis");
          if (json_object_has_member (box, "bis") && bis == NULL)
            return SHEET_INVALID (_("“bis” is “left” or “right”."));
          if (bis != NULL)
            {
              if (g_str_equal (bis, "left"))
                house->bis = -1;
              else if (g_str_equal (bis, "right"))
                house->bis = 1;
              else
                return SHEET_INVALID (_("“bis” is “left” or “right”."));
            }
          if (house->number < 0 && !house->roundabout)
            return SHEET_INVALID (_("Street %u, house %u holds neither a number nor a "
                                    "roundabout."), s + 1, h + 1);
        }
      if (fences == NULL)
        return SHEET_INVALID (_("Street %u of the sheet has no list of fences."), s + 1);
      for (guint i = 0; i < json_array_get_length (fences); i++)
        {
          if (!tk_rules_json_array_get_int (fences, i, &v) || v < 1 || v >= n)
            return SHEET_INVALID (_("Street %u has a fence that is not between two of its "
                                    "houses."), s + 1);
          sheet->streets[s].fence[v - 1] = TRUE;
        }
      if (!tk_rules_json_get_int (street, "parks", &v) || v < 0 || v > MAX_TRACK)
        return SHEET_INVALID (_("Street %u of the sheet has no park count."), s + 1);
      sheet->streets[s].parks = v;
    }
  if (!tk_rules_json_get_int (object, "temps", &v) || v < 0 || v > 1000)
    return SHEET_INVALID (_("The sheet has no temp count."));
  sheet->temps = v;
  if (!tk_rules_json_get_int (object, "refusals", &v) || v < 0 || v > 1000)
    return SHEET_INVALID (_("The sheet has no permit refusal count."));
  sheet->refusals = v;
  if (agents == NULL || json_array_get_length (agents) != N_COLUMNS)
    return SHEET_INVALID (_("The sheet needs six real estate columns."));
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      if (!tk_rules_json_array_get_int (agents, c, &v) || v < 0 || v > MAX_TRACK)
        return SHEET_INVALID (_("A real estate column of the sheet is not a count."));
      sheet->agents[c] = v;
    }
  if (plans == NULL || json_array_get_length (plans) != N_PLANS)
    return SHEET_INVALID (_("The sheet needs three city plan boxes."));
  for (guint p = 0; p < N_PLANS; p++)
    {
      JsonNode *node = json_array_get_element (plans, p);
      JsonObject *claim;

      if (JSON_NODE_HOLDS_NULL (node))
        continue;
      claim = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (!tk_rules_json_get_int (claim, "round", &v) || v < 1 || v > 100000)
        return SHEET_INVALID (_("A claimed city plan needs the round it was claimed in."));
      sheet->claims[p].round = v;
      if (!tk_welcome_to_read_estates (rules, tk_rules_json_get_array (claim, "estates"),
                                       &sheet->claims[p], error))
        return FALSE;
      if (json_object_has_member (claim, "bis_houses"))
        {
          JsonArray *houses = tk_rules_json_get_array (claim, "bis_houses");

          if (!tk_rules_json_get_int (claim, "bis_street", &v) || v < 1 || v > N_STREETS || houses == NULL)
            return SHEET_INVALID (_("A bis plan's houses are given with their street."));
          sheet->claims[p].bis_street = v - 1;
          for (guint i = 0; i < json_array_get_length (houses); i++)
            {
              gint64 h;

              if (!tk_rules_json_array_get_int (houses, i, &h) || h < 1 ||
                  h > tk_welcome_to_n_houses (rules, sheet->claims[p].bis_street))
                return SHEET_INVALID (_("A bis plan's houses are given with their street."));
              sheet->claims[p].bis_mask |= 1u << (h - 1);
            }
        }
    }
  return TRUE;
}

JsonObject *
tk_welcome_to_export_sheet (gpointer data,
                            guint    seat)
{
  TkWelcomeToState *state = data;
  JsonObject *document;

  if (state == NULL || seat >= state->n_players)
    return NULL;
  document = json_object_new ();
  json_object_set_string_member (document, "format", TK_WELCOME_TO_SHEET_FORMAT);
  json_object_set_int_member (document, "version", 1);
  json_object_set_string_member (document, "name", tk_welcome_to_seat_name (state, seat));
  json_object_set_object_member (document, "sheet",
                                 tk_welcome_to_sheet_to_json (&state->rules, &state->sheets[seat]));
  return document;
}

JsonObject *
tk_welcome_to_import_action (JsonObject *document,
                             guint       seat)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "import_sheet");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_object_member (action, "sheet", json_object_ref (document));
  return action;
}

/* Everything section 5 of the reference lists, for an imported sheet. */
gboolean
tk_welcome_to_check_sheet (const Rules *rules,
                           const Sheet *sheet,
                           GError     **error)
{
  guint n_bis = 0, n_pools = 0, n_roundabouts = 0;

  for (guint s = 0; s < N_STREETS; s++)
    {
      const Street *street = &sheet->streets[s];
      guint n = tk_welcome_to_n_houses (rules, s);
      gint last_value = -1, last_regular = -1;

      if (street->parks >= rules->streets[s].parks.n)
        return ILLEGAL (_("Street %u has more parks than boxes."), s + 1);
      for (guint h = 0; h < n; h++)
        {
          const House *house = &street->houses[h];

          if (house->roundabout)
            {
              n_roundabouts++;
              if (house->number >= 0 || house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u holds a roundabout and a number."),
                                s + 1, h + 1);
              if ((h > 0 && !street->fence[h - 1]) || (h < n - 1 && !street->fence[h]))
                return ILLEGAL (_("The roundabout in street %u, house %u needs a fence on "
                                  "both sides."), s + 1, h + 1);
              last_value = last_regular = -1;
              continue;
            }
          if (house->number < 0)
            {
              if (house->pool || house->bis != 0)
                return ILLEGAL (_("Street %u, house %u is empty but marked."), s + 1, h + 1);
              continue;
            }
          if (house->number > rules->highest_number)
            return ILLEGAL (_("Street %u, house %u holds a number above %d."), s + 1, h + 1,
                            rules->highest_number);
          if (house->bis != 0)
            {
              gint src = (gint) h + house->bis;
              guint fence_slot = house->bis < 0 ? h - 1 : h;

              n_bis++;
              /* A fence between them may have come later, which only "never" forbids. */
              if (src < 0 || src >= (gint) n || street->houses[src].number != house->number ||
                  street->houses[src].roundabout ||
                  (rules->bis_fence_never && street->fence[fence_slot]))
                return ILLEGAL (_("The bis in street %u, house %u does not copy its neighbour "
                                  "(same number, no fence between)."), s + 1, h + 1);
              if (house->pool)
                return ILLEGAL (_("A bis house never gets a pool (street %u, house %u)."),
                                s + 1, h + 1);
            }
          else
            {
              if (house->number <= last_regular)
                return ILLEGAL (_("Street %u is not in ascending order at house %u."),
                                s + 1, h + 1);
              last_regular = house->number;
            }
          if (house->number < last_value)
            return ILLEGAL (_("Street %u is not in ascending order at house %u."), s + 1, h + 1);
          last_value = house->number;
          if (house->pool)
            {
              if (!rules->streets[s].pool_spot[h])
                return ILLEGAL (_("Street %u, house %u has no pool spot."), s + 1, h + 1);
              n_pools++;
            }
        }
    }
  if (n_pools >= rules->pools.n)
    return ILLEGAL (_("The sheet has more pools than the pool track."));
  if (n_bis >= rules->bis.n)
    return ILLEGAL (_("The sheet has more bis houses than the bis track."));
  if (n_roundabouts > 0 && !rules->intermediate)
    return ILLEGAL (_("Roundabouts belong to the intermediate rules."));
  if (n_roundabouts >= rules->roundabouts.n)
    return ILLEGAL (_("The sheet has more roundabouts than the roundabout track."));
  if (sheet->temps > rules->temp_boxes)
    return ILLEGAL (_("The sheet has more temps than the temp agency track."));
  if (sheet->refusals >= rules->refusals.n)
    return ILLEGAL (_("The sheet has more permit refusals than the track."));
  for (guint c = 0; c < N_COLUMNS; c++)
    if (sheet->agents[c] >= rules->estates[c].n)
      return ILLEGAL (_("Real estate column %u has more crosses than boxes."), c + 1);
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0 &&
        !tk_welcome_to_check_claim (rules, sheet, p, &sheet->claims[p], p, error))
      return FALSE;
  return TRUE;
}

/* An imported sheet's bis plan claim without its houses (a sheet written before they were
 * kept) takes the leftmost free ones, as a claim in the app would. */
void
tk_welcome_to_fill_sheet_bis_claims (const Rules *rules,
                                     Sheet       *sheet)
{
  for (guint p = 0; p < N_PLANS; p++)
    if (sheet->claims[p].round > 0)
      tk_welcome_to_fill_bis_claim (rules, sheet, p, &sheet->claims[p]);
}
