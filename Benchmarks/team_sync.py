#!/usr/bin/env python3
"""`apicli store sync`'s throughput against `psql \\copy` of the same items (docs/design/0290).

    Benchmarks/team_sync.py --apicli BINARY [--docs 20000] [--runs 3] [--url postgresql://…] [--batch N]

A store is filled with --docs NYT articles (make_nyt_body.py, served from loopback). Then, each
run side by side, on a fresh schema of one PostgreSQL database:

  S1. push: `apicli store sync URL --schema S` from that store into an empty schema (every version sent);
  S2. pull: `apicli store sync URL --schema S` from an empty store (every version received, each
      article's row and its full-text index rebuilt);
  F.  the floor: `psql \\copy` of the same items as NDJSON (one line per item: provider, id,
      fetched_at, content, as `store export --format ndjson` writes them) into a one-column jsonb table.

Items per second are --docs over the wall time of the whole command (connection and schema
included). Without --url it starts a throw-away cluster with Scripts/test-postgres and stops it
after. Medians of --runs; figures only, no assertions.
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
ROOT = os.path.dirname(HERE)


class Served:
    body = b""


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(Served.body)))
        self.end_headers()
        self.wfile.write(Served.body)

    def log_message(self, *args):
        pass


def environment(base, url):
    for sub in ("data", "config", "home"):
        os.makedirs(os.path.join(base, sub), exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(base, "home"), "LANG": "C.UTF-8",
        "XDG_DATA_HOME": os.path.join(base, "data"), "XDG_CONFIG_HOME": os.path.join(base, "config"),
        "NYT_API_KEY": "bench-fake-key", "APICLI_NYT_BASE_URL": url, "APICLI_NYT_SPACING": "0",
        "APICLI_MAX_BODY_MB": "256", "APICLI_DB": os.path.join(base, "apicli.sqlite3"),
    }


def timed(command, env=None):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def psql(url, *commands):
    args = ["psql", url, "-XqAt", "-v", "ON_ERROR_STOP=1"]
    for command in commands:
        args += ["-c", command]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", required=True)
    parser.add_argument("--docs", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url")
    parser.add_argument("--batch", type=int, help="APICLI_SYNC_BATCH for the syncs (default: apicli's)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="apicli-team-sync-")
    os.chmod(work, 0o755)
    cluster = None
    try:
        url = args.url
        if not url:
            cluster = os.path.join(work, "cluster")
            url = subprocess.run([os.path.join(ROOT, "Scripts", "test-postgres"), "start", cluster],
                                 check=True, capture_output=True, text=True).stdout.strip()
        body_path = os.path.join(work, "body.json")
        subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py"), "--docs", str(args.docs), body_path],
                       check=True, stdout=subprocess.DEVNULL)
        with open(body_path, "rb") as f:
            Served.body = f.read()
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base_url = f"http://127.0.0.1:{server.server_address[1]}"
        source = environment(os.path.join(work, "source"), base_url)
        batch = {"APICLI_SYNC_BATCH": str(args.batch)} if args.batch else {}
        subprocess.run([args.apicli, "nyt", "many", "--format", "json"], env=source, check=True, stdout=subprocess.DEVNULL)
        with sqlite3.connect(source["APICLI_DB"]) as db:
            stored = db.execute("SELECT count(*) FROM nyt_article_versions").fetchone()[0]
            ndjson = os.path.join(work, "items.ndjson")
            with open(ndjson, "w", encoding="utf-8") as out:
                for item, fetched, content in db.execute("SELECT item, fetched_at, content FROM nyt_versions"):
                    out.write(json.dumps({"provider": "nyt", "id": item, "fetched_at": fetched,
                                          "content": json.loads(content)}, ensure_ascii=False, separators=(",", ":")) + "\n")
        push, pull, copy = [], [], []
        for run in range(args.runs):
            schema = f"bench_{os.getpid()}_{run}"
            push.append(timed([args.apicli, "store", "sync", url, "--schema", schema], env={**source, **batch}))
            sink = environment(os.path.join(work, f"sink{run}"), base_url)
            pull.append(timed([args.apicli, "store", "sync", url, "--schema", schema], env={**sink, **batch}))
            received = sqlite3.connect(sink["APICLI_DB"]).execute("SELECT count(*) FROM nyt_articles").fetchone()[0]
            if received != stored:
                sys.exit(f"pull received {received} articles of {stored}")
            table = f"copy_{os.getpid()}_{run}"
            psql(url, f"CREATE TABLE {table} (line jsonb)")
            # CSV with quote and delimiter bytes that JSON text never holds: each line is one value, as written.
            copy.append(timed(["psql", url, "-Xq", "-v", "ON_ERROR_STOP=1", "-c",
                               f"\\copy {table} (line) FROM '{ndjson}' WITH (FORMAT csv, QUOTE e'\\x01', DELIMITER e'\\x02')"]))
            psql(url, f"DROP TABLE {table}", f"DROP SCHEMA {schema} CASCADE")
        size = os.path.getsize(ndjson)

        def rate(seconds):
            return stored / statistics.median(seconds)

        print(f"batch: {args.batch or 'default'}; team sync: {stored} NYT articles ({size / 1048576:.1f} MiB as NDJSON), medians of {args.runs} runs, {url.split('@')[-1]}")
        header = "vs \\copy"
        print(f"{'what':<44}{'seconds':>10}{'items/s':>12}{header:>10}")
        for name, seconds in [("S1 store sync, push (every version sent)", push),
                              ("S2 store sync, pull (every version received)", pull),
                              ("F  psql \\copy of the same NDJSON (floor)", copy)]:
            print(f"{name:<44}{statistics.median(seconds):>10.2f}{rate(seconds):>12.0f}"
                  f"{statistics.median(seconds) / statistics.median(copy):>9.1f}x")
        server.shutdown()
    finally:
        if cluster:
            subprocess.run([os.path.join(ROOT, "Scripts", "test-postgres"), "stop", cluster], check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
