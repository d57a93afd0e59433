#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Three devices that meet only through folder copies: `tablekeeper-cli sync`, `sync status`
and `dump --canonical`.  Each device is a library of its own with its own copy of the sync
folder and its own clock (one a day behind, one two days ahead); a script is the only carrier
between the copies, and a hostile one: it delivers late, out of order, twice, a file cut short
first and whole later, files renamed as Syncthing, Nextcloud and Dropbox conflict copies, and
files of its own.  Edited apart: a BGG CSV import on one, a BG Stats import on another, the same
game rated on one and commented on another, a play deleted on one and edited on another, a
player renamed, a session undone on one (undone on the others) and continued on two (both
branches offered everywhere; the one kept on a third holds everywhere).  At the end every library gives the same canonical dump byte for byte, with
both the rating and the comment, the deleted play listed, every imported play once, and
`PRAGMA integrity_check` ok.  TAP output.  Usage: test-cli-sync.py CLI FIXTURES-DIR"""

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

cli, fixtures = sys.argv[1], sys.argv[2]
results = []
DAY_MS = 86400000
# Each device's clock: B two days ahead (the others warn), C a day behind.
OFFSETS = {"A": 0, "B": 2 * DAY_MS, "C": -DAY_MS}


def run(device, *args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="",
               TABLEKEEPER_CLOCK_OFFSET_MS=str(OFFSETS.get(device, 0)))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def query(db, sql, *args):
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def ops_files(folder):
    """Every file under FOLDER/Tablekeeper, relative paths, sorted."""
    out = []
    root = os.path.join(folder, "Tablekeeper")
    for dirpath, _, names in os.walk(root):
        for name in names:
            out.append(os.path.relpath(os.path.join(dirpath, name), folder))
    return sorted(out)


def deliver(src, dst, only=None, rename=None, cut=None, reverse=False):
    """The carrier: copies the files of SRC's copy that DST's copy lacks (or only those
    whose relative path contains ONLY), optionally renamed by RENAME(name) or cut to CUT
    bytes, in reverse order when asked.  Returns what it copied."""
    copied = []
    files = ops_files(src)
    if reverse:
        files = list(reversed(files))
    for rel in files:
        if only is not None and only not in rel:
            continue
        target_rel = rel
        if rename is not None and rel.endswith(".tkops"):
            target_rel = os.path.join(os.path.dirname(rel), rename(os.path.basename(rel)))
        target = os.path.join(dst, target_rel)
        if os.path.exists(target) and cut is None and not rel.endswith(".json"):
            # The same file again is nothing new; of two versions the carrier keeps the
            # longer (a copy cut short is completed, never the other way).
            with open(target, "rb") as a, open(os.path.join(src, rel), "rb") as b:
                old, new = a.read(), b.read()
                if old == new or len(new) < len(old):
                    continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(os.path.join(src, rel), "rb") as f:
            data = f.read()
        with open(target, "wb") as f:
            f.write(data[:cut] if cut is not None else data)
        copied.append(target_rel)
    return copied


def sync(device, expect_rc=0):
    rc, out, err = run(device, "sync", folders[device], "--device-name", device,
                       db=dbs[device])
    check("sync on %s exits %d" % (device, expect_rc), rc == expect_rc, out + err)
    return out


def dump(device):
    rc, out, err = run(device, "dump", "--canonical", db=dbs[device])
    check("dump on %s" % device, rc == 0, err)
    return out


with tempfile.TemporaryDirectory() as tmp:
    dbs = {d: os.path.join(tmp, d + ".db") for d in "ABC"}
    folders = {d: os.path.join(tmp, "folder-" + d) for d in "ABC"}
    for f in folders.values():
        os.makedirs(f)

    # --- what cannot be used ---
    rc, out, err = run("A", "sync", os.path.join(tmp, "missing"), db=dbs["A"])
    check("a missing folder: exit 1 with the reason", rc == 1 and "missing" in err, err)
    plain = os.path.join(tmp, "plain-file")
    open(plain, "w").close()
    rc, out, err = run("A", "sync", plain, db=dbs["A"])
    check("a file as the folder: exit 1", rc == 1 and "not a folder" in err, err)
    synced = os.path.join(tmp, "synced")
    os.makedirs(os.path.join(synced, ".stfolder"))
    rc, out, err = run("A", "sync", folders["A"], db=os.path.join(synced, "lib.db"))
    check("a library inside a synced folder: exit 1", rc == 1 and err, err)
    rc, out, err = run("A", "sync", db=dbs["A"])
    check("sync without a folder: usage, exit 2", rc == 2 and "Usage" in err, err)

    # --- A starts the library: a BGG CSV import ---
    rc, out, err = run("A", "collection", "import", os.path.join(fixtures, "bgg-collection.csv"),
                       db=dbs["A"])
    check("BGG CSV import on A", rc == 0, err)
    out = sync("A")
    check("A wrote its operations", "Wrote" in out and "0 operations" not in out.split("\n")[0],
          out)
    # B and C join from what the carrier brought.
    deliver(folders["A"], folders["B"])
    deliver(folders["A"], folders["C"])
    out = sync("B")
    check("B joined A's library", "Joined library" in out, out)
    out = sync("C")
    check("C joined A's library", "Joined library" in out, out)
    lib = {d: query(dbs[d], "SELECT library_uid FROM sync_identity")[0][0] for d in "ABC"}
    check("one library uid on the three", len(set(lib.values())) == 1, lib)

    # --- B imports a BG Stats history; everyone gets it ---
    rc, out, err = run("B", "plays", "import",
                       os.path.join(fixtures, "history", "bgstats-export.json"), db=dbs["B"])
    check("BG Stats import on B", rc == 0, err)
    sync("B")
    deliver(folders["B"], folders["A"])
    deliver(folders["B"], folders["C"])
    out_a = sync("A")
    check("A warns of a clock two days ahead", "more than a day ahead" in out_a, out_a)
    sync("C")
    n_imported = query(dbs["B"], "SELECT count(*) FROM plays")[0][0]
    check("the BG Stats plays reached A and C",
          n_imported > 0 and all(query(dbs[d], "SELECT count(*) FROM plays")[0][0] == n_imported
                                 for d in "AC"), n_imported)
    # Importing the same file again on A adds nothing: its plays are known by their keys.
    rc, out, err = run("A", "plays", "import",
                       os.path.join(fixtures, "history", "bgstats-export.json"), db=dbs["A"])
    check("the same BG Stats file on A adds no play",
          rc == 0 and query(dbs["A"], "SELECT count(*) FROM plays")[0][0] == n_imported, out + err)

    # --- a session at the table, started on A, open on every device ---
    rc, out, err = run("A", "session", "start", "--title", "Game night", "--win", "high",
                       "Ana", "Ben", db=dbs["A"])
    check("A starts a session", rc == 0, err)
    session = query(dbs["A"], "SELECT uid FROM sessions")[0][0]
    for scores in ("[5,3]", "[1,2]"):
        run("A", "session", "apply", session, '{"type":"add_round","scores":%s}' % scores,
            db=dbs["A"])
    sync("A")
    for d in "BC":
        deliver(folders["A"], folders[d])
        sync(d)
    check("the session is open on B and C with its two actions",
          all(query(dbs[d], "SELECT count(*) FROM sessions s JOIN session_actions a"
                            " ON a.session_id = s.id WHERE s.uid = ?", session)[0][0] == 2
              for d in "BC"))
    # Undo on B after the sync undoes the same action on A.
    rc, out, err = run("B", "session", "undo", session, db=dbs["B"])
    check("B undoes the last action", rc == 0, err)
    sync("B")
    deliver(folders["B"], folders["A"])
    sync("A")
    rc, out, err = run("A", "session", "show", session, db=dbs["A"])
    check("…and on A it is undone too", rc == 0 and "Ana 1, Ben 2 (undone)" in out, out + err)

    # --- apart ---
    # The session goes on on A and on B: two branches.
    rc, out, err = run("A", "session", "apply", session,
                       '{"type":"add_round","scores":[7,7]}', db=dbs["A"])
    check("A goes on with the session", rc == 0, err)
    rc, out, err = run("B", "session", "redo", session, db=dbs["B"])
    rc2, out2, err2 = run("B", "session", "apply", session,
                          '{"type":"add_round","scores":[9,0]}', db=dbs["B"])
    check("B redoes and goes on with it too", rc == 0 and rc2 == 0, err + err2)
    game = "bgg:9100001"
    rc, out, err = run("A", "collection", "set", game, "--rating", "9", "--status", "favourite",
                       db=dbs["A"])
    check("A rates the game", rc == 0, err)
    rc, out, err = run("C", "collection", "set", game, "--comment", "Best with four",
                       db=dbs["C"])
    check("C comments on the same game", rc == 0, err)
    victim = query(dbs["A"], "SELECT uid FROM plays ORDER BY uid LIMIT 1")[0][0]
    victim_a = query(dbs["A"], "SELECT id FROM plays WHERE uid = ?", victim)[0][0]
    rc, out, err = run("A", "plays", "delete", str(victim_a), db=dbs["A"])
    check("A deletes a play", rc == 0, err)
    # C edits it with another program's SQL: the triggers see every writer.
    con = sqlite3.connect(dbs["C"])
    con.execute("UPDATE plays SET notes = 'edited on C' WHERE uid = ?", (victim,))
    con.commit()
    con.close()
    player_b = query(dbs["B"], "SELECT id, uid FROM players ORDER BY uid LIMIT 1")[0]
    rc, out, err = run("B", "players", "rename", str(player_b[0]), "Renamed on B", db=dbs["B"])
    check("B renames a player", rc == 0, err)
    for d in "ABC":
        sync(d)

    # --- the hostile carrier ---
    # C's new file reaches B cut short first: skipped with the reason, exit 0.
    dev_c = query(dbs["C"], "SELECT device_uid FROM sync_identity")[0][0]
    c_files = [f for f in ops_files(folders["C"])
               if f.endswith(".tkops") and f.split(os.sep)[3] == dev_c]
    newest_c = sorted(c_files)[-1]
    size = os.path.getsize(os.path.join(folders["C"], newest_c))
    deliver(folders["C"], folders["B"], only=newest_c, cut=size // 2)
    out = sync("B")
    check("a file cut short is skipped with the reason", "Skipped" in out, out)
    out = sync("B")
    check("…and still skipped while it has not changed", "Skipped" in out, out)
    deliver(folders["C"], folders["B"], only=newest_c)
    out = sync("B")
    check("…and read once it is whole", "Skipped" not in out and "Read 1 file" in out, out)
    # A foreign file in C's device folder on B, and a stray file.
    dev_dir = os.path.dirname(os.path.join(folders["B"], newest_c))
    with open(os.path.join(dev_dir, "notes.txt"), "w") as f:
        f.write("not ours\n")
    with open(os.path.join(dev_dir, "garbage.tkops"), "w") as f:
        f.write("{\"format\":\"something else\"}\n")
    out = sync("B")
    check("a foreign .tkops is skipped, the pass still runs", "garbage.tkops" in out, out)
    # Files of a device of a newer Tablekeeper, framed and checksummed as they should be: one
    # with an operation this version cannot read (skipped, with the reason), one of a type it
    # does not know (kept in the registers, no harm done).
    fake_dir = os.path.join(folders["B"], "Tablekeeper", lib["A"], "devices", "fakedevice")
    os.makedirs(fake_dir)

    def tkops(first, ops):
        head = json.dumps({"format": "tablekeeper-ops", "version": 1, "library": lib["A"],
                           "device": "fakedevice", "first": first,
                           "last": first + len(ops) - 1}, separators=(",", ":")) + "\n"
        text = head + "".join(json.dumps(o, separators=(",", ":")) + "\n" for o in ops)
        digest = hashlib.sha256(text.encode()).hexdigest()
        return text + '{"count":%d,"sha256":"%s"}\n' % (len(ops), digest)

    bad_op = {"op": "fake-op-1", "kind": "set", "device": "fakedevice", "seq": 1, "hlc": 1,
              "type": "entry", "entity": game, "body": {"values": {"rating": 1}}}
    odd_op = {"op": "fake-op-2", "kind": "set", "device": "fakedevice", "seq": 2, "hlc": 1,
              "type": "widget", "entity": "w1", "body": {"fields": {"size": 3}}}
    with open(os.path.join(fake_dir, "ops-000000000001-000000000001.tkops"), "w") as f:
        f.write(tkops(1, [bad_op]))
    with open(os.path.join(fake_dir, "ops-000000000002-000000000002.tkops"), "w") as f:
        f.write(tkops(2, [odd_op]))
    out = sync("B")
    check("an unreadable operation skips its file with the reason",
          "ops-000000000001-000000000001.tkops" in out and "not readable" in out, out)
    check("an operation of an unknown type is kept, nothing else changes",
          query(dbs["B"], "SELECT count(*) FROM sync_fields WHERE type = 'widget'")[0][0] == 1
          and query(dbs["B"], "SELECT rating FROM collection c JOIN games g"
                              " ON g.id = c.game_id WHERE g.uid = ?", game)[0][0] != 1, out)

    # A's files reach C as conflict copies in the three carriers' styles, in reverse order,
    # and twice.
    styles = [lambda n: n[:-6] + ".sync-conflict-20261129-054500-ABCDEFG.tkops",
              lambda n: n[:-6] + " (conflicted copy 2026-11-29 054500).tkops",
              lambda n: n[:-6] + " (Someone's conflicted copy 2026-11-29).tkops"]
    for style in styles:
        deliver(folders["A"], folders["C"], rename=style, reverse=True)
    deliver(folders["A"], folders["C"], reverse=True)
    out = sync("C")
    check("conflict copies are read (nothing new twice)", "Read" in out, out)

    # --- everything delivered, to a fixpoint ---
    for _ in range(2):
        for src in "ABC":
            for dst in "ABC":
                if src != dst:
                    deliver(folders[src], folders[dst])
        for d in "ABC":
            sync(d)
    dumps = {d: dump(d) for d in "ABC"}
    check("A and B give the same dump, byte for byte", dumps["A"] == dumps["B"],
          dumps["A"][:2000] + "\n---\n" + dumps["B"][:2000])
    check("A and C give the same dump, byte for byte", dumps["A"] == dumps["C"],
          dumps["A"][:2000] + "\n---\n" + dumps["C"][:2000])
    doc = json.loads(dumps["A"])
    entry = doc["entries"].get(game, {})
    check("the rating and the comment are both kept",
          entry.get("rating") == 9 and entry.get("comment") == "Best with four"
          and entry.get("favourite") == 1, entry)
    check("the deleted play is listed as deleted (restorable)",
          ["play", victim] in doc["deleted"] and victim not in doc["plays"], doc["deleted"])
    check("every BG Stats play exactly once",
          all(query(dbs[d], "SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'")[0][0]
              == n_imported - (1 if victim.startswith("bgstats:") else 0) for d in "ABC"),
          [query(dbs[d], "SELECT count(*) FROM plays")[0][0] for d in "ABC"])
    check("the rename reached everyone",
          all(query(dbs[d], "SELECT count(*) FROM players WHERE name = 'Renamed on B'")[0][0] == 1
              for d in "ABC"))
    check("the BGG CSV games and entries are everywhere",
          all(query(dbs[d], "SELECT count(*) FROM collection c JOIN games g ON g.id = c.game_id"
                            " WHERE g.uid = 'bgg:9100001'")[0][0] == 1 for d in "ABC"))
    check("the session's two branches are kept (on every device: the dumps are equal)",
          len(doc["sessions"].get(session, {}).get("branches", [])) == 2
          and len(doc["sessions"][session]["ledger"]) == 4, doc["sessions"].get(session))
    rc, out, err = run("C", "session", "branches", session, db=dbs["C"])
    check("C offers the branches, continued on A and on B",
          rc == 0 and "  A  " in out and "  B  " in out and "(shown)" in out, out + err)
    not_shown = [line.split()[0] for line in out.splitlines()
                 if line.startswith("  ") and "(shown)" not in line]
    check("one branch is shown, one waits", len(not_shown) == 1, out)
    rc, out, err = run("C", "session", "keep", session, not_shown[0] if not_shown else "-",
                       db=dbs["C"])
    check("C keeps the other branch", rc == 0, out + err)
    for _ in range(2):
        for src in "ABC":
            for dst in "ABC":
                if src != dst:
                    deliver(folders[src], folders[dst])
        for d in "ABC":
            sync(d)
    dumps = {d: dump(d) for d in "ABC"}
    check("after the choice the three dumps are equal", len(set(dumps.values())) == 1,
          "\n---\n".join(v[:800] for v in dumps.values()))
    kept = json.loads(dumps["A"])["sessions"].get(session, {})
    check("the kept branch is the head everywhere, no branch waits",
          kept.get("head") == (not_shown[0] if not_shown else None)
          and kept.get("branches") == [], kept)
    for d in "AB":
        rc, out, err = run(d, "session", "branches", session, db=dbs[d])
        check("no branches left on %s" % d, rc == 0 and "One branch" in out, out + err)

    for d in "ABC":
        check("integrity_check on %s" % d,
              query(dbs[d], "PRAGMA integrity_check") == [("ok",)])
    # Foreign files are left as they were.
    check("a foreign file is left untouched",
          open(os.path.join(dev_dir, "notes.txt")).read() == "not ours\n")
    # No device wrote into another's folder: every file under a device folder of A's copy that
    # is not A's own came from the carrier (same bytes as in its writer's copy).
    dev = {d: query(dbs[d], "SELECT device_uid FROM sync_identity")[0][0] for d in "ABC"}
    own_ok = True
    for d in "ABC":
        for rel in ops_files(folders[d]):
            parts = rel.split(os.sep)
            if len(parts) >= 5 and parts[3] in dev.values() and parts[3] != dev[d]:
                writer = [k for k, v in dev.items() if v == parts[3]][0]
                if not os.path.exists(os.path.join(folders[writer], rel)) and \
                        "conflict" not in rel and "garbage" not in rel and "notes" not in rel:
                    own_ok = False
    check("each device wrote only into its own folder", own_ok)

    # sync status: the devices with their names, and the skipped file with its reason.
    rc, out, err = run("B", "sync", "status", folders["B"], db=dbs["B"])
    try:
        status = json.loads(out)
    except ValueError:
        status = {}
    check("sync status lists the three devices with their names (and the nameless one)",
          rc == 0 and sorted(x["name"] for x in status.get("devices", [])) == ["", "A", "B", "C"],
          out + err)
    check("sync status lists the skipped foreign file",
          any(x["file"] == "garbage.tkops" for x in status.get("skipped", [])), out)

    # A copy of A's library file (a restored backup) used beside A with the same folder: the
    # second install to write notices files under its device uid that it did not write and
    # takes a new uid; nothing either wrote is lost.
    dbs["A2"] = os.path.join(tmp, "A2.db")
    folders["A2"] = folders["A"]
    src_con = sqlite3.connect(dbs["A"])
    dst_con = sqlite3.connect(dbs["A2"])
    src_con.backup(dst_con)
    src_con.close()
    dst_con.close()
    run("A", "collection", "set", "bgg:9100002", "--comment", "from A", db=dbs["A"])
    run("A2", "collection", "set", "bgg:9100003", "--comment", "from the copy", db=dbs["A2"])
    sync("A")
    out = sync("A2")
    check("the copy takes a new device uid", "from now on" in out, out)
    dev_a2 = query(dbs["A2"], "SELECT device_uid FROM sync_identity")[0][0]
    check("…not A's", dev_a2 != dev["A"], dev_a2)
    out = sync("A")
    check("A keeps its uid and reads the copy's files", "from now on" not in out and
          query(dbs["A"], "SELECT device_uid FROM sync_identity")[0][0] == dev["A"], out)
    for _ in range(2):
        for src in "ABC":
            for dst in "ABC":
                if src != dst:
                    deliver(folders[src], folders[dst])
        for d in ["A", "A2", "B", "C"]:
            sync(d)
    dumps = {d: dump(d) for d in ["A", "A2", "B", "C"]}
    check("A, its copy, B and C give the same dump",
          len(set(dumps.values())) == 1, "\n---\n".join(v[:800] for v in dumps.values()))
    doc = json.loads(dumps["A"])
    check("both comments are kept",
          doc["entries"].get("bgg:9100002", {}).get("comment") == "from A"
          and doc["entries"].get("bgg:9100003", {}).get("comment") == "from the copy",
          [doc["entries"].get(g) for g in ("bgg:9100002", "bgg:9100003")])

    # A fresh library that reads every file again ends with the same dump.
    fresh = os.path.join(tmp, "D.db")
    folder_d = os.path.join(tmp, "folder-D")
    shutil.copytree(folders["A"], folder_d)
    dbs["D"], folders["D"] = fresh, folder_d
    sync("D")
    check("a fresh library folding the files gives the same dump", dump("D") == dumps["A"],
          dump("D")[:1500])

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:40]:
            print("# " + line)
sys.exit(0)
