#!/usr/bin/env python3
"""Loopback server for the benchmarks and the HTTPS end-to-end test: real fixture bodies on 127.0.0.1 only.

    server.py --port-file F --log F [--latency-ms N] [--lifetime S] [--nyt-body NAME=PATH ...]
              [--tls-cert PEM --tls-key PEM] [--connections-file F] [--forecast-ahead]

- GET /data/2.5/forecast          -> the Strasbourg cnt40 fixture (any city, any coordinates).
  `--forecast-ahead` moves its times (`dt`, `dt_txt`, sunrise and sunset) on by whole days, so that
  its first step lies ahead of the server's start: the fixture was recorded in 2018, and
  `weather … --offline` leaves out the steps already past, so without it a start-up benchmark times
  a one-line notice instead of the table. Every other byte is the fixture's.
- GET /geo/1.0/direct             -> a real one-place Geocoding answer (Hemel Hempstead) for any name,
  so a first lookup costs apicli its real two requests.
- GET /svc/search/v2/articlesearch.json -> the body registered for `q`
  (`--nyt-body big20k=/path`), else a real NYT fixture. A body registered under a name that
  starts with `echo` has every `@KEY@` replaced by the request's `api-key` (a server echoing it).
Every request is appended to the log as "<unix time> <path> <key>" (the key is the
fake one each run uses, so requests can be counted per key for the rate limit).
Latency (?ms) is applied per request, concurrently (threading server).
- GET /records                     -> two records, `[{"id": …, "title": …}, …]`, as the tests' stub provider reads them.
- GET /record/ANY/PATH             -> one record, `{"id": …, "title": …}`: what an imported operation that reads
  one answer gets when its provider's base URL ends in /record (Benchmarks/installed_documents.py).
- GET /bomb/N[/anything]           -> a gzip bomb of about N MB on the wire: N GiB of zeros, gzip-encoded
  (so a provider's base URL can end in /bomb/N).
HTTP/1.1 with keep-alive. `--tls-cert/--tls-key` serve HTTPS instead (see Scripts/make-test-ca).
`--connections-file` holds the number of connections accepted so far, rewritten on each one.
The server picks a free port, writes it to --port-file, and exits by itself after
--lifetime seconds or when its parent process goes away.
"""
import argparse
import datetime
import os
import re
import ssl
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = os.path.join(ROOT, "Tests", "Fixtures", "real")


BOMBS = {}


def bomb(gib):
    """gzip of `gib` GiB of zeros (~1 MB per GiB), made once, in 1 MiB steps."""
    if gib not in BOMBS:
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1024 * 1024)
        parts = [packer.compress(zeros) for _ in range(gib * 1024)]
        BOMBS[gib] = b"".join(parts) + packer.flush()
    return BOMBS[gib]


def moved_ahead(body, now):
    """`body` with every `dt`, `sunrise` and `sunset` (Unix seconds) and every `dt_txt` (UTC) moved on by
    the fewest whole days that put its first `dt` after `now`; whole days keep each step's hour of day."""
    first = int(re.search(rb'"dt":(\d+)', body).group(1))
    days = max(0, (int(now) - first) // 86400 + 1)

    def seconds(match):
        return b'"%s":%d' % (match.group(1), int(match.group(2)) + days * 86400)

    def text(match):
        moved = datetime.datetime.strptime(match.group(1).decode(), "%Y-%m-%d %H:%M:%S") + datetime.timedelta(days)
        return b'"dt_txt":"%s"' % moved.strftime("%Y-%m-%d %H:%M:%S").encode()

    body = re.sub(rb'"(dt|sunrise|sunset)":(\d+)', seconds, body)
    return re.sub(rb'"dt_txt":"([^"]+)"', text, body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--latency-ms", type=float, default=0)
    parser.add_argument("--lifetime", type=float, default=900)
    parser.add_argument("--nyt-body", action="append", default=[])
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--connections-file")
    parser.add_argument("--forecast-ahead", action="store_true")
    args = parser.parse_args()

    with open(os.path.join(REAL, "weather", "weather-strasbourg-metric-fr-cnt40.json"), "rb") as f:
        weather = f.read()
    if args.forecast_ahead:
        weather = moved_ahead(weather, time.time())
    with open(os.path.join(REAL, "nyt", "nyt-2017-03-wordcount-int-printpage-int.json"), "rb") as f:
        nyt = f.read()
    with open(os.path.join(REAL, "geo", "direct_hemel_hempstead_aahill1.json"), "rb") as f:
        place = f.read()
    with open(os.path.join(REAL, "nyt", "topstories", "home-2022-10-01.json"), "rb") as f:
        topstories = f.read()
    bodies = {}
    for item in args.nyt_body:
        name, path = item.split("=", 1)
        bodies[name] = path  # read lazily, per request, so big bodies are not all held
    log = open(args.log, "a", buffering=1)
    lock = threading.Lock()
    latency = args.latency_ms / 1000.0

    read = {}

    def read_body(name):
        # Read once, on first use: reading 12-31 MB again for every request was the
        # server's time to first byte (~3-5 ms), which every timed side paid.
        with lock:
            if name not in read:
                with open(bodies[name], "rb") as f:
                    read[name] = f.read()
            return read[name]

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            key = (query.get("appid") or query.get("api-key") or ["-"])[0]
            with lock:
                log.write(f"{time.time():.6f} {url.path} {key}\n")
            if latency:
                time.sleep(latency)
            if url.path == "/data/2.5/forecast":
                body = weather
            elif url.path == "/geo/1.0/direct":
                body = place
            elif url.path.startswith("/svc/topstories/v2/"):
                body = topstories
            elif url.path == "/records":
                body = b'[{"id": "r1", "title": "First record"}, {"id": "r2", "title": "Second record"}]'
            elif url.path.startswith("/record/"):
                body = b'{"id": "r1", "object": "record", "title": "One record", "amount": 1200, "currency": "eur"}'
            elif url.path.startswith("/bomb/"):
                body = bomb(int(url.path.split("/")[2]))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            elif url.path == "/svc/search/v2/articlesearch.json":
                q = (query.get("q") or [""])[0]
                if q in bodies:
                    body = read_body(q)
                    if q.startswith("echo"):
                        # A server that echoes the key: every @KEY@ becomes the request's key.
                        body = body.replace(b"@KEY@", (query.get("api-key") or [""])[0].encode())
                else:
                    body = nyt
            else:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    connections = [0]

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 128

        def handle_error(self, request, client_address):
            pass  # a client refusing the certificate, or going away: not the benchmark's business

        def get_request(self):
            sock, address = super().get_request()
            with lock:
                connections[0] += 1
                if args.connections_file:
                    with open(args.connections_file + ".tmp", "w") as f:
                        f.write(str(connections[0]))
                    os.replace(args.connections_file + ".tmp", args.connections_file)
            return sock, address

    server = Server(("127.0.0.1", 0), Handler)
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(args.port_file + ".tmp", args.port_file)

    parent = os.getppid()
    deadline = time.time() + args.lifetime

    def watchdog():
        while time.time() < deadline and os.getppid() == parent:
            time.sleep(0.5)
        server.shutdown()

    threading.Thread(target=watchdog, daemon=True).start()
    server.serve_forever(poll_interval=0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
