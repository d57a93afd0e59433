/* tk-rules.h — the interface every rules engine implements, and the registry of engines.
 *
 * An engine folds a session's ledger of actions into a state.  It is deterministic (no clock,
 * no randomness: a shuffle is an action carrying its result) and never touches GTK or SQLite.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TK_RULES_ERROR (tk_rules_error_quark ())

typedef enum
{
  TK_RULES_ERROR_ILLEGAL,     /* the action breaks a rule; the message says which */
  TK_RULES_ERROR_INVALID,     /* the action or setup is malformed */
} TkRulesError;

typedef struct _TkRules TkRules;

struct _TkRules
{
  const char  *id;                                   /* stable, stored in the library */
  const char *(*get_name)      (void);               /* translated */
  guint        min_players;
  guint        max_players;
  JsonObject *(*default_setup) (guint n_players);
  gpointer    (*state_new)     (JsonObject *setup, GError **error);
  gboolean    (*apply)         (gpointer state, JsonObject *action, GError **error);
  JsonObject *(*score)         (gpointer state);
  JsonObject *(*to_json)       (gpointer state);
  void        (*state_free)    (gpointer state);
};

GQuark          tk_rules_error_quark (void);

void            tk_rules_register    (const TkRules *rules);
const TkRules  *tk_rules_lookup      (const char    *id);
GPtrArray      *tk_rules_list        (void);

G_END_DECLS
