/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Named places where a test can have the process killed (docs/ARCHITECTURE.md "Sync").
 *
 * A crash test that kills a process at a random moment rarely lands between two particular
 * steps (a temporary file written and not yet renamed, an operation stored and the fold not
 * yet run).  With TABLEKEEPER_TEST_KILL_AT=NAME or NAME:N in its environment the process
 * sends itself SIGKILL the N-th time (1 when not given) it reaches the point NAME.  Without
 * the variable a point costs one check of a cached flag; it is compiled into every build so
 * that the code tested is the code shipped. */

#include "config.h"

#include "tk-kill-point.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char   *kill_name;
static gint64  kill_at;
static gint    kill_count;

static gpointer
parse_env (gpointer data)
{
  const char *value = g_getenv ("TABLEKEEPER_TEST_KILL_AT");
  const char *colon;

  (void) data;
  if (value == NULL || *value == '\0')
    return GINT_TO_POINTER (FALSE);
  colon = strchr (value, ':');
  kill_name = colon != NULL ? g_strndup (value, colon - value) : g_strdup (value);
  kill_at = colon != NULL ? g_ascii_strtoll (colon + 1, NULL, 10) : 1;
  if (kill_at < 1)
    kill_at = 1;
  return GINT_TO_POINTER (TRUE);
}

/* Kills the process here when the environment asks for @name (see above). */
void
tk_kill_point (const char *name)
{
  static GOnce once = G_ONCE_INIT;

  if (!GPOINTER_TO_INT (g_once (&once, parse_env, NULL)) || !g_str_equal (name, kill_name))
    return;
  if (g_atomic_int_add (&kill_count, 1) + 1 == kill_at)
    {
      raise (SIGKILL);
      _exit (137);   /* not reached */
    }
}
