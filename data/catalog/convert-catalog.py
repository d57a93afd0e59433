#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds data/catalog/catalog.json.gz, the catalog of games bundled with Tablekeeper.

Input: the gamefinder snapshot of BoardGameGeek data (game_detail.json with designer,
mechanic and category name tables) plus the handful of games Tablekeeper keeps the books
for, listed below with the facts known from their rule texts.  Output: one gzip'd JSON
document, deterministic (sorted, no timestamp in the gzip header) so that re-running the
script on the same input gives the same bytes.

    python3 data/catalog/convert-catalog.py ../shared/data/catalog-source/gamefinder \
        data/catalog/catalog.json.gz

Format (documented in docs/formats.md, "Bundled catalog"):
    {"version": N, "source": "...", "fields": [...], "games": [[...], ...]}
Each game is an array in the order of "fields"; absent facts are null.
"""

import gzip
import io
import json
import sys
from pathlib import Path

# Bump when the output changes: the app reloads the catalog rows when this grows.
CATALOG_VERSION = 1

FIELDS = ["key", "bgg_id", "title", "title_ja", "year", "min_players", "max_players",
          "best_players", "min_time", "max_time", "min_age", "weight", "rating_avg", "rank",
          "designers", "mechanics", "categories"]

# Japanese titles of the games Tablekeeper keeps the books for (GLOSSARY-ja.md), by BGG id
# when the game is in the BGG snapshot.
JA_BY_BGG_ID = {
    23908: "メトロマニア",        # Metromania
    233867: "ウェルカム・トゥ",   # Welcome To...
}

# Games not in the BGG snapshot: facts from the rule texts (shared/seeds, see
# docs/formats.md).  Keys are stable: the library matches catalog rows by them.
EXTRA_GAMES = [
    {"key": "tk:foundations-of-metropolis", "title": "Foundations of Metropolis",
     "title_ja": "ファウンデーションズ・オブ・メトロポリス", "year": 2024,
     "min_players": 2, "max_players": 4, "min_time": 60, "max_time": 60, "min_age": 14},
    {"key": "tk:agora", "title": "Agora", "title_ja": "アゴラ", "year": 2002,
     "min_players": 2, "max_players": 4, "min_time": 15, "max_time": 25, "min_age": 10},
    {"key": "tk:city-plan", "title": "City Plan", "title_ja": "シティー・プラン", "year": 2005,
     "min_players": 2, "max_players": 5, "min_time": 30, "max_time": 45},
]


def positive_or_none(value):
    return value if isinstance(value, (int, float)) and value > 0 else None


def convert_bgg(record, names):
    designers, mechanics, categories = names
    min_time = positive_or_none(record["minPlayTime"])
    max_time = positive_or_none(record["maxPlayTime"])
    if min_time is not None and max_time is not None and max_time < min_time:
        min_time, max_time = max_time, min_time
    min_players = positive_or_none(record["minPlayers"])
    max_players = positive_or_none(record["maxPlayers"])
    if min_players is not None and max_players is not None and max_players < min_players:
        max_players = min_players
    best = positive_or_none(record["bestWithPlayers"])
    return {
        "key": "bgg:%d" % record["id"],
        "bgg_id": record["id"],
        "title": record["title"],
        "title_ja": JA_BY_BGG_ID.get(record["id"]),
        "year": record["yearPublished"] or None,
        "min_players": min_players,
        "max_players": max_players,
        "best_players": str(best) if best is not None else None,
        "min_time": min_time,
        "max_time": max_time,
        "weight": round(record["averageWeight"], 3) if record["averageWeight"] else None,
        "rating_avg": round(record["averageRating"], 3) if record["averageRating"] else None,
        "rank": record["boardGameRank"],
        "designers": sorted(designers[str(i)]["name"] for i in record["designerIds"]),
        "mechanics": sorted(mechanics[str(i)]["name"] for i in record["mechanicIds"]),
        "categories": sorted(categories[str(i)]["name"] for i in record["categoryIds"]),
    }


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: convert-catalog.py GAMEFINDER_DIR OUTPUT.json.gz\n")
        return 2
    src = Path(argv[1])
    load = lambda name: json.loads((src / name).read_text(encoding="utf-8"))
    details = load("game_detail.json")
    names = (load("designer.json"), load("mechanic.json"), load("category.json"))

    games = [convert_bgg(r, names) for r in details.values()]
    missing = set(JA_BY_BGG_ID) - {g["bgg_id"] for g in games}
    if missing:
        sys.stderr.write("convert-catalog: BGG ids not in the snapshot: %s\n" % sorted(missing))
        return 1
    games.extend(EXTRA_GAMES)
    games.sort(key=lambda g: g["key"])

    rows = [[g.get(f) if f not in ("designers", "mechanics", "categories") else g.get(f, [])
             for f in FIELDS] for g in games]
    document = {
        "version": CATALOG_VERSION,
        "source": "BoardGameGeek (boardgamegeek.com) via jmthompson2015/gamefinder, "
                  "snapshot 2023-11; Tablekeeper's own games from their rule texts",
        "fields": FIELDS,
        "games": rows,
    }
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("],[", "],\n[")  # one game per line inside the gzip: easier to inspect
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("utf-8"))
    Path(argv[2]).write_bytes(buffer.getvalue())
    # The version on its own, so that start-up can compare it without unpacking the catalog.
    Path(argv[2]).with_name("catalog-version").write_text("%d\n" % CATALOG_VERSION)
    print("convert-catalog: %d games, %d bytes" % (len(rows), len(buffer.getvalue())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
