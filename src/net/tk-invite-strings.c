/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-invite-strings.c — every word the guest page shows.
 *
 * The page itself holds no text: the host sends these in the guest's language with the
 * welcome, so that they are translated in po/ja.po with the rest of Tablekeeper.  They are
 * looked up in the guest's catalog, not through gettext, so that the phone's language
 * decides whatever the host's locale (tk-invite-lang.c).  "%s" and "%d" are filled in by
 * the page.
 */
#define G_LOG_DOMAIN "tk-invite"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tk-invite-lang.h"
#include "tk-invite-strings.h"

static const struct
{
  const char *key;
  const char *text;
} strings[] = {
  { "connecting", N_("Connecting…") },
  { "reconnecting", N_("Connection lost. Reconnecting…") },
  { "stopped", N_("The host stopped inviting players. Ask them for a new code.") },
  { "pick_seat", N_("Which player are you?") },
  { "seat_free", N_("Free") },
  { "seat_taken", N_("Taken") },
  { "seat_pending", N_("Asked") },
  { "seat_you", N_("You") },
  { "asked", N_("Waiting for the host to give you this seat…") },
  { "leave", N_("Leave Seat") },
  { "leave_ask", N_("Leave %s’s seat? The host keeps the sheet, and you can pick a player again.") },
  { "taken_back", N_("The host took your seat back. Pick a player to join again.") },
  { "watch_only", N_("The host keeps the score of this game; your phone follows it.") },
  { "scores", N_("Scores") },
  { "latest", N_("Latest") },
  { "nothing_yet", N_("Nothing written yet") },
  { "round", N_("Round %d") },
  { "waiting_for", N_("Waiting for %s") },
  { "round_done", N_("Everyone has played this round") },
  { "your_turn", N_("Your turn") },
  { "turn_of", N_("%s’s turn") },
  { "game_over", N_("The game is over") },
  { "winner", N_("Winner") },
  { "street", N_("Street %d") },
  { "house", N_("Street %d, house %d") },
  { "empty", N_("empty") },
  { "card", N_("Card") },
  { "number_from", N_("Number from the card") },
  { "effect_from", N_("Effect from the card") },
  { "card_number", N_("Number on the card") },
  { "number", N_("Number written") },
  { "effect", N_("Effect") },
  { "surveyor", N_("Surveyor") },
  { "real_estate", N_("Real Estate Agent") },
  { "landscaper", N_("Landscaper") },
  { "pool", N_("Pool Manufacturer") },
  { "temp", N_("Temp Agency") },
  { "bis", N_("Bis") },
  { "use_pool", N_("Build the pool") },
  { "use_park", N_("Build a park on this street") },
  { "fence_after", N_("Fence after house") },
  { "column", N_("Estate column") },
  { "bis_where", N_("Bis on street") },
  { "bis_house", N_("Bis in house") },
  { "bis_copies", N_("Copying the house") },
  { "bis_left", N_("on its left") },
  { "bis_right", N_("on its right") },
  { "none", N_("None") },
  { "write", N_("Write") },
  { "cancel", N_("Cancel") },
  { "refuse", N_("Building Permit Refused") },
  { "refuse_cards", N_("This round’s three cards") },
  { "refusals", N_("Refusals: %d of 3") },
  { "played", N_("Written. Waiting for the others.") },
  { "round_score", N_("Your score, round %d") },
  { "save", N_("Save") },
  { "sending", N_("Sending…") },
  { "pool_spot", N_("pool spot") },
  { "pool_legend", N_("Dashed: a house with a pool spot") },
  { "plans", N_("City plans") },
  { "claim", N_("Claim n°%d") },
  /* Translators: a city plan's button on the phone, "Claim n°1: estates of 1, 1, 1, 1, 1, 1
   * houses"; %d is the plan's number, %s its estates' sizes */
  { "claim_estates", N_("Claim n°%d: estates of %s houses") },
  { "claimed", N_("n°%d claimed") },
  { "estate_of", N_("Estate of %d") },
  { "street_label", N_("Street") },
  { "from_house", N_("From house") },
  { "claim_button", N_("Claim") },
  { "roundabout", N_("Build a roundabout here instead") },
};

JsonObject *
tk_invite_strings_new (const char *lang)
{
  JsonObject *object = json_object_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (strings); i++)
    json_object_set_string_member (object, strings[i].key,
                                   tk_invite_lang_gettext (lang, strings[i].text));
  return object;
}
