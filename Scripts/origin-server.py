#!/usr/bin/env python3
"""Loopback server with several origins, for the tests that a credential never reaches another origin.

    origin-server.py --port-file F --log F [--tls-cert PEM --tls-key PEM] [--lifetime S]

It listens on three addresses: 127.0.0.1:P, 127.0.0.2:P (the same port, another host) and 127.0.0.1:Q
(the same host, another port). Each speaks HTTP and, with a certificate, HTTPS on the same port: a
connection whose first byte starts a TLS handshake is served over TLS, any other in clear text. So
https://127.0.0.1:P and http://127.0.0.1:P are two origins that differ by their scheme alone.
The port file holds "P Q" once every socket listens.

Every request is appended to the log as one JSON line: the origin it reached
("scheme://host:port", the scheme as it arrived, the host and port of the socket), the method, the
request target and the headers, so a test can look for a credential at any origin.

The answer depends on the path, /ROW/DIFFERENCE/BEHAVIOUR/...: DIFFERENCE names the other origin,
from the one the request reached: "host" (127.0.0.1 <-> 127.0.0.2, same scheme and port), "port"
(P <-> Q, same scheme and host) or "scheme" (https <-> http, same host and port). BEHAVIOUR is
- "redirect": 302 to the other origin, at /landed/ROW/..., with the request's query copied (a key in it too);
- "link": a page of two items and `Link: <the other origin's URL>; rel="next"`, the query copied;
- "next": a page of two items whose "next" member is the other origin's URL, the query copied;
- "redirect-later": a page of two items when the query asks for page=1 (or no page), else as "redirect".
/landed/... answers an empty page, except /landed/.../openapi.json: an OpenAPI document whose one
server is relative ("/pf") and whose key goes in the query (`api_key`), for the tests that a
relative server resolves against the URL that served the document. Anything else is 404.
The server exits after --lifetime seconds or when its parent process goes away.
"""
import argparse
import json
import os
import socket
import ssl
import threading
import time
import urllib.parse

HOSTS = ("127.0.0.1", "127.0.0.2")

ITEMS = {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "title": {"type": "string"}}}}
RELATIVE_DOCUMENT = {
    "openapi": "3.0.0", "info": {"title": "Moved", "version": "1"}, "servers": [{"url": "/pf"}],
    "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}}},
    "security": [{"key": []}],
    "paths": {"/things": {"get": {
        "operationId": "things", "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"type": "object", "properties": {"items": ITEMS}}}}}}}}},
}


def listen(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    return sock


def listeners():
    """127.0.0.1:P, 127.0.0.2:P and 127.0.0.1:Q; P is retried when 127.0.0.2 has it taken."""
    for _ in range(20):
        first = listen(HOSTS[0], 0)
        port = first.getsockname()[1]
        try:
            second = listen(HOSTS[1], port)
        except OSError:
            first.close()
            continue
        third = listen(HOSTS[0], 0)
        return [first, second, third], port, third.getsockname()[1]
    raise SystemExit("origin-server: no port free on both loopback hosts")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--lifetime", type=float, default=600)
    args = parser.parse_args()

    context = None
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
    sockets, port, other_port = listeners()
    log = open(args.log, "a", buffering=1)
    lock = threading.Lock()

    def other_origin(scheme, host, local_port, difference):
        if difference == "host":
            return f"{scheme}://{HOSTS[1] if host == HOSTS[0] else HOSTS[0]}:{local_port}"
        if difference == "port":
            return f"{scheme}://{host}:{other_port if local_port == port else port}"
        return f"{'http' if scheme == 'https' else 'https'}://{host}:{local_port}"

    def answer(scheme, host, local_port, method, target):
        url = urllib.parse.urlsplit(target)
        parts = url.path.split("/")
        query = ("?" + url.query) if url.query else ""
        page = [{"id": 1, "title": "one"}, {"id": 2, "title": "two"}]
        if len(parts) > 1 and parts[1] == "landed":
            if url.path.endswith("/openapi.json"):
                return 200, [("Content-Type", "application/json")], json.dumps(RELATIVE_DOCUMENT)
            return 200, [("Content-Type", "application/json")], json.dumps({"items": []})
        if len(parts) < 4 or parts[2] not in ("host", "port", "scheme"):
            return 404, [], "no route"
        row, difference, behaviour = parts[1], parts[2], parts[3]
        rest = "/".join(parts[4:])
        moved = other_origin(scheme, host, local_port, difference) + f"/landed/{row}/{rest}" + query
        if behaviour == "redirect-later":
            pages = urllib.parse.parse_qs(url.query).get("page", ["1"])
            behaviour = "page" if pages[0] == "1" else "redirect"
        if behaviour == "redirect":
            return 302, [("Location", moved)], ""
        if behaviour == "link":
            return 200, [("Content-Type", "application/json"), ("Link", f'<{moved}>; rel="next"')], json.dumps({"items": page})
        if behaviour == "next":
            return 200, [("Content-Type", "application/json")], json.dumps({"items": page, "next": moved})
        if behaviour == "page":
            return 200, [("Content-Type", "application/json")], json.dumps({"items": page})
        return 404, [], "no route"

    def serve(conn, local):
        host, local_port = local
        conn.settimeout(10)
        try:
            scheme = "http"
            first = conn.recv(1, socket.MSG_PEEK)
            if first == b"\x16" and context is not None:
                conn = context.wrap_socket(conn, server_side=True)
                scheme = "https"
            head = b""
            while b"\r\n\r\n" not in head and len(head) < 65536:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                head += chunk
            lines = head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            method, target = (lines[0].split(" ") + ["", ""])[:2]
            headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
            headers = [[name.strip(), value.strip()] for name, value in headers]
            origin = f"{scheme}://{host}:{local_port}"
            with lock:
                log.write(json.dumps({"origin": origin, "method": method, "target": target, "headers": headers}) + "\n")
            status, extra, body = answer(scheme, host, local_port, method, target)
            data = body.encode()
            reply = f"HTTP/1.1 {status} X\r\nContent-Length: {len(data)}\r\nConnection: close\r\n"
            reply += "".join(f"{name}: {value}\r\n" for name, value in extra)
            conn.sendall(reply.encode() + b"\r\n" + data)
        except (OSError, ssl.SSLError, ValueError):
            pass  # a client refusing the certificate, or going away
        finally:
            try:
                conn.close()
            except OSError:
                pass

    def accept(sock):
        local = sock.getsockname()
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(conn, local), daemon=True).start()

    for sock in sockets:
        threading.Thread(target=accept, args=(sock,), daemon=True).start()
    with open(args.port_file + ".tmp", "w") as f:
        f.write(f"{port} {other_port}")
    os.replace(args.port_file + ".tmp", args.port_file)

    parent = os.getppid()
    deadline = time.time() + args.lifetime
    while time.time() < deadline and os.getppid() == parent:
        time.sleep(0.5)


if __name__ == "__main__":
    main()
