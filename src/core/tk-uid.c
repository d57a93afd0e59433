/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-uid.c — UUIDv7 and the derived uids of games (see tk-uid.h). */
#define G_LOG_DOMAIN "tk-uid"

#include "config.h"

#include <string.h>

#include "tk-uid.h"

/* The last UUIDv7 made (time and the 74 bits after it, as 12 + 62 bits), so that the next
 * one sorts after it: RFC 9562's "monotonic random" method, one process wide. */
G_LOCK_DEFINE_STATIC (last);
static gint64  last_ms = -1;
static guint16 last_a;       /* the 12 bits of rand_a */
static guint64 last_b;       /* the 62 bits of rand_b */

static void
format_uuid (char     out[37],
             gint64   ms,
             guint16  rand_a,
             guint64  rand_b)
{
  guint8 bytes[16];

  for (int i = 0; i < 6; i++)
    bytes[i] = (guint8) (ms >> (40 - 8 * i));
  bytes[6] = 0x70 | ((rand_a >> 8) & 0x0f);
  bytes[7] = rand_a & 0xff;
  bytes[8] = 0x80 | ((rand_b >> 56) & 0x3f);
  for (int i = 1; i < 8; i++)
    bytes[8 + i] = (guint8) (rand_b >> (56 - 8 * i));

  g_snprintf (out, 37,
              "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
              bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
              bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14],
              bytes[15]);
}

char *
tk_uid_new_v7_at (gint64 unix_ms)
{
  char out[37];
  gint64 ms = CLAMP (unix_ms, 0, (G_GINT64_CONSTANT (1) << 48) - 1);
  guint16 rand_a;
  guint64 rand_b;

  G_LOCK (last);
  if (ms <= last_ms)
    {
      /* Same millisecond, or the clock went back: count on from the last uid, so order
       * follows creation.  An overflow of the 74 bits carries into the time. */
      ms = last_ms;
      rand_a = last_a;
      rand_b = last_b + 1 + (g_random_int () & 0xffff);
      if (rand_b >= (G_GUINT64_CONSTANT (1) << 62))
        {
          rand_b &= (G_GUINT64_CONSTANT (1) << 62) - 1;
          if (++rand_a > 0x0fff)
            {
              rand_a = 0;
              ms++;
            }
        }
    }
  else
    {
      rand_a = g_random_int () & 0x0fff;
      /* The top bit left clear: room to count on within the millisecond. */
      rand_b = (((guint64) g_random_int () << 32) | g_random_int ()) &
               ((G_GUINT64_CONSTANT (1) << 61) - 1);
    }
  last_ms = ms;
  last_a = rand_a;
  last_b = rand_b;
  G_UNLOCK (last);

  format_uuid (out, ms, rand_a, rand_b);
  return g_strdup (out);
}

char *
tk_uid_new_v7 (void)
{
  return tk_uid_new_v7_at (g_get_real_time () / 1000);
}

char *
tk_uid_new_random (void)
{
  GString *out = g_string_sized_new (32);

  for (int i = 0; i < 4; i++)
    g_string_append_printf (out, "%08x", g_random_int ());
  return g_string_free (out, FALSE);
}

char *
tk_uid_for_game (gint64      bgg_id,
                 const char *catalog_key)
{
  if (bgg_id > 0)
    return g_strdup_printf ("bgg:%" G_GINT64_FORMAT, bgg_id);
  if (catalog_key != NULL && *catalog_key != '\0')
    return g_strconcat ("cat:", catalog_key, NULL);
  return NULL;
}

gboolean
tk_uid_is_v7 (const char *uid)
{
  static const int dashes[] = { 8, 13, 18, 23 };

  if (uid == NULL || strlen (uid) != 36)
    return FALSE;
  for (int i = 0; i < 36; i++)
    {
      gboolean dash = FALSE;

      for (guint d = 0; d < G_N_ELEMENTS (dashes); d++)
        dash = dash || dashes[d] == i;
      if (dash ? uid[i] != '-' : !g_ascii_isxdigit (uid[i]) || g_ascii_isupper (uid[i]))
        return FALSE;
    }
  return uid[14] == '7' && strchr ("89ab", uid[19]) != NULL;
}

gint64
tk_uid_v7_time (const char *uid)
{
  char hex[13];

  if (!tk_uid_is_v7 (uid))
    return -1;
  memcpy (hex, uid, 8);
  memcpy (hex + 8, uid + 9, 4);
  hex[12] = '\0';
  return (gint64) g_ascii_strtoull (hex, NULL, 16);
}
