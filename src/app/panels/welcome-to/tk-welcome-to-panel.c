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
 * Everything shown is read from the session on every change; the widgets are made once
 * (the sheet's shape is fixed by the setup) and updated in place, so that a tap never
 * destroys the button being tapped and keyboard focus survives a turn.
 */
#define G_LOG_DOMAIN "tk-welcome-to-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-game-panel.h"
#include "tk-welcome-to-panel.h"
#include "tk-welcome-to-plan-text.h"
#include "welcome-to/tk-welcome-to-rules.h"
#include "tk-welcome-to-trial.h"

#define N_STREETS    3
#define MAX_HOUSES   16
#define MAX_TRACK    16
#define N_COLUMNS    6
#define N_PLANS      3
#define N_EFFECTS    6
#define MAX_NUMBERS  32

enum
{
  EFFECT_SURVEYOR, EFFECT_REAL_ESTATE, EFFECT_LANDSCAPER, EFFECT_POOL, EFFECT_TEMP, EFFECT_BIS
};

static const char *const effect_ids[N_EFFECTS] = {
  "surveyor", "real_estate", "landscaper", "pool", "temp", "bis"
};

typedef enum
{
  STAGE_CHOOSE,       /* picking the card(s), then a house */
  STAGE_EFFECT,       /* the house is chosen; waiting for the effect's target */
  STAGE_ROUNDABOUT,   /* the next empty house tapped gets a roundabout */
  STAGE_CLAIM,        /* selecting estates for a city plan */
} Stage;

/* The score categories of the sheet's bottom row, in the paper's order. */
static const char *const score_keys[] = {
  "plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts"
};
#define N_SCORE_KEYS G_N_ELEMENTS (score_keys)

typedef struct
{
  GtkWidget *card;
  GPtrArray *cells;
  GtkWidget *points;
} Track;

typedef struct { guint street, from, to; } Estate;   /* 0-based, inclusive */

struct _TkWelcomeToPanel
{
  AdwBin          parent_instance;

  TkSession      *session;

  /* template */
  GtkWidget      *root_box;
  GtkWidget      *players_box;
  GtkWidget      *round_label;
  GtkWidget      *played_label;
  GtkWidget      *end_label;
  GtkWidget      *turn_box;
  GtkWidget      *prompt_box;
  GtkWidget      *hint_label;
  GtkWidget      *streets_box;
  GtkWidget      *bottom_box;

  /* the setup: fixed for the session */
  const TkRules  *rules;
  JsonObject     *tables;
  guint           n_players;
  gboolean        solo, draft, intermediate;
  guint           houses[N_STREETS];
  gboolean        pool_spot[N_STREETS][MAX_HOUSES];
  gint            lowest_card, highest_card, highest_number, temp_change;

  /* what the session holds now, read again on every change */
  JsonObject     *game;
  JsonObject     *score;
  TkWelcomeToTrial *trial;

  /* transient selection, cleared when the session changes */
  guint           seat;
  Stage           stage;
  gint            card;                 /* recorded pair (multiplayer), -1 none */
  gint            number_card, effect_card;  /* solo / draft, -1 none */
  gint            manual_number;        /* 0 none */
  gint            manual_effect;        /* -1 none */
  gint            temp_delta;
  gboolean        temp_cross;
  gint            pend_street, pend_house;
  gint            bis_street, bis_house; /* a bis target with two neighbours to copy */
  gint            claim_plan;
  GArray         *claim_estates;        /* Estate, the estates offered */
  gboolean        updating;

  /* widgets made once */
  GPtrArray      *seat_buttons, *seat_totals, *seat_states;
  GtkWidget      *cards_box, *pairs_box, *split_box;
  GtkWidget      *card_buttons[3], *card_numbers[3], *card_effects[3];
  GtkWidget      *number_card_buttons[3], *effect_card_buttons[3];
  GtkWidget      *manual_box;
  GtkWidget      *number_buttons[MAX_NUMBERS];
  GtkWidget      *effect_buttons[N_EFFECTS];
  GtkWidget      *temp_box, *temp_buttons[5], *temp_cross_check;
  GtkWidget      *refuse_button, *record_button, *roundabout_button;
  GtkWidget      *recorder;
  GtkWidget      *record_numbers[3], *record_effects[3];
  GtkWidget      *skip_button, *cancel_button, *bis_left_button, *bis_right_button;
  GtkWidget      *house_buttons[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_labels[N_STREETS][MAX_HOUSES];
  GtkWidget      *pool_marks[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_estate_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *house_plan_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_buttons[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_estate_bars[N_STREETS][MAX_HOUSES];
  GtkWidget      *fence_plan_bars[N_STREETS][MAX_HOUSES];
  GPtrArray      *park_cells[N_STREETS];
  GtkWidget      *park_points[N_STREETS];
  GtkWidget      *plan_titles[N_PLANS], *plan_states[N_PLANS], *plan_buttons[N_PLANS];
  GtkWidget      *solo_button, *solo_label;
  GtkWidget      *claim_box, *claim_label, *claim_flow, *claim_apply;
  Track           pools, temps, bis, refusals, roundabouts;
  GtkWidget      *column_buttons[N_COLUMNS];
  GPtrArray      *column_cells[N_COLUMNS];
  GtkWidget      *column_counts[N_COLUMNS];
  GtkWidget      *score_values[N_SCORE_KEYS];
  GtkWidget      *score_cells[N_SCORE_KEYS];
  GtkWidget      *total_value;
  GtkNativeDialog *chooser;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkWelcomeToPanel, tk_welcome_to_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void refresh             (TkWelcomeToPanel *self);
static void prefill_passed_card (TkWelcomeToPanel *self);

/* ---- names ---- */

static const char *
effect_name (gint effect)
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

static gint
effect_from_id (const char *id)
{
  for (guint e = 0; id != NULL && e < N_EFFECTS; e++)
    if (g_str_equal (effect_ids[e], id))
      return (gint) e;
  return -1;
}

/* ---- reading the session's JSON ---- */

static JsonObject *
player_object (TkWelcomeToPanel *self,
               guint             seat)
{
  JsonArray *players = self->game != NULL ? json_object_get_array_member (self->game, "players")
                                          : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

static JsonObject *
sheet_object (TkWelcomeToPanel *self)
{
  JsonObject *player = player_object (self, self->seat);

  return player != NULL ? json_object_get_object_member (player, "sheet") : NULL;
}

static JsonObject *
street_object (JsonObject *sheet,
               guint       s)
{
  JsonArray *streets = sheet != NULL ? json_object_get_array_member (sheet, "streets") : NULL;

  if (streets == NULL || s >= json_array_get_length (streets))
    return NULL;
  return json_array_get_object_element (streets, s);
}

/* The box of house @h (0-based) of street @s, NULL when empty. */
static JsonObject *
house_object (JsonObject *sheet,
              guint       s,
              guint       h)
{
  JsonObject *street = street_object (sheet, s);
  JsonArray *houses = street != NULL ? json_object_get_array_member (street, "houses") : NULL;
  JsonNode *node;

  if (houses == NULL || h >= json_array_get_length (houses))
    return NULL;
  node = json_array_get_element (houses, h);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* Whether a fence stands between house @k and @k + 1 (0-based) of street @s. */
static gboolean
has_fence (JsonObject *sheet,
           guint       s,
           guint       k)
{
  JsonObject *street = street_object (sheet, s);
  JsonArray *fences = street != NULL ? json_object_get_array_member (street, "fences") : NULL;

  for (guint i = 0; fences != NULL && i < json_array_get_length (fences); i++)
    if (json_array_get_int_element (fences, i) == (gint64) k + 1)
      return TRUE;
  return FALSE;
}

static gboolean
house_has_number (JsonObject *house)
{
  return house != NULL && json_object_has_member (house, "number");
}

static gboolean
acted (TkWelcomeToPanel *self,
       guint             seat)
{
  JsonObject *player = player_object (self, seat);

  return player != NULL && json_object_get_boolean_member_with_default (player, "acted", FALSE);
}

static gboolean
round_done (TkWelcomeToPanel *self)
{
  for (guint i = 0; i < self->n_players; i++)
    if (!acted (self, i))
      return FALSE;
  return TRUE;
}

static gboolean
game_over (TkWelcomeToPanel *self)
{
  return self->game != NULL && json_object_get_boolean_member_with_default (self->game, "over",
                                                                            FALSE);
}

/* The seat's recorded cards for the round still being played, or NULL. */
static JsonArray *
open_cards (TkWelcomeToPanel *self)
{
  JsonObject *player = player_object (self, self->seat);
  JsonNode *node = player != NULL ? json_object_get_member (player, "cards") : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) || round_done (self))
    return NULL;
  return json_node_get_array (node);
}

static JsonObject *
score_player (TkWelcomeToPanel *self,
              guint             seat)
{
  JsonArray *players = self->score != NULL ? json_object_get_array_member (self->score, "players")
                                           : NULL;

  if (players == NULL || seat >= json_array_get_length (players))
    return NULL;
  return json_array_get_object_element (players, seat);
}

static gint64
breakdown_points (JsonObject *player,
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

static JsonArray *
table_array (TkWelcomeToPanel *self,
             const char       *member)
{
  return json_object_get_array_member (self->tables, member);
}

static JsonObject *
setup_plan (TkWelcomeToPanel *self,
            guint             p)
{
  JsonArray *plans = json_object_get_array_member (tk_session_get_setup (self->session), "plans");

  return plans != NULL && p < json_array_get_length (plans)
         ? json_array_get_object_element (plans, p) : NULL;
}

/* Completed estates of the shown sheet: runs between fences (street ends count), every box
 * a number, 1 to 6 houses. */
static GArray *
completed_estates (TkWelcomeToPanel *self,
                   JsonObject       *sheet)
{
  GArray *estates = g_array_new (FALSE, FALSE, sizeof (Estate));

  for (guint s = 0; s < N_STREETS; s++)
    {
      guint start = 0;

      for (guint k = 0; k < self->houses[s]; k++)
        {
          gboolean complete = TRUE;

          if (k + 1 < self->houses[s] && !has_fence (sheet, s, k))
            continue;
          for (guint h = start; h <= k; h++)
            complete = complete && house_has_number (house_object (sheet, s, h));
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
static gboolean
estate_used (JsonObject *sheet,
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
static gboolean
current_pick (TkWelcomeToPanel *self,
              gint             *number,
              gint             *effect)
{
  JsonArray *cards = open_cards (self);

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
      *effect = effect_from_id (json_object_get_string_member (json_array_get_object_element (cards, e),
                                                               "effect"));
      return *effect >= 0;
    }
  if (self->manual_number <= 0 || self->manual_effect < 0)
    return FALSE;
  *number = self->manual_number;
  *effect = self->manual_effect;
  return TRUE;
}

static gint
written_number (TkWelcomeToPanel *self,
                gint              number,
                gint              effect)
{
  return effect == EFFECT_TEMP ? number + self->temp_delta : number;
}

/* The turn writing the picked number in house @h of street @s (0-based), no effect target. */
static JsonObject *
turn_action (TkWelcomeToPanel *self,
             guint             s,
             guint             h)
{
  JsonObject *action = json_object_new ();
  gint number = 0, effect = -1;

  current_pick (self, &number, &effect);
  json_object_set_string_member (action, "type", "turn");
  json_object_set_int_member (action, "seat", self->seat);
  if (open_cards (self) != NULL)
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
      json_object_set_string_member (action, "effect", effect >= 0 ? effect_ids[effect] : "");
    }
  json_object_set_int_member (action, "street", s + 1);
  json_object_set_int_member (action, "house", h + 1);
  json_object_set_int_member (action, "number", written_number (self, number, effect));
  if (effect == EFFECT_TEMP && self->temp_delta == 0 && !self->temp_cross)
    json_object_set_boolean_member (action, "temp", FALSE);
  return action;
}

static JsonObject *
bis_member (guint s,
            guint h,
            guint from)
{
  JsonObject *bis = json_object_new ();

  json_object_set_int_member (bis, "street", s + 1);
  json_object_set_int_member (bis, "house", h + 1);
  json_object_set_int_member (bis, "from", from + 1);
  return bis;
}

static gboolean
trial_ok (TkWelcomeToPanel *self,
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
  refresh (self);
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

      if (!acted (self, seat))
        {
          self->seat = seat;
          rebuild_trial (self);
          refresh (self);
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
  refresh (self);
}

static void
on_seat_clicked (GtkButton        *button,
                 TkWelcomeToPanel *self)
{
  select_seat (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index")));
}

static void
on_card_clicked (GtkButton        *button,
                 TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->card = self->card == i ? -1 : i;
  self->temp_delta = 0;
  clear_stage (self);
  refresh (self);
}

static void
on_number_card_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->number_card = self->number_card == i ? -1 : i;
  if (self->effect_card == self->number_card)
    self->effect_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  refresh (self);
}

static void
on_effect_card_clicked (GtkButton        *button,
                        TkWelcomeToPanel *self)
{
  gint i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->effect_card = self->effect_card == i ? -1 : i;
  if (self->number_card == self->effect_card)
    self->number_card = -1;
  self->temp_delta = 0;
  clear_stage (self);
  refresh (self);
}

static void
on_number_clicked (GtkButton        *button,
                   TkWelcomeToPanel *self)
{
  gint n = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_number = self->manual_number == n ? 0 : n;
  self->temp_delta = 0;
  clear_stage (self);
  refresh (self);
}

static void
on_effect_clicked (GtkButton        *button,
                   TkWelcomeToPanel *self)
{
  gint e = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));

  self->manual_effect = self->manual_effect == e ? -1 : e;
  self->temp_delta = 0;
  clear_stage (self);
  refresh (self);
}

static void
on_temp_clicked (GtkButton        *button,
                 TkWelcomeToPanel *self)
{
  self->temp_delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index")) - 2;
  clear_stage (self);
  refresh (self);
}

static void
on_temp_cross_toggled (GtkCheckButton   *check,
                       TkWelcomeToPanel *self)
{
  if (self->updating)
    return;
  self->temp_cross = gtk_check_button_get_active (check);
  refresh (self);
}

/* The turn with the picked number in house (@s, @h) and, for the landscaper and the pool,
 * the effect whenever the engine takes it (both only ever add points). */
static void
write_house (TkWelcomeToPanel *self,
             guint             s,
             guint             h)
{
  g_autoptr(JsonObject) action = turn_action (self, s, h);
  gint number = 0, effect = -1;

  current_pick (self, &number, &effect);
  if (effect == EFFECT_SURVEYOR || effect == EFFECT_REAL_ESTATE || effect == EFFECT_BIS)
    {
      if (trial_ok (self, action))
        {
          self->stage = STAGE_EFFECT;
          self->pend_street = s;
          self->pend_house = h;
          refresh (self);
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
      if (!trial_ok (self, action))
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
      action = turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", bis_member (s, h, sources[i]));
      if (trial_ok (self, action))
        legal[n_legal++] = sources[i];
    }
  if (n_legal == 2)
    {
      self->bis_street = s;
      self->bis_house = h;
      refresh (self);
      return;
    }
  {
    JsonObject *action = turn_action (self, self->pend_street, self->pend_house);
    gint from = n_legal == 1 ? legal[0] : (h > 0 ? (gint) h - 1 : (gint) h + 1);

    json_object_set_object_member (action, "bis", bis_member (s, h, from));
    apply_turn (self, action);
  }
}

static void
on_house_clicked (GtkButton        *button,
                  TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, h = pos % MAX_HOUSES;
  gint number = 0, effect = -1;

  if (game_over (self))
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
      current_pick (self, &number, &effect);
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
  if (!current_pick (self, &number, &effect))
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Pick a number and an effect first, then tap a house."));
      return;
    }
  write_house (self, s, h);
}

static void
on_fence_clicked (GtkButton        *button,
                  TkWelcomeToPanel *self)
{
  guint pos = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  guint s = pos / MAX_HOUSES, k = pos % MAX_HOUSES;
  gint number = 0, effect = -1;
  JsonObject *action, *fence;

  if (self->stage != STAGE_EFFECT || !current_pick (self, &number, &effect) ||
      effect != EFFECT_SURVEYOR)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Fences come with the surveyor: pick a surveyor card, write "
                                    "its number, then tap a fence slot."));
      return;
    }
  action = turn_action (self, self->pend_street, self->pend_house);
  fence = json_object_new ();
  json_object_set_int_member (fence, "street", s + 1);
  json_object_set_int_member (fence, "after", k + 1);
  json_object_set_object_member (action, "fence", fence);
  apply_turn (self, action);
}

static void
on_column_clicked (GtkButton        *button,
                   TkWelcomeToPanel *self)
{
  guint c = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  gint number = 0, effect = -1;
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || !current_pick (self, &number, &effect) ||
      effect != EFFECT_REAL_ESTATE)
    {
      tk_game_panel_show_message (GTK_WIDGET (self),
                                  _("Real estate columns are crossed with the real estate agent: "
                                    "pick that card, write its number, then tap a column."));
      return;
    }
  action = turn_action (self, self->pend_street, self->pend_house);
  json_object_set_int_member (action, "column", c + 1);
  apply_turn (self, action);
}

static void
on_skip_clicked (TkWelcomeToPanel *self)
{
  if (self->stage != STAGE_EFFECT)
    return;
  apply_turn (self, turn_action (self, self->pend_street, self->pend_house));
}

static void
on_cancel_clicked (TkWelcomeToPanel *self)
{
  clear_stage (self);
  refresh (self);
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
  refresh (self);
  return TRUE;
}

static void
on_bis_side_clicked (GtkButton        *button,
                     TkWelcomeToPanel *self)
{
  gint side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *action;

  if (self->stage != STAGE_EFFECT || self->bis_house < 0)
    return;
  action = turn_action (self, self->pend_street, self->pend_house);
  json_object_set_object_member (action, "bis",
                                 bis_member (self->bis_street, self->bis_house,
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
      json_object_set_string_member (card, "effect", effect_ids[MIN (effect, N_EFFECTS - 1)]);
      json_array_add_object_element (cards, card);
    }
  return cards;
}

static void
on_record_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "reveal");
  json_object_set_array_member (action, "cards", recorded_cards (self));
  if (self->draft)
    json_object_set_int_member (action, "seat", self->seat);
  if (apply (self, action))
    gtk_revealer_set_reveal_child (GTK_REVEALER (self->recorder), FALSE);
}

static void
on_refuse_with_cards_clicked (TkWelcomeToPanel *self)
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

static void
on_refuse_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action;

  if (open_cards (self) == NULL)
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
  wanted = acted (self, self->seat) ? round : round - 1;
  passed = json_object_get_array_member (player_object (self, giver), "passed");
  for (guint i = 0; passed != NULL && i < json_array_get_length (passed); i++)
    {
      JsonObject *card = json_array_get_object_element (passed, i);
      gint effect = effect_from_id (json_object_get_string_member (card, "effect"));

      if (json_object_get_int_member (card, "round") != wanted || effect < 0)
        continue;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->record_numbers[0]),
                                 (double) json_object_get_int_member (card, "number"));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->record_effects[0]), (guint) effect);
    }
}

static void
on_record_toggle_clicked (TkWelcomeToPanel *self)
{
  GtkRevealer *revealer = GTK_REVEALER (self->recorder);
  gboolean reveal = !gtk_revealer_get_reveal_child (revealer);

  if (reveal)
    prefill_passed_card (self);
  gtk_revealer_set_reveal_child (revealer, reveal);
}

static void
on_roundabout_clicked (TkWelcomeToPanel *self)
{
  if (self->stage == STAGE_ROUNDABOUT)
    clear_stage (self);
  else
    {
      clear_stage (self);
      self->stage = STAGE_ROUNDABOUT;
    }
  refresh (self);
}

static void
on_solo_card_clicked (TkWelcomeToPanel *self)
{
  JsonObject *action = json_object_new ();

  json_object_set_string_member (action, "type", "solo_card");
  apply (self, action);
}

static void
on_claim_toggled (TkWelcomeToPanel *self)
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
  JsonObject *sheet = sheet_object (self);
  g_autoptr(GArray) estates = completed_estates (self, sheet);
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

      if (estate_used (sheet, estate->street, estate->from))
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
      g_signal_connect_object (toggle, "toggled", G_CALLBACK (on_claim_toggled), self,
                               G_CONNECT_SWAPPED);
      gtk_flow_box_append (GTK_FLOW_BOX (self->claim_flow), toggle);
      g_array_append_val (self->claim_estates, *estate);
    }
  gtk_widget_set_sensitive (self->claim_apply, FALSE);
}

static void
on_plan_claim_clicked (GtkButton        *button,
                       TkWelcomeToPanel *self)
{
  guint p = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tk-index"));
  JsonObject *plan = setup_plan (self, p);

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
  refresh (self);
}

static void
on_claim_apply_clicked (TkWelcomeToPanel *self)
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
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
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
               !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_FAILED))
        /* a refusal was already shown by the session view */
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

static void
on_export_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
on_import_clicked (TkWelcomeToPanel *self)
{
  open_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

/* ---- building the widgets (once) ---- */

static GtkWidget *
caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  return label;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
toggle_with_index (const char *label,
                   const char *name,
                   gint        index)
{
  GtkWidget *toggle = gtk_toggle_button_new_with_label (label);

  gtk_widget_set_name (toggle, name);
  g_object_set_data (G_OBJECT (toggle), "tk-index", GINT_TO_POINTER (index));
  return toggle;
}

static GtkWidget *
wrap_box (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 16);
  return flow;
}

static void
draw_colour_dot (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        data)
{
  GdkRGBA rgba;

  if (!gdk_rgba_parse (&rgba, data))
    return;
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
build_players (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  GtkWidget *group = NULL;

  for (guint i = 0; i < self->n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("seat-%u", i);
      const char *colour = tk_rules_setup_player_colour (setup, i);
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (tk_rules_setup_player_name (setup, i));
      GtkWidget *total = gtk_label_new ("0");
      GtkWidget *state = gtk_label_new (NULL);

      gtk_widget_set_name (button, name);
      gtk_widget_add_css_class (button, "tk-welcome-to-seat");
      g_object_set_data (G_OBJECT (button), "tk-index", GUINT_TO_POINTER (i));
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 14);
      gtk_widget_set_halign (top, GTK_ALIGN_CENTER);
      if (colour != NULL)
        {
          GtkWidget *dot = gtk_drawing_area_new ();

          gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (dot), 10);
          gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (dot), 10);
          gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
          gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (dot), draw_colour_dot,
                                          g_strdup (colour), g_free);
          gtk_box_append (GTK_BOX (top), dot);
        }
      gtk_box_append (GTK_BOX (top), label);
      gtk_widget_add_css_class (total, "title-3");
      gtk_widget_add_css_class (total, "numeric");
      gtk_widget_add_css_class (state, "caption");
      gtk_widget_add_css_class (state, "dim-label");
      gtk_box_append (GTK_BOX (box), top);
      gtk_box_append (GTK_BOX (box), total);
      gtk_box_append (GTK_BOX (box), state);
      gtk_button_set_child (GTK_BUTTON (button), box);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (group));
      group = button;
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_seat_clicked), self, 0);
      gtk_box_append (GTK_BOX (self->players_box), button);
      g_ptr_array_add (self->seat_buttons, button);
      g_ptr_array_add (self->seat_totals, total);
      g_ptr_array_add (self->seat_states, state);
    }
}

static void
build_turn (TkWelcomeToPanel *self)
{
  GtkWidget *row, *flow, *box, *buttons;
  g_autoptr(GtkStringList) effects = gtk_string_list_new (NULL);

  for (guint e = 0; e < N_EFFECTS; e++)
    gtk_string_list_append (effects, effect_name (e));

  /* the round's recorded cards */
  self->cards_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->pairs_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (self->pairs_box), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("card-%u", i);
      GtkWidget *card = toggle_with_index (NULL, name, i);

      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      self->card_numbers[i] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->card_numbers[i], "title-2");
      self->card_effects[i] = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->card_effects[i]), TRUE);
      gtk_label_set_justify (GTK_LABEL (self->card_effects[i]), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (box), self->card_numbers[i]);
      gtk_box_append (GTK_BOX (box), self->card_effects[i]);
      gtk_button_set_child (GTK_BUTTON (card), box);
      gtk_widget_add_css_class (card, "tk-welcome-to-card");
      g_signal_connect_object (card, "clicked", G_CALLBACK (on_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (self->pairs_box), card);
      self->card_buttons[i] = card;
    }
  gtk_box_append (GTK_BOX (self->cards_box), self->pairs_box);

  self->split_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->split_box), caption (_("Number from")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("number-card-%u", i);

      self->number_card_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->number_card_buttons[i], "tk-welcome-to-card");
      g_signal_connect_object (self->number_card_buttons[i], "clicked",
                               G_CALLBACK (on_number_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (row), self->number_card_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->split_box), row);
  gtk_box_append (GTK_BOX (self->split_box), caption (_("Effect from")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (row), TRUE);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("effect-card-%u", i);

      self->effect_card_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->effect_card_buttons[i], "tk-welcome-to-card");
      g_signal_connect_object (self->effect_card_buttons[i], "clicked",
                               G_CALLBACK (on_effect_card_clicked), self, 0);
      gtk_box_append (GTK_BOX (row), self->effect_card_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->split_box), row);
  gtk_box_append (GTK_BOX (self->cards_box), self->split_box);
  gtk_box_append (GTK_BOX (self->turn_box), self->cards_box);

  /* no recorded cards: the number and the effect the player took */
  self->manual_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->manual_box), caption (_("Number")));
  flow = wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 5);
  for (gint n = self->lowest_card; n <= self->highest_card && n < MAX_NUMBERS; n++)
    {
      g_autofree char *label = g_strdup_printf ("%d", n);
      g_autofree char *name = g_strdup_printf ("number-%d", n);

      self->number_buttons[n] = toggle_with_index (label, name, n);
      gtk_widget_add_css_class (self->number_buttons[n], "tk-welcome-to-number");
      g_signal_connect_object (self->number_buttons[n], "clicked",
                               G_CALLBACK (on_number_clicked), self, 0);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), self->number_buttons[n]);
    }
  gtk_box_append (GTK_BOX (self->manual_box), flow);
  gtk_box_append (GTK_BOX (self->manual_box), caption (_("Effect")));
  flow = wrap_box ();
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 6);
  for (guint e = 0; e < N_EFFECTS; e++)
    {
      g_autofree char *name = g_strdup_printf ("effect-%s", effect_ids[e]);

      self->effect_buttons[e] = toggle_with_index (effect_name (e), name, e);
      /* long effect names wrap rather than widen the row on a phone */
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->effect_buttons[e]))),
                          TRUE);
      gtk_label_set_justify (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->effect_buttons[e]))),
                             GTK_JUSTIFY_CENTER);
      g_signal_connect_object (self->effect_buttons[e], "clicked",
                               G_CALLBACK (on_effect_clicked), self, 0);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), self->effect_buttons[e]);
    }
  gtk_box_append (GTK_BOX (self->manual_box), flow);
  gtk_box_append (GTK_BOX (self->turn_box), self->manual_box);

  /* temp agency: the number written, ±2 */
  self->temp_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (row, "linked");
  gtk_widget_set_halign (row, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->temp_box),
                  caption (_("Temp agency: the number written may change by up to 2")));
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("temp-%d", (gint) i - 2);

      self->temp_buttons[i] = toggle_with_index (NULL, name, i);
      gtk_widget_add_css_class (self->temp_buttons[i], "tk-welcome-to-number");
      g_signal_connect_object (self->temp_buttons[i], "clicked", G_CALLBACK (on_temp_clicked),
                               self, 0);
      gtk_box_append (GTK_BOX (row), self->temp_buttons[i]);
    }
  gtk_box_append (GTK_BOX (self->temp_box), row);
  self->temp_cross_check = gtk_check_button_new_with_label (_("Cross a temp box"));
  gtk_widget_set_name (self->temp_cross_check, "temp-cross");
  g_signal_connect_object (self->temp_cross_check, "toggled", G_CALLBACK (on_temp_cross_toggled),
                           self, 0);
  gtk_box_append (GTK_BOX (self->temp_box), self->temp_cross_check);
  gtk_box_append (GTK_BOX (self->turn_box), self->temp_box);

  /* the other things a player may do this round */
  buttons = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 3);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
  self->refuse_button = gtk_button_new_with_mnemonic (_("Permit _Refused"));
  gtk_widget_set_tooltip_text (self->refuse_button,
                               _("No number of this round fits anywhere: cross a permit "
                                 "refusal box"));
  g_signal_connect_object (self->refuse_button, "clicked", G_CALLBACK (on_refuse_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), self->refuse_button);
  self->record_button = gtk_button_new_with_mnemonic (_("Record _Cards…"));
  gtk_widget_set_tooltip_text (self->record_button,
                               _("Enter the three cards of the round; each player then picks one"));
  g_signal_connect_object (self->record_button, "clicked", G_CALLBACK (on_record_toggle_clicked),
                           self, G_CONNECT_SWAPPED);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), self->record_button);
  self->roundabout_button = gtk_toggle_button_new_with_mnemonic (_("R_oundabout"));
  gtk_widget_set_tooltip_text (self->roundabout_button,
                               _("Build a roundabout: tap an empty house (fences on both sides "
                                 "come free)"));
  g_signal_connect_object (self->roundabout_button, "clicked", G_CALLBACK (on_roundabout_clicked),
                           self, G_CONNECT_SWAPPED);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), self->roundabout_button);
  gtk_widget_set_visible (gtk_widget_get_parent (self->roundabout_button), self->intermediate);
  gtk_box_append (GTK_BOX (self->turn_box), buttons);

  /* recording the round's three cards */
  self->recorder = gtk_revealer_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "tk-welcome-to-recorder");
  gtk_box_append (GTK_BOX (box),
                  caption (self->solo ? _("The three cards drawn") :
                           self->draft ? _("This player's three cards")
                                       : _("The three cards of the round")));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *number_name = g_strdup_printf ("record-number-%u", i);
      g_autofree char *effect_name_id = g_strdup_printf ("record-effect-%u", i);
      g_autofree char *label = g_strdup_printf (_("Card %u"), i + 1);

      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_box_append (GTK_BOX (row), gtk_label_new (label));
      self->record_numbers[i] = gtk_spin_button_new_with_range (self->lowest_card,
                                                                self->highest_card, 1);
      gtk_widget_set_name (self->record_numbers[i], number_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->record_numbers[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Number"), -1);
      gtk_box_append (GTK_BOX (row), self->record_numbers[i]);
      self->record_effects[i] = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (effects)), NULL);
      gtk_widget_set_name (self->record_effects[i], effect_name_id);
      gtk_widget_set_hexpand (self->record_effects[i], TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->record_effects[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Effect"), -1);
      gtk_box_append (GTK_BOX (row), self->record_effects[i]);
      gtk_box_append (GTK_BOX (box), row);
    }
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  {
    GtkWidget *record = gtk_button_new_with_label (_("Record Cards"));
    GtkWidget *refuse = gtk_button_new_with_label (_("Refuse Permit With These Cards"));

    gtk_widget_add_css_class (record, "suggested-action");
    g_signal_connect_object (record, "clicked", G_CALLBACK (on_record_clicked), self,
                             G_CONNECT_SWAPPED);
    g_signal_connect_object (refuse, "clicked", G_CALLBACK (on_refuse_with_cards_clicked), self,
                             G_CONNECT_SWAPPED);
    gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (refuse))), TRUE);
    gtk_box_append (GTK_BOX (row), record);
    gtk_box_append (GTK_BOX (row), refuse);
  }
  gtk_box_append (GTK_BOX (box), row);
  gtk_revealer_set_child (GTK_REVEALER (self->recorder), box);
  gtk_box_append (GTK_BOX (self->turn_box), self->recorder);

  /* the prompt's buttons */
  self->bis_left_button = toggle_with_index (NULL, "bis-left", -1);
  self->bis_right_button = toggle_with_index (NULL, "bis-right", 1);
  self->skip_button = gtk_button_new_with_mnemonic (_("_Skip Effect"));
  gtk_widget_set_name (self->skip_button, "skip-effect");
  self->cancel_button = gtk_button_new_with_mnemonic (_("C_ancel"));
  g_signal_connect_object (self->bis_left_button, "clicked", G_CALLBACK (on_bis_side_clicked),
                           self, 0);
  g_signal_connect_object (self->bis_right_button, "clicked", G_CALLBACK (on_bis_side_clicked),
                           self, 0);
  g_signal_connect_object (self->skip_button, "clicked", G_CALLBACK (on_skip_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->cancel_button, "clicked", G_CALLBACK (on_cancel_clicked), self,
                           G_CONNECT_SWAPPED);
  {
    GtkWidget *prompt_flow = gtk_flow_box_new ();

    gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (prompt_flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (prompt_flow), 6);
    gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (prompt_flow), 6);
    gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (prompt_flow), 4);
    gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (prompt_flow), TRUE);
    for (guint i = 0; i < 4; i++)
      {
        GtkWidget *b = (GtkWidget *[]) { self->bis_left_button, self->bis_right_button,
                                         self->skip_button, self->cancel_button }[i];
        gtk_flow_box_append (GTK_FLOW_BOX (prompt_flow), b);
      }
    gtk_box_append (GTK_BOX (self->prompt_box), prompt_flow);
  }
}

static GtkWidget *
bar (const char *css_class)
{
  GtkWidget *widget = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (widget, css_class);
  return widget;
}

static GtkWidget *
value_cell (gint value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);
  GtkWidget *cell = gtk_label_new (text);

  gtk_widget_add_css_class (cell, "tk-welcome-to-cell");
  gtk_widget_add_css_class (cell, "numeric");
  return cell;
}

static void
build_streets (TkWelcomeToPanel *self)
{
  JsonArray *streets = table_array (self, "streets");

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *rule = json_array_get_object_element (streets, s);
      JsonArray *parks = json_object_get_array_member (rule, "parks");
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *park_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
      GtkWidget *scroller = gtk_scrolled_window_new ();
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      g_autofree char *title = g_strdup_printf (_("Street %u"), s + 1);
      GtkWidget *title_label = heading (title);

      gtk_widget_add_css_class (frame, "tk-welcome-to-street");
      gtk_widget_set_hexpand (title_label, TRUE);
      gtk_box_append (GTK_BOX (header), title_label);
      gtk_box_append (GTK_BOX (park_row), caption (_("Parks")));
      self->park_cells[s] = g_ptr_array_new ();
      for (guint i = 1; parks != NULL && i < json_array_get_length (parks); i++)
        {
          GtkWidget *cell = value_cell ((gint) json_array_get_int_element (parks, i));

          gtk_widget_add_css_class (cell, "tk-welcome-to-park");
          gtk_box_append (GTK_BOX (park_row), cell);
          g_ptr_array_add (self->park_cells[s], cell);
        }
      self->park_points[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->park_points[s], "tk-welcome-to-points");
      gtk_box_append (GTK_BOX (park_row), self->park_points[s]);
      gtk_box_append (GTK_BOX (header), park_row);
      gtk_box_append (GTK_BOX (frame), header);

      gtk_widget_add_css_class (row, "tk-welcome-to-houses");
      /* as wide as its houses, so that the street's end fences close it */
      gtk_widget_set_halign (row, GTK_ALIGN_START);
      for (guint h = 0; h < self->houses[s]; h++)
        {
          GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *button = gtk_button_new ();
          GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          GtkWidget *pool = bar ("tk-welcome-to-pool-spot");
          GtkWidget *label = gtk_label_new (NULL);
          g_autofree char *name = g_strdup_printf ("house-%u-%u", s + 1, h + 1);

          self->house_plan_bars[s][h] = bar ("tk-welcome-to-plan-bar");
          gtk_box_append (GTK_BOX (column), self->house_plan_bars[s][h]);
          gtk_widget_set_halign (pool, GTK_ALIGN_CENTER);
          gtk_widget_set_visible (pool, self->pool_spot[s][h]);
          gtk_box_append (GTK_BOX (inner), pool);
          gtk_widget_set_vexpand (label, TRUE);
          gtk_box_append (GTK_BOX (inner), label);
          gtk_button_set_child (GTK_BUTTON (button), inner);
          gtk_widget_set_name (button, name);
          gtk_widget_add_css_class (button, "tk-welcome-to-house");
          if (self->pool_spot[s][h])
            gtk_widget_add_css_class (button, "tk-welcome-to-has-pool");
          g_object_set_data (G_OBJECT (button), "tk-index", GUINT_TO_POINTER (s * MAX_HOUSES + h));
          g_signal_connect_object (button, "clicked", G_CALLBACK (on_house_clicked), self, 0);
          gtk_box_append (GTK_BOX (column), button);
          self->house_estate_bars[s][h] = bar ("tk-welcome-to-estate-bar");
          gtk_box_append (GTK_BOX (column), self->house_estate_bars[s][h]);
          gtk_box_append (GTK_BOX (row), column);
          self->house_buttons[s][h] = button;
          self->house_labels[s][h] = label;
          self->pool_marks[s][h] = pool;

          if (h + 1 < self->houses[s])
            {
              GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
              GtkWidget *fence = gtk_button_new ();
              g_autofree char *fence_name = g_strdup_printf ("fence-%u-%u", s + 1, h + 1);
              g_autofree char *fence_label = g_strdup_printf (_("Fence between houses %u and "
                                                                "%u of street %u"),
                                                              h + 1, h + 2, s + 1);

              self->fence_plan_bars[s][h] = bar ("tk-welcome-to-plan-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_plan_bars[s][h]);
              gtk_widget_set_name (fence, fence_name);
              gtk_widget_add_css_class (fence, "tk-welcome-to-fence");
              gtk_widget_set_tooltip_text (fence, fence_label);
              g_object_set_data (G_OBJECT (fence), "tk-index",
                                 GUINT_TO_POINTER (s * MAX_HOUSES + h));
              g_signal_connect_object (fence, "clicked", G_CALLBACK (on_fence_clicked), self, 0);
              gtk_box_append (GTK_BOX (slot), fence);
              self->fence_estate_bars[s][h] = bar ("tk-welcome-to-estate-bar");
              gtk_box_append (GTK_BOX (slot), self->fence_estate_bars[s][h]);
              gtk_box_append (GTK_BOX (row), slot);
              self->fence_buttons[s][h] = fence;
            }
        }
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                      GTK_POLICY_NEVER);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), row);
      gtk_box_append (GTK_BOX (frame), scroller);
      gtk_box_append (GTK_BOX (self->streets_box), frame);
    }
}

static void
build_track (TkWelcomeToPanel *self,
             Track            *track,
             GtkWidget        *parent,
             const char       *title,
             const char       *name,
             JsonArray        *values,
             guint             n_boxes)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cells = gtk_flow_box_new ();
  GtkWidget *title_label = caption (title);

  gtk_widget_set_name (box, name);
  gtk_widget_add_css_class (box, "tk-welcome-to-track");
  gtk_widget_set_hexpand (title_label, TRUE);
  gtk_box_append (GTK_BOX (top), title_label);
  track->points = gtk_label_new (NULL);
  gtk_widget_add_css_class (track->points, "tk-welcome-to-points");
  gtk_box_append (GTK_BOX (top), track->points);
  gtk_box_append (GTK_BOX (box), top);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (cells), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (cells), 12);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (cells), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (cells), 3);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (cells), 3);
  gtk_widget_set_can_target (cells, FALSE);
  track->cells = g_ptr_array_new ();
  for (guint i = 0; i < n_boxes; i++)
    {
      GtkWidget *cell = values != NULL
                        ? value_cell ((gint) json_array_get_int_element (values, i + 1))
                        : value_cell ((gint) i + 1);

      g_autofree char *cell_name = g_strdup_printf ("%s-%u", name, i + 1);

      gtk_widget_set_name (cell, cell_name);
      if (values == NULL)
        gtk_widget_add_css_class (cell, "tk-welcome-to-count");
      gtk_flow_box_append (GTK_FLOW_BOX (cells), cell);
      g_ptr_array_add (track->cells, cell);
    }
  gtk_box_append (GTK_BOX (box), cells);
  track->card = box;
  gtk_flow_box_append (GTK_FLOW_BOX (parent), box);
}

static void
build_bottom (TkWelcomeToPanel *self)
{
  GtkWidget *plans = gtk_flow_box_new ();
  GtkWidget *tracks = gtk_flow_box_new ();
  GtkWidget *estates = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *strip = gtk_flow_box_new ();
  GtkWidget *tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *button, *row;
  JsonArray *estate_values = table_array (self, "estates");

  /* the three city plans */
  gtk_box_append (GTK_BOX (self->bottom_box), heading (_("City Plans")));
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (plans), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (plans), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (plans), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (plans), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (plans), 6);
  for (guint p = 0; p < N_PLANS; p++)
    {
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      JsonObject *plan = setup_plan (self, p);
      g_autofree char *number = g_strdup_printf ("n°%u", p + 1);
      /* Translators: a city plan's points for the first claims / for later ones */
      g_autofree char *values = g_strdup_printf (_("%d / %d"),
                                                 plan != NULL ? (int) json_object_get_int_member (plan, "first") : 0,
                                                 plan != NULL ? (int) json_object_get_int_member (plan, "later") : 0);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");
      g_autofree char *name = g_strdup_printf ("plan-claim-%u", p + 1);
      GtkWidget *number_label = heading (number);
      GtkWidget *values_label = gtk_label_new (values);

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-welcome-to-plan");
      gtk_widget_set_hexpand (number_label, TRUE);
      gtk_box_append (GTK_BOX (top), number_label);
      gtk_widget_add_css_class (values_label, "tk-welcome-to-points");
      gtk_widget_add_css_class (values_label, "numeric");
      gtk_box_append (GTK_BOX (top), values_label);
      gtk_box_append (GTK_BOX (card), top);
      self->plan_titles[p] = gtk_label_new (goal);
      gtk_label_set_wrap (GTK_LABEL (self->plan_titles[p]), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (self->plan_titles[p]), 18);
      gtk_label_set_xalign (GTK_LABEL (self->plan_titles[p]), 0);
      gtk_widget_set_vexpand (self->plan_titles[p], TRUE);
      gtk_widget_set_valign (self->plan_titles[p], GTK_ALIGN_START);
      self->plan_states[p] = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->plan_states[p]), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->plan_states[p]), 0);
      self->plan_buttons[p] = gtk_button_new_with_label (_("Claim…"));
      gtk_widget_set_name (self->plan_buttons[p], name);
      gtk_widget_set_halign (self->plan_buttons[p], GTK_ALIGN_START);
      g_object_set_data (G_OBJECT (self->plan_buttons[p]), "tk-index", GUINT_TO_POINTER (p));
      g_signal_connect_object (self->plan_buttons[p], "clicked",
                               G_CALLBACK (on_plan_claim_clicked), self, 0);
      gtk_box_append (GTK_BOX (card), self->plan_titles[p]);
      gtk_box_append (GTK_BOX (card), self->plan_states[p]);
      gtk_box_append (GTK_BOX (card), self->plan_buttons[p]);
      gtk_flow_box_append (GTK_FLOW_BOX (plans), card);
    }
  gtk_box_append (GTK_BOX (self->bottom_box), plans);

  /* selecting estates for a plan */
  self->claim_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->claim_box, "card");
  gtk_widget_add_css_class (self->claim_box, "tk-welcome-to-recorder");
  self->claim_label = caption (NULL);
  gtk_box_append (GTK_BOX (self->claim_box), self->claim_label);
  self->claim_flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->claim_flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->claim_flow), 4);
  gtk_box_append (GTK_BOX (self->claim_box), self->claim_flow);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->claim_apply = gtk_button_new_with_label (_("Claim Plan"));
  gtk_widget_add_css_class (self->claim_apply, "suggested-action");
  g_signal_connect_object (self->claim_apply, "clicked", G_CALLBACK (on_claim_apply_clicked),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), self->claim_apply);
  button = gtk_button_new_with_mnemonic (_("C_ancel"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_cancel_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (self->claim_box), row);
  gtk_box_append (GTK_BOX (self->bottom_box), self->claim_box);

  if (self->solo)
    {
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      self->solo_button = gtk_button_new_with_label (_("Solo Card Drawn"));
      gtk_widget_set_tooltip_text (self->solo_button,
                                   _("The solo card came up: every plan claimed from now on "
                                     "scores its lower value"));
      g_signal_connect_object (self->solo_button, "clicked", G_CALLBACK (on_solo_card_clicked),
                               self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (row), self->solo_button);
      self->solo_label = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->solo_label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->solo_label), 0);
      gtk_widget_add_css_class (self->solo_label, "dim-label");
      gtk_box_append (GTK_BOX (row), self->solo_label);
      gtk_box_append (GTK_BOX (self->bottom_box), row);
    }

  /* the lower sheet's tracks */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (tracks), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tracks), 3);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (tracks), 1);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (tracks), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (tracks), 6);
  {
    JsonArray *pools = table_array (self, "pools");
    JsonArray *bis = table_array (self, "bis");
    JsonArray *refusals = table_array (self, "refusals");
    JsonArray *roundabouts = table_array (self, "roundabouts");

    build_track (self, &self->pools, tracks, _("Pools"), "track-pools", pools,
                 json_array_get_length (pools) - 1);
    build_track (self, &self->temps, tracks, _("Temp agency"), "track-temps", NULL,
                 (guint) json_object_get_int_member (self->tables, "temp_boxes"));
    build_track (self, &self->bis, tracks, _("Bis"), "track-bis", bis,
                 json_array_get_length (bis) - 1);
    build_track (self, &self->refusals, tracks, _("Permit refusals"), "track-refusals",
                 refusals, json_array_get_length (refusals) - 1);
    build_track (self, &self->roundabouts, tracks, _("Roundabouts"), "track-roundabouts",
                 roundabouts, json_array_get_length (roundabouts) - 1);
    gtk_widget_set_visible (gtk_widget_get_parent (self->roundabouts.card), self->intermediate);
  }

  /* the six real estate columns */
  gtk_widget_add_css_class (estates, "tk-welcome-to-track");
  gtk_box_append (GTK_BOX (estates), caption (_("Real estate: value of one estate")));
  gtk_box_set_homogeneous (GTK_BOX (columns), TRUE);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      JsonArray *values = json_array_get_array_element (estate_values, c);
      GtkWidget *stack = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      g_autofree char *size = g_strdup_printf ("%u", c + 1);
      g_autofree char *name = g_strdup_printf ("column-%u", c + 1);
      g_autofree char *tooltip = g_strdup_printf (ngettext ("Estates of %u house",
                                                            "Estates of %u houses", c + 1),
                                                  c + 1);
      GtkWidget *size_label = gtk_label_new (size);

      gtk_widget_add_css_class (size_label, "heading");
      gtk_box_append (GTK_BOX (stack), size_label);
      self->column_cells[c] = g_ptr_array_new ();
      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          GtkWidget *cell = value_cell ((gint) json_array_get_int_element (values, i));

          gtk_box_append (GTK_BOX (stack), cell);
          g_ptr_array_add (self->column_cells[c], cell);
        }
      gtk_widget_set_valign (stack, GTK_ALIGN_START);
      self->column_counts[c] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->column_counts[c], "caption");
      gtk_box_append (GTK_BOX (stack), self->column_counts[c]);
      self->column_buttons[c] = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (self->column_buttons[c]), stack);
      gtk_widget_set_name (self->column_buttons[c], name);
      gtk_widget_set_tooltip_text (self->column_buttons[c], tooltip);
      gtk_widget_add_css_class (self->column_buttons[c], "tk-welcome-to-column");
      gtk_widget_add_css_class (self->column_buttons[c], "flat");
      g_object_set_data (G_OBJECT (self->column_buttons[c]), "tk-index", GUINT_TO_POINTER (c));
      g_signal_connect_object (self->column_buttons[c], "clicked",
                               G_CALLBACK (on_column_clicked), self, 0);
      gtk_box_append (GTK_BOX (columns), self->column_buttons[c]);
    }
  gtk_box_append (GTK_BOX (estates), columns);
  gtk_flow_box_append (GTK_FLOW_BOX (tracks), estates);
  gtk_box_append (GTK_BOX (self->bottom_box), tracks);

  /* the bottom row: points per category and the total */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (strip), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (strip), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (strip), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (strip), N_SCORE_KEYS + 1);
  gtk_widget_add_css_class (strip, "tk-welcome-to-score");
  gtk_widget_set_name (strip, "score-strip");
  for (guint k = 0; k <= N_SCORE_KEYS; k++)
    {
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *label = gtk_label_new (k < N_SCORE_KEYS ? NULL : _("Total"));
      GtkWidget *value = gtk_label_new ("0");
      g_autofree char *name = g_strdup_printf ("score-%s", k < N_SCORE_KEYS ? score_keys[k]
                                                                            : "total");

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (value, "numeric");
      gtk_widget_add_css_class (value, k < N_SCORE_KEYS ? "title-4" : "title-2");
      gtk_widget_set_name (value, name);
      gtk_box_append (GTK_BOX (cell), label);
      gtk_box_append (GTK_BOX (cell), value);
      gtk_widget_add_css_class (cell, "tk-welcome-to-score-cell");
      if (k < N_SCORE_KEYS)
        {
          self->score_values[k] = value;
          self->score_cells[k] = cell;
          g_object_set_data (G_OBJECT (cell), "tk-label", label);
        }
      else
        {
          self->total_value = value;
          gtk_widget_add_css_class (cell, "tk-welcome-to-total");
        }
      gtk_flow_box_append (GTK_FLOW_BOX (strip), cell);
    }
  gtk_widget_set_visible (gtk_widget_get_parent (self->score_cells[7]), self->intermediate);
  gtk_box_append (GTK_BOX (self->bottom_box), strip);

  /* sheet exchange */
  button = gtk_button_new_with_mnemonic (_("_Export Sheet…"));
  gtk_widget_set_tooltip_text (button, _("Save this sheet to a file, to be imported into the "
                                         "table's session"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_export_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (tools), button);
  button = gtk_button_new_with_mnemonic (_("_Import Sheet…"));
  gtk_widget_set_tooltip_text (button, _("Replace this seat's sheet with one exported from "
                                         "another device"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_import_clicked), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (tools), button);
  gtk_box_append (GTK_BOX (self->bottom_box), tools);
}

/* ---- updating what is shown ---- */

static void
set_class (GtkWidget  *widget,
           const char *css_class,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* Shows or hides @widget, and the flow box slot holding it (an empty slot still takes room). */
static void
set_shown (GtkWidget *widget,
           gboolean   shown)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  gtk_widget_set_visible (widget, shown);
  if (GTK_IS_FLOW_BOX_CHILD (parent))
    gtk_widget_set_visible (parent, shown);
}

static void
set_toggle (GtkWidget *toggle,
            gboolean   active)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
}

static void
update_track (Track *track,
              guint  crossed,
              gint64 points)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

  for (guint i = 0; i < track->cells->len; i++)
    set_class (g_ptr_array_index (track->cells, i), "tk-welcome-to-crossed", i < crossed);
  gtk_label_set_text (GTK_LABEL (track->points), text);
}

static char *
end_reasons (JsonArray *triggers)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (guint i = 0; triggers != NULL && i < json_array_get_length (triggers); i++)
    {
      const char *trigger = json_array_get_string_element (triggers, i);

      if (g_strcmp0 (trigger, "refusals") == 0)
        g_ptr_array_add (parts, (gpointer) _("a third permit refusal"));
      else if (g_strcmp0 (trigger, "plans") == 0)
        g_ptr_array_add (parts, (gpointer) _("all three city plans claimed by one player"));
      else if (g_strcmp0 (trigger, "houses") == 0)
        g_ptr_array_add (parts, (gpointer) _("every house of a sheet built"));
      else if (g_strcmp0 (trigger, "deck") == 0)
        g_ptr_array_add (parts, (gpointer) _("the deck ran out"));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

static void
refresh_header (TkWelcomeToPanel *self)
{
  gint64 round = json_object_get_int_member_with_default (self->game, "round", 1);
  JsonArray *triggers = json_object_get_array_member (self->score, "end_triggers");
  g_autofree char *round_text = NULL;
  g_autoptr(GString) played = g_string_new (NULL);
  g_autoptr(GString) waiting = g_string_new (NULL);
  JsonObject *setup = tk_session_get_setup (self->session);
  /* once everyone has played, the next turn opens the next round: show that one */
  gboolean next_round = round_done (self) && !game_over (self);

  if (next_round)
    round++;
  for (guint i = 0; i < self->n_players; i++)
    {
      JsonObject *player = score_player (self, i);
      g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                player != NULL
                                                ? json_object_get_int_member (player, "total")
                                                : 0);
      gboolean has_played = acted (self, i) && !next_round;
      GString *list = has_played ? played : waiting;

      self->updating = TRUE;
      set_toggle (g_ptr_array_index (self->seat_buttons, i), i == self->seat);
      self->updating = FALSE;
      gtk_label_set_text (g_ptr_array_index (self->seat_totals, i), total);
      gtk_label_set_text (g_ptr_array_index (self->seat_states, i),
                          has_played ? _("Played") : _("To play"));
      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, tk_rules_setup_player_name (setup, i));
    }

  if (self->solo)
    round_text = g_strdup_printf (_("Round %d of %d"), (int) round,
                                  (int) json_object_get_int_member (self->tables, "solo_rounds"));
  else
    round_text = g_strdup_printf (_("Round %d"), (int) round);
  gtk_label_set_text (GTK_LABEL (self->round_label), round_text);
  if (self->n_players > 1 && waiting->len > 0 && played->len > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Still to play: %s"), waiting->str);
      gtk_label_set_text (GTK_LABEL (self->played_label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->played_label), "");

  if (triggers != NULL && json_array_get_length (triggers) > 0)
    {
      g_autofree char *reasons = end_reasons (triggers);
      g_autofree char *text = NULL;

      if (game_over (self))
        text = g_strdup_printf (_("The game is over (%s). Finish the session to record it."),
                                reasons);
      else
        text = g_strdup_printf (_("Last round (%s): the game ends when everyone has played "
                                  "this round."), reasons);
      gtk_label_set_text (GTK_LABEL (self->end_label), text);
      gtk_widget_set_visible (self->end_label, TRUE);
    }
  else
    gtk_widget_set_visible (self->end_label, FALSE);
}

static void
refresh_turn (TkWelcomeToPanel *self)
{
  JsonArray *cards = open_cards (self);
  gint number = 0, effect = -1;
  gboolean picked = current_pick (self, &number, &effect);
  gboolean over = game_over (self);

  gtk_widget_set_visible (self->turn_box, !over);
  gtk_widget_set_visible (self->cards_box, cards != NULL);
  gtk_widget_set_visible (self->manual_box, cards == NULL);
  self->updating = TRUE;
  if (cards != NULL)
    {
      gboolean split = self->solo || self->draft;

      gtk_widget_set_visible (self->pairs_box, !split);
      gtk_widget_set_visible (self->split_box, split);
      for (guint i = 0; i < 3; i++)
        {
          JsonObject *card = json_array_get_object_element (cards, i);
          g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                json_object_get_int_member (card, "number"));
          gint e = effect_from_id (json_object_get_string_member (card, "effect"));
          g_autofree char *both = g_strdup_printf ("%s · %s", n, effect_name (e));

          gtk_label_set_text (GTK_LABEL (self->card_numbers[i]), n);
          gtk_label_set_text (GTK_LABEL (self->card_effects[i]), effect_name (e));
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->card_buttons[i]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, both, -1);
          set_toggle (self->card_buttons[i], self->card == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->number_card_buttons[i]), n);
          set_toggle (self->number_card_buttons[i], self->number_card == (gint) i);
          gtk_button_set_label (GTK_BUTTON (self->effect_card_buttons[i]), effect_name (e));
          set_toggle (self->effect_card_buttons[i], self->effect_card == (gint) i);
        }
    }
  else
    {
      for (gint n = self->lowest_card; n <= self->highest_card && n < MAX_NUMBERS; n++)
        set_toggle (self->number_buttons[n], self->manual_number == n);
      for (guint e = 0; e < N_EFFECTS; e++)
        set_toggle (self->effect_buttons[e], self->manual_effect == (gint) e);
    }

  gtk_widget_set_visible (self->temp_box, picked && effect == EFFECT_TEMP);
  if (picked && effect == EFFECT_TEMP)
    for (guint i = 0; i < 5; i++)
      {
        gint value = number + (gint) i - 2;
        g_autofree char *label = g_strdup_printf ("%d", value);

        gtk_button_set_label (GTK_BUTTON (self->temp_buttons[i]), label);
        gtk_widget_set_sensitive (self->temp_buttons[i],
                                  value >= 0 && value <= self->highest_number &&
                                  ABS ((gint) i - 2) <= self->temp_change);
        set_toggle (self->temp_buttons[i], self->temp_delta == (gint) i - 2);
      }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->temp_cross_check),
                               self->temp_cross || self->temp_delta != 0);
  gtk_widget_set_sensitive (self->temp_cross_check, self->temp_delta == 0);
  set_toggle (self->roundabout_button, self->stage == STAGE_ROUNDABOUT);
  self->updating = FALSE;
}

static void
refresh_prompt (TkWelcomeToPanel *self)
{
  gint number = 0, effect = -1;
  gboolean picked = current_pick (self, &number, &effect);
  g_autofree char *text = NULL;
  const char *name = tk_rules_setup_player_name (tk_session_get_setup (self->session), self->seat);
  gboolean bis_choice = self->stage == STAGE_EFFECT && self->bis_house >= 0;

  if (game_over (self))
    text = g_strdup (_("The game is over."));
  else if (acted (self, self->seat) && !round_done (self))
    text = g_strdup_printf (_("%s has played this round; the others still have to."), name);
  else
    switch (self->stage)
      {
      case STAGE_ROUNDABOUT:
        text = g_strdup (_("Tap an empty house for the roundabout."));
        break;
      case STAGE_CLAIM:
        text = g_strdup_printf (_("Select the estates for city plan n°%d below."),
                                self->claim_plan + 1);
        break;
      case STAGE_EFFECT:
        if (effect == EFFECT_SURVEYOR)
          text = g_strdup (_("Tap a fence slot between two houses, or skip the effect."));
        else if (effect == EFFECT_REAL_ESTATE)
          text = g_strdup (_("Tap a real estate column below, or skip the effect."));
        else if (bis_choice)
          text = g_strdup (_("Copy which neighbour?"));
        else
          text = g_strdup (_("Tap the empty house next to a number that gets the bis, or skip "
                             "the effect."));
        break;
      case STAGE_CHOOSE:
      default:
        if (picked)
          /* Translators: %d is the house number to write; %s is the player's name */
          text = g_strdup_printf (_("%s writes %d: tap a house (dimmed ones can't take it)."),
                                  name, written_number (self, number, effect));
        else if (open_cards (self) != NULL)
          text = g_strdup_printf (self->solo || self->draft
                                  ? _("%s: pick a number card and an effect card.")
                                  : _("%s: pick one of the three cards."), name);
        else
          text = g_strdup_printf (_("%s: pick the number and the effect played, or record the "
                                    "round's cards."), name);
        break;
      }
  gtk_label_set_text (GTK_LABEL (self->hint_label), text);
  set_shown (self->skip_button, self->stage == STAGE_EFFECT);
  set_shown (self->cancel_button,
                          self->stage == STAGE_EFFECT || self->stage == STAGE_ROUNDABOUT);
  set_shown (self->bis_left_button, bis_choice);
  set_shown (self->bis_right_button, bis_choice);
  if (bis_choice)
    {
      JsonObject *sheet = sheet_object (self);
      gint values[2];

      for (guint i = 0; i < 2; i++)
        {
          guint from = self->bis_house + (i == 0 ? -1 : 1);
          JsonObject *house = house_object (sheet, self->bis_street, from);

          values[i] = house_has_number (house) ? (gint) json_object_get_int_member (house, "number")
                                               : -1;
          if ((gint) from == self->pend_house && self->bis_street == self->pend_street)
            values[i] = written_number (self, number, effect);
        }
      {
        g_autofree char *left = g_strdup_printf (_("Copy %d From the Left"), values[0]);
        g_autofree char *right = g_strdup_printf (_("Copy %d From the Right"), values[1]);

        gtk_button_set_label (GTK_BUTTON (self->bis_left_button), left);
        gtk_button_set_label (GTK_BUTTON (self->bis_right_button), right);
      }
    }
}

/* Whether the engine would take the picked number in (@s, @h). */
static gboolean
house_takes_pick (TkWelcomeToPanel *self,
                  guint             s,
                  guint             h)
{
  g_autoptr(JsonObject) action = turn_action (self, s, h);

  return trial_ok (self, action);
}

static gboolean
bis_target_ok (TkWelcomeToPanel *self,
               guint             s,
               guint             h)
{
  for (gint from = (gint) h - 1; from <= (gint) h + 1; from += 2)
    {
      g_autoptr(JsonObject) action = NULL;

      if (from < 0 || from >= (gint) self->houses[s])
        continue;
      action = turn_action (self, self->pend_street, self->pend_house);
      json_object_set_object_member (action, "bis", bis_member (s, h, from));
      if (trial_ok (self, action))
        return TRUE;
    }
  return FALSE;
}

static void
refresh_streets (TkWelcomeToPanel *self)
{
  JsonObject *sheet = sheet_object (self);
  JsonObject *player = score_player (self, self->seat);
  JsonArray *parks_points = player != NULL ? json_object_get_array_member (player, "parks") : NULL;
  g_autoptr(GArray) estates = completed_estates (self, sheet);
  gint number = 0, effect = -1;
  gboolean picked = current_pick (self, &number, &effect);
  gboolean waiting = (acted (self, self->seat) && !round_done (self)) || game_over (self);
  gboolean in_estate[N_STREETS][MAX_HOUSES] = { { FALSE } };

  for (guint i = 0; i < estates->len; i++)
    {
      Estate *estate = &g_array_index (estates, Estate, i);

      for (guint h = estate->from; h <= estate->to; h++)
        in_estate[estate->street][h] = TRUE;
    }
  set_class (self->root_box, "tk-welcome-to-choosing-fence",
             self->stage == STAGE_EFFECT && effect == EFFECT_SURVEYOR);

  for (guint s = 0; s < N_STREETS; s++)
    {
      JsonObject *street = street_object (sheet, s);
      guint parks = street != NULL ? (guint) json_object_get_int_member (street, "parks") : 0;
      g_autofree char *points = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                 parks_points != NULL
                                                 ? json_array_get_int_element (parks_points, s)
                                                 : 0);

      for (guint i = 0; i < self->park_cells[s]->len; i++)
        set_class (g_ptr_array_index (self->park_cells[s], i), "tk-welcome-to-crossed", i < parks);
      gtk_label_set_text (GTK_LABEL (self->park_points[s]), points);

      for (guint h = 0; h < self->houses[s]; h++)
        {
          JsonObject *house = house_object (sheet, s, h);
          GtkWidget *button = self->house_buttons[s][h];
          gboolean pending = self->stage == STAGE_EFFECT && (gint) s == self->pend_street &&
                             (gint) h == self->pend_house;
          gboolean dim = FALSE, target = FALSE;
          g_autofree char *text = NULL;
          g_autofree char *a11y = NULL;

          if (house != NULL && json_object_get_boolean_member_with_default (house, "roundabout",
                                                                            FALSE))
            /* Translators: a roundabout drawn in a house box */
            text = g_strdup (C_("welcome-to house", "↻"));
          else if (house_has_number (house))
            text = g_strdup_printf ("%" G_GINT64_FORMAT "%s",
                                    json_object_get_int_member (house, "number"),
                                    json_object_has_member (house, "bis") ? "b" : "");
          else if (pending)
            text = g_strdup_printf ("%d", written_number (self, number, effect));
          else
            text = g_strdup ("");
          gtk_label_set_text (GTK_LABEL (self->house_labels[s][h]), text);
          set_class (self->pool_marks[s][h], "tk-welcome-to-built",
                     house != NULL && json_object_get_boolean_member_with_default (house, "pool",
                                                                                   FALSE));
          set_class (button, "tk-welcome-to-built", house != NULL);
          set_class (button, "tk-welcome-to-pending", pending);

          if (waiting)
            dim = house == NULL;
          else if (self->stage == STAGE_CHOOSE && picked)
            dim = house == NULL && !house_takes_pick (self, s, h);
          else if (self->stage == STAGE_EFFECT && effect == EFFECT_BIS)
            {
              target = house == NULL && !pending && bis_target_ok (self, s, h);
              dim = house == NULL && !pending && !target;
            }
          else if (self->stage == STAGE_ROUNDABOUT && house == NULL)
            {
              g_autoptr(JsonObject) action = json_object_new ();

              json_object_set_string_member (action, "type", "roundabout");
              json_object_set_int_member (action, "seat", self->seat);
              json_object_set_int_member (action, "street", s + 1);
              json_object_set_int_member (action, "house", h + 1);
              target = trial_ok (self, action);
              dim = !target;
            }
          set_class (button, "tk-welcome-to-dim", dim);
          set_class (button, "tk-welcome-to-target", target);
          if (house_has_number (house) || (house != NULL && text[0] != '\0'))
            a11y = g_strdup_printf (_("Street %u, house %u: %s"), s + 1, h + 1, text);
          else
            a11y = g_strdup_printf (self->pool_spot[s][h] ? _("Street %u, house %u (pool spot), empty")
                                                          : _("Street %u, house %u, empty"),
                                    s + 1, h + 1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          a11y, -1);

          set_class (self->house_estate_bars[s][h], "tk-welcome-to-estate", in_estate[s][h]);
          set_class (self->house_plan_bars[s][h], "tk-welcome-to-used",
                     in_estate[s][h] && estate_used (sheet, s, h));

          if (h + 1 < self->houses[s])
            {
              GtkWidget *fence = self->fence_buttons[s][h];
              gboolean built = has_fence (sheet, s, h);
              gboolean inner = in_estate[s][h] && in_estate[s][h + 1] && !built;
              gboolean fence_dim = FALSE;

              set_class (fence, "tk-welcome-to-built", built);
              if (self->stage == STAGE_EFFECT && effect == EFFECT_SURVEYOR)
                {
                  g_autoptr(JsonObject) action = turn_action (self, self->pend_street,
                                                              self->pend_house);
                  JsonObject *member = json_object_new ();

                  json_object_set_int_member (member, "street", s + 1);
                  json_object_set_int_member (member, "after", h + 1);
                  json_object_set_object_member (action, "fence", member);
                  fence_dim = built || !trial_ok (self, action);
                }
              set_class (fence, "tk-welcome-to-dim", fence_dim);
              set_class (self->fence_estate_bars[s][h], "tk-welcome-to-estate", inner);
              set_class (self->fence_plan_bars[s][h], "tk-welcome-to-used",
                         inner && estate_used (sheet, s, h));
            }
        }
    }
}

/* Houses of the sheet with @member: "pool" and "roundabout" are true flags, "bis" a side. */
static guint
count_houses (JsonObject *sheet,
              const char *member)
{
  gboolean flag = !g_str_equal (member, "bis");
  guint n = 0;

  for (guint s = 0; s < N_STREETS; s++)
    for (guint h = 0; h < MAX_HOUSES; h++)
      {
        JsonObject *house = house_object (sheet, s, h);

        if (house == NULL || !json_object_has_member (house, member))
          continue;
        if (!flag || json_object_get_boolean_member (house, member))
          n++;
      }
  return n;
}

static void
refresh_bottom (TkWelcomeToPanel *self)
{
  JsonObject *sheet = sheet_object (self);
  JsonObject *player = score_player (self, self->seat);
  JsonArray *plans = player != NULL ? json_object_get_array_member (player, "plans") : NULL;
  JsonArray *by_size = player != NULL ? json_object_get_array_member (player, "estates_by_size")
                                      : NULL;
  JsonArray *agents = sheet != NULL ? json_object_get_array_member (sheet, "agents") : NULL;
  gint number = 0, effect = -1;
  gboolean choosing_column = self->stage == STAGE_EFFECT && current_pick (self, &number, &effect) &&
                             effect == EFFECT_REAL_ESTATE;
  gint64 flip = json_object_get_int_member_with_default (self->game, "solo_flip_round", 0);
  g_autofree char *total = NULL;

  for (guint p = 0; p < N_PLANS; p++)
    {
      JsonObject *plan = plans != NULL && p < json_array_get_length (plans)
                         ? json_array_get_object_element (plans, p) : NULL;
      gboolean claimed = plan != NULL && json_object_get_boolean_member (plan, "claimed");
      g_autofree char *text = NULL;

      if (claimed)
        text = g_strdup_printf (json_object_get_boolean_member (plan, "first")
                                ? _("Claimed first: %d points")
                                : _("Claimed later: %d points"),
                                (int) json_object_get_int_member (plan, "points"));
      else
        text = g_strdup (_("Not claimed"));
      gtk_label_set_text (GTK_LABEL (self->plan_states[p]), text);
      gtk_widget_set_visible (self->plan_buttons[p], !claimed && !game_over (self));
    }
  gtk_widget_set_visible (self->claim_box, self->stage == STAGE_CLAIM);
  if (self->stage == STAGE_CLAIM)
    {
      JsonObject *plan = setup_plan (self, self->claim_plan);
      g_autofree char *goal = plan != NULL ? tk_welcome_to_plan_goal (plan) : g_strdup ("");
      g_autofree char *text = g_strdup_printf (_("City plan n°%d asks for: %s. Select the "
                                                 "estates (estates already used are not listed)."),
                                               self->claim_plan + 1, goal);

      gtk_label_set_text (GTK_LABEL (self->claim_label), text);
    }
  if (self->solo)
    {
      gtk_widget_set_visible (self->solo_button, flip == 0 && !game_over (self));
      if (flip > 0)
        {
          g_autofree char *text = g_strdup_printf (_("The solo card came up in round %d: plans "
                                                     "claimed from then on score their lower "
                                                     "value."), (int) flip);
          gtk_label_set_text (GTK_LABEL (self->solo_label), text);
        }
      else
        gtk_label_set_text (GTK_LABEL (self->solo_label), "");
    }

  update_track (&self->pools, count_houses (sheet, "pool"),
                breakdown_points (player, "pools", NULL));
  update_track (&self->temps, (guint) json_object_get_int_member (sheet, "temps"),
                breakdown_points (player, "temps", NULL));
  update_track (&self->bis, count_houses (sheet, "bis"), breakdown_points (player, "bis", NULL));
  update_track (&self->refusals, (guint) json_object_get_int_member (sheet, "refusals"),
                breakdown_points (player, "refusals", NULL));
  update_track (&self->roundabouts, count_houses (sheet, "roundabout"),
                breakdown_points (player, "roundabouts", NULL));

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      guint crossed = agents != NULL ? (guint) json_array_get_int_element (agents, c) : 0;
      gint64 count = by_size != NULL ? json_array_get_int_element (by_size, c) : 0;
      g_autofree char *text = g_strdup_printf ("× %" G_GINT64_FORMAT, count);
      gboolean dim = FALSE;

      for (guint i = 0; i < self->column_cells[c]->len; i++)
        set_class (g_ptr_array_index (self->column_cells[c], i), "tk-welcome-to-crossed",
                   i < crossed);
      gtk_label_set_text (GTK_LABEL (self->column_counts[c]), text);
      if (choosing_column)
        {
          g_autoptr(JsonObject) action = turn_action (self, self->pend_street, self->pend_house);

          json_object_set_int_member (action, "column", c + 1);
          dim = !trial_ok (self, action);
        }
      set_class (self->column_buttons[c], "tk-welcome-to-dim", dim);
      set_class (self->column_buttons[c], "tk-welcome-to-target", choosing_column && !dim);
    }

  for (guint k = 0; k < N_SCORE_KEYS; k++)
    {
      const char *label = NULL;
      gint64 points = breakdown_points (player, score_keys[k], &label);
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, points);

      gtk_label_set_text (GTK_LABEL (self->score_values[k]), text);
      gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (self->score_cells[k]),
                                                        "tk-label")),
                          label != NULL ? label : "");
    }
  total = g_strdup_printf ("%" G_GINT64_FORMAT,
                           player != NULL ? json_object_get_int_member (player, "total") : 0);
  gtk_label_set_text (GTK_LABEL (self->total_value), total);
}

static void
refresh (TkWelcomeToPanel *self)
{
  if (self->game == NULL || self->score == NULL)
    return;
  refresh_header (self);
  refresh_turn (self);
  refresh_prompt (self);
  refresh_streets (self);
  refresh_bottom (self);
}

/* ---- the object ---- */

static void
read_setup (TkWelcomeToPanel *self)
{
  JsonObject *setup = tk_session_get_setup (self->session);
  JsonObject *tables = json_object_get_object_member (setup, "tables");
  JsonArray *streets;

  self->rules = tk_session_get_rules (self->session);
  self->n_players = tk_session_get_n_players (self->session);
  if (tables != NULL)
    self->tables = json_object_ref (tables);
  else
    {
      /* a setup without tables plays the engine's defaults */
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
  build_players (self);
  build_turn (self);
  build_streets (self);
  build_bottom (self);
  g_signal_connect_object (self->session, "changed", G_CALLBACK (on_session_changed), self,
                           G_CONNECT_SWAPPED);
  clear_selection (self);
  /* start on the first sheet still to play */
  reload (self);
  if (acted (self, 0))
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
