#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The library file as a user meets it from the shell (and, given APP, from the app):
another program's database, an empty file, a library held locked by another program, a
read-only file, a full disk, and upgrades killed with SIGKILL.  TAP output.
Usage: test-library-file.py CLI FIXTURES-DIR [APP]"""

import glob
import hashlib
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

cli, fixtures = sys.argv[1], sys.argv[2]
app = sys.argv[3] if len(sys.argv) > 3 else None
results = []
APP_ID = 0x544B4C42


def run(*args, db=None, prefix=(), timeout=60):
    cmd = list(prefix) + [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail, None))


def skip(name, why):
    results.append((name, True, "", why))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def listing(folder):
    return sorted(os.listdir(folder))


def make_db(path, sql):
    db = sqlite3.connect(path)
    db.executescript(sql)
    db.close()


def query(path, sql):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        return db.execute(sql).fetchone()[0]
    finally:
        db.close()


def namespace_prefix():
    """A command prefix that runs its command in a private mount namespace, or None."""
    for prefix in (["unshare", "-m"], ["unshare", "-rm"]):
        if os.geteuid() != 0 and prefix == ["unshare", "-m"]:
            continue
        try:
            if subprocess.run(prefix + ["true"], capture_output=True, timeout=10).returncode == 0:
                return prefix
        except (OSError, subprocess.TimeoutExpired):
            pass
    return None


def v1_library(path, n_games):
    with open(os.path.join(fixtures, "library-v1.sql")) as f:
        make_db(path, f.read())
    make_db(path, "WITH RECURSIVE n (i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < %d) "
                  "INSERT INTO games (id, title, notes) SELECT i, 'Game ' || i, "
                  "hex (randomblob (200)) FROM n; PRAGMA journal_mode = WAL;" % (n_games + 2))


def wait_upgraded(db, timeout=60):
    """For the app, which does not exit: waits until the library is at the current format."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if query(db, "PRAGMA application_id") == APP_ID:
                return True
        except sqlite3.Error:
            pass
        time.sleep(0.01)
    return False


def kill_upgrades(name, command, env, rounds, n_games, seed, exits=True):
    """Runs @command (which opens the library and so upgrades it) and kills it at random
    moments; after each kill the library and every backup must be whole."""
    rng = random.Random(seed)
    games = "SELECT count(*) FROM games WHERE id <= %d" % (n_games + 2)
    with tempfile.TemporaryDirectory() as tmp:
        pristine = os.path.join(tmp, "pristine.db")
        v1_library(pristine, n_games)
        work = os.path.join(tmp, "work")
        db = os.path.join(work, "library.db")

        os.mkdir(work)
        shutil.copy(pristine, db)
        start = time.monotonic()
        if exits:
            subprocess.run(command(db), env=env, capture_output=True, timeout=60)
        else:
            # Twice, the second one warm (fonts, caches), as the kills will be.
            for _ in range(2):
                shutil.copy(pristine, db)
                start = time.monotonic()
                child = subprocess.Popen(command(db), env=env, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
                wait_upgraded(db)
                child.kill()
                child.wait()
                for f in listing(work):
                    if f != "library.db":
                        os.unlink(os.path.join(work, f))
        span = max(time.monotonic() - start, 0.05)
        problems = []
        partial_seen = 0
        mid_upgrade = 0
        for r in range(rounds):
            if r % 3 == 0:
                shutil.rmtree(work)
                os.mkdir(work)
                shutil.copy(pristine, db)
            child = subprocess.Popen(command(db), env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            # The app spends most of that time starting up: aim at the upgrade at its end.
            time.sleep(rng.uniform(0.0 if exits else 0.5 * span, span))
            child.send_signal(signal.SIGKILL)
            child.wait()
            for f in listing(work):
                full = os.path.join(work, f)
                if f in ("library.db", "library.db-wal", "library.db-shm"):
                    continue
                if f.endswith(".partial") or f.endswith(".partial-journal"):
                    partial_seen += 1
                    continue
                m = re.fullmatch(r"library\.db\.v(\d+)-backup", f)
                if not m:
                    problems.append("round %d: unexpected %s" % (r, f))
                    continue
                if (query(full, "PRAGMA user_version") != int(m.group(1))
                        or query(full, games) != n_games + 2
                        or query(full, "PRAGMA integrity_check") != "ok"):
                    problems.append("round %d: %s is not a complete backup" % (r, f))
            if query(db, "PRAGMA user_version") < 6 and any("backup" in f for f in listing(work)):
                mid_upgrade += 1
            if (query(db, games) != n_games + 2
                    or query(db, "PRAGMA integrity_check") != "ok"):
                problems.append("round %d: the library lost something" % r)
        if exits:
            final = subprocess.run(command(db), env=env, capture_output=True, text=True,
                                   timeout=60)
            if final.returncode != 0:
                problems.append("the last upgrade failed: %s" % final.stderr)
        else:
            child = subprocess.Popen(command(db), env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            if not wait_upgraded(db):
                problems.append("the app did not finish the upgrade after the kills")
            child.kill()
            child.wait()
        check("%s: %d kills during the upgrade (%.0f ms; %d partial copies seen, %d kills with the "
              "upgrade under way), library and backups whole, no numbered copies"
              % (name, rounds, span * 1000, partial_seen, mid_upgrade),
              not problems, "\n".join(problems))


if app is not None:
    # The app: killed while it upgrades the library it was started on.
    kill_upgrades("app", lambda db: [app, "--db", db], dict(os.environ), 12, 60000, 15,
                  exits=False)


def cli_cases():
    with tempfile.TemporaryDirectory() as tmp:
        # Another program's database: refused before anything is written, however often.
        for label, sql in [
                ("its own tables, user_version 0",
                 "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep');"),
                ("its own tables, user_version 1",
                 "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep'); PRAGMA user_version = 1;"),
                ("another application_id",
                 "CREATE TABLE games (title TEXT); PRAGMA application_id = 1598903374;")]:
            folder = os.path.join(tmp, "foreign-%d" % len(results))
            os.mkdir(folder)
            other = os.path.join(folder, "other.db")
            make_db(other, sql)
            before = digest(other)
            outcomes = [run("info", db=other) for _ in range(3)]
            check("another program's database (%s) is refused with a message" % label,
                  all(rc == 1 and "another program" in err for rc, _, err in outcomes),
                  outcomes[0][2])
            check("... and left byte for byte, no WAL, no backup (%s)" % label,
                  digest(other) == before and listing(folder) == ["other.db"], str(listing(folder)))

        # An empty file becomes a new library, and the CLI says so (once).
        empty = os.path.join(tmp, "empty.db")
        open(empty, "wb").close()
        rc, out, err = run("info", db=empty)
        check("an empty file becomes a new library and the CLI says so",
              rc == 0 and "empty file" in err and "new library" in err, out + err)
        rc, out, err = run("info", db=empty)
        check("... and is an ordinary library after that",
              rc == 0 and "empty" not in err and query(empty, "PRAGMA application_id") == APP_ID,
              out + err)

        # A library another program holds locked (BEGIN EXCLUSIVE on a rollback-journal file).
        busy = os.path.join(tmp, "busy.db")
        run("info", db=busy)
        make_db(busy, "PRAGMA journal_mode = DELETE;")
        before = digest(busy)
        holder = sqlite3.connect(busy, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        start = time.monotonic()
        rc, out, err = run("info", db=busy)
        waited = time.monotonic() - start
        holder.execute("ROLLBACK")
        holder.close()
        check("a busy library: says so, names who holds it, waits a few seconds",
              rc == 1 and "in use by another program" in err and ("process %d" % os.getpid()) in err
              and 3 <= waited < 30, "%s (waited %.1f s)" % (err, waited))
        check("... leaves it as it was and is not set aside",
              digest(busy) == before and not glob.glob(os.path.join(tmp, "*unreadable*")))
        rc, out, err = run("info", db=busy)
        check("... and opens once the other program lets go", rc == 0, err)

        ns = namespace_prefix()

        # A read-only library (a read-only mount, which stops root too).
        folder = os.path.join(tmp, "stick")
        os.mkdir(folder)
        ro = os.path.join(folder, "library.db")
        run("info", db=ro)
        before = digest(ro)
        if ns is None:
            skip("a read-only library is refused as read-only",
                 "no private mount namespace here (unshare is not allowed)")
        else:
            script = ('mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && '
                      'exec "$2" --db "$1/library.db" info')
            p = subprocess.run(ns + ["sh", "-c", script, "sh", folder, cli], capture_output=True,
                               text=True, timeout=60)
            check("a read-only library is refused as read-only, not as unreadable",
                  p.returncode == 1 and "read-only" in p.stderr and "damaged" not in p.stderr,
                  p.stdout + p.stderr)
            check("... with the way to read it", "--read-only" in p.stderr, p.stderr)
            script = ('mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && '
                      '"$2" --read-only --db "$1/library.db" info && '
                      '"$2" --read-only --db "$1/library.db" session start --title X Ana; '
                      'echo "rc=$?"')
            p = subprocess.run(ns + ["sh", "-c", script, "sh", folder, cli], capture_output=True,
                               text=True, timeout=60)
            check("--read-only reads it, and a write is refused with the read-only message",
                  "Format version" in p.stdout and "rc=1" in p.stdout and "read-only" in p.stderr,
                  p.stdout + p.stderr)
            check("... and left byte for byte", digest(ro) == before and listing(folder) == ["library.db"],
                  str(listing(folder)))

        # A full disk: a small tmpfs, filled up.
        if ns is None:
            skip("a full disk", "no private mount namespace here (unshare is not allowed)")
        else:
            folder = os.path.join(tmp, "full")
            os.mkdir(folder)
            script = ('mount -t tmpfs -o size=256k tmpfs "$1" && '
                      '(dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null; true) && '
                      '"$2" --db "$1/library.db" info; echo "rc=$?"; ls -A "$1"')
            p = subprocess.run(ns + ["sh", "-c", script, "sh", folder, cli], capture_output=True,
                               text=True, timeout=60)
            check("a full disk: the CLI says so and no library.db is left behind",
                  "rc=1" in p.stdout and "disk is full" in p.stderr
                  and p.stdout.split("rc=1")[-1].split() == ["filler"], p.stdout + p.stderr)

        # Upgrades killed with SIGKILL: from the CLI, and from the app when given.
        kill_upgrades("CLI", lambda db: [cli, "--db", db, "info"], None, 15, 20000, 14)


if app is None:
    cli_cases()

print("1..%d" % len(results))
for i, (name, ok, detail, why) in enumerate(results, 1):
    if why is not None:
        print("ok %d - %s # SKIP %s" % (i, name, why))
        continue
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _, _ in results) else 1)
