/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-ledger-entry.c — one readable line of a session's ledger. */
#define G_LOG_DOMAIN "tk-ledger"

#include "config.h"

#include "tk-ledger-entry.h"

struct _TkLedgerEntry
{
  GObject   parent_instance;

  gint64    seq;
  gint64    created_at;
  char     *text;
  gboolean  undone;
};

enum { PROP_0, PROP_SEQ, PROP_CREATED_AT, PROP_TEXT, PROP_UNDONE, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TkLedgerEntry, tk_ledger_entry, G_TYPE_OBJECT)

static void
tk_ledger_entry_finalize (GObject *object)
{
  TkLedgerEntry *self = TK_LEDGER_ENTRY (object);

  g_free (self->text);
  G_OBJECT_CLASS (tk_ledger_entry_parent_class)->finalize (object);
}

static void
tk_ledger_entry_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TkLedgerEntry *self = TK_LEDGER_ENTRY (object);

  switch (prop_id)
    {
    case PROP_SEQ:        g_value_set_int64 (value, self->seq); break;
    case PROP_CREATED_AT: g_value_set_int64 (value, self->created_at); break;
    case PROP_TEXT:       g_value_set_string (value, self->text); break;
    case PROP_UNDONE:     g_value_set_boolean (value, self->undone); break;
    default:              G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tk_ledger_entry_class_init (TkLedgerEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tk_ledger_entry_finalize;
  object_class->get_property = tk_ledger_entry_get_property;

  properties[PROP_SEQ] = g_param_spec_int64 ("seq", NULL, NULL, 0, G_MAXINT64, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CREATED_AT] = g_param_spec_int64 ("created-at", NULL, NULL, 0, G_MAXINT64, 0,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDONE] = g_param_spec_boolean ("undone", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tk_ledger_entry_init (TkLedgerEntry *self)
{
}

TkLedgerEntry *
tk_ledger_entry_new (gint64      seq,
                     gint64      created_at,
                     const char *text,
                     gboolean    undone)
{
  TkLedgerEntry *self = g_object_new (TK_TYPE_LEDGER_ENTRY, NULL);

  self->seq = seq;
  self->created_at = created_at;
  self->text = g_strdup (text);
  self->undone = undone;
  return self;
}

gint64
tk_ledger_entry_get_seq (TkLedgerEntry *self)
{
  g_return_val_if_fail (TK_IS_LEDGER_ENTRY (self), 0);
  return self->seq;
}

gint64
tk_ledger_entry_get_created_at (TkLedgerEntry *self)
{
  g_return_val_if_fail (TK_IS_LEDGER_ENTRY (self), 0);
  return self->created_at;
}

const char *
tk_ledger_entry_get_text (TkLedgerEntry *self)
{
  g_return_val_if_fail (TK_IS_LEDGER_ENTRY (self), NULL);
  return self->text;
}

gboolean
tk_ledger_entry_get_undone (TkLedgerEntry *self)
{
  g_return_val_if_fail (TK_IS_LEDGER_ENTRY (self), FALSE);
  return self->undone;
}

void
tk_ledger_entry_set_undone (TkLedgerEntry *self,
                            gboolean       undone)
{
  g_return_if_fail (TK_IS_LEDGER_ENTRY (self));

  undone = !!undone;
  if (self->undone == undone)
    return;
  self->undone = undone;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDONE]);
}
