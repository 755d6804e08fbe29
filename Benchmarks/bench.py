#!/usr/bin/env python3
"""Runs every benchmark scenario, apicli and its baseline interleaved, and prints a table.

    bench.py --apicli PATH [--runs N] [--only 1,3,...] [--static-stdlib] [--baseline-apicli PATH]

Called by Benchmarks/run after the release build. It prints figures and never
fails on timing: it exits non-zero only when a command itself fails.
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")
sys.path.insert(0, HERE)
from scenarios import Bench  # noqa: E402


def machine():
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(re.search(r"MemTotal:\s+(\d+)", f.read()).group(1))
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    swift = next((l for l in swift if "Swift version" in l), "?").strip()
    tools = []
    for tool, arg in (("curl", "--version"), ("jq", "--version"), ("sqlite3", "--version")):
        out = subprocess.run([tool, arg], capture_output=True, text=True).stdout.split("\n")[0]
        tools.append(f"{tool} {out.split()[1] if tool == 'curl' else out.split()[0]}")
    return (f"{os.cpu_count()} CPUs ({cpu}), {mem_kb / 1048576:.1f} GiB RAM, {platform.system()} "
            f"{platform.release()}, {swift}, Python {platform.python_version()}, " + ", ".join(tools))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", required=True)
    parser.add_argument("--runs", type=int, default=21, help="runs per side for the quick scenarios")
    parser.add_argument("--only", default="1,2,3,4,5,6,7,8,9,11,12,13,24")
    parser.add_argument("--baseline-apicli", help="another apicli build, compared with in scenario 8")
    parser.add_argument("--articles", type=int, default=1_000_000)
    parser.add_argument("--static-stdlib", action="store_true", help="apicli was built with --static-swift-stdlib")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    print("machine:", machine(), flush=True)
    print("apicli:", args.apicli, "(--static-swift-stdlib)" if args.static_stdlib else "(swift build -c release)", flush=True)
    temp = tempfile.mkdtemp(prefix="apicli-bench-")
    baseline = os.path.abspath(args.baseline_apicli) if args.baseline_apicli else None
    if baseline:
        print("baseline apicli:", baseline, flush=True)
    bench = Bench(os.path.abspath(args.apicli), temp, WORK, args.runs, args.articles, args.static_stdlib, baseline)
    rows = []
    started = time.time()
    try:
        bench.start_servers()
        for number in [int(n) for n in args.only.split(",")]:
            t0 = time.time()
            for row in getattr(bench, f"scenario{number}")():
                rows.append(row)
                print("  " + " | ".join(str(c) for c in row), flush=True)
            print(f"  (scenario {number}: {time.time() - t0:.0f} s)", flush=True)
    finally:
        bench.stop_servers()
        shutil.rmtree(temp, ignore_errors=True)
    print()
    print(f"Results ({time.time() - started:.0f} s; wall times are medians; ratio = apicli / baseline):")
    print()
    header = ["scenario", "apicli", "baseline", "ratio", "goal", "met?"]
    table = [header] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    lines = ["| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(r)) + " |" for r in table]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print("\n".join(lines))
    with open(os.path.join(WORK, "last-results.json"), "w") as f:
        json.dump({"machine": machine(), "rows": rows, "notes": bench.notes}, f, indent=1)
    if bench.notes:
        print()
        for note in bench.notes:
            print("note:", note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
