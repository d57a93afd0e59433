/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tk-feature-names.c — BoardGameGeek's mechanic and category names in the UI language.
 *
 * The catalog carries BGG's English names; the stored data, exports and search keep them.
 * What the user reads (Discover's reasons, a game's details) goes through here: every name of
 * the bundled catalog is listed for translation with its kind as context (so "Negotiation" the
 * mechanic and "Negotiation" the category can differ).  A name not listed — a user's own tag,
 * a newer catalog — comes back as it is; a test checks the list covers the catalog.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "tk-feature-names.h"

static const char *const mechanics[] = {
  NC_("board game mechanic", "Acting"),
  NC_("board game mechanic", "Action Drafting"),
  NC_("board game mechanic", "Action Points"),
  NC_("board game mechanic", "Action Queue"),
  NC_("board game mechanic", "Action Retrieval"),
  NC_("board game mechanic", "Action Timer"),
  NC_("board game mechanic", "Action/Event"),
  NC_("board game mechanic", "Advantage Token"),
  NC_("board game mechanic", "Alliances"),
  NC_("board game mechanic", "Area Majority / Influence"),
  NC_("board game mechanic", "Area Movement"),
  NC_("board game mechanic", "Area-Impulse"),
  NC_("board game mechanic", "Auction Compensation"),
  NC_("board game mechanic", "Auction/Bidding"),
  NC_("board game mechanic", "Auction: Dutch"),
  NC_("board game mechanic", "Auction: Dutch Priority"),
  NC_("board game mechanic", "Auction: English"),
  NC_("board game mechanic", "Auction: Fixed Placement"),
  NC_("board game mechanic", "Auction: Multiple Lot"),
  NC_("board game mechanic", "Auction: Once Around"),
  NC_("board game mechanic", "Auction: Sealed Bid"),
  NC_("board game mechanic", "Auction: Turn Order Until Pass"),
  NC_("board game mechanic", "Automatic Resource Growth"),
  NC_("board game mechanic", "Betting and Bluffing"),
  NC_("board game mechanic", "Bias"),
  NC_("board game mechanic", "Bids As Wagers"),
  NC_("board game mechanic", "Bingo"),
  NC_("board game mechanic", "Bribery"),
  NC_("board game mechanic", "Campaign / Battle Card Driven"),
  NC_("board game mechanic", "Card Play Conflict Resolution"),
  NC_("board game mechanic", "Catch the Leader"),
  NC_("board game mechanic", "Chaining"),
  NC_("board game mechanic", "Chit-Pull System"),
  NC_("board game mechanic", "Closed Drafting"),
  NC_("board game mechanic", "Closed Economy Auction"),
  NC_("board game mechanic", "Command Cards"),
  NC_("board game mechanic", "Commodity Speculation"),
  NC_("board game mechanic", "Communication Limits"),
  NC_("board game mechanic", "Connections"),
  NC_("board game mechanic", "Constrained Bidding"),
  NC_("board game mechanic", "Contracts"),
  NC_("board game mechanic", "Cooperative Game"),
  NC_("board game mechanic", "Critical Hits and Failures"),
  NC_("board game mechanic", "Cube Tower"),
  NC_("board game mechanic", "Deck Construction"),
  NC_("board game mechanic", "Deck, Bag, and Pool Building"),
  NC_("board game mechanic", "Deduction"),
  NC_("board game mechanic", "Delayed Purchase"),
  NC_("board game mechanic", "Dice Rolling"),
  NC_("board game mechanic", "Die Icon Resolution"),
  NC_("board game mechanic", "Different Dice Movement"),
  NC_("board game mechanic", "Drawing"),
  NC_("board game mechanic", "Elapsed Real Time Ending"),
  NC_("board game mechanic", "Enclosure"),
  NC_("board game mechanic", "End Game Bonuses"),
  NC_("board game mechanic", "Events"),
  NC_("board game mechanic", "Finale Ending"),
  NC_("board game mechanic", "Flicking"),
  NC_("board game mechanic", "Follow"),
  NC_("board game mechanic", "Force Commitment"),
  NC_("board game mechanic", "Grid Coverage"),
  NC_("board game mechanic", "Grid Movement"),
  NC_("board game mechanic", "Hand Management"),
  NC_("board game mechanic", "Hexagon Grid"),
  NC_("board game mechanic", "Hidden Movement"),
  NC_("board game mechanic", "Hidden Roles"),
  NC_("board game mechanic", "Hidden Victory Points"),
  NC_("board game mechanic", "Highest-Lowest Scoring"),
  NC_("board game mechanic", "Hot Potato"),
  NC_("board game mechanic", "I Cut, You Choose"),
  NC_("board game mechanic", "Impulse Movement"),
  NC_("board game mechanic", "Income"),
  NC_("board game mechanic", "Increase Value of Unchosen Resources"),
  NC_("board game mechanic", "Induction"),
  NC_("board game mechanic", "Interrupts"),
  NC_("board game mechanic", "Investment"),
  NC_("board game mechanic", "Kill Steal"),
  NC_("board game mechanic", "King of the Hill"),
  NC_("board game mechanic", "Ladder Climbing"),
  NC_("board game mechanic", "Layering"),
  NC_("board game mechanic", "Legacy Game"),
  NC_("board game mechanic", "Line Drawing"),
  NC_("board game mechanic", "Line of Sight"),
  NC_("board game mechanic", "Loans"),
  NC_("board game mechanic", "Lose a Turn"),
  NC_("board game mechanic", "Mancala"),
  NC_("board game mechanic", "Map Addition"),
  NC_("board game mechanic", "Map Deformation"),
  NC_("board game mechanic", "Map Reduction"),
  NC_("board game mechanic", "Market"),
  NC_("board game mechanic", "Matching"),
  NC_("board game mechanic", "Measurement Movement"),
  NC_("board game mechanic", "Melding and Splaying"),
  NC_("board game mechanic", "Memory"),
  NC_("board game mechanic", "Minimap Resolution"),
  NC_("board game mechanic", "Modular Board"),
  NC_("board game mechanic", "Move Through Deck"),
  NC_("board game mechanic", "Movement Points"),
  NC_("board game mechanic", "Movement Template"),
  NC_("board game mechanic", "Moving Multiple Units"),
  NC_("board game mechanic", "Multi-Use Cards"),
  NC_("board game mechanic", "Multiple Maps"),
  NC_("board game mechanic", "Narrative Choice / Paragraph"),
  NC_("board game mechanic", "Negotiation"),
  NC_("board game mechanic", "Neighbor Scope"),
  NC_("board game mechanic", "Network and Route Building"),
  NC_("board game mechanic", "Once-Per-Game Abilities"),
  NC_("board game mechanic", "Open Drafting"),
  NC_("board game mechanic", "Order Counters"),
  NC_("board game mechanic", "Ordering"),
  NC_("board game mechanic", "Ownership"),
  NC_("board game mechanic", "Paper-and-Pencil"),
  NC_("board game mechanic", "Passed Action Token"),
  NC_("board game mechanic", "Pattern Building"),
  NC_("board game mechanic", "Pattern Movement"),
  NC_("board game mechanic", "Pattern Recognition"),
  NC_("board game mechanic", "Physical Removal"),
  NC_("board game mechanic", "Pick-up and Deliver"),
  NC_("board game mechanic", "Pieces as Map"),
  NC_("board game mechanic", "Player Elimination"),
  NC_("board game mechanic", "Player Judge"),
  NC_("board game mechanic", "Point to Point Movement"),
  NC_("board game mechanic", "Predictive Bid"),
  NC_("board game mechanic", "Prisoner's Dilemma"),
  NC_("board game mechanic", "Programmed Movement"),
  NC_("board game mechanic", "Push Your Luck"),
  NC_("board game mechanic", "Race"),
  NC_("board game mechanic", "Random Production"),
  NC_("board game mechanic", "Ratio / Combat Results Table"),
  NC_("board game mechanic", "Re-rolling and Locking"),
  NC_("board game mechanic", "Real-Time"),
  NC_("board game mechanic", "Relative Movement"),
  NC_("board game mechanic", "Resource Queue"),
  NC_("board game mechanic", "Resource to Move"),
  NC_("board game mechanic", "Rock-Paper-Scissors"),
  NC_("board game mechanic", "Role Playing"),
  NC_("board game mechanic", "Roles with Asymmetric Information"),
  NC_("board game mechanic", "Roll / Spin and Move"),
  NC_("board game mechanic", "Rondel"),
  NC_("board game mechanic", "Scenario / Mission / Campaign Game"),
  NC_("board game mechanic", "Score-and-Reset Game"),
  NC_("board game mechanic", "Secret Unit Deployment"),
  NC_("board game mechanic", "Selection Order Bid"),
  NC_("board game mechanic", "Semi-Cooperative Game"),
  NC_("board game mechanic", "Set Collection"),
  NC_("board game mechanic", "Simulation"),
  NC_("board game mechanic", "Simultaneous Action Selection"),
  NC_("board game mechanic", "Singing"),
  NC_("board game mechanic", "Single Loser Game"),
  NC_("board game mechanic", "Slide/Push"),
  NC_("board game mechanic", "Solo / Solitaire Game"),
  NC_("board game mechanic", "Speed Matching"),
  NC_("board game mechanic", "Square Grid"),
  NC_("board game mechanic", "Stacking and Balancing"),
  NC_("board game mechanic", "Stat Check Resolution"),
  NC_("board game mechanic", "Static Capture"),
  NC_("board game mechanic", "Stock Holding"),
  NC_("board game mechanic", "Storytelling"),
  NC_("board game mechanic", "Sudden Death Ending"),
  NC_("board game mechanic", "Tags"),
  NC_("board game mechanic", "Take That"),
  NC_("board game mechanic", "Targeted Clues"),
  NC_("board game mechanic", "Team-Based Game"),
  NC_("board game mechanic", "Tech Trees / Tech Tracks"),
  NC_("board game mechanic", "Three Dimensional Movement"),
  NC_("board game mechanic", "Tile Placement"),
  NC_("board game mechanic", "Track Movement"),
  NC_("board game mechanic", "Trading"),
  NC_("board game mechanic", "Traitor Game"),
  NC_("board game mechanic", "Trick-taking"),
  NC_("board game mechanic", "Tug of War"),
  NC_("board game mechanic", "Turn Order: Auction"),
  NC_("board game mechanic", "Turn Order: Claim Action"),
  NC_("board game mechanic", "Turn Order: Pass Order"),
  NC_("board game mechanic", "Turn Order: Progressive"),
  NC_("board game mechanic", "Turn Order: Random"),
  NC_("board game mechanic", "Turn Order: Role Order"),
  NC_("board game mechanic", "Turn Order: Stat-Based"),
  NC_("board game mechanic", "Turn Order: Time Track"),
  NC_("board game mechanic", "Variable Phase Order"),
  NC_("board game mechanic", "Variable Player Powers"),
  NC_("board game mechanic", "Variable Set-up"),
  NC_("board game mechanic", "Victory Points as a Resource"),
  NC_("board game mechanic", "Voting"),
  NC_("board game mechanic", "Worker Placement"),
  NC_("board game mechanic", "Worker Placement with Dice Workers"),
  NC_("board game mechanic", "Worker Placement, Different Worker Types"),
  NC_("board game mechanic", "Zone of Control"),
};

static const char *const categories[] = {
  NC_("board game category", "Abstract Strategy"),
  NC_("board game category", "Action / Dexterity"),
  NC_("board game category", "Adventure"),
  NC_("board game category", "Age of Reason"),
  NC_("board game category", "American Civil War"),
  NC_("board game category", "American Indian Wars"),
  NC_("board game category", "American Revolutionary War"),
  NC_("board game category", "American West"),
  NC_("board game category", "Ancient"),
  NC_("board game category", "Animals"),
  NC_("board game category", "Arabian"),
  NC_("board game category", "Aviation / Flight"),
  NC_("board game category", "Bluffing"),
  NC_("board game category", "Card Game"),
  NC_("board game category", "Children's Game"),
  NC_("board game category", "City Building"),
  NC_("board game category", "Civil War"),
  NC_("board game category", "Civilization"),
  NC_("board game category", "Collectible Components"),
  NC_("board game category", "Comic Book / Strip"),
  NC_("board game category", "Deduction"),
  NC_("board game category", "Dice"),
  NC_("board game category", "Economic"),
  NC_("board game category", "Educational"),
  NC_("board game category", "Electronic"),
  NC_("board game category", "Environmental"),
  NC_("board game category", "Expansion for Base-game"),
  NC_("board game category", "Exploration"),
  NC_("board game category", "Fantasy"),
  NC_("board game category", "Farming"),
  NC_("board game category", "Fighting"),
  NC_("board game category", "Game System"),
  NC_("board game category", "Horror"),
  NC_("board game category", "Humor"),
  NC_("board game category", "Industry / Manufacturing"),
  NC_("board game category", "Mafia"),
  NC_("board game category", "Math"),
  NC_("board game category", "Mature / Adult"),
  NC_("board game category", "Maze"),
  NC_("board game category", "Medical"),
  NC_("board game category", "Medieval"),
  NC_("board game category", "Memory"),
  NC_("board game category", "Miniatures"),
  NC_("board game category", "Modern Warfare"),
  NC_("board game category", "Movies / TV / Radio theme"),
  NC_("board game category", "Murder/Mystery"),
  NC_("board game category", "Music"),
  NC_("board game category", "Mythology"),
  NC_("board game category", "Napoleonic"),
  NC_("board game category", "Nautical"),
  NC_("board game category", "Negotiation"),
  NC_("board game category", "Novel-based"),
  NC_("board game category", "Number"),
  NC_("board game category", "Party Game"),
  NC_("board game category", "Pike and Shot"),
  NC_("board game category", "Pirates"),
  NC_("board game category", "Political"),
  NC_("board game category", "Post-Napoleonic"),
  NC_("board game category", "Prehistoric"),
  NC_("board game category", "Print & Play"),
  NC_("board game category", "Puzzle"),
  NC_("board game category", "Racing"),
  NC_("board game category", "Real-time"),
  NC_("board game category", "Religious"),
  NC_("board game category", "Renaissance"),
  NC_("board game category", "Science Fiction"),
  NC_("board game category", "Space Exploration"),
  NC_("board game category", "Spies/Secret Agents"),
  NC_("board game category", "Sports"),
  NC_("board game category", "Territory Building"),
  NC_("board game category", "Trains"),
  NC_("board game category", "Transportation"),
  NC_("board game category", "Travel"),
  NC_("board game category", "Trivia"),
  NC_("board game category", "Video Game Theme"),
  NC_("board game category", "Vietnam War"),
  NC_("board game category", "Wargame"),
  NC_("board game category", "Word Game"),
  NC_("board game category", "World War I"),
  NC_("board game category", "World War II"),
  NC_("board game category", "Zombies"),
};

static gboolean
listed (const char *const *names,
        gsize              n,
        const char        *name)
{
  for (gsize i = 0; i < n; i++)
    if (strcmp (names[i], name) == 0)
      return TRUE;
  return FALSE;
}

/**
 * tk_feature_name_is_known:
 * @kind: "mechanic" or "category"
 * @name: BoardGameGeek's English name
 *
 * Returns: whether @name is listed for translation
 */
gboolean
tk_feature_name_is_known (const char *kind,
                          const char *name)
{
  g_return_val_if_fail (kind != NULL && name != NULL, FALSE);

  if (g_str_equal (kind, "mechanic"))
    return listed (mechanics, G_N_ELEMENTS (mechanics), name);
  if (g_str_equal (kind, "category"))
    return listed (categories, G_N_ELEMENTS (categories), name);
  return FALSE;
}

/**
 * tk_feature_name_translate:
 * @kind: "mechanic" or "category"
 * @name: BoardGameGeek's English name
 *
 * Returns: (transfer none): @name in the UI language, or @name itself when it has no
 *   translation (or is not listed)
 */
const char *
tk_feature_name_translate (const char *kind,
                           const char *name)
{
  g_return_val_if_fail (kind != NULL && name != NULL, name);

  if (!tk_feature_name_is_known (kind, name))
    return name;
  return g_dpgettext2 (GETTEXT_PACKAGE,
                       g_str_equal (kind, "mechanic") ? "board game mechanic"
                                                      : "board game category",
                       name);
}
