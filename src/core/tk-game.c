/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-game.c — one game of the library with the user's collection entry for it. */
#define G_LOG_DOMAIN "tk-collection"

#include "config.h"

#include <stddef.h>

#include "tk-display-title.h"
#include "tk-game-private.h"

typedef enum
{
  KIND_INT64,
  KIND_INT,
  KIND_UINT,
  KIND_DOUBLE,
  KIND_BOOLEAN,
  KIND_STRING,
  KIND_STRV,
} FieldKind;

typedef struct
{
  const char *name;
  FieldKind   kind;
  gsize       offset;
} Field;

/* Property N + 1 is fields[N]. */
static const Field fields[] = {
  { "id",             KIND_INT64,   G_STRUCT_OFFSET (TkGame, id) },
  { "title",          KIND_STRING,  G_STRUCT_OFFSET (TkGame, title) },
  { "title-ja",       KIND_STRING,  G_STRUCT_OFFSET (TkGame, title_ja) },
  { "year",           KIND_INT,     G_STRUCT_OFFSET (TkGame, year) },
  { "min-players",    KIND_UINT,    G_STRUCT_OFFSET (TkGame, min_players) },
  { "max-players",    KIND_UINT,    G_STRUCT_OFFSET (TkGame, max_players) },
  { "best-players",   KIND_STRING,  G_STRUCT_OFFSET (TkGame, best_players) },
  { "min-time",       KIND_UINT,    G_STRUCT_OFFSET (TkGame, min_time) },
  { "max-time",       KIND_UINT,    G_STRUCT_OFFSET (TkGame, max_time) },
  { "min-age",        KIND_UINT,    G_STRUCT_OFFSET (TkGame, min_age) },
  { "weight",         KIND_DOUBLE,  G_STRUCT_OFFSET (TkGame, weight) },
  { "bgg-id",         KIND_INT64,   G_STRUCT_OFFSET (TkGame, bgg_id) },
  { "bgg-rank",       KIND_UINT,    G_STRUCT_OFFSET (TkGame, bgg_rank) },
  { "rating-avg",     KIND_DOUBLE,  G_STRUCT_OFFSET (TkGame, rating_avg) },
  { "source",         KIND_STRING,  G_STRUCT_OFFSET (TkGame, source) },
  { "designers",      KIND_STRV,    G_STRUCT_OFFSET (TkGame, designers) },
  { "mechanics",      KIND_STRV,    G_STRUCT_OFFSET (TkGame, mechanics) },
  { "categories",     KIND_STRV,    G_STRUCT_OFFSET (TkGame, categories) },
  { "notes",          KIND_STRING,  G_STRUCT_OFFSET (TkGame, notes) },
  { "cover-path",     KIND_STRING,  G_STRUCT_OFFSET (TkGame, cover_path) },
  { "in-collection",  KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, in_collection) },
  { "owned",          KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, owned) },
  { "want-to-play",   KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, want_to_play) },
  { "played",         KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, played) },
  { "favourite",      KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, favourite) },
  { "not-interested", KIND_BOOLEAN, G_STRUCT_OFFSET (TkGame, not_interested) },
  { "rating",         KIND_UINT,    G_STRUCT_OFFSET (TkGame, rating) },
  { "comment",        KIND_STRING,  G_STRUCT_OFFSET (TkGame, comment) },
  { "acquired-on",    KIND_STRING,  G_STRUCT_OFFSET (TkGame, acquired_on) },
  { "price-paid",     KIND_DOUBLE,  G_STRUCT_OFFSET (TkGame, price_paid) },
  { "plays",          KIND_UINT,    G_STRUCT_OFFSET (TkGame, plays) },
  { "last-played",    KIND_STRING,  G_STRUCT_OFFSET (TkGame, last_played) },
};

static GParamSpec *properties[G_N_ELEMENTS (fields) + 1];

G_DEFINE_FINAL_TYPE (TkGame, tk_game, G_TYPE_OBJECT)

#define FIELD_PTR(self, field) ((gpointer) ((guint8 *) (self) + (field)->offset))

static void
tk_game_finalize (GObject *object)
{
  TkGame *self = TK_GAME (object);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      if (fields[i].kind == KIND_STRING)
        g_clear_pointer ((char **) FIELD_PTR (self, &fields[i]), g_free);
      else if (fields[i].kind == KIND_STRV)
        g_clear_pointer ((char ***) FIELD_PTR (self, &fields[i]), g_strfreev);
    }
  g_clear_pointer (&self->catalog_key, g_free);
  g_clear_pointer (&self->uid, g_free);
  g_clear_pointer (&self->bgg_extra, g_free);
  g_clear_pointer (&self->play_ids, g_array_unref);

  G_OBJECT_CLASS (tk_game_parent_class)->finalize (object);
}

static void
tk_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  const Field *field;
  gpointer ptr;

  if (prop_id == 0 || prop_id > G_N_ELEMENTS (fields))
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  field = &fields[prop_id - 1];
  ptr = FIELD_PTR (object, field);

  switch (field->kind)
    {
    case KIND_INT64:   g_value_set_int64 (value, *(gint64 *) ptr); break;
    case KIND_INT:     g_value_set_int (value, *(int *) ptr); break;
    case KIND_UINT:    g_value_set_uint (value, *(guint *) ptr); break;
    case KIND_DOUBLE:  g_value_set_double (value, *(double *) ptr); break;
    case KIND_BOOLEAN: g_value_set_boolean (value, *(gboolean *) ptr); break;
    case KIND_STRING:  g_value_set_string (value, *(char **) ptr); break;
    case KIND_STRV:    g_value_set_boxed (value, *(char ***) ptr); break;
    default:           g_assert_not_reached ();
    }
}

static void
tk_game_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  const Field *field;
  gpointer ptr;

  if (prop_id == 0 || prop_id > G_N_ELEMENTS (fields))
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  field = &fields[prop_id - 1];
  ptr = FIELD_PTR (object, field);

  switch (field->kind)
    {
    case KIND_INT64:   *(gint64 *) ptr = g_value_get_int64 (value); break;
    case KIND_INT:     *(int *) ptr = g_value_get_int (value); break;
    case KIND_UINT:    *(guint *) ptr = g_value_get_uint (value); break;
    case KIND_DOUBLE:  *(double *) ptr = g_value_get_double (value); break;
    case KIND_BOOLEAN: *(gboolean *) ptr = g_value_get_boolean (value); break;
    case KIND_STRING:
      g_free (*(char **) ptr);
      *(char **) ptr = g_value_dup_string (value);
      break;
    case KIND_STRV:
      g_strfreev (*(char ***) ptr);
      *(char ***) ptr = g_value_dup_boxed (value);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
tk_game_class_init (TkGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->finalize = tk_game_finalize;
  object_class->get_property = tk_game_get_property;
  object_class->set_property = tk_game_set_property;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *name = fields[i].name;
      GParamSpec *pspec = NULL;

      switch (fields[i].kind)
        {
        case KIND_INT64:
          pspec = g_param_spec_int64 (name, NULL, NULL, 0, G_MAXINT64, 0, flags);
          break;
        case KIND_INT:
          pspec = g_param_spec_int (name, NULL, NULL, G_MININT, G_MAXINT, 0, flags);
          break;
        case KIND_UINT:
          pspec = g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0, flags);
          break;
        case KIND_DOUBLE:
          pspec = g_param_spec_double (name, NULL, NULL, -1.0, G_MAXDOUBLE,
                                       g_str_equal (name, "price-paid") ? -1.0 : 0.0, flags);
          break;
        case KIND_BOOLEAN:
          pspec = g_param_spec_boolean (name, NULL, NULL, FALSE, flags);
          break;
        case KIND_STRING:
          pspec = g_param_spec_string (name, NULL, NULL, NULL, flags);
          break;
        case KIND_STRV:
          pspec = g_param_spec_boxed (name, NULL, NULL, G_TYPE_STRV, flags);
          break;
        default:
          g_assert_not_reached ();
        }
      properties[i + 1] = pspec;
    }

  g_object_class_install_properties (object_class, G_N_ELEMENTS (properties), properties);
}

static void
tk_game_init (TkGame *self)
{
  self->price_paid = -1.0;
}

TkGame *
tk_game_new (const char *title)
{
  TkGame *self = g_object_new (TK_TYPE_GAME, NULL);

  self->title = g_strdup (title);
  self->source = g_strdup ("own");
  return self;
}

TkGame *
tk_game_copy (TkGame *game)
{
  TkGame *copy;

  g_return_val_if_fail (TK_IS_GAME (game), NULL);

  copy = g_object_new (TK_TYPE_GAME, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      gpointer from = FIELD_PTR (game, &fields[i]);
      gpointer to = FIELD_PTR (copy, &fields[i]);

      switch (fields[i].kind)
        {
        case KIND_INT64:   *(gint64 *) to = *(gint64 *) from; break;
        case KIND_INT:     *(int *) to = *(int *) from; break;
        case KIND_UINT:    *(guint *) to = *(guint *) from; break;
        case KIND_DOUBLE:  *(double *) to = *(double *) from; break;
        case KIND_BOOLEAN: *(gboolean *) to = *(gboolean *) from; break;
        case KIND_STRING:  *(char **) to = g_strdup (*(char **) from); break;
        case KIND_STRV:    *(char ***) to = g_strdupv (*(char ***) from); break;
        default:           g_assert_not_reached ();
        }
    }
  copy->catalog_key = g_strdup (game->catalog_key);
  copy->bgg_extra = g_strdup (game->bgg_extra);
  copy->bgg_plays = game->bgg_plays;
  if (game->play_ids != NULL)
    copy->play_ids = g_array_copy (game->play_ids);
  return copy;
}

void
tk_game_set_status_flags (TkGame       *self,
                          TkGameStatus  statuses)
{
  self->owned = (statuses & TK_GAME_STATUS_OWNED) != 0;
  self->want_to_play = (statuses & TK_GAME_STATUS_WANT_TO_PLAY) != 0;
  self->played = (statuses & TK_GAME_STATUS_PLAYED) != 0;
  self->favourite = (statuses & TK_GAME_STATUS_FAVOURITE) != 0;
  self->not_interested = (statuses & TK_GAME_STATUS_NOT_INTERESTED) != 0;
}

#define GETTER(type, name, fallback) \
  type tk_game_get_##name (TkGame *self) \
  { \
    g_return_val_if_fail (TK_IS_GAME (self), fallback); \
    return self->name; \
  }

GETTER (gint64, id, 0)
GETTER (const char *, title, NULL)
GETTER (const char *, title_ja, NULL)
GETTER (int, year, 0)
GETTER (guint, min_players, 0)
GETTER (guint, max_players, 0)
GETTER (const char *, best_players, NULL)
GETTER (guint, min_time, 0)
GETTER (guint, max_time, 0)
GETTER (guint, min_age, 0)
GETTER (double, weight, 0.0)
GETTER (gint64, bgg_id, 0)
GETTER (guint, bgg_rank, 0)
GETTER (double, rating_avg, 0.0)
GETTER (const char *, source, NULL)
GETTER (const char *, notes, NULL)
GETTER (const char *, cover_path, NULL)
GETTER (const char *, catalog_key, NULL)
GETTER (gboolean, in_collection, FALSE)
GETTER (guint, rating, 0)
GETTER (const char *, comment, NULL)
GETTER (const char *, acquired_on, NULL)
GETTER (double, price_paid, -1.0)
GETTER (guint, plays, 0)
GETTER (const char *, last_played, NULL)

const char *
tk_game_get_display_title (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return tk_display_title (self->title, self->title_ja);
}

const char *
tk_game_get_other_title (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return tk_display_title_other (self->title, self->title_ja);
}

const char * const *
tk_game_get_designers (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return (const char * const *) self->designers;
}

const char * const *
tk_game_get_mechanics (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return (const char * const *) self->mechanics;
}

const char * const *
tk_game_get_categories (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return (const char * const *) self->categories;
}

TkGameStatus
tk_game_get_statuses (TkGame *self)
{
  TkGameStatus statuses = TK_GAME_STATUS_NONE;

  g_return_val_if_fail (TK_IS_GAME (self), TK_GAME_STATUS_NONE);

  if (self->owned)
    statuses |= TK_GAME_STATUS_OWNED;
  if (self->want_to_play)
    statuses |= TK_GAME_STATUS_WANT_TO_PLAY;
  if (self->played)
    statuses |= TK_GAME_STATUS_PLAYED;
  if (self->favourite)
    statuses |= TK_GAME_STATUS_FAVOURITE;
  if (self->not_interested)
    statuses |= TK_GAME_STATUS_NOT_INTERESTED;
  return statuses;
}

gboolean
tk_game_has_status (TkGame       *self,
                    TkGameStatus  status)
{
  return (tk_game_get_statuses (self) & status) != 0;
}

static char *
describe_range (guint low,
                guint high)
{
  if (low == 0 && high == 0)
    return g_strdup ("");
  if (low == 0 || high == 0 || low == high)
    return g_strdup_printf ("%u", MAX (low, high));
  return g_strdup_printf ("%u–%u", low, high);
}

char *
tk_game_describe_players (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return describe_range (self->min_players, self->max_players);
}

char *
tk_game_describe_time (TkGame *self)
{
  g_return_val_if_fail (TK_IS_GAME (self), NULL);
  return describe_range (self->min_time, self->max_time);
}
