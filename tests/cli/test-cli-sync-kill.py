#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`tablekeeper-cli sync` killed with SIGKILL at random moments, on the device that writes (A,
after a BGG CSV import of 3,000 games) and on the one that reads and folds (B).  After every
kill the next sync finishes the work: each library passes `PRAGMA integrity_check`, no
`*.tkops` name shows a file that does not read whole, nothing is lost or doubled (B's canonical
dump ends equal to A's, and folding the files into a fresh library gives it too).  TAP output.
Usage: test-cli-sync-kill.py CLI GEN-BGG-EXPORT"""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

cli, gen = sys.argv[1], sys.argv[2]
results = []
KILLS = 40


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def run(*args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
    return p.returncode, p.stdout, p.stderr


def killed_sync(db, folder, delay):
    """Starts a sync and SIGKILLs it after DELAY seconds; True when it was killed."""
    p = subprocess.Popen([cli, "--db", db, "sync", folder], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL,
                         env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
    time.sleep(delay)
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
        p.wait()
        return True
    return False


def integrity(db):
    con = sqlite3.connect(db)
    try:
        return con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()


rng = random.Random(11)
with tempfile.TemporaryDirectory() as tmp:
    folder = os.path.join(tmp, "folder")
    os.makedirs(folder)
    a = os.path.join(tmp, "A.db")
    csv = os.path.join(tmp, "bgg.csv")
    subprocess.run([gen, "1500", "5", csv], check=True)
    rc, out, err = run("collection", "import", csv, db=a)
    check("the import on A", rc == 0, err)

    def copy_library(src, dst):
        s, d = sqlite3.connect(src), sqlite3.connect(dst)
        s.backup(d)
        s.close()
        d.close()

    # How long a whole write and a whole read take, to aim the kills inside them.
    copy_library(a, os.path.join(tmp, "probe-a.db"))
    os.makedirs(os.path.join(tmp, "probe-folder"))
    t0 = time.monotonic()
    run("sync", os.path.join(tmp, "probe-folder"), db=os.path.join(tmp, "probe-a.db"))
    t_write = time.monotonic() - t0
    t0 = time.monotonic()
    run("sync", os.path.join(tmp, "probe-folder"), db=os.path.join(tmp, "probe-b.db"))
    t_read = time.monotonic() - t0

    # The writer: copies of A, each with a folder of its own, killed once while writing,
    # then synced to the end; a fresh reader must read every file whole.
    rc, dump_a, err = run("dump", "--canonical", db=a)
    kills = 0
    for i in range(KILLS // 2):
        ai = os.path.join(tmp, "A%d.db" % i)
        fi = os.path.join(tmp, "folder%d" % i)
        os.makedirs(fi)
        copy_library(a, ai)
        if killed_sync(ai, fi, rng.uniform(0.0, 0.7 * t_write)):
            kills += 1
        ok = integrity(ai)
        rc, out, err = run("sync", fi, db=ai)
        rc2, out2, err2 = run("sync", fi, db=os.path.join(tmp, "R%d.db" % i))
        rc3, dump_r, err3 = run("dump", "--canonical", db=os.path.join(tmp, "R%d.db" % i))
        check("writer killed (%d): integrity ok, every file whole, nothing lost" % i,
              ok and rc == 0 and rc2 == 0 and "Skipped" not in out2 and dump_r == dump_a,
              out + err + out2 + err2)
    # The reader: libraries killed once while folding A's files, then synced to the end.
    run("sync", folder, db=a)
    for i in range(KILLS // 2):
        bi = os.path.join(tmp, "B%d.db" % i)
        if killed_sync(bi, folder, rng.uniform(0.0, 0.7 * t_read)):
            kills += 1
        ok = integrity(bi) if os.path.exists(bi) else True
        rc, out, err = run("sync", folder, db=bi)
        rc2, dump_b, err2 = run("dump", "--canonical", db=bi)
        con = sqlite3.connect(bi)
        n_ops = con.execute("SELECT count(*), count(DISTINCT op_uid) FROM sync_ops").fetchone()
        con.close()
        check("reader killed (%d): integrity ok, A's content once" % i,
              ok and rc == 0 and dump_b == dump_a and n_ops[0] == n_ops[1], out + err)
    # The delays are aimed from one timed run; on a busy machine some runs still finish
    # first (they count as runs that were not killed, and are checked all the same).
    check("syncs were killed mid-way (%d of %d)" % (kills, KILLS), kills >= KILLS // 4,
          "write %.2fs, read %.2fs" % (t_write, t_read))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("# " + line)
sys.exit(0)
