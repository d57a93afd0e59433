#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every file under src/ and tests/ (as git or the tree lists them) names its licence in an
SPDX line near its top, unless .reuse/dep5 covers it (test inputs kept byte for byte).
Usage: check-spdx.py SOURCE_ROOT"""

import fnmatch
import os
import subprocess
import sys

root = sys.argv[1]


def dep5_patterns():
    patterns = []
    with open(os.path.join(root, ".reuse", "dep5"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("Files:"):
                patterns += line.split()[1:]
    return patterns


def listed_files():
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "src", "tests"],
                             capture_output=True, text=True, check=True).stdout
        return [p for p in out.splitlines() if os.path.isfile(os.path.join(root, p))]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for top in ("src", "tests"):
            for d, dirs, files in os.walk(os.path.join(root, top)):
                dirs[:] = [x for x in dirs if x != "__pycache__"]
                found += [os.path.relpath(os.path.join(d, f), root) for f in files]
        return found


patterns = dep5_patterns()
missing = []
for path in sorted(listed_files()):
    if any(fnmatch.fnmatch(path, p) for p in patterns):
        continue
    with open(os.path.join(root, path), "rb") as f:
        head = f.read(2000)
    if b"SPDX-License-Identifier:" not in head:
        missing.append(path)

for path in missing:
    print("no SPDX line: %s" % path)
print("%d files without an SPDX line" % len(missing))
sys.exit(1 if missing else 0)
