#!/usr/bin/env python3
"""Collection imports through tablekeeper-cli, as a user runs them on files on disk: how
games without a BGG id are matched (never folded into a catalog game, never two of the file
into one), and what each import reports.  TAP output.  Usage: test-cli-import.py CLI"""

import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

cli = sys.argv[1]
results = []


def run(*args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def counts(out):
    """(read, new, updated, matched) from the import's first line."""
    m = re.search(r"Imported (\d+) games?: (\d+) new, (\d+) updated, (\d+) matched", out)
    return tuple(int(x) for x in m.groups()) if m else None


def ambiguous(out):
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Check these games"):
            return [x.strip() for x in lines[i + 1:] if x.startswith("  ")]
    return []


def games(db, title):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT g.bgg_id, g.year, g.min_players, g.max_players, g.notes,"
                         " g.source, c.owned, c.want_to_play FROM games g"
                         " LEFT JOIN collection c ON c.game_id = g.id"
                         " WHERE g.title = ? ORDER BY g.id", (title,)).fetchall()


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def collection_json(*entries):
    return json.dumps({"format": "tablekeeper-collection", "version": 1,
                       "games": list(entries)}, ensure_ascii=False)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")
    own = os.path.join(tmp, "own.json")
    write(own, collection_json(
        {"title": "Carcassonne", "year": 1999, "min_players": 2, "max_players": 6,
         "notes": "Our copy, with the river", "statuses": ["owned"]},
        {"title": "Lost Cities", "year": 1999, "notes": "Travel tin", "statuses": ["owned"]},
        {"title": "Lost Cities", "year": 2008, "notes": "Board game edition",
         "statuses": ["want-to-play"]}))

    rc, out, err = run("collection", "import", own, db=db)
    check("own games into a library with the catalog: three new games",
          rc == 0 and counts(out) == (3, 3, 0, 0) and ambiguous(out) == [], out + err)
    carcassonne = games(db, "Carcassonne")
    catalog = [g for g in carcassonne if g[5] == "catalog"]
    mine = [g for g in carcassonne if g[5] != "catalog"]
    check("an own Carcassonne is not folded into the catalog's",
          len(catalog) == 1 and catalog[0][0] == 822 and catalog[0][6] is None and
          mine == [(None, 1999, 2, 6, "Our copy, with the river", "import", 1, 0)],
          repr(carcassonne))
    lost = [g for g in games(db, "Lost Cities") if g[0] is None]
    check("two own games with one title stay two, each with its own fields",
          lost == [(None, 1999, None, None, "Travel tin", "import", 1, 0),
                   (None, 2008, None, None, "Board game edition", "import", 0, 1)], repr(lost))

    rc, out, err = run("collection", "import", own, db=db)
    lost_again = [g for g in games(db, "Lost Cities") if g[0] is None]
    check("the same file again updates the three, pairs the two in order and names the title",
          rc == 0 and counts(out) == (3, 0, 3, 0) and ambiguous(out) == ["Lost Cities"] and
          lost_again == lost and len(games(db, "Carcassonne")) == 2, out + err + repr(lost_again))

    numbered = os.path.join(tmp, "numbered.json")
    write(numbered, collection_json(
        {"title": "Carcassonne", "bgg_id": 822, "statuses": ["want-to-play"]}))
    rc, out, err = run("collection", "import", numbered, db=db)
    carcassonne = games(db, "Carcassonne")
    check("a game with the catalog's BGG id is matched to the catalog game",
          rc == 0 and counts(out) == (1, 0, 0, 1) and len(carcassonne) == 2 and
          [g[7] for g in carcassonne if g[5] == "catalog"] == [1] and
          [g[4] for g in carcassonne if g[5] != "catalog"] == ["Our copy, with the river"],
          out + err + repr(carcassonne))

    csv = os.path.join(tmp, "bgg.csv")
    write(csv, 'objectname,objectid,own,rating\r\n"Carcassonne",822,1,7.5\r\n'
               '"Brand New",990001,1,N/A\r\n"Brand New (second copy)",990001,0,6\r\n')
    rc, out, err = run("collection", "import", csv, db=db)
    check("a BGG export: new, matched, and a BGG id given twice is named",
          rc == 0 and counts(out) == (3, 1, 1, 1) and
          ambiguous(out) == ["Brand New (second copy)"], out + err)

    rc, out, err = run("collection", "import", own, db=os.path.join(tmp, "fresh.db"))
    check("a fresh library reports the same three new games",
          rc == 0 and counts(out) == (3, 3, 0, 0), out + err)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
