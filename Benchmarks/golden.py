#!/usr/bin/env python3
"""Byte-identical output check over every real fixture, in every format.

    python3 Benchmarks/golden.py record BIN DIR    # what BIN prints, into DIR (one file per case)
    python3 Benchmarks/golden.py compare BIN DIR   # BIN against DIR; lists every case that differs

Each real NYT and forecast fixture in Tests/Fixtures/real is served by a loopback server of its own
(127.0.0.1 only, stopped at the end); for each one and each format (the default, table, json,
ndjson, csv, line, and --daily for weather) apicli runs three times on a fresh store: the fresh
answer, the same again (a cache hit), and --offline (read back from the store). Every case
records the exit code, stdout and stderr, byte for byte (but for the time an offline answer
was stored, which is this run's clock). Exit status: 0 when every case matches
(compare), 1 when one differs.
"""
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = os.path.join(ROOT, "Tests", "Fixtures", "real")
GEO = os.path.join(REAL, "geo", "direct_london_gb_dblock_2026.json")
# The one clock reading in the output: when the offline answer was stored (this run).
STORED_AT = re.compile(rb"stored at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
KEY = "golden-fake-key-0123456789"


def fixtures():
    """(provider, name, path, HTTP status) for every real answer a provider decodes."""
    found = []
    for name in sorted(os.listdir(os.path.join(REAL, "nyt"))):
        if not os.path.isfile(os.path.join(REAL, "nyt", name)):
            continue  # a folder of another endpoint's answers (topstories/), not a search answer
        found.append(("nyt", name, os.path.join(REAL, "nyt", name), 429 if "429" in name else 200))
    for folder in ("weather", "forecast"):
        for name in sorted(os.listdir(os.path.join(REAL, folder))):
            status = next((code for code in (400, 404) if f"-{code}-" in name), 200)
            found.append(("weather", name, os.path.join(REAL, folder, name), status))
    for name in ("nyt_401_invalid_apikey_khalilahmad0.json", "nyt_429_quota_violation_pika.json"):
        found.append(("nyt", name, os.path.join(REAL, "errors", name), 401 if "401" in name else 429))
    for name in ("owm_401_invalid_api_key_dblock_2020.json", "owm_429_account_blocked_jdai03.json"):
        found.append(("weather", name, os.path.join(REAL, "errors", name), 401 if "401" in name else 429))
    return found


class Server:
    """Serves /fx/<name>/...: the geocoder's answer for /geo/ paths, else fixture <name>."""

    def __init__(self, table):
        table_ = table

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_GET(self):
                parts = urllib.parse.urlsplit(self.path).path.split("/")
                name = parts[2] if len(parts) > 2 else ""
                path, status = table_.get(name, (None, 404))
                if "/geo/" in self.path:
                    path, status = GEO, 200
                body = open(path, "rb").read() if path else b"{}"
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def stop(self):
        self.httpd.shutdown()


def cases(provider):
    """(label, argument list) per format."""
    words = ["Hemel Hempstead"] if provider == "weather" else ["golden", "words"]
    formats = [("default", []), ("table", ["--format", "table"]), ("json", ["--format", "json"]),
               ("ndjson", ["--format", "ndjson"]), ("csv", ["--format", "csv"]), ("line", ["--format", "line"])]
    if provider == "weather":
        formats += [("daily", ["--daily"]), ("daily-json", ["--daily", "--format", "json"])]
    return [(label, [provider] + words + extra) for label, extra in formats]


def run_all(binary, out):
    """Every case's bytes, as {case name: bytes}."""
    table = {name: (path, status) for _, name, path, status in fixtures()}
    server = Server(table)
    results = {}
    try:
        for provider, name, _, _ in fixtures():
            for label, args in cases(provider):
                temp = tempfile.mkdtemp(prefix="apicli-golden-")
                env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": temp, "TZ": "UTC", "LANG": "C.UTF-8",
                       "XDG_DATA_HOME": os.path.join(temp, "data"), "XDG_CONFIG_HOME": os.path.join(temp, "config"),
                       "XDG_CACHE_HOME": os.path.join(temp, "cache"), "NYT_API_KEY": KEY,
                       "OPENWEATHER_API_KEY": KEY, "APICLI_NYT_BASE_URL": f"{server.url}/fx/{name}",
                       "APICLI_WEATHER_BASE_URL": f"{server.url}/fx/{name}", "APICLI_NYT_SPACING": "0"}
                db = os.path.join(temp, "store.db")
                for step, more in (("fresh", []), ("hit", []), ("offline", ["--offline"])):
                    done = subprocess.run([binary] + args + more + ["--db", db], env=env, capture_output=True,
                                          timeout=60)
                    results[f"{name}.{label}.{step}"] = (
                        b"exit %d\n--- stdout\n" % done.returncode + done.stdout + b"--- stderr\n"
                        + STORED_AT.sub(b"stored at NOW", done.stderr.replace(temp.encode(), b"TMP")))
                shutil.rmtree(temp, ignore_errors=True)
    finally:
        server.stop()
    return results


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("record", "compare"):
        sys.exit(__doc__)
    mode, binary, folder = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    results = run_all(binary, folder)
    if mode == "record":
        os.makedirs(folder, exist_ok=True)
        for case, data in results.items():
            with open(os.path.join(folder, case), "wb") as f:
                f.write(data)
        print(f"recorded {len(results)} cases into {folder}")
        return
    differ = []
    for case, data in sorted(results.items()):
        path = os.path.join(folder, case)
        if not os.path.exists(path) or open(path, "rb").read() != data:
            differ.append(case)
            with open(path + ".now", "wb") as f:
                f.write(data)
    print(f"{len(results) - len(differ)} of {len(results)} cases byte-identical")
    for case in differ:
        print(f"DIFFERS: {case} (diff {os.path.join(folder, case)} {os.path.join(folder, case)}.now)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
