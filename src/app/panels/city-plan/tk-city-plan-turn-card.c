/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-city-plan-turn-card.c — the City Plan panel's turn card: what the last round's end did,
 * then draw or look at the manifestos, then build (TkCityPlanBuild, a part of its own) or
 * redraw, keeping one manifesto or none, and the notes on the hand limit and the round's end.
 *
 * Every widget is in the template and only shown, hidden and relabelled on each
 * TkCityPlanModel::changed; the buttons activate the card's "turn." actions, which ask the
 * model (an engine action, or a transient choice such as "look at manifestos").
 */
#define G_LOG_DOMAIN "tk-city-plan-panel"

#include "config.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "panels/tk-panel-widgets.h"
#include "panels/tk-turn-header.h"
#include "tk-city-plan-build.h"
#include "tk-city-plan-turn-card.h"

struct _TkCityPlanTurnCard
{
  TkPanelPart      parent_instance;

  TkTurnHeader    *header;
  GtkWidget       *content;
  GtkWidget       *news;
  GtkWidget       *draw_row;
  GtkWidget       *draw;
  GtkWidget       *look;
  GtkWidget       *build;
  GtkWidget       *instead;
  GtkWidget       *redraw_row;
  GtkWidget       *redraw_manifesto;
  GtkWidget       *keep_label;
  GtkWidget       *keep_row;
  GtkWidget       *keep;
  GtkWidget       *keep_none;
  GtkWidget       *note;
};

G_DEFINE_FINAL_TYPE (TkCityPlanTurnCard, tk_city_plan_turn_card, TK_TYPE_PANEL_PART)

static TkCityPlanModel *
get_model (gpointer self)
{
  return TK_CITY_PLAN_MODEL (tk_panel_part_get_model (TK_PANEL_PART (self)));
}

static const char *
seat_name (TkCityPlanTurnCard *self,
           guint               seat)
{
  return tk_city_plan_player_get_name (tk_city_plan_model_get_player (get_model (self), seat));
}

/* What the last round's end did, told once after the action that ended it. */
static char *
round_news (TkCityPlanTurnCard *self)
{
  gint64 ended = tk_city_plan_model_get_round_ended (get_model (self));
  guint fired = tk_city_plan_model_get_round_fired (get_model (self));
  guint n_players = tk_city_plan_model_get_n_players (get_model (self));
  GString *news;

  if (ended == 0)
    return NULL;
  news = g_string_new (NULL);
  /* Translators: e.g. "Round 3 ended." */
  g_string_printf (news, _("Round %" PRId64 " ended."), ended);
  for (guint t = 0; t < TK_CITY_PLAN_N_TILES; t++)
    {
      TkCityPlanTile *tile;

      if (!(fired & (1u << t)))
        continue;
      tile = tk_city_plan_model_get_tile (get_model (self), t);
      g_string_append_c (news, ' ');
      /* Translators: a tile that fired, e.g. "Resident tax fired:". */
      g_string_append_printf (news, _("%s fired:"), tk_city_plan_tile_get_title (tile));
      for (guint seat = 0; seat < n_players; seat++)
        {
          g_string_append_c (news, ' ');
          g_string_append_printf (news, _("%s drew %" PRId64), seat_name (self, seat),
                                  tk_city_plan_tile_get_draws (tile, seat));
          g_string_append (news, seat + 1 < n_players ? _(",") : _("."));
        }
    }
  if (fired == 0)
    {
      g_string_append_c (news, ' ');
      g_string_append (news, _("No income tile fired."));
    }
  return g_string_free (news, FALSE);
}

static void
patch_keep (TkCityPlanTurnCard *self,
            const char         *prefix)
{
  g_autofree char *keep = g_strdup_printf ("%s-keep", prefix);
  g_autofree char *none = g_strdup_printf ("%s-none", prefix);

  gtk_widget_set_name (self->keep, keep);
  gtk_widget_set_name (self->keep_none, none);
  gtk_widget_set_sensitive (self->keep, tk_city_plan_model_get_manifesto_deck (get_model (self)) > 0);
}

static void
patch_contents (TkCityPlanTurnCard *self)
{
  TkCityPlanPhase phase = tk_city_plan_model_get_phase (get_model (self));
  guint seat = tk_city_plan_model_get_active (get_model (self));
  gint64 limit = tk_city_plan_model_get_hand_limit (get_model (self));
  gpointer state = tk_city_plan_model_peek_state (get_model (self));
  g_autofree char *news = round_news (self);
  g_autofree char *title = NULL;
  g_autoptr(GError) blocked = NULL;
  JsonObject *player;
  gboolean keeping = FALSE;
  gint64 hand, over_limit;
  GString *notes;

  gtk_label_set_text (GTK_LABEL (self->news), news);
  gtk_widget_set_visible (self->news, news != NULL);

  if (phase == TK_CITY_PLAN_PHASE_OVER)
    {
      tk_turn_header_set_title (self->header, _("The Game Is Over"));
      tk_turn_header_set_detail (self->header,
                                 _("Enter what each kept manifesto scores and how split points "
                                   "go; the card at the top shows the result and finishes the "
                                   "game."));
      gtk_widget_set_visible (self->draw_row, FALSE);
      gtk_widget_set_visible (self->build, FALSE);
      gtk_widget_set_visible (self->instead, FALSE);
      gtk_widget_set_visible (self->redraw_row, FALSE);
      gtk_widget_set_visible (self->keep_label, FALSE);
      gtk_widget_set_visible (self->keep_row, FALSE);
      gtk_widget_set_visible (self->note, FALSE);
      return;
    }

  player = tk_city_plan_model_get_player_state (get_model (self), seat);
  hand = tk_city_plan_player_get_hand (tk_city_plan_model_get_player (get_model (self), seat));
  over_limit = MAX (tk_city_plan_rules_over_limit (state, seat), 0);
  tk_city_plan_rules_may_draw_manifestos (state, &blocked);
  /* Translators: e.g. "Round 3 · Ana’s turn". */
  title = g_strdup_printf (_("Round %" PRId64 " · %s’s turn"),
                           tk_city_plan_model_get_round (get_model (self)), seat_name (self, seat));
  tk_turn_header_set_title (self->header, title);

  if (phase == TK_CITY_PLAN_PHASE_DRAW)
    {
      gint64 draws = json_object_get_int_member (player, "draws_per_turn");
      g_autofree char *draw_text =
        g_strdup_printf (g_dngettext (NULL, "Draw %" PRId64 " Card", "Draw %" PRId64 " Cards",
                                      draws), draws);

      tk_turn_header_set_detail (self->header,
                                 draws > 1
                                 ? _("Start of the turn: draw, or look at manifestos (the "
                                     "stadium’s cards come either way).")
                                 : _("Start of the turn: draw a card, or look at manifestos."));
      keeping = tk_city_plan_model_get_manifesto_pending (get_model (self)) && blocked == NULL;
      gtk_button_set_label (GTK_BUTTON (self->draw), draw_text);
      gtk_widget_set_sensitive (self->look, blocked == NULL);
      gtk_widget_set_tooltip_text (self->look, blocked != NULL ? blocked->message : NULL);
      if (keeping)
        patch_keep (self, "cp-manifesto");
      gtk_widget_set_visible (self->draw_row, !keeping);
      gtk_widget_set_visible (self->build, FALSE);
      gtk_widget_set_visible (self->instead, FALSE);
      gtk_widget_set_visible (self->redraw_row, FALSE);
    }
  else
    {
      tk_turn_header_set_detail (self->header,
                                 _("Build one card, or redraw instead. Either ends the turn."));
      keeping = tk_city_plan_model_get_redraw_pending (get_model (self)) && blocked == NULL;
      gtk_widget_set_sensitive (self->redraw_manifesto, blocked == NULL);
      gtk_widget_set_tooltip_text (self->redraw_manifesto,
                                   blocked != NULL ? blocked->message : NULL);
      if (keeping)
        patch_keep (self, "cp-redraw");
      gtk_widget_set_visible (self->draw_row, FALSE);
      gtk_widget_set_visible (self->build, TRUE);
      gtk_widget_set_visible (self->instead, TRUE);
      gtk_widget_set_visible (self->redraw_row, !keeping);
    }
  gtk_widget_set_visible (self->keep_label, keeping);
  gtk_widget_set_visible (self->keep_row, keeping);

  notes = g_string_new (NULL);
  if (over_limit > 0)
    g_string_append_printf (notes, g_dngettext (NULL,
                                                "%s holds %" PRId64 " cards: %" PRId64 " goes to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").",
                                                "%s holds %" PRId64 " cards: %" PRId64 " go to "
                                                "the discard pile at the end of the turn (limit %"
                                                PRId64 ").", over_limit),
                            seat_name (self, seat), hand, over_limit, limit);
  if (tk_city_plan_rules_last_of_round (state))
    {
      if (notes->len > 0)
        g_string_append_c (notes, ' ');
      g_string_append_printf (notes, _("%s is the last of the round: after this turn the income "
                                       "tiles are checked."), seat_name (self, seat));
    }
  gtk_label_set_text (GTK_LABEL (self->note), notes->str);
  gtk_widget_set_visible (self->note, notes->len > 0);
  tk_panel_set_class (self->note, "warning", over_limit > 0);
  tk_panel_set_class (self->note, "dim-label", over_limit == 0);
  g_string_free (notes, TRUE);
}

/* Patches the card; when that hides the button that had the keyboard focus (a step ended),
 * the focus goes on to the first thing the next step shows, never to nowhere. */
static void
tk_city_plan_turn_card_update (TkPanelPart  *part,
                               TkPanelModel *model)
{
  TkCityPlanTurnCard *self = TK_CITY_PLAN_TURN_CARD (part);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean inside = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));

  if (inside)
    g_object_ref (focus);
  patch_contents (self);
  if (inside)
    {
      if (!gtk_widget_is_visible (focus) || gtk_root_get_focus (root) != focus)
        {
          GtkWidget *sections[] = { self->keep_row, self->build, self->draw_row,
                                    self->redraw_row };

          for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
            if (gtk_widget_get_visible (sections[i]) &&
                gtk_widget_child_focus (sections[i], GTK_DIR_TAB_FORWARD))
              break;
        }
      g_object_unref (focus);
    }
}

/* ---- actions ---- */

static void
apply_simple (TkCityPlanTurnCard *self,
              const char         *type,
              const char         *member,
              gboolean            value,
              const char         *member2,
              gboolean            value2)
{
  g_autoptr(JsonObject) action = json_object_new ();

  json_object_set_string_member (action, "type", type);
  if (member != NULL)
    json_object_set_boolean_member (action, member, value);
  if (member2 != NULL)
    json_object_set_boolean_member (action, member2, value2);
  tk_city_plan_model_apply (get_model (self), action);
}

/* "turn.draw" and "turn.redraw": the engine's action of that name. */
static void
step_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  apply_simple (TK_CITY_PLAN_TURN_CARD (widget), action_name + strlen ("turn."), NULL, FALSE,
                NULL, FALSE);
}

/* "turn.look" (at the start of the turn) and "turn.redraw-manifesto" (in place of building):
 * the top manifestos are looked at, and the card asks which to keep. */
static void
look_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCityPlanTurnCard *self = TK_CITY_PLAN_TURN_CARD (widget);

  if (g_str_equal (action_name, "turn.look"))
    tk_city_plan_model_set_manifesto_pending (get_model (self), TRUE);
  else
    tk_city_plan_model_set_redraw_pending (get_model (self), TRUE);
}

/* Keep one manifesto (TRUE) or none, after looking at the top 4: at the start of the turn a
 * manifesto draw, in place of building a redraw of 1 card and the manifestos. */
static void
keep_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCityPlanTurnCard *self = TK_CITY_PLAN_TURN_CARD (widget);
  gboolean keep = g_variant_get_boolean (parameter);

  if (tk_city_plan_model_get_phase (get_model (self)) == TK_CITY_PLAN_PHASE_DRAW)
    apply_simple (self, "draw_manifesto", "keep", keep, NULL, FALSE);
  else
    apply_simple (self, "redraw", "manifesto", TRUE, "keep", keep);
}

static void
back_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TkCityPlanTurnCard *self = TK_CITY_PLAN_TURN_CARD (widget);

  tk_city_plan_model_set_manifesto_pending (get_model (self), FALSE);
  tk_city_plan_model_set_redraw_pending (get_model (self), FALSE);
}

static void
tk_city_plan_turn_card_class_init (TkCityPlanTurnCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  TK_PANEL_PART_CLASS (klass)->update = tk_city_plan_turn_card_update;

  g_type_ensure (TK_TYPE_TURN_HEADER);
  g_type_ensure (TK_TYPE_CITY_PLAN_BUILD);
  gtk_widget_class_install_action (widget_class, "turn.draw", NULL, step_activated);
  gtk_widget_class_install_action (widget_class, "turn.look", NULL, look_activated);
  gtk_widget_class_install_action (widget_class, "turn.redraw", NULL, step_activated);
  gtk_widget_class_install_action (widget_class, "turn.redraw-manifesto", NULL, look_activated);
  gtk_widget_class_install_action (widget_class, "turn.keep", "b", keep_activated);
  gtk_widget_class_install_action (widget_class, "turn.back", NULL, back_activated);
  tk_panel_part_class_set_template (TK_PANEL_PART_CLASS (klass),
                                    "/io/github/tablekeeper/Tablekeeper/panels/tk-city-plan-turn-card.ui");
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, header);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, content);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, news);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, draw_row);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, draw);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, look);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, build);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, instead);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, redraw_row);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, redraw_manifesto);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, keep_label);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, keep_row);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, keep);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, keep_none);
  gtk_widget_class_bind_template_child (widget_class, TkCityPlanTurnCard, note);
}

static void
tk_city_plan_turn_card_init (TkCityPlanTurnCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
