#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Which file calls which: fails on a call circle between files under src/app/panels/, and on
two files of one module (one folder) elsewhere that call each other, unless they are a class
and its facet files (tk-window.c with tk-window-actions.c: one object, split by concern).

A file "calls" another when it names a function the other defines without `static`, or its
type (TK_TYPE_FOO, the TK_FOO () cast, TK_IS_FOO, tk_foo_get_type), except a facet file naming
its own class's type.  Comments and string literals are left out.  Prints every circle found, or a summary.

Usage: check-calls.py SOURCE_ROOT [--verbose]"""

import os
import re
import sys

root = sys.argv[1]
verbose = "--verbose" in sys.argv

COMMENT_OR_STRING = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])\'', re.S)
DEFINITION = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)\s*\(', re.M)
DEFINE_TYPE = re.compile(r'G_DEFINE_(?:ABSTRACT_|FINAL_)?TYPE(?:_WITH_\w+)?\s*\(\s*(\w+)\s*,\s*(\w+)')
DECLARE_TYPE = re.compile(
    r'G_DECLARE_(?:FINAL|DERIVABLE|INTERFACE)_TYPE\s*\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)')
IDENTIFIER = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "G_DEFINE_TYPE",
            "G_DEFINE_FINAL_TYPE", "G_DEFINE_ABSTRACT_TYPE", "G_DEFINE_TYPE_WITH_PRIVATE",
            "G_DEFINE_BOXED_TYPE", "G_DEFINE_QUARK", "G_DEFINE_AUTOPTR_CLEANUP_FUNC"}


def strip(text):
    return COMMENT_OR_STRING.sub(lambda m: " " if m.group(0)[0] in "/" else '""', text)


def sources():
    for top in ("src",):
        for dirpath, _dirs, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


texts = {}
for path in sources():
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        texts[path] = strip(f.read())

# Which .c file defines each exported function or type.
defined_in = {}
type_macros = {}   # TK_TYPE_FOO / TK_FOO / TK_IS_FOO -> tk_foo_get_type
for path, text in texts.items():
    if path.endswith(".h"):
        for _type, lower, module, obj in DECLARE_TYPE.findall(text):
            getter = lower + "_get_type"
            for macro in (f"{module}_TYPE_{obj}", f"{module}_{obj}", f"{module}_IS_{obj}"):
                type_macros[macro] = getter
        continue
    for match in DEFINITION.finditer(text):
        name = match.group(1)
        if name in KEYWORDS or name.isupper():
            continue
        line_start = match.start()
        before = text[max(0, line_start - 200):line_start].rstrip().split("\n")[-1]
        if before.startswith("static") or "static " in before.split(";")[-1]:
            continue
        if before.endswith((";", "}", "{", ")", ",")) or before == "":
            # A line-start identifier not preceded by a return type is a call or a macro.
            continue
        defined_in.setdefault(name, path)
    for _type, lower in DEFINE_TYPE.findall(text):
        defined_in.setdefault(lower + "_get_type", path)

def stem(path):
    return os.path.basename(path)[:-2]


# Each .c file's calls into other .c files.
calls = {}
for path, text in texts.items():
    if not path.endswith(".c"):
        continue
    targets = {}
    for word in set(IDENTIFIER.findall(text)):
        name = type_macros.get(word, word)
        target = defined_in.get(name)
        if not target or target == path:
            continue
        # A facet file casting to its own class (TK_FOO (widget) in tk-foo-draw.c) names the
        # object it is part of; that is not a call back up.
        if name.endswith("_get_type") and stem(path).startswith(stem(target) + "-"):
            continue
        targets.setdefault(target, name)
    calls[path] = targets


def is_facet_pair(a, b):
    """A class file and one of its facet files (tk-foo.c and tk-foo-bar.c), or two facets of
    one class that the class file sits beside."""
    sa, sb = stem(a), stem(b)
    if sa.startswith(sb + "-") or sb.startswith(sa + "-"):
        return True
    return False


def strongly_connected(nodes, edges):
    index, low, stack, on_stack, result = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in nodes:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return result


failures = []

# 1. No circle at all between files under src/app/panels/.
panels = {p for p in calls if p.startswith("src/app/panels/")}
for component in strongly_connected(panels, calls):
    failures.append("circle under src/app/panels/: " + " ↔ ".join(component))

# 2. Elsewhere, no two files of one folder call each other, unless class and facet.
pairs = 0
for a in sorted(calls):
    if a.startswith("src/app/panels/"):
        continue
    for b, name in sorted(calls[a].items()):
        if b <= a or os.path.dirname(a) != os.path.dirname(b):
            continue
        if a in calls.get(b, {}):
            pairs += 1
            if is_facet_pair(a, b):
                if verbose:
                    print(f"facet (allowed): {a} ↔ {b}")
                continue
            failures.append(f"two-way calls: {a} ({name}) ↔ {b} ({calls[b][a]})")

for failure in failures:
    print(failure)
print(f"{len(calls)} files, {sum(len(t) for t in calls.values())} file-to-file calls, "
      f"{len(panels)} under src/app/panels/; {len(failures)} problems")
sys.exit(1 if failures else 0)
