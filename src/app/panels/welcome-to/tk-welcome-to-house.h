/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-welcome-to-house.h — one house box of a Welcome To... street, made in a loop by the
 * panel: the box a player taps (its pool spot and the number written), with the bars above
 * and below that mark a completed estate and one a city plan used, and the fence slot after
 * it.
 *
 * A tap activates "welcome-to.write-house" with the house's (street, house), and one on the
 * fence slot after it "welcome-to.fence", actions the street installs; the house only shows what it is told, patched in place (a tap never
 * destroys it), and says in its accessible name what a tap would do ("Write 7 in street 1,
 * house 3").
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  TK_WELCOME_TO_HOUSE_BUILT      = 1 << 0,   /* something is written in the box */
  TK_WELCOME_TO_HOUSE_PENDING    = 1 << 1,   /* written this turn, its effect's target next */
  TK_WELCOME_TO_HOUSE_DIM        = 1 << 2,   /* the engine would refuse a tap */
  TK_WELCOME_TO_HOUSE_TARGET     = 1 << 3,   /* a place the effect may go */
  TK_WELCOME_TO_HOUSE_POOL_BUILT = 1 << 4,
  TK_WELCOME_TO_HOUSE_IN_ESTATE  = 1 << 5,
  TK_WELCOME_TO_HOUSE_PLAN_USED  = 1 << 6,
  /* the fence slot after the house */
  TK_WELCOME_TO_FENCE_BUILT      = 1 << 7,
  TK_WELCOME_TO_FENCE_CHOOSING   = 1 << 8,   /* the surveyor's fence is being placed */
  TK_WELCOME_TO_FENCE_DIM        = 1 << 9,
  TK_WELCOME_TO_FENCE_IN_ESTATE  = 1 << 10,  /* the estate goes on past the slot */
  TK_WELCOME_TO_FENCE_PLAN_USED  = 1 << 11,
} TkWelcomeToHouseFlags;

#define TK_TYPE_WELCOME_TO_HOUSE (tk_welcome_to_house_get_type ())
G_DECLARE_FINAL_TYPE (TkWelcomeToHouse, tk_welcome_to_house, TK, WELCOME_TO_HOUSE, GtkWidget)

/* House @house of street @street (0-based); @pool_spot: the paper prints a pool there;
 * @fence_slot: a fence may follow it (all but a street's last house). */
GtkWidget *tk_welcome_to_house_new        (guint                  street,
                                           guint                  house,
                                           gboolean               pool_spot,
                                           gboolean               fence_slot);
/* What the box shows (a number, "7b", a roundabout), @flags, and the number a tap would
 * write there (-1: none, or the tap would be refused). */
void       tk_welcome_to_house_update     (TkWelcomeToHouse      *self,
                                           const char            *text,
                                           TkWelcomeToHouseFlags  flags,
                                           gint                   write);

G_END_DECLS
