/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-end-card.c — the end of a game, the same for every engine and the score pad.
 *
 * Everything shown comes from the engine's score(): the card never decides a winner or a
 * rank itself, it only says what the engine decided and, where totals are equal but ranks
 * are not, that a tie-break settled it (in the engine's own words when it gives them).
 */
#define G_LOG_DOMAIN "tk-end-card"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "tk-colour-dot.h"
#include "tk-date-row.h"
#include "tk-end-card.h"
#include "tk-panel-widgets.h"
#include "tk-points.h"
#include "tk-rules.h"

struct _TkEndCard
{
  GtkBox      parent_instance;

  GtkLabel   *title_label;
  GtkLabel   *detail_label;
  GtkListBox *players_list;
  GtkWidget  *explanation_expander;
  GtkLabel   *explanation_label;
  GtkWidget  *finish_box;
  TkDateRow  *date_row;
  GtkEditable *location_row;
};

G_DEFINE_FINAL_TYPE (TkEndCard, tk_end_card, GTK_TYPE_BOX)

static double
total_of (JsonObject *player)
{
  return json_object_get_double_member_with_default (player, "total", 0);
}

static gint64
rank_of (JsonObject *player)
{
  return json_object_get_int_member_with_default (player, "rank", 0);
}

static const char *
name_of (JsonObject *player)
{
  return json_object_get_string_member_with_default (player, "name", "");
}

static int
compare_rank (gconstpointer a,
              gconstpointer b)
{
  JsonObject *pa = *(JsonObject **) a;
  JsonObject *pb = *(JsonObject **) b;
  gint64 ra = rank_of (pa), rb = rank_of (pb);

  if (ra != rb)
    return ra < rb ? -1 : 1;
  return (int) json_object_get_int_member_with_default (pa, "seat", 0) -
         (int) json_object_get_int_member_with_default (pb, "seat", 0);
}

/* "Ana", "Ana and Ben", "Ana, Ben and Cleo" */
static char *
join_names (GPtrArray *players)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < players->len; i++)
    {
      if (i > 0 && i + 1 == players->len)
        /* Translators: between the last two names of a list, e.g. "Ana, Ben and Cleo" */
        g_string_append (text, _(" and "));
      else if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, name_of (g_ptr_array_index (players, i)));
    }
  return g_string_free (text, FALSE);
}

static char *
make_title (JsonObject *score,
            GPtrArray  *ranked)
{
  const char *coop = json_object_get_string_member_with_default (score, "coop", NULL);
  g_autoptr(GPtrArray) winners = g_ptr_array_new ();
  g_autofree char *names = NULL;

  if (g_strcmp0 (coop, "won") == 0)
    return g_strdup (_("Won together"));
  if (g_strcmp0 (coop, "lost") == 0)
    return g_strdup (_("Lost together"));
  for (guint i = 0; i < ranked->len; i++)
    if (json_object_get_boolean_member_with_default (g_ptr_array_index (ranked, i), "winner", FALSE))
      g_ptr_array_add (winners, g_ptr_array_index (ranked, i));
  if (winners->len == 0)
    return g_strdup (_("Nobody wins"));
  names = join_names (winners);
  if (winners->len == 1)
    /* Translators: the winner banner, e.g. "Ana wins". */
    return g_strdup_printf (_("%s wins"), names);
  /* Translators: the banner of a drawn game, e.g. "A draw: Ana, Ben". */
  return g_strdup_printf (_("A draw: %s"), names);
}

/* City Plan: each player placed ahead of the next on the same total, with the counts that
 * decided it ("10 buildings each; more cards in hand, 10 to 9"). */
static char *
make_buildings_hand_text (GPtrArray *ranked)
{
  GString *text = g_string_new (NULL);

  for (guint i = 1; i < ranked->len; i++)
    {
      JsonObject *ahead = g_ptr_array_index (ranked, i - 1);
      JsonObject *behind = g_ptr_array_index (ranked, i);
      gint64 ba = json_object_get_int_member_with_default (ahead, "buildings", 0);
      gint64 bb = json_object_get_int_member_with_default (behind, "buildings", 0);
      gint64 ha = json_object_get_int_member_with_default (ahead, "hand", 0);
      gint64 hb = json_object_get_int_member_with_default (behind, "hand", 0);
      g_autofree char *points = NULL;

      if (total_of (ahead) != total_of (behind) || rank_of (ahead) == rank_of (behind))
        continue;
      points = tk_points_format (total_of (ahead));
      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (ba != bb)
        /* Translators: equal totals split by buildings, e.g.
         * "Ana is placed ahead of Ben on 35: more buildings, 11 to 10." */
        g_string_append_printf (text, _("%s is placed ahead of %s on %s: more buildings, "
                                        "%" PRId64 " to %" PRId64 "."),
                                name_of (ahead), name_of (behind), points, ba, bb);
      else
        /* Translators: equal totals and buildings split by the cards in hand, e.g. "Ana is
         * placed ahead of Ben on 35: 10 buildings each; more cards in hand, 10 to 9." */
        g_string_append_printf (text, ngettext ("%s is placed ahead of %s on %s: %" PRId64
                                                " building each; more cards in hand, %"
                                                PRId64 " to %" PRId64 ".",
                                                "%s is placed ahead of %s on %s: %" PRId64
                                                " buildings each; more cards in hand, %"
                                                PRId64 " to %" PRId64 ".",
                                                (gulong) ba),
                                name_of (ahead), name_of (behind), points, ba, ha, hb);
    }
  return g_string_free (text, FALSE);
}

/* Equal totals in different places were settled by the engine's tie-break: say so, unless
 * the engine's explanation already does. */
static char *
make_tie_text (JsonObject *score,
               GPtrArray  *ranked)
{
  const char *rule = json_object_get_string_member_with_default (score, "tie_break", NULL);
  GString *text;

  if (g_strcmp0 (rule, "buildings_hand") == 0)
    return make_buildings_hand_text (ranked);
  text = g_string_new (NULL);

  for (guint i = 0; i < ranked->len; i++)
    {
      JsonObject *ahead = g_ptr_array_index (ranked, i);
      g_autoptr(GPtrArray) behind = g_ptr_array_new ();

      if (i > 0 && total_of (g_ptr_array_index (ranked, i - 1)) == total_of (ahead))
        continue;   /* already said with the first of its total */
      for (guint j = i + 1; j < ranked->len; j++)
        {
          JsonObject *other = g_ptr_array_index (ranked, j);

          if (total_of (other) == total_of (ahead) && rank_of (other) != rank_of (ahead))
            g_ptr_array_add (behind, other);
        }
      if (behind->len > 0)
        {
          g_autofree char *points = tk_points_format (total_of (ahead));
          g_autofree char *others = join_names (behind);

          if (text->len > 0)
            g_string_append_c (text, ' ');
          if (g_strcmp0 (rule, "coins") == 0)
            /* Translators: equal totals split by coins, e.g.
             * "Ben is placed ahead of Ana on 86: more coins left." */
            g_string_append_printf (text, _("%s is placed ahead of %s on %s: more coins left."),
                                    name_of (ahead), others, points);
          else
            /* Translators: equal totals split by the game's tie-break rule (explained
             * under "How It Was Scored"), e.g. "Ana is placed ahead of Ben on 60 by the
             * tie-break." */
            g_string_append_printf (text, _("%s is placed ahead of %s on %s by the tie-break."),
                                    name_of (ahead), others, points);
        }
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
make_player_row (JsonObject *player)
{
  GtkWidget *row = adw_expander_row_new ();
  JsonArray *breakdown = json_object_has_member (player, "breakdown")
                         ? json_object_get_array_member (player, "breakdown") : NULL;
  g_autofree char *rank = g_strdup_printf ("%" PRId64, rank_of (player));
  g_autofree char *total = tk_points_format (total_of (player));
  GtkWidget *rank_label = gtk_label_new (rank);
  GtkWidget *total_label = gtk_label_new (total);
  guint seat = (guint) json_object_get_int_member_with_default (player, "seat", 0);
  const char *colour = json_object_get_string_member_with_default (player, "colour",
                                                                    tk_rules_seat_colour (seat));
  g_autofree char *a11y = NULL;
  g_autofree char *row_a11y = NULL;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name_of (player));
  gtk_widget_add_css_class (rank_label, "title-4");
  gtk_widget_add_css_class (rank_label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (rank_label), 2);
  /* Translators: a player's place, read out by screen readers, e.g. "Rank 1" */
  a11y = g_strdup_printf (_("Rank %" PRId64), rank_of (player));
  gtk_accessible_update_property (GTK_ACCESSIBLE (rank_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  a11y, -1);
  gtk_widget_add_css_class (total_label, "title-4");
  gtk_widget_add_css_class (total_label, "numeric");
  gtk_widget_set_valign (total_label, GTK_ALIGN_CENTER);
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), rank_label);
  adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), tk_colour_dot_new (colour));
  if (json_object_get_boolean_member_with_default (player, "winner", FALSE))
    {
      GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

      gtk_widget_set_tooltip_text (star, _("Winner"));
      adw_expander_row_add_prefix (ADW_EXPANDER_ROW (row), star);
    }
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), total_label);

  for (guint i = 0; breakdown != NULL && i < json_array_get_length (breakdown); i++)
    {
      JsonObject *line = json_array_get_object_element (breakdown, i);
      g_autofree char *points = NULL;

      if (line == NULL)
        continue;
      points = tk_points_format (json_object_get_double_member_with_default (line, "points", 0));
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row),
                                tk_points_row_new (json_object_get_string_member_with_default (
                                                     line, "label", ""),
                                                   points));
    }
  /* The row is read as one line: the rank, star and total beside the name are loose labels. */
  if (json_object_get_boolean_member_with_default (player, "winner", FALSE))
    /* Translators: an end-card row read by screen readers: "Ana: 23 points, rank 1, winner" */
    row_a11y = g_strdup_printf (_("%s: %s points, rank %" PRId64 ", winner"), name_of (player),
                                total, rank_of (player));
  else
    /* Translators: an end-card row read by screen readers: "Ana: 23 points, rank 1" */
    row_a11y = g_strdup_printf (_("%s: %s points, rank %" PRId64), name_of (player), total,
                                rank_of (player));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  row_a11y, -1);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (row),
                                         breakdown != NULL && json_array_get_length (breakdown) > 0);
  return row;
}

static void
tk_end_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TK_TYPE_END_CARD);
  G_OBJECT_CLASS (tk_end_card_parent_class)->dispose (object);
}

/* Finish on the card: the session writes the play of the day and place shown here. */
static void
finish_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TkEndCard *self = TK_END_CARD (widget);

  gtk_widget_activate_action (widget, "session.finish-now", "(ss)",
                              tk_date_row_get_date (self->date_row),
                              gtk_editable_get_text (self->location_row));
}

static void
on_location_activated (TkEndCard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "end-card.finish", NULL);
}

static void
tk_end_card_class_init (TkEndCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_end_card_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/panels/tk-end-card.ui");
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, title_label);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, detail_label);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, players_list);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, explanation_expander);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, finish_box);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, date_row);
  gtk_widget_class_bind_template_child (widget_class, TkEndCard, location_row);
  gtk_widget_class_bind_template_callback (widget_class, on_location_activated);
  gtk_widget_class_install_action (widget_class, "end-card.finish", NULL, finish_action);
}

static void
tk_end_card_init (TkEndCard *self)
{
  g_type_ensure (TK_TYPE_DATE_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
}

gboolean
tk_end_card_score_is_over (JsonObject *score,
                           gboolean   *known)
{
  static const char *const members[] = { "finished", "over", "ended" };
  const char *coop;

  g_return_val_if_fail (score != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    if (json_object_has_member (score, members[i]))
      {
        if (known != NULL)
          *known = TRUE;
        return json_object_get_boolean_member_with_default (score, members[i], FALSE);
      }
  coop = json_object_get_string_member_with_default (score, "coop", NULL);
  if (known != NULL)
    *known = coop != NULL;
  return g_strcmp0 (coop, "won") == 0 || g_strcmp0 (coop, "lost") == 0;
}

GtkWidget *
tk_end_card_new (void)
{
  return g_object_new (TK_TYPE_END_CARD, NULL);
}

void
tk_end_card_set_score (TkEndCard  *self,
                       JsonObject *score)
{
  JsonArray *players;
  g_autoptr(GPtrArray) ranked = g_ptr_array_new ();
  g_autofree char *title = NULL;
  g_autofree char *ties = NULL;
  const char *explanation;

  g_return_if_fail (TK_IS_END_CARD (self));
  g_return_if_fail (score != NULL);

  players = json_object_has_member (score, "players")
            ? json_object_get_array_member (score, "players") : NULL;
  for (guint i = 0; players != NULL && i < json_array_get_length (players); i++)
    if (json_array_get_object_element (players, i) != NULL)
      g_ptr_array_add (ranked, json_array_get_object_element (players, i));
  g_ptr_array_sort (ranked, compare_rank);

  title = make_title (score, ranked);
  gtk_label_set_text (self->title_label, title);

  ties = make_tie_text (score, ranked);
  gtk_label_set_text (self->detail_label, ties);
  gtk_widget_set_visible (GTK_WIDGET (self->detail_label), *ties != '\0');
  /* The engine's own account (every trip, every tie rule) is there for whoever asks. */
  explanation = json_object_get_string_member_with_default (score, "explanation", NULL);
  gtk_label_set_text (self->explanation_label, explanation != NULL ? explanation : "");
  gtk_widget_set_visible (self->explanation_expander, explanation != NULL && *explanation != '\0');

  tk_panel_clear (GTK_WIDGET (self->players_list));
  for (guint i = 0; i < ranked->len; i++)
    gtk_list_box_append (self->players_list, make_player_row (g_ptr_array_index (ranked, i)));
}

void
tk_end_card_set_finish_visible (TkEndCard *self,
                                gboolean   visible)
{
  g_return_if_fail (TK_IS_END_CARD (self));

  gtk_widget_set_visible (self->finish_box, visible);
}

const char *
tk_end_card_get_title (TkEndCard *self)
{
  g_return_val_if_fail (TK_IS_END_CARD (self), NULL);

  return gtk_label_get_text (self->title_label);
}
