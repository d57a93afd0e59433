#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two libraries kept the same by two real Syncthing instances on 127.0.0.1.

The test starts two Syncthing instances (Debian's `syncthing`) with homes, keys and
certificates of their own in a temporary folder: GUI/REST API on 127.0.0.1 with an API key,
the sync listener on 127.0.0.1, global and local discovery, relays, NAT, usage and crash
reporting and upgrades off, the two devices introduced through their configs (only one dials
the other's tcp://127.0.0.1:PORT, which avoids a connection stall seen when both dial at once)
and one folder shared between them.  Two libraries (`tablekeeper-cli --db`) sync into the two
copies of that folder.  Both are edited (a BGG CSV import, a BG Stats import, ratings,
comments, a play deleted, a session finished into a play); then one instance is paused through
the REST API, both libraries are edited again, the instance is resumed, and once Syncthing
says both copies are in sync, `sync` runs on both until a fixpoint.  The canonical dumps must
be byte-identical, the rating and the comment of one game both kept, and no `.sync-conflict-`
file may appear under `devices/` (every file there has one writer).  Every wait is bounded and
says what it waited for; the instances are shut down at the end and killed on any failure.
Without `syncthing` (build-aux/dev.sh installs it) the test fails.  TAP output.
Usage: test-syncthing.py CLI FIXTURES-DIR"""

import difflib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

cli, fixtures = sys.argv[1], sys.argv[2]
results = []
FOLDER_ID = "tablekeeper-test"
started = time.monotonic()


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))
    return bool(ok)


class Failure(Exception):
    """A step the rest of the test cannot go on without."""


def require(name, ok, detail=""):
    if not check(name, ok, detail):
        raise Failure(name)


def finish():
    print("1..%d" % len(results))
    for i, (name, ok, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok and detail:
            for line in str(detail).splitlines()[:60]:
                print("# " + line)
    print("# %.1f s" % (time.monotonic() - started))
    sys.exit(0)


# meson's timeout sends SIGTERM: turn it into an exception so that the instances are killed.
def on_term(signum, frame):
    raise Failure("terminated by signal %d" % signum)


signal.signal(signal.SIGTERM, on_term)

syncthing = shutil.which("syncthing")
if syncthing is None:
    check("syncthing is installed (build-aux/dev.sh installs Debian's syncthing)", False,
          "syncthing is not on PATH")
    finish()


def free_ports(count):
    """COUNT free TCP ports on 127.0.0.1, below the kernel's ephemeral range so that no
    outgoing connection takes one between this check and Syncthing's bind."""
    ports = []
    base = 20000 + (os.getpid() * 37) % 10000
    for port in range(base, base + 2000):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        ports.append(port)
        if len(ports) == count:
            return ports
    raise Failure("no %d free ports on 127.0.0.1 from %d" % (count, base))


class Instance:
    """One Syncthing: its home, its folder, its process and its REST API."""

    def __init__(self, tmp, name, gui_port, listen_port):
        self.name = name
        self.home = os.path.join(tmp, "syncthing-" + name)
        self.folder = os.path.join(tmp, "folder-" + name)
        self.gui_port, self.listen_port = gui_port, listen_port
        self.api_key = "tablekeeper-test-key-" + name
        self.proc = None
        self.log_path = os.path.join(tmp, "syncthing-%s.log" % name)
        self.log = None
        os.makedirs(self.folder)
        self.env = dict(os.environ, HOME=tmp, STMONITORED="yes", STNOUPGRADE="1",
                        STHASHING="minio", STNODEFAULTFOLDER="1", LC_ALL="C.UTF-8")
        p = subprocess.run([syncthing, "generate", "--home", self.home, "--no-default-folder",
                            "--skip-port-probing"], capture_output=True, text=True,
                           env=self.env, timeout=60)
        require("syncthing generate for %s" % name, p.returncode == 0, p.stdout + p.stderr)
        p = subprocess.run([syncthing, "serve", "--home", self.home, "--device-id"],
                           capture_output=True, text=True, env=self.env, timeout=60)
        require("syncthing --device-id for %s" % name, p.returncode == 0, p.stdout + p.stderr)
        self.device_id = p.stdout.strip()

    def configure(self, peer, dial_peer):
        """Edit the generated config.xml: keep its version (without it Syncthing migrates the
        file and loses the peer's address), everything local, the peer known, one folder."""
        path = os.path.join(self.home, "config.xml")
        tree = ET.parse(path)
        root = tree.getroot()
        gui = root.find("gui")
        gui.set("tls", "false")
        gui.find("address").text = "127.0.0.1:%d" % self.gui_port
        gui.find("apikey").text = self.api_key
        options = root.find("options")
        settings = {
            "listenAddress": "tcp://127.0.0.1:%d" % self.listen_port,
            "globalAnnounceEnabled": "false",
            "localAnnounceEnabled": "false",
            "relaysEnabled": "false",
            "natEnabled": "false",
            "startBrowser": "false",
            "urAccepted": "-1",
            "urSeen": "3",
            "crashReportingEnabled": "false",
            "autoUpgradeIntervalH": "0",
            "reconnectionIntervalS": "1",
            "restartOnWakeup": "false",
            "setLowPriority": "false",
        }
        for key, value in settings.items():
            element = options.find(key)
            if element is None:
                element = ET.SubElement(options, key)
            element.text = value
        # The announce server list must be empty too, not just disabled.
        for element in options.findall("globalAnnounceServer"):
            element.text = ""

        own = root.find("device")
        own.set("name", self.name)
        # The peer, built from the config's own defaults so that no field is a zero value.
        peer_device = ET.fromstring(ET.tostring(root.find("defaults/device")))
        peer_device.set("id", peer.device_id)
        peer_device.set("name", peer.name)
        peer_device.find("address").text = ("tcp://127.0.0.1:%d" % peer.listen_port
                                            if dial_peer else "dynamic")
        root.insert(list(root).index(own) + 1, peer_device)

        # The folder, from the defaults as well: a folder written by hand gets zero values, and
        # maxConflicts 0 would delete a losing edit instead of keeping it as a conflict copy.
        folder = ET.fromstring(ET.tostring(root.find("defaults/folder")))
        folder.set("id", FOLDER_ID)
        folder.set("label", "Tablekeeper test")
        folder.set("path", self.folder)
        folder.set("fsWatcherEnabled", "true")
        folder.set("fsWatcherDelayS", "1")
        folder.set("rescanIntervalS", "3600")
        for element in folder.findall("device"):
            folder.remove(element)
        for device_id in (self.device_id, peer.device_id):
            device = ET.SubElement(folder, "device", {"id": device_id, "introducedBy": ""})
            ET.SubElement(device, "encryptionPassword")
        folder.find("maxConflicts").text = "10"
        folder.find("paused").text = "false"
        root.insert(list(root).index(own), folder)
        tree.write(path, encoding="unicode")

    def start(self):
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [syncthing, "serve", "--home", self.home, "--no-browser", "--no-restart",
             "--no-upgrade", "--logflags=0"],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.env)

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def alive(self):
        if self.proc is not None and self.proc.poll() is not None:
            raise Failure("syncthing %s exited with %s:\n%s"
                          % (self.name, self.proc.returncode, self.log_tail()))

    def rest(self, method, path, timeout=10):
        self.alive()
        request = urllib.request.Request(
            "http://127.0.0.1:%d%s" % (self.gui_port, path), method=method,
            headers={"X-API-Key": self.api_key})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body.strip() else None

    def stop(self):
        """Shut down through the REST API; killed when that does not end it in 10 s."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.rest("POST", "/rest/system/shutdown", timeout=5)
            except Exception:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def kill(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        if self.log is not None:
            self.log.close()
            self.log = None


def wait_for(what, predicate, timeout, instances):
    """Call PREDICATE until it returns something true, at most TIMEOUT seconds; fails with
    WHAT and the last thing PREDICATE said (it may return (False, detail))."""
    deadline = time.monotonic() + timeout
    detail = ""
    while True:
        for instance in instances:
            instance.alive()
        try:
            value = predicate()
        except (urllib.error.URLError, ConnectionError, OSError, ValueError) as e:
            value = (False, "REST: %s" % e)
        if isinstance(value, tuple):
            ok, detail = value
        else:
            ok, detail = value, ""
        if ok:
            return
        if time.monotonic() > deadline:
            raise Failure("waited %d s for %s; last seen: %s" % (timeout, what, detail))
        time.sleep(0.1)


def tree(folder):
    """Every file of a folder copy (Syncthing's own marker and temporary files left out),
    relative path → content."""
    out = {}
    for dirpath, dirnames, names in os.walk(folder):
        dirnames[:] = [d for d in dirnames if d != ".stfolder"]
        for name in names:
            if name.startswith(".syncthing.") and name.endswith(".tmp"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = f.read()
    return out


def connected(a, b):
    connections = a.rest("GET", "/rest/system/connections")["connections"]
    state = connections.get(b.device_id, {})
    return bool(state.get("connected")), state


def in_sync(a, b):
    """Syncthing's word that both copies are the same, and the files agree: both folders
    idle with nothing needed and no pull errors, each peer complete, the global counters
    equal, and the two trees identical byte for byte."""
    seen = {}
    for x, y in ((a, b), (b, a)):
        status = x.rest("GET", "/rest/db/status?folder=" + FOLDER_ID)
        completion = x.rest("GET", "/rest/db/completion?folder=%s&device=%s"
                            % (FOLDER_ID, y.device_id))
        seen[x.name] = {k: status.get(k) for k in ("state", "needTotalItems", "pullErrors",
                                                    "globalFiles", "globalBytes",
                                                    "localFiles", "localBytes")}
        seen[x.name]["peerCompletion"] = completion.get("completion")
        if status.get("state") != "idle" or status.get("needTotalItems") or \
                status.get("pullErrors") or completion.get("completion") != 100:
            return False, seen
    if (seen[a.name]["globalFiles"], seen[a.name]["globalBytes"]) != \
            (seen[b.name]["globalFiles"], seen[b.name]["globalBytes"]):
        return False, seen
    ta, tb = tree(a.folder), tree(b.folder)
    if ta != tb:
        diff = sorted(set(ta) ^ set(tb)) + sorted(k for k in set(ta) & set(tb) if ta[k] != tb[k])
        return False, {"files differ": diff[:20], "status": seen}
    return True, seen


def carry(a, b, timeout=60):
    """Ask both instances to scan now (not in a watcher's second or an hour) and wait until
    the two copies are the same."""
    for x in (a, b):
        x.rest("POST", "/rest/db/scan?folder=" + FOLDER_ID)
    wait_for("Syncthing to bring the two folder copies in sync", lambda: in_sync(a, b),
             timeout, (a, b))


def run(*args, db=None):
    cmd = [cli] + (["--db", db] if db else []) + list(args)
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def cli_ok(name, *args, db=None):
    rc, out, err = run(*args, db=db)
    require(name, rc == 0, " ".join(args) + "\n" + out + err)
    return out


def query(db, sql, *args):
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def dump_diff(a, b):
    """Where two canonical dumps differ, as a diff of their indented forms."""
    def lines(text):
        try:
            return json.dumps(json.loads(text), indent=1, sort_keys=True).splitlines()
        except ValueError:
            return text.splitlines()
    return "\n".join(list(difflib.unified_diff(lines(a), lines(b), "Laptop", "Phone",
                                               lineterm="", n=2))[:80])


def conflict_copies(folder):
    return sorted(rel for rel in tree(folder) if ".sync-conflict-" in rel)


instances = []
with tempfile.TemporaryDirectory() as tmp:
    try:
        ports = free_ports(4)
        laptop = Instance(tmp, "Laptop", ports[0], ports[1])
        phone = Instance(tmp, "Phone", ports[2], ports[3])
        instances = [laptop, phone]
        # Only the phone dials; the laptop waits for it (its peer's address is "dynamic").
        laptop.configure(phone, dial_peer=False)
        phone.configure(laptop, dial_peer=True)
        # The listener first, then the one that dials.
        laptop.start()
        wait_for("the Laptop instance's REST API", lambda: laptop.rest("GET", "/rest/system/ping"),
                 30, instances)
        phone.start()
        wait_for("the Phone instance's REST API", lambda: phone.rest("GET", "/rest/system/ping"),
                 30, instances)
        t0 = time.monotonic()
        wait_for("the two instances to connect", lambda: connected(phone, laptop), 60, instances)
        check("the two instances connect over 127.0.0.1 (%.1f s)" % (time.monotonic() - t0), True)
        # Nothing but loopback: no discovery, relay or NAT service is running.
        for x in instances:
            status = x.rest("GET", "/rest/system/status")
            discovery = status.get("discoveryStatus") or {}
            check("%s runs no discovery (global, local) and no relay" % x.name,
                  not status.get("discoveryEnabled") and not discovery
                  and not any("relay" in k for k in (status.get("connectionServiceStatus")
                                                      or {})),
                  json.dumps({k: status.get(k) for k in ("discoveryEnabled", "discoveryStatus",
                                                          "connectionServiceStatus")}))
        carry(laptop, phone)

        dbs = {"Laptop": os.path.join(tmp, "laptop.db"), "Phone": os.path.join(tmp, "phone.db")}

        def sync(instance):
            rc, out, err = run("sync", instance.folder, "--device-name", instance.name,
                               db=dbs[instance.name])
            require("sync on %s exits 0" % instance.name, rc == 0, out + err)
            return out

        def dump(instance):
            rc, out, err = run("dump", "--canonical", db=dbs[instance.name])
            require("dump --canonical on %s" % instance.name, rc == 0, err)
            return out

        # --- the laptop starts the library with a BGG CSV import; the phone joins ---
        cli_ok("BGG CSV import on the laptop", "collection", "import",
               os.path.join(fixtures, "bgg-collection.csv"), db=dbs["Laptop"])
        sync(laptop)
        carry(laptop, phone)
        out = sync(phone)
        check("the phone joined the laptop's library through Syncthing", "Joined library" in out,
              out)

        # --- both edited while connected ---
        cli_ok("the phone imports a BG Stats history", "plays", "import",
               os.path.join(fixtures, "history", "bgstats-export.json"), db=dbs["Phone"])
        cli_ok("the laptop rates a game", "collection", "set", "bgg:9100002", "--rating", "6",
               db=dbs["Laptop"])
        sync(laptop)
        sync(phone)
        carry(laptop, phone)
        sync(laptop)
        sync(phone)
        n_plays = query(dbs["Phone"], "SELECT count(*) FROM plays")[0][0]
        check("the BG Stats plays reached the laptop",
              n_plays > 0 and query(dbs["Laptop"], "SELECT count(*) FROM plays")[0][0] == n_plays,
              n_plays)

        # --- the phone's instance paused: apart ---
        phone.rest("POST", "/rest/system/pause")
        wait_for("the instances to be apart after the pause",
                 lambda: (not connected(laptop, phone)[0] and not connected(phone, laptop)[0],
                          "still connected"), 30, instances)
        check("the phone's instance is paused (REST /rest/system/pause)", True)

        game = "bgg:9100001"
        # The export imported again first (it sets the ratings it holds), then the edits.
        cli_ok("apart: the laptop imports a BGG CSV again", "collection", "import",
               os.path.join(fixtures, "bgg-collection.csv"), db=dbs["Laptop"])
        cli_ok("apart: the laptop rates a game", "collection", "set", game, "--rating", "9",
               "--status", "favourite", db=dbs["Laptop"])
        cli_ok("apart: the phone comments on the same game", "collection", "set", game,
               "--comment", "Best with four", db=dbs["Phone"])
        # The same field on both: the later edit wins, the other is kept as a loser.
        cli_ok("apart: the phone rates another game", "collection", "set", "bgg:9100003",
               "--rating", "4", db=dbs["Phone"])
        cli_ok("apart: the laptop rates it later", "collection", "set", "bgg:9100003",
               "--rating", "7", db=dbs["Laptop"])
        victim_uid, victim_id = query(dbs["Laptop"],
                                      "SELECT uid, id FROM plays ORDER BY uid LIMIT 1")[0]
        cli_ok("apart: the laptop deletes a play", "plays", "delete", str(victim_id),
               db=dbs["Laptop"])
        cli_ok("apart: the phone starts a game", "session", "start", "--title", "Skull King",
               "Ana", "Ben", db=dbs["Phone"])
        cli_ok("apart: the phone finishes it into a play", "session", "finish", "1",
               db=dbs["Phone"])
        player = query(dbs["Phone"], "SELECT id FROM players ORDER BY uid LIMIT 1")[0][0]
        cli_ok("apart: the phone renames a player", "players", "rename", str(player),
               "Renamed on the phone", db=dbs["Phone"])
        # Each writes its own files; Syncthing scans them but has no one to send them to.
        sync(laptop)
        sync(phone)
        for x in instances:
            x.rest("POST", "/rest/db/scan?folder=" + FOLDER_ID)
        time.sleep(1)
        check("apart, the copies differ", tree(laptop.folder) != tree(phone.folder))
        cli_ok("apart: the laptop comments on a third game after its sync", "collection", "set",
               "bgg:9100002", "--comment", "Kept on the laptop", db=dbs["Laptop"])
        sync(laptop)

        # --- resumed: Syncthing carries, sync until nothing changes ---
        phone.rest("POST", "/rest/system/resume")
        t0 = time.monotonic()
        wait_for("the instances to connect again after the resume",
                 lambda: connected(phone, laptop), 60, instances)
        check("resumed, the instances connect again (%.1f s)" % (time.monotonic() - t0), True)
        # A round: sync on both, let Syncthing carry what they wrote, look.  The fixpoint is
        # a round that changes neither the folder nor either library.
        previous = None
        for rounds in range(1, 7):
            sync(laptop)
            sync(phone)
            carry(laptop, phone)
            state = (tree(laptop.folder), dump(laptop), dump(phone))
            if state == previous:
                break
            previous = state
        else:
            raise Failure("no fixpoint after 6 rounds of sync and carry")
        check("sync reached a fixpoint in %d rounds" % rounds, True)

        dumps = {x.name: dump(x) for x in instances}
        check("the laptop and the phone give the same canonical dump, byte for byte",
              dumps["Laptop"] == dumps["Phone"], dump_diff(dumps["Laptop"], dumps["Phone"]))
        doc = json.loads(dumps["Laptop"])
        entry = doc["entries"].get(game, {})
        check("the laptop's rating and the phone's comment are both kept",
              entry.get("rating") == 9 and entry.get("comment") == "Best with four"
              and entry.get("favourite") == 1, entry)
        check("the same field edited on both: the later rating wins",
              doc["entries"].get("bgg:9100003", {}).get("rating") == 7,
              doc["entries"].get("bgg:9100003"))
        check("the comment written after a sync while apart arrived",
              doc["entries"].get("bgg:9100002", {}).get("comment") == "Kept on the laptop",
              doc["entries"].get("bgg:9100002"))
        check("the deleted play is deleted on both (and listed as restorable)",
              ["play", victim_uid] in doc["deleted"] and victim_uid not in doc["plays"],
              doc["deleted"])
        counts = {x.name: query(dbs[x.name], "SELECT count(*) FROM plays")[0][0]
                  for x in instances}
        check("every play once on both: the imports, less the deleted one, plus the finished game",
              counts["Laptop"] == counts["Phone"] == n_plays, counts)
        check("the rename reached the laptop",
              query(dbs["Laptop"], "SELECT count(*) FROM players WHERE name = ?",
                    "Renamed on the phone")[0][0] == 1)
        for x in instances:
            check("no .sync-conflict- file under devices/ in %s's copy" % x.name,
                  not any("%sdevices%s" % (os.sep, os.sep) in c
                          for c in conflict_copies(x.folder)), conflict_copies(x.folder))
            check("no conflict copy anywhere in %s's copy" % x.name,
                  not conflict_copies(x.folder), conflict_copies(x.folder))
            check("integrity_check on %s's library" % x.name,
                  query(dbs[x.name], "PRAGMA integrity_check") == [("ok",)])
        check("the two folder copies are identical", tree(laptop.folder) == tree(phone.folder))
        for x in instances:
            x.alive()
            t0 = time.monotonic()
            x.stop()
            check("%s's instance stops through the REST API (%.1f s)"
                  % (x.name, time.monotonic() - t0), x.proc.returncode == 0,
                  "exit %s\n%s" % (x.proc.returncode, x.log_tail()))
    except Failure as e:
        detail = str(e)
        if results and not results[-1][1]:
            detail = ""
        check("stopped: %s" % e, False,
              detail + "\n" + "\n".join("%s: %s" % (x.name, x.log_tail(15)) for x in instances))
    except Exception:
        check("unexpected error", False, traceback.format_exc())
    finally:
        for x in instances:
            x.kill()

finish()
