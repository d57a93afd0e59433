# SPDX-License-Identifier: GPL-3.0-or-later
"""Headless Chromium driven over the DevTools protocol with the standard library only.

The guests' test opens the guest page in Debian's chromium as a phone would (360 × 740),
presses its real buttons through the DOM and reads what it shows."""

import json
import os
import shutil
import signal
import subprocess
import time

import tk_ws


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, profile, lang="en-US"):
        self.profile = profile
        os.makedirs(profile, exist_ok=True)
        port_file = os.path.join(profile, "DevToolsActivePort")
        if os.path.exists(port_file):
            os.unlink(port_file)
        self.proc = subprocess.Popen(
            [find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--remote-debugging-port=0", "--remote-allow-origins=*",
             "--user-data-dir=" + profile, "--window-size=360,740", "--lang=" + lang,
             "--accept-lang=" + lang, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 30
        while not os.path.exists(port_file) or len(open(port_file).read().split("\n")) < 2:
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("chromium did not start")
            time.sleep(0.1)
        port, path = open(port_file).read().split("\n")[:2]
        self.ws = tk_ws.Client("ws://127.0.0.1:%s%s" % (port, path), origin="")
        self.next_id = 0

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send_raw(json.dumps(message).encode())
        while True:
            reply = self.ws.recv()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def open(self, url):
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        page.call("Emulation.setDeviceMetricsOverride",
                  {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        page.call("Page.navigate", {"url": url})
        return page

    def kill(self):
        """SIGKILL, as a phone's browser dies: nothing is closed cleanly."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        self.ws.close()

    def quit(self):
        if self.proc.poll() is None:
            self.kill()


class Page:
    def __init__(self, browser, target, session):
        self.browser = browser
        self.target = target
        self.session = session

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session)

    def eval(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def wait(self, expression, timeout=15):
        deadline = time.time() + timeout
        while True:
            try:
                value = self.eval(expression)
            except RuntimeError:
                # The page is still loading (its elements are not there yet).
                if time.time() > deadline:
                    raise
                value = None
            if value:
                return value
            if time.time() > deadline:
                raise TimeoutError(expression)
            time.sleep(0.05)

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.browser.call("Target.closeTarget", {"targetId": self.target})
