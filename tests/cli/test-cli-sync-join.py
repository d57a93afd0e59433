#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Joining: two devices, each with a library of its own, meet in one sync folder.  Each has
the same BGG CSV import, the same BG Stats import, an own game "Catan (house rules)" with a
play of its own with players "Ana" and "Kai" made on that device.  B joins the library A made in the
folder.  Nothing of either side is lost (both own games, both Anas, both own plays, A's rating
and B's comment), nothing is doubled (each BGG game, entry, imported play, and BG Stats
person and game once), nothing conflicts that both imported alike, same-name
players and same-title own games are offered for merging and never merged silently; Merge
(`players merge`, `collection merge`) and Keep Both (`sync keep-both`) hold on both devices.
A play imported from BG Stats and BGG on one device and from BGG only on the other is one
play once they meet; the same BGG plays file on two devices makes the same people.  A library
that already wrote to one folder is not taken into another.
TAP output.
Usage: test-cli-sync-join.py CLI FIXTURES-DIR"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], sys.argv[2]
results = []


def run(db, *args):
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="")
    p = subprocess.run([cli, "--db", db] + list(args), capture_output=True, text=True,
                       timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def query(db, sql, *args):
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def one(db, sql, *args):
    return query(db, sql, *args)[0][0]


def files_under(folder):
    out = []
    for dirpath, _, names in os.walk(os.path.join(folder, "Tablekeeper")):
        for name in names:
            out.append(os.path.relpath(os.path.join(dirpath, name), folder))
    return sorted(out)


def deliver(src, dst):
    """The carrier: every file of SRC's copy that DST's lacks or holds otherwise."""
    for rel in files_under(src):
        with open(os.path.join(src, rel), "rb") as f:
            data = f.read()
        target = os.path.join(dst, rel)
        if os.path.exists(target):
            with open(target, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)


with tempfile.TemporaryDirectory() as tmp:
    dbs = {d: os.path.join(tmp, d + ".db") for d in "AB"}
    folders = {d: os.path.join(tmp, "folder-" + d) for d in "AB"}
    for f in folders.values():
        os.makedirs(f)

    def sync(d):
        rc, out, err = run(dbs[d], "sync", folders[d], "--device-name", "Device " + d)
        check("sync on %s" % d, rc == 0, out + err)
        return out

    def settle():
        for _ in range(2):
            deliver(folders["A"], folders["B"])
            deliver(folders["B"], folders["A"])
            sync("A")
            sync("B")

    def offers(d):
        rc, out, err = run(dbs[d], "sync", "offers", "--json")
        check("sync offers on %s" % d, rc == 0, out + err)
        try:
            return json.loads(out)
        except ValueError:
            return []

    def offer_names(d):
        return sorted((o["type"], o["name"]) for o in offers(d))

    # --- two libraries of their own, apart ---
    own_game = os.path.join(tmp, "own-%s.json")
    own_plays = os.path.join(tmp, "plays-%s.json")
    for d, day, extra in (("A", "2026-01-10", {"rating": 7}),
                          ("B", "2026-02-20", {"comment": "B's house rules"})):
        rc, out, err = run(dbs[d], "collection", "import",
                           os.path.join(fixtures, "bgg-collection.csv"))
        check("BGG CSV import on %s" % d, rc == 0, err)
        rc, out, err = run(dbs[d], "plays", "import",
                           os.path.join(fixtures, "history", "bgstats-export.json"))
        check("BG Stats import on %s" % d, rc == 0, err)
        game = dict({"title": "Catan (house rules)", "statuses": ["owned"]}, **extra)
        with open(own_game % d, "w") as f:
            json.dump({"format": "tablekeeper-collection", "version": 1, "games": [game]}, f)
        rc, out, err = run(dbs[d], "collection", "import", own_game % d)
        check("own game on %s" % d, rc == 0, err)
        with open(own_plays % d, "w") as f:
            json.dump({"format": "tablekeeper-plays", "version": 1, "plays": [
                {"game_title": "Catan (house rules)", "played_on": day,
                 "players": [{"seat": 0, "name": "Ana", "score": 10, "winner": True},
                             {"seat": 1, "name": "Kai", "score": 9},
                             {"seat": 2, "name": "Device " + d, "score": 8}]}]}, f)
        rc, out, err = run(dbs[d], "plays", "import", own_plays % d)
        check("own play with Ana on %s" % d, rc == 0, out + err)

    count = {
        "games": one(dbs["A"], "SELECT count(*) FROM games WHERE source <> 'catalog'"),
        "entries": one(dbs["A"], "SELECT count(*) FROM collection"),
        "plays": one(dbs["A"], "SELECT count(*) FROM plays"),
        "players": one(dbs["A"], "SELECT count(*) FROM players"),
        "bgstats": one(dbs["A"], "SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'"),
    }
    check("both sides hold the same amounts before they meet",
          all(one(dbs["B"], q) == count[k] for k, q in (
              ("games", "SELECT count(*) FROM games WHERE source <> 'catalog'"),
              ("entries", "SELECT count(*) FROM collection"),
              ("plays", "SELECT count(*) FROM plays"))), count)

    # --- A makes the library in the folder; B joins it ---
    sync("A")
    deliver(folders["A"], folders["B"])
    out = sync("B")
    check("B joined A's library", "Joined library" in out, out)
    # The same imports made the same entities (imported people and own games too, by their
    # BG Stats uuids): no value of one side stands against the other's.
    check("the same imports on both sides conflict nowhere", "Conflicts kept: 0 values" in out,
          out)
    settle()

    dumps = {d: run(dbs[d], "dump", "--canonical")[1] for d in "AB"}
    check("A and B give the same dump", dumps["A"] == dumps["B"] and dumps["A"],
          dumps["A"][:1500] + "\n---\n" + dumps["B"][:1500])
    doc = json.loads(dumps["A"] or "{}")
    for d in "AB":
        # Shared by derivation: each BGG game, each entry and each imported play once.
        bgg = "FROM games WHERE uid LIKE 'bgg:%' AND source <> 'catalog'"
        check("%s: every imported BGG game once" % d,
              one(dbs[d], "SELECT count(*) " + bgg) == count["games"] - 2,
              (one(dbs[d], "SELECT count(*) " + bgg), count))
        check("%s: every BG Stats play once" % d,
              one(dbs[d], "SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'")
              == count["bgstats"])
        check("%s: a player with a BGG username once" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE bgg_username = 'aki_b'") == 1)
        check("%s: a BG Stats player without one once, and its own game without a BGG id" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE name = 'Ben'") == 1
              and one(dbs[d], "SELECT count(*) FROM games WHERE title = 'Family Quiz Night'")
              == 1)
        # Made on each side: both kept, none merged silently.
        check("%s: both own games “Catan (house rules)”" % d,
              one(dbs[d], "SELECT count(*) FROM games WHERE title = 'Catan (house rules)'") == 2)
        check("%s: both players “Ana”" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE name = 'Ana'") == 2)
        check("%s: both own plays" % d,
              one(dbs[d], "SELECT count(*) FROM plays WHERE game_title = 'Catan (house rules)'"
                          " AND game_id IS NOT NULL") == 2)
        check("%s: no play and no entry lost" % d,
              one(dbs[d], "SELECT count(*) FROM plays") == count["plays"] + 1
              # each side's Catan (house rules)
              and one(dbs[d], "SELECT count(*) FROM collection") == count["entries"] + 1,
              (one(dbs[d], "SELECT count(*) FROM plays"),
               one(dbs[d], "SELECT count(*) FROM collection"), count))
        check("%s: each side's player of its own" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE name IN ('Device A', 'Device B')")
              == 2)
        check("%s: integrity_check" % d, query(dbs[d], "PRAGMA integrity_check") == [("ok",)])

    # --- the offers ---
    for d in "AB":
        names = offer_names(d)
        check("%s offers Ana, Kai and Catan (house rules)" % d,
              names == sorted([("player", "Ana"), ("player", "Kai"),
                               ("game", "Catan (house rules)")]), names)
    ana = [o for o in offers("A") if o["name"] == "Ana"]
    check("an offer names this device's player first, the other device's second",
          len(ana) == 1 and ana[0]["keep"]["this_device"] and not ana[0]["other"]["this_device"]
          and ana[0]["other"]["device"] == one(dbs["B"], "SELECT device_uid FROM sync_identity"),
          ana)
    rc, out, err = run(dbs["A"], "sync", "offers")
    check("sync offers prints each offer on a line",
          rc == 0 and "Ana" in out and "Catan (house rules)" in out and "merge" in out, out + err)

    # Merge Ana on A (B's into A's); Keep Both for Kai on B; merge the own games on B.
    a = ana[0]
    rc, out, err = run(dbs["A"], "players", "merge", str(a["other"]["id"]), str(a["keep"]["id"]))
    check("players merge on A", rc == 0, err)
    kai = [o for o in offers("B") if o["name"] == "Kai"][0]
    rc, out, err = run(dbs["B"], "sync", "keep-both", "player", kai["keep"]["uid"],
                       kai["other"]["uid"])
    check("sync keep-both on B", rc == 0, out + err)
    catan = [o for o in offers("B") if o["name"] == "Catan (house rules)"][0]
    rc, out, err = run(dbs["B"], "collection", "merge", catan["other"]["uid"],
                       catan["keep"]["uid"])
    check("collection merge on B", rc == 0, out + err)
    # Meanwhile A, not told yet, logs a play of the game B merged away: it follows the merge.
    with open(own_plays % "A2", "w") as f:
        json.dump({"format": "tablekeeper-plays", "version": 1, "plays": [
            {"game_title": "Catan (house rules)", "played_on": "2026-03-01",
             "game": {"uid": catan["other"]["uid"], "title": "Catan (house rules)"},
             "players": [{"seat": 0, "name": "Device A", "score": 3}]}]}, f)
    rc, out, err = run(dbs["A"], "plays", "import", own_plays % "A2")
    check("A logs a play of the game merged away on B", rc == 0
          and one(dbs["A"], "SELECT count(*) FROM plays p JOIN games g ON g.id = p.game_id"
                            " WHERE g.uid = ?", catan["other"]["uid"]) == 2, out + err)
    rc, out, err = run(dbs["B"], "collection", "merge", catan["keep"]["uid"],
                       catan["keep"]["uid"])
    check("a game is not merged into itself", rc == 1 and err, err)
    rc, out, err = run(dbs["B"], "collection", "merge", "bgg:9100001", "bgg:9100002")
    check("…nor a game with a BGG id (only own games merge)", rc == 1 and err, err)
    settle()

    dumps = {d: run(dbs[d], "dump", "--canonical")[1] for d in "AB"}
    check("after the merges A and B give the same dump", dumps["A"] == dumps["B"],
          dumps["A"][:1500] + "\n---\n" + dumps["B"][:1500])
    for d in "AB":
        check("%s: one Ana, in both her plays" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE name = 'Ana'") == 1
              and one(dbs[d], "SELECT count(DISTINCT pp.play_id) FROM play_players pp"
                              " JOIN players p ON p.id = pp.player_id WHERE p.name = 'Ana'") == 2)
        check("%s: one Catan (house rules), with all three plays" % d,
              one(dbs[d], "SELECT count(*) FROM games WHERE title = 'Catan (house rules)'") == 1
              and one(dbs[d], "SELECT count(*) FROM plays p JOIN games g ON g.id = p.game_id"
                              " WHERE g.uid = ?", catan["keep"]["uid"]) == 3,
              query(dbs[d], "SELECT p.uid, g.uid FROM plays p LEFT JOIN games g"
                            " ON g.id = p.game_id WHERE p.game_title = 'Catan (house rules)'"))
        check("%s: nothing waits" % d,
              one(dbs[d], "SELECT count(*) FROM sync_waiting") == 0,
              query(dbs[d], "SELECT * FROM sync_waiting"))
        entry = query(dbs[d], "SELECT c.rating, c.comment, c.owned FROM collection c"
                              " JOIN games g ON g.id = c.game_id"
                              " WHERE g.title = 'Catan (house rules)'")
        check("%s: the merged entry keeps A's rating and B's comment" % d,
              entry == [(7, "B's house rules", 1)], entry)
        check("%s: both Kais stay" % d,
              one(dbs[d], "SELECT count(*) FROM players WHERE name = 'Kai'") == 2)
        names = offer_names(d)
        check("%s: merged and kept-apart offers are gone" % d, names == [], names)
        check("%s: integrity_check after the merges" % d,
              query(dbs[d], "PRAGMA integrity_check") == [("ok",)])

    # --- a library that already wrote to a folder is not taken into another ---
    other = os.path.join(tmp, "folder-other")
    os.makedirs(other)
    dbs["C"] = os.path.join(tmp, "C.db")
    rc, out, err = run(dbs["C"], "collection", "import", own_game % "A")
    check("own game on C", rc == 0, err)
    rc, out, err = run(dbs["C"], "sync", other)
    check("C makes its own library in its folder", rc == 0 and "Joined" not in out, out + err)
    shared = os.path.join(tmp, "folder-shared-copy")
    os.makedirs(shared)
    deliver(folders["A"], shared)
    rc, out, err = run(dbs["C"], "sync", shared)
    check("…and is refused a folder of another library, nothing joined",
          rc == 1 and "another library" in err
          and one(dbs["C"], "SELECT library_uid FROM sync_identity")
          != one(dbs["A"], "SELECT library_uid FROM sync_identity"), out + err)

    # --- one play imported from BG Stats and BGG on one side, from BGG only on the other ---
    # D's play has the uid of its BG Stats key and the BGG key beside it; E's play has the
    # BGG key as its uid.  They are one play once they meet.
    history = os.path.join(fixtures, "history")
    for d in "DE":
        dbs[d] = os.path.join(tmp, d + ".db")
        folders[d] = os.path.join(tmp, "folder-" + d)
        os.makedirs(folders[d])
    rc, out, err = run(dbs["D"], "plays", "import", os.path.join(history, "bgstats-export.json"))
    check("D imports BG Stats", rc == 0, err)
    rc, out, err = run(dbs["D"], "plays", "import", os.path.join(history, "bgg-page1.xml"))
    check("…and BGG", rc == 0, err)
    rc, out, err = run(dbs["E"], "plays", "import", os.path.join(history, "bgg-page1.xml"))
    check("E imports BGG", rc == 0, err)
    shared = query(dbs["D"], "SELECT p.uid, k.key FROM plays p JOIN play_imports k"
                             " ON k.play_id = p.id WHERE k.key LIKE 'bgg:%'"
                             " AND p.uid LIKE 'bgstats:%'")
    check("D has a play known by both keys", len(shared) == 1, shared)
    n_plays = one(dbs["D"], "SELECT count(*) FROM plays")
    # D makes the library in its folder, E joins it.
    run(dbs["D"], "sync", folders["D"])
    deliver(folders["D"], folders["E"])
    rc, out, err = run(dbs["E"], "sync", folders["E"])
    check("E joined D's library", rc == 0 and "Joined library" in out, out + err)
    for _ in range(3):
        deliver(folders["D"], folders["E"])
        deliver(folders["E"], folders["D"])
        for d in "DE":
            rc, out, err = run(dbs[d], "sync", folders[d])
            check("sync on %s" % d, rc == 0, out + err)
    for d in "DE":
        check("%s: the play imported from both is there once" % d,
              one(dbs[d], "SELECT count(*) FROM plays") == n_plays,
              (one(dbs[d], "SELECT count(*) FROM plays"), n_plays,
               query(dbs[d], "SELECT uid FROM plays ORDER BY uid")))
    dumps = {d: run(dbs[d], "dump", "--canonical")[1] for d in "DE"}
    check("D and E give the same dump", dumps["D"] == dumps["E"] and dumps["D"],
          dumps["D"][:800] + "\n---\n" + dumps["E"][:800])
    rc, out, err = run(dbs["E"], "plays", "import", os.path.join(history, "bgstats-export.json"))
    check("E importing the BG Stats file after adds no play",
          rc == 0 and one(dbs["E"], "SELECT count(*) FROM plays") == n_plays, out + err)
    rc, out, err = run(dbs["D"], "plays", "import", os.path.join(history, "bgstats-export.json"))
    check("…nor D importing it again",
          rc == 0 and one(dbs["D"], "SELECT count(*) FROM plays") == n_plays, out + err)
    for d in "DE":
        check("%s: integrity_check" % d, query(dbs[d], "PRAGMA integrity_check") == [("ok",)])

    # --- the same BGG plays file on two devices: its people by name are the same people ---
    for d in "FG":
        dbs[d] = os.path.join(tmp, d + ".db")
        folders[d] = os.path.join(tmp, "folder-" + d)
        os.makedirs(folders[d])
        rc, out, err = run(dbs[d], "plays", "import", os.path.join(history, "bgg-page1.xml"))
        check("%s imports BGG" % d, rc == 0, err)
    run(dbs["F"], "sync", folders["F"])
    deliver(folders["F"], folders["G"])
    rc, out, err = run(dbs["G"], "sync", folders["G"])
    check("G joins F: nothing conflicts", rc == 0 and "Joined library" in out
          and "Conflicts kept: 0 values" in out, out + err)
    check("G: Ben (by name in the file) once, nothing offered",
          one(dbs["G"], "SELECT count(*) FROM players WHERE name = 'Ben'") == 1
          and offer_names("G") == [], offer_names("G"))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:40]:
            print("# " + line)
sys.exit(0)
