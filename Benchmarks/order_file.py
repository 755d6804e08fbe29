#!/usr/bin/env python3
"""Writes the release link's symbol order (Linking/apicli.order) from the functions the common
commands of a build run, so that a run's code sits in few pages of the binary.

    python3 Benchmarks/order_file.py BINARY [--docs 1000,8000] [--out Linking/apicli.order]

BINARY is a release build (`Scripts/build-release` prints its path; a build linked with
an older order is fine). Each command runs once under `valgrind --tool=callgrind --demangle=no`
on a copy without DWARF (`strip -g`: valgrind cannot read the static binary's debug info; the
symbol table stays), on a fresh store, with the loopback server of server.py answering:

  --version; --help; weather Paris (fresh); weather Paris --offline; weather Paris (cache hit);
  nyt bigN --format json and --format table for each N of --docs.

stdout is /dev/null, but for `--format json`, which writes into a regular file, as `> file` (and
`bench.py`) has it.

The functions each run executes that BINARY defines are written in that order of commands
(what `--version` runs first, then what `--help` adds, and so on), and inside one command's
group the hottest first (callgrind's self instructions). lld places each input section by its
first listed symbol, so the sections these commands touch end up side by side at the start of
.text and the rest of the code after them (docs/design/0025-release-binary-linking.md, "The binary's layout").

A stale order only costs speed: a symbol the binary no longer has is skipped
(`--no-warn-symbol-ordering`), a new function lands after the ordered ones. Regenerate after
large changes; the next release link (a change to any source, or `rm` of the built binary)
picks the file up.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from loopback import environment, start_server  # noqa: E402
ROOT = os.path.dirname(HERE)


def defined_functions(binary):
    """The code symbols BINARY defines once (global, local and weak), by name.

    A local name defined in several objects (the compiler's outlined copies and value witnesses,
    `$sSqwxx`, `objectdestroyTm`) is left out: lld would move every object's copy, and with it
    each whole section holding one, such as the standard library's 1.6 MB of code in one section."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    symbols = [parts for parts in (line.split(None, 2) for line in listing.splitlines()) if len(parts) == 3]
    counts = collections.Counter(name for _, _, name in symbols)
    return {name for _, kind, name in symbols if kind in "TtWwi" and counts[name] == 1}


def self_costs(callgrind_file, binary):
    """Self instructions per function of BINARY's object in one callgrind file (name compression,
    relative positions and the cost line after each `calls=` taken into account)."""
    names, objects = {}, {}
    costs = collections.Counter()
    current_object = current = None
    after_call = False

    def named(table, text):
        match = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not match:
            return text
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), "")

    with open(callgrind_file, errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current_object = named(objects, line[3:].strip())
            elif line.startswith("fn="):
                current = named(names, line[3:].strip())
            elif line.startswith(("cob=", "cfn=")):
                (named(objects, line[4:].strip()) if line.startswith("cob=") else named(names, line[4:].strip()))
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                parts = line.split()
                if current and current_object == binary and len(parts) > 1:
                    costs[re.sub(r"'\d+$", "", current)] += int(parts[1])
    return costs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--docs", default="1000", help="comma-separated sizes of the nyt answers (default 1000)")
    parser.add_argument("--out", default=os.path.join(ROOT, "Linking", "apicli.order"))
    args = parser.parse_args()
    temp = tempfile.mkdtemp(prefix="apicli-order-")
    copy = os.path.join(temp, "apicli")
    shutil.copy(args.binary, copy)
    subprocess.run(["strip", "-g", copy], check=True)
    functions = defined_functions(copy)
    bodies = []
    for docs in (int(n) for n in args.docs.split(",")):
        body = os.path.join(HERE, ".work", f"nyt-big{docs}.json")
        os.makedirs(os.path.dirname(body), exist_ok=True)
        if not os.path.exists(body):
            subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py"), "--docs", str(docs), body],
                           check=True, stdout=subprocess.DEVNULL)
        bodies.append((f"big{docs}", body))
    server, url, _ = start_server(temp, bodies)
    try:
        home = os.path.join(temp, "home")
        env = environment(home, url, {"APICLI_MAX_BODY_MB": "64"})
        weather_db = os.path.join(home, "weather.db")
        commands = [("--version", ["--version"]), ("--help", ["--help"]),
                    ("weather Paris (fresh)", ["weather", "Paris", "--db", weather_db]),
                    ("weather Paris --offline", ["weather", "Paris", "--offline", "--db", weather_db]),
                    ("weather Paris (cache hit)", ["weather", "Paris", "--db", weather_db])]
        for name, _ in bodies:
            for form in ("json", "table"):
                commands.append((f"nyt {name} --format {form}",
                                 ["nyt", name, "--format", form, "--db", os.path.join(home, f"{name}-{form}.db")]))
        order, seen = [], set()
        print(f"{'command':32s} {'instructions':>14s} {'functions':>10s} {'new':>6s}")
        for index, (label, argv) in enumerate(commands):
            out = os.path.join(temp, f"{index}.out")
            with open(os.path.join(temp, f"{index}.stdout"), "wb") if "json" in argv else open(os.devnull, "wb") as sink:
                done = subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
                                       copy, *argv], env=env, stdout=sink, stderr=subprocess.PIPE)
            if done.returncode != 0:
                raise SystemExit(f"{label}: exit {done.returncode}: {done.stderr.decode()[-600:]}")
            costs = self_costs(out, copy)
            ran = [name for name, cost in costs.most_common() if cost > 0 and name in functions]
            new = [name for name in ran if name not in seen]
            seen.update(new)
            order.append((label, new))
            print(f"{label:32s} {sum(costs.values()):14,d} {len(ran):10d} {len(new):6d}")
    finally:
        server.terminate()
        server.wait(timeout=5)
        shutil.rmtree(temp, ignore_errors=True)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as file:
        file.write("# The release link's symbol order (lld --symbol-ordering-file): the functions the common\n"
                   "# commands run, grouped by command in the order below, hottest first in each group.\n"
                   "# Generated by Benchmarks/order_file.py; a stale list only costs speed.\n")
        for label, names in order:
            file.write(f"# {label}: {len(names)}\n")
            file.writelines(name + "\n" for name in names)
    print(f"wrote {sum(len(names) for _, names in order)} symbols to {os.path.relpath(args.out)}")


if __name__ == "__main__":
    main()
