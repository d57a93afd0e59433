#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile JSON through tablekeeper-cli, as a user would meet it: files nested 100,000 deep
and numbers beyond 64 bits in every kind of JSON the CLI reads (collection, friend list,
session file, plays file, Metromania network, an action).  Each must be refused with exit
code 1 and a message naming the problem, without a crash and without changing the library.
TAP output.  Usage: test-cli-json.py CLI FIXTURES-DIR"""

import json
import os
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], sys.argv[2]
results = []
DEPTH = 100000


def run(*args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def nested(prefix, suffix):
    """@prefix, a list nested DEPTH deep, @suffix: the shape json-glib's recursion dies on."""
    return prefix + "[" * DEPTH + "]" * DEPTH + suffix


def library_state(db):
    """What a user can see of the library: every list the CLI prints."""
    state = []
    for args in (["info"], ["collection", "list"], ["plays", "list"], ["session", "list"]):
        rc, out, err = run(*args, db=db)
        # the path and size lines of "info" change with the WAL, the counts must not
        state.append((rc, "\n".join(l for l in out.splitlines() if "library.db" not in l
                                    and "size" not in l.lower()), err))
    return state


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")

    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    # A library with something in it, so that "unchanged" means something.
    good = write("good.json", json.dumps({"format": "tablekeeper-collection", "version": 1,
                                          "games": [{"title": "Azul", "year": 2017}]}))
    rc, out, err = run("collection", "import", good, db=db)
    check("a small collection imports", rc == 0, out + err)
    rc, out, err = run("session", "start", "--rules", "metropolis", "Ana", "Ben", db=db)
    check("a Metropolis session starts", rc == 0, out + err)
    rc, out, err = run("session", "apply", "1",
                       '{"type":"coins","seat":0,"delta":3,"reason":"paid twice"}', db=db)
    check("a coin correction applies", rc == 0 and "+3" in out, out + err)
    before = library_state(db)

    def refused(name, args, words):
        rc, out, err = run(*args, db=db)
        ok = rc == 1 and all(w in err for w in words)
        check(name + ": refused with exit code 1 and a message", ok,
              "rc %d\n%s%s" % (rc, out, err))
        check(name + ": the library is unchanged", library_state(db) == before)

    deep_collection = write("deep-collection.json", nested(
        '{"format":"tablekeeper-collection","version":1,"games":', "}"))
    refused("collection import of a 100,000-deep file",
            ["collection", "import", deep_collection], ["nested", "64"])
    refused("friend list import of a 100,000-deep file",
            ["collection", "import", "--friend", "Ana", deep_collection], ["nested", "64"])

    deep_session = write("deep-session.json", nested(
        '{"format":"tablekeeper-session","version":1,"rules":"generic-score-pad","title":"T",'
        '"setup":{"players":[{"name":"A"},{"name":"B"}]},"actions":', "}"))
    refused("score of a 100,000-deep session file", ["score", deep_session], ["nested"])
    refused("session import of a 100,000-deep file", ["session", "import", deep_session],
            ["nested"])

    deep_plays = write("deep-plays.json", nested(
        '{"format":"tablekeeper-plays","version":1,"plays":', "}"))
    refused("plays import of a 100,000-deep file", ["plays", "import", deep_plays], ["nested"])

    with open(os.path.join(fixtures, "metromania-network.json")) as f:
        network = json.load(f)
    deep_network = write("deep-network.json",
                         nested('{"format":"tablekeeper-metromania-network","version":1,'
                                '"lines":', "}"))
    refused("metromania routes of a 100,000-deep file",
            ["metromania", "routes", deep_network], ["nested"])

    # Numbers: json-glib reads these as -1, -2^63 or 2^63-1; each must be refused by name.
    for literal in ["99999999999999999999999", "9223372036854775808",
                    "-9223372036854775809", "18446744073709551615", "1e400"]:
        refused("an action with delta %s" % literal,
                ["session", "apply", "1",
                 '{"type":"coins","seat":0,"delta":%s,"reason":"x"}' % literal],
                ['“delta”'])
    refused("an action with delta 2.5",
            ["session", "apply", "1", '{"type":"coins","seat":0,"delta":2.5,"reason":"x"}'],
            ['“delta”'])
    refused("an action with seat 2^64",
            ["session", "apply", "1",
             '{"type":"coins","seat":18446744073709551616,"delta":1,"reason":"x"}'],
            ['“seat”'])

    for field, value in [("year", "99999999999999999999999"), ("year", "2017.5"),
                         ("min_players", "-99999999999999999999"), ("bgg_id", "1.5")]:
        path = write("number.json", '{"format":"tablekeeper-collection","version":1,'
                     '"games":[{"title":"Big","%s":%s}]}' % (field, value))
        refused("collection import with %s %s" % (field, value),
                ["collection", "import", path], ['“%s”' % field])

    huge_play = write("huge-play.json", json.dumps({"format": "tablekeeper-plays", "version": 1,
                                                    "plays": [{"game_title": "Azul",
                                                               "played_on": "2024-05-01",
                                                               "players": [{"name": "Ana"}]}]})
                      .replace('"players"', '"duration_min": 99999999999999999999999, "players"'))
    refused("plays import with a duration beyond 64 bits", ["plays", "import", huge_play],
            ['“duration_min”'])

    text = json.dumps(network)
    big_network = write("big-network.json", text.replace("{", '{"n":99999999999999999999999,', 1))
    refused("metromania routes with a number beyond 64 bits",
            ["metromania", "routes", big_network], ['“n”'])

    with open(os.path.join(fixtures, "metropolis-session.json")) as f:
        session = f.read()
    big_session = write("big-session.json",
                        session.replace('"version"', '"padding":-99999999999999999999999,'
                                        '"version"', 1))
    refused("score of a session file with a number beyond 64 bits", ["score", big_session],
            ['“padding”'])

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
