#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hundreds of SIGKILLs, at random moments and at named points, on two devices that share a
sync folder: edits (ratings, comments), a BGG CSV import and a BG Stats import, and `sync`
killed while writing its files, between writing an operations file and recording it, in the
middle of importing operations, during the fold and just before a commit.

A named point is TABLEKEEPER_TEST_KILL_AT=NAME:N (src/core/tk-kill-point.c): the process
kills itself the N-th time it gets there.  A random kill is SIGKILL from here after a random
delay.  After every kill the device runs again (a `sync`, which must exit 0), and then:
  - `PRAGMA integrity_check` is ok;
  - nothing acknowledged (a command that exited 0) is missing: each value this device set is
    the last acknowledged one, or one whose command was killed (it may have committed), never
    anything else; a command killed before its commit left nothing;
  - nothing is doubled: no device sequence number holds two operations, the BG Stats plays are
    there 0 or 7 times, never another count;
  - every `*.tkops` in the folder reads whole (header, every line, count and checksum), no
    temporary file is left in the device's own folder after its sync, and no file whose name
    is not `*.tkops` was ever read as one.
At the end both devices and a fresh library folding the files give the same canonical dump,
holding every acknowledged value.  TAP output.
Usage: test-cli-sync-kill-points.py CLI FIXTURES-DIR [KILLS]"""

import csv
import hashlib
import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

cli, fixtures = sys.argv[1], sys.argv[2]
KILLS = int(sys.argv[3]) if len(sys.argv) > 3 else int(os.environ.get("TK_KILLS", "520"))
SEED = int(os.environ.get("TK_KILL_SEED", "27"))
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))
    return bool(ok)


def env_for(offset, kill_at=None):
    e = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="",
             TABLEKEEPER_CLOCK_OFFSET_MS=str(offset))
    e.pop("TABLEKEEPER_TEST_KILL_AT", None)
    if kill_at:
        e["TABLEKEEPER_TEST_KILL_AT"] = kill_at
    return e


class Device:
    def __init__(self, name, db, offset):
        self.name, self.db, self.offset = name, db, offset
        self.truth = {}      # (game uid, field) -> the value last acknowledged
        self.maybe = {}      # (game uid, field) -> values of killed commands since
        self.uid = None

    def run(self, *args, kill_at=None):
        p = subprocess.run([cli, "--db", self.db] + list(args), capture_output=True,
                           text=True, timeout=300, env=env_for(self.offset, kill_at))
        return p.returncode, p.stdout, p.stderr

    def run_killed(self, args, delay):
        """Starts a command and SIGKILLs it after DELAY seconds; its exit code."""
        p = subprocess.Popen([cli, "--db", self.db] + list(args), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env_for(self.offset))
        try:
            p.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGKILL)
        return p.wait()

    def query(self, sql, *args):
        con = sqlite3.connect(self.db, timeout=30)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()


def reads_whole(path, library):
    """Whether an operations file is whole and valid, read as docs/formats.md says."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.endswith(b"\n"):
        return False
    lines = data[:-1].split(b"\n")
    try:
        head = json.loads(lines[0])
        ops = [json.loads(x) for x in lines[1:-1]]
    except ValueError:
        return False
    if head.get("format") != "tablekeeper-ops" or head.get("library") != library:
        return False
    count = head["last"] - head["first"] + 1
    body = data[:len(data) - len(lines[-1]) - 1]
    trailer = ('{"count":%d,"sha256":"%s"}' % (count, hashlib.sha256(body).hexdigest())).encode()
    return lines[-1] == trailer and len(ops) == count and all("op" in o for o in ops)


rng = random.Random(SEED)
print("# seed %d, %d kills asked" % (SEED, KILLS))
t_start = time.monotonic()
with tempfile.TemporaryDirectory() as tmp:
    folder = os.path.join(tmp, "folder")
    os.makedirs(folder)
    a = Device("A", os.path.join(tmp, "A.db"), 0)
    b = Device("B", os.path.join(tmp, "B.db"), 45000)
    devices = [a, b]
    bad = []
    kills = {"random": 0}
    not_reached = 0

    def fail(kind, detail):
        bad.append((kind, detail))

    # BGG CSV variants: every row rated K (the import sets the ratings of A's imported games).
    with open(os.path.join(fixtures, "bgg-collection.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    csv_games = ["bgg:" + r[header.index("objectid")] for r in rows[1:]]
    variants = {}
    for k in range(1, 11):
        table = [header] + [list(r) for r in rows[1:]]
        for r in table[1:]:
            r[header.index("rating")] = str(k)
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(table)
        variants[k] = os.path.join(tmp, "bgg-%d.csv" % k)
        with open(variants[k], "w", encoding="utf-8") as f:
            f.write(buf.getvalue())
    bgstats = os.path.join(fixtures, "history", "bgstats-export.json")
    with open(bgstats, encoding="utf-8") as f:
        n_bgstats = len(json.load(f)["plays"])

    # A starts the library, B joins; each rates games of its own.
    rc, out, err = a.run("sync", folder)
    check("A starts the library", rc == 0, err)
    rc, out, err = b.run("sync", folder)
    check("B joins it", rc == 0 and "Joined library" in out, out + err)
    library = a.query("SELECT library_uid FROM sync_identity")[0][0]
    for d in devices:
        d.uid = d.query("SELECT device_uid FROM sync_identity")[0][0]
    catalog = [r[0] for r in a.query("SELECT uid FROM games WHERE source = 'catalog' AND"
                                     " bgg_id IS NOT NULL ORDER BY bgg_id LIMIT 16")]
    own_games = {"A": catalog[:8], "B": catalog[8:]}
    bgstats_acked = {"A": False, "B": False}

    def observe(d):
        """Checks D's values against what it was told and takes them as the truth."""
        rows_v = {(g, "rating"): r for g, r in d.query(
            "SELECT g.uid, c.rating FROM collection c JOIN games g ON g.id = c.game_id")}
        rows_c = {(g, "comment"): c for g, c in d.query(
            "SELECT g.uid, c.comment FROM collection c JOIN games g ON g.id = c.game_id")}
        now = {**rows_v, **rows_c}
        for key in set(d.truth) | set(d.maybe):
            allowed = {d.truth.get(key)} | d.maybe.get(key, set())
            if now.get(key) not in allowed:
                fail("an acknowledged value is missing or another appeared",
                     (d.name, key, now.get(key), allowed))
            d.truth[key] = now.get(key)
        d.maybe.clear()
        n = d.query("SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'")[0][0]
        if n not in (0, n_bgstats) or (bgstats_acked[d.name] and n != n_bgstats):
            fail("the BG Stats plays are not there once", (d.name, n))
        if n == n_bgstats:
            bgstats_acked[d.name] = True

    judged = set()   # (path, size, mtime) of the files found whole already

    def after_restart(d, what):
        if d.query("PRAGMA integrity_check") != [("ok",)]:
            fail("integrity_check", (d.name, what))
        doubled = d.query("SELECT device_uid, device_seq FROM sync_ops GROUP BY device_uid,"
                          " device_seq HAVING count (*) > 1")
        if doubled:
            fail("a device sequence number holds two operations", (d.name, what, doubled[:3]))
        odd = d.query("SELECT name FROM sync_files WHERE name NOT LIKE '%.tkops'"
                      " OR name LIKE '.%'")
        if odd:
            fail("a file that is not *.tkops was read", (d.name, odd))
        observe(d)
        own_dir = os.path.join(folder, "Tablekeeper", library, "devices", d.uid)
        if os.path.isdir(own_dir):
            left = [n for n in os.listdir(own_dir) if ".tmp-" in n]
            if left:
                fail("a temporary file was left after the sync", (d.name, what, left))
        for dirpath, _, names in os.walk(os.path.join(folder, "Tablekeeper")):
            for n in names:
                path = os.path.join(dirpath, n)
                if not n.endswith(".tkops"):
                    continue
                st = os.stat(path)
                key = (path, st.st_size, st.st_mtime_ns)
                if key in judged:
                    continue
                judged.add(key)
                if not reads_whole(path, library):
                    fail("a *.tkops that does not read whole", (what, n))

    def attempt(d, args, changes, kill_at=None, delay=None):
        """Runs a command that is killed (at a named point, or after DELAY); CHANGES are the
        values it sets.  Returns how it ended."""
        global not_reached
        if kill_at is not None:
            rc, out, err = d.run(*args, kill_at=kill_at)
        else:
            rc = d.run_killed(args, delay)
        if rc == -signal.SIGKILL:
            name = kill_at.split(":")[0] if kill_at else "random"
            kills[name] = kills.get(name, 0) + 1
            # Killed before its commit, nothing of it may be there; killed at random, it may
            # have committed.
            if kill_at != "commit:1":
                for key, value in changes.items():
                    d.maybe.setdefault(key, set()).add(value)
        elif rc == 0:
            if kill_at is not None:
                not_reached += 1
            for key, value in changes.items():
                d.truth[key] = value
                d.maybe.pop(key, None)
            if args[:2] == ["plays", "import"]:
                bgstats_acked[d.name] = True
        else:
            fail("a command failed", (d.name, args, rc))
        return rc

    timing = {}

    def timed(d, args):
        t0 = time.monotonic()
        rc, out, err = d.run(*args)
        timing[args[0]] = max(timing.get(args[0], 0.0), time.monotonic() - t0)
        return rc, out, err

    # Timings to aim the random kills at.
    timed(a, ["collection", "set", catalog[0], "--rating", "5"])
    a.truth[(catalog[0], "rating")] = 5
    timed(a, ["sync", folder])
    timed(b, ["sync", folder])

    # commit:1 of a sync is the commit of what was changed outside a transaction, commit:2
    # the fold's; temp-written:1 the first file written (an operations file when there is
    # one, else device.json), 2 and 3 the next ones.
    points = ["commit:1", "commit:2", "temp-written:1", "temp-written:2", "temp-written:3",
              "file-renamed:1", "receive:1", "receive:2", "fold:1", "fold:2"]
    i = 0
    total = 0
    # Until both quotas are met: a random kill only counts when it comes before the command
    # ends, which a loaded machine makes rarer than the odds here say.
    while (total < KILLS or kills["random"] < KILLS // 5) and i < KILLS * 4:
        i += 1
        d = rng.choice(devices)
        other = b if d is a else a
        r = rng.random()
        named = rng.random() < 0.6
        if r < 0.30:
            # An edit, killed.
            g = rng.choice(own_games[d.name])
            if rng.random() < 0.6:
                n = rng.randint(1, 10)
                args = ["collection", "set", g, "--rating", str(n)]
                changes = {(g, "rating"): n}
            else:
                c = "comment %d" % i
                args = ["collection", "set", g, "--comment", c]
                changes = {(g, "comment"): c}
            before = {k: d.truth.get(k) for k in changes}
            rc = attempt(d, args, changes, kill_at="commit:1" if named else None,
                         delay=None if named else rng.uniform(0, 1.2 * timing["collection"]))
            if named and rc == -signal.SIGKILL:
                now = d.query("SELECT c.rating, c.comment FROM collection c JOIN games g"
                              " ON g.id = c.game_id WHERE g.uid = ?", g)
                val = now[0][0 if "rating" in args[3] else 1] if now else None
                if val != list(before.values())[0]:
                    fail("an edit killed before its commit left something", (d.name, args, val))
        elif r < 0.36 and d is a:
            # A BGG CSV import (the ratings of A's imported games), killed.
            k = rng.randint(1, 10)
            changes = {(g, "rating"): k for g in csv_games}
            attempt(d, ["collection", "import", variants[k]], changes,
                    kill_at="commit:1" if named else None,
                    delay=None if named else rng.uniform(0, 1.0))
        elif r < 0.40 and d is b:
            attempt(d, ["plays", "import", bgstats], {},
                    kill_at="commit:1" if named else None,
                    delay=None if named else rng.uniform(0, 0.5))
        else:
            # A sync, killed while writing, recording, importing or folding.
            point = rng.choice(points) if named else None
            if point is not None and point.startswith(("receive", "fold")) or \
                    rng.random() < 0.4:
                # Something new on the other side to read.
                g = rng.choice(own_games[other.name])
                n = rng.randint(1, 10)
                rc, out, err = other.run("collection", "set", g, "--rating", str(n))
                if rc == 0:
                    other.truth[(g, "rating")] = n
                rc, out, err = other.run("sync", folder)
                if rc != 0:
                    fail("sync failed", (other.name, out + err))
            if point is not None and point.startswith(("temp", "file")) or \
                    rng.random() < 0.4:
                # Something new on this side to write.
                g = rng.choice(own_games[d.name])
                n = rng.randint(1, 10)
                rc, out, err = d.run("collection", "set", g, "--rating", str(n))
                if rc == 0:
                    d.truth[(g, "rating")] = n
            attempt(d, ["sync", folder], {}, kill_at=point,
                    delay=None if named else rng.uniform(0, 1.2 * timing["sync"]))
        total = sum(kills.values())
        # The restart: the device syncs again, and must finish.
        rc, out, err = d.run("sync", folder)
        if rc != 0:
            fail("the sync after a kill failed", (d.name, out + err))
        after_restart(d, "round %d" % i)

    print("# %d kills in %d rounds (%s); %d named points not reached (ran to the end);"
          " %.0f s" % (total, i, ", ".join("%s %d" % kv for kv in sorted(kills.items())),
                       not_reached, time.monotonic() - t_start))
    check("at least %d SIGKILLs (%d: %s)" % (KILLS, total,
                                            ", ".join("%s %d" % kv for kv in sorted(kills.items()))),
          total >= KILLS)
    check("every named point was reached",
          all(kills.get(p.split(":")[0], 0) > 0 for p in points), kills)
    check("random kills too", kills["random"] >= KILLS // 5, kills)

    # Everything delivered: both sync until neither reads anything new.
    for _ in range(3):
        for d in devices:
            rc, out, err = d.run("sync", folder)
            check("sync on %s at the end" % d.name, rc == 0, out + err)
            after_restart(d, "the end")
    dumps = {d.name: d.run("dump", "--canonical")[1] for d in devices}
    check("A and B give the same dump", dumps["A"] == dumps["B"] and dumps["A"])
    doc = json.loads(dumps["A"])
    lost = []
    for d in devices:
        for (g, field), value in d.truth.items():
            entry = doc["entries"].get(g)
            if (entry or {}).get(field) != value and not (entry is None and value is None):
                lost.append((d.name, g, field, value, (entry or {}).get(field)))
    check("every acknowledged value is there on both", not lost, lost[:10])
    check("the BG Stats plays are there exactly once",
          all(d.query("SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'")[0][0] ==
              (n_bgstats if bgstats_acked["B"] else 0) for d in devices))
    fresh = Device("D", os.path.join(tmp, "D.db"), 0)
    rc, out, err = fresh.run("sync", folder)
    rc2, dump_d, err2 = fresh.run("dump", "--canonical")
    check("a fresh library folding the files gives the same dump",
          rc == 0 and "Skipped" not in out and dump_d == dumps["A"], out + err + err2)
    check("nothing went wrong after any kill", not bad,
          "\n".join("%s: %s" % x for x in bad[:20]))

print("1..%d" % len(results))
for n, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", n, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("# " + line)
sys.exit(0)
