#!/usr/bin/env python3
"""Peak memory of `apicli store sql` at 10,000 and 3,000,000 rows, in every format (docs/design/0017-store-sql-streams.md).

    Benchmarks/store_sql_rss.py [--apicli PATH] [--rows 10000,3000000] [--formats table,csv,json,ndjson,line]

Builds once, in Benchmarks/.work/, a store holding an `apicli_migrations` table (so apicli
takes it for one of its own) and a table of 3,000,000 rows of five columns (an integer, a
real, a short and a longer text, a null), then runs `apicli store sql "SELECT … LIMIT N"`
for each row count and format with stdout to /dev/null under GNU time, and prints the
peak RSS of each. Rows are written as SQLite steps through them, so the figures at 10k and
at 3M should be about the same; a growth with the row count is the regression this
measures. It prints figures and never fails on them (it exits non-zero only when a
command fails).
"""
import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work")
MAX_ROWS = 3_000_000


def build_store(path):
    if os.path.exists(path):
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    partial = path + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    started = time.time()
    db = sqlite3.connect(partial)
    db.executescript(
        """
        PRAGMA journal_mode = WAL;
        CREATE TABLE apicli_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at REAL NOT NULL,
                                        PRIMARY KEY (owner, version));
        CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, score REAL, word TEXT, sentence TEXT, missing TEXT);
        """)
    db.execute(
        f"""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {MAX_ROWS})
        INSERT INTO bench_rows SELECT i, i * 0.25, 'word' || (i % 977),
               'a sentence of some length for row ' || i || ', as an abstract would be', NULL FROM n
        """)
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    os.replace(partial, path)
    print(f"built {path} ({MAX_ROWS:,} rows) in {time.time() - started:.0f} s", file=sys.stderr)


def peak_rss_kib(apicli, store, rows, output_format):
    sql = f"SELECT id, score, word, sentence, missing FROM bench_rows LIMIT {rows}"
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/config",
               "XDG_DATA_HOME": home + "/data", "LANG": "C.UTF-8", "COLUMNS": "120"}
        command = ["/usr/bin/time", "-f", "%M %e", apicli, "store", "sql", sql, "--db", store, "--format", output_format]
        result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")
    kib, seconds = result.stderr.strip().splitlines()[-1].split()
    return int(kib), float(seconds)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", default=os.path.join(ROOT, ".build", "release", "apicli"))
    parser.add_argument("--rows", default="10000,3000000")
    parser.add_argument("--formats", default="table,csv,json,ndjson,line")
    arguments = parser.parse_args()
    if not os.access(arguments.apicli, os.X_OK):
        raise SystemExit(f"no apicli at {arguments.apicli}; build it (swift build -c release) or give --apicli")
    store = os.path.join(WORK, "store-sql-3m.sqlite3")
    build_store(store)
    counts = [int(text) for text in arguments.rows.split(",")]
    print(f"| format | " + " | ".join(f"peak RSS, {count:,} rows" for count in counts) + " | growth | time at the largest |")
    print("|---|" + "---|" * len(counts) + "---|---|")
    for output_format in arguments.formats.split(","):
        figures = [peak_rss_kib(arguments.apicli, store, count, output_format) for count in counts]
        growth = figures[-1][0] / figures[0][0]
        cells = " | ".join(f"{kib / 1024:.1f} MiB" for kib, _ in figures)
        print(f"| {output_format} | {cells} | {growth:.2f}x | {figures[-1][1]:.1f} s |")


if __name__ == "__main__":
    main()
