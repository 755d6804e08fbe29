#!/usr/bin/env python3
"""Instruction counts (valgrind --tool=callgrind) of the same commands under several builds:
repeatable whatever else the machine is doing, so small differences show.

    python3 Benchmarks/instructions.py [--docs N] [--formats json,ndjson,csv,table] [--keep DIR] BIN [BIN...]

For each build (a copy with its DWARF stripped, `strip -g`: valgrind 3.19 cannot read the
static binary's debug info, "Possibly corrupted debuginfo file"; the symbol table stays, so
profiles still name functions), on a fresh store each:
  - `nyt bigN --format F` for each F of --formats (json unless told; N docs built by make_nyt_body.py,
    served by server.py on 127.0.0.1);
  - `--version`; `weather Paris --offline`; `weather Paris` as a cache hit.
Prints a table of instructions (Ir) per command and build. --keep DIR keeps the callgrind
files (callgrind_annotate DIR/<build>.<command>.out).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from loopback import environment, start_server  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--keep")
    parser.add_argument("--formats", default="json", help="comma-separated formats of the nyt command")
    parser.add_argument("builds", nargs="+")
    args = parser.parse_args()
    temp = tempfile.mkdtemp(prefix="apicli-ir-")
    keep = args.keep or temp
    os.makedirs(keep, exist_ok=True)
    name = f"big{args.docs}"
    body = os.path.join(HERE, ".work", f"nyt-{name}.json")
    os.makedirs(os.path.dirname(body), exist_ok=True)
    if not os.path.exists(body):
        subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py"), "--docs", str(args.docs), body],
                       check=True, stdout=subprocess.DEVNULL)
    server, url, _ = start_server(temp, [(name, body)])
    try:
        rows = []
        for index, build in enumerate(args.builds):
            copy = os.path.join(temp, f"apicli-{index}")
            shutil.copy(build, copy)
            subprocess.run(["strip", "-g", copy], check=True)
            counts = []
            nyt = [(f"nyt {name} --format {form}", ["nyt", name, "--format", form], None)
                   for form in args.formats.split(",")]
            for label, argv, setup in (
                    *nyt,
                    ("--version", ["--version"], None),
                    ("weather Paris --offline", ["weather", "Paris", "--offline"], ["weather", "Paris"]),
                    ("weather Paris (cache hit)", ["weather", "Paris"], ["weather", "Paris"])):
                home = os.path.join(temp, f"h{index}-{len(counts)}")
                # The named store's folder is made with the environment (apicli makes only the default folder).
                env = environment(home, url, {"APICLI_MAX_BODY_MB": "64"})
                db = os.path.join(home, "store.db")
                if setup:
                    subprocess.run([copy, *setup, "--db", db], env=env, check=True, stdout=subprocess.DEVNULL)
                out = os.path.join(keep, f"{index}.{len(counts)}.out")
                done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", copy, *argv,
                                       "--db", db] if argv != ["--version"] else
                                      ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", copy, *argv],
                                      env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                if done.returncode != 0:
                    raise SystemExit(f"{build} {label}: exit {done.returncode}: {done.stderr.decode()[-600:]}")
                total = next(int(line.split()[-1].replace(",", "")) for line in done.stderr.decode().splitlines()
                             if "I   refs:" in line or "Collected :" in line)
                counts.append((label, total, len(done.stdout)))
            rows.append((build, counts))
        labels = [label for label, _, _ in rows[0][1]]
        print("| command | " + " | ".join(os.path.basename(b) for b, _ in rows) + " |")
        print("|---|" + "---|" * len(rows))
        for i, label in enumerate(labels):
            cells = [f"{counts[i][1] / 1e6:,.1f} M" for _, counts in rows]
            first = rows[0][1][i][1]
            cells = [c + (f" ({counts[i][1] / first:.2f}x)" if j else "") for j, (c, (_, counts)) in
                     enumerate(zip(cells, rows))]
            print(f"| {label} | " + " | ".join(cells) + " |")
        for i, label in enumerate(labels[:len(args.formats.split(","))]):
            sizes = {counts[i][2] for _, counts in rows}
            print(f"(stdout of {label}: {sorted(sizes)} bytes)")
        print(f"(callgrind files in {keep})")
    finally:
        server.terminate()
        server.wait(timeout=5)
        if not args.keep:
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
