#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Collection imports through tablekeeper-cli, as a user runs them on files on disk: how
games without a BGG id are matched (never folded into a catalog game, never two of the file
into one), what each import reports, and the round trip of a realistic 500-row BoardGameGeek
export through the library, as CSV and through Tablekeeper JSON, every column of every row
compared; memory that does not grow with the rows; an import killed with SIGKILL changes
nothing.  TAP output.  Usage: test-cli-import.py CLI GEN-BGG-EXPORT"""

import csv
import json
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

cli, generator = sys.argv[1], sys.argv[2]
results = []


def run(*args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def counts(out):
    """(read, new, updated, matched) from the import's first line."""
    m = re.search(r"Imported (\d+) games?: (\d+) new, (\d+) updated, (\d+) matched", out)
    return tuple(int(x) for x in m.groups()) if m else None


def ambiguous(out):
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Check these games"):
            return [x.strip() for x in lines[i + 1:] if x.startswith("  ")]
    return []


def games(db, title):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT g.bgg_id, g.year, g.min_players, g.max_players, g.notes,"
                         " g.source, c.owned, c.want_to_play FROM games g"
                         " LEFT JOIN collection c ON c.game_id = g.id"
                         " WHERE g.title = ? ORDER BY g.id", (title,)).fetchall()


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def collection_json(*entries):
    return json.dumps({"format": "tablekeeper-collection", "version": 1,
                       "games": list(entries)}, ensure_ascii=False)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "library.db")
    own = os.path.join(tmp, "own.json")
    write(own, collection_json(
        {"title": "Carcassonne", "year": 1999, "min_players": 2, "max_players": 6,
         "notes": "Our copy, with the river", "statuses": ["owned"]},
        {"title": "Lost Cities", "year": 1999, "notes": "Travel tin", "statuses": ["owned"]},
        {"title": "Lost Cities", "year": 2008, "notes": "Board game edition",
         "statuses": ["want-to-play"]}))

    rc, out, err = run("collection", "import", own, db=db)
    check("own games into a library with the catalog: three new games",
          rc == 0 and counts(out) == (3, 3, 0, 0) and ambiguous(out) == [], out + err)
    carcassonne = games(db, "Carcassonne")
    catalog = [g for g in carcassonne if g[5] == "catalog"]
    mine = [g for g in carcassonne if g[5] != "catalog"]
    check("an own Carcassonne is not folded into the catalog's",
          len(catalog) == 1 and catalog[0][0] == 822 and catalog[0][6] is None and
          mine == [(None, 1999, 2, 6, "Our copy, with the river", "import", 1, 0)],
          repr(carcassonne))
    lost = [g for g in games(db, "Lost Cities") if g[0] is None]
    check("two own games with one title stay two, each with its own fields",
          lost == [(None, 1999, None, None, "Travel tin", "import", 1, 0),
                   (None, 2008, None, None, "Board game edition", "import", 0, 1)], repr(lost))

    rc, out, err = run("collection", "import", own, db=db)
    lost_again = [g for g in games(db, "Lost Cities") if g[0] is None]
    check("the same file again updates the three, pairs the two in order and names the title",
          rc == 0 and counts(out) == (3, 0, 3, 0) and ambiguous(out) == ["Lost Cities"] and
          lost_again == lost and len(games(db, "Carcassonne")) == 2, out + err + repr(lost_again))

    numbered = os.path.join(tmp, "numbered.json")
    write(numbered, collection_json(
        {"title": "Carcassonne", "bgg_id": 822, "statuses": ["want-to-play"]}))
    rc, out, err = run("collection", "import", numbered, db=db)
    carcassonne = games(db, "Carcassonne")
    check("a game with the catalog's BGG id is matched to the catalog game",
          rc == 0 and counts(out) == (1, 0, 0, 1) and len(carcassonne) == 2 and
          [g[7] for g in carcassonne if g[5] == "catalog"] == [1] and
          [g[4] for g in carcassonne if g[5] != "catalog"] == ["Our copy, with the river"],
          out + err + repr(carcassonne))

    small = os.path.join(tmp, "bgg.csv")
    write(small, 'objectname,objectid,own,rating\r\n"Carcassonne",822,1,7.5\r\n'
               '"Brand New",990001,1,N/A\r\n"Brand New (second copy)",990001,0,6\r\n')
    rc, out, err = run("collection", "import", small, db=db)
    check("a BGG export: new, matched, and a BGG id given twice is named",
          rc == 0 and counts(out) == (3, 1, 1, 1) and
          ambiguous(out) == ["Brand New (second copy)"], out + err)

    rc, out, err = run("collection", "import", own, db=os.path.join(tmp, "fresh.db"))
    check("a fresh library reports the same three new games",
          rc == 0 and counts(out) == (3, 3, 0, 0), out + err)

def read_csv(path):
    """The header and the rows by collid (BGG's own key of a collection row)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    key = rows[0].index("collid")
    return rows[0], {row[key]: row for row in rows[1:]}


def compare(original, exported):
    """Every column of every row, field by field; a list of differences."""
    header, rows = read_csv(original)
    header2, rows2 = read_csv(exported)
    problems = []
    if header2 != header:
        problems.append("header %r" % header2)
    if len(rows2) != len(rows):
        problems.append("%d rows for %d" % (len(rows2), len(rows)))
    for collid, row in rows.items():
        other = rows2.get(collid)
        if other is None:
            problems.append("row %s is missing" % collid)
            continue
        for column, value, value2 in zip(header, row, other):
            if value != value2:
                problems.append("row %s, %s: %r became %r" % (collid, column, value, value2))
    return problems


with tempfile.TemporaryDirectory() as tmp:
    export = os.path.join(tmp, "bgg-export.csv")
    p = subprocess.run([generator, "500", "14", export], capture_output=True, text=True)
    with open(export, "rb") as f:
        raw = f.read()
    check("the generated export is realistic: quoted, CRLF, newlines, quotes, Japanese, N/A",
          p.returncode == 0 and raw.count(b"\r\n") >= 501 and b'""' in raw and
          "日本語版".encode() in raw and b'"N/A"' in raw and b'"Not Ranked"' in raw and
          b'"expansion"' in raw and b'"7.5"' in raw, p.stderr)
    _, original_rows = read_csv(export)
    lines = [row for row in original_rows.values() if "\n" in "".join(row)]
    check("some fields hold newlines", len(lines) > 20, "%d rows" % len(lines))

    library = os.path.join(tmp, "library.db")
    rc, out, err = run("collection", "import", export, db=library)
    parts = counts(out)
    check("the export is imported; about 15 % of its rows are catalog games",
          rc == 0 and parts is not None and parts[0] == 500 and parts[1] + parts[3] == 500 and
          50 <= parts[3] <= 100, out + err)

    again = os.path.join(tmp, "again.csv")
    rc, out, err = run("collection", "export", "--format", "csv", again, db=library)
    problems = compare(export, again) if rc == 0 else [err]
    check("BGG CSV -> library -> BGG CSV gives every column of every row back",
          not problems, "\n".join(problems))

    as_json = os.path.join(tmp, "collection.json")
    fresh = os.path.join(tmp, "fresh.db")
    through_json = os.path.join(tmp, "through-json.csv")
    rc, out, err = run("collection", "export", "--format", "json", as_json, db=library)
    rc2, out2, err2 = run("collection", "import", as_json, db=fresh)
    rc3, out3, err3 = run("collection", "export", "--format", "csv", through_json, db=fresh)
    problems = compare(export, through_json) if rc == rc2 == rc3 == 0 else [err + err2 + err3]
    check("BGG CSV -> library -> JSON -> a fresh library -> BGG CSV gives every column back",
          not problems, "\n".join(problems))

    with open(as_json, encoding="utf-8") as f:
        document = json.load(f)
    decimal = [g for g in document["games"] if g.get("bgg", {}).get("rating") == "7.5"]
    check("the JSON keeps BGG's 7.5 beside the library's rating 8, and BGG's average and rank",
          decimal and all(g["rating"] == 8 for g in decimal) and
          any(g.get("bgg_rank", 0) > 0 and g.get("bgg_average", 0) > 0
              for g in document["games"]), json.dumps(decimal[:2], ensure_ascii=False))

    # BGG keeps whatever was typed as the acquisition date.  Texts that are no date (not
    # for the app) still go through the Tablekeeper JSON and come back as BGG wrote them.
    header, _ = read_csv(export)
    with open(export, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    column = header.index("acquisitiondate")
    odd = ["yesterday", "2023-13-45", "先週の土曜日, \"たぶん\"", "31/12/2023"]
    for i, text in enumerate(odd):
        rows[1 + 7 * i][column] = text
    typed = os.path.join(tmp, "typed-dates.csv")
    with open(typed, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\r\n").writerows(rows)
    typed_library = os.path.join(tmp, "typed.db")
    typed_json = os.path.join(tmp, "typed.json")
    typed_fresh = os.path.join(tmp, "typed-fresh.db")
    typed_back = os.path.join(tmp, "typed-back.csv")
    steps = [run("collection", "import", typed, db=typed_library),
             run("collection", "export", "--format", "json", typed_json, db=typed_library),
             run("collection", "import", typed_json, db=typed_fresh),
             run("collection", "export", "--format", "csv", typed_back, db=typed_fresh)]
    problems = (compare(typed, typed_back) if all(rc == 0 for rc, _, _ in steps)
                else ["".join(out + err for _, out, err in steps)])
    check("acquisition dates that are no date (yesterday, 2023-13-45, Japanese) survive "
          "BGG CSV -> library -> JSON -> a fresh library -> BGG CSV",
          not problems, "\n".join(problems))
    if not problems:
        entries = sqlite3.connect(typed_fresh).execute(
            "SELECT count(*) FROM collection WHERE acquired_on IN (%s)"
            % ",".join("?" * len(odd)), odd).fetchone()[0]
        check("... and the fresh library holds no such text as a date", entries == 0,
              "%d entries" % entries)

def peak_rss_mib(*args, db):
    """Runs the CLI and returns (exit status, its peak resident memory in MiB)."""
    cmd = [cli, "--db", db] + list(args)
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss / 1024.0


# The import streams: ten times the rows, about the same memory (reading the whole file and
# keeping every row, as before, cost ~27 MB more per 10,000 rows, ~75 MB more here).  What may
# grow is SQLite's page cache (16 MiB at most) as the library does.
with tempfile.TemporaryDirectory() as tmp:
    peaks = []
    for rows in (3000, 30000):
        export = os.path.join(tmp, "export-%d.csv" % rows)
        subprocess.run([generator, str(rows), "5", export], check=True)
        rc, peak = peak_rss_mib("collection", "import", export,
                                db=os.path.join(tmp, "library-%d.db" % rows))
        peaks.append((rows, rc, peak))
    check("the import's memory does not grow with the rows (3,000 vs 30,000 rows)",
          all(rc == 0 for _, rc, _ in peaks) and peaks[1][2] - peaks[0][2] < 20,
          repr(peaks))

def library_state(db):
    """What the library holds, as one comparable value (None if it is not whole)."""
    c = sqlite3.connect(db)
    try:
        if c.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            return None
        return (c.execute("SELECT count(*), total(id), total(bgg_id), total(length(title))"
                          " FROM games").fetchone(),
                c.execute("SELECT count(*), total(game_id), total(length(bgg_extra)),"
                          " total(owned) FROM collection").fetchone(),
                c.execute("SELECT count(*) FROM not_interested").fetchone())
    finally:
        c.close()


# An import killed with SIGKILL at any moment leaves the library as it was (one transaction):
# a library with a first import in it, a second, larger file imported and killed at random.
with tempfile.TemporaryDirectory() as tmp:
    small, large = os.path.join(tmp, "small.csv"), os.path.join(tmp, "large.csv")
    subprocess.run([generator, "300", "3", small], check=True)
    subprocess.run([generator, "20000", "4", large], check=True)
    pristine = os.path.join(tmp, "pristine.db")
    rc, out, err = run("collection", "import", small, db=pristine)
    c = sqlite3.connect(pristine)
    c.execute("UPDATE collection SET not_interested = 1 WHERE rowid % 7 = 0")
    c.commit()
    c.close()  # the last connection: its WAL is written back, the file copies whole
    before = library_state(pristine)
    db = os.path.join(tmp, "library.db")
    shutil.copy(pristine, db)
    start = time.monotonic()
    rc2, out2, err2 = run("collection", "import", large, db=db)
    span = time.monotonic() - start
    after = library_state(db)
    rng = random.Random(16)
    problems, killed = [], 0
    for r in range(8):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.unlink(db + suffix)
        shutil.copy(pristine, db)
        child = subprocess.Popen([cli, "--db", db, "collection", "import", large],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.1 * span, 0.9 * span))
        child.send_signal(signal.SIGKILL)
        killed += child.wait() == -signal.SIGKILL
        state = library_state(db)
        if state not in (before, after):
            problems.append("round %d: %r" % (r, state))
    check("an import killed with SIGKILL leaves the library as before (or fully imported)",
          rc == rc2 == 0 and before != after and killed >= 4 and not problems,
          "killed %d of 8, %.2f s; %s" % (killed, span, "\n".join(problems) or err + err2))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
