#!/usr/bin/env python3
"""Binary size and `--version` start-up of two apicli builds, side by side (scenario 24c and 24d).

    Benchmarks/binary_size.py BEFORE AFTER [--runs 200] [--hello HELLO]

For each binary: its size as built, stripped (`strip --strip-all` on a copy), the largest
sections (`size -A`), and whether ICU's data table (`icudt*_dat`, `nm -S`) is in it. Then
`BINARY --version` (and HELLO, a static hello world, when given) run in turns, one run of each
per round, so that machine noise falls on all alike; it prints the median and the 10th/90th
percentiles in ms. It prints figures only; it fails only when a command fails.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time


def sections(path):
    out = subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        parts = line.split()
        if len(parts) >= 2 and parts[1].isdigit() and parts[0] != "Total":
            rows.append((parts[0], int(parts[1])))
    return sorted(rows, key=lambda row: -row[1])


def icu_bytes(path):
    out = subprocess.run(["nm", "-S", "--size-sort", path], capture_output=True, text=True).stdout
    return sum(int(line.split()[1], 16) for line in out.splitlines() if "icudt" in line and len(line.split()) == 4)


def run_once(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--hello", help="a static hello world to time alongside")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    try:
        binaries = {"before": args.before, "after": args.after}
        for name, path in binaries.items():
            stripped = os.path.join(work, name)
            shutil.copy(path, stripped)
            subprocess.run(["strip", "--strip-all", stripped], check=True)
            top = ", ".join(f"{section} {size / 1e6:.1f}" for section, size in sections(stripped)[:5])
            print(f"{name}: {os.path.getsize(path):,} bytes built, {os.path.getsize(stripped):,} stripped "
                  f"({os.path.getsize(stripped) / 1e6:.1f} MB); ICU data {icu_bytes(path):,} bytes; MB: {top}")
        commands = {name: [path, "--version"] for name, path in binaries.items()}
        if args.hello:
            commands["hello"] = [args.hello]
        times = {name: [] for name in commands}
        for command in commands.values():
            run_once(command)  # warm the page cache
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(run_once(command))
        for name, samples in times.items():
            deciles = statistics.quantiles(samples, n=10)
            print(f"{name} {' '.join(commands[name][1:]) or '(hello)'}: median {statistics.median(samples):.2f} ms, min {min(samples):.2f} "
                  f"(p10 {deciles[0]:.2f}, p90 {deciles[-1]:.2f}) over {len(samples)} interleaved runs")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
