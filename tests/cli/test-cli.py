#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end checks of tablekeeper-cli as a user runs it: exit codes, refusals that leave
files alone, scoring of the session fixtures and sessions started with a game's own rules.
TAP output.  Usage: test-cli.py CLI FIXTURES-DIR"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], sys.argv[2]
results = []


def run(*args, db=None, language=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    env = dict(os.environ)
    if language:
        env["LANGUAGE"] = language
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")

    rc, out, _ = run("--version")
    check("version", rc == 0 and "0.1.0" in out, out)

    rc, out, err = run("info", db=db)
    check("info on a new library", rc == 0 and "library.db" in out, out + err)

    junk = os.path.join(tmp, "junk.db")
    with open(junk, "wb") as f:
        f.write(os.urandom(4096))
    before = digest(junk)
    rc, out, err = run("info", db=junk)
    check("info refuses a file that is not a library", rc != 0 and err.strip() != "", err)
    check("the refused file is left byte for byte", digest(junk) == before)

    # Each fixture's totals through --json must equal the table printed, and the winner must
    # be the best total (every one of these games is won by the highest score).
    for game in ["agora", "city-plan", "metromania", "metropolis", "welcome-to"]:
        path = os.path.join(fixtures, game + "-session.json")
        rc, out, err = run("score", path, "--json")
        ok = rc == 0
        detail = err
        if ok:
            score = json.loads(out)
            players = score["players"]
            best = max(p["total"] for p in players)
            winners = [p["name"] for p in players if p["winner"]]
            ok = winners == [p["name"] for p in players if p["total"] == best] and all(
                abs(sum(line["points"] for line in p["breakdown"]) - p["total"]) < 1e-9
                for p in players)
            detail = json.dumps([(p["name"], p["total"]) for p in players])
            rc2, text, _ = run("score", path)
            ok = ok and rc2 == 0 and all(p["name"] in text for p in players)
            # The text output carries every category line of the breakdown too.
            lines = [line.split() for line in text.splitlines()]
            for p in players:
                for row in p["breakdown"]:
                    want = row["label"].split() + [str(row["points"])]
                    if want not in lines:
                        ok = False
                        detail += " missing line %r" % " ".join(want)
        check("score %s: breakdown adds up, best total wins, text shows it" % game, ok, detail)

    rc, out, err = run("score", "--help")
    check("score --help prints the usage and succeeds", rc == 0 and "FILE" in out, out + err)

    rc, out, err = run("score", os.path.join(tmp, "missing.json"))
    check("score of a missing file fails with a message", rc != 0 and err.strip() != "", err)

    # As in the README: no --title, the session is named after the game.
    rc, out, err = run("session", "start", "--rules", "agora", "Ana", "Ben", db=db)
    check("session start with a game's own rules", rc == 0 and "1" in out, out + err)
    rc, out, err = run("session", "export", "1", "-", db=db)
    ok = rc == 0
    if ok:
        exported = json.loads(out)
        text = json.dumps(exported)
        ok = '"agora"' in text and "Ana" in text and "Ben" in text
    check("the started session is an Agora session with its players", ok, err)

    rc, out, err = run("session", "start", "--title", "X", "--rules", "no-such-game", "Ana", db=db)
    check("unknown rules are refused with the known ones listed",
          rc == 2 and "metropolis" in err, err)
    rc, out, err = run("session", "start", "--title", "X", "--rules", "metropolis", "Ana", db=db)
    check("a wrong player count is refused", rc == 1 and "2" in err and "4" in err, err)
    rc, out, _ = run("session", "list", db=db)
    check("refused starts wrote nothing", rc == 0 and out.count("Agora") == 1, out)

    # One display title: a Japanese UI reads アゴラ for the Agora session and its play, in
    # the session list, the plays list and the collection list; English reads Agora.
    titles = os.path.join(tmp, "titles.db")
    plays = os.path.join(tmp, "titles-plays.json")
    with open(plays, "w", encoding="utf-8") as f:
        json.dump({"format": "tablekeeper-plays", "version": 1, "plays": [
            {"game_title": title, "played_on": "2026-10-03",
             "players": [{"seat": 0, "name": "Ana", "score": 61, "rank": 1, "winner": True}]}
            for title in ("Metromania", "Agora", "City Plan", "Carcassonne")]}, f)
    rc, out, err = run("plays", "import", plays, db=titles)
    check("plays import for the display-title checks", rc == 0, out + err)
    rc, out, err = run("session", "start", "--rules", "agora", "Ana", "Ben", db=titles,
                       language="C")
    check("an Agora session for the display-title checks", rc == 0, out + err)
    for command in (["session", "list"], ["plays", "list"],
                    ["collection", "list", "--status", "played"]):
        rc_ja, out_ja, err_ja = run(*command, db=titles, language="ja")
        rc_en, out_en, err_en = run(*command, db=titles, language="C")
        check("%s shows アゴラ in Japanese and Agora in English" % " ".join(command[:2]),
              rc_ja == 0 and rc_en == 0 and "アゴラ" in out_ja and "Agora" not in out_ja
              and "Agora" in out_en and "アゴラ" not in out_en,
              out_ja + err_ja + out_en + err_en)

    # Sorted by the title shown: kana after Latin letters, in their order, in Japanese.
    order = {}
    for language in ("C", "ja"):
        rc, out, err = run("collection", "list", "--status", "played", db=titles,
                           language=language)
        order[language] = [line.split()[0] for line in out.splitlines()[:-1]]
    check("collection list sorts by the title shown",
          order["C"] == ["Agora", "Carcassonne", "City", "Metromania"]
          and order["ja"] == ["Carcassonne", "アゴラ", "シティー・プラン", "メトロマニア"],
          repr(order))

    rc, out, err = run("metromania", "routes", os.path.join(fixtures, "metromania-network.json"))
    check("metromania routes prints every trip", rc == 0 and all(
        ("Trip %s" % letter) in out for letter in "ABCDEF"), out + err)

    # collection list streams its rows: the text and the JSON list the same games in the same
    # order, the JSON is json-glib's pretty layout, and an empty result is still well formed.
    listdb = os.path.join(tmp, "list.db")
    rc, out, err = run("collection", "import", os.path.join(fixtures, "bgg-collection.csv"),
                       db=listdb)
    check("collection import for the listing", rc == 0, out + err)
    rc, text, err = run("collection", "list", db=listdb)
    rc2, js, err2 = run("collection", "list", "--json", db=listdb)
    ok = rc == 0 and rc2 == 0
    games = json.loads(js) if ok else []
    lines = text.splitlines()
    ok = (ok and len(games) > 1 and lines[-1] == "%d games" % len(games)
          and len(lines) == len(games) + 1
          and all(line.startswith(g["title"]) for line, g in zip(lines, games))
          and [g["title"].lower() for g in games] == sorted(g["title"].lower() for g in games)
          and js.startswith('[\n  {\n    "id" : ') and js.endswith("\n  }\n]\n"))
    check("collection list: text and JSON list the same games, in title order", ok,
          text + js + err + err2)
    rc, text, _ = run("collection", "list", "--search", "no such game", db=listdb)
    rc2, js, _ = run("collection", "list", "--search", "no such game", "--json", db=listdb)
    check("collection list with no match", rc == 0 and text == "0 games\n" and rc2 == 0
          and js == "[]\n", text + js)

    # The turn clock: its actions carry their own times; session show prints each player's
    # time; a refused press changes nothing; the finished play's turns are in plays stats.
    clockdb = os.path.join(tmp, "clock.db")
    rc, out, err = run("session", "start", "--title", "Clocked", "Ana", "Ben", db=clockdb)
    t = 1767225600000
    for action in ({"type": "table.clock.pass", "to": 0, "at": t},
                   {"type": "table.clock.pass", "to": 1, "at": t + 10000},
                   {"type": "table.clock.pass", "to": 0, "at": t + 35000},
                   {"type": "table.clock.pause", "at": t + 37000}):
        rc2, out2, err2 = run("session", "apply", "1", json.dumps(action), db=clockdb)
        rc, out, err = max(rc, rc2), out + out2, err + err2
    check("clock actions applied", rc == 0, out + err)
    rc, out, err = run("session", "show", "1", db=clockdb)
    lines = out.splitlines()
    check("session show prints the clocks",
          rc == 0 and "Ana took 0:10; Ben’s turn" in out and "Turn clock: paused" in lines
          and "  Ana 0:12 (2 turns) — this turn 0:02" in lines and "  Ben 0:25 (1 turn)" in lines,
          out + err)
    # (the game timer runs meanwhile: the ledger is what must not change)
    before = json.loads(run("session", "export", "1", "-", db=clockdb)[1])["actions"]
    rc, out, err = run("session", "clock", "1", "pause", db=clockdb)
    rc2, out2, err2 = run("session", "clock", "1", "to", "3", db=clockdb)
    check("a refused clock press changes nothing",
          rc == 1 and "not running" in err and rc2 == 2
          and json.loads(run("session", "export", "1", "-", db=clockdb)[1])["actions"] == before,
          err + err2)
    rc, out, err = run("session", "finish", "1", db=clockdb)
    rc2, out2, err2 = run("plays", "stats", "--player", "1", db=clockdb)
    times = json.loads(out2).get("turn_times", []) if rc2 == 0 else []
    check("plays stats --player gives the finished play's turn times",
          rc == 0 and len(times) == 1 and times[0]["turns"] == 2
          and times[0]["median_turn_ms"] == 2000 and times[0]["total_ms"] == 12000,
          out + err + out2 + err2)

    # A finished game's session file imported into a new library: the session plays the
    # catalog's game, so finishing it writes a play of that game and marks it played.
    for game in ("agora", "metropolis"):
        newdb = os.path.join(tmp, "import-%s.db" % game)
        rc, out, err = run("session", "import", os.path.join(fixtures, "%s-full-game.json" % game),
                           db=newdb)
        rc2, out2, err2 = run("session", "finish", "1", db=newdb)
        rc3, out3, err3 = run("plays", "list", "--json", db=newdb)
        listed = json.loads(out3).get("plays", []) if rc3 == 0 else []
        rc4, out4, err4 = run("collection", "list", "--status", "played", "--json", db=newdb)
        played = json.loads(out4) if rc4 == 0 else []
        check("session import of a finished %s game links the catalog game: its play and "
              "the played mark" % game,
              rc == 0 and rc2 == 0 and len(listed) == 1 and listed[0].get("game_id")
              and len(played) == 1 and played[0]["id"] == listed[0]["game_id"]
              and played[0]["plays"] == 1,
              out + err + out2 + err2 + out3[:400] + err3 + out4[:400] + err4)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
