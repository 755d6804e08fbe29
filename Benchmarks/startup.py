#!/usr/bin/env python3
"""Start-up of several apicli builds against a static Swift hello world (scenario 24c).

    python3 Benchmarks/startup.py [--runs 101] [--hello BIN] BUILD [BUILD...]

The three start-up commands of scenario 24: `--version`, `weather Paris --offline` and
`weather Paris` as a cache hit (each build has its own store, filled by one untimed run against
server.py on 127.0.0.1, which moves the 2018 forecast's times ahead (`--forecast-ahead`), so that
`--offline` prints the same table as the hit and not the notice that every step is past: checked
before timing; the hit must send no request, which the server's log checks). Every
round runs every (build, command) and the hello world once, the order reversed on odd rounds,
so machine noise falls on all alike. Each run's wall time, minor page faults and CPU time (user +
system) come from `os.wait4` (the kernel's own accounting of that child; the faults include the
few of the forked child before `exec`, alike for every command); exit codes are checked, and each
command's stdout must be as long on every build. Prints the medians and their ratios to the hello
world's, with the load average (`uptime`) before and after: on a shared machine the wall times are
noise unless the load is low (CPU time suffers less from waiting for a core), and the instruction
counts of `instructions.py` are the repeatable figure. Copy builds with `cat` first when comparing
linkers: a binary written through mmap (lld) sits in the page cache in small pages and takes ~30
more faults per start than the same bytes written with write(2) (`install`, `cp`).

--hello defaults to Benchmarks/hello/plain.swift built with `swiftc -O -static-stdlib`.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from loopback import environment, start_server  # noqa: E402


def run(argv, env):
    """(wall seconds, minor faults, CPU seconds (user + system), stdout bytes) of one run; a failed run stops it."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{argv[:4]} exited {child.returncode}: {err.read().decode()[-400:]}")
        return elapsed, usage.ru_minflt, usage.ru_utime + usage.ru_stime, out.tell()


def hello_world(work):
    path = os.path.join(work, "hello-static")
    subprocess.run(["swiftc", "-O", "-static-stdlib", os.path.join(HERE, "hello", "plain.swift"), "-o", path],
                   check=True, stderr=subprocess.DEVNULL)
    return path


def requests(log):
    with open(log) as lines:
        return sum(1 for _ in lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=101)
    parser.add_argument("--hello")
    parser.add_argument("builds", nargs="+")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="apicli-startup-")
    server, url, log = start_server(work)
    try:
        hello = os.path.abspath(args.hello) if args.hello else hello_world(work)
        sides = [("hello world", "hello", [hello], None)]
        for index, build in enumerate(map(os.path.abspath, args.builds)):
            home = os.path.join(work, f"home{index}")
            env = environment(home, url)
            db = os.path.join(home, "store.sqlite3")
            run([build, "weather", "Paris", "--db", db], env)  # stored, and a fresh cache entry
            # server.py --forecast-ahead: the stored steps lie ahead, so --offline prints the cache hit's table.
            offline, hit = (run([build, "weather", "Paris", *more, "--db", db], env)[3] for more in (["--offline"], []))
            if offline != hit or offline < 1000:
                raise SystemExit(f"{build}: --offline printed {offline} bytes, the cache hit {hit}: not the same table")
            for label, argv in (("--version", ["--version"]),
                                ("weather Paris --offline", ["weather", "Paris", "--offline", "--db", db]),
                                ("weather Paris (cache hit)", ["weather", "Paris", "--db", db])):
                sides.append((label, build, [build, *argv], env))
        for _, _, argv, env in sides:  # warm the page cache
            run(argv, env)
        load_before = os.getloadavg()
        sent_before = requests(log)
        samples = [[] for _ in sides]
        for round_ in range(args.runs):
            order = range(len(sides)) if round_ % 2 == 0 else reversed(range(len(sides)))
            for index in order:
                samples[index].append(run(sides[index][2], sides[index][3]))
        sent = requests(log) - sent_before
        load_after = os.getloadavg()
        if sent:
            raise SystemExit(f"{sent} requests were sent during the timed runs: a cache hit was not one")
        for label in dict.fromkeys(label for label, _, _, _ in sides[1:]):
            sizes = {samples[i][0][3] for i, side in enumerate(sides) if side[0] == label}
            if len(sizes) != 1:
                raise SystemExit(f"{label}: the builds printed different lengths {sorted(sizes)}")
        hello_ms = statistics.median(s[0] for s in samples[0]) * 1000
        hello_cpu = statistics.median(s[2] for s in samples[0]) * 1000
        print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
              f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; {args.runs} interleaved rounds, "
              "0 requests sent by the timed runs")
        print("| command | build | wall (median) | vs hello world | wall p10-p90 | CPU (median) | vs hello world "
              "| minor faults |")
        print("|---|---|---|---|---|---|---|---|")
        for (label, build, _, _), runs in zip(sides, samples):
            wall = [s[0] * 1000 for s in runs]
            deciles = statistics.quantiles(wall, n=10)
            median = statistics.median(wall)
            cpu = statistics.median(s[2] for s in runs) * 1000
            print(f"| {label} | {os.path.basename(build)} | {median:.2f} ms | {median / hello_ms:.2f}x | "
                  f"{deciles[0]:.2f}-{deciles[-1]:.2f} | {cpu:.2f} ms | {cpu / hello_cpu:.2f}x | "
                  f"{statistics.median(s[1] for s in runs):.0f} |")
    finally:
        server.terminate()
        server.wait(timeout=5)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
