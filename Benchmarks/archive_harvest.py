#!/usr/bin/env python3
"""Harvesting 12 synthetic NYT Archive months of about 20 MB each from a loopback server, with
no rate limit: `apicli harvest nyt-archive` against a Python script doing the same fetch, JSON decode
and SQLite insert (one row per article, in one transaction per month).

    python3 Benchmarks/archive_harvest.py [APICLI] [--mb 20] [--months 12]

Prints the wall time and peak memory (max RSS) of each, and their ratios. The months are made from
the docs of a recorded real Article Search page (same fields as Archive's), repeated with fresh ids.
apicli runs with `APICLI_TEST_CLOCK=0` so that NYT's declared 5 a minute costs no real waiting: the
loopback server has no limit, and the pacing is not what is measured.
"""
import http.server
import json
import os
import resource
import shutil
import socketserver
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_months(folder, months, megabytes):
    source = json.load(open(os.path.join(ROOT, "Tests/Fixtures/real/nyt/nyt-2016-11-compact-escaped-slashes.json")))
    docs = source["response"]["docs"]
    sizes = []
    for month in range(1, months + 1):
        out, total, index = [], 0, 0
        while total < megabytes * 1_000_000:
            doc = dict(docs[index % len(docs)])
            doc["_id"] = f"nyt://article/2019-{month:02d}-{index}"
            doc["web_url"] = f"https://www.nytimes.com/2019/{month:02d}/{index}.html"
            text = json.dumps(doc)
            out.append(text)
            total += len(text) + 1
            index += 1
        body = '{"copyright":"synthetic","response":{"docs":[' + ",".join(out) + '],"meta":{"hits":' + str(index) + "}}}"
        os.makedirs(os.path.join(folder, "svc/archive/v1/2019"), exist_ok=True)
        with open(os.path.join(folder, f"svc/archive/v1/2019/{month}.json"), "w") as f:
            f.write(body)
        sizes.append(len(body))
    return sizes


class Quiet(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        return super().translate_path(path.split("?")[0])


def serve(folder):
    handler = lambda *a, **k: Quiet(*a, directory=folder, **k)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


PYTHON_HARVEST = r'''
import json, sqlite3, sys, urllib.request
base, months, database = sys.argv[1], int(sys.argv[2]), sys.argv[3]
db = sqlite3.connect(database)
db.execute("PRAGMA journal_mode=WAL")
db.execute("CREATE TABLE IF NOT EXISTS articles (id TEXT PRIMARY KEY, json TEXT NOT NULL, headline TEXT, pub_date TEXT)")
for month in range(1, months + 1):
    with urllib.request.urlopen(f"{base}/svc/archive/v1/2019/{month}.json?api-key=x") as answer:
        document = json.load(answer)
    with db:
        db.executemany(
            "INSERT OR REPLACE INTO articles (id, json, headline, pub_date) VALUES (?, ?, ?, ?)",
            [(d["_id"], json.dumps(d), (d.get("headline") or {}).get("main"), d.get("pub_date")) for d in document["response"]["docs"]])
'''


def count_archive_articles(database):
    """The months' articles as stored: NYT's articles (a build that harvests through `nyt --archive`),
    else the `nyt-archive` provider file's items (an older build)."""
    db = sqlite3.connect(database)
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "nyt_articles" in tables and db.execute("SELECT COUNT(*) FROM nyt_articles").fetchone()[0] > 0:
        return db.execute("SELECT COUNT(*) FROM nyt_articles").fetchone()[0]
    return db.execute("SELECT COUNT(*) FROM provider_files_items WHERE provider = 'nyt-archive'").fetchone()[0]


def measure(command, environment):
    started = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], env=environment, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed ({result.returncode}): {result.stderr[-2000:]}")
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    return wall, peak_kb / 1024


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    apicli = arguments[0] if arguments else os.path.join(ROOT, ".build/release/apicli")
    megabytes = int(sys.argv[sys.argv.index("--mb") + 1]) if "--mb" in sys.argv else 20
    months = int(sys.argv[sys.argv.index("--months") + 1]) if "--months" in sys.argv else 12
    work = tempfile.mkdtemp(prefix="archive-harvest-")
    try:
        sizes = make_months(os.path.join(work, "www"), months, megabytes)
        server = serve(os.path.join(work, "www"))
        base = f"http://127.0.0.1:{server.server_address[1]}"
        environment = dict(os.environ, XDG_CONFIG_HOME=f"{work}/config", XDG_DATA_HOME=f"{work}/data", HOME=f"{work}/home",
                           NYT_API_KEY="benchKEY-0123456789", APICLI_NYT_BASE_URL=base, APICLI_TEST_CLOCK="0", APICLI_TIMEOUT="120")
        wall_a, peak_a = measure([apicli, "harvest", "nyt-archive", "--from", "2019-01", "--to", f"2019-{months:02d}", "--quiet"], environment)
        stored = count_archive_articles(f"{work}/data/apicli/apicli.sqlite3")
        script = os.path.join(work, "harvest.py")
        open(script, "w").write(PYTHON_HARVEST)
        wall_p, peak_p = measure([sys.executable, script, base, str(months), f"{work}/python.sqlite3"], environment)
        rows = sqlite3.connect(f"{work}/python.sqlite3").execute("SELECT COUNT(*) FROM articles").fetchone()[0]
        month_mb = max(sizes) / 1_048_576
        print(f"{months} months, {sum(sizes) / 1_048_576:.1f} MiB in all, largest {month_mb:.1f} MiB")
        print(f"apicli harvest: {wall_a:.2f} s, peak {peak_a:.1f} MiB, {stored} articles stored")
        print(f"python script:  {wall_p:.2f} s, peak {peak_p:.1f} MiB, {rows} articles stored")
        print(f"apicli / python wall time: {wall_a / wall_p:.2f}x (goal <= 0.5x)")
        print(f"apicli peak / one month: {peak_a / month_mb:.2f}x (goal <= 2x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
