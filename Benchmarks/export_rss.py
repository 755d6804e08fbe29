#!/usr/bin/env python3
"""Peak memory and speed of `apicli store export` at 10,000 and 1,000,000 items (docs/design/0296-store-export.md).

    Benchmarks/export_rss.py [--apicli PATH] [--items 10000,1000000] [--formats ndjson,csv,sqlite]

Builds once per item count, in Benchmarks/.work/, a store made by apicli itself (a provider file
`bench` is added and run once with --offline, which migrates the provider-files tables), then
fills the tables an export reads with SQL: `provider_files_item_versions` (which the view
`provider_files_versions` shows) gets one version of each item, of about 500 bytes of JSON
(an issue-like object: title, state, user, labels, body), and every tenth item an older
version too, so "each item's latest" has something to choose; `provider_files_items` gets
each item's row as a fetch would leave it.

Then runs `apicli store export --db STORE --format F` under GNU time for each count and form,
stdout to /dev/null (sqlite writes --output into a temporary folder), and prints the peak RSS,
the growth from the smallest count to the largest, and items per second. Rows are stepped
from SQLite and written one at a time, so the peak should not grow with the count; a growth
past 2x is the regression this measures. Figures only: it exits non-zero only when a command
fails.
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work")
SAMPLE = '{"items":[{"id":1,"title":"an issue"}]}'


def environment(home):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/config",
            "XDG_DATA_HOME": home + "/data", "LANG": "C.UTF-8"}


def build_store(apicli, path, count):
    """The store at `path` with `count` items of the provider file `bench`, made once."""
    if os.path.exists(path):
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    partial = path + ".partial"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.remove(partial + suffix)
    started = time.time()
    with tempfile.TemporaryDirectory() as home:
        env = environment(home)
        sample = os.path.join(home, "sample.json")
        with open(sample, "w") as file:
            file.write(SAMPLE)
        subprocess.run([apicli, "provider", "add", "bench", "--base-url", "http://127.0.0.1:9", "--path", "/items",
                        "--items", "items", "--query-param", "q", "--no-key", "--sample", sample],
                       env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Nothing is stored yet, so this ends with 69; what it leaves is the migrated store.
        subprocess.run([apicli, "bench", "x", "--offline", "--db", partial], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = sqlite3.connect(partial, isolation_level=None)
    db.execute("BEGIN")
    content = """json_object(
        'id', i, 'number', i % 50000, 'title', 'Issue ' || i || ': the export of item ' || i || ' reads ' || (i * 7919 % 100003),
        'state', iif(i % 3, 'open', 'closed'), 'locked', json('false'),
        'user', json_object('login', 'user' || (i % 977), 'id', i % 977, 'site_admin', json('false')),
        'labels', json_array('bug', 'p' || (i % 4), 'area/' || (i % 31)), 'comments', i % 17,
        'created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 1700000000 + i, 'unixepoch'),
        'body', 'A body of some length for item ' || i || ', as an issue would have: steps to reproduce, '
                || 'what was expected and what happened instead, with a version number ' || (i % 211) || '.')"""
    numbers = f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count})"
    db.execute(f"""{numbers}
        INSERT INTO provider_files_item_versions (provider, item_id, fetched_at, hash, query_key, json)
        SELECT 'bench', CAST(i AS TEXT), 1700000000.0 + i, i * 2654435761, 'bench|q=old', replace({content}, 'Issue', 'Old issue')
        FROM n WHERE i % 10 = 0""")
    db.execute(f"""{numbers}
        INSERT INTO provider_files_item_versions (provider, item_id, fetched_at, hash, query_key, json)
        SELECT 'bench', CAST(i AS TEXT), 1800000000.0 + i, i * 40503, 'bench|q=new', {content} FROM n""")
    db.execute("""INSERT INTO provider_files_items (provider, item_id, json, fetched_at, content_hash)
        SELECT provider, item_id, json, fetched_at, hash FROM provider_files_item_versions WHERE fetched_at >= 1800000000""")
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    for suffix in ("-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.remove(partial + suffix)
    os.replace(partial, path)
    print(f"built {path} ({count:,} items) in {time.time() - started:.0f} s", file=sys.stderr)


def export(apicli, store, output_format):
    """Peak RSS in KiB and seconds of one export, and the lines (or rows) it wrote."""
    with tempfile.TemporaryDirectory(dir=WORK) as home:
        command = ["/usr/bin/time", "-f", "%M %e", apicli, "store", "export", "--db", store, "--format", output_format]
        target = os.path.join(home, "items.sqlite3")
        if output_format == "sqlite":
            command += ["--output", target, "--quiet"]
            result = subprocess.run(command, env=environment(home), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        else:
            # The lines are counted as they arrive, so that a run that wrote nothing cannot pass for a fast one.
            process = subprocess.Popen(command, env=environment(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            lines = 0
            while chunk := process.stdout.read(1 << 20):
                lines += chunk.count(b"\n")
            stderr = process.stderr.read().decode()
            result = subprocess.CompletedProcess(command, process.wait(), None, stderr)
        if result.returncode != 0:
            raise SystemExit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")
        written = None
        if output_format == "sqlite":
            written = sqlite3.connect(target).execute("SELECT COUNT(*) FROM items").fetchone()[0]
        else:
            written = lines - (1 if output_format == "csv" else 0)
    kib, seconds = result.stderr.strip().splitlines()[-1].split()
    return int(kib), float(seconds), written


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", default=os.path.join(ROOT, ".build", "release", "apicli"))
    parser.add_argument("--items", default="10000,1000000")
    parser.add_argument("--formats", default="ndjson,csv,sqlite")
    arguments = parser.parse_args()
    apicli = os.path.abspath(arguments.apicli)
    if not os.access(apicli, os.X_OK):
        raise SystemExit(f"no apicli at {apicli}; build it (swift build -c release) or give --apicli")
    if not os.access("/usr/bin/time", os.X_OK):
        raise SystemExit("GNU time is needed at /usr/bin/time (apt-get install time)")
    counts = [int(text) for text in arguments.items.split(",")]
    stores = {}
    for count in counts:
        stores[count] = os.path.join(WORK, f"export-{count}.sqlite3")
        build_store(apicli, stores[count], count)
    print("| format | " + " | ".join(f"peak RSS, {count:,} items" for count in counts)
          + " | growth | time at the largest | items/s at the largest |")
    print("|---|" + "---|" * len(counts) + "---|---|---|")
    for output_format in arguments.formats.split(","):
        figures = [export(apicli, stores[count], output_format) for count in counts]
        for count, (_, _, written) in zip(counts, figures):
            if written is not None and written != count:
                raise SystemExit(f"the {output_format} export of {count:,} items holds {written:,}")
        growth = figures[-1][0] / figures[0][0]
        cells = " | ".join(f"{kib / 1024:.1f} MiB" for kib, _, _ in figures)
        seconds = figures[-1][1]
        rate = f"{counts[-1] / seconds:,.0f}" if seconds > 0 else "-"
        print(f"| {output_format} | {cells} | {growth:.2f}x | {seconds:.1f} s | {rate} |")


if __name__ == "__main__":
    main()
