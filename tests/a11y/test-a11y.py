#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader finds (issue 30): the app on a library with a live session of every
game and of the score pad, its accessibility tree walked through AT-SPI on every page, every
open session's panel, Preferences and New Session, at the given widths. Fails on a visible
interactive element whose name is empty, a class name, a bare number or Latin letter, holds a
mnemonic underscore or a keyboard shortcut ("Undo (Ctrl+Z)") or says the same words twice,
and on a focus stop of zero size; a drawn board that takes the focus must describe where its
keyboard cursor is. Then it walks each view's Tab cycle with real Tab presses and the focus
events a screen reader follows, and fails on a stop of zero size, on Tab staying put, and on a
visible focusable control that no Tab reaches. Prints a table per page; TAP output.

Usage: test-a11y.py APP CLI FIXTURES-DIR [--lang ja --localedir BUILD/po] [--widths 1300,360]
                    [--tab-widths 1300]
(TK_A11Y_ONLY=table,board,pages,dialogs walks only those parts; board: the boards' cursors;
TK_A11Y_DEBUG=1 logs every Tab stop.  The Tab cycles take a key press each, so they are walked
at the --tab-widths only: all widths unless given.)

Outside, it starts itself again under a private session bus (dbus-run-session, which
activates the at-spi bus and registry on first use) and a private X server (xvfb-run), with
Debian's /usr/bin/python3: Atspi comes from gir1.2-atspi-2.0, which only the system Python
can import. build-aux/dev.sh installs dbus, at-spi2-core, gir1.2-atspi-2.0 and xdotool.

Unlike the other UI tests (tests/run-with-display.sh), GTK_A11Y and NO_AT_BRIDGE stay unset:
here the accessibility bridge is the thing under test."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SYSTEM_PYTHON = "/usr/bin/python3"
INNER = "TK_A11Y_TEST_INNER"

# Tab cycles known to fail, by panel class, with the reason: reported as TODO (an expected
# failure in TAP), not failed on, until the panel's owner fixes it. Empty it then.
KNOWN_TAB_GAPS = {}

# Panels being rewritten on other branches (Metropolis, Metromania, Welcome To): walked and
# counted, but not failed on until those rewrites are merged. Empty this list then.
NOT_YET_CHECKED = []


def outer(argv):
    missing = [tool for tool in ("dbus-run-session", "xvfb-run", "xdotool")
               if shutil.which(tool) is None]
    probe = subprocess.run([SYSTEM_PYTHON, "-c",
                            "import gi; gi.require_version('Atspi', '2.0');"
                            "from gi.repository import Atspi"],
                           capture_output=True) if os.path.exists(SYSTEM_PYTHON) else None
    if probe is None or probe.returncode != 0:
        missing.append("gir1.2-atspi-2.0 (for %s)" % SYSTEM_PYTHON)
    if missing:
        if os.environ.get("FLATPAK_ID") or os.environ.get("FLATPAK_BUILDER_BUILDDIR"):
            print("1..0 # SKIP no accessibility bus inside the Flatpak build")
            return 0
        print("Bail out! missing: %s (build-aux/dev.sh test installs them)" % ", ".join(missing))
        return 1
    env = dict(os.environ)
    env[INNER] = "1"
    # The accessibility bus's socket goes under XDG_RUNTIME_DIR (else ~/.cache/at-spi, which
    # two of these tests running at once would share and take from each other).
    runtime = tempfile.mkdtemp(prefix="tk-a11y-run-")
    env["XDG_RUNTIME_DIR"] = runtime
    for key in ("GTK_A11Y", "NO_AT_BRIDGE", "DISPLAY", "WAYLAND_DISPLAY",
                "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"):
        env.pop(key, None)
    command = ["dbus-run-session", "--", "xvfb-run", "-a", "-s",
               "-screen 0 1400x1000x24 -nolisten tcp",
               SYSTEM_PYTHON, os.path.abspath(__file__)] + argv
    # The bus daemons write to the same stdout as the TAP lines: anything else becomes a
    # comment.
    tap = re.compile(r"^(ok |not ok |1\.\.|#|Bail out!)")
    try:
        with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as inner:
            for line in inner.stdout:
                print(line if tap.match(line) else "# " + line, end="", flush=True)
        return inner.returncode
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


if __name__ == "__main__" and os.environ.get(INNER) != "1":
    sys.exit(outer(sys.argv[1:]))

# ---- inside the private bus and display ----------------------------------------------------

import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

ROLE = Atspi.Role
# What a person operates: these must say what they do.
INTERACTIVE = {
    ROLE.PUSH_BUTTON, ROLE.TOGGLE_BUTTON, ROLE.CHECK_BOX, ROLE.RADIO_BUTTON, ROLE.MENU_ITEM,
    ROLE.CHECK_MENU_ITEM, ROLE.RADIO_MENU_ITEM, ROLE.COMBO_BOX, ROLE.ENTRY, ROLE.TEXT,
    ROLE.PASSWORD_TEXT, ROLE.SPIN_BUTTON, ROLE.SLIDER, ROLE.LINK, ROLE.PAGE_TAB,
    ROLE.SWITCH if hasattr(ROLE, "SWITCH") else ROLE.TOGGLE_BUTTON,
}
# Items that count only when they take the focus themselves (a row, a cell).
ITEMS = {ROLE.LIST_ITEM, ROLE.TABLE_CELL, ROLE.TREE_ITEM, ROLE.TABLE_ROW}
# Containers whose items are one Tab stop: Tab enters at one item, the arrow keys move on.
LISTS = {ROLE.LIST, ROLE.LIST_BOX, ROLE.TABLE, ROLE.TREE_TABLE, ROLE.TREE}

CLASS_NAME = re.compile(r"^(Gtk|Adw|Tk)[A-Z]\w*$")
# A number or a single Latin letter says nothing; one kanji (色, "colour") is a word.
BARE = re.compile(r"^\s*([-+]?\d+|[A-Za-z])\s*$")
MNEMONIC = re.compile(r"(^|\s)_\w")
# A key combination belongs in the key-shortcuts property, not in the name ("Undo (Ctrl+Z)" is
# read out whole); Japanese names keep the same Latin key names, full-width brackets or not.
SHORTCUT = re.compile(r"[(（]\s*(Ctrl|Alt)\b|\b(Ctrl|Alt|Shift|Control)\+")


def log(message):
    for line in message.splitlines():
        print("# " + line, flush=True)


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, **kwargs)


def make_library(cli, fixtures, directory):
    """A library with one live session of each game (the fixture files) and a score pad."""
    db = os.path.join(directory, "library.db")
    steps = [["session", "import", os.path.join(fixtures, game + "-session.json")]
             for game in ("agora", "city-plan", "metromania", "metropolis", "welcome-to")]
    # Metromania on its board, mid-game (the whole game's first 14 actions, still open): the
    # drawn board whose keyboard cursor must be described.
    with open(os.path.join(fixtures, "metromania-full-game.json"), encoding="utf-8") as f:
        board_game = json.load(f)
    board_game["actions"] = board_game["actions"][:14]
    board_game["status"] = "open"
    board_path = os.path.join(directory, "metromania-board-session.json")
    with open(board_path, "w", encoding="utf-8") as f:
        json.dump(board_game, f)
    steps.append(["session", "import", board_path])
    steps.append(["session", "start", "--title", "Score Pad", "Ana", "Ben", "Chloé"])
    steps.append(["collection", "import", os.path.join(fixtures, "bgg-collection.csv")])
    for step in steps:
        result = run([cli, "--db", db] + step)
        if result.returncode != 0:
            raise RuntimeError("%s: %s" % (" ".join(step), result.stdout + result.stderr))
    return db


def states(node):
    try:
        return node.get_state_set()
    except Exception:
        return None


def extents(node):
    try:
        return Atspi.Component.get_extents(node, Atspi.CoordType.WINDOW)
    except Exception:
        return None


def children(node):
    try:
        count = node.get_child_count()
    except Exception:
        return []
    found = []
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except Exception:
            child = None
        if child is not None:
            found.append(child)
    return found


def safe_name(node):
    try:
        return node.get_name() or ""
    except Exception:
        return ""


def texts(node, depth=0):
    """The labels' text under @node: what a person sees on it (for the failure messages)."""
    found = []
    for child in children(node):
        name = safe_name(child)
        if name and not CLASS_NAME.match(name) and safe_role(child) != ROLE.PANEL:
            found.append("%s:%s" % (child.get_role_name(), name))
        elif depth < 4:
            found += texts(child, depth + 1)
    return found


def safe_role(node):
    try:
        return node.get_role()
    except Exception:
        return None


class App:
    def __init__(self, app_path, db, lang, localedir, home):
        env = dict(os.environ)
        env.pop(INNER, None)
        env["GDK_BACKEND"] = "x11"
        env["HOME"] = home
        env["XDG_DATA_HOME"] = os.path.join(home, "data")
        env["XDG_CACHE_HOME"] = os.path.join(home, "cache")
        env["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        if lang:
            env["LANGUAGE"] = lang
            env["TK_LOCALEDIR"] = localedir
        self.process = subprocess.Popen([app_path, "--db", db], env=env)
        self.node = None
        self.window_id = None
        deadline = time.time() + 90
        while time.time() < deadline and self.node is None:
            time.sleep(0.5)
            desktop = Atspi.get_desktop(0)
            for child in children(desktop):
                if "tablekeeper" in safe_name(child).lower():
                    self.node = child
        if self.node is None:
            raise RuntimeError("the app never appeared on the accessibility bus")
        while time.time() < deadline and self.window_id is None:
            found = run(["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)])
            ids = found.stdout.split()
            if ids:
                self.window_id = ids[-1]
            else:
                time.sleep(0.2)
        if self.window_id is None:
            raise RuntimeError("the app's window never showed")

    def windows(self):
        return [w for w in children(self.node) if safe_role(w) in (ROLE.FRAME, ROLE.WINDOW,
                                                                      ROLE.DIALOG)]

    def main_window(self):
        # A busy app (a big panel being built on a loaded machine) answers no AT-SPI call for
        # a while: its windows are asked for again rather than taken as gone.
        windows = wait_for(self.windows, 90.0) or []
        for w in windows:
            if safe_role(w) == ROLE.FRAME:
                return w
        if not windows:
            raise RuntimeError("the app's windows are gone from the accessibility bus")
        return windows[0]

    def resize(self, width, height):
        run(["xdotool", "windowsize", self.window_id, str(width), str(height)])
        time.sleep(1.0)

    def focus(self):
        run(["xdotool", "windowfocus", "--sync", self.window_id])

    def key(self, *keys):
        self.focus()
        run(["xdotool", "key", "--clearmodifiers"] + list(keys))
        time.sleep(0.8)

    def click(self, node):
        box = extents(node)
        if box is None or box.width <= 0 or box.height <= 0:
            return False
        run(["xdotool", "mousemove", "--window", self.window_id,
             str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1"])
        time.sleep(1.0)
        return True

    def quit(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# ---- what is on screen ----------------------------------------------------------------------
#
# GTK 4.8 sets `showing` only on the toplevel, and `visible` follows gtk_widget_get_visible(),
# so a hidden GtkStack/AdwViewStack page and the collapsed half of an AdwSqueezer still read
# as visible. What does tell them apart is the Component interface: GTK reports a widget that
# is not allocated (an unmapped stack page and everything in it) with a zero width and height.
# So a node is on screen when it and every ancestor that has extents has a non-empty box.
# Nodes without a Component (GtkStackPage) are looked through.

def nonempty(box):
    return box is not None and box.width > 0 and box.height > 0


class Element:
    def __init__(self, node, role, name, state_set, box, trail, roles_above=(), group=None,
                 names_above=()):
        self.node = node
        self.names_above = names_above
        self.roles_above = roles_above
        self.group = group      # the nearest list, table or tree above: its items share a stop
        self.role = role
        self.name = name
        self.states = state_set
        self.box = box
        self.trail = trail      # class names of the Tk widgets above (for grouping)

    def has(self, state):
        return self.states is not None and self.states.contains(state)

    def describe(self):
        try:
            role_name = self.node.get_role_name()
        except Exception:
            role_name = "?"
        where = "/".join(self.trail[-2:]) or "window"
        return "%s %r in %s (shows %r)" % (role_name, self.name, where, " ".join(texts(self.node))[:60])


def collect(root):
    """Every node on screen under @root, and the focusable nodes of zero size inside a shown
    parent (a focus stop nobody can see)."""
    shown, zero_stops = [], []

    def visit(node, trail, parent_shown_box, parent_is_stack_page, parent_role=None,
              roles_above=(), group=None, names_above=()):
        role = safe_role(node)
        name = safe_name(node)
        box = extents(node)
        state_set = states(node)
        if box is None:
            # No Component (a GtkStackPage): look through it.
            for child in children(node):
                visit(child, trail, parent_shown_box, name == "GtkStackPage", parent_role,
                      roles_above, group, names_above)
            return
        if not nonempty(box):
            # Not a stop: a stack page being hidden, a scrolled window's frame, and the rows
            # a GtkListView keeps ready beyond its viewport (built but not allocated).
            if (state_set is not None and state_set.contains(Atspi.StateType.FOCUSABLE)
                    and state_set.contains(Atspi.StateType.SENSITIVE)
                    and not parent_is_stack_page and parent_shown_box
                    and role not in (ROLE.SCROLL_PANE,)
                    and parent_role not in (ROLE.LIST, ROLE.TABLE)):
                zero_stops.append(Element(node, role, name, state_set, box, trail, roles_above,
                                          group, names_above))
            return
        shown.append(Element(node, role, name, state_set, box, trail, roles_above, group,
                             names_above))
        if role in LISTS:
            group = node
        if CLASS_NAME.match(name) and name.startswith("Tk"):
            trail = trail + [name]
        try:
            above = roles_above + (node.get_role_name(),)
        except Exception:
            above = roles_above
        for child in children(node):
            visit(child, trail, True, False, role, above, group, names_above + (name,))

    visit(root, [], True, False)
    return shown, zero_stops


def interactive(element):
    if element.role in INTERACTIVE:
        return True
    # libadwaita 1.2's AdwComboRow shows its current value in a GtkListView of one item that
    # GTK calls focusable; the combo box around it is the control (and is checked).
    if "combo box" in element.roles_above:
        return False
    return element.role in ITEMS and element.has(Atspi.StateType.FOCUSABLE)


def problem(element):
    name = element.name.strip()
    if not name:
        return "no name"
    if CLASS_NAME.match(name):
        return "a class name"
    if BARE.match(name):
        return "a bare number or letter"
    if MNEMONIC.search(name):
        return "a mnemonic underscore"
    if SHORTCUT.search(name):
        return "a keyboard shortcut in the name"
    # GTK 4.8 reads a mnemonic button's label twice ("ラウンド追加 ラウンド追加"): in a
    # language without underscores in its labels that is the only trace of the same fault.
    half = len(name) // 2
    if len(name) % 2 == 1 and name[half] == " " and name[:half] == name[half + 1:]:
        return "the same words twice"
    return None


class Report:
    def __init__(self):
        self.rows = []          # (view, interactive, unnamed, checked)
        self.failures = []      # (view or check, text)
        self.test_number = 0

    def add(self, view, elements, zero_stops, checked=True):
        controls = [e for e in elements if interactive(e)]
        bad = [(e, problem(e)) for e in controls if problem(e)]
        self.rows.append((view, len(controls), len(bad) + len(zero_stops), checked))
        detail = ["%s: %s" % (why, e.describe()) for e, why in bad]
        detail += ["a focus stop of zero size: %s" % e.describe() for e in zero_stops]
        summary = "%s: %d interactive, %d unnamed or unseen" % (view, len(controls), len(detail))
        self.add_check(summary, detail, checked)

    def add_check(self, summary, detail, checked=True, known=None):
        self.test_number += 1
        if not detail:
            print("ok %d - %s" % (self.test_number, summary), flush=True)
        elif known:
            print("not ok %d - %s # TODO %s" % (self.test_number, summary, known), flush=True)
            checked = False
        elif not checked:
            print("ok %d - %s # SKIP panel being rewritten (NOT_YET_CHECKED)"
                  % (self.test_number, summary), flush=True)
        else:
            print("not ok %d - %s" % (self.test_number, summary), flush=True)
        for line in detail:
            log("  " + line)
            if checked:
                self.failures.append((summary, line))

    def table(self):
        lines = ["| view | interactive | unnamed |", "| --- | --- | --- |"]
        for view, count, bad, checked in self.rows:
            lines.append("| %s | %d | %d%s |" % (view, count, bad,
                                                 "" if checked else " (not yet checked)"))
        return "\n".join(lines)


# ---- the Tab cycle ---------------------------------------------------------------------------
#
# Tab is pressed through the X server (xdotool) as a person would, and the focused object is
# taken from the `object:state-changed:focused` events GTK sends over AT-SPI: that is what a
# screen reader follows. The cycle ends when a stop comes round again.

class FocusWatch:
    def __init__(self):
        self.focused = None
        self.events = 0
        self.listener = Atspi.EventListener.new(self.on_event)
        self.listener.register("object:state-changed:focused")

    def on_event(self, event, *unused):
        if event.detail1:
            self.focused = event.source
            self.events += 1

    def pump(self, seconds):
        context = GLib.MainContext.default()
        deadline = time.time() + seconds
        while time.time() < deadline:
            while context.pending():
                context.iteration(False)
            time.sleep(0.02)

    def press(self, key):
        """Presses @key; returns the object focused after it (None if the focus did not
        move)."""
        self.pump(0.05)
        before = self.events
        self.focused_after = None
        run(["xdotool", "key", "--clearmodifiers", key])
        deadline = time.time() + 2.0
        while self.events == before and time.time() < deadline:
            self.pump(0.05)
        # a second event follows when GTK moves the focus on inside what took it
        self.pump(0.1)
        return self.focused if self.events != before else None


WATCH = None
TAB_CYCLES = {"on": True}     # off at the widths whose Tab cycles are not walked


def same(a, b):
    return a is not None and b is not None and (a == b or hash(a) == hash(b))


def inside(node, root):
    """Whether @node is @root or under it (parents climbed through AT-SPI)."""
    for _ in range(60):
        if node is None:
            return False
        if same(node, root):
            return True
        try:
            node = node.get_parent()
        except Exception:
            return False
    return False


# The names GTK gives its window controls (gtk40's own translations, in the test's language).
WINDOW_CONTROLS = set()


def learn_window_controls(lang):
    import gettext
    words = ("Minimize", "Maximize", "Restore", "Close")
    WINDOW_CONTROLS.update(words)
    if lang:
        translation = gettext.translation("gtk40", languages=[lang], fallback=True)
        WINDOW_CONTROLS.update(translation.gettext(w) for w in words)


def tab_reaches_by_design(element):
    """GTK 4 keeps two kinds of button out of the Tab cycle on purpose: the window's own
    controls (Close: Escape or Ctrl+W does it), and a view switcher's tab while the switcher
    has one page only (libadwaita hides it then; GTK 4.8 still reports its old extents)."""
    if element.role == ROLE.PUSH_BUTTON and element.name in WINDOW_CONTROLS:
        return False
    if element.role == ROLE.PAGE_TAB:
        try:
            siblings = children(element.node.get_parent())
        except Exception:
            siblings = []
        if sum(1 for s in siblings if safe_role(s) == ROLE.PAGE_TAB) < 2:
            return False
    return True


def focused_under(root):
    queue = [root]
    while queue:
        node = queue.pop(0)
        state_set = states(node)
        if state_set is not None and state_set.contains(Atspi.StateType.FOCUSED):
            if safe_role(node) not in (ROLE.FRAME, ROLE.WINDOW, ROLE.DIALOG):
                return node
        queue.extend(children(node))
    return None


def tab_cycle(app, root, view, report, checked=True, known=None, folded=()):
    """Walks the window's Tab cycle from where the focus is and fails on a stop of zero size,
    on Tab staying put, and on a visible focusable control under @root that no Tab reaches
    (of a list, table or tree's items one is enough: the arrow keys move among them)."""
    global WATCH
    if not TAB_CYCLES["on"]:
        return
    if WATCH is None:
        WATCH = FocusWatch()
    shown, _ = collect(root)
    wanted = [e for e in shown if interactive(e) and e.has(Atspi.StateType.FOCUSABLE)
              and e.has(Atspi.StateType.SENSITIVE) and tab_reaches_by_design(e)
              and not any(same(e.node, f.node) for f in folded)]
    app.focus()
    stops, zero, stuck = [], [], []
    limit = min(400, 2 * len(wanted) + 40)
    previous = None
    for _ in range(limit):
        node = WATCH.press("Tab")
        if node is None:
            # no event: ask the tree what has the focus now
            node = focused_under(root)
            if os.environ.get("TK_A11Y_DEBUG"):
                log("no focus event; focused: %s %r" % (safe_role_name(node), safe_name(node)))
        if node is None or same(node, previous):
            # three presses in a row that move nothing (one may only be a slow event)
            stuck.append(previous)
            if len(stuck) > 2:
                break
            continue
        stuck = []
        previous = node
        if any(same(node, seen) for seen in stops):
            break
        stops.append(node)
        box = extents(node)
        if not nonempty(box):
            WATCH.pump(0.5)     # a widget shown by the same key press may not be laid out yet
            if not nonempty(extents(node)):
                zero.append(node)

    def reached(element):
        if any(same(element.node, stop) for stop in stops):
            return True
        if element.group is not None:
            return any(inside(stop, element.group) for stop in stops)
        return False

    if os.environ.get("TK_A11Y_DEBUG"):
        log("%s: Tab stops: %s" % (view, "; ".join(
            "%s %r %s" % (safe_role_name(n), safe_name(n), box_text(extents(n)))
            for n in stops)))
    missed = [e for e in wanted if not reached(e)]
    if os.environ.get("TK_A11Y_DEBUG"):
        for e in missed:
            log("missed %r under %s" % (e.name, "/".join(e.names_above[-6:])))
    detail = ["Tab never reaches %s" % e.describe() for e in missed]
    detail += ["a Tab stop of zero size: %s %r" % (safe_role_name(n), safe_name(n))
               for n in zero]
    if len(stuck) > 2 and stuck[0] is not None:
        detail.append("Tab stays on %s %r" % (safe_role_name(stuck[0]), safe_name(stuck[0])))
    elif len(stuck) > 2 and not stops:
        detail.append("Tab moves the focus nowhere")
    report.add_check("%s, Tab cycle: %d stops, %d controls" % (view, len(stops), len(wanted)),
                     detail, checked, known)


def box_text(box):
    return "%dx%d@%d,%d" % (box.width, box.height, box.x, box.y) if box else "-"


def safe_role_name(node):
    try:
        return node.get_role_name()
    except Exception:
        return "?"


# ---- the walk ------------------------------------------------------------------------------

def find_all(root, predicate):
    """Shown nodes under @root that match @predicate, in tree order."""
    shown, _ = collect(root)
    return [e for e in shown if predicate(e)]


def window_parts(window):
    """The header bar, the page stack and the bottom switcher bar of the main window."""
    queue = [window]
    while queue:
        node = queue.pop(0)
        kids = children(node)
        if any(safe_name(k) == "AdwViewSwitcherBar" for k in kids):
            return kids[0], kids[1], kids[2:]
        queue.extend(kids)
    raise RuntimeError("no AdwViewSwitcherBar in the main window")


def first_named(root, name):
    queue = [root]
    while queue:
        node = queue.pop(0)
        if safe_name(node) == name and nonempty(extents(node)):
            return node
        queue.extend(children(node))
    return None


def panel_class(view):
    """The Tk…Panel class inside a session view, if any."""
    queue = [view]
    while queue:
        node = queue.pop(0)
        name = safe_name(node)
        if name.startswith("Tk") and name.endswith("Panel") and nonempty(extents(node)):
            return name
        queue.extend(children(node))
    return None


def not_yet_checked(panel):
    return any(word.replace(" ", "") in (panel or "") for word in NOT_YET_CHECKED)


def wait_for(predicate, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    return None


def parts_walked():
    # TK_A11Y_ONLY=table,board,pages,dialogs walks only those parts (when looking into one).
    return set((os.environ.get("TK_A11Y_ONLY") or "table,board,pages,dialogs").split(","))


def walk_app(app, width, label, report):
    only = parts_walked()
    tag = "%s %dpx" % (label, width)
    window = app.main_window()
    header, stack, bars = window_parts(window)
    elements, zero = [], []
    for part in [header] + bars:
        shown, stops = collect(part)
        elements += shown
        zero += stops
    report.add("%s header bar" % tag, elements, zero)

    # Table: the sidebar, then each open session's panel.
    app.key("alt+1")
    if "table" in only:
        walk_table(app, width, tag, stack, report)
    if "dialogs" in only:
        # New Session, from the Table page.
        walk_dialog(app, ["ctrl+shift+n"], "%s New Session" % tag, report)
    if "pages" in only:
        walk_pages(app, width, tag, report)
    if "dialogs" in only:
        walk_dialog(app, ["ctrl+comma"], "%s Preferences" % tag, report)


def walk_table(app, width, tag, stack, report):
    table = wait_for(lambda: first_named(stack, "TkTablePage"))
    def is_session_row(e):
        return e.role == ROLE.LIST_ITEM and "TkSessionView" not in e.trail

    sessions = find_all(table, is_session_row)
    shown, stops = collect(table)
    view = first_named(table, "TkSessionView")
    sidebar = [e for e in shown if "TkSessionView" not in e.trail]
    report.add("%s Table sidebar, %d sessions" % (tag, len(sessions)), sidebar,
               [s for s in stops if "TkSessionView" not in s.trail])
    for index in range(len(sessions)):
        rows = find_all(table, is_session_row)
        if index >= len(rows):
            report.add("%s session %d" % (tag, index + 1), [], [])
            continue
        title = " ".join(texts(rows[index].node))
        log("session %d: %s" % (index + 1, title))
        app.click(rows[index].node)
        view = wait_for(lambda: first_named(app.main_window(), "TkSessionView"))
        time.sleep(1.0)
        panel = panel_class(view) if view else None
        shown, stops = collect(view) if view else ([], [])
        if not_yet_checked(panel):
            # The view around the panel (header, ledger, notes, end card) is checked; the
            # panel being rewritten is counted apart.
            inside = [e for e in shown if panel in e.trail]
            report.add("%s session %d, around %s" % (tag, index + 1, panel),
                       [e for e in shown if panel not in e.trail],
                       [s for s in stops if panel not in s.trail])
            report.add("%s session %d, %s" % (tag, index + 1, panel), inside,
                       [s for s in stops if panel in s.trail], checked=False)
        else:
            report.add("%s session %d (%s)" % (tag, index + 1, panel or "score pad"), shown,
                       stops)
        if view is not None and "board" in parts_walked():
            check_board_cursors(app, view, "%s session %d" % (tag, index + 1), report)
        # (narrow, the folded-away list of sessions keeps its old extents in GTK 4.8: only
        # the session is looked at)
        tab_cycle(app, app.main_window() if width >= 700 or view is None else view,
                  "%s session %d (%s)" % (tag, index + 1, panel or "score pad"), report,
                  not not_yet_checked(panel), KNOWN_TAB_GAPS.get(panel or ""))
        if width < 700:
            app.key("alt+Left")


def check_board_cursors(app, view, tag, report):
    """A drawn board that takes the focus (Metromania's, Metropolis's) tells where its keyboard
    cursor is as it moves (issue 30 item 4): tapped, then moved with an arrow key, its
    accessible description names the place, with a number in it ("row 6, point 7", "B1")."""
    shown, _ = collect(view)
    # drawn: no accessible children (GTK's grid role is AT-SPI's table, as a column view's)
    boards = [e for e in shown if e.role in (ROLE.IMAGE, ROLE.TABLE)
              and e.has(Atspi.StateType.FOCUSABLE) and not children(e.node)]
    for board in boards:
        # tapped until it has the focus: a panel that has just shown may still move its
        # regions (its wide layout is switched after an allocation), and a tap that lands
        # beside the board is no test of it
        def board_focused():
            state_set = states(board.node)
            return state_set is not None and state_set.contains(Atspi.StateType.FOCUSED)

        for _ in range(3):
            app.click(board.node)
            if board_focused():
                break
            time.sleep(1.0)
        # a tap can miss a board scrolled partly out of sight: Tab to it, as the keyboard does
        for _ in range(120):
            if board_focused():
                break
            app.focus()
            run(["xdotool", "key", "--clearmodifiers", "Tab"])
            time.sleep(0.25)
        app.key("Right")
        try:
            described = board.node.get_description() or ""
        except Exception:
            described = ""
        report.test_number += 1
        summary = "%s: %s says where its cursor is" % (tag, board.name)
        if re.search(r"\d", described):
            print("ok %d - %s" % (report.test_number, summary), flush=True)
        else:
            state_set = states(board.node)
            focused = state_set is not None and state_set.contains(Atspi.StateType.FOCUSED)
            print("not ok %d - %s: %r%s" % (report.test_number, summary, described,
                                             "" if focused else " (it has not the focus)"),
                  flush=True)
            report.failures.append((tag, "%s: cursor not described" % board.name))
        log("  %s: %s" % (board.name, described[:160]))


def walk_pages(app, width, tag, report):
    for key, page in (("alt+2", "TkCollectionPage"), ("alt+3", "TkHistoryPage"),
                      ("alt+4", "TkDiscoverPage")):
        app.key(key)
        node = wait_for(lambda: first_named(app.main_window(), page))
        time.sleep(1.5)
        if node is None:
            report.failures.append((page, "the page never showed"))
            report.test_number += 1
            print("not ok %d - %s %s: the page never showed" % (report.test_number, tag, page))
            continue
        shown, stops = collect(node)
        report.add("%s %s" % (tag, page[2:-4]), shown, stops)
        # (a page shown before keeps its old extents in GTK 4.8: only this page is looked at)
        tab_cycle(app, node, "%s %s" % (tag, page[2:-4]), report)
        if page == "TkCollectionPage":
            list_shown = shown
            cells = find_all(node, lambda e: e.role == ROLE.TABLE_CELL)
            if cells:
                app.click(cells[0].node)
                time.sleep(1.5)
                if width < 700:
                    node = first_named(app.main_window(), page)
                shown, stops = collect(node)
                report.add("%s Collection, game selected" % tag, shown, stops)
                # (narrow, the folded-away list keeps its old extents in GTK 4.8: what it
                # showed is not looked for)
                tab_cycle(app, node, "%s Collection, game selected" % tag, report,
                          folded=list_shown if width < 700 else ())
                if width < 700:
                    app.key("alt+Left")
        if page == "TkHistoryPage":
            # The page's own switcher (plays / statistics): each of its tabs in turn.
            tabs = find_all(node, lambda e: e.role in (ROLE.TOGGLE_BUTTON, ROLE.PAGE_TAB,
                                                       ROLE.RADIO_BUTTON)
                            and not e.has(Atspi.StateType.CHECKED)
                            and not e.has(Atspi.StateType.PRESSED)
                            and not e.has(Atspi.StateType.SELECTED))
            for tab in tabs[:2]:
                app.click(tab.node)
                time.sleep(1.5)
                shown, stops = collect(node)
                report.add("%s History, %s" % (tag, tab.name or "?"), shown, stops)
                # (no Tab cycle here: the view switched away from keeps its old extents in
                # GTK 4.8, so its buttons would count as shown and unreached)


def walk_dialog(app, keys, view, report):
    count_before = len(app.windows())
    app.key(*keys)
    dialog = wait_for(lambda: (app.windows()[-1] if len(app.windows()) > count_before
                               else None))
    if dialog is None:
        report.failures.append((view, "the dialog never opened"))
        report.test_number += 1
        print("not ok %d - %s: never opened" % (report.test_number, view))
        return
    time.sleep(1.5)
    shown, stops = collect(dialog)
    report.add(view, shown, stops)
    tab_cycle(app, dialog, view, report)
    run(["xdotool", "key", "Escape"])
    time.sleep(1.0)


def main(argv):

    app_path, cli, fixtures = argv[0], argv[1], argv[2]
    lang = None
    widths = [1300, 360]
    tab_widths = None
    localedir = None
    rest = argv[3:]
    while rest:
        option = rest.pop(0)
        if option == "--lang":
            lang = rest.pop(0)
        elif option == "--widths":
            widths = [int(w) for w in rest.pop(0).split(",")]
        elif option == "--localedir":
            localedir = rest.pop(0)
        elif option == "--tab-widths":
            tab_widths = [int(w) for w in rest.pop(0).split(",")]
    label = lang or "en"
    learn_window_controls(lang)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="tk-a11y-") as home:
        db = make_library(cli, fixtures, home)
        for width in widths:
            app = App(app_path, db, lang, localedir, home)
            TAB_CYCLES["on"] = tab_widths is None or width in tab_widths
            try:
                app.resize(width, 850)
                time.sleep(2.0)
                walk_app(app, width, label, report)
            finally:
                app.quit()
    print("1..%d" % report.test_number)
    log("What a screen reader finds (%s); the not-yet-checked panels: %s"
        % (label, ", ".join(NOT_YET_CHECKED) or "none"))
    log(report.table())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
