#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A BG Stats export is read a play at a time (issue 31, item 12): `tablekeeper-cli plays
import` of generated exports of 5,000 and 40,000 plays, the import's own peak memory
measured (wait4).  What each play costs beyond the first ones, carried to the 220,992 plays
of the 50 MB export the issue measured (775 MiB when the file was one json-glib tree), must
stay under 150 MiB; and every play is imported.  TAP output.
Usage: test-cli-bgstats-memory.py CLI FIXTURES"""

import os
import re
import subprocess
import sys
import tempfile

cli = sys.argv[1]
generator = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-bgstats-export.py")
results = []
ISSUE_PLAYS = 220992
LIMIT_MIB = 150.0


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def import_peak(export, db):
    """Runs the import; (exit status, its output, its peak resident memory in MiB)."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen([cli, "--db", db, "plays", "import", export], stdout=out,
                             stderr=subprocess.STDOUT,
                             env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))
        _, status, usage = os.wait4(p.pid, 0)
        out.seek(0)
        return (os.waitstatus_to_exitcode(status), out.read().decode("utf-8", "replace"),
                usage.ru_maxrss / 1024.0)


with tempfile.TemporaryDirectory() as tmp:
    peaks = []
    for plays in (5000, 40000):
        export = os.path.join(tmp, "bgstats-%d.json" % plays)
        subprocess.run([sys.executable, generator, export, str(plays)], check=True)
        rc, out, peak = import_peak(export, os.path.join(tmp, "library-%d.db" % plays))
        # One play in a thousand is listed as deleted by the export.
        imported = re.search(r"Imported (\d+) plays", out)
        check("%d plays: imported, every play but the deleted ones" % plays,
              rc == 0 and imported is not None and int(imported.group(1)) == plays - plays // 1000,
              out[-300:])
        peaks.append((plays, peak))
    (small, small_peak), (large, large_peak) = peaks
    per_play = (large_peak - small_peak) / (large - small)
    projected = large_peak + per_play * (ISSUE_PLAYS - large)
    check("peak memory carried to %d plays is under %.0f MiB" % (ISSUE_PLAYS, LIMIT_MIB),
          projected < LIMIT_MIB,
          "5,000 plays %.1f MiB, 40,000 plays %.1f MiB: %.1f KiB a play, %.0f MiB at %d"
          % (small_peak, large_peak, per_play * 1024, projected, ISSUE_PLAYS))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if detail and not ok:
        for line in detail.splitlines():
            print("# " + line)
    elif detail:
        print("# " + detail.splitlines()[0])
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
