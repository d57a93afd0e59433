/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-metropolis-city.c — Foundations of Metropolis: the city board and its tiles.
 *
 * Lot names ("B2"), the shapes a tile may take (in a 4×4 box, turned and mirrored), a row of
 * the tile table, and the build action that puts a tile on a player's lots (over smaller
 * buildings).  Apart from tk-metropolis-rules.c so that the geometry reads in one place.
 */
#define G_LOG_DOMAIN "tk-metropolis"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tk-metropolis-rules-private.h"

const char *const tk_mp_type_names[TYPE_PUBLIC + 1] = { "residential", "commercial", "public" };
static const char *const kind_names[] = { "none", "citizens", "half_citizens", "coins",
                                          "public_buildings", "buildings" };

/* ---- shapes ---- */

/* Moves the cells of @mask (in a 4×4 box) to the top-left corner. */
static guint16
normalise_mask (guint16 mask)
{
  int min_r = SHAPE_BOX, min_c = SHAPE_BOX;
  guint16 out = 0;

  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      {
        min_r = MIN (min_r, b / SHAPE_BOX);
        min_c = MIN (min_c, b % SHAPE_BOX);
      }
  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b / SHAPE_BOX - min_r) * SHAPE_BOX + (b % SHAPE_BOX - min_c));
  return out;
}

static guint16
rotate_mask (guint16 mask)
{
  guint16 out = 0;

  /* (r, c) → (c, 3 − r) */
  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b % SHAPE_BOX) * SHAPE_BOX + (SHAPE_BOX - 1 - b / SHAPE_BOX));
  return normalise_mask (out);
}

static guint16
mirror_mask (guint16 mask)
{
  guint16 out = 0;

  for (int b = 0; b < SHAPE_BOX * SHAPE_BOX; b++)
    if (mask & (1u << b))
      out |= 1u << ((b / SHAPE_BOX) * SHAPE_BOX + (SHAPE_BOX - 1 - b % SHAPE_BOX));
  return normalise_mask (out);
}

static void
add_mask (Tile   *tile,
          guint16 mask)
{
  for (guint i = 0; i < tile->n_masks; i++)
    if (tile->masks[i] == mask)
      return;
  tile->masks[tile->n_masks++] = mask;
}

/* "XX/X." → a mask; 0 when the text is not a shape of @size lots in a 4×4 box. */
static guint16
parse_shape (const char *text,
             int         size)
{
  int r = 0, c = 0, n = 0;
  guint16 mask = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '/')
        {
          r++;
          c = 0;
          continue;
        }
      if (r >= SHAPE_BOX || c >= SHAPE_BOX || (*p != 'X' && *p != '.'))
        return 0;
      if (*p == 'X')
        {
          mask |= 1u << (r * SHAPE_BOX + c);
          n++;
        }
      c++;
    }
  return n == size && n > 0 ? normalise_mask (mask) : 0;
}

/* Whether @cells (all distinct lots of the board) are orthogonally connected. */
static gboolean
cells_connected (TkMpState *state,
                 const int *cells,
                 int        n)
{
  gboolean reached[MAX_TILE_SIZE] = { TRUE };
  gboolean grew = TRUE;
  int count = 1;

  while (grew)
    {
      grew = FALSE;
      for (int i = 0; i < n; i++)
        if (!reached[i])
          for (int j = 0; j < n; j++)
            if (reached[j])
              {
                int dr = ABS (cells[i] / state->side - cells[j] / state->side);
                int dc = ABS (cells[i] % state->side - cells[j] % state->side);
                if (dr + dc == 1)
                  {
                    reached[i] = TRUE;
                    grew = TRUE;
                    count++;
                    break;
                  }
              }
    }
  return count == n;
}

/* Whether @cells take the shape of @tile (in any orientation it allows). */
static gboolean
shape_matches (TkMpState *state,
               Tile      *tile,
               const int *cells,
               int        n)
{
  int min_r = MAX_SIDE, min_c = MAX_SIDE;
  guint16 mask = 0;

  if (n != tile->size)
    return FALSE;
  if (tile->any_shape)
    return cells_connected (state, cells, n);
  for (int i = 0; i < n; i++)
    {
      min_r = MIN (min_r, cells[i] / state->side);
      min_c = MIN (min_c, cells[i] % state->side);
    }
  for (int i = 0; i < n; i++)
    {
      int r = cells[i] / state->side - min_r, c = cells[i] % state->side - min_c;
      if (r >= SHAPE_BOX || c >= SHAPE_BOX)
        return FALSE;
      mask |= 1u << (r * SHAPE_BOX + c);
    }
  for (guint i = 0; i < tile->n_masks; i++)
    if (tile->masks[i] == mask)
      return TRUE;
  return FALSE;
}

/* ---- tile table ---- */

gboolean
tk_mp_read_tile (JsonObject  *object,
                 guint        index,
                 Tile        *tile,
                 GError     **error)
{
  const char *code = tk_rules_json_get_string (object, "code");
  const char *name = tk_rules_json_get_string (object, "name");
  const char *type = tk_rules_json_get_string (object, "type");
  const char *kind = tk_rules_json_get_string (object, "public");
  JsonNode *shapes = tk_rules_json_member (object, "shapes");
  JsonNode *mirror = tk_rules_json_member (object, "mirror");
  gboolean allow_mirror = FALSE;
  int t, k;

  if (code == NULL || *code == '\0' || strlen (code) >= sizeof tile->code)
    {
      g_set_error (error, TK_RULES_ERROR, TK_RULES_ERROR_INVALID,
                   _("Tile %u of the tile table has no code (1–7 characters)."), index + 1);
      return FALSE;
    }
  if (name != NULL && (strlen (name) >= sizeof tile->name || !g_utf8_validate (name, -1, NULL)))
    return invalid (error, _("Tile %s: the name must be text of at most 63 bytes."), code);
  if (!g_utf8_validate (code, -1, NULL))
    return invalid (error, _("Tile %u of the tile table has no code (1–7 characters)."), index + 1);
  g_strlcpy (tile->code, code, sizeof tile->code);
  g_strlcpy (tile->name, name != NULL ? name : code, sizeof tile->name);
  if (type == NULL ||
      (t = tk_rules_json_lookup (tk_mp_type_names, G_N_ELEMENTS (tk_mp_type_names), type)) < 0)
    return invalid (error, _("Tile %s needs a type: residential, commercial or public."), code);
  tile->type = t;
  k = kind == NULL ? KIND_NONE : tk_rules_json_lookup (kind_names, G_N_ELEMENTS (kind_names), kind);
  if (k < 0 || (t == TYPE_PUBLIC) != (k != KIND_NONE))
    return invalid (error, _("Tile %s: only public buildings have a scoring kind "
                             "(citizens, half_citizens, coins, public_buildings, buildings)."),
                    code);
  tile->kind = k;
  if (!tk_rules_json_read_int32 (object, "count", 0, 99, 1, &tile->count, error) ||
      !tk_rules_json_read_int32 (object, "size", 1, MAX_TILE_SIZE, 1, &tile->size, error) ||
      !tk_rules_json_read_int32 (object, "citizens", 0, 1000, 0, &tile->citizens, error) ||
      !tk_rules_json_read_int32 (object, "coins", 0, 1000, 0, &tile->coins, error) ||
      !tk_rules_json_read_int32 (object, "prestige", 0, 1000, 0, &tile->prestige, error) ||
      !tk_rules_json_read_int32 (object, "rate", 0, 1000, 0, &tile->rate, error))
    return FALSE;
  if (mirror != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (mirror) || json_node_get_value_type (mirror) != G_TYPE_BOOLEAN)
        return invalid (error, _("Tile %s: “mirror” must be true or false."), code);
      allow_mirror = json_node_get_boolean (mirror);
    }

  tile->n_masks = 0;
  tile->any_shape = FALSE;
  if (shapes == NULL || tk_rules_json_node_string (shapes) != NULL)
    {
      if (shapes != NULL && !g_str_equal (tk_rules_json_node_string (shapes), "any"))
        return invalid (error, _("Tile %s: “shapes” must be a list or “any”."), code);
      tile->any_shape = TRUE;
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (shapes) ||
      json_array_get_length (json_node_get_array (shapes)) < 1 ||
      json_array_get_length (json_node_get_array (shapes)) > MAX_ALTS)
    return invalid (error, _("Tile %s: “shapes” must list 1 to 4 shapes."), code);
  for (guint s = 0; s < json_array_get_length (json_node_get_array (shapes)); s++)
    {
      JsonNode *shape = json_array_get_element (json_node_get_array (shapes), s);
      const char *text = tk_rules_json_node_string (shape);
      guint16 mask = text != NULL ? parse_shape (text, tile->size) : 0;

      if (mask == 0)
        return invalid (error, _("Tile %s: a shape is rows of X and . separated by /, with "
                                 "as many X as the tile has lots, at most 4×4."), code);
      for (int r = 0; r < 4; r++)
        {
          add_mask (tile, mask);
          if (allow_mirror)
            add_mask (tile, mirror_mask (mask));
          mask = rotate_mask (mask);
        }
    }
  return TRUE;
}

/* ---- building ---- */

int
tk_mp_find_tile_code (TkMpState  *state,
                      const char *code)
{
  for (guint t = 0; t < state->n_tiles; t++)
    if (g_strcmp0 (state->tiles[t].code, code) == 0)
      return (int) t;
  return -1;
}

gboolean
tk_mp_apply_build (TkMpState   *state,
                   JsonObject  *action,
                   GError     **error)
{
  const char *code = tk_rules_json_get_string (action, "tile");
  JsonArray *lots = tk_rules_json_get_array (action, "lots");
  TkMpPlayer *player;
  int seat, n, row = -1, first, size, leftover = 0, freed = 0;
  int cells[MAX_TILE_SIZE];
  int covered[MAX_TILE_SIZE];
  int n_covered = 0;
  gboolean shape_ok = FALSE;

  if (!tk_mp_turn_seat (state, action, &seat, error))
    return FALSE;
  player = &state->players[seat];
  if (code == NULL || (first = tk_mp_find_tile_code (state, code)) < 0)
    return tk_mp_illegal (error, _("There is no tile “%s” in the tile table."),
                          code != NULL ? code : "?");
  if (lots == NULL || (n = (int) json_array_get_length (lots)) < 1 || n > MAX_TILE_SIZE)
    return invalid (error, _("The action has no list of “%s”."), "lots");
  for (int i = 0; i < n; i++)
    {
      const char *text = tk_rules_json_node_string (json_array_get_element (lots, i));
      int cell = tk_mp_parse_lot (state, text);

      if (cell < 0)
        return tk_mp_illegal (error, _("“%s” is not a lot of this city board."),
                              text != NULL ? text : "?");
      for (int j = 0; j < i; j++)
        if (cells[j] == cell)
          return tk_mp_illegal (error, _("Lot %s is named twice."), text);
      if (state->owner[cell] != seat)
        return tk_mp_illegal (error, _("%s does not own lot %s."),
                              tk_mp_player_name (state, seat), text);
      cells[i] = cell;
    }

  /* a row of that code in the shape of the lots, then one left on the player board */
  for (guint t = first; t < state->n_tiles; t++)
    if (g_str_equal (state->tiles[t].code, code) &&
        shape_matches (state, &state->tiles[t], cells, n))
      {
        shape_ok = TRUE;
        if (player->supply[t] > 0)
          {
            row = (int) t;
            break;
          }
      }
  if (!shape_ok)
    {
      if (n != state->tiles[first].size)
        return tk_mp_illegal (error, _("%s (%s) takes %d lots, not %d."), state->tiles[first].name,
                              code, state->tiles[first].size, n);
      return tk_mp_illegal (error, _("Those lots do not have the shape of %s (%s)."),
                            state->tiles[first].name, code);
    }
  if (row < 0)
    return tk_mp_illegal (error, _("%s has no %s (%s) left on the player board."),
                          tk_mp_player_name (state, seat), state->tiles[first].name, code);
  size = state->tiles[row].size;

  /* buildings under the new tile: each strictly smaller */
  for (int i = 0; i < n; i++)
    {
      int a = state->anchor[cells[i]];
      gboolean known = FALSE;

      if (a < 0)
        {
          freed++;
          continue;
        }
      for (int j = 0; j < n_covered; j++)
        known |= covered[j] == a;
      if (known)
        continue;
      if (state->tiles[state->tile[a]].size >= size)
        return tk_mp_illegal (error, _("%s can be built over only smaller buildings: %s (%s) is "
                                       "%d lots."), state->tiles[row].name,
                              state->tiles[state->tile[a]].name, state->tiles[state->tile[a]].code,
                              state->tiles[state->tile[a]].size);
      covered[n_covered++] = a;
    }
  /* lots of the covered buildings outside the new tile become empty and need markers */
  for (int c = 0; c < state->side * state->side; c++)
    {
      gboolean under = FALSE, of_covered = FALSE;

      for (int i = 0; i < n; i++)
        under |= cells[i] == c;
      for (int j = 0; j < n_covered; j++)
        of_covered |= state->anchor[c] == covered[j];
      leftover += of_covered && !under;
    }
  if (player->markers + freed < leftover)
    return tk_mp_illegal (error, _("Rebuilding leaves %d empty lots and %s has only %d lot markers "
                                   "for them."), leftover, tk_mp_player_name (state, seat),
                          player->markers + freed);

  /* apply */
  for (int j = 0; j < n_covered; j++)
    player->supply[state->tile[covered[j]]]++;
  for (int c = 0; c < state->side * state->side; c++)
    for (int j = 0; j < n_covered; j++)
      if (state->anchor[c] == covered[j])
        state->anchor[c] = state->tile[c] = -1;
  player->markers += freed - leftover;
  player->supply[row]--;
  {
    int anchor = cells[0];

    for (int i = 1; i < n; i++)
      anchor = MIN (anchor, cells[i]);
    for (int i = 0; i < n; i++)
      {
        state->anchor[cells[i]] = anchor;
        state->tile[cells[i]] = row;
      }
  }
  tk_mp_next_turn (state);
  return TRUE;
}
