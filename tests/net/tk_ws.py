# SPDX-License-Identifier: GPL-3.0-or-later
"""A minimal WebSocket client (RFC 6455) on the standard library, for the guests' tests.

Text frames only, client frames masked as the RFC requires; enough to speak the guests'
protocol the way a phone's browser does, and to send what a browser would not (a wrong
Origin, an oversized frame)."""

import base64
import json
import os
import socket
import struct
import urllib.parse


class Closed(Exception):
    def __init__(self, code):
        super().__init__("closed with %s" % code)
        self.code = code


class HandshakeRefused(Exception):
    def __init__(self, status):
        super().__init__("handshake refused: %s" % status)
        self.status = status


def http_get(url, host=None):
    """(status, headers dict with lower-case names, body bytes)."""
    u = urllib.parse.urlsplit(url)
    sock = socket.create_connection((u.hostname, u.port), timeout=10)
    try:
        request = "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (
            u.path or "/", host or u.netloc)
        sock.sendall(request.encode())
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    finally:
        sock.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


class Client:
    def __init__(self, url, origin=None, timeout=10):
        u = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        origin = origin if origin is not None else "http://%s" % u.netloc
        # origin "": no Origin header at all (a non-browser client, e.g. the DevTools socket).
        request = ("GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n%s\r\n"
                   % (u.path, u.netloc, key, "Origin: %s\r\n" % origin if origin else ""))
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise HandshakeRefused("eof")
            head += chunk
        status = int(head.split(b"\r\n")[0].split()[1])
        if status != 101:
            self.sock.close()
            raise HandshakeRefused(status)
        self.buffer = b""

    def send_raw(self, payload, opcode=1):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, obj):
        obj = dict(obj)
        obj.setdefault("v", 1)
        self.send_raw(json.dumps(obj).encode())

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(None)
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def recv(self):
        """The next text message, decoded; raises Closed on a close frame."""
        while True:
            b0, b1 = self._read(2)
            opcode = b0 & 0x0F
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            if opcode == 8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed(code)
            if opcode == 9:
                self.send_raw(payload, opcode=10)
                continue
            if opcode == 1:
                return json.loads(payload.decode())

    def recv_type(self, kind):
        """Skips messages until one of type @kind (a str or a tuple of str)."""
        kinds = (kind,) if isinstance(kind, str) else kind
        while True:
            msg = self.recv()
            if msg.get("type") in kinds:
                return msg

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
