#!/usr/bin/env python3
"""Storing a large answer of a provider file, two builds (docs/design/0033-storing-rows.md).

    python3 Benchmarks/provider_files_bulk.py [--docs 8000] [--runs 7] BEFORE AFTER

A provider file (Benchmarks/provider_files.py's, over the benchmark server's NYT route) is
asked for `bigN`, an answer of N unique docs (make_nyt_body.py) served by server.py on
127.0.0.1: fetch, decode, store N items with their full-text rows, print JSON. Each run has
a fresh store; the two builds' runs are interleaved; every exit code is checked and every
output must be as long as the first one's (so no run is a fallback or a short answer).
After the runs, each build's last store passes FTS5's `integrity-check` and holds N items.
Prints the medians of wall time and of CPU time (user + system, steadier on a shared
machine) per build, and AFTER's ratio to BEFORE.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from provider_files import install  # noqa: E402


def start_server(temp, name, body):
    port_file = os.path.join(temp, "port")
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port-file", port_file, "--log",
                               os.path.join(temp, "log"), "--lifetime", "1800", "--nyt-body", f"{name}={body}"])
    for _ in range(200):
        if os.path.exists(port_file) and open(port_file).read():
            break
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{open(port_file).read().strip()}"


def run(build, temp, label, url, name):
    """One run on a fresh store: (wall seconds, CPU seconds, stdout bytes, store path)."""
    home = tempfile.mkdtemp(prefix=f"{label}-", dir=temp)
    env = {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8",
           "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
           "XDG_CACHE_HOME": os.path.join(home, "cache"), "APICLI_MAX_BODY_MB": "64"}
    install(env, ["bench00"], url)
    db = os.path.join(home, "store.db")
    out = os.path.join(home, "out.json")
    start = time.perf_counter()
    with open(out, "wb") as stdout:
        process = subprocess.Popen([build, "bench00", name, "--format", "json", "--db", db], env=env,
                                   stdout=stdout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{build}: exit {code}: {process.stderr.read().decode()[-600:]}")
    return wall, usage.ru_utime + usage.ru_stime, os.path.getsize(out), db


def check_store(db, docs):
    with sqlite3.connect(db) as connection:
        connection.execute(
            "INSERT INTO provider_files_items_fts (provider_files_items_fts, rank) VALUES ('integrity-check', 1)")
        count = connection.execute("SELECT COUNT(*) FROM provider_files_items").fetchone()[0]
    if count != docs:
        raise SystemExit(f"{db}: {count} items stored, expected {docs}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=8000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("before")
    parser.add_argument("after")
    args = parser.parse_args()
    name = f"big{args.docs}"
    body = os.path.join(HERE, ".work", f"nyt-{name}.json")
    os.makedirs(os.path.dirname(body), exist_ok=True)
    if not os.path.exists(body):
        subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py"), "--docs", str(args.docs), body],
                       check=True, stdout=subprocess.DEVNULL)
    temp = tempfile.mkdtemp(prefix="apicli-pf-bulk-")
    server, url = start_server(temp, name, body)
    try:
        builds = {"before": args.before, "after": args.after}
        results = {label: [] for label in builds}
        size = None
        last = {}
        for index in range(args.runs + 1):  # the first round warms the page cache, untimed
            for label, build in (builds.items() if index % 2 == 0 else reversed(builds.items())):
                wall, cpu, length, db = run(build, temp, label, url, name)
                size = size or length
                if length != size:
                    raise SystemExit(f"{label}: {length} bytes of output, the first run printed {size}")
                if index:
                    results[label].append((wall, cpu))
                last[label] = db
        for label, db in last.items():
            check_store(db, args.docs)
        median = {label: (statistics.median(w for w, _ in rows), statistics.median(c for _, c in rows))
                  for label, rows in results.items()}
        print(f"provider file, {args.docs} items ({os.path.getsize(body):,} bytes), --format json, "
              f"stdout {size:,} bytes, {args.runs} runs each, interleaved; integrity-check passed for both")
        print("| build | wall (median) | CPU user+sys (median) |")
        print("|---|---|---|")
        for label in builds:
            print(f"| {label} | {median[label][0] * 1000:.0f} ms | {median[label][1] * 1000:.0f} ms |")
        print(f"| after / before | {median['after'][0] / median['before'][0]:.2f}x | "
              f"{median['after'][1] / median['before'][1]:.2f}x |")
    finally:
        server.terminate()
        server.wait(timeout=5)
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
