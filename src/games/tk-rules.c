/* tk-rules.c — the registry of rules engines. */
#define G_LOG_DOMAIN "tk-rules"

#include "config.h"

#include "tk-rules.h"

G_DEFINE_QUARK (tk-rules-error-quark, tk_rules_error)

static GPtrArray *registry;

void
tk_rules_register (const TkRules *rules)
{
  g_return_if_fail (rules != NULL && rules->id != NULL);

  if (registry == NULL)
    registry = g_ptr_array_new ();
  if (tk_rules_lookup (rules->id) != NULL)
    return;
  g_ptr_array_add (registry, (gpointer) rules);
}

const TkRules *
tk_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; registry != NULL && i < registry->len; i++)
    {
      const TkRules *rules = registry->pdata[i];
      if (g_strcmp0 (rules->id, id) == 0)
        return rules;
    }
  return NULL;
}

/* The engines in registration order; the array is the caller's, the engines are not. */
GPtrArray *
tk_rules_list (void)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; registry != NULL && i < registry->len; i++)
    g_ptr_array_add (list, registry->pdata[i]);
  return list;
}
