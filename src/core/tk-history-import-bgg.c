/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-history-import-bgg.c — a saved page of BoardGameGeek's XML API2 "plays" into the
 * import's records.
 *
 * GMarkup reads the XML: the five predefined entities and numeric character references are
 * all a plays page uses.  A document type or entity declaration has no place in one and is
 * refused (it is how "billion laughs" files and external entities come in); so is nesting
 * deeper than any plays page goes.  Every record is checked before the next is read; a
 * refusal names the line.
 */
#define G_LOG_DOMAIN "tk-history-import"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "tk-history-import-private.h"

#define MAX_DEPTH 16

typedef struct
{
  TkHistoryImport     *self;
  GMarkupParseContext *context;
  char                *username;   /* the page's user: "me" */
  guint                depth;
  gboolean             in_play;
  gboolean             has_item;
  TkHiPlay             play;
  char                *item_name;
  GString             *comments;   /* inside <comments>, else NULL */
  guint64              unknown;    /* seats of the play (bits) without account or score */
  gboolean             seen_plays;
  guint                n_records;
} Reader;

static int
current_line (Reader *r)
{
  int line = 0;

  g_markup_parse_context_get_position (r->context, &line, NULL);
  return line;
}

/* A refusal names the line being read. */
#define refuse(r, error, ...) tk_history_refuse ((error), NULL, current_line (r), __VA_ARGS__)

static const char *
attribute (const char **names,
           const char **values,
           const char  *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], name) == 0)
      return values[i][0] != '\0' ? values[i] : NULL;
  return NULL;
}

/* A whole number from @min to @max; absent or empty gives @fallback. */
static gboolean
attribute_int (Reader       *r,
               const char  **names,
               const char  **values,
               const char   *name,
               gint64        min,
               gint64        max,
               gint64        fallback,
               gint64       *value,
               GError      **error)
{
  const char *text = attribute (names, values, name);

  *value = fallback;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, value, NULL))
    return refuse (r, error, _("“%s” is not a whole number from %" PRId64 " to %"
                               PRId64 "."), name, min, max);
  return TRUE;
}

static gboolean
attribute_text (Reader       *r,
                const char  **names,
                const char  **values,
                const char   *name,
                TkTextKind    kind,
                const char  **value,
                GError      **error)
{
  g_autofree char *text = g_strdup (attribute (names, values, name));
  g_autofree char *where = NULL;
  int line = 0;

  *value = NULL;
  if (text == NULL)
    return TRUE;
  g_strstrip (text);
  if (text[0] == '\0')
    return TRUE;
  g_markup_parse_context_get_position (r->context, &line, NULL);
  where = g_strdup_printf (_("Line %d"), line);
  if (!tk_history_check_text (kind, name, text, where, error))
    return FALSE;
  *value = tk_history_intern (r->self, text);
  return TRUE;
}

static gboolean
start_plays (Reader       *r,
             const char  **names,
             const char  **values,
             GError      **error)
{
  const char *username;
  gint64 total;

  /* GMarkup lets a second root element follow the first; a page has one. */
  if (r->seen_plays)
    return refuse (r, error, _("The file holds a second <plays> element."));
  r->seen_plays = TRUE;
  if (!attribute_text (r, names, values, "username", TK_TEXT_NAME, &username, error) ||
      !attribute_int (r, names, values, "total", 0, G_MAXINT32, 0, &total, error))
    return FALSE;
  r->username = g_strdup (username);
  r->self->bgg_total = MAX (r->self->bgg_total, (guint) total);
  return TRUE;
}

static gboolean
start_play (Reader       *r,
            const char  **names,
            const char  **values,
            GError      **error)
{
  const char *id = attribute (names, values, "id");
  const char *date = attribute (names, values, "date");
  gint64 quantity, length, incomplete, nowinstats;
  g_autofree char *key = NULL;
  int line = 0;

  memset (&r->play, 0, sizeof r->play);
  if (id == NULL || !g_ascii_string_to_unsigned (id, 10, 1, G_MAXINT64, NULL, NULL))
    return refuse (r, error, _("A play has no number (“id”)."));
  if (date == NULL || strlen (date) != 10 || !tk_history_parse_date (date, r->play.date))
    return refuse (r, error, _("Play %s has no date like 2024-05-04."), id);
  if (!attribute_int (r, names, values, "quantity", 0, TK_HISTORY_MAX_QUANTITY, 1, &quantity,
                      error) ||
      !attribute_int (r, names, values, "length", 0, 99999, 0, &length, error) ||
      !attribute_int (r, names, values, "incomplete", 0, 1, 0, &incomplete, error) ||
      !attribute_int (r, names, values, "nowinstats", 0, 1, 0, &nowinstats, error) ||
      !attribute_text (r, names, values, "location", TK_TEXT_LINE, &r->play.location, error))
    return FALSE;
  key = g_strconcat ("bgg:", id, NULL);
  r->play.key = tk_history_intern (r->self, key);
  /* BGG lets a play be logged with quantity 0; it still happened once. */
  r->play.quantity = MAX (quantity, 1);
  r->play.duration = length > 0 ? (int) length : -1;
  r->play.incomplete = incomplete;
  r->play.no_win_stats = nowinstats;
  r->play.first_seat = r->self->seats->len;
  g_markup_parse_context_get_position (r->context, &line, NULL);
  r->play.place = line;
  r->in_play = TRUE;
  r->has_item = FALSE;
  r->unknown = 0;
  return TRUE;
}

static gboolean
start_item (Reader       *r,
            const char  **names,
            const char  **values,
            GError      **error)
{
  const char *name;
  gint64 object_id;

  if (!attribute_text (r, names, values, "name", TK_TEXT_TITLE, &name, error) ||
      !attribute_int (r, names, values, "objectid", 0, G_MAXINT64, 0, &object_id, error))
    return FALSE;
  if (name == NULL)
    return refuse (r, error, _("The game of a play has no name."));
  if (r->has_item)
    return refuse (r, error, _("Play %s names more than one game."),
                   r->play.key + strlen ("bgg:"));
  r->play.game = tk_history_add_game (r->self, name, object_id);
  g_free (r->item_name);
  r->item_name = g_utf8_casefold (name, -1);
  r->has_item = TRUE;
  return TRUE;
}

static gboolean
same_text (const char *a,
           const char *b)
{
  g_autofree char *fa = a != NULL ? g_utf8_casefold (a, -1) : NULL;
  g_autofree char *fb = b != NULL ? g_utf8_casefold (b, -1) : NULL;

  return fa != NULL && fb != NULL && strcmp (fa, fb) == 0;
}

static gboolean
start_player (Reader       *r,
              const char  **names,
              const char  **values,
              GError      **error)
{
  const char *username, *name, *colour, *score, *start;
  gint64 user_id, is_new, win;
  gboolean me, pseudo;
  TkHiSeat seat = { 0 };

  if (r->self->seats->len - r->play.first_seat >= TK_HISTORY_MAX_SEATS)
    return refuse (r, error, _("A play has at most %d players."), TK_HISTORY_MAX_SEATS);
  if (!attribute_text (r, names, values, "username", TK_TEXT_NAME, &username, error) ||
      !attribute_text (r, names, values, "name", TK_TEXT_NAME, &name, error) ||
      !attribute_text (r, names, values, "color", TK_TEXT_LINE, &colour, error) ||
      !attribute_text (r, names, values, "score", TK_TEXT_LINE, &score, error) ||
      !attribute_text (r, names, values, "startposition", TK_TEXT_TAG, &start, error) ||
      !attribute_int (r, names, values, "userid", 0, G_MAXINT64, 0, &user_id, error) ||
      !attribute_int (r, names, values, "new", 0, 1, 0, &is_new, error) ||
      !attribute_int (r, names, values, "win", 0, 1, 0, &win, error))
    return FALSE;
  me = username != NULL && same_text (username, r->username);
  /* A co-op foe or the other team, logged as a player without an account named after the
   * game or its own colour ("Red" playing red): not a person of the roster. */
  pseudo = username == NULL && user_id == 0 && name != NULL &&
           (same_text (name, colour) || (r->item_name != NULL && same_text (name, r->item_name)));
  if (name == NULL)
    name = username;
  if (name == NULL)
    {
      name = tk_history_intern (r->self, _("Anonymous player"));
      pseudo = TRUE;
    }
  seat.person = tk_history_add_person (r->self, name, username, me, pseudo);
  /* A person logged by name only is the same person in every play of this user's export:
   * a new roster player takes a uid from the name, the same on every device that imports
   * the same plays (with a username it is "bgguser:NAME" already). */
  {
    TkHiPerson *person = &g_array_index (r->self->people, TkHiPerson, seat.person);

    if (username == NULL && !me && !pseudo && person->origin_uid == NULL &&
        person->pub.username == NULL)
      {
        g_autofree char *folded = g_utf8_casefold (name, -1);
        g_autofree char *origin = g_strconcat ("bggname:", folded, NULL);

        person->origin_uid = tk_history_intern (r->self, origin);
      }
  }
  if (username == NULL && user_id == 0 && score == NULL && !pseudo &&
      r->self->seats->len - r->play.first_seat < 64)
    r->unknown |= G_GUINT64_CONSTANT (1) << (r->self->seats->len - r->play.first_seat);
  if (score != NULL)
    {
      /* BGG's score is free text ("49-46ish", "36, 42"): only a plain number is a score;
       * the text is kept as written otherwise. */
      seat.has_score = tk_history_parse_score (score, FALSE, &seat.score);
      if (!seat.has_score)
        seat.score_text = score;
    }
  seat.winner = win;
  seat.first_play = is_new;
  seat.start = g_strcmp0 (start, "1") == 0;
  seat.role = colour;
  g_array_append_val (r->self->seats, seat);
  return TRUE;
}

static void
on_start (GMarkupParseContext  *context,
          const char           *element,
          const char          **names,
          const char          **values,
          gpointer              data,
          GError              **error)
{
  Reader *r = data;
  const char *parent = r->depth > 0 ? g_markup_parse_context_get_element_stack (context)->next->data
                                    : NULL;

  if (++r->depth > MAX_DEPTH)
    {
      refuse (r, error, _("The elements are nested too deeply."));
      return;
    }
  /* XML allows an attribute once per element; GMarkup takes a second one without a word,
   * and which of the two counted would be a guess. */
  for (guint i = 0; names[i] != NULL; i++)
    for (guint j = 0; j < i; j++)
      if (strcmp (names[i], names[j]) == 0)
        {
          refuse (r, error, _("<%s> has the attribute “%s” twice."), element, names[i]);
          return;
        }
  if (r->depth == 1)
    {
      if (strcmp (element, "plays") != 0)
        g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_FORMAT,
                     _("This is not a page of BoardGameGeek plays: it begins with <%s>, "
                       "not <plays>."), element);
      else
        start_plays (r, names, values, error);
    }
  /* Only where a plays page has them: <plays><play><item|comments|players><player>.  The
   * same names anywhere else (inside comments, say) are no part of the page. */
  else if (r->comments != NULL)
    return;
  else if (r->depth == 2 && strcmp (element, "play") == 0)
    start_play (r, names, values, error);
  else if (!r->in_play)
    return;
  else if (r->depth == 3 && strcmp (element, "item") == 0)
    start_item (r, names, values, error);
  else if (r->depth == 4 && strcmp (element, "player") == 0 && g_strcmp0 (parent, "players") == 0)
    start_player (r, names, values, error);
  else if (r->depth == 3 && strcmp (element, "comments") == 0)
    r->comments = g_string_new (NULL);
}

/* A co-op game's foe (Crossfire's mission, Elder Sign's Ancient One) logged as a player:
 * no account, no score, and the only one whose result differs from everybody else's, who
 * all share theirs.  Not a person of the roster (the preview lets the user say otherwise). */
static void
find_foe (Reader   *r,
          TkHiSeat *seats,
          guint     n_seats)
{
  guint foe = G_MAXUINT;

  if (n_seats < 3 || r->unknown == 0)
    return;
  for (guint i = 0; i < n_seats; i++)
    {
      gboolean others = seats[i == 0 ? 1 : 0].winner;
      gboolean alone = seats[i].winner != others;

      for (guint j = 0; j < n_seats && alone; j++)
        alone = j == i || seats[j].winner == others;
      if (alone && (r->unknown & (G_GUINT64_CONSTANT (1) << i)))
        foe = i;
    }
  if (foe != G_MAXUINT)
    {
      const TkHistoryPerson *p = &g_array_index (r->self->people, TkHiPerson,
                                                 seats[foe].person).pub;

      seats[foe].person = tk_history_add_person (r->self, p->name, NULL, FALSE, TRUE);
    }
}

static void
end_play (Reader  *r,
          GError **error)
{
  TkHiSeat *seats = TK_HI_SEATS_FROM (r->self, r->play.first_seat);
  guint n_seats = r->self->seats->len - r->play.first_seat;

  r->in_play = FALSE;
  if (!r->has_item)
    {
      refuse (r, error, _("Play %s names no game."), r->play.key + strlen ("bgg:"));
      return;
    }
  if (++r->n_records > TK_HISTORY_MAX_RECORDS)
    {
      refuse (r, error, _("The file holds more than %d plays."), TK_HISTORY_MAX_RECORDS);
      return;
    }
  find_foe (r, seats, n_seats);
  tk_history_rank_seats (seats, n_seats, -1);
  /* A play read before (an overlapping page) counts once toward BGG's "total". */
  if (tk_history_add_play (r->self, &r->play))
    r->self->bgg_records++;
}

static void
on_end (GMarkupParseContext  *context,
        const char           *element,
        gpointer              data,
        GError              **error)
{
  Reader *r = data;

  r->depth--;
  if (r->comments != NULL && r->depth == 2 && strcmp (element, "comments") == 0)
    {
      g_autoptr(GString) comments = g_steal_pointer (&r->comments);
      g_autofree char *where = NULL;
      int line = 0;

      g_markup_parse_context_get_position (context, &line, NULL);
      where = g_strdup_printf (_("Line %d"), line);
      g_strstrip (comments->str);
      if (comments->str[0] != '\0' &&
          tk_history_check_text (TK_TEXT_NOTES, "comments", comments->str, where, error))
        r->play.notes = tk_history_intern (r->self, comments->str);
    }
  else if (r->in_play && strcmp (element, "play") == 0 && r->depth == 1)
    end_play (r, error);
}

static void
on_text (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              data,
         GError              **error)
{
  Reader *r = data;

  if (r->comments == NULL)
    return;
  if (r->comments->len + length > 4 * tk_text_max_chars (TK_TEXT_NOTES))
    {
      refuse (r, error, _("The comments of a play are too long."));
      return;
    }
  g_string_append_len (r->comments, text, length);
}

static void
on_passthrough (GMarkupParseContext  *context,
                const char           *text,
                gsize                 length,
                gpointer              data,
                GError              **error)
{
  Reader *r = data;

  /* Comments and the XML declaration pass; declarations that define things do not. */
  if (length >= 2 && text[0] == '<' && text[1] == '!' &&
      !(length >= 4 && strncmp (text, "<!--", 4) == 0) &&
      !(length >= 9 && strncmp (text, "<![CDATA[", 9) == 0))
    refuse (r, error, _("The file declares a document type or entities, which a page of "
                        "BoardGameGeek plays never does."));
}

gboolean
tk_history_read_bgg (TkHistoryImport  *self,
                     const char       *text,
                     gsize             length,
                     GError          **error)
{
  static const GMarkupParser parser = { on_start, on_end, on_text, on_passthrough, NULL };
  Reader r = { 0 };
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  /* GMarkup would end a value at a NUL and drop the rest of it without a word, and quote
   * bytes that are not UTF-8 in its message: both are refused here first, with the line. */
  {
    const char *bad = memchr (text, '\0', length);
    const char *end = NULL;
    guint line = 1;

    if (bad == NULL && !g_utf8_validate_len (text, length, &end))
      bad = end;
    for (const char *p = text; bad != NULL && p < bad; p++)
      line += *p == '\n';
    if (bad != NULL)
      {
        g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
                     *bad == '\0' ? _("Line %u holds a NUL byte, which XML text never does.")
                                   : _("Line %u is not UTF-8 text."), line);
        return FALSE;
      }
  }
  r.self = self;
  r.context = g_markup_parse_context_new (&parser, 0, &r, NULL);
  ok = g_markup_parse_context_parse (r.context, text, length, &local_error) &&
       g_markup_parse_context_end_parse (r.context, &local_error);
  g_markup_parse_context_free (r.context);
  g_free (r.username);
  g_free (r.item_name);
  if (r.comments != NULL)
    g_string_free (r.comments, TRUE);
  if (!ok)
    {
      if (local_error->domain == TK_HISTORY_IMPORT_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        {
          /* GMarkup's message may quote the file. */
          g_autofree char *message = g_utf8_make_valid (local_error->message, -1);

          g_set_error (error, TK_HISTORY_IMPORT_ERROR, TK_HISTORY_IMPORT_ERROR_INVALID,
                       _("The file is not readable XML: %s"), message);
        }
      return FALSE;
    }
  return TRUE;
}
