# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs tests/net/invite-host.c (a windowless host inviting on 127.0.0.1) for the tests."""

import json
import os
import subprocess
import tempfile


class Host:
    def __init__(self, program, rules, names, language="ja", setup=None):
        self.dir = tempfile.TemporaryDirectory(prefix="tk-invite-")
        env = dict(os.environ)
        # A Japanese host: each guest still reads the engine's refusals in their own language.
        # None: a host started in the locale alone (the tests' C.UTF-8), without LANGUAGE.
        if language is None:
            env.pop("LANGUAGE", None)
        else:
            env["LANGUAGE"] = language
        if setup is not None:
            env["TK_TEST_SETUP"] = json.dumps(setup)
        build = os.environ.get("TK_TEST_BUILDDIR")
        if build:
            env["TK_LOCALEDIR"] = os.path.join(os.path.dirname(build), "po")
        self.proc = subprocess.Popen([program, os.path.join(self.dir.name, "library.db"), rules,
                                      ",".join(names)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                                     text=True, bufsize=1)
        self.url = json.loads(self.proc.stdout.readline())["url"]
        self.ws_url = "ws" + self.url[len("http"):] + "ws"

    def command(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def apply(self, action):
        return self.command("apply " + json.dumps(action))

    def state(self):
        return self.command("host")

    def quit(self):
        if self.proc.poll() is None:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        self.dir.cleanup()
