#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Model-based convergence: three devices, a seeded random script of edits, a hostile carrier,
and an independent model of what the end state must be.

Each device is a real library driven through `tablekeeper-cli` (and, for the edits the CLI
cannot make yet — an own game, logging and editing a play, an Undo that writes a row back with
its old uid — through plain SQL, which the library's triggers capture like any other writer),
each with its own clock (TABLEKEEPER_CLOCK_OFFSET_MS, seconds to days apart) and its own copy
of the sync folder.  The script edits own games, statuses, ratings, comments, deletes and
restores, renames and merges players, logs, edits, deletes and restores plays, and imports the
same BGG CSV (changed) on two devices, the same BG Stats export on two devices and a friend's
list on two.  Between the copies the carrier delays, reorders, duplicates, shows a file cut
short first and whole later, delivers conflict copies in Syncthing, Nextcloud and Dropbox
styles, and leaves files of its own.

The model is written here, not taken from the fold: every operation a device makes is read
from that device right after the command that made it; each field is a last-writer-wins
register under (hlc, device, op); the tables, the deleted list and the values kept for "Changed
on another device" follow from the registers by the rules of docs/formats.md.  At the end,
with everything delivered and synced to a fixpoint:
  - the canonical dumps of the three are identical and equal to the model's;
  - every acknowledged edit (CLI exit 0) became an operation carrying it (or changed nothing
    the device did not already have), and each one the model says wins is in the dump;
  - a fresh library folding the files alone gives the same dump;
  - foreign files are byte-identical and where they were;
  - a file cut short was never imported while cut, and was read once it was whole.
TAP output.  Usage: test-cli-sync-model.py CLI FIXTURES-DIR [SEED…]
(TK_SYNC_MODEL_SEEDS="1 2 3" and TK_SYNC_MODEL_STEPS=N in the environment also choose;
TK_SYNC_MODEL_KILL=1 kills every sync first at a named point and runs it again.)
"""

import csv
import hashlib
import io
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

cli, fixtures = sys.argv[1], sys.argv[2]
SEEDS = [int(s) for s in sys.argv[3:]] or \
    [int(s) for s in os.environ.get("TK_SYNC_MODEL_SEEDS", "1 2 3 4").split()]
STEPS = int(os.environ.get("TK_SYNC_MODEL_STEPS", "70"))
DEVICES = "ABC"
# TK_SYNC_MODEL_KILL=1: every sync is first killed at one of these points (tk-kill-point.c).
KILL_SYNCS = os.environ.get("TK_SYNC_MODEL_KILL") == "1"
KILL_POINTS = ["commit:1", "commit:2", "temp-written:1", "temp-written:2", "file-renamed:1",
               "receive:1", "receive:3", "fold:1", "fold:3"]
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))
    return bool(ok)


# A field no operation has set reads as this in the tables (flags are 0, not empty).
FIELD_DEFAULTS = {k: 0 for k in ("owned", "want_to_play", "played", "favourite", "not_interested",
                                 "hidden", "incomplete", "no_win_stats", "bgg_plays")}


def canon(value):
    """A value as the fold compares it (SQLite's JSON text)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- the model


class Model:
    """Every operation any device made, and what the end state must be."""

    def __init__(self):
        self.ops = {}

    def add(self, op):
        self.ops[op["op"]] = op

    def registers(self, op_uids=None):
        """(type, entity) -> field -> winning op, over all operations or those named."""
        reg = {}
        for uid in (self.ops if op_uids is None else op_uids):
            op = self.ops[uid]
            key = (op["hlc"], op["device"], op["op"])
            fields = reg.setdefault((op["type"], op["entity"]), {})
            for field in op["fields"]:
                cur = fields.get(field)
                if cur is None or (cur["hlc"], cur["device"], cur["op"]) < key:
                    fields[field] = op
        return reg

    @staticmethod
    def values(reg):
        return {k: {f: op["fields"][f] for f, op in fields.items()} for k, fields in reg.items()}

    def expected(self, catalog_uids):
        """The canonical dump the registers call for (parsed JSON)."""
        reg = self.registers()
        val = self.values(reg)

        def v(t, e):
            return val.get((t, e), {})

        def deleted(t, e):
            return v(t, e).get("deleted") is True

        def resolve(uid):
            chain = []
            cur = uid
            while True:
                nxt = v("player", cur).get("merged_into")
                if not isinstance(nxt, str) or nxt == cur:
                    return cur
                chain.append(cur)
                if nxt in chain:
                    return min(chain[chain.index(nxt):])
                cur = nxt

        games = {}
        for (t, e), f in val.items():
            if t == "game" and not deleted(t, e) and f.get("title") is not None:
                tags = sorted([x[0], x[1]] for x in (f.get("tags") or [])
                              if x[0] in ("designer", "mechanic", "category"))
                tags = [list(x) for x in dict.fromkeys(tuple(x) for x in tags)]
                games[e] = {k: f.get(k) for k in (
                    "best_players", "bgg_id", "bgg_rank", "catalog_key", "cover_path",
                    "max_players", "max_time", "min_age", "min_players", "min_time", "notes",
                    "rating_avg", "rating_count", "title", "title_ja", "weight", "year")}
                games[e]["source"] = f.get("source") or "own"
                games[e]["tags"] = tags

        def game_here(uid):
            return uid in games or uid in catalog_uids

        entries = {}
        for (t, e), f in val.items():
            if t == "entry" and not deleted(t, e) and game_here(e):
                entries[e] = {k: f.get(k) for k in ("acquired_on", "bgg_extra", "comment",
                                                     "price_paid", "rating")}
                for k in ("bgg_plays", "favourite", "not_interested", "owned", "played",
                          "want_to_play"):
                    entries[e][k] = f.get(k) or 0
        players = {}
        for (t, e), f in val.items():
            if t == "player" and not deleted(t, e) and resolve(e) == e and \
                    f.get("name") is not None:
                players[e] = {"bgg_username": f.get("bgg_username"), "colour": f.get("colour"),
                              "hidden": f.get("hidden") or 0, "name": f.get("name")}
        plays = {}
        for (t, e), f in val.items():
            if t != "play" or deleted(t, e) or f.get("played_on") is None or \
                    f.get("game_title") is None:
                continue
            row = {k: f.get(k) for k in ("duration_min", "expansions", "game_title", "location",
                                         "notes", "played_on")}
            row["incomplete"] = f.get("incomplete") or 0
            row["no_win_stats"] = f.get("no_win_stats") or 0
            row["game"] = f.get("game") if game_here(f.get("game")) else None
            seats = []
            for s in f.get("seats") or []:
                p = s.get("player")
                if p is not None:
                    p = resolve(p)
                    p = p if p in players else None
                seats.append({"colour": s.get("colour"), "first_play": s.get("first_play") or 0,
                              "name": s.get("name") or "", "player": p, "rank": s.get("rank"),
                              "role": s.get("role"), "score": s.get("score"),
                              "score_text": s.get("score_text"),
                              "start_player": s.get("start_player") or 0, "team": s.get("team"),
                              "winner": s.get("winner") or 0})
            row["seats"] = seats
            plays[e] = row
        friends = {}
        for (t, e), f in val.items():
            if t == "friends" and not deleted(t, e) and f.get("name") is not None:
                friends[e] = {"name": f["name"], "games": [
                    {"bgg_id": g.get("bgg_id"), "favourite": g.get("favourite") or 0,
                     "owned": g.get("owned") or 0, "played": g.get("played") or 0,
                     "rating": g.get("rating"), "title": g.get("title") or "",
                     "want_to_play": g.get("want_to_play") or 0}
                    for g in (f.get("games") or [])]}
        dead = sorted([t, e] for (t, e) in val if deleted(t, e))
        kept = set()
        for (t, e), fields in reg.items():
            for field, win in fields.items():
                anc = set()
                p = (win.get("prev") or {}).get(field)
                while p is not None and p not in anc and p != win["op"]:
                    anc.add(p)
                    p = (self.ops[p].get("prev") or {}).get(field) if p in self.ops else None
                for op in self.ops.values():
                    if op["type"] == t and op["entity"] == e and field in op["fields"] and \
                            op is not win and op["op"] not in anc and \
                            canon(op["fields"][field]) != canon(win["fields"][field]):
                        kept.add((t, e, field, op["op"]))
        return {"games": games, "entries": entries, "players": players, "plays": plays,
                "friends": friends, "deleted": dead, "kept": kept}


def compare(expected, doc):
    """The differences between the model's state and a parsed dump, as text lines."""
    out = []
    for section in ("games", "entries", "players", "plays", "friends"):
        exp, got = expected[section], doc.get(section, {})
        for uid in sorted(set(exp) | set(got)):
            if uid not in got:
                out.append("%s %s: in the model, not in the dump: %s" % (section, uid, exp[uid]))
            elif uid not in exp:
                out.append("%s %s: in the dump, not in the model: %s" % (section, uid, got[uid]))
            elif {k: v for k, v in exp[uid].items() if v is not None} != \
                    {k: v for k, v in got[uid].items() if v is not None}:
                # A field no operation of the script sets (a play's session) is null in the
                # dump and absent from the model: the same.
                diff = {k: (exp[uid].get(k), got[uid].get(k)) for k in
                        set(exp[uid]) | set(got[uid]) if exp[uid].get(k) != got[uid].get(k)}
                out.append("%s %s: model vs dump %s" % (section, uid, diff))
    if expected["deleted"] != sorted(doc.get("deleted", [])):
        out.append("deleted: model %s, dump %s" % (expected["deleted"], doc.get("deleted")))
    kept = {(k["type"], k["entity"], k["field"], k["op"]) for k in doc.get("kept", [])}
    if kept != expected["kept"]:
        out.append("kept: only in the model %s; only in the dump %s"
                   % (sorted(expected["kept"] - kept)[:10], sorted(kept - expected["kept"])[:10]))
    return out


# ---------------------------------------------------------------- devices and the carrier

CONFLICT_STYLES = [
    lambda n: n[:-6] + ".sync-conflict-20261129-054500-ABCDEFG.tkops",     # Syncthing
    lambda n: n[:-6] + " (conflicted copy 2026-11-29 054500).tkops",       # Nextcloud
    lambda n: n[:-6] + " (Someone's conflicted copy 2026-11-29).tkops",    # Dropbox
]


class Device:
    def __init__(self, name, tmp, offset_ms):
        self.name = name
        self.db = os.path.join(tmp, name + ".db")
        self.folder = os.path.join(tmp, "folder-" + name)
        os.makedirs(self.folder)
        self.offset = offset_ms
        self.uid = None
        self.last_seq = 0
        self.pending = []      # intentions of SQL edits not yet turned into operations
        self.acked = []        # (intention, op uid or None)
        self.deleted_plays = {}
        self.deleted_games = {}

    def run(self, *args, env=None):
        e = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="",
                 TABLEKEEPER_CLOCK_OFFSET_MS=str(self.offset))
        e.update(env or {})
        p = subprocess.run([cli, "--db", self.db] + list(args), capture_output=True,
                           text=True, timeout=300, env=e)
        return p.returncode, p.stdout, p.stderr

    def con(self):
        con = sqlite3.connect(self.db, timeout=30)
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def query(self, sql, *args):
        con = sqlite3.connect("file:%s?mode=ro" % self.db, uri=True, timeout=30)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()


def tk_files(folder):
    out = []
    root = os.path.join(folder, "Tablekeeper")
    for dirpath, _, names in os.walk(root):
        for n in names:
            out.append(os.path.relpath(os.path.join(dirpath, n), folder))
    return sorted(out)


def one_seed(seed, tmp):
    rng = random.Random(seed)
    print("# seed %d" % seed)
    tag = "seed %d: " % seed
    day = 86400000
    offsets = {"A": 0, "B": rng.choice([1, -1]) * rng.randint(1000, 120000),
               "C": rng.choice([2 * day, -day, rng.randint(-300000, 300000)])}
    dev = {d: Device(d, tmp, offsets[d]) for d in DEVICES}
    model = Model()
    bad = []                 # failures found along the way (reported once per kind)
    cut = {d: {} for d in DEVICES}    # rel path -> the whole file's op uids, while cut short
    foreign = {}             # path -> sha256
    ops_of_file = {}         # (writer folder rel path) -> op uids
    stats = {"edits": 0, "syncs": 0, "delivered": 0, "cut": 0, "conflict": 0, "dup": 0}

    def fail(kind, detail):
        bad.append((kind, detail))

    def capture(d):
        """Reads the operations D made since the last look into the model, and resolves the
        intentions waiting for them."""
        con = sqlite3.connect("file:%s?mode=ro" % d.db, uri=True, timeout=30)
        try:
            own = con.execute("SELECT device_uid FROM sync_identity").fetchone()[0]
            rows = con.execute("SELECT seq, op_uid, hlc, device_uid, kind, type, entity, body"
                               " FROM sync_ops WHERE seq > ? ORDER BY seq",
                               (d.last_seq,)).fetchall()
            known = None
        finally:
            con.close()
        d.uid = own
        new = []
        for seq, op_uid, hlc, device, kind, typ, entity, body in rows:
            d.last_seq = max(d.last_seq, seq)
            if device != own:
                if op_uid not in model.ops:
                    fail("an operation from nowhere", (d.name, op_uid))
                continue
            b = json.loads(body)
            op = {"op": op_uid, "hlc": hlc, "device": device, "kind": kind, "type": typ,
                  "entity": entity, "fields": b.get("fields", {}), "prev": b.get("prev", {})}
            model.add(op)
            new.append(op)
        if d.pending:
            known = [r[0] for r in d.query("SELECT op_uid FROM sync_ops")]
            before = model.values(model.registers([u for u in known
                                                   if u not in {o["op"] for o in new}]))
            for intent in d.pending:
                t, e, field, value = intent
                hit = [o for o in new if o["type"] == t and o["entity"] == e and
                       field in o["fields"] and canon(o["fields"][field]) == canon(value)]
                if hit:
                    d.acked.append((intent, hit[-1]["op"]))
                elif canon(before.get((t, e), {}).get(field, FIELD_DEFAULTS.get(field))) == \
                        canon(value):
                    d.acked.append((intent, None))
                else:
                    fail("an acknowledged edit without its operation", (d.name, intent))
            d.pending = []
        return new

    def edit(d, intents, *args):
        """A CLI edit: acknowledged when it exits 0."""
        rc, out, err = d.run(*args)
        if rc != 0:
            fail("an edit failed", (d.name, args, err))
            capture(d)
            return False
        d.pending.extend(intents)
        capture(d)
        stats["edits"] += 1
        return True

    def sql_edit(d, intents, fn):
        """An edit by another writer's SQL, then a command that commits (an empty import):
        the triggers have listed the rows, the commit turns them into operations."""
        con = d.con()
        try:
            with con:
                more = fn(con)
        finally:
            con.close()
        rc, out, err = d.run("collection", "import", empty_csv)
        if rc != 0:
            fail("the committing command failed", (d.name, err))
        d.pending.extend(intents + (more or []))
        capture(d)
        stats["edits"] += 1

    def sync(d):
        if KILL_SYNCS:
            # Killed first at a named point (when it gets there), then run again.
            d.run("sync", d.folder, "--device-name", d.name,
                  env={"TABLEKEEPER_TEST_KILL_AT": rng.choice(KILL_POINTS)})
        rc, out, err = d.run("sync", d.folder, "--device-name", d.name)
        stats["syncs"] += 1
        if rc != 0:
            fail("sync failed", (d.name, out + err))
        capture(d)
        # A file shown cut short is never imported while it is (unless a whole copy is here
        # under another name).
        if cut[d.name]:
            have = {r[0] for r in d.query("SELECT op_uid FROM sync_ops")}
            for rel, uids in cut[d.name].items():
                if uids & have and not whole_copy_here(d, rel):
                    fail("a file cut short was imported", (d.name, rel))
                if rel.endswith(".tkops") and "Skipped" not in out:
                    fail("a file cut short was not reported", (d.name, rel, out))
        return out

    def whole_copy_here(d, rel):
        base = os.path.basename(rel)[:-6]
        folder = os.path.dirname(os.path.join(d.folder, rel))
        for n in os.listdir(folder):
            if n != os.path.basename(rel) and n.startswith(base) and n.endswith(".tkops"):
                return True
        return False

    def file_ops(path):
        with open(path, "rb") as f:
            lines = f.read().decode().split("\n")
        return {json.loads(x)["op"] for x in lines[1:-2]}

    def deliver(src, dst, share=1.0, hostile=True):
        """Copies files of SRC's copy to DST's copy: some of them (the rest later), in a random
        order, some cut short first, some as conflict copies, some twice."""
        files = [r for r in tk_files(src.folder)
                 if r.endswith((".tkops", "library.json", "device.json", "seen.json"))
                 and os.path.exists(os.path.join(src.folder, r))]
        rng.shuffle(files)
        for rel in files:
            if rng.random() > share:
                continue
            parts = rel.split(os.sep)
            if rel in foreign or any(p in rel for p in ("garbage", "notes", "foreign")):
                continue
            # A carrier passes on what it has whole, not a copy it is still receiving.
            if rel in cut[src.name]:
                continue
            s = os.path.join(src.folder, rel)
            t = os.path.join(dst.folder, rel)
            own_folder = len(parts) > 3 and parts[3] == dst.uid
            with open(s, "rb") as f:
                data = f.read()
            if own_folder and not hostile:
                continue
            if own_folder:
                # Only a conflict copy of one of its own files ever comes back to a device.
                if rel.endswith(".tkops") and "conflict" not in rel and rng.random() < 0.1:
                    name = rng.choice(CONFLICT_STYLES)(os.path.basename(rel))
                    with open(os.path.join(os.path.dirname(t), name), "wb") as f:
                        f.write(data)
                    stats["conflict"] += 1
                continue
            os.makedirs(os.path.dirname(t), exist_ok=True)
            if os.path.exists(t):
                with open(t, "rb") as f:
                    old = f.read()
                if old == data or len(data) < len(old):
                    if hostile and rel.endswith(".tkops") and rng.random() < 0.2:
                        # The same file again, as a conflict copy beside it.
                        name = rng.choice(CONFLICT_STYLES)(os.path.basename(rel))
                        with open(os.path.join(os.path.dirname(t), name), "wb") as f:
                            f.write(data)
                        stats["dup"] += 1
                    continue
            if hostile and rel.endswith(".tkops") and "conflict" not in rel and \
                    rel not in cut[dst.name] and not os.path.exists(t) and rng.random() < 0.3:
                size = rng.randint(0, len(data) - 1)
                with open(t, "wb") as f:
                    f.write(data[:size])
                cut[dst.name][rel] = file_ops(s)
                stats["cut"] += 1
                continue
            name = os.path.basename(rel)
            if hostile and rel.endswith(".tkops") and "conflict" not in rel and \
                    rel not in cut[dst.name] and rng.random() < 0.15:
                name = rng.choice(CONFLICT_STYLES)(name)
                stats["conflict"] += 1
            with open(os.path.join(os.path.dirname(t), name), "wb") as f:
                f.write(data)
            if name == os.path.basename(rel):
                cut[dst.name].pop(rel, None)
            stats["delivered"] += 1

    # --- the library starts on A; B and C join from what the carrier brought ---
    sync(dev["A"])
    for d in "BC":
        deliver(dev["A"], dev[d], hostile=False)
        out = sync(dev[d])
        # (A pass killed after joining has joined: the one after it says nothing of it.)
        check(tag + "%s joins A's library" % d,
              dev[d].query("SELECT library_uid FROM sync_identity") ==
              dev["A"].query("SELECT library_uid FROM sync_identity") and
              ("Joined library" in out or KILL_SYNCS), out)
    lib = dev["A"].query("SELECT library_uid FROM sync_identity")[0][0]
    catalog = [r[0] for r in dev["A"].query("SELECT uid FROM games WHERE source = 'catalog'"
                                            " AND bgg_id IS NOT NULL ORDER BY bgg_id LIMIT 12")]

    # Foreign files in every copy: beside the library, in another device's folder, in the
    # device's own folder, and a fake device with a damaged file.
    for d in DEVICES:
        base = os.path.join(dev[d].folder, "Tablekeeper")
        other = [x for x in DEVICES if x != d][0]
        paths = {
            os.path.join(base, "README-foreign.txt"): b"left here by someone\n",
            os.path.join(base, lib, "devices", dev[other].uid, "notes.txt"): b"not ours\n",
            os.path.join(base, lib, "devices", dev[other].uid, "garbage.tkops"):
                b'{"format":"something else"}\n',
            os.path.join(base, lib, "devices", dev[d].uid, "notes.txt"): b"mine, not its\n",
            os.path.join(base, lib, "devices", dev[d].uid, ".foreign.tmp"): b"half\n",
            os.path.join(base, lib, "devices", "foreigndevice",
                         "ops-000000000001-000000000001.tkops"):
                b'{"format":"tablekeeper-ops","version":1,"library":"' + lib.encode() +
                b'","device":"foreigndevice","first":1,"last":1}\n{"op":"x"}\n'
                b'{"count":1,"sha256":"' + b"0" * 64 + b'"}\n',
        }
        for p, data in paths.items():
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(data)
            foreign[os.path.relpath(p, dev[d].folder) + "@" + d] = (p, hashlib.sha256(data)
                                                                  .hexdigest())

    # The imports: the same BGG CSV (ratings and comments changed) on A and C, the same BG
    # Stats export on B and C, a friend's list on A and B; at random steps of the script.
    with open(os.path.join(fixtures, "bgg-collection.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    variant = [header] + [list(r) for r in rows[1:-1]]
    for r in variant[1:]:
        r[header.index("rating")] = str(rng.randint(1, 10))
        r[header.index("comment")] = "changed on C %d" % rng.randint(0, 99)
    csvs = {}
    for name, table in (("bgg-a.csv", rows), ("bgg-c.csv", variant)):
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(table)
        csvs[name] = os.path.join(tmp, name)
        with open(csvs[name], "w", encoding="utf-8") as f:
            f.write(buf.getvalue())
    bgstats = os.path.join(fixtures, "history", "bgstats-export.json")
    imports = [("A", "collection", "import", csvs["bgg-a.csv"]),
               ("C", "collection", "import", csvs["bgg-c.csv"]),
               ("B", "plays", "import", bgstats),
               ("C", "plays", "import", bgstats),
               ("A", "collection", "import", "--friend", "Kim", csvs["bgg-a.csv"]),
               ("B", "collection", "import", "--friend", "Kim", csvs["bgg-c.csv"])]
    at = sorted(rng.sample(range(2, STEPS // 2), len(imports)))
    schedule = dict(zip(at, imports))

    comments = ["Best with four", "ゲーム会で好評", 'quotes " and \\ backslash', "",
                "line\nbreak", "short"]
    statuses = {"owned": "owned", "want": "want_to_play", "played": "played",
                "favourite": "favourite"}

    def games_of(d):
        return [r[0] for r in d.query("SELECT g.uid FROM collection c JOIN games g"
                                      " ON g.id = c.game_id")] + catalog

    # SESSIONS (issue 27 item 4): when sessions sync, add their actions here (start, ledger
    # actions with Undo/Redo, finishing on two devices) and their tables to Model.expected().
    for step in range(STEPS):
        if step in schedule:
            d = dev[schedule[step][0]]
            edit(d, [], *schedule[step][1:])
            continue
        d = dev[rng.choice(DEVICES)]
        r = rng.random()
        try:
            if r < 0.22:
                # The carrier brings some of what the others have, then the device syncs.
                for s in DEVICES:
                    if s != d.name and rng.random() < 0.7:
                        deliver(dev[s], d, share=rng.uniform(0.3, 1.0))
                sync(d)
            elif r < 0.42:
                g = rng.choice(games_of(d))
                what = rng.random()
                if what < 0.35:
                    n = rng.randint(0, 10)
                    edit(d, [("entry", g, "rating", n or None)],
                         "collection", "set", g, "--rating", str(n))
                elif what < 0.65:
                    c = rng.choice(comments)
                    edit(d, [("entry", g, "comment", c or None)],
                         "collection", "set", g, "--comment", c)
                else:
                    s = rng.choice(sorted(statuses))
                    on = rng.random() < 0.6
                    edit(d, [("entry", g, statuses[s], 1 if on else 0)],
                         "collection", "set", g, "--status" if on else "--no-status", s)
            elif r < 0.48:
                g = rng.choice(games_of(d))
                rows_g = d.query("SELECT g.source, g.id FROM games g WHERE g.uid = ?", g)
                if rows_g and rows_g[0][0] != "catalog":
                    con = sqlite3.connect(d.db)
                    con.row_factory = sqlite3.Row
                    saved = dict(con.execute("SELECT * FROM games WHERE uid = ?", (g,))
                                 .fetchone())
                    entry = con.execute("SELECT * FROM collection WHERE game_id = ?",
                                        (saved["id"],)).fetchone()
                    con.close()
                    if edit(d, [("game", g, "deleted", True)], "collection", "remove", g):
                        d.deleted_games[g] = (saved, dict(entry) if entry else None)
                elif rows_g and d.query("SELECT 1 FROM collection WHERE game_id = ?",
                                        rows_g[0][1]):
                    edit(d, [("entry", g, "deleted", True)], "collection", "remove", g)
            elif r < 0.52 and d.deleted_games:
                # Undo of a deleted game: the row again, with its old uid.
                g = rng.choice(sorted(d.deleted_games))
                saved, entry = d.deleted_games.pop(g)
                if not d.query("SELECT 1 FROM games WHERE uid = ?", g) and not (
                        saved["bgg_id"] and d.query("SELECT 1 FROM games WHERE bgg_id = ?",
                                                    saved["bgg_id"])):
                    def undo(con, saved=saved, entry=entry):
                        cols = [k for k in saved if k != "id"]
                        cur = con.execute("INSERT INTO games (%s) VALUES (%s)" % (
                            ",".join(cols), ",".join("?" * len(cols))),
                            [saved[k] for k in cols])
                        if entry:
                            e = dict(entry, game_id=cur.lastrowid)
                            con.execute("INSERT INTO collection (%s) VALUES (%s)" % (
                                ",".join(e), ",".join("?" * len(e))), list(e.values()))
                    sql_edit(d, [("game", g, "deleted", False)], undo)
            elif r < 0.57:
                title = "Own game %d-%d" % (seed, step)

                def add(con, title=title):
                    cur = con.execute("INSERT INTO games (title, source, year) VALUES"
                                      " (?, 'own', ?)", (title, 2000 + step))
                    con.execute("INSERT INTO collection (game_id, owned) VALUES (?, 1)",
                                (cur.lastrowid,))
                    uid = con.execute("SELECT uid FROM games WHERE id = ?",
                                      (cur.lastrowid,)).fetchone()[0]
                    return [("game", uid, "title", title), ("entry", uid, "owned", 1)]
                sql_edit(d, [], add)
            elif r < 0.63:
                players = d.query("SELECT id, uid FROM players ORDER BY id")
                if rng.random() < 0.3 or len(players) < 2:
                    name = "Player %d-%d" % (seed, step)

                    def addp(con, name=name):
                        cur = con.execute("INSERT INTO players (name) VALUES (?)", (name,))
                        uid = con.execute("SELECT uid FROM players WHERE id = ?",
                                          (cur.lastrowid,)).fetchone()[0]
                        return [("player", uid, "name", name)]
                    sql_edit(d, [], addp)
                else:
                    p = rng.choice(players)
                    name = rng.choice(["Aki", "Renamed %d" % step, "千代子", "Ben B."])
                    edit(d, [("player", p[1], "name", name)],
                         "players", "rename", str(p[0]), name)
            elif r < 0.66:
                players = d.query("SELECT id, uid FROM players ORDER BY id")
                if len(players) >= 2:
                    a, b = rng.sample(players, 2)
                    edit(d, [("player", a[1], "merged_into", b[1])],
                         "players", "merge", str(a[0]), str(b[0]))
            elif r < 0.74:
                # A play logged at the table.
                games = d.query("SELECT id, title, uid FROM games WHERE uid IN (%s)" %
                                ",".join("?" * len(games_of(d))), *games_of(d))
                players = d.query("SELECT id, name FROM players ORDER BY id")
                if games:
                    gid, title, guid = rng.choice(games)
                    on = "2026-%02d-%02d" % (rng.randint(1, 11), rng.randint(1, 28))
                    seats = rng.sample(players, min(len(players), rng.randint(1, 3)))

                    def log(con, gid=gid, title=title, on=on, seats=seats):
                        cur = con.execute("INSERT INTO plays (game_id, game_title, played_on,"
                                          " duration_min, notes) VALUES (?, ?, ?, ?, ?)",
                                          (gid, title, on, rng.randint(5, 200), "logged"))
                        for i, (pid, pname) in enumerate(seats):
                            con.execute("INSERT INTO play_players (play_id, seat, player_id,"
                                        " name, score, winner) VALUES (?, ?, ?, ?, ?, ?)",
                                        (cur.lastrowid, i, pid, pname, rng.randint(0, 99),
                                         1 if i == 0 else 0))
                        uid = con.execute("SELECT uid FROM plays WHERE id = ?",
                                          (cur.lastrowid,)).fetchone()[0]
                        return [("play", uid, "played_on", on), ("play", uid, "game", guid)]
                    sql_edit(d, [], log)
            elif r < 0.84:
                plays = d.query("SELECT id, uid FROM plays ORDER BY id")
                if plays:
                    pid, uid = rng.choice(plays)
                    notes = "edited on %s at %d" % (d.name, step)
                    loc = rng.choice(["Home", "Club", None])

                    def edit_play(con, pid=pid, notes=notes, loc=loc):
                        con.execute("UPDATE plays SET notes = ?, location = ? WHERE id = ?",
                                    (notes, loc, pid))
                        con.execute("UPDATE play_players SET score = coalesce (score, 0) + 1"
                                    " WHERE play_id = ? AND seat = 0", (pid,))
                    sql_edit(d, [("play", uid, "notes", notes), ("play", uid, "location", loc)],
                             edit_play)
            elif r < 0.92:
                plays = d.query("SELECT id, uid FROM plays ORDER BY id")
                if plays:
                    pid, uid = rng.choice(plays)
                    con = sqlite3.connect(d.db)
                    con.row_factory = sqlite3.Row
                    saved = dict(con.execute("SELECT * FROM plays WHERE id = ?", (pid,))
                                 .fetchone())
                    seats = [dict(x) for x in con.execute("SELECT * FROM play_players WHERE"
                                                          " play_id = ?", (pid,))]
                    imports_of = [dict(x) for x in con.execute(
                        "SELECT * FROM play_imports WHERE play_id = ?", (pid,))]
                    con.close()
                    if edit(d, [("play", uid, "deleted", True)], "plays", "delete", str(pid)):
                        d.deleted_plays[uid] = (saved, seats, imports_of)
            elif d.deleted_plays:
                # Undo of a deleted play: the row again with its old uid.
                uid = rng.choice(sorted(d.deleted_plays))
                saved, seats, imports_of = d.deleted_plays.pop(uid)
                if not d.query("SELECT 1 FROM plays WHERE uid = ?", uid):
                    def undo_play(con, saved=saved, seats=seats):
                        row = {k: v for k, v in saved.items() if k != "id"}
                        if row.get("game_id") is not None and not con.execute(
                                "SELECT 1 FROM games WHERE id = ?", (row["game_id"],)).fetchone():
                            row["game_id"] = None
                        row["session_id"] = None
                        cur = con.execute("INSERT INTO plays (%s) VALUES (%s)" % (
                            ",".join(row), ",".join("?" * len(row))), list(row.values()))
                        for s in seats:
                            s = dict(s, play_id=cur.lastrowid)
                            if s.get("player_id") is not None and not con.execute(
                                    "SELECT 1 FROM players WHERE id = ?",
                                    (s["player_id"],)).fetchone():
                                s["player_id"] = None
                            con.execute("INSERT INTO play_players (%s) VALUES (%s)" % (
                                ",".join(s), ",".join("?" * len(s))), list(s.values()))
                    sql_edit(d, [("play", uid, "deleted", False)], undo_play)
        except sqlite3.Error as e:
            fail("a scripted SQL edit failed", (d.name, step, str(e)))

    # --- everything delivered (still hostile: cut, doubled, conflict copies), to a fixpoint ---
    for rnd in range(6):
        for s in DEVICES:
            for t in DEVICES:
                if s != t:
                    deliver(dev[s], dev[t], hostile=rnd < 2)
        for d in DEVICES:
            sync(dev[d])
        if rnd >= 2 and not any(cut[d] for d in DEVICES):
            dumps = {d: dev[d].run("dump", "--canonical")[1] for d in DEVICES}
            if len(set(dumps.values())) == 1:
                break
    dumps = {d: dev[d].run("dump", "--canonical")[1] for d in DEVICES}
    print("# seed %d: %d edits, %d syncs, %d files delivered, %d cut short first, "
          "%d conflict copies, %d doubled, %d operations, offsets %s"
          % (seed, stats["edits"], stats["syncs"], stats["delivered"], stats["cut"],
             stats["conflict"], stats["dup"], len(model.ops), offsets))
    check(tag + "the three dumps are byte-identical",
          dumps["A"] == dumps["B"] == dumps["C"] and dumps["A"],
          "\n".join(l for l in __import__("difflib").unified_diff(
              dumps["A"].replace(",", ",\n").splitlines(),
              (dumps["B"] if dumps["B"] != dumps["A"] else dumps["C"])
              .replace(",", ",\n").splitlines(), lineterm=""))[:3000])
    doc = json.loads(dumps["A"])
    catalog_uids = {r[0] for r in dev["A"].query("SELECT uid FROM games WHERE source = 'catalog'")}
    diff = compare(model.expected(catalog_uids), doc)
    check(tag + "the dump is what the model of per-field last-writer-wins says", not diff,
          "\n".join(diff[:25]))
    check(tag + "every device holds every operation",
          all(len(dev[d].query("SELECT op_uid FROM sync_ops")) == len(model.ops)
              for d in DEVICES), [len(dev[d].query("SELECT op_uid FROM sync_ops"))
                                  for d in DEVICES] + [len(model.ops)])

    # Every acknowledged edit: the ones whose operation wins are in the dump.
    reg = model.registers()
    winners, shown, missing = 0, 0, []
    for d in DEVICES:
        for (t, e, field, value), op in dev[d].acked:
            if op is None or reg[(t, e)][field]["op"] != op:
                continue
            winners += 1
            section = {"game": "games", "entry": "entries", "player": "players",
                       "play": "plays", "friends": "friends"}[t]
            if field == "deleted":
                ok = ([t, e] in doc["deleted"]) == value and (e in doc[section]) != value
            elif field == "merged_into":
                ok = e not in doc["players"]
            elif field == "game":
                ok = e not in doc["plays"] or doc["plays"][e]["game"] in (value, None)
            else:
                ok = e not in doc[section] or canon(doc[section][e].get(field)) == canon(value)
            if ok:
                shown += 1
            else:
                missing.append((d, t, e, field, value))
    n_acked = sum(len(dev[d].acked) for d in DEVICES)
    print("# seed %d: %d acknowledged edits, %d of them winning, %d shown as they won"
          % (seed, n_acked, winners, shown))
    check(tag + "every winning acknowledged edit is in the dump", not missing and winners > 0,
          missing[:10])

    # Every import's plays exactly once.
    with open(bgstats, encoding="utf-8") as f:
        n_bgstats = len(json.load(f)["plays"])
    listed = [p for p in doc["plays"] if p.startswith("bgstats:")] + \
        [e for t, e in doc["deleted"] if t == "play" and e.startswith("bgstats:")]
    check(tag + "the BG Stats plays imported on two devices are there once each",
          len(set(listed)) == len(listed) and len(set(listed)) <= n_bgstats and
          all(dev[d].query("SELECT count(*) FROM plays WHERE uid LIKE 'bgstats:%'")[0][0] ==
              len([p for p in doc["plays"] if p.startswith("bgstats:")]) for d in DEVICES),
          listed)

    # Shuffled, doubled deliveries into a fresh library: the files of A's copy in three
    # random batches (some twice, as conflict copies), a sync after each.
    late = Device("E", tmp, 0)
    batch = [r for r in tk_files(dev["A"].folder) if r.endswith((".tkops", ".json"))]
    rng.shuffle(batch)
    library_json = [r for r in batch if r.endswith("library.json")]
    batch = library_json + [r for r in batch if r not in library_json]
    for part in (batch[:len(batch) // 3], batch[len(batch) // 3:2 * len(batch) // 3],
                 batch[2 * len(batch) // 3:]):
        for rel in part:
            t = os.path.join(late.folder, rel)
            os.makedirs(os.path.dirname(t), exist_ok=True)
            shutil.copyfile(os.path.join(dev["A"].folder, rel), t)
            if rel.endswith(".tkops") and rng.random() < 0.3:
                shutil.copyfile(os.path.join(dev["A"].folder, rel), os.path.join(
                    os.path.dirname(t), rng.choice(CONFLICT_STYLES)(os.path.basename(rel))))
        rc, out, err = late.run("sync", late.folder)
    rc2, dump_e, err2 = late.run("dump", "--canonical")
    check(tag + "shuffled, doubled deliveries into a fresh library give the same dump",
          rc == 0 and rc2 == 0 and dump_e == dumps["A"], out + err + err2)

    # Folding the files alone into a fresh library gives the same dump (the copy of the
    # folder from C, its conflict copies and foreign files included).
    fresh = Device("D", tmp, 0)
    shutil.rmtree(fresh.folder)
    shutil.copytree(dev["C"].folder, fresh.folder)
    rc, out, err = fresh.run("sync", fresh.folder)
    rc2, dump_d, err2 = fresh.run("dump", "--canonical")
    check(tag + "a fresh library folding the files alone gives the same dump",
          rc == 0 and rc2 == 0 and dump_d == dumps["A"], out + err + err2)

    # Foreign files untouched.
    changed = []
    for key, (path, digest) in foreign.items():
        try:
            with open(path, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != digest:
                    changed.append(key)
        except OSError:
            changed.append(key)
    check(tag + "foreign files are byte-identical and where they were (%d)" % len(foreign),
          not changed, changed)

    # Files cut short: refused while cut (checked after every sync above), read once whole.
    unread = []
    for d in DEVICES:
        rows_f = dev[d].query("SELECT name, ok, reason FROM sync_files")
        for name, ok, reason in rows_f:
            if not ok and "garbage" not in name and \
                    not name.startswith("ops-000000000001-000000000001.tkops"):
                unread.append((d, name, reason))
    check(tag + "every operations file ended read whole (%d shown cut short first)"
          % stats["cut"], not unread, unread[:10])

    for d in DEVICES:
        check(tag + "integrity_check on %s" % d,
              dev[d].query("PRAGMA integrity_check") == [("ok",)])
    check(tag + "nothing went wrong along the way", not bad,
          "\n".join("%s: %s" % b for b in bad[:20]))


with tempfile.TemporaryDirectory() as top:
    empty_csv = os.path.join(top, "empty.csv")
    with open(os.path.join(fixtures, "bgg-collection.csv"), encoding="utf-8") as f:
        head = f.readline()
    with open(empty_csv, "w", encoding="utf-8") as f:
        f.write(head)
    for seed in SEEDS:
        t0 = time.monotonic()
        tmp = os.path.join(top, "seed-%d" % seed)
        os.makedirs(tmp)
        one_seed(seed, tmp)
        print("# seed %d took %.1f s" % (seed, time.monotonic() - t0))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:40]:
            print("# " + line)
sys.exit(0)
