/* tk-city-plan-panel.c — the City Plan bookkeeping panel: the turn (draw or manifestos, then
 * build or redraw), each player's city (power plants and the buildings in their rows, hand,
 * manifestos), the six income tiles and the score.
 *
 * Everything is drawn from the session's state and redrawn on TkSession::changed; the only
 * transient choices are the card being built (kept in TkCityPlanBuild) and a manifesto look
 * waiting for "keep one / keep none", both forgotten when the turn moves on.  Every change is
 * an engine action applied through tk_game_panel_apply().
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "panels/tk-colour-dot.h"
#include "panels/tk-turn-header.h"
#include "tk-game-panel.h"
#include "tk-city-plan-panel.h"
#include "tk-city-plan-build.h"
#include "tk-city-plan-cards.h"

struct _TkCityPlanPanel
{
  AdwBin      parent_instance;

  TkSession  *session;

  TkTurnHeader *turn_header;
  GtkWidget  *turn_content;
  GtkWidget  *deck_label;
  GtkWidget  *players_flow;
  GtkWidget  *tiles_note;
  GtkWidget  *tiles_list;
  GtkWidget  *score_note;
  GtkWidget  *score_flow;

  GtkWidget  *build;           /* kept across redraws (owned) */

  char       *draft_key;
  gboolean    manifesto_pending;   /* "look at manifestos" tapped, keep or not to answer */
  gboolean    redraw_pending;      /* "1 card and manifestos" tapped */

  /* What the last round's end did, told once after the action that ended it. */
  gint64      seen_round;          /* 0: nothing seen yet */
  guint       seen_fired;          /* mask of fired tiles */
  char       *round_news;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (TkCityPlanPanel, tk_city_plan_panel, ADW_TYPE_BIN)

static GParamSpec *properties[N_PROPS];

static void refresh (TkCityPlanPanel *self);

typedef struct
{
  JsonObject *json;      /* owned */
  JsonObject *game;
  JsonObject *setup;
  JsonObject *score;     /* owned */
  JsonArray  *cards;     /* owned */
  const char *phase;
  guint       active;
  guint       n_players;
  gint64      hand_limit;
  gint64      end_buildings;
} View;

/* ---- helpers ---- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static GtkWidget *
label_new (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Wrapping text asks for a modest width, so two cities fit side by side on a laptop. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
set_name (GtkWidget  *widget,
          const char *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
set_name (GtkWidget  *widget,
          const char *format,
          ...)
{
  va_list args;
  g_autofree char *name = NULL;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  gtk_widget_set_name (widget, name);
}

static const char *
seat_name (View *view,
           guint seat)
{
  return tk_rules_setup_player_name (view->setup, seat);
}

static JsonObject *
player_state (View *view,
              guint seat)
{
  return json_array_get_object_element (json_object_get_array_member (view->game, "players"),
                                        seat);
}

static gboolean
apply (TkCityPlanPanel *self,
       JsonObject      *action)
{
  return tk_game_panel_apply (GTK_WIDGET (self), self->session, action);
}

static GtkWidget *
action_button (const char *label,
               const char *name,
               gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_set_name (button, name);
  gtk_widget_add_css_class (button, "pill");
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  return button;
}

static GtkWidget *
button_row (void)
{
  GtkWidget *row = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 3);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 6);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (row), TRUE);
  return row;
}

/* Counts of one player's city, as the income tiles read them. */
typedef struct
{
  gint64 type[5];     /* residential, commercial, industrial, facility, power plant */
  gint64 eco;
  gint64 buildings;
} Counts;

static const char *const type_ids[] = { "residential", "commercial", "industrial", "facility",
                                        "power_plant" };

static void
count_city (JsonObject *player,
            Counts     *counts)
{
  JsonArray *plants = json_object_get_array_member (player, "plants");

  memset (counts, 0, sizeof *counts);
  for (guint p = 0; p < json_array_get_length (plants); p++)
    {
      JsonObject *plant = json_array_get_object_element (plants, p);
      JsonArray *row = json_object_get_array_member (plant, "buildings");

      counts->type[4]++;
      counts->eco += json_object_get_boolean_member_with_default (plant, "eco", FALSE);
      for (guint b = 0; b < json_array_get_length (row); b++)
        {
          JsonObject *building = json_array_get_object_element (row, b);
          const char *type = json_object_get_string_member (building, "type");

          for (guint t = 0; t < G_N_ELEMENTS (type_ids); t++)
            if (g_strcmp0 (type, type_ids[t]) == 0)
              counts->type[t]++;
          counts->eco += json_object_get_boolean_member_with_default (building, "eco", FALSE);
        }
    }
  counts->buildings = json_object_get_int_member (player, "buildings");
}

/* A "−  3  +" stepper that applies the action built by @make for the new value. */
typedef JsonObject *(*MakeAction) (gpointer data, gint64 value);

static void
stepper_clicked (GtkButton       *button,
                 TkCityPlanPanel *self)
{
  MakeAction make = g_object_get_data (G_OBJECT (button), "make");
  gpointer data = g_object_get_data (G_OBJECT (button), "data");
  gint64 value = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value"));
  g_autoptr(JsonObject) action = make (data, value);

  apply (self, action);
}

static GtkWidget *
stepper (TkCityPlanPanel *self,
         const char      *name,
         const char      *value_text,
         gint64           value,
         gint64           min,
         gint64           max,
         MakeAction       make,
         gpointer         data,
         GDestroyNotify   destroy,
         const char      *less,
         const char      *more)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *number = gtk_label_new (value_text);

  gtk_widget_add_css_class (box, "tk-stepper");
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (i == 0 ? "list-remove-symbolic"
                                                                : "list-add-symbolic");
      gint64 next = value + (i == 0 ? -1 : 1);

      gtk_widget_add_css_class (button, "circular");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, i == 0 ? less : more);
      set_name (button, "%s-%s", name, i == 0 ? "minus" : "plus");
      gtk_widget_set_sensitive (button, next >= min && next <= max);
      g_object_set_data (G_OBJECT (button), "make", make);
      if (destroy != NULL)
        g_object_set_data_full (G_OBJECT (button), "data", i == 0 ? data : g_strdup (data),
                                destroy);
      else
        g_object_set_data (G_OBJECT (button), "data", data);
      g_object_set_data (G_OBJECT (button), "value", GINT_TO_POINTER ((int) next));
      g_signal_connect (button, "clicked", G_CALLBACK (stepper_clicked), self);
      if (i == 1)
        {
          gtk_widget_add_css_class (number, "numeric");
          gtk_widget_add_css_class (number, "heading");
          gtk_label_set_width_chars (GTK_LABEL (number), 2);
          gtk_widget_set_name (number, name);
          gtk_box_append (GTK_BOX (box), number);
        }
      gtk_box_append (GTK_BOX (box), button);
    }
  return box;
}

/* ---- the turn ---- */

static void
simple_action (TkCityPlanPanel *self,
               const char      *type,
               const char      *bool_member,
               gboolean         bool_value,
               const char      *bool_member2,
               gboolean         bool_value2)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  if (bool_member != NULL)
    json_object_set_boolean_member (action, bool_member, bool_value);
  if (bool_member2 != NULL)
    json_object_set_boolean_member (action, bool_member2, bool_value2);
  apply (self, action);
}

static void
draw_clicked (TkCityPlanPanel *self)
{
  simple_action (self, "draw", NULL, FALSE, NULL, FALSE);
}

static void
manifesto_look_clicked (TkCityPlanPanel *self)
{
  self->manifesto_pending = TRUE;
  refresh (self);
}

static void
manifesto_keep_clicked (GtkButton       *button,
                        TkCityPlanPanel *self)
{
  gboolean keep = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "keep"));

  simple_action (self, "draw_manifesto", "keep", keep, NULL, FALSE);
}

static void
redraw_clicked (TkCityPlanPanel *self)
{
  simple_action (self, "redraw", NULL, FALSE, NULL, FALSE);
}

static void
redraw_manifesto_clicked (TkCityPlanPanel *self)
{
  self->redraw_pending = TRUE;
  refresh (self);
}

static void
redraw_keep_clicked (GtkButton       *button,
                     TkCityPlanPanel *self)
{
  gboolean keep = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "keep"));

  simple_action (self, "redraw", "manifesto", TRUE, "keep", keep);
}

static void
cancel_pending (TkCityPlanPanel *self)
{
  self->manifesto_pending = FALSE;
  self->redraw_pending = FALSE;
  refresh (self);
}

static void
build_requested (TkCityPlanPanel *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) action =
    tk_city_plan_build_make_action (TK_CITY_PLAN_BUILD (self->build), &error);

  if (action == NULL)
    {
      tk_game_panel_show_message (GTK_WIDGET (self), error->message);
      return;
    }
  apply (self, action);
}

/* "Keep One" / "Keep None" after looking at 4 manifestos. */
static void
add_keep_buttons (TkCityPlanPanel *self,
                  View            *view,
                  const char      *prefix,
                  GCallback        callback)
{
  GtkWidget *row = button_row ();
  GtkWidget *keep = action_button (_("Keep One"), "", TRUE);
  GtkWidget *none = action_button (_("Keep None"), "", FALSE);
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back"));

  set_name (keep, "%s-keep", prefix);
  set_name (none, "%s-none", prefix);
  gtk_widget_set_sensitive (keep, json_object_get_int_member (view->game, "manifesto_deck") > 0);
  g_object_set_data (G_OBJECT (keep), "keep", GINT_TO_POINTER (TRUE));
  g_object_set_data (G_OBJECT (none), "keep", GINT_TO_POINTER (FALSE));
  g_signal_connect (keep, "clicked", callback, self);
  g_signal_connect (none, "clicked", callback, self);
  gtk_widget_add_css_class (back, "flat");
  g_signal_connect_swapped (back, "clicked", G_CALLBACK (cancel_pending), self);
  gtk_flow_box_append (GTK_FLOW_BOX (row), keep);
  gtk_flow_box_append (GTK_FLOW_BOX (row), none);
  gtk_flow_box_append (GTK_FLOW_BOX (row), back);
  gtk_box_append (GTK_BOX (self->turn_content),
                  label_new (_("Look at the top 4 manifestos and keep at most one, face down; "
                               "the rest go back."), NULL));
  gtk_box_append (GTK_BOX (self->turn_content), row);
}

/* Why manifestos cannot be drawn now, or NULL. */
static const char *
manifesto_blocked (View       *view,
                   JsonObject *player)
{
  if (json_object_get_boolean_member (view->game, "manifesto_this_turn"))
    return _("Manifestos were already drawn this turn.");
  if (json_object_get_int_member (player, "manifestos") >= 2)
    return _("Two manifestos are already in front of this player.");
  return NULL;
}

static void
draw_turn (TkCityPlanPanel *self,
           View            *view)
{
  JsonObject *player;
  guint seat = view->active;
  g_autofree char *title = NULL;
  GString *notes;
  gint64 hand;
  guint next;

  if (gtk_widget_get_parent (self->build) != NULL)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->build)), self->build);
  clear_box (self->turn_content);

  if (g_str_equal (view->phase, "over"))
    {
      tk_turn_header_set_title (self->turn_header, _("The Game Is Over"));
      tk_turn_header_set_detail (self->turn_header,
                          _("Enter what each kept manifesto scores and how split points go; "
                            "the card at the top shows the result and finishes the game."));
      return;
    }

  player = player_state (view, seat);
  hand = json_object_get_int_member (player, "hand");
  /* Translators: e.g. "Round 3 · Ana’s turn". */
  title = g_strdup_printf (_("Round %" PRId64 " · %s’s turn"),
                           json_object_get_int_member (view->game, "round"), seat_name (view, seat));
  tk_turn_header_set_title (self->turn_header, title);

  if (g_str_equal (view->phase, "draw"))
    {
      gint64 draws = json_object_get_int_member (player, "draws_per_turn");
      const char *blocked = manifesto_blocked (view, player);

      tk_turn_header_set_detail (self->turn_header,
                          draws > 1
                          ? _("Start of the turn: draw, or look at manifestos (the stadium’s "
                              "cards come either way).")
                          : _("Start of the turn: draw a card, or look at manifestos."));
      if (self->manifesto_pending && blocked == NULL)
        add_keep_buttons (self, view, "cp-manifesto", G_CALLBACK (manifesto_keep_clicked));
      else
        {
          GtkWidget *row = button_row ();
          g_autofree char *draw_text =
            g_strdup_printf (g_dngettext (NULL, "Draw %" PRId64 " Card", "Draw %" PRId64 " Cards",
                                          draws), draws);
          GtkWidget *draw = action_button (draw_text, "cp-draw", TRUE);
          GtkWidget *look = action_button (_("Look at Manifestos"), "cp-manifestos", FALSE);

          g_signal_connect_swapped (draw, "clicked", G_CALLBACK (draw_clicked), self);
          g_signal_connect_swapped (look, "clicked", G_CALLBACK (manifesto_look_clicked), self);
          gtk_widget_set_sensitive (look, blocked == NULL);
          if (blocked != NULL)
            gtk_widget_set_tooltip_text (look, blocked);
          gtk_flow_box_append (GTK_FLOW_BOX (row), draw);
          gtk_flow_box_append (GTK_FLOW_BOX (row), look);
          gtk_box_append (GTK_BOX (self->turn_content), row);
        }
    }
  else
    {
      GtkWidget *instead, *row;

      tk_turn_header_set_detail (self->turn_header,
                          _("Build one card, or redraw instead. Either ends the turn."));
      tk_city_plan_build_set_player (TK_CITY_PLAN_BUILD (self->build), view->cards, player,
                                     seat_name (view, seat));
      gtk_box_append (GTK_BOX (self->turn_content), self->build);

      instead = label_new (_("Instead of Building"), "heading");
      gtk_widget_set_margin_top (instead, 6);
      gtk_box_append (GTK_BOX (self->turn_content), instead);
      if (self->redraw_pending && manifesto_blocked (view, player) == NULL)
        add_keep_buttons (self, view, "cp-redraw", G_CALLBACK (redraw_keep_clicked));
      else
        {
          GtkWidget *two = action_button (_("Redraw 2 Cards"), "cp-redraw", FALSE);
          GtkWidget *one = action_button (_("1 Card and Manifestos"), "cp-redraw-manifesto",
                                          FALSE);
          const char *blocked = manifesto_blocked (view, player);

          row = button_row ();
          g_signal_connect_swapped (two, "clicked", G_CALLBACK (redraw_clicked), self);
          g_signal_connect_swapped (one, "clicked", G_CALLBACK (redraw_manifesto_clicked), self);
          gtk_widget_set_sensitive (one, blocked == NULL);
          if (blocked != NULL)
            gtk_widget_set_tooltip_text (one, blocked);
          gtk_flow_box_append (GTK_FLOW_BOX (row), two);
          gtk_flow_box_append (GTK_FLOW_BOX (row), one);
          gtk_box_append (GTK_BOX (self->turn_content), row);
        }
    }

  notes = g_string_new (NULL);
  if (hand > view->hand_limit)
    g_string_append_printf (notes, g_dngettext (NULL,
                                                "%s holds %" PRId64 " cards: %" PRId64 " goes to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").",
                                                "%s holds %" PRId64 " cards: %" PRId64 " go to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").", hand - view->hand_limit),
                            seat_name (view, seat), hand, hand - view->hand_limit,
                            view->hand_limit);
  next = (seat + 1) % view->n_players;
  if (next == json_object_get_int_member (view->game, "first"))
    {
      if (notes->len > 0)
        g_string_append_c (notes, ' ');
      g_string_append_printf (notes, _("%s is the last of the round: after this turn the income "
                                       "tiles are checked."), seat_name (view, seat));
    }
  if (notes->len > 0)
    {
      GtkWidget *label = label_new (notes->str, hand > view->hand_limit ? "warning" : "dim-label");

      gtk_widget_set_name (label, "cp-turn-note");
      gtk_box_append (GTK_BOX (self->turn_content), label);
    }
  g_string_free (notes, TRUE);
}

/* ---- the cities ---- */

typedef struct
{
  guint seat;
  guint uid;
  char *first_type;
} SplitData;

static JsonObject *
make_manifesto (gpointer data,
                gint64   value)
{
  const char *key = data;     /* "seat:slot" */
  JsonObject *action = json_object_new ();
  guint seat = 0, slot = 0;

  sscanf (key, "%u:%u", &seat, &slot);
  json_object_set_string_member (action, "type", "manifesto_points");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "slot", slot);
  json_object_set_int_member (action, "points", value);
  return action;
}

static JsonObject *
make_split (gpointer data,
            gint64   value)
{
  const char *key = data;     /* "seat:uid:first_type" */
  JsonObject *action = json_object_new ();
  guint seat = 0, uid = 0;
  char type[32] = "";

  sscanf (key, "%u:%u:%31s", &seat, &uid, type);
  json_object_set_string_member (action, "type", "split");
  json_object_set_int_member (action, "seat", seat);
  json_object_set_int_member (action, "building", uid);
  json_object_set_int_member (action, type, value);
  return action;
}

static GtkWidget *
building_row (TkCityPlanPanel *self,
              View            *view,
              guint            seat,
              JsonObject      *building)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  const char *type = json_object_get_string_member (building, "type");
  gint64 points = json_object_get_int_member (building, "points");
  gint64 power = json_object_get_int_member (building, "power");
  g_autofree char *line = NULL;
  GtkWidget *label;

  /* Translators: a building in a plant's row, e.g. "Houses · Residential · 4 points · power 1". */
  line = g_strdup_printf (g_dngettext (NULL, "%s · %s · %" PRId64 " point · power %" PRId64,
                                       "%s · %s · %" PRId64 " points · power %" PRId64, points),
                          json_object_get_string_member (building, "name"),
                          tk_city_plan_type_label (type), points, power);
  label = label_new (line, NULL);
  if (json_object_get_boolean_member_with_default (building, "eco", FALSE))
    {
      g_autofree char *eco = g_strdup_printf ("%s · %s", line, _("eco"));
      gtk_label_set_text (GTK_LABEL (label), eco);
    }
  set_name (label, "cp-building-%" PRId64, json_object_get_int_member (building, "uid"));
  gtk_box_append (GTK_BOX (row), label);

  if (json_object_has_member (building, "split"))
    {
      JsonArray *split = json_object_get_array_member (building, "split");
      const char *first = json_array_get_string_element (split, 0);
      const char *second = json_array_get_string_element (split, 1);
      gboolean chosen = json_object_has_member (building, "split_first");
      gint64 value = chosen ? json_object_get_int_member (building, "split_first") : points / 2;
      guint uid = json_object_get_int_member (building, "uid");
      GtkWidget *line_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *first_text = g_strdup_printf ("%s", tk_city_plan_type_label (first));
      g_autofree char *second_text = NULL;
      g_autofree char *value_text = chosen ? g_strdup_printf ("%" PRId64, value)
                                           : g_strdup (_("best"));
      g_autofree char *key = g_strdup_printf ("%u:%u:%s", seat, uid, first);
      g_autofree char *name = g_strdup_printf ("cp-split-%u", uid);
      g_autofree char *less = g_strdup_printf (_("One Point Less to %s"),
                                               tk_city_plan_type_label (first));
      g_autofree char *more = g_strdup_printf (_("One Point More to %s"),
                                               tk_city_plan_type_label (first));

      if (chosen)
        second_text = g_strdup_printf ("%s %" PRId64, tk_city_plan_type_label (second),
                                       points - value);
      else
        /* Translators: split points not chosen yet, e.g. "Industrial: the rest". */
        second_text = g_strdup_printf (_("%s: the rest"), tk_city_plan_type_label (second));
      {
        GtkWidget *first_label = gtk_label_new (first_text);
        gtk_widget_add_css_class (first_label, "dim-label");
        gtk_box_append (GTK_BOX (line_box), first_label);
      }
      gtk_box_append (GTK_BOX (line_box),
                      stepper (self, name, value_text, chosen ? value : points / 2 + 0,
                               0, MAX (points, 0), make_split, g_steal_pointer (&key), g_free,
                               less, more));
      {
        GtkWidget *rest = label_new (second_text, "dim-label");

        gtk_widget_add_css_class (rest, "caption");
        if (!chosen)
          gtk_widget_set_tooltip_text (rest, _("Until the player chooses, the points go the way "
                                               "that gives the best development bonus."));
        gtk_widget_set_hexpand (rest, TRUE);
        gtk_box_append (GTK_BOX (line_box), rest);
      }
      gtk_box_append (GTK_BOX (row), line_box);
    }
  return row;
}

static void
draw_players (TkCityPlanPanel *self,
              View            *view)
{
  g_autofree char *deck = g_strdup_printf (_("Deck %" PRId64 " · discard %" PRId64
                                             " · manifestos %" PRId64),
                                           json_object_get_int_member (view->game, "deck"),
                                           json_object_get_int_member (view->game, "discard"),
                                           json_object_get_int_member (view->game, "manifesto_deck"));
  gboolean over = g_str_equal (view->phase, "over");

  gtk_label_set_text (GTK_LABEL (self->deck_label), deck);
  clear_box (self->players_flow);
  for (guint seat = 0; seat < view->n_players; seat++)
    {
      JsonObject *player = player_state (view, seat);
      JsonArray *plants = json_object_get_array_member (player, "plants");
      JsonArray *manifesto_points = json_object_get_array_member (player, "manifesto_points");
      gint64 hand = json_object_get_int_member (player, "hand");
      gint64 manifestos = json_object_get_int_member (player, "manifestos");
      Counts counts;
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name, *hand_label, *counts_label;
      g_autofree char *hand_text = NULL;
      g_autofree char *counts_text = NULL;

      count_city (player, &counts);
      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-city-plan-city");
      if (!over && seat == view->active)
        gtk_widget_add_css_class (card, "tk-city-plan-active");

      gtk_box_append (GTK_BOX (head),
                      tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, seat)));
      name = gtk_label_new (seat_name (view, seat));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      {
        /* Translators: e.g. "7 of 10 buildings". */
        g_autofree char *text = g_strdup_printf (_("%" PRId64 " of %" PRId64 " buildings"),
                                                 counts.buildings, view->end_buildings);
        GtkWidget *built = gtk_label_new (text);

        gtk_widget_add_css_class (built, "numeric");
        if (counts.buildings >= view->end_buildings)
          gtk_widget_add_css_class (built, "accent");
        set_name (built, "cp-built-%u", seat);
        gtk_box_append (GTK_BOX (head), built);
      }
      gtk_box_append (GTK_BOX (card), head);

      /* The limit is applied at a round's end; after the last round it no longer matters. */
      if (!over && hand > view->hand_limit)
        /* Translators: e.g. "9 cards in hand — over the limit of 8". */
        hand_text = g_strdup_printf (_("%" PRId64 " cards in hand — over the limit of %" PRId64),
                                     hand, view->hand_limit);
      else
        hand_text = g_strdup_printf (g_dngettext (NULL, "%" PRId64 " card in hand",
                                                  "%" PRId64 " cards in hand", hand), hand);
      hand_label = label_new (hand_text, !over && hand > view->hand_limit ? "warning" : NULL);
      set_name (hand_label, "cp-hand-%u", seat);
      gtk_box_append (GTK_BOX (card), hand_label);

      /* Translators: a city's buildings by type. */
      counts_text = g_strdup_printf (_("Residential %" PRId64 " · Commercial %" PRId64
                                       " · Industrial %" PRId64 " · Facilities %" PRId64
                                       " · Plants %" PRId64),
                                     counts.type[0], counts.type[1], counts.type[2],
                                     counts.type[3], counts.type[4]);
      counts_label = label_new (counts_text, "caption");
      gtk_widget_add_css_class (counts_label, "dim-label");
      set_name (counts_label, "cp-counts-%u", seat);
      gtk_box_append (GTK_BOX (card), counts_label);

      /* Power plants and their rows. */
      for (guint p = 0; p < json_array_get_length (plants); p++)
        {
          JsonObject *plant = json_array_get_object_element (plants, p);
          JsonArray *row = json_object_get_array_member (plant, "buildings");
          guint uid = json_object_get_int_member (plant, "uid");
          gint64 supply = json_object_get_int_member (plant, "supply");
          gint64 used = json_object_get_int_member (plant, "used");
          GtkWidget *plant_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
          GtkWidget *plant_head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          GtkWidget *plant_name, *power, *bar;
          /* Translators: a power plant, e.g. "Plant 1 · Starting power plant". */
          g_autofree char *plant_text = g_strdup_printf (_("Plant %u · %s"), uid,
                                                         json_object_get_string_member (plant, "name"));
          /* Translators: power used of a plant's supply, e.g. "3 of 5 power". */
          g_autofree char *power_text = g_strdup_printf (_("%" PRId64 " of %" PRId64 " power"),
                                                         used, supply);

          gtk_widget_add_css_class (plant_box, "tk-city-plan-plant");
          plant_name = label_new (plant_text, "heading");
          gtk_widget_set_hexpand (plant_name, TRUE);
          gtk_box_append (GTK_BOX (plant_head), plant_name);
          power = gtk_label_new (power_text);
          gtk_widget_add_css_class (power, "numeric");
          set_name (power, "cp-plant-%u-power", uid);
          gtk_box_append (GTK_BOX (plant_head), power);
          gtk_box_append (GTK_BOX (plant_box), plant_head);
          bar = gtk_level_bar_new_for_interval (0, MAX (supply, 1));
          gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), MIN (used, MAX (supply, 1)));
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
          gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
          gtk_box_append (GTK_BOX (plant_box), bar);
          for (guint b = 0; b < json_array_get_length (row); b++)
            gtk_box_append (GTK_BOX (plant_box),
                            building_row (self, view, seat, json_array_get_object_element (row, b)));
          if (json_array_get_length (row) == 0)
            gtk_box_append (GTK_BOX (plant_box), label_new (_("Nothing in this row yet"),
                                                            "dim-label"));
          gtk_box_append (GTK_BOX (card), plant_box);
        }

      /* Manifestos in front (at most 2), with what each scores. */
      {
        g_autofree char *text = g_strdup_printf (_("Manifestos: %" PRId64 " of 2"), manifestos);
        GtkWidget *label = label_new (text, "heading");

        set_name (label, "cp-manifestos-%u", seat);
        gtk_box_append (GTK_BOX (card), label);
      }
      for (guint slot = 0; slot < manifestos && slot < 2; slot++)
        {
          gint64 points = json_array_get_int_element (manifesto_points, slot);
          GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          g_autofree char *title = g_strdup_printf (_("Manifesto %u scores"), slot + 1);
          g_autofree char *value = g_strdup_printf ("%" PRId64, points);
          g_autofree char *name_text = g_strdup_printf ("cp-manifesto-%u-%u", seat, slot);
          g_autofree char *key = g_strdup_printf ("%u:%u", seat, slot);
          GtkWidget *title_label = label_new (title, "dim-label");

          gtk_widget_set_hexpand (title_label, TRUE);
          gtk_box_append (GTK_BOX (line), title_label);
          gtk_box_append (GTK_BOX (line),
                          stepper (self, name_text, value, points, -99, 99, make_manifesto,
                                   g_steal_pointer (&key), g_free, _("One Point Less"),
                                   _("One Point More")));
          gtk_box_append (GTK_BOX (card), line);
        }
      gtk_flow_box_append (GTK_FLOW_BOX (self->players_flow), card);
    }
}

/* ---- income tiles ---- */

static const char *
tile_title (const char *id)
{
  if (g_str_equal (id, "resident"))
    return _("Resident tax");
  if (g_str_equal (id, "consumption"))
    return _("Consumption tax");
  if (g_str_equal (id, "business"))
    return _("Business tax");
  if (g_str_equal (id, "income_tax"))
    return _("Income tax");
  if (g_str_equal (id, "eco"))
    return _("Eco subsidy");
  return _("Subsidy");
}

/* What a city counts for tile @id, as the engine reads it (resident: residential buildings,
 * …, income tax: kinds of district present, eco: eco buildings, subsidy: all buildings). */
static gint64
tile_count (const char   *id,
            const Counts *c)
{
  if (g_str_equal (id, "resident"))
    return c->type[0];
  if (g_str_equal (id, "consumption"))
    return c->type[1];
  if (g_str_equal (id, "business"))
    return c->type[2];
  if (g_str_equal (id, "income_tax"))
    return (c->type[0] > 0) + (c->type[1] > 0) + (c->type[2] > 0);
  if (g_str_equal (id, "eco"))
    return c->eco;
  return c->buildings;
}

static void
draw_tiles (TkCityPlanPanel *self,
            View            *view)
{
  JsonArray *tiles = json_object_get_array_member (view->game, "income_tiles");
  JsonObject *thresholds = json_object_has_member (view->setup, "income_tiles")
                           ? json_object_get_object_member (view->setup, "income_tiles") : NULL;
  gboolean everyone = g_strcmp0 (json_object_get_string_member_with_default (view->setup,
                                                                             "income_draws",
                                                                             "everyone"),
                                 "trigger") != 0;
  gint64 subsidy_max = thresholds != NULL
                       ? json_object_get_int_member_with_default (thresholds,
                                                                  "subsidy_max_buildings", 6) : 6;
  gint64 subsidy_cards = thresholds != NULL
                         ? json_object_get_int_member_with_default (thresholds, "subsidy_cards", 2)
                         : 2;
  Counts counts[5];

  gtk_label_set_text (GTK_LABEL (self->tiles_note),
                      _("Checked in order at each round’s end; each fires once a game"));
  for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
    count_city (player_state (view, seat), &counts[seat]);
  clear_box (self->tiles_list);
  for (guint t = 0; t < json_array_get_length (tiles); t++)
    {
      JsonObject *tile = json_array_get_object_element (tiles, t);
      const char *id = json_object_get_string_member (tile, "tile");
      gboolean fired = json_object_get_boolean_member (tile, "fired");
      JsonArray *draws = json_object_get_array_member (tile, "draws");
      const gint64 defaults[] = { 3, 3, 3, 3, 2, 8 };
      gint64 threshold = thresholds != NULL
                         ? json_object_get_int_member_with_default (thresholds, id, defaults[MIN (t, 5)])
                         : defaults[MIN (t, 5)];
      const char *title;
      g_autofree char *condition = NULL;
      GString *status = g_string_new (NULL);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *badge;
      gboolean holds = FALSE;
      gint64 n[5] = { 0 };

      if (g_str_equal (id, "resident"))
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " residential buildings"), threshold);
        }
      else if (g_str_equal (id, "consumption"))
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " commercial buildings"), threshold);
        }
      else if (g_str_equal (id, "business"))
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " industrial buildings"), threshold);
        }
      else if (g_str_equal (id, "income_tax"))
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " of the residential, commercial and "
                                         "industrial kinds"), threshold);
        }
      else if (g_str_equal (id, "eco"))
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " eco buildings"), threshold);
        }
      else
        {
          title = tile_title (id);
          condition = g_strdup_printf (_("%" PRId64 " buildings; then %" PRId64 " cards to each "
                                         "player with at most %" PRId64), threshold,
                                       subsidy_cards, subsidy_max);
        }

      /* What each player's city counts for this tile, and what they would draw. */
      for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
        {
          gint64 count = tile_count (id, &counts[seat]);

          if (count >= threshold)
            holds = TRUE;
          if (g_str_equal (id, "subsidy"))
            n[seat] = counts[seat].buildings <= subsidy_max ? subsidy_cards : 0;
          else
            n[seat] = everyone || count >= threshold ? count : 0;
        }

      if (fired)
        {
          g_string_append (status, _("Fired:"));
          for (guint seat = 0; seat < view->n_players; seat++)
            {
              gint64 drew = json_array_get_int_element (draws, seat);

              g_string_append_c (status, ' ');
              /* Translators: what a player drew when a tile fired, e.g. "Ana drew 3". */
              g_string_append_printf (status, _("%s drew %" PRId64), seat_name (view, seat), drew);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }
      else if (holds)
        {
          g_string_append (status, _("Fires at the end of this round:"));
          for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
            {
              g_string_append_c (status, ' ');
              /* Translators: what a player will draw, e.g. "Ana draws 3". */
              g_string_append_printf (status, _("%s draws %" PRId64), seat_name (view, seat),
                                      n[seat]);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }
      else
        {
          /* Translators: each player's count for a tile not fired yet, e.g. "Now: Ana 1, Ben 0". */
          g_string_append (status, _("Now:"));
          for (guint seat = 0; seat < view->n_players && seat < 5; seat++)
            {
              gint64 count = tile_count (id, &counts[seat]);

              g_string_append_printf (status, " %s %" PRId64, seat_name (view, seat), count);
              if (seat + 1 < view->n_players)
                g_string_append (status, _(","));
            }
        }

      {
        g_autofree char *subtitle = g_strdup_printf ("%s\n%s", condition, status->str);

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
      }
      badge = gtk_label_new (fired ? _("Fired") : holds ? _("Fires") : _("Waiting"));
      gtk_widget_add_css_class (badge, "tk-city-plan-tile");
      gtk_widget_add_css_class (badge, fired ? "tk-city-plan-tile-fired"
                                : holds ? "tk-city-plan-tile-due" : "dim-label");
      set_name (badge, "cp-tile-%s", id);
      gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), badge);
      set_name (row, "cp-tile-row-%s", id);
      gtk_list_box_append (GTK_LIST_BOX (self->tiles_list), row);
      g_string_free (status, TRUE);
    }
}

/* ---- score ---- */

static void
draw_score (TkCityPlanPanel *self,
            View            *view)
{
  JsonArray *players = json_object_get_array_member (view->score, "players");
  g_autofree char *note = g_strdup_printf (_("The game ends at the end of a round with %" PRId64
                                             " buildings"), view->end_buildings);
  gboolean tie = FALSE;

  gtk_label_set_text (GTK_LABEL (self->score_note), note);
  for (guint i = 0; i < json_array_get_length (players); i++)
    for (guint j = i + 1; j < json_array_get_length (players); j++)
      if (json_object_get_int_member (json_array_get_object_element (players, i), "total") ==
          json_object_get_int_member (json_array_get_object_element (players, j), "total"))
        tie = TRUE;

  clear_box (self->score_flow);
  for (guint seat = 0; seat < json_array_get_length (players); seat++)
    {
      JsonObject *player = json_array_get_object_element (players, seat);
      JsonArray *breakdown = json_object_get_array_member (player, "breakdown");
      JsonObject *districts = json_object_get_object_member (player, "districts");
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *grid = gtk_grid_new ();
      GtkWidget *name, *total;
      g_autofree char *total_text = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (player, "total"));
      /* Translators: a player's place, e.g. "Rank 1". */
      g_autofree char *rank_text = g_strdup_printf (_("Rank %" PRId64),
                                                    json_object_get_int_member (player, "rank"));
      GtkWidget *rank;

      gtk_widget_add_css_class (card, "card");
      gtk_widget_add_css_class (card, "tk-city-plan-score");
      gtk_box_append (GTK_BOX (head),
                      tk_colour_dot_new (tk_rules_setup_player_colour (view->setup, seat)));
      name = gtk_label_new (json_object_get_string_member (player, "name"));
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (head), name);
      rank = gtk_label_new (rank_text);
      gtk_widget_add_css_class (rank, "dim-label");
      set_name (rank, "cp-score-%u-rank", seat);
      gtk_box_append (GTK_BOX (head), rank);
      gtk_box_append (GTK_BOX (card), head);

      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
      for (guint l = 0; l < json_array_get_length (breakdown); l++)
        {
          JsonObject *line = json_array_get_object_element (breakdown, l);
          GtkWidget *label = label_new (json_object_get_string_member (line, "label"), NULL);
          g_autofree char *points = g_strdup_printf ("%" PRId64,
                                                     json_object_get_int_member (line, "points"));
          GtkWidget *value = gtk_label_new (points);

          gtk_widget_set_hexpand (label, TRUE);
          gtk_label_set_xalign (GTK_LABEL (value), 1);
          gtk_widget_add_css_class (value, "numeric");
          set_name (label, "cp-score-%u-label-%u", seat, l);
          set_name (value, "cp-score-%u-line-%u", seat, l);
          gtk_grid_attach (GTK_GRID (grid), label, 0, l, 1, 1);
          gtk_grid_attach (GTK_GRID (grid), value, 1, l, 1, 1);
        }
      gtk_box_append (GTK_BOX (card), grid);
      {
        /* Translators: the district sums behind the development bonus. */
        g_autofree char *text = g_strdup_printf (_("Development: the lowest of residential %"
                                                   PRId64 ", commercial %" PRId64
                                                   ", industrial %" PRId64),
                                                 json_object_get_int_member (districts, "residential"),
                                                 json_object_get_int_member (districts, "commercial"),
                                                 json_object_get_int_member (districts, "industrial"));
        GtkWidget *label = label_new (text, "caption");

        gtk_widget_add_css_class (label, "dim-label");
        set_name (label, "cp-score-%u-districts", seat);
        gtk_box_append (GTK_BOX (card), label);
      }
      total = gtk_label_new (total_text);
      gtk_label_set_xalign (GTK_LABEL (total), 1);
      gtk_widget_add_css_class (total, "title-2");
      gtk_widget_add_css_class (total, "numeric");
      set_name (total, "cp-score-%u-total", seat);
      gtk_box_append (GTK_BOX (card), total);
      if (tie)
        {
          /* Translators: the tie-breaks, e.g. "Ties: 7 buildings, 5 cards in hand". */
          g_autofree char *text = g_strdup_printf (_("Ties: %" PRId64 " buildings, %" PRId64
                                                     " cards in hand"),
                                                   json_object_get_int_member (player, "buildings"),
                                                   json_object_get_int_member (player, "hand"));
          GtkWidget *label = label_new (text, "caption");

          set_name (label, "cp-score-%u-ties", seat);
          gtk_box_append (GTK_BOX (card), label);
        }
      gtk_flow_box_append (GTK_FLOW_BOX (self->score_flow), card);
    }
}

/* ---- redraw ---- */

/* When an action ends a round, says which tiles fired and who drew what (the tiles list
 * keeps it too); undo or another turn clears it. */
static void
update_round_news (TkCityPlanPanel *self,
                   View            *view)
{
  JsonArray *tiles = json_object_get_array_member (view->game, "income_tiles");
  gint64 round = json_object_get_int_member (view->game, "round");
  gboolean over = g_str_equal (view->phase, "over");
  guint fired = 0;

  for (guint t = 0; t < json_array_get_length (tiles); t++)
    if (json_object_get_boolean_member (json_array_get_object_element (tiles, t), "fired"))
      fired |= 1u << t;

  if (self->seen_round > 0 && (round > self->seen_round || (over && fired != self->seen_fired)))
    {
      GString *news = g_string_new (NULL);
      gint64 ended = over ? round : round - 1;

      /* Translators: e.g. "Round 3 ended." */
      g_string_printf (news, _("Round %" PRId64 " ended."), ended);
      for (guint t = 0; t < json_array_get_length (tiles); t++)
        {
          JsonObject *tile = json_array_get_object_element (tiles, t);
          JsonArray *draws = json_object_get_array_member (tile, "draws");

          if (!(fired & ~self->seen_fired & (1u << t)))
            continue;
          g_string_append_c (news, ' ');
          /* Translators: a tile that fired, e.g. "Resident tax fired:". */
          g_string_append_printf (news, _("%s fired:"),
                                  tile_title (json_object_get_string_member (tile, "tile")));
          for (guint seat = 0; seat < view->n_players; seat++)
            {
              g_string_append_c (news, ' ');
              g_string_append_printf (news, _("%s drew %" PRId64), seat_name (view, seat),
                                      json_array_get_int_element (draws, seat));
              g_string_append (news, seat + 1 < view->n_players ? _(",") : _("."));
            }
        }
      if ((fired & ~self->seen_fired) == 0)
        {
          g_string_append_c (news, ' ');
          g_string_append (news, _("No income tile fired."));
        }
      g_free (self->round_news);
      self->round_news = g_string_free (news, FALSE);
    }
  else if (self->seen_round > 0 && (round != self->seen_round || fired != self->seen_fired ||
                                    !g_str_equal (view->phase, "draw")))
    g_clear_pointer (&self->round_news, g_free);
  self->seen_round = round;
  self->seen_fired = fired;
}

static void
refresh (TkCityPlanPanel *self)
{
  View view = { 0 };
  g_autofree char *key = NULL;

  if (self->session == NULL)
    return;
  view.json = tk_session_to_json (self->session);
  view.game = json_object_get_object_member (view.json, "game");
  view.setup = tk_session_get_setup (self->session);
  view.score = tk_session_score (self->session);
  view.cards = json_object_has_member (view.setup, "cards")
               ? json_array_ref (json_object_get_array_member (view.setup, "cards"))
               : tk_city_plan_cards_shipped ();
  view.phase = json_object_get_string_member (view.game, "phase");
  view.active = json_object_get_int_member (view.game, "active");
  view.n_players = json_array_get_length (json_object_get_array_member (view.game, "players"));
  view.hand_limit = json_object_get_int_member_with_default (view.setup, "hand_limit", 8);
  view.end_buildings = json_object_get_int_member_with_default (view.setup, "end_buildings", 10);

  /* Transient choices belong to one moment: the same turn and phase. */
  key = g_strdup_printf ("%s/%u/%" PRId64 "/%" PRId64, view.phase, view.active,
                         json_object_get_int_member (view.game, "round"),
                         json_object_get_int_member (view.game, "next_uid"));
  if (g_strcmp0 (key, self->draft_key) != 0)
    {
      g_free (self->draft_key);
      self->draft_key = g_steal_pointer (&key);
      self->manifesto_pending = FALSE;
      self->redraw_pending = FALSE;
      tk_city_plan_build_reset (TK_CITY_PLAN_BUILD (self->build));
    }

  update_round_news (self, &view);
  draw_turn (self, &view);
  if (self->round_news != NULL)
    {
      GtkWidget *news = label_new (self->round_news, "tk-city-plan-news");

      gtk_widget_set_name (news, "cp-round-news");
      gtk_box_prepend (GTK_BOX (self->turn_content), news);
    }
  draw_players (self, &view);
  draw_tiles (self, &view);
  draw_score (self, &view);

  json_array_unref (view.cards);
  json_object_unref (view.json);
  json_object_unref (view.score);
}

/* ---- object ---- */

static void
tk_city_plan_panel_constructed (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->constructed (object);

  if (self->session != NULL)
    {
      g_signal_connect_object (self->session, "changed", G_CALLBACK (refresh), self,
                               G_CONNECT_SWAPPED);
      refresh (self);
    }
}

static void
tk_city_plan_panel_dispose (GObject *object)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_CITY_PLAN_PANEL);
  if (self->build != NULL && gtk_widget_get_parent (self->build) != NULL)
    gtk_widget_unparent (self->build);
  g_clear_object (&self->build);
  g_clear_object (&self->session);
  g_clear_pointer (&self->draft_key, g_free);
  g_clear_pointer (&self->round_news, g_free);

  G_OBJECT_CLASS (tk_city_plan_panel_parent_class)->dispose (object);
}

static void
tk_city_plan_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

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
tk_city_plan_panel_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TkCityPlanPanel *self = TK_CITY_PLAN_PANEL (object);

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
tk_city_plan_panel_class_init (TkCityPlanPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tk_city_plan_panel_constructed;
  object_class->dispose = tk_city_plan_panel_dispose;
  object_class->get_property = tk_city_plan_panel_get_property;
  object_class->set_property = tk_city_plan_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, TK_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TK_TYPE_TURN_HEADER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, turn_header);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, turn_content);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, deck_label);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, players_flow);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, tiles_note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, tiles_list);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, score_note);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanPanel, score_flow);
}

static void
tk_city_plan_panel_init (TkCityPlanPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->build = g_object_ref_sink (tk_city_plan_build_new ());
  g_signal_connect_swapped (self->build, "build", G_CALLBACK (build_requested), self);
}
