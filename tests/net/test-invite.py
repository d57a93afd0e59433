#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Guests' phones end to end over the protocol, as a phone's page speaks it (TAP).

A windowless host (invite-host) invites on 127.0.0.1; WebSocket clients written on the
standard library play the guests.  Covers the page's HTTP headers, the token, the Host and
Origin checks, seats, actions through the host's ledger, replays, another seat, oversized
messages, the rate limit, reconnection, Undo and stopping."""

import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tk_ws  # noqa: E402
from invite_host import Host  # noqa: E402

PROGRAM = sys.argv[1]
results = []


def check(name, condition, detail=""):
    results.append((name, bool(condition), detail))


def hello(url, client, lang="en", since=0):
    ws = tk_ws.Client(url)
    ws.send({"type": "hello", "client": client, "lang": lang, "since": since})
    welcome = ws.recv_type("welcome")
    state = ws.recv_type("state")
    return ws, welcome, state


def turn(seat, street, house, number, effect="surveyor"):
    return {"type": "turn", "seat": seat, "card_number": number, "effect": effect,
            "street": street, "house": house, "number": number}


def two_phones_at_once():
    """Two phones tapping at the same moment: both actions are played, one after the other,
    each answered once, and both phones end on the same state as the host."""
    host = Host(PROGRAM, "generic-score-pad", ["Ana", "Ben"], language="C")
    try:
        host.command("auto 1")
        phones = []
        for seat, name in enumerate(["ana", "ben"]):
            ws, _, _ = hello(host.ws_url, name + "-together-0123456789")
            ws.send({"type": "seat_request", "seat": seat})
            while ws.recv_type("state")["seat"] != seat:
                pass
            phones.append(ws)
        for seat, ws in enumerate(phones):
            ws.send({"type": "action", "seq": 1, "action": {"type": "set_score", "round": 1,
                                                            "seat": seat, "points": 10 + seat}})
        results = [ws.recv_type(("result", "refusal")) for ws in phones]
        check("both taps committed", all(r["type"] == "result" for r in results), results)
        check("one after the other", sorted(r["ledger_seq"] for r in results) == [1, 2], results)
        hs = host.state()
        finals = []
        for ws in phones:
            # The broadcasts may have come before the answers; ask once more.
            ws.send({"type": "sync"})
            state = ws.recv_type("state")
            while state["ledger_seq"] < 2:
                state = ws.recv_type("state")
            finals.append([p["total"] for p in state["score"]["players"]])
        check("both phones agree with the host",
              finals[0] == finals[1] == [p["total"] for p in hs["score"]["players"]] == [10, 11],
              (finals, hs["score"]["players"]))
    finally:
        host.quit()


def c_locale_host():
    """A host started in the C locale (LC_ALL=C.UTF-8, no LANGUAGE), where gettext translates
    nothing: a Japanese phone still reads its page's words and the engine's refusals (made
    with numbers filled in) in Japanese, an English one in English."""
    host = Host(PROGRAM, "welcome-to", ["Ana", "Ben"], language=None)
    try:
        host.command("auto 1")
        ja, welcome, _ = hello(host.ws_url, "ja-phone-in-c-0123456789", lang="ja")
        check("C host: page's words in Japanese", welcome["strings"].get("pick_seat")
              == "どのプレイヤーですか?", welcome["strings"].get("pick_seat"))
        en, welcome, _ = hello(host.ws_url, "en-phone-in-c-0123456789", lang="en")
        check("C host: page's words in English", welcome["strings"].get("pick_seat")
              == "Which player are you?", welcome["strings"].get("pick_seat"))
        ja.send({"type": "seat_request", "seat": 1})
        while ja.recv_type("state")["seat"] != 1:
            pass
        en.send({"type": "seat_request", "seat": 1})
        r = en.recv_type("refusal")
        check("C host: host's refusal in English", r["message"] == "Someone else has this seat.", r)
        check("C host: host applies Ana's 9", host.apply(turn(0, 1, 2, 9))["ok"])
        ja.send({"type": "action", "seq": 1, "action": turn(1, 1, 4, 7)})
        check("C host: Japanese phone plays", ja.recv_type(("result", "refusal"))["type"] == "result")
        ja.send({"type": "action", "seq": 2, "action": turn(1, 1, 5, 2)})
        r = ja.recv_type("refusal")
        check("C host: engine refusal in Japanese, numbers filled in",
              r["code"] == "illegal" and any(ord(c) > 0x3000 for c in r["message"])
              and "2" in r["message"] and "%" not in r["message"], r)
        ja.send({"type": "action", "seq": 3, "action": {"type": "import_sheet", "seat": 1, "sheet": {}}})
        r = ja.recv_type("refusal")
        check("C host: protocol refusal in Japanese", any(ord(c) > 0x3000 for c in r["message"]), r)
    finally:
        host.quit()


def request_of_a_gone_phone():
    """A phone that asked for a seat and went (closed, out of Wi-Fi): its request is withdrawn
    on the host and on the other phones, not left for the host to accept."""
    host = Host(PROGRAM, "welcome-to", ["Ana", "Ben"], language="C")
    try:
        asker, _, _ = hello(host.ws_url, "asker-phone-0123456789")
        other, _, _ = hello(host.ws_url, "other-phone-0123456789")
        asker.send({"type": "seat_request", "seat": 1})
        asker.recv_type("state")
        check("the request reaches the host", host.state()["seats"][1] == 1)
        asker.sock.shutdown(socket.SHUT_RDWR)
        asker.close()
        deadline = time.time() + 5
        while host.state()["seats"][1] != 0 and time.time() < deadline:
            time.sleep(0.05)
        check("a gone phone's request withdrawn on the host", host.state()["seats"][1] == 0,
              host.state()["seats"])
        state = other.recv_type("state")
        while state["players"][1]["guest"] != "free" and time.time() < deadline:
            state = other.recv_type("state")
        check("other phones see the seat free again", state["players"][1]["guest"] == "free")
    finally:
        host.quit()


def main():
    host = Host(PROGRAM, "welcome-to", ["Ana", "Ben"])
    base = host.url
    prefix = base[base.index("/t/"):]
    try:
        # ---- the page and its headers ----
        status, headers, body = tk_ws.http_get(base)
        check("page served", status == 200 and b"guest.js" in body, status)
        csp = headers.get("content-security-policy", "")
        check("strict CSP", "default-src 'none'" in csp and "script-src 'self'" in csp
              and "unsafe" not in csp, csp)
        check("no referrer, no cache", headers.get("referrer-policy") == "no-referrer"
              and headers.get("cache-control") == "no-store")
        status, _, _ = tk_ws.http_get(base + "guest.js")
        check("script served", status == 200)
        wrong = base.replace(prefix, "/t/" + "A" * 43 + "/")
        check("wrong token: 404", tk_ws.http_get(wrong)[0] == 404)
        check("root: 404", tk_ws.http_get(base.replace(prefix, "/"))[0] == 404)
        check("another file: 404", tk_ws.http_get(base + "../../etc/passwd")[0] == 404)
        port = base.split(":")[2].split("/")[0]
        check("foreign Host header refused (DNS rebinding)",
              tk_ws.http_get(base, host="evil.example:" + port)[0] == 421)

        # ---- the WebSocket's token and Origin ----
        try:
            tk_ws.Client(wrong + "ws")
            check("wrong token: no WebSocket", False)
        except tk_ws.HandshakeRefused as e:
            check("wrong token: no WebSocket", e.status == 404, e.status)
        try:
            tk_ws.Client(host.ws_url, origin="http://evil.example")
            check("foreign Origin refused", False)
        except tk_ws.HandshakeRefused as e:
            check("foreign Origin refused", e.status == 403, e.status)

        # ---- a seat, asked for and given ----
        ana_id = "ana-phone-0123456789"
        ana, welcome, state = hello(host.ws_url, ana_id, lang="en")
        check("welcome carries the page's words", welcome["strings"].get("pick_seat")
              == "Which player are you?", welcome["strings"].get("pick_seat"))
        check("state before a seat", state["seat"] is None and state["players"][1]["guest"] == "free")
        ana.send({"type": "action", "seq": 1, "action": turn(1, 1, 1, 3)})
        r = ana.recv_type(("refusal", "result"))
        check("acting before a seat refused", r.get("code") == "no_seat", r)
        ana.send({"type": "seat_request", "seat": 1})
        state = ana.recv_type("state")
        check("request waits for the host", state["players"][1]["guest"] == "asked"
              and host.state()["seats"][1] == 1, state["players"][1])
        host.command("accept 1")
        state = ana.recv_type("state")
        check("host accepts the seat", state["seat"] == 1 and state["players"][1]["guest"] == "you")

        # A second phone cannot take a held seat.
        ben_id = "ben-phone-0123456789"
        ben, _, state = hello(host.ws_url, ben_id, lang="ja")
        check("another phone sees the seat taken", state["players"][1]["guest"] == "taken")
        ben.send({"type": "seat_request", "seat": 1})
        r = ben.recv_type("refusal")
        check("held seat refused", r["code"] == "seat_taken", r)

        # ---- play: the host plays seat 0, the guest seat 1 ----
        check("host plays seat 0", host.apply(turn(0, 1, 3, 3, "pool"))["ok"])
        ana.recv_type("state")
        ben.recv_type("state")
        ana.send({"type": "action", "seq": 2, "action": turn(1, 1, 4, 7)})
        state = ana.recv_type("state")
        result = ana.recv_type(("result", "refusal"))
        check("guest action committed", result["type"] == "result" and result["seq"] == 2, result)
        hs = host.state()
        check("host ledger holds it", len(hs["ledger"]) == 2 and hs["ledger_seq"] == result["ledger_seq"],
              hs["ledger"])
        check("phone's ledger is the host's", state["ledger"] == list(reversed(hs["ledger"]))[:3],
              (state["ledger"], hs["ledger"]))
        check("phone's sheet shows the house",
              state["sheet"]["streets"][0]["houses"][3] == {"number": 7})
        other = ben.recv_type("state")
        check("other phone follows", other["ledger_seq"] == hs["ledger_seq"])
        check("scores agree", [p["total"] for p in state["score"]["players"]]
              == [p["total"] for p in hs["score"]["players"]])

        # ---- a replayed action applies once ----
        ana.send({"type": "action", "seq": 2, "action": turn(1, 1, 4, 7)})
        r = ana.recv_type(("result", "refusal"))
        check("replay answered as before", r["type"] == "result" and r.get("duplicate") is True, r)
        check("replay not applied", len(host.state()["ledger"]) == 2)

        # ---- another seat, the host's actions, the engine's refusal in each language ----
        ana.send({"type": "action", "seq": 3, "action": turn(0, 2, 1, 5)})
        r = ana.recv_type("refusal")
        check("acting for another seat refused", r["code"] == "not_your_seat", r)
        ana.send({"type": "action", "seq": 4, "action": {"type": "import_sheet", "seat": 1, "sheet": {}}})
        r = ana.recv_type("refusal")
        check("host-only action refused", r["code"] == "not_allowed", r)
        ana.send({"type": "action", "seq": 5, "action": turn(1, 1, 5, 2)})
        r = ana.recv_type("refusal")
        check("engine refusal in English", r["code"] == "illegal" and r["message"].isascii(), r)
        check("refusals changed nothing", len(host.state()["ledger"]) == 2)

        host.command("auto 1")
        ben.send({"type": "seat_request", "seat": 0})
        state = ben.recv_type("state")
        check("accept seats without asking", state["seat"] == 0)
        ben.send({"type": "action", "seq": 1, "action": turn(0, 1, 1, 9)})
        r = ben.recv_type("refusal")
        check("engine refusal in Japanese",
              r["code"] == "illegal" and any(ord(c) > 0x3000 for c in r["message"]), r)

        # ---- oversized message ----
        big = tk_ws.Client(host.ws_url)
        big.send({"type": "hello", "client": "big-phone-0123456789", "lang": "en"})
        big.recv_type("state")
        big.send_raw(json.dumps({"v": 1, "type": "sync", "pad": "x" * 20000}).encode())
        try:
            while True:
                big.recv()
        except tk_ws.Closed as e:
            check("oversized message closes with 1009", e.code == 1009, e.code)
        except ConnectionResetError:
            # libsoup sent its 1009 close frame and closed the socket with the rest of the
            # frame unread, which the kernel turns into a reset that can overtake the frame.
            check("oversized message closes the connection", True)
        big.close()

        # ---- rate limit ----
        for _ in range(30):
            ben.send({"type": "sync"})
        codes = []
        try:
            for _ in range(40):
                m = ben.recv()
                if m["type"] == "refusal":
                    codes.append(m["code"])
                    break
        except (tk_ws.Closed, socket.timeout):
            pass
        check("rate limit", "rate" in codes, codes)
        time.sleep(1.1)

        # ---- a phone killed mid-action resynchronises; its retry applies once ----
        n_before = len(host.state()["ledger"])
        ana.send({"type": "action", "seq": 6, "action": turn(1, 1, 6, 8)})
        ana.sock.shutdown(socket.SHUT_RDWR)
        ana.close()
        ana, welcome, state = hello(host.ws_url, ana_id, lang="en", since=state.get("revision", 0))
        check("same phone keeps its seat", state["seat"] == 1 and welcome["last_seq"] in (5, 6),
              welcome["last_seq"])
        ana.send({"type": "action", "seq": 6, "action": turn(1, 1, 6, 8)})
        r = ana.recv_type(("result", "refusal"))
        hs = host.state()
        check("retried action applied once", r["type"] == "result" and len(hs["ledger"]) == n_before + 1,
              (r, len(hs["ledger"]), n_before))
        check("resynchronised state", state["ledger_seq"] <= hs["ledger_seq"])

        # ---- Undo on the host: every phone follows ----
        check("host undo", host.command("undo")["ok"])
        state = ana.recv_type("state")
        check("phone follows Undo", state["ledger_seq"] == host.state()["ledger_seq"]
              and state["sheet"]["streets"][0]["houses"][5] is None)

        # ---- the host takes the seat back ----
        host.command("takeback 1")
        state = ana.recv_type("state")
        check("seat taken back", state["seat"] is None)
        ana.send({"type": "action", "seq": 7, "action": turn(1, 1, 6, 8)})
        check("no action after the seat went", ana.recv_type("refusal")["code"] == "no_seat")

        # ---- a phone leaves its seat; the host finishes the game ----
        ben.send({"type": "leave_seat"})
        while ben.recv_type("state")["seat"] is not None:
            pass  # states sent before the leave, still queued
        check("phone leaves its seat", host.state()["seats"][0] == 0)
        check("host finishes", host.command("finish")["ok"])
        while ana.recv_type("state")["open"]:
            pass
        check("phones see the game finished", True)
        ben.send({"type": "seat_request", "seat": 0})
        ben.recv_type("state")
        ben.send({"type": "action", "seq": 10, "action": turn(0, 3, 1, 1)})
        r = ben.recv_type("refusal")
        check("no action after the end", r["code"] == "illegal", r)

        # ---- stopping: the page is told, the token dies ----
        host.proc.stdin.write("quit\n")
        host.proc.stdin.flush()
        check("phone told the invitation stopped", ana.recv_type("stopped")["type"] == "stopped")
        host.proc.wait(timeout=10)
        try:
            tk_ws.http_get(base)
            check("nothing listens after stop", False)
        except OSError:
            check("nothing listens after stop", True)
        two_phones_at_once()
        c_locale_host()
        request_of_a_gone_phone()
    except Exception as e:  # report what passed, then the failure
        check("no exception", False, repr(e))
    finally:
        host.quit()

    print("1..%d" % len(results))
    for i, (name, ok, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok:
            print("# %r" % (detail,))
    return 0 if all(ok for _, ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
