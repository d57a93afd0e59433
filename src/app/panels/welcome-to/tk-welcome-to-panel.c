/* tk-welcome-to-panel.c — the Welcome To... bookkeeping panel: every player's sheet, drawn
 * like the paper one, filled in by tapping.
 *
 * A turn is picked (one of the round's recorded cards, a number card and an effect card in
 * solo and the draft, or just a number and an effect), then a house is tapped, then the
 * effect's target (a fence slot, a real estate column, the bis house) when it has one.  The
 * whole turn goes to the engine as one action.  While choosing, the houses, fences and
 * columns the engine would refuse are dimmed: each is tried on a scratch state
 * (TkWelcomeToTrial), so the dimming is the engine's own rule, not a copy of it.
 *
 * Everything shown is read from the session on every change and drawn by
 * tk-welcome-to-panel-view.c; this file reads the state, keeps the transient pick (cleared
 * when the session changes) and turns taps into the engine's actions.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-plan-text.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-panel-private.h"
#include "tk-welcome-to-trial.h"

const char *const tk_wt_effect_ids[N_EFFECTS] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void prefill_passed_card (TkWelcomeToPanel *self);

/* ---- names ---- */

const char *
tk_wt_effect_name (gint effect)
{
  switch (effect)
    {
    case EFFECT_SURVEYOR: return _("Surveyor");
    case EFFECT_REAL_ESTATE: return _("Real Estate Agent");
    case EFFECT_LANDSCAPER: return _("Landscaper");
    case EFFECT_POOL: return _("Pool Manufacturer");
    case EFFECT_TEMP: return _("Temp Agency");
    /* Translators: the bis effect (a house number written twice, "7b") */
    case EFFECT_BIS: return _("Bis");
    default: return "?";
    }
}

gint
tk_wt_effect_from_id (const char *id)
{
  for (guint e = 0; id != NULL && e < N_EFFECTS; e++)
    if (g_str_equal (tk_wt_effect_ids[e], id))
      return (gint) e;
  return -1;
}

/* ---- reading the session's JSON ---- */

JsonObject *
tk_wt_player_object (TkWelcomeToPanel *self,
                     guint             seat)
{
  JsonArray *players = self->game != NULL ? json_object_get_array_member (self->game, "players")
                                          : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

JsonObject *
tk_wt_sheet_object (TkWelcomeToPanel *self)
{
  JsonObject *player = tk_wt_player_object (self, self->seat);

  return player != NULL ? json_object_get_object_member (player, "sheet") : NULL;
}

JsonObject *
tk_wt_street_object (JsonObject *sheet,
                     guint       s)
{
  JsonArray *streets = sheet != NULL ? json_object_get_array_member (sheet, "streets") : NULL;

  if (streets == NULL || s >= json_array_get_length (streets))
    return NULL;
  return json_array_get_object_element (streets, s);
}

/* The box of house @h (0-based) of street @s, NULL when empty. */
JsonObject *
tk_wt_house_object (JsonObject *sheet,
                    guint       s,
                    guint       h)
{
  JsonObject *street = tk_wt_street_object (sheet, s);
  JsonArray *houses = street != NULL ? json_object_get_array_member (street, "houses") : NULL;
  JsonNode *node;

  if (houses == NULL || h >= json_array_get_length (houses))
    return NULL;
  node = json_array_get_element (houses, h);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Whether a fence stands between house @k and @k + 1 (0-based) of street @s. */
gboolean
tk_wt_has_fence (JsonObject *sheet,
                 guint       s,
                 guint       k)
{
  JsonObject *street = tk_wt_street_object (sheet, s);
  JsonArray *fences = street != NULL ? json_object_get_array_member (street, "fences") : NULL;

  for (guint i = 0; fences != NULL && i < json_array_get_length (fences); i++)
    if (json_array_get_int_element (fences, i) == (gint64) k + 1)
      return TRUE;
  return FALSE;
}

gboolean
tk_wt_house_has_number (JsonObject *house)
{
  return house != NULL && json_object_has_member (house, "number");
}

gboolean
tk_wt_acted (TkWelcomeToPanel *self,
             guint             seat)
{
  JsonObject *player = tk_wt_player_object (self, seat);

  return player != NULL && json_object_get_boolean_member_with_default (player, "acted", FALSE);
}

gboolean
tk_wt_round_done (TkWelcomeToPanel *self)
{
  for (guint i = 0; i < self->n_players; i++)
    if (!tk_wt_acted (self, i))
      return FALSE;
  return TRUE;
}

gboolean
tk_wt_game_over (TkWelcomeToPanel *self)
{
  return self->game != NULL && json_object_get_boolean_member_with_default (self->game, "over",
                                                                            FALSE);
}

/* The seat's recorded cards for the round still being played, or NULL. */
JsonArray *
tk_wt_open_cards (TkWelcomeToPanel *self)
{
  JsonObject *player = tk_wt_player_object (self, self->seat);
  JsonNode *node = player != NULL ? json_object_get_member (player, "cards") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || tk_wt_round_done (self))
    return NULL;
  return json_node_get_array (node);
}

JsonObject *
tk_wt_score_player (TkWelcomeToPanel *self,
                    guint             seat)
{
  JsonArray *players = self->score != NULL ? json_object_get_array_member (self->score, "players")
                                           : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

gint64
tk_wt_breakdown_points (JsonObject *player,
                        const char *key,
                        const char **label)
{
  JsonArray *breakdown = player != NULL ? json_object_get_array_member (player, "breakdown")
                                        : NULL;

  for (guint i = 0; breakdown != NULL && i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (line, "key", ""), key) == 0)
        {
          if (label != NULL)
            *label = json_object_get_string_member_with_default (line, "label", key);
          return json_object_get_int_member_with_default (line, "points", 0);
        }
    }
  return 0;
}

JsonArray *
tk_wt_table_array (TkWelcomeToPanel *self,
                   const char       *member)
{
  return json_object_get_array_member (self->tables, member);
}

JsonObject *
tk_wt_setup_plan (TkWelcomeToPanel *self,
                  guint             p)
{
  JsonArray *plans = json_object_get_array_member (tk_session_get_setup (self->session), "plans");

  return plans != NULL && p < json_array_get_length (plans)
         ? json_array_get_object_element (plans, p) : NULL;
}

/* Completed estates of the shown sheet: runs between fences (street ends count), every box
 * a number, 1 to 6 houses. */
GArray *
tk_wt_completed_estates (TkWelcomeToPanel *self,
                         JsonObject       *sheet)
{
  GArray *estates = g_array_new (FALSE, FALSE, sizeof (Estate));

  for (guint s = 0; s < N_STREETS; s++)
    {
      guint start = 0;

      for (guint k = 0; k < self->houses[s]; k++)
        {
          gboolean complete = TRUE;

          if (k + 1 < self->houses[s] && !tk_wt_has_fence (sheet, s, k))
            continue;
          for (guint h = start; h <= k; h++)
            complete = complete && tk_wt_house_has_number (tk_wt_house_object (sheet, s, h));
          if (complete && k - start + 1 <= N_COLUMNS)
            {
              Estate estate = { s, start, k };
              g_array_append_val (estates, estate);
            }
          start = k + 1;
        }
    }
  return estates;
}

/* The estates the sheet's claims used (they carry the paper's top fence). */
gboolean
tk_wt_estate_used (JsonObject *sheet,
                   guint       s,
                   guint       h)
{
  JsonArray *plans = sheet != NULL ? json_object_get_array_member (sheet, "plans") : NULL;

  for (guint p = 0; plans != NULL && p < json_array_get_length (plans); p++)
    {
      JsonNode *node = json_array_get_element (plans, p);
      JsonArray *estates;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      estates = json_object_get_array_member (json_node_get_object (node), "estates");
      for (guint e = 0; estates != NULL && e < json_array_get_length (estates); e++)
        {
          JsonObject *estate = json_array_get_object_element (estates, e);

          if (json_object_get_int_member (estate, "street") == (gint64) s + 1 &&
              json_object_get_int_member (estate, "from") <= (gint64) h + 1 &&
              json_object_get_int_member (estate, "to") >= (gint64) h + 1)
            return TRUE;
        }
    }
  return FALSE;
}

/* ---- the pick ---- */

/* The number and effect picked for this turn; FALSE while incomplete. */
gboolean
tk_wt_current_pick (TkWelcomeToPanel *self,
                    gint             *number,
                    gint             *effect)
{
  JsonArray *cards = tk_wt_open_cards (self);

  if (cards != NULL)
    {
      gint n = -1, e = -1;

      if (self->solo || self->draft)
        {
          if (self->number_card < 0 || self->effect_card < 0 ||
              self->number_card == self->effect_card)
            return FALSE;
          n = self->number_card;
          e = self->effect_card;
        }
      else
        {
          if (self->card < 0)
            return FALSE;
          n = e = self->card;
        }
      *number = (gint) json_object_get_int_member (json_array_get_object_element (cards, n),
                                                   "number");
      *effect = tk_wt_effect_from_id (json_object_get_string_member (json_array_get_object_element (cards, e),
                                                               "effect"));
      return *effect >= 0;
    }
  if (self->manual_number <= 0 || self->manual_effect < 0)
    return FALSE;
  *number = self->manual_number;
  *effect = self->manual_effect;
  return TRUE;
}

gint
tk_wt_written_number (TkWelcomeToPanel *self,
                      gint              number,
                      gint              effect)
{
  return effect == EFFECT_TEMP ? number + self->temp_delta : number;
}

/* The turn writing the picked number in house @h of street @s (0-based), no effect target. */
JsonObject *
tk_wt_turn_action (TkWelcomeToPanel *self,
                   guint             s,
                   guint             h)
{
  JsonObject *action = json_object_new ();
  gint number = 0, effect = -1;

  tk_wt_current_pick (self, &number, &effect);
  json_object_set_string_member (action, "type", "turn");
  json_object_set_int_member (action, "seat", self->seat);
  if (tk_wt_open_cards (self) != NULL)
    {
      if (self->solo || self->draft)
        {
          json_object_set_int_member (action, "number_card", self->number_card);
          json_object_set_int_member (action, "effect_card", self->effect_card);
        }
      else
        json_object_set_int_member (action, "card", self->card);
    }
  else
    {
      json_object_set_int_member (action, "card_number", number);
      json_object_set_string_member (action, "effect", effect >= 0 ? tk_wt_effect_ids[effect] : "");
    }
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  json_object_set_int_member (action, "number", tk_wt_written_number (self, number, effect));
  if (effect == EFFECT_TEMP && self->temp_delta == 0 && !self->temp_cross)
    json_object_set_boolean_member (action, "temp", FALSE);
  return action;
}

JsonObject *
tk_wt_bis_member (guint s,
                  guint h,
                  guint from)
{
  JsonObject *bis = json_object_new ();

  json_object_set_int_member (bis, "street", s + 1);
  json_object_set_int_member (bis, "house", h + 1);
  json_object_set_int_member (bis, "from", from + 1);
  return bis;
}

gboolean
tk_wt_trial_ok (TkWelcomeToPanel *self,
                JsonObject       *action)
{
  return self->trial != NULL && tk_welcome_to_trial_check (self->trial, action, NULL);
}

static void
clear_selection (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->card = self->number_card = self->effect_card = -1;
  self->manual_number = 0;
  self->manual_effect = -1;
  self->temp_delta = 0;
  self->temp_cross = TRUE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
  g_array_set_size (self->claim_estates, 0);
}

/* Back to picking, keeping the cards chosen. */
static void
clear_stage (TkWelcomeToPanel *self)
{
  self->stage = STAGE_CHOOSE;
  self->pend_street = self->pend_house = -1;
  self->bis_street = self->bis_house = -1;
  self->claim_plan = -1;
}

static void
rebuild_trial (TkWelcomeToPanel *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->trial, tk_welcome_to_trial_free);
  if (self->game == NULL)
    return;
  self->trial = tk_welcome_to_trial_new (self->rules, tk_session_get_setup (self->session),
                                         self->game, self->seat, &error);
  if (self->trial == NULL)
    g_warning ("No trial state for seat %u: %s", self->seat, error->message);
}

static void
reload (TkWelcomeToPanel *self)
{
  g_autoptr(JsonObject) root = tk_session_to_json (self->session);
  JsonObject *game = json_object_get_object_member (root, "game");

  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  self->game = game != NULL ? json_object_ref (game) : NULL;
  self->score = tk_session_score (self->session);
  rebuild_trial (self);
  tk_wt_refresh (self);
}

static void
on_session_changed (TkWelcomeToPanel *self)
{
  clear_selection (self);
  reload (self);
}

/* Applies @action (taking it) through the session view; TRUE when the session took it. */
static gboolean
apply (TkWelcomeToPanel *self,
       JsonObject       *action)
{
  g_autoptr(JsonObject) owned = action;

  return tk_game_panel_apply (GTK_WIDGET (self), self->session, owned);
}

/* After a turn or a refusal, the next sheet still to play this round is shown. */
static void
next_sheet (TkWelcomeToPanel *self)
{
  for (guint i = 1; i < self->n_players; i++)
    {
      guint seat = (self->seat + i) % self->n_players;

      if (!tk_wt_acted (self, seat))
        {
          self->seat = seat;
          rebuild_trial (self);
          tk_wt_refresh (self);
          return;
        }
    }
}

static void
apply_turn (TkWelcomeToPanel *self,
            JsonObject       *action)
{
  if (apply (self, action))
    next_sheet (self);
}

/* ---- taps ---- */

static void
select_seat (TkWelcomeToPanel *self,
             guint             seat)
{
  if (seat >= self->n_players)
    return;
  if (seat != self->seat)
    clear_selection (self);
  self->seat = seat;
  rebuild_trial (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_seat_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  select_seat (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index")));
}

void
tk_wt_on_card_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->card = self->card == i ? -1 : i;
  self->temp_delta = 0;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_number_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->number_card = self->number_card == i ? -1 : i;
  if (self->effect_card == self->number_card)
    self->effect_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_effect_card_clicked (GtkButton        *button,
                              TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->effect_card = self->effect_card == i ? -1 : i;
  if (self->number_card == self->effect_card)
    self->number_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_number_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint n = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_number = self->manual_number == n ? 0 : n;
  self->temp_delta = 0;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_effect_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  gint e = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_effect = self->manual_effect == e ? -1 : e;
  self->temp_delta = 0;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_temp_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  self->temp_delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index")) - 2;
  clear_stage (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_temp_cross_toggled (GtkCheckButton   *check,
                             TkWelcomeToPanel *self)
{
  if (self->updating)
    return;
  self->temp_cross = gtk_check_button_get_active (check);
  tk_wt_refresh (self);
}

/* The turn with the picked number in house (@s, @h) and, for the landscaper and the pool,
 * the effect whenever the engine takes it (both only ever add points). */
static void
write_house (TkWelcomeToPanel *self,
             guint             s,
             guint             h)
{
  g_autoptr(JsonObject) action = tk_wt_turn_action (self, s, h);
  gint number = 0, effect = -1;

  tk_wt_current_pick (self, &number, &effect);
  if (effect == EFFECT_SURVEYOR || effect == EFFECT_REAL_ESTATE || effect == EFFECT_BIS)
    {
      if (tk_wt_trial_ok (self, action))
        {
          self->stage = STAGE_EFFECT;
          self->pend_street = s;
          self->pend_house = h;
          tk_wt_refresh (self);
          return;
        }
      /* refused: the session says why */
      apply (self, g_steal_pointer (&action));
      return;
    }
  if (effect == EFFECT_LANDSCAPER || effect == EFFECT_POOL)
    {
      const char *member = effect == EFFECT_LANDSCAPER ? "park" : "pool";

      json_object_set_boolean_member (action, member, TRUE);
      if (!tk_wt_trial_ok (self, action))
        json_object_remove_member (action, member);
    }
  apply_turn (self, g_steal_pointer (&action));
}

/* A tap on an empty house while the bis looks for its box. */
static void
place_bis (TkWelcomeToPanel *self,
           guint             s,
           guint             h)
{
  gint sources[2] = { (gint) h - 1, (gint) h + 1 };
  gint legal[2];
  guint n_legal = 0;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JsonObject) action = NULL;

      if (sources[i] < 0 || sources[i] >= (gint) self->houses[s])
        continue;
      action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, sources[i]));
      if (tk_wt_trial_ok (self, action))
        legal[n_legal++] = sources[i];
    }
  if (n_legal == 2)
    {
      self->bis_street = s;
      self->bis_house = h;
      tk_wt_refresh (self);
      return;
    }
  {
    JsonObject *action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
    gint from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);

    json_object_set_object_member (action, "bis", tk_wt_bis_member (s, h, from));
    apply_turn (self, action);
  }
}

void
tk_wt_on_house_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, h = pos % MAX_HOUSES;
  gint number = 0, effect = -1;

  if (tk_wt_game_over (self))
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("The game is over: finish the session to record it."));
      return;
    }
  switch (self->stage)
    {
    case STAGE_ROUNDABOUT:
      {
        JsonObject *action = json_object_new ();

        json_object_set_string_member (action, "type", "roundabout");
        json_object_set_int_member (action, "seat", self->seat);
        json_object_set_int_member (action, "street", s + 1);
        json_object_set_int_member (action, "house", h + 1);
        apply (self, action);
      }
      return;

    case STAGE_EFFECT:
      tk_wt_current_pick (self, &number, &effect);
      if (effect == EFFECT_BIS)
        {
          if ((gint) s != self->pend_street || (gint) h != self->pend_house)
            place_bis (self, s, h);
          return;
        }
      clear_stage (self);
      break;

    case STAGE_CLAIM:
      clear_stage (self);
      break;

    case STAGE_CHOOSE:
    default:
      break;
    }
  if (!tk_wt_current_pick (self, &number, &effect))
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Pick a number and an effect first, then tap a house."));
      return;
    }
  write_house (self, s, h);
}

void
tk_wt_on_fence_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, k = pos % MAX_HOUSES;
  gint number = 0, effect = -1;
  JsonObject *action, *fence;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_SURVEYOR)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Fences come with the surveyor: pick a surveyor card, write "
                                    "its number, then tap a fence slot."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  fence = json_object_new ();
  json_object_set_int_member (fence, "street", s + 1);
  json_object_set_int_member (fence, "after", k + 1);
  json_object_set_object_member (action, "fence", fence);
  apply_turn (self, action);
}

void
tk_wt_on_column_clicked (GtkButton        *button,
                         TkWelcomeToPanel *self)
{
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  gint number = 0, effect = -1;
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || !tk_wt_current_pick (self, &number, &effect) ||
      effect != EFFECT_REAL_ESTATE)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Real estate columns are crossed with the real estate agent: "
                                    "pick that card, write its number, then tap a column."));
      return;
    }
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_int_member (action, "column", c + 1);
  apply_turn (self, action);
}

void
tk_wt_on_skip_clicked (TkWelcomeToPanel *self)
{
  if (self->stage != STAGE_EFFECT)
    return;
  apply_turn (self, tk_wt_turn_action (self, self->pend_street, self->pend_house));
}

void
tk_wt_on_cancel_clicked (TkWelcomeToPanel *self)
{
  clear_stage (self);
  tk_wt_refresh (self);
}

static gboolean
cancel_binding (GtkWidget *widget,
                GVariant  *args,
                gpointer   data)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (widget);

  if (self->stage == STAGE_CHOOSE)
    return FALSE;
  clear_stage (self);
  tk_wt_refresh (self);
  return TRUE;
}

void
tk_wt_on_bis_side_clicked (GtkButton        *button,
                           TkWelcomeToPanel *self)
{
  gint side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || self->bis_house < 0)
    return;
  action = tk_wt_turn_action (self, self->pend_street, self->pend_house);
  json_object_set_object_member (action, "bis",
                                 tk_wt_bis_member (self->bis_street, self->bis_house,
                                             self->bis_house + side));
  apply_turn (self, action);
}

static JsonArray *
recorded_cards (TkWelcomeToPanel *self)
{
  JsonArray *cards = json_array_new ();

  for (guint i = 0; i < 3; i++)
    {
      JsonObject *card = json_object_new ();
      guint effect = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->record_effects[i]));

      json_object_set_int_member (card, "number",
                                  gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->record_numbers[i])));
      json_object_set_string_member (card, "effect", tk_wt_effect_ids[MIN (effect, N_EFFECTS - 1)]);
      json_array_add_object_element (cards, card);
    }
  return cards;
}

void
tk_wt_on_record_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "reveal");
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (self->draft)
    json_object_set_int_member (action, "seat", self->seat);
  if (apply (self, action))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

void
tk_wt_on_refuse_with_cards_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (apply (self, action))
    {
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
      next_sheet (self);
    }
}

void
tk_wt_on_refuse_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action;

  if (tk_wt_open_cards (self) == NULL)
    {
      /* the engine checks a refusal against the round's three cards */
      if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->recorder)))
        prefill_passed_card (self);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), TRUE);
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Enter the round's three cards, then “Refuse Permit With "
                                    "These Cards”: none of them may fit."));
      return;
    }
  action = json_object_new ();
  json_object_set_string_member (action, "type", "refuse");
  json_object_set_int_member (action, "seat", self->seat);
  apply_turn (self, action);
}

/* Draft: the hand about to be recorded holds the card the previous player passed (the
 * engine checks it); put it in the first row. */
static void
prefill_passed_card (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  const char *pass = json_object_get_string_member_with_default (setup, "draft_pass", "next");
  gint direction = g_strcmp0 (pass, "previous") == 0 ? -1 : g_strcmp0 (pass, "unchecked") == 0 ? 0 : 1;
  guint giver;
  gint64 round, wanted;
  JsonArray *passed;

  if (!self->draft || direction == 0 || self->n_players < 2)
    return;
  /* the engine's giver: seat − direction */
  giver = (self->seat + (direction > 0 ? self->n_players - 1 : 1)) % self->n_players;
  round = json_object_get_int_member_with_default (self->game, "round", 1);
  wanted = tk_wt_acted (self, self->seat) ? round : round - 1;
  passed = json_object_get_array_member (tk_wt_player_object (self, giver), "passed");
  for (guint i = 0; passed != NULL && i < json_array_get_length (passed); i++)
    {
      JsonObject *card = json_array_get_object_element (passed, i);
      gint effect = tk_wt_effect_from_id (json_object_get_string_member (card, "effect"));

      if (json_object_get_int_member (card, "round") != wanted || effect < 0)
        continue;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->record_numbers[0]),
                                 (double) json_object_get_int_member (card, "number"));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->record_effects[0]), (guint) effect);
    }
}

void
tk_wt_on_record_toggle_clicked (TkWelcomeToPanel *self)
{
  GtkRevealer *revealer = GTK_REVEALER (self->recorder);
  gboolean reveal = !gtk_revealer_get_reveal_child (revealer);

  if (reveal)
    prefill_passed_card (self);
  gtk_revealer_set_reveal_child (revealer, reveal);
}

void
tk_wt_on_roundabout_clicked (TkWelcomeToPanel *self)
{
  if (self->stage == STAGE_ROUNDABOUT)
    clear_stage (self);
  else
    {
      clear_stage (self);
      self->stage = STAGE_ROUNDABOUT;
    }
  tk_wt_refresh (self);
}

void
tk_wt_on_solo_card_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "solo_card");
  apply (self, action);
}

void
tk_wt_on_claim_toggled (TkWelcomeToPanel *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      n += gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
    }
  gtk_widget_set_sensitive (self->claim_apply, n > 0);
}

static void
fill_claim_estates (TkWelcomeToPanel *self)
{
  JsonObject *sheet = tk_wt_sheet_object (self);
  g_autoptr(GArray) estates = tk_wt_completed_estates (self, sheet);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->claim_flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->claim_flow), child);
  g_array_set_size (self->claim_estates, 0);
  for (guint i = 0; i < estates->len; i++)
    {
      Estate *estate = &g_array_index (estates, Estate, i);
      g_autofree char *text = NULL;
      g_autofree char *name = NULL;
      GtkWidget *toggle;

      if (tk_wt_estate_used (sheet, estate->street, estate->from))
        continue;
      if (estate->from == estate->to)
        /* Translators: a completed estate of one house: street, house */
        text = g_strdup_printf (_("Street %u, house %u (1)"), estate->street + 1, estate->from + 1);
      else
        /* Translators: a completed estate: street, first and last house, size */
        text = g_strdup_printf (_("Street %u, houses %u–%u (%u)"), estate->street + 1,
                                estate->from + 1, estate->to + 1, estate->to - estate->from + 1);
      name = g_strdup_printf ("estate-%u-%u-%u", estate->street + 1, estate->from + 1,
                              estate->to + 1);
      toggle = gtk_toggle_button_new_with_label (text);
      gtk_widget_set_name (toggle, name);
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (tk_wt_on_claim_toggled), self,
                               G_CONNECT_SWAPPED);
      tk_wt_flow_append (self->claim_flow, toggle);
      g_array_append_val (self->claim_estates, *estate);
    }
  gtk_widget_set_sensitive (self->claim_apply, FALSE);
}

void
tk_wt_on_plan_claim_clicked (GtkButton        *button,
                             TkWelcomeToPanel *self)
{
  guint p = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *plan = tk_wt_setup_plan (self, p);

  if (plan == NULL)
    return;
  if (g_strcmp0 (json_object_get_string_member_with_default (plan, "kind", ""), "estates") != 0)
    {
      /* advanced plans name no estates: the engine checks the condition */
      JsonObject *action = json_object_new ();

      json_object_set_string_member (action, "type", "claim");
      json_object_set_int_member (action, "seat", self->seat);
      json_object_set_int_member (action, "plan", p + 1);
      apply (self, action);
      return;
    }
  clear_stage (self);
  self->stage = STAGE_CLAIM;
  self->claim_plan = p;
  fill_claim_estates (self);
  tk_wt_refresh (self);
}

void
tk_wt_on_claim_apply_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action;
  JsonArray *estates;
  guint i = 0;

  if (self->stage != STAGE_CLAIM || self->claim_plan < 0)
    return;
  action = json_object_new ();
  estates = json_array_new ();
  json_object_set_string_member (action, "type", "claim");
  json_object_set_int_member (action, "seat", self->seat);
  json_object_set_int_member (action, "plan", self->claim_plan + 1);
  for (GtkWidget *child = gtk_widget_get_first_child (self->claim_flow); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkWidget *toggle = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      Estate *estate;
      JsonObject *ref;

      if (i >= self->claim_estates->len || !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)))
        continue;
      estate = &g_array_index (self->claim_estates, Estate, i);
      ref = json_object_new ();
      json_object_set_int_member (ref, "street", estate->street + 1);
      json_object_set_int_member (ref, "from", estate->from + 1);
      json_object_set_int_member (ref, "to", estate->to + 1);
      json_array_add_object_element (estates, ref);
    }
  json_object_set_array_member (action, "estates", estates);
  apply (self, action);
}

/* ---- sheet exchange ---- */

guint
tk_welcome_to_panel_get_seat (TkWelcomeToPanel *self)
{
  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), 0);
  return self->seat;
}

gboolean
tk_welcome_to_panel_export_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->trial == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no sheet to export."));
      return FALSE;
    }
  document = tk_welcome_to_trial_export (self->trial);
  json_node_set_object (node, document);
  text = json_to_string (node, TRUE);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
tk_welcome_to_panel_import_sheet (TkWelcomeToPanel *self,
                                  GFile            *file,
                                  GError          **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(GError) parse_error = NULL;

  g_return_val_if_fail (TK_IS_WELCOME_TO_PANEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error))
    return FALSE;
  document = tk_rules_json_parse_object (text, (gssize) length, &parse_error);
  if (document == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("This file is not a Welcome To... sheet: %s"), parse_error->message);
      return FALSE;
    }
  if (!apply (self, tk_welcome_to_import_action (document, self->seat)))
    {
      /* the session view has shown the engine's reason already */
      g_set_error_literal (error, TK_RULES_ERROR, TK_RULES_ERROR_ILLEGAL,
                           _("The session refused the sheet."));
      return FALSE;
    }
  return TRUE;
}

static void
on_chooser_response (GtkNativeDialog  *dialog,
                     int               response,
                     TkWelcomeToPanel *self)
{
  gboolean exporting = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) ==
                       GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (exporting)
        {
          if (tk_welcome_to_panel_export_sheet (self, file, &error))
            tk_game_panel_show_message (GTK_WIDGET (self), _("Sheet exported"));
          else
            tk_game_panel_show_message (GTK_WIDGET (self), error->message);
        }
      else if (!tk_welcome_to_panel_import_sheet (self, file, &error) &&
               error->domain != TK_RULES_ERROR)
        tk_game_panel_show_message (GTK_WIDGET (self), error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Welcome To... sheets (JSON)"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

static void
open_chooser (TkWelcomeToPanel   *self,
              GtkFileChooserAction action)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean exporting = action == GTK_FILE_CHOOSER_ACTION_SAVE;
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = json_filter ();

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (exporting ? _("Export Sheet") : _("Import Sheet"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         action,
                                         exporting ? _("_Export") : _("_Import"),
                                         _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (exporting)
    {
      const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session),
                                                     self->seat);
      /* Translators: file name of an exported sheet; %s is the player's name */
      g_autofree char *file_name = g_strdup_printf (_("%s – Welcome To sheet.json"),
                                                    name != NULL ? name : "");

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, 0);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

void
tk_wt_on_export_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

void
tk_wt_on_import_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

/* ---- the object ---- */

static void
read_setup (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  /* tables are optional in a setup (the engine then plays its defaults) */
  JsonObject *tables = json_object_has_member (setup, "tables")
                       ? json_object_get_object_member (setup, "tables") : NULL;
  JsonArray *streets;

  self->rules = tk_session_get_rules (self->session);
  self->n_players = tk_session_get_n_players (self->session);
  if (tables != NULL)
    self->tables = json_object_ref (tables);
  else
    {
      g_autoptr(JsonObject) defaults = self->rules->default_setup (MAX (self->n_players, 1));

      self->tables = json_object_ref (json_object_get_object_member (defaults, "tables"));
    }
  self->solo = json_object_get_boolean_member_with_default (setup, "solo", self->n_players == 1);
  self->draft = json_object_get_boolean_member_with_default (setup, "draft", FALSE);
  self->intermediate = g_strcmp0 (json_object_get_string_member_with_default (setup, "variant",
                                                                             "basic"),
                                  "intermediate") == 0;
  self->lowest_card = (gint) json_object_get_int_member_with_default (self->tables, "lowest_card", 1);
  self->highest_card = (gint) json_object_get_int_member_with_default (self->tables,
                                                                      "highest_card", 15);
  self->highest_number = (gint) json_object_get_int_member_with_default (self->tables,
                                                                        "highest_number", 17);
  self->temp_change = (gint) json_object_get_int_member_with_default (self->tables,
                                                                     "temp_change", 2);
  self->highest_card = MIN (self->highest_card, MAX_NUMBERS - 1);
  streets = json_object_get_array_member (self->tables, "streets");
  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = json_array_get_object_element (streets, s);
      JsonArray *pools = json_object_get_array_member (street, "pools");

      self->houses[s] = MIN ((guint) json_object_get_int_member (street, "houses"), MAX_HOUSES);
      for (guint i = 0; pools != NULL && i < json_array_get_length (pools); i++)
        {
          gint64 h = json_array_get_int_element (pools, i);

          if (h >= 1 && h <= self->houses[s])
            self->pool_spot[s][h - 1] = TRUE;
        }
    }
}

static void
tk_welcome_to_panel_constructed (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->constructed (object);

  g_return_if_fail (self->session != NULL);
  read_setup (self);
  tk_wt_build_players (self);
  tk_wt_build_turn (self);
  tk_wt_build_streets (self);
  tk_wt_build_bottom (self);
  g_signal_connect_object (self->session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  clear_selection (self);
  /* start on the first sheet still to play */
  reload (self);
  if (tk_wt_acted (self, 0))
    next_sheet (self);
}

static void
tk_welcome_to_panel_dispose (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_WELCOME_TO_PANEL);
  g_clear_pointer (&self->trial, tk_welcome_to_trial_free);
  g_clear_pointer (&self->game, json_object_unref);
  g_clear_pointer (&self->score, json_object_unref);
  g_clear_pointer (&self->tables, json_object_unref);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->dispose (object);
}

static void
tk_welcome_to_panel_finalize (GObject *object)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  g_ptr_array_unref (self->seat_buttons);
  g_ptr_array_unref (self->seat_totals);
  g_ptr_array_unref (self->seat_states);
  for (guint s = 0; s < N_STREETS; s++)
    g_clear_pointer (&self->park_cells[s], g_ptr_array_unref);
  for (guint c = 0; c < N_COLUMNS; c++)
    g_clear_pointer (&self->column_cells[c], g_ptr_array_unref);
  g_clear_pointer (&self->pools.cells, g_ptr_array_unref);
  g_clear_pointer (&self->temps.cells, g_ptr_array_unref);
  g_clear_pointer (&self->bis.cells, g_ptr_array_unref);
  g_clear_pointer (&self->refusals.cells, g_ptr_array_unref);
  g_clear_pointer (&self->roundabouts.cells, g_ptr_array_unref);
  g_array_unref (self->claim_estates);

  G_OBJECT_CLASS (tk_welcome_to_panel_parent_class)->finalize (object);
}

static void
tk_welcome_to_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_welcome_to_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TkWelcomeToPanel *self = TK_WELCOME_TO_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_welcome_to_panel_class_init (TkWelcomeToPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_welcome_to_panel_constructed;
  object_class->dispose = tk_welcome_to_panel_dispose;
  object_class->finalize = tk_welcome_to_panel_finalize;
  object_class->get_property = tk_welcome_to_panel_get_property;
  object_class->set_property = tk_welcome_to_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-welcome-to-panel.ui");
  /* Escape backs out of choosing an effect's target, a roundabout or a plan's estates */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, cancel_binding, NULL);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, players_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, round_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, played_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, end_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, prompt_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, streets_box);
  gtk_widget_class_bind_template_child (widget_class, TkWelcomeToPanel, bottom_box);
}

static void
tk_welcome_to_panel_init (TkWelcomeToPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* not bound in the template: AdwBin unparents its own child on dispose */
  self->root_box = adw_bin_get_child (ADW_BIN (self));
  self->seat_buttons = g_ptr_array_new ();
  self->seat_totals = g_ptr_array_new ();
  self->seat_states = g_ptr_array_new ();
  self->claim_estates = g_array_new (FALSE, FALSE, sizeof (Estate));
}
