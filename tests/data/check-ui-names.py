#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every icon-only button in the templates has a name a screen reader reads: a label, or an
accessible label (a tooltip alone is read as a description, and the button as "GtkImage");
and no accessible label carries a keyboard shortcut ("Undo (Ctrl+Z)"), which goes in the
key-shortcuts property instead.
Usage: check-ui-names.py UI-DIR"""

import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

BUTTONS = {"GtkButton", "GtkMenuButton", "GtkToggleButton"}
SHORTCUT = re.compile(r"[(（]\s*(Ctrl|Alt)\b|\b(Ctrl|Alt|Shift|Control)\+")
missing = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.ui"), recursive=True)):
    root = ET.parse(path).getroot()
    for a11y in root.iter("accessibility"):
        for prop in a11y.findall("property"):
            if prop.get("name") == "label" and SHORTCUT.search(prop.text or ""):
                missing.append("shortcut in an accessible name: %s: \"%s\"" %
                               (os.path.relpath(path, sys.argv[1]), prop.text))
    for obj in root.iter("object"):
        if obj.get("class") not in BUTTONS:
            continue
        props = {p.get("name"): p for p in obj.findall("property")}
        if "icon-name" not in props or "label" in props or "child" in props:
            continue
        if obj.find("child") is not None:
            continue
        a11y = obj.find("accessibility")
        if a11y is not None and any(p.get("name") == "label" for p in a11y.findall("property")):
            continue
        tip = props.get("tooltip-text")
        missing.append("no accessible name: %s: %s %s" % (
            os.path.relpath(path, sys.argv[1]), obj.get("class"),
            obj.get("id") or (tip.text if tip is not None else "?")))
for line in missing:
    print(line)
sys.exit(1 if missing else 0)
