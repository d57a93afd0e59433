/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-new-session-dialog.c — the New Session dialog.
 *
 * The game comes from the library (a search over TkGameList) or is any typed name; the
 * players from the roster, ticked in seat order, with a quick add (name and colour) that
 * goes into the roster at once; the score mode and optional teams make the generic score
 * pad's setup.  Start calls tk_session_start() and hands the new session over in ::started.
 */
#define G_LOG_DOMAIN "tk-new-session-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tk-collection.h"
#include "tk-text-limit.h"
#include "tk-game-panel.h"
#include "tk-game-list.h"
#include "tk-game.h"
#include "panels/tk-colour-dot.h"
#include "tk-new-session-dialog.h"
#include "tk-session-turns.h"
#include "tk-player.h"
#include "tk-accessible.h"

typedef struct
{
  gint64  player_id;
  char   *name;
  char   *colour;
  char   *team;
} Seat;

struct _TkNewSessionDialog
{
  AdwWindow        parent_instance;

  TkStore         *store;
  TkCollection    *collection;
  TkGameList      *games;
  GPtrArray       *seats;          /* Seat */
  GtkSorter       *match_sorter;   /* the games typed for first (see match_rank ()) */
  char            *typed_folded;   /* what is typed in Game, case-folded */
  gint64           game_id;
  const char      *game_rules_id;  /* the game's own engine, NULL: score pad only */
  gboolean         setting_game;

  AdwToastOverlay *toast_overlay;
  AdwEntryRow     *game_row;
  GtkListView     *games_view;
  GtkWidget       *games_scroller;
  GtkListBox      *roster_list;
  GtkEntry        *new_player_entry;
  GtkColorButton  *colour_button;
  GtkListBox      *seats_list;
  AdwComboRow     *mode_row;
  GtkSwitch       *teams_switch;
  GtkWidget       *rules_group;
  AdwComboRow     *rules_row;
  AdwBin          *options_bin;
  GtkWidget       *scoring_group;
  GtkSpinButton   *clock_turn_spin;
  GtkSpinButton   *clock_bank_spin;
};

enum
{
  STARTED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (TkNewSessionDialog, tk_new_session_dialog, ADW_TYPE_WINDOW)

static guint signals[N_SIGNALS];

/* tk-generic-rules.h's TK_GENERIC_RULES_ID; the app sees only the registry. */
#define GENERIC_RULES_ID "generic-score-pad"

/* ---- statics ---- */

static void
seat_free (gpointer data)
{
  Seat *seat = data;

  g_free (seat->name);
  g_free (seat->colour);
  g_free (seat->team);
  g_free (seat);
}

static void
show_message (TkNewSessionDialog *self,
              const char         *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  tk_accessible_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static int
find_seat (TkNewSessionDialog *self,
           gint64              player_id)
{
  for (guint i = 0; i < self->seats->len; i++)
    if (((Seat *) g_ptr_array_index (self->seats, i))->player_id == player_id)
      return i;
  return -1;
}

static void rebuild_seats (TkNewSessionDialog *self);
static void update_rules (TkNewSessionDialog *self);

static void
on_team_changed (GtkEditable *entry,
                 gpointer     user_data)
{
  Seat *seat = user_data;

  g_free (seat->team);
  seat->team = g_strdup (gtk_editable_get_text (entry));
}

static void
on_seat_up (GtkButton *button,
            gpointer   user_data)
{
  TkNewSessionDialog *self = TK_NEW_SESSION_DIALOG (user_data);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));
  gpointer tmp;

  if (index == 0 || index >= self->seats->len)
    return;
  tmp = self->seats->pdata[index - 1];
  self->seats->pdata[index - 1] = self->seats->pdata[index];
  self->seats->pdata[index] = tmp;
  rebuild_seats (self);
}

static void
rebuild_seats (TkNewSessionDialog *self)
{
  GtkWidget *child;
  gboolean teams = gtk_switch_get_active (self->teams_switch);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_list))) != NULL)
    {
      if (!GTK_IS_LIST_BOX_ROW (child))
        break;
      gtk_list_box_remove (self->seats_list, child);
    }

  for (guint i = 0; i < self->seats->len; i++)
    {
      Seat *seat = g_ptr_array_index (self->seats, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = g_strdup_printf (_("Seat %u"), i + 1);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), seat->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (teams)
        {
          GtkWidget *team = gtk_entry_new ();

          gtk_entry_set_placeholder_text (GTK_ENTRY (team), _("Team"));
          tk_text_limit_editable (GTK_EDITABLE (team), TK_TEXT_NAME);
          gtk_editable_set_width_chars (GTK_EDITABLE (team), 8);
          gtk_widget_set_valign (team, GTK_ALIGN_CENTER);
          gtk_editable_set_text (GTK_EDITABLE (team), seat->team != NULL ? seat->team : "");
          g_signal_connect (team, "changed", G_CALLBACK (on_team_changed), seat);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), team);
        }
      if (i > 0)
        {
          GtkWidget *up = gtk_button_new_from_icon_name ("go-up-symbolic");

          gtk_widget_set_valign (up, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (up, "flat");
          gtk_widget_set_tooltip_text (up, _("Move Up a Seat"));
          g_object_set_data (G_OBJECT (up), "seat", GUINT_TO_POINTER (i));
          g_signal_connect (up, "clicked", G_CALLBACK (on_seat_up), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), up);
        }
      gtk_list_box_append (self->seats_list, row);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-session.start", self->seats->len > 0);
  {
    GtkWidget *options = adw_bin_get_child (self->options_bin);

    if (options != NULL && TK_IS_SETUP_OPTIONS (options))
      tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), self->seats->len);
  }
}

/* Unticking shortens the seats below the roster; scrolled to the bottom, the page would then
 * slide down under the pointer (the scrolled window keeps its end in view).  The page keeps
 * the tallest height it had while players are picked, so nothing moves. */
static void
keep_page_height (TkNewSessionDialog *self)
{
  GtkWidget *page = gtk_widget_get_parent (self->scoring_group);
  int height = gtk_widget_get_height (page);
  int requested;

  gtk_widget_get_size_request (page, NULL, &requested);
  if (height > requested)
    gtk_widget_set_size_request (page, -1, height);
}

static void
on_roster_toggled (GtkCheckButton *check,
                   gpointer        user_data)
{
  TkNewSessionDialog *self = TK_NEW_SESSION_DIALOG (user_data);
  TkPlayer *player = g_object_get_data (G_OBJECT (check), "player");
  int index = find_seat (self, tk_player_get_id (player));

  keep_page_height (self);

  if (gtk_check_button_get_active (check) && index < 0)
    {
      Seat *seat = g_new0 (Seat, 1);
      const char *colour = tk_player_get_colour (player);

      seat->player_id = tk_player_get_id (player);
      seat->name = g_strdup (tk_player_get_name (player));
      seat->colour = g_strdup (colour != NULL ? colour : tk_rules_seat_colour (self->seats->len));
      g_ptr_array_add (self->seats, seat);
    }
  else if (!gtk_check_button_get_active (check) && index >= 0)
    g_ptr_array_remove_index (self->seats, index);
  rebuild_seats (self);
}

static GtkWidget *
make_roster_row (TkNewSessionDialog *self,
                 TkPlayer           *player)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();
  const char *colour = tk_player_get_colour (player);
  GdkRGBA rgba;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tk_player_get_name (player));
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (check), "player", g_object_ref (player), g_object_unref);
  g_object_set_data (G_OBJECT (row), "check", check);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  if (colour != NULL && gdk_rgba_parse (&rgba, colour))
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), tk_colour_dot_new (colour));
  g_signal_connect (check, "toggled", G_CALLBACK (on_roster_toggled), self);
  return row;
}

static GtkWidget *
load_roster (TkNewSessionDialog *self,
             gint64              tick_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) players = NULL;
  GtkWidget *child;
  GtkWidget *ticked = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->roster_list))) != NULL)
    gtk_list_box_remove (self->roster_list, child);

  players = tk_players_list (self->store, FALSE, &error);
  if (players == NULL)
    {
      show_message (self, error->message);
      return NULL;
    }
  for (guint i = 0; i < g_list_model_get_n_items (players); i++)
    {
      g_autoptr(TkPlayer) player = g_list_model_get_item (players, i);
      GtkWidget *row = make_roster_row (self, player);
      GtkCheckButton *check = g_object_get_data (G_OBJECT (row), "check");

      if (find_seat (self, tk_player_get_id (player)) >= 0)
        {
          g_signal_handlers_block_by_func (check, on_roster_toggled, self);
          gtk_check_button_set_active (check, TRUE);
          g_signal_handlers_unblock_by_func (check, on_roster_toggled, self);
        }
      if (tk_player_get_id (player) == tick_id)
        ticked = GTK_WIDGET (check);
      gtk_list_box_append (self->roster_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->roster_list), g_list_model_get_n_items (players) > 0);
  return ticked;
}

static void
next_colour (TkNewSessionDialog *self)
{
  GdkRGBA rgba;

  gdk_rgba_parse (&rgba, tk_rules_seat_colour (self->seats->len + 1));
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (self->colour_button), &rgba);
}

/* ---- callbacks ---- */

static void
on_quick_add (TkNewSessionDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->new_player_entry))));
  g_autofree char *colour = NULL;
  GdkRGBA rgba;

  if (*name == '\0')
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (self->colour_button), &rgba);
  colour = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                            (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  if (!tk_new_session_dialog_add_player (self, name, colour, &error))
    {
      show_message (self, error->message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->new_player_entry), "");
  next_colour (self);
}

/* Offers the game's own bookkeeper (and its options) when Tablekeeper knows the game. */
static void
set_game_rules (TkNewSessionDialog *self)
{
  g_autoptr(TkGame) game = NULL;
  const char *rules_id = NULL;
  const TkRules *rules;

  if (self->game_id > 0 && self->collection != NULL)
    game = tk_collection_get_game (self->collection, self->game_id, NULL);
  if (game != NULL)
    rules_id = tk_games_rules_for_catalog_key (tk_game_get_catalog_key (game));
  tk_games_register_all ();
  rules = rules_id != NULL ? tk_rules_lookup (rules_id) : NULL;
  self->game_rules_id = rules != NULL ? rules->id : NULL;
  if (rules != NULL)
    {
      g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);
      g_autofree char *own = NULL;

      /* Translators: %s is a game, e.g. "Agora bookkeeper (money, shops, events)" */
      own = g_strdup_printf (_("%s bookkeeper"), rules->get_name ());
      gtk_string_list_append (choices, own);
      gtk_string_list_append (choices, _("Score pad only"));
      adw_combo_row_set_model (self->rules_row, G_LIST_MODEL (choices));
      adw_combo_row_set_selected (self->rules_row, 0);
    }
  update_rules (self);
}

/* How well @game answers what is typed: 0 its title exactly ("Agora" for Agora), 1 a title
 * that begins with it, 2 any other match ("7 Wonders Duel: Agora"). */
static int
match_rank (TkNewSessionDialog *self,
            TkGame             *game)
{
  const char *titles[] = { tk_game_get_display_title (game), tk_game_get_title (game) };
  int best = 2;

  if (self->typed_folded == NULL || *self->typed_folded == '\0')
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autofree char *folded = titles[i] != NULL ? g_utf8_casefold (titles[i], -1) : NULL;

      if (folded == NULL)
        continue;
      if (strcmp (folded, self->typed_folded) == 0)
        return 0;
      if (g_str_has_prefix (folded, self->typed_folded))
        best = MIN (best, 1);
    }
  return best;
}

/* Stable: games of one rank keep the list's order (by title). */
static int
compare_matches (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  TkNewSessionDialog *self = user_data;
  int ra = match_rank (self, (TkGame *) a), rb = match_rank (self, (TkGame *) b);

  return ra < rb ? GTK_ORDERING_SMALLER : ra > rb ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
on_game_text_changed (TkNewSessionDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->game_row));

  if (self->setting_game)
    return;
  self->game_id = 0;
  if (self->game_rules_id != NULL)
    set_game_rules (self);
  if (self->games != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      g_free (self->typed_folded);
      self->typed_folded = g_utf8_casefold (stripped, -1);
      /* Nothing typed: the games of the collection; typing searches the whole catalogue. */
      tk_game_list_set_collection_only (self->games, *text == '\0');
      tk_game_list_set_search (self->games, text);
      gtk_sorter_changed (self->match_sorter, GTK_SORTER_CHANGE_DIFFERENT);
    }
}

static void
on_games_changed (TkNewSessionDialog *self)
{
  gtk_widget_set_visible (self->games_scroller,
                          g_list_model_get_n_items (G_LIST_MODEL (self->games)) > 0);
}

static void
on_game_activate (TkNewSessionDialog *self,
                  guint               position)
{
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (self->games_view));
  g_autoptr(TkGame) game = g_list_model_get_item (model, position);

  if (game != NULL)
    tk_new_session_dialog_set_game (self, tk_game_get_id (game), tk_game_get_display_title (game));
}

static void
on_teams_toggled (TkNewSessionDialog *self)
{
  rebuild_seats (self);
}

static void
setup_game_row (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_game_row (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  TkGame *game = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;

  if (tk_game_get_year (game) > 0)
    text = g_strdup_printf ("%s (%d)", tk_game_get_display_title (game), tk_game_get_year (game));
  else
    text = g_strdup (tk_game_get_display_title (game));
  gtk_label_set_text (GTK_LABEL (label), text);
  tk_accessible_label_item (label, text);
}

/* The engine the session will use: the game's own unless the score pad was chosen. */
static const TkRules *
chosen_rules (TkNewSessionDialog *self)
{
  tk_games_register_all ();
  if (self->game_rules_id != NULL && adw_combo_row_get_selected (self->rules_row) == 0)
    return tk_rules_lookup (self->game_rules_id);
  return tk_rules_lookup (GENERIC_RULES_ID);
}

static void
update_rules (TkNewSessionDialog *self)
{
  const TkRules *rules = chosen_rules (self);
  gboolean own = rules != NULL && !g_str_equal (rules->id, GENERIC_RULES_ID);
  GtkWidget *options = adw_bin_get_child (self->options_bin);

  gtk_widget_set_visible (self->rules_group, self->game_rules_id != NULL);
  gtk_widget_set_visible (self->scoring_group, !own);
  if (own && (options == NULL || g_strcmp0 (g_object_get_data (G_OBJECT (options), "rules-id"),
                                            rules->id) != 0))
    {
      options = tk_game_panel_new_options (rules->id);
      if (options != NULL)
        g_object_set_data_full (G_OBJECT (options), "rules-id", g_strdup (rules->id), g_free);
      adw_bin_set_child (self->options_bin, options);
    }
  else if (!own)
    {
      adw_bin_set_child (self->options_bin, NULL);
      options = NULL;
    }
  if (options != NULL && TK_IS_SETUP_OPTIONS (options))
    tk_setup_options_set_n_players (TK_SETUP_OPTIONS (options), self->seats->len);
  gtk_widget_set_visible (GTK_WIDGET (self->options_bin), options != NULL);
}

static void
on_rules_selected (TkNewSessionDialog *self)
{
  update_rules (self);
}

static void
copy_member (JsonObject  *from,
             const char  *name,
             JsonNode    *node,
             gpointer     user_data)
{
  json_object_set_member (user_data, name, json_node_copy (node));
}

/* The turn clock's limits, when asked for: the new session's first (undoable) action. */
static void
set_clock_limits (TkNewSessionDialog *self,
                  TkSession          *session)
{
  guint turn_s = gtk_spin_button_get_value_as_int (self->clock_turn_spin);
  guint bank_s = gtk_spin_button_get_value_as_int (self->clock_bank_spin) * 60;
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(GError) error = NULL;

  if (turn_s == 0 && bank_s == 0)
    return;
  action = tk_session_turns_limits_action (turn_s, bank_s);
  /* the session exists already; it goes on without limits, which the menu can set */
  if (!tk_session_apply (session, action, &error))
    g_warning ("The turn clock's limits were not set: %s", error->message);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TkNewSessionDialog *self = TK_NEW_SESSION_DIALOG (widget);
  const TkRules *rules = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) setup = json_object_new ();
  g_autoptr(TkSession) session = NULL;
  g_autofree char *title = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->game_row))));
  const char *modes[] = { "high", "low", "coop" };
  guint mode = adw_combo_row_get_selected (self->mode_row);
  gboolean teams = gtk_switch_get_active (self->teams_switch);
  JsonArray *players = json_array_new ();

  rules = chosen_rules (self);
  g_assert (rules != NULL);
  if (!g_str_equal (rules->id, GENERIC_RULES_ID) &&
      (self->seats->len < rules->min_players || self->seats->len > rules->max_players))
    {
      g_autofree char *text = NULL;

      /* Translators: e.g. "Agora needs 2 to 4 players." */
      text = g_strdup_printf (_("%s needs %u to %u players."), rules->get_name (),
                              rules->min_players, rules->max_players);
      show_message (self, text);
      return;
    }
  if (!g_str_equal (rules->id, GENERIC_RULES_ID))
    {
      json_object_unref (setup);
      setup = rules->default_setup (self->seats->len);
    }
  if (*title == '\0')
    {
      g_clear_pointer (&title, g_free);
      title = g_strdup (_("Game"));
    }
  for (guint i = 0; i < self->seats->len; i++)
    {
      Seat *seat = g_ptr_array_index (self->seats, i);
      JsonObject *p = json_object_new ();

      json_object_set_string_member (p, "name", seat->name);
      if (seat->colour != NULL)
        json_object_set_string_member (p, "colour", seat->colour);
      if (seat->player_id > 0)
        json_object_set_int_member (p, "player_id", seat->player_id);
      if (teams && seat->team != NULL && *g_strstrip (seat->team) != '\0')
        json_object_set_string_member (p, "team", seat->team);
      json_array_add_object_element (players, p);
    }
  if (g_str_equal (rules->id, GENERIC_RULES_ID))
    {
      json_object_set_array_member (setup, "players", players);
      json_object_set_string_member (setup, "win", modes[MIN (mode, G_N_ELEMENTS (modes) - 1)]);
    }
  else
    {
      GtkWidget *options = adw_bin_get_child (self->options_bin);
      JsonArray *defaults = json_object_get_array_member (setup, "players");

      /* The engine's seats keep what they carry beyond the common members. */
      for (guint i = 0; defaults != NULL && i < json_array_get_length (defaults) &&
                        i < json_array_get_length (players); i++)
        {
          JsonObject *from = json_array_get_object_element (players, i);
          JsonObject *to = json_array_get_object_element (defaults, i);

          json_object_remove_member (to, "team");
          json_object_foreach_member (from, copy_member, to);
        }
      if (defaults == NULL)
        json_object_set_array_member (setup, "players", json_array_ref (players));
      json_array_unref (players);
      if (options != NULL && TK_IS_SETUP_OPTIONS (options) &&
          !tk_setup_options_fill_setup (TK_SETUP_OPTIONS (options), setup, &error))
        {
          show_message (self, error->message);
          return;
        }
    }

  session = tk_session_start (self->store, rules->id, self->game_id, title, setup, &error);
  if (session == NULL)
    {
      show_message (self, error->message);
      return;
    }
  set_clock_limits (self, session);
  g_signal_emit (self, signals[STARTED], 0, session);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- overrides ---- */

static void
tk_new_session_dialog_dispose (GObject *object)
{
  TkNewSessionDialog *self = TK_NEW_SESSION_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TK_TYPE_NEW_SESSION_DIALOG);
  g_clear_object (&self->games);
  g_clear_object (&self->match_sorter);
  g_clear_pointer (&self->typed_folded, g_free);
  g_clear_object (&self->collection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->seats, g_ptr_array_unref);

  G_OBJECT_CLASS (tk_new_session_dialog_parent_class)->dispose (object);
}

static void
tk_new_session_dialog_class_init (TkNewSessionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tk_new_session_dialog_dispose;

  /* A session was started (and committed); the dialog closes itself after this. */
  signals[STARTED] = g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, TK_TYPE_SESSION);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/app/tk-new-session-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, games_view);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, games_scroller);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, roster_list);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, new_player_entry);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, colour_button);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, seats_list);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, mode_row);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, teams_switch);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, rules_group);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, rules_row);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, options_bin);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, scoring_group);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, clock_turn_spin);
  gtk_widget_class_bind_template_child (widget_class, TkNewSessionDialog, clock_bank_spin);
  gtk_widget_class_bind_template_callback (widget_class, on_game_text_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_game_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_quick_add);
  gtk_widget_class_bind_template_callback (widget_class, on_teams_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_rules_selected);

  gtk_widget_class_install_action (widget_class, "new-session.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tk_new_session_dialog_init (TkNewSessionDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  tk_text_limit_editable (GTK_EDITABLE (self->game_row), TK_TEXT_TITLE);
  tk_text_limit_editable (GTK_EDITABLE (self->new_player_entry), TK_TEXT_NAME);
  /* The colour button's own button takes the focus; GTK 4.8 leaves it unnamed. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (
                                    GTK_WIDGET (self->colour_button))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Colour"), -1);
  self->seats = g_ptr_array_new_with_free_func (seat_free);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_game_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_game_row), NULL);
  gtk_list_view_set_factory (self->games_view, factory);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-session.start", FALSE);
}

/* ---- public API ---- */

TkNewSessionDialog *
tk_new_session_dialog_new (GtkWindow *parent,
                           TkStore   *store)
{
  TkNewSessionDialog *self;
  g_autoptr(GtkNoSelection) selection = NULL;
  GtkSortListModel *sorted;

  g_return_val_if_fail (TK_IS_STORE (store), NULL);

  self = g_object_new (TK_TYPE_NEW_SESSION_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->collection = tk_collection_new (store);
  self->games = tk_game_list_new (self->collection);
  tk_game_list_set_collection_only (self->games, TRUE);
  g_signal_connect_object (self->games, "items-changed", G_CALLBACK (on_games_changed), self,
                           G_CONNECT_SWAPPED);
  on_games_changed (self);
  /* The collection first: a library with games of its own searches those.  What is typed
   * exactly comes first, then titles that begin with it, then the other matches. */
  self->match_sorter = GTK_SORTER (gtk_custom_sorter_new (compare_matches, self, NULL));
  sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->games)),
                                    g_object_ref (self->match_sorter));
  selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_list_view_set_model (self->games_view, GTK_SELECTION_MODEL (selection));
  load_roster (self, 0);
  next_colour (self);
  return self;
}

void
tk_new_session_dialog_set_game (TkNewSessionDialog *self,
                                gint64              game_id,
                                const char         *title)
{
  g_return_if_fail (TK_IS_NEW_SESSION_DIALOG (self));

  self->setting_game = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->game_row), title != NULL ? title : "");
  self->setting_game = FALSE;
  self->game_id = game_id;
  set_game_rules (self);
}

gboolean
tk_new_session_dialog_add_player (TkNewSessionDialog *self,
                                  const char         *name,
                                  const char         *colour,
                                  GError            **error)
{
  g_autoptr(TkPlayer) player = NULL;
  GtkWidget *check;

  g_return_val_if_fail (TK_IS_NEW_SESSION_DIALOG (self), FALSE);

  player = tk_players_find_or_add (self->store, name, colour, error);
  if (player == NULL)
    return FALSE;
  check = load_roster (self, tk_player_get_id (player));
  if (check != NULL && !gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  return TRUE;
}

void
tk_new_session_dialog_set_score_mode (TkNewSessionDialog *self,
                                      TkScoreMode         mode)
{
  g_return_if_fail (TK_IS_NEW_SESSION_DIALOG (self));

  adw_combo_row_set_selected (self->mode_row, mode);
}

guint
tk_new_session_dialog_get_n_seats (TkNewSessionDialog *self)
{
  g_return_val_if_fail (TK_IS_NEW_SESSION_DIALOG (self), 0);

  return self->seats->len;
}

const char *
tk_new_session_dialog_get_rules_id (TkNewSessionDialog *self)
{
  const TkRules *rules;

  g_return_val_if_fail (TK_IS_NEW_SESSION_DIALOG (self), NULL);

  rules = chosen_rules (self);
  return rules != NULL ? rules->id : NULL;
}

void
tk_new_session_dialog_set_use_own_rules (TkNewSessionDialog *self,
                                         gboolean            own)
{
  g_return_if_fail (TK_IS_NEW_SESSION_DIALOG (self));

  if (self->game_rules_id != NULL)
    adw_combo_row_set_selected (self->rules_row, own ? 0 : 1);
}
