#!/usr/bin/env python3
"""What keeping versions costs (docs/design/0260-item-versions.md), two builds side by side.

    Benchmarks/versions_cost.py --apicli NEW --baseline OLD [--runs 7] [--fetches 100]

  V1. `apicli nyt big8k --refresh --format json` into a store that holds the same 8,000 docs
      already: a fetch that changes nothing (no version is written), against the other build.
  V2. the same, each run served the 8,000 docs with every headline changed from the stored one
      (every article gets a version), against the other build doing the same.
  V3. 1,000 articles fetched 100 times, 1% of them (10) with a new headline each time: the
      store's size after the first fetch and after the last (WAL checkpointed), and its versions.

The sides are interleaved run by run, each with its own store, and the NYT rate ledger is emptied
before each run (the limits are not what is measured). Medians of --runs; figures only.
"""
import argparse
import http.server
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Served:
    body = b""


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = Served.body
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def make_docs(work, count):
    path = os.path.join(work, f"nyt-{count}.json")
    subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py"), "--docs", str(count), path],
                   check=True, stdout=subprocess.DEVNULL)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def body(answer, edit=None):
    answer = json.loads(json.dumps(answer))
    for index, doc in enumerate(answer["response"]["docs"]):
        if edit and edit(index):
            doc["headline"]["main"] = (doc["headline"].get("main") or "") + f" ({edit(index)})"
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def environment(base, url):
    for sub in ("data", "config", "home"):
        os.makedirs(os.path.join(base, sub), exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(base, "home"), "LANG": "C.UTF-8",
        "XDG_DATA_HOME": os.path.join(base, "data"), "XDG_CONFIG_HOME": os.path.join(base, "config"),
        "NYT_API_KEY": "bench-fake-key", "APICLI_NYT_BASE_URL": url, "APICLI_NYT_SPACING": "0",
        "APICLI_MAX_BODY_MB": "64", "APICLI_DB": os.path.join(base, "apicli.sqlite3"),
    }


def forget_rate(env):
    with sqlite3.connect(env["APICLI_DB"]) as db:
        db.execute("DELETE FROM apicli_rate_events")


def fetch(binary, env, name):
    forget_rate(env) if os.path.exists(env["APICLI_DB"]) else None
    started = time.perf_counter()
    result = subprocess.run([binary, "nyt", name, "--refresh", "--format", "json", "-q"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{binary} nyt {name}: exit {result.returncode}: {result.stderr.decode()[:300]}")
    return elapsed


def size(env):
    with sqlite3.connect(env["APICLI_DB"]) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(os.path.getsize(env["APICLI_DB"] + suffix) for suffix in ("", "-wal") if os.path.exists(env["APICLI_DB"] + suffix))


def versions(env):
    with sqlite3.connect(env["APICLI_DB"]) as db:
        try:
            return db.execute("SELECT COUNT(*) FROM nyt_article_versions").fetchone()[0]
        except sqlite3.OperationalError:
            return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", required=True)
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fetches", type=int, default=100)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="apicli-versions-")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    builds = {"new": args.apicli, "baseline": args.baseline}
    try:
        big = make_docs(work, 8000)
        same, changed = body(big), body(big, lambda i: "updated")
        envs = {side: environment(os.path.join(work, side), url) for side in builds}
        Served.body = same
        for side, binary in builds.items():
            fetch(binary, envs[side], "big8k")
        times = {(row, side): [] for row in ("V1", "V2") for side in builds}
        for run in range(args.runs):
            order = list(builds) if run % 2 == 0 else list(reversed(list(builds)))
            for side in order:
                Served.body = same
                times[("V1", side)].append(fetch(builds[side], envs[side], "big8k"))
            for side in order:
                # Every headline differs from the stored one; then the store is given the same docs
                # back (not timed), so that the next run's V1 changes nothing and its V2 everything.
                Served.body = changed
                times[("V2", side)].append(fetch(builds[side], envs[side], "big8k"))
                Served.body = same
                fetch(builds[side], envs[side], "big8k")
        for row, what in (("V1", "8,000 docs, nothing changed"), ("V2", "8,000 docs, every headline changed")):
            new, old = statistics.median(times[(row, "new")]), statistics.median(times[(row, "baseline")])
            print(f"{row}. {what}: {new * 1000:.0f} ms vs {old * 1000:.0f} ms = {new / old:.3f}x "
                  f"(median of {args.runs} each)")

        small = make_docs(work, 1000)
        for side, binary in builds.items():
            env = environment(os.path.join(work, "growth-" + side), url)
            Served.body = body(small)
            fetch(binary, env, "growth")
            first = size(env)
            for round_ in range(1, args.fetches):
                # 10 more articles (1%) get a new headline each round; the others repeat what is stored.
                Served.body = body(small, lambda i, r=round_: f"r{i // 10}" if 1 <= i // 10 <= r else None)
                fetch(binary, env, "growth")
            last = size(env)
            print(f"V3. {side}: 1,000 articles fetched {args.fetches} times, 1% changed each time: "
                  f"{first / 1024:.0f} KiB after the first fetch, {last / 1024:.0f} KiB after the last "
                  f"(+{(last - first) / 1024:.0f} KiB), {versions(env)} versions")
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
