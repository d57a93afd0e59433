#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Play histories from BG Stats and BoardGameGeek through `tablekeeper-cli plays import`, as a
user brings them: a BG Stats export, two overlapping BGG pages, a later export, the shared
real BGG page; then what the History's statistics, the collection and Discover say; broken
and hostile files refused with their place and nothing written.  The files are written for
these tests (tests/fixtures/history) except bgg-sample-page1.xml, the shared real sample.
TAP output.  Usage: test-cli-history.py CLI FIXTURES-DIR"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], os.path.join(sys.argv[2], "history")
results = []


def run(*args, db=None, language=""):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=language)
    if "TK_TEST_BUILDDIR" in os.environ:
        # This build's translations, not an installed copy's.
        env["TK_LOCALEDIR"] = os.path.join(os.environ["TK_TEST_BUILDDIR"], "..", "po")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def fixture(name):
    return os.path.join(fixtures, name)


def query(db, sql, *args):
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def plays_json(db):
    rc, out, err = run("plays", "list", "--json", db=db)
    return json.loads(out)["plays"] if rc == 0 else []


def counts(db):
    return query(db, "SELECT (SELECT count(*) FROM plays), (SELECT count(*) FROM players),"
                     " (SELECT count(*) FROM games), (SELECT count(*) FROM collection)")[0]


def find(plays, title, date):
    return [p for p in plays if p["game_title"] == title and p["played_on"] == date]


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")
    export = fixture("bgstats-export.json")

    # Discover before any play: no taste yet.
    rc, out, err = run("discover", db=db)
    check("discover: a fresh library has no taste", rc == 0 and "taste yet" in out, out + err)

    # --- the preview writes nothing ---
    rc, out, err = run("plays", "import", export, "--dry-run", db=db)
    check("dry run: the preview's counts",
          rc == 0 and "7 plays to import, from 4 May 2024 to 2 Jun 2024" in out
          and "7 games, 1 of them new to the library" in out
          and "4 players, 4 of them new to the roster" in out
          and "Skipped: 1 play deleted in BG Stats" in out, out + err)
    check("dry run: the owner and the anonymous player",
          "Aki (aki_b) — you → Aki, new to the roster (7 plays)" in out
          and "Anonymous player → not a person" in out, out)
    check("dry run: nothing written", counts(db)[0] == 0 and counts(db)[1] == 0, counts(db))

    # --- BG Stats export ---
    rc, out, err = run("plays", "import", export, db=db)
    check("bgstats: imported", rc == 0 and "Imported 7 plays." in out, out + err)
    plays = plays_json(db)
    azul = find(plays, "Azul", "2024-05-04")
    check("bgstats: typed sum evaluated, new player, variant and comments kept",
          len(azul) == 1 and azul[0]["players"][1]["score"] == 52
          and azul[0]["players"][1]["first_play"]
          and azul[0]["notes"].startswith("Variant: Advanced\n初プレイ")
          and azul[0]["location"] == "自宅" and azul[0]["duration_min"] == 40, azul)
    check("bgstats: the typed sum is kept as typed",
          query(db, "SELECT score_text FROM play_players WHERE name = 'Ben' AND score = 52")
          == [("40+12",)])
    pan = find(plays, "パンデミック", "2024-05-05")
    catalog_pandemic = query(db, "SELECT id FROM games WHERE bgg_id = 30549")[0][0]
    check("bgstats: the user's Japanese name kept, the catalog game matched by BGG id",
          len(pan) == 1 and pan[0]["game_id"] == catalog_pandemic
          and all(p["winner"] for p in pan[0]["players"]), pan)
    check("bgstats: co-op roles kept",
          sorted(r[0] for r in query(db, "SELECT role FROM play_players WHERE role IS NOT NULL"))
          == ["Medic", "Scientist"])
    check("bgstats: teams kept",
          sorted(r[0] for r in query(db, "SELECT team FROM play_players WHERE team IS NOT NULL"))
          == ["1", "1", "2", "2"])
    nothanks = find(plays, "No Thanks!", "2024-05-11")
    check("bgstats: lowest wins ranks by the lowest score",
          len(nothanks) == 1
          and [(p["name"], p["score"], p.get("rank")) for p in nothanks[0]["players"]]
          == [("Aki", 19, 2), ("Ben", 35, 3), ("Dan", 12, 1)], nothanks)
    carc = find(plays, "Carcassonne", "2024-06-01")
    check("bgstats: a manual winner stands, no ranks against it, the date as written",
          len(carc) == 1 and carc[0]["players"][1]["winner"]
          and not carc[0]["players"][0]["winner"]
          and all("rank" not in p for p in carc[0]["players"])
          and carc[0]["expansions"] == "Carcassonne: Inns & Cathedrals", carc)
    quiz = query(db, "SELECT source, bgg_id FROM games WHERE title = 'Family Quiz Night'")
    check("bgstats: a game with BGG id 0 becomes an own game", quiz == [("own", None)], quiz)
    wing = find(plays, "Wingspan", "2024-06-02")
    check("bgstats: Android's types (0/1, numbers) read",
          len(wing) == 1 and wing[0]["players"][1]["score"] == 91.5
          and wing[0]["players"][0]["winner"], wing)
    check("bgstats: the anonymous player stays out of the roster",
          query(db, "SELECT count(*) FROM players WHERE name = 'Anonymous player'") == [(0,)]
          and query(db, "SELECT player_id FROM play_players WHERE name = 'Anonymous player'")
          == [(None,)])
    check("bgstats: deleted plays are not imported",
          query(db, "SELECT count(*) FROM play_imports WHERE key = 'bgstats:AAAA-0099'") == [(0,)])

    # --- the same file again ---
    before = counts(db)
    rc, out, err = run("plays", "import", export, db=db)
    check("bgstats again: nothing added",
          rc == 0 and "No new plays to import." in out
          and "Skipped: 7 plays already in the library" in out and counts(db) == before,
          out + err)

    # --- BGG pages 1 and 2 (overlapping) ---
    rc, out, err = run("plays", "import", fixture("bgg-page1.xml"), fixture("bgg-page2.xml"),
                       db=db)
    check("bgg: preview of two overlapping pages",
          rc == 0 and "8 plays to import, from 30 Apr 2024 to 20 Jul 2024" in out
          and "Skipped: 1 play already in the library" in out
          and "Skipped: 1 play read twice (overlapping files)" in out
          and "Missing" not in out, out + err)
    check("bgg: the file's user is the BG Stats owner, usernames merge before names",
          "Aki B. (aki_b) — you → Aki, in the roster" in out
          and "Daniel (dan_d) → Dan, in the roster" in out
          and "Red → not a person" in out, out)
    plays = plays_json(db)
    check("bgg: quantity 3 is three plays",
          len(find(plays, "Azul", "2024-07-01")) == 3
          and query(db, "SELECT count(*) FROM play_imports WHERE key LIKE 'bgg:90000011%'")
          == [(3,)])
    check("bgg: the play posted from BG Stats is not there twice",
          len([p for p in plays if p["played_on"] == "2024-05-05"]) == 1)
    hanabi = find(plays, "Hanabi", "2024-07-10")
    check("bgg: entities, numeric references, newlines and Japanese in comments",
          len(hanabi) == 1 and hanabi[0]["notes"]
          == "楽しかった \U0001F3B2\nTwo lines, <b>not bold</b> \"quoted\""
          and hanabi[0]["location"] == "Ben & Co", hanabi)
    check("bgg: no-win-stats and incomplete plays have no winner",
          not any(p["winner"] for p in hanabi[0]["players"])
          and not any(p["winner"] for p in find(plays, "CATAN", "2024-07-05")[0]["players"])
          and query(db, "SELECT sum(incomplete), sum(no_win_stats) FROM plays") == [(1, 1)])
    check("bgg: a free-text score stays text",
          query(db, "SELECT score, score_text FROM play_players WHERE score_text = '49-46ish'")
          == [(None, "49-46ish")])
    check("bgg: an expansion item is a play of the expansion",
          len(find(plays, "Catan: Seafarers", "2024-07-14")) == 1)
    check("bgg: the roster has four people, the BGG username learnt",
          sorted(query(db, "SELECT name, bgg_username FROM players"))
          == [("Aki", "aki_b"), ("Ben", None), ("Dan", "dan_d"), ("千代", None)])

    # --- a later BG Stats export overlapping the first ---
    with open(export, encoding="utf-8") as f:
        later = json.load(f)
    later["plays"] = later["plays"][3:] + [{
        "uuid": "AAAA-0008", "playDate": "2024-08-01 20:00:00", "gameRefId": 10,
        "durationMin": 35, "bggId": 0,
        "playerScores": [{"playerRefId": 2, "score": "55", "winner": False},
                         {"playerRefId": 7, "score": "58", "winner": True}]},
        {"uuid": "AAAA-0009", "playDate": "2024-07-01 20:00:00", "gameRefId": 10,
         "bggId": 90000011, "playerScores": []}]
    later_path = os.path.join(tmp, "later.json")
    with open(later_path, "w", encoding="utf-8") as f:
        json.dump(later, f, ensure_ascii=False)
    rc, out, err = run("plays", "import", later_path, db=db)
    check("later export: only the new play is added (by uuid and by BGG play id)",
          rc == 0 and "1 play to import, on 1 Aug 2024" in out
          and "Skipped: 5 plays already in the library" in out, out + err)

    # --- after import: statistics, collection, Discover ---
    aki = query(db, "SELECT id FROM players WHERE name = 'Aki'")[0][0]
    ben = query(db, "SELECT id FROM players WHERE name = 'Ben'")[0][0]
    rc, out, err = run("plays", "stats", "--player", str(aki), db=db)
    stats = json.loads(out) if rc == 0 else {}
    n_aki = query(db, "SELECT count(*) FROM play_players WHERE player_id = ?", aki)[0][0]
    wins_aki = query(db, "SELECT sum(winner) FROM play_players WHERE player_id = ?", aki)[0][0]
    check("stats per player count every imported play and its wins",
          stats.get("plays") == n_aki == 16 and stats.get("wins") == wins_aki, stats)
    h2h = [h for h in stats.get("head_to_head", []) if h["player_id"] == ben]
    check("head-to-head against Ben", len(h2h) == 1 and h2h[0]["plays"] == 10, h2h)
    rc, out, err = run("plays", "stats", db=db)
    overview = json.loads(out) if rc == 0 else {}
    check("overview: plays and h-index",
          overview.get("plays") == 16 and overview.get("h_index") == 2, overview)
    rc, out, err = run("collection", "list", "--json", db=db)
    games = {g["title"]: g for g in json.loads(out)} if rc == 0 else {}
    check("collection: played games with their play counts",
          games.get("Azul", {}).get("plays") == 5
          and games.get("Family Quiz Night", {}).get("plays") == 1
          and query(db, "SELECT played FROM collection WHERE game_id = ?", catalog_pandemic)
          == [(1,)], {k: v.get("plays") for k, v in games.items()})
    rc, out, err = run("discover", db=db)
    check("discover: the imported plays make a taste",
          rc == 0 and "taste yet" not in out and "Azul" in out, out + err)

    # --- the shared real BGG page ---
    sample_db = os.path.join(tmp, "sample.db")
    rc, out, err = run("plays", "import", fixture("bgg-sample-page1.xml"), db=sample_db)
    check("sample page: 100 plays, 43 on pages not read",
          rc == 0 and "100 plays to import" in out and "Imported 100 plays." in out
          and "Missing: BoardGameGeek has 43 more plays on pages not read" in out, out + err)
    check("sample page: co-op foes and the other team stay out of the roster",
          "Crossfire → not a person" in out and "Azathoth → not a person" in out
          and "Red → not a person" in out and "Peyton → Peyton, new to the roster" in out,
          out)
    check("sample page: fifteen people in the roster, the user known by username",
          query(sample_db, "SELECT count(*) FROM players") == [(15,)]
          and query(sample_db, "SELECT name FROM players WHERE bgg_username = 'meeple_kai'")
          == [("Kai",)])
    rc, out, err = run("plays", "import", fixture("bgg-sample-page1.xml"), db=sample_db)
    check("sample page again: nothing added",
          rc == 0 and "No new plays to import." in out
          and query(sample_db, "SELECT count(*) FROM plays") == [(100,)], out + err)

    # --- Japanese preview ---
    rc, out, err = run("plays", "import", export, "--dry-run", db=os.path.join(tmp, "ja.db"),
                       language="ja")
    check("preview in Japanese",
          rc == 0 and "インポートするプレイ: 7件 (2024年5月4日～2024年6月2日)" in out
          and "Aki (aki_b) — あなた → Aki" in out, out + err)

    # --- broken and hostile files: refused with their place, nothing written ---
    before = counts(db)
    broken = {
        "truncated.json": open(export, encoding="utf-8").read()[:900],
        "dangling.json": json.dumps(dict(later, plays=[dict(later["plays"][0], gameRefId=404)])),
        "bad-date.json": json.dumps(dict(later, plays=[dict(later["plays"][0],
                                                            playDate="2024-13-45 10:00:00")])),
        "escape.json": json.dumps(dict(later, plays=[dict(later["plays"][0],
                                                          comments="ok\u001b[31m")])),
        "doctype.xml": '<?xml version="1.0"?>\n<!DOCTYPE plays [<!ENTITY a "aaaa">]>\n'
                       '<plays username="x" total="1"><play id="1" date="2024-01-01">'
                       '<item name="&a;" objectid="1"/></play></plays>',
        "bad-date.xml": '<plays username="x" total="1">\n<play id="5" date="2024-02-30">'
                        '<item name="Azul" objectid="230802"/></play>\n</plays>',
        "unclosed.xml": '<plays username="x" total="1">\n<play id="5" date="2024-02-03">\n'
                        '<item name="Azul" objectid="230802">\n</play></plays>',
        "no-game.xml": '<plays username="x" total="1">\n<play id="6" date="2024-02-03">\n'
                       '</play></plays>',
        "other.xml": '<items total="1"><item id="13"/></items>',
    }
    expect = {
        "truncated.json": "not a readable BG Stats export",
        "dangling.json": "Play 1 (AAAA-0004): “gameRefId” 404 is not in the file.",
        "bad-date.json": "Play 1 (AAAA-0004): “playDate” is not a date",
        "escape.json": "Play 1 (AAAA-0004)",
        "doctype.xml": "declares a document type",
        "bad-date.xml": "Line 2: Play 5 has no date",
        "unclosed.xml": "line 4",
        "no-game.xml": "Line 3: Play 6 names no game.",
        "other.xml": "not a page of BoardGameGeek plays",
    }
    for name, text in broken.items():
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        rc, out, err = run("plays", "import", path, db=db)
        check("refused: " + name,
              rc == 1 and "nothing was written" in err and expect[name] in err
              and counts(db) == before, err)
    # One good page and one broken: neither is written.
    rc, out, err = run("plays", "import", fixture("bgg-sample-page1.xml"),
                       os.path.join(tmp, "bad-date.xml"), db=db)
    check("a broken second file writes nothing of the first", rc == 1 and counts(db) == before,
          err)

    # --- the plays file as a backup: export, a fresh library, export again ---
    # The plays of games the imports made, each play's origin, and a play of the user's own
    # game (no import key: its uid is its identity) come back; importing the file again, or
    # the BG Stats and BGG files it came from, adds nothing.
    backup = os.path.join(tmp, "plays.json")
    rc, out, err = run("plays", "export", "--format", "json", backup, db=db)
    with open(backup, encoding="utf-8") as f:
        document = json.load(f)
    own = {"game_title": "手作りの“すごろく”, 第2版", "played_on": "2024-08-03",
           "notes": "自作\r\n\"quoted\", two lines", "uid": "0190f5b2-7c1a-7d3e-8a4b-1c2d3e4f5a6b",
           "game": {"uid": "0190f5b2-0000-7d3e-8a4b-1c2d3e4f5a6b",
                    "title": "手作りの“すごろく”, 第2版", "year": 2024},
           "players": [{"seat": 0, "name": "千代", "score": 3, "winner": True}]}
    document["plays"].append(own)
    with open(backup, "w", encoding="utf-8", newline="\r\n") as f:
        json.dump(document, f, ensure_ascii=False, indent=1)
    n_plays = counts(db)[0]
    keyed = query(db, "SELECT count(DISTINCT play_id) FROM play_imports")[0][0]
    check("backup: every play's import keys and game are in the file",
          rc == 0 and len(document["plays"]) == n_plays + 1
          and sum(1 for p in document["plays"] if p.get("import_keys")) == keyed
          and all(p.get("game") for p in document["plays"] if p.get("game_id")), out + err)

    restored = os.path.join(tmp, "restored.db")
    rc, out, err = run("plays", "import", backup, db=restored)
    again = os.path.join(tmp, "again.json")
    rc2, out2, err2 = run("plays", "export", "--format", "json", again, db=restored)
    with open(again, encoding="utf-8") as f:
        second = json.load(f)["plays"]

    def identity(p):
        game = p.get("game") or {}
        return tuple(str(x) for x in (p.get("uid"), p["game_title"], p["played_on"],
                                       game.get("uid"), game.get("bgg_id"),
                                       game.get("catalog_key"), p.get("import_keys")))
    check("backup -> a fresh library -> export: the same plays, games and origins",
          rc == rc2 == 0 and "Imported %d plays." % (n_plays + 1) in out
          and sorted(map(identity, second)) == sorted(map(identity, document["plays"]))
          and sum(1 for p in second if p.get("game_id")) == sum(1 for p in document["plays"]
                                                                if p.get("game_id") or
                                                                p.get("game")),
          out + err + err2 + "\n".join(map(str, sorted(set(map(identity, second)) ^
                                                      set(map(identity, document["plays"]))))))
    check("backup: the own game is made again with its Japanese title",
          query(restored, "SELECT count(*) FROM plays p JOIN games g ON g.id = p.game_id"
                          " WHERE g.title = ? AND p.uid = ?", own["game_title"], own["uid"])
          == [(1,)])

    before = counts(restored)
    rc, out, err = run("plays", "import", backup, db=restored)
    check("backup imported twice: nothing added",
          rc == 0 and "Imported 0 plays." in out and counts(restored) == before, out + err)
    rc, out, err = run("plays", "import", export, db=restored)
    rc2, out2, err2 = run("plays", "import", fixture("bgg-page1.xml"), fixture("bgg-page2.xml"),
                          later_path, db=restored)
    check("after a restore, the BG Stats and BGG files add nothing",
          rc == rc2 == 0 and "No new plays to import." in out and "No new plays to import." in out2
          and counts(restored)[0] == before[0], out + err + out2 + err2)

    # A file of an earlier version (no uid, keys or game record) is still read.
    older = dict(document, plays=[{k: v for k, v in p.items()
                                   if k not in ("uid", "import_keys", "game", "bgg_id")}
                                  for p in document["plays"][:3]])
    older_path = os.path.join(tmp, "older.json")
    with open(older_path, "w", encoding="utf-8") as f:
        json.dump(older, f, ensure_ascii=False)
    rc, out, err = run("plays", "import", older_path, db=os.path.join(tmp, "older.db"))
    check("an older plays file is still imported", rc == 0 and "Imported 3 plays." in out,
          out + err)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("# " + line)
sys.exit(0)
