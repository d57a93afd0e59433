#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Text that enters the library, as a user meets it from the shell: every importer refuses a
lone surrogate, a NUL, control characters and over-long fields with a message naming the
field and the line or game, and writes nothing; what the tool prints carries no terminal
escape sequence; every verb's --help prints its usage and exits 0.
TAP output.  Usage: test-cli-text.py CLI FIXTURES-DIR"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], sys.argv[2]
results = []


def run(*args, db=None, stdin=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, timeout=120, input=stdin)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"), p.stdout + p.stderr)


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def rows(db, table):
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT count(*) FROM %s" % table).fetchone()[0]
    finally:
        con.close()


def collection(*games):
    return json.dumps({"format": "tablekeeper-collection", "version": 1, "games": list(games)})


def plays(*entries):
    return json.dumps({"format": "tablekeeper-plays", "version": 1, "plays": list(entries)})


def play(**fields):
    p = {"game_title": "Carcassonne", "played_on": "2026-03-14",
         "players": [{"seat": 0, "name": "Ana", "score": 3, "rank": 1}]}
    p.update(fields)
    return p


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")
    rc, out, err, _ = run("collection", "list", db=db)
    check("a new library with its catalog", rc == 0, err)

    # ---- every verb's --help (and each sub-verb's) ----
    for verb in [[], ["collection"], ["collection", "list"], ["collection", "import"],
                 ["collection", "export"], ["discover"], ["info"], ["metromania"],
                 ["metromania", "routes"], ["plays"], ["plays", "list"], ["plays", "export"],
                 ["plays", "import"], ["plays", "stats"], ["score"], ["session"],
                 ["session", "list"], ["session", "start"], ["session", "show"],
                 ["session", "apply"], ["session", "undo"], ["session", "redo"],
                 ["session", "first-player"], ["session", "finish"], ["session", "export"],
                 ["session", "import"]]:
        nowhere = os.path.join(tmp, "help-%s.db" % "-".join(verb))
        for flag in ["--help", "-h"]:
            rc, out, err, _ = run(*(verb + [flag]), db=nowhere)
            check("%s %s prints its usage on stdout and exits 0" % (" ".join(verb) or "(none)",
                                                                  flag),
                  rc == 0 and "sage" in out and err == "", "rc %d\n%s%s" % (rc, out, err))
        check("%s --help creates no library" % " ".join(verb), not os.path.exists(nowhere))
    rc, out, err, _ = run("session", db=db)
    check("a wrong use still prints the usage on stderr and exits 2",
          rc == 2 and "sage" in err and out == "", err)

    # ---- collection JSON ----
    cases = [
        ("a lone surrogate", '{"format":"tablekeeper-collection","version":1,"games":[\n'
                             '{"title":"Good"},\n{"title":"A\\ud800b"}]}', ["Line 3", "\\ud800"]),
        ("an escaped NUL", '{"format":"tablekeeper-collection","version":1,"games":[\n'
                           '{"title":"A\\u0000b"}]}', ["Line 2", "NUL"]),
        ("a 10 MB title", collection({"title": "x" * 10_000_000}),
         ["Game 1", "title", "10000000", "300"]),
        ("an escape sequence", collection({"title": "Ok"}, {"title": "A\u001b[31mRed"}),
         ["Game 2", "title", "U+001B"]),
        ("a line break in a title", collection({"title": "Two\nlines"}),
         ["Game 1", "title", "one line"]),
        ("a long comment", collection({"title": "Ok", "comment": "c" * 10001}),
         ["Game 1", "comment", "10000"]),
        ("a control character in the notes", collection({"title": "Ok", "notes": "a\u0007"}),
         ["Game 1", "notes", "U+0007"]),
        ("a long designer", collection({"title": "Ok", "designers": ["d" * 201]}),
         ["Game 1", "designer", "200"]),
    ]
    for what, text, words in cases:
        path = write(os.path.join(tmp, "c.json"), text)
        before = rows(db, "games")
        rc, out, err, _ = run("collection", "import", path, db=db)
        check("collection JSON with %s is refused naming %s" % (what, ", ".join(words)),
              rc == 1 and all(w in err for w in words), err[:300])
        check("… and nothing was written (%s)" % what, rows(db, "games") == before)
        rc, out, err, _ = run("collection", "import", "--friend", "Ana", path, db=db)
        check("a friend's list with %s is refused too" % what,
              rc == 1 and all(w in err for w in words) and rows(db, "friend_lists") == 0,
              err[:300])

    path = write(os.path.join(tmp, "crlf.json"),
                 collection({"title": "Windows Notes", "notes": "one\r\ntwo", "comment": "a\rb"}))
    rc, out, err, _ = run("collection", "import", path, db=db)
    check("a lone CR is refused as a control character", rc == 1 and "U+000D" in err, err)
    path = write(os.path.join(tmp, "crlf.json"),
                 collection({"title": "Windows Notes", "notes": "one\r\ntwo", "comment": "a\nb"}))
    rc, out, err, _ = run("collection", "import", path, db=db)
    con = sqlite3.connect(db)
    got = con.execute("SELECT g.notes, c.comment FROM games g JOIN collection c ON c.game_id = g.id"
                      " WHERE g.title = 'Windows Notes'").fetchone()
    con.close()
    check("CR LF and LF line breaks in multi-line fields are kept as they are",
          rc == 0 and got == ("one\r\ntwo", "a\nb"), "%r %s" % (got, err))

    path = write(os.path.join(tmp, "ok.json"), collection({"title": "Ok"}))
    rc, out, err, _ = run("collection", "import", "--friend", "Bad\u001bName", path, db=db)
    check("a friend's name with a control character is refused",
          rc == 1 and "name" in err and rows(db, "friend_lists") == 0, err)

    # ---- BGG CSV ----
    csv_cases = [
        ("a bell in a comment", 'objectname,objectid,comment\r\nFoo,1,"bad\x07bell"\r\n',
         ["Line 2", "comment", "U+0007"]),
        ("a line break in a name", 'objectname,objectid,comment\r\nFine,2,\r\n"Foo\nBar",1,ok\r\n',
         ["Line 3", "title", "one line"]),
        ("a CR LF in an acquisition date (one line, in a row of no other control)",
         'objectname,objectid,acquisitiondate,comment\r\nFoo,1,"2024-01\r\n-02","a\r\nb"\r\n',
         ["Line 2", "acquisition date", "U+000D"]),
        ("a line break in a best player count",
         'objectname,objectid,bggbestplayers\r\nFoo,1,"3\n4"\r\n',
         ["Line 2", "best player count", "one line"]),
        ("a 301-character name", "objectname,objectid\r\n%s,1\r\n" % ("n" * 301),
         ["Line 2", "title", "300"]),
        ("a control character in a column name", "objectname,objectid,avg\x1fweight\r\nFoo,1,2\r\n",
         ["Line 1", "column name", "U+001F"]),
    ]
    for what, text, words in csv_cases:
        path = write(os.path.join(tmp, "b.csv"), text)
        before = rows(db, "games")
        rc, out, err, _ = run("collection", "import", path, db=db)
        check("BGG CSV with %s is refused naming %s" % (what, ", ".join(words)),
              rc == 1 and all(w in err for w in words) and rows(db, "games") == before,
              err[:300])
    path = write(os.path.join(tmp, "b.csv"),
                 'objectname,objectid,comment\r\nCRLF Game,9200001,"one\r\ntwo"\r\n')
    rc, out, err, _ = run("collection", "import", path, db=db)
    con = sqlite3.connect(db)
    got = con.execute("SELECT c.comment FROM games g JOIN collection c ON c.game_id = g.id"
                      " WHERE g.bgg_id = 9200001").fetchone()
    con.close()
    check("a BGG comment written on Windows keeps its CR LF line break",
          rc == 0 and got == ("one\r\ntwo",), "%r %s" % (got, err))

    # ---- plays ----
    play_cases = [
        ("a lone surrogate", plays(play(notes="x")).replace('"x"', '"\\udc00"'),
         ["Line 1", "\\udc00"]),
        ("a NUL in a location", plays(play(location="a")).replace('"a"', '"a\\u0000b"'),
         ["NUL"]),
        ("a long title", plays(play(game_title="t" * 301)), ["Play 1", "game title", "300"]),
        ("an escape in a player's name",
         plays(play(players=[{"seat": 0, "name": "Ana\u001b[2J"}])),
         ["Play 1", "Player 1", "name", "U+001B"]),
        ("a line break in a location", plays(play(location="a\nb")),
         ["Play 1", "location", "one line"]),
    ]
    for what, text, words in play_cases:
        path = write(os.path.join(tmp, "p.json"), text)
        rc, out, err, _ = run("plays", "import", path, db=db)
        check("plays file with %s is refused naming %s" % (what, ", ".join(words)),
              rc == 1 and all(w in err for w in words) and rows(db, "plays") == 0, err[:300])

    # ---- sessions ----
    with open(os.path.join(fixtures, "agora-session.json"), encoding="utf-8") as f:
        session = json.load(f)
    bad = json.loads(json.dumps(session))
    bad["setup"]["players"][0]["name"] = "Ana\u0007"
    bad_title = json.loads(json.dumps(session))
    bad_title["title"] = "T" * 301
    bad_notes = json.loads(json.dumps(session))
    bad_notes["notes"] = "n" * 100001
    for what, doc, words in [("a player's name with a bell", bad, ["Seat 1", "name", "U+0007"]),
                             ("a 301-character title", bad_title, ["title", "300"]),
                             ("notes past 100,000 characters", bad_notes, ["notes", "100000"])]:
        path = write(os.path.join(tmp, "s.json"), json.dumps(doc))
        rc, out, err, _ = run("session", "import", path, db=db)
        check("session file with %s is refused naming %s" % (what, ", ".join(words)),
              rc == 1 and all(w in err for w in words) and rows(db, "sessions") == 0, err[:300])
        rc, out, err, _ = run("score", path)
        check("score refuses a session file with %s too" % what,
              rc == 1 and all(w in err for w in words), err[:300])

    rc, out, err, _ = run("session", "start", "--title", "Skull King", "Ana", "Ben", db=db)
    check("a session to apply actions to", rc == 0, err)
    rc, out, err, _ = run("session", "start", "--title", "Skull\u001bKing", "Ana", "Ben", db=db)
    check("a session title with ESC is refused", rc == 1 and "U+001B" in err, err)
    rc, out, err, _ = run("session", "start", "--title", "X", "Ana\u009b31m", "Ben", db=db)
    check("a player's name with a C1 control (CSI) is refused", rc == 1 and "U+009B" in err, err)
    rc, out, err, _ = run("session", "apply", "1", '{"type":"add_round","scores":[1,2],'
                          '"note":"\\u001b[2J"}', db=db)
    check("an action carrying ESC is refused", rc == 1 and "U+001B" in err, err)

    # ---- nothing the tool prints drives the terminal ----
    # An old library (or another program) may already hold control characters.
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET title = 'Evil\x1b]0;pwned\x07\x1b[31mRed\x9b2J' WHERE title = 'Windows Notes'")
    con.execute("UPDATE sessions SET title = 'Sess\x1b[2J' WHERE id = 1")
    con.commit()
    con.close()
    for args in [["collection", "list"], ["collection", "list", "--json"], ["session", "list"],
                 ["session", "show", "1"], ["discover"]]:
        rc, out, err, raw = run(*args, db=db)
        bad = [b for b in raw if b < 0x20 and b not in (0x0a, 0x09)]
        check("%s prints no control characters" % " ".join(args),
              rc == 0 and not bad and b"\xc2\x9b" not in raw, "%r %s" % (bad[:5], err[:200]))
    rc, out, err, raw = run("collection", "list", db=db)
    check("… and shows them as visible escapes", "Evil\\x1b]0;pwned\\x07" in out, out[:300])
    # The JSON listing escapes them as JSON does (C1 included), so it still parses and gives
    # back the very text the library holds.
    rc, out, err, raw = run("collection", "list", "--json", db=db)
    try:
        titles = [g["title"] for g in json.loads(out)]
    except ValueError as e:
        titles = [str(e)]
    check("collection list --json of control characters is valid JSON with the same text",
          rc == 0 and "Evil\x1b]0;pwned\x07\x1b[31mRed\x9b2J" in titles
          and "\\u009b2J" in out, repr(titles[:3]) + err[:200])
    rc, out, err, raw = run("plays", "export", "--format", "csv", "-", db=db)
    check("CSV to standard output keeps its CR LF line ends",
          rc == 0 and (raw.count(b"\r\n") >= 1 or raw == b""), repr(raw[:80]))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
