#!/usr/bin/env python3
"""Wall time, CPU time and peak RSS of `nyt BODY --format json` under several builds, interleaved.

    python3 Benchmarks/interleaved_nyt.py [--runs N] [--body big8k|big30mb|...] [--stdout-file] BIN [BIN...]

Each run has a fresh store (so none is a cache hit or a rate-limit fallback), its exit code checked
and its output size compared across builds; the body is Benchmarks/.work/nyt-BODY.json (made by
`Benchmarks/run`), served by server.py on 127.0.0.1. Prints the medians per build: wall clock, CPU
(user + system, from the child's rusage) and peak RSS (`/usr/bin/time -f %M`). On a shared machine
the CPU time moves less than the wall time. `--stdout-file`: stdout is a new regular file per run, as
`bench.py` has it (`> file`), not a pipe; its size is what is compared.
"""
import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from provider_files_bulk import start_server  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--body", default="big8k")
    parser.add_argument("--stdout-file", action="store_true")
    parser.add_argument("builds", nargs="+")
    args = parser.parse_args()
    body = os.path.join(HERE, ".work", f"nyt-{args.body}.json")
    temp = tempfile.mkdtemp(prefix="apicli-ab-")
    server, url = start_server(temp, args.body, body)
    try:
        figures = {build: {"wall": [], "cpu": [], "rss": []} for build in args.builds}
        sizes = set()
        for run in range(args.runs):
            for index, build in enumerate(args.builds):
                home = tempfile.mkdtemp(dir=temp)
                env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_CONFIG_HOME=f"{home}/config", HOME=home,
                           NYT_API_KEY="bench-fake-key", APICLI_NYT_BASE_URL=url, APICLI_MAX_BODY_MB="64")
                argv = ["/usr/bin/time", "-f", "%M", "-o", f"{home}/rss", build, "nyt", args.body, "--format", "json",
                        "--db", f"{home}/store.db"]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                sink = open(f"{home}/stdout", "wb") if args.stdout_file else contextlib.nullcontext(subprocess.PIPE)
                with sink as out:
                    done = subprocess.run(argv, env=env, stdout=out, stderr=subprocess.PIPE)
                wall = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                if done.returncode != 0:
                    sys.exit(f"{build}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-400:]}")
                sizes.add(os.path.getsize(f"{home}/stdout") if args.stdout_file else len(done.stdout))
                cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                figures[build]["wall"].append(wall * 1000)
                figures[build]["cpu"].append(cpu * 1000)
                figures[build]["rss"].append(int(open(f"{home}/rss").read().split()[-1]) / 1024)
                # A 30 MiB run leaves ~70 MB (its store and its output): 62 of them filled the disk.
                shutil.rmtree(home, ignore_errors=True)
        if len(sizes) != 1:
            sys.exit(f"output sizes differ: {sorted(sizes)}")
        where = "a file" if args.stdout_file else "a pipe"
        print(f"nyt {args.body} --format json, {args.runs} runs per build, stdout {where} of {sizes.pop():,} bytes")
        print("| build | wall (median) | CPU user+sys (median) | peak RSS (median) |")
        print("|---|---|---|---|")
        for build, values in figures.items():
            print(f"| {build} | {statistics.median(values['wall']):.0f} ms | {statistics.median(values['cpu']):.0f} ms "
                  f"| {statistics.median(values['rss']):.1f} MiB |")
    finally:
        server.kill()
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
