/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-store-schema.h — the ordered list of schema migrations. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int         version;      /* user_version after this step */
  const char *sql;          /* one or more statements, run inside one transaction */
} TkStoreMigration;

const TkStoreMigration *tk_store_schema_migrations (guint *n_migrations);

G_END_DECLS
