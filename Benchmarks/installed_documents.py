#!/usr/bin/env python3
"""Installed documents cost nothing until used (BENCHMARKS.md, "Installed documents"); prints figures,
asserts nothing about time.

    installed_documents.py --apicli PATH [--runs N] [--json FILE]

Every document of Tests/Fixtures/real/openapi-corpus/ is imported whole into one home, as a user would
(`apicli provider add NAME --openapi FILE`, with `--base-url` or `--bearer` when the document's own
error asks for it); a second home has no provider file at all, a third has xkcd's alone. Then, each
pair interleaved (the order alternates every round), medians of N runs a side:

  1. `apicli --help`                          corpus vs none
  2. `apicli providers`                       corpus vs none
  3. `apicli completions bash`                corpus vs none
  4. `apicli weather Paris --refresh`         corpus vs none  (another provider: compiled)
  5. `apicli xkcd info --refresh`             corpus vs xkcd alone  (another provider: a provider file)
  6. `apicli stripe balance --refresh`        vs `xkcd info --refresh`, both in the corpus home
                                              (one operation of a 4 MB document vs one of a small one)

The goal is a ratio of at most 2 on every row. The runs go to server.py on 127.0.0.1 (the provider
files' base URLs point at its /record/ route, weather at its forecast). Every timed run's exit code
is checked, and its stdout must be as long as the first run's of the same command and not empty: a
run that failed or printed something else stops the benchmark. Each home's index is made by an
untimed run first, as the first command after an import makes it.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
from loopback import environment, start_server  # noqa: E402

ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "real", "openapi-corpus")


def provider_name(document):
    """`stripe_spec3_2023-09.yaml` -> `stripe`: the file's first word, made unique by the caller."""
    return re.sub(r"[^a-z0-9]+", "-", os.path.basename(document).split(".")[0].lower()).strip("-")


def key_variable(name):
    return name.upper().replace("-", "_") + "_API_KEY"


def add(apicli, env, name, document):
    """Imports `document` whole as `name`; retries with the flag its error asks for. The flags used, or None."""
    for flags in ([], ["--base-url", "https://api.example.com"], ["--bearer"],
                  ["--base-url", "https://api.example.com", "--bearer"]):
        done = subprocess.run([apicli, "provider", "add", name, "--openapi", document] + flags,
                              env=env, capture_output=True, text=True, timeout=300)
        if done.returncode == 0:
            return flags
        if "--base-url" not in done.stderr and "--bearer" not in done.stderr:
            return None
    return None


def run(argv, env):
    """(seconds, stdout bytes) of one run; a failed run stops the benchmark."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, env=env, stdout=out, stderr=err)
        child.wait()
        elapsed = time.perf_counter() - start
        if child.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{' '.join(argv[1:])} exited {child.returncode}: {err.read().decode()[-400:]}")
        return elapsed, out.tell()


def interleaved(runs, first, second):
    """Medians (ms) of `runs` timings of each side, alternating which goes first; every stdout checked."""
    times = ([], [])
    sizes = ([], [])
    sides = (first, second)
    for round_ in range(runs):
        order = (0, 1) if round_ % 2 == 0 else (1, 0)
        for side in order:
            argv, env = sides[side]
            elapsed, size = run(argv, env)
            times[side].append(elapsed)
            sizes[side].append(size)
    for side in (0, 1):
        argv = sides[side][0]
        if sizes[side][0] == 0 or len(set(sizes[side])) != 1:
            raise SystemExit(f"{' '.join(argv[1:])}: stdout sizes {sorted(set(sizes[side]))}")
    return [statistics.median(t) * 1000 for t in times], [s[0] for s in sizes]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--apicli", required=True)
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    apicli = os.path.abspath(args.apicli)
    work = tempfile.mkdtemp(prefix="apicli-installed-")
    server, url, _ = start_server(work)
    try:
        keys = {}
        corpus_env = environment(os.path.join(work, "corpus"), url)
        imported, left = [], []
        names = set()
        started = time.perf_counter()
        for document in sorted(os.listdir(CORPUS)):
            if not document.endswith((".json", ".yaml", ".yml")):
                continue
            name = provider_name(document)
            while name in names:
                name += "-2"
            flags = add(apicli, corpus_env, name, os.path.join(CORPUS, document))
            (imported if flags is not None else left).append((document, name, flags))
            if flags is not None:
                names.add(name)
        import_seconds = time.perf_counter() - started
        stripe = next(name for document, name, _ in imported if document.startswith("stripe"))
        xkcd = next(name for document, name, _ in imported if document.startswith("apisguru_xkcd"))
        for _, name, _ in imported:
            keys[key_variable(name)] = "bench-fake-key-0123"
            keys[f"APICLI_{name.upper().replace('-', '_')}_BASE_URL"] = url + "/record"
        corpus_env.update(keys)
        none_env = environment(os.path.join(work, "none"), url, keys)
        alone_env = environment(os.path.join(work, "alone"), url, keys)
        add(apicli, alone_env, xkcd, os.path.join(CORPUS, "apisguru_xkcd.com_openapi.yaml"))

        folder = os.path.join(corpus_env["XDG_CONFIG_HOME"], "apicli", "providers")
        files = [f for f in os.listdir(folder) if f.endswith(".json")]
        total = sum(os.path.getsize(os.path.join(folder, f)) for f in files)
        operations = 0
        for f in files:
            shown = subprocess.run([apicli, "provider", "show", f[:-5], "--format", "json"], env=corpus_env,
                                   capture_output=True, text=True)
            operations += len(json.loads(shown.stdout)["operations"]) if shown.returncode == 0 else 0
        print(f"corpus: {len(imported)} of {len(imported) + len(left)} documents imported in {import_seconds:.1f} s, "
              f"{operations} operations, {total / 1e6:.1f} MB of provider files"
              + (f"; not imported: {', '.join(d for d, _, _ in left)}" if left else ""))

        for env in (corpus_env, none_env, alone_env):
            run([apicli, "providers"], env)  # the index, as the first command after an import makes it
        balance = [apicli, stripe, "balance", "--refresh"]
        info = [apicli, xkcd, "info", "--refresh"]
        for env in (corpus_env, alone_env):
            run(info, env)
        run(balance, corpus_env)

        rows = [
            ("apicli --help", ([apicli, "--help"], corpus_env), ([apicli, "--help"], none_env), "corpus / none"),
            ("apicli providers", ([apicli, "providers"], corpus_env), ([apicli, "providers"], none_env), "corpus / none"),
            ("apicli completions bash", ([apicli, "completions", "bash"], corpus_env),
             ([apicli, "completions", "bash"], none_env), "corpus / none"),
            ("apicli weather Paris --refresh", ([apicli, "weather", "Paris", "--refresh"], corpus_env),
             ([apicli, "weather", "Paris", "--refresh"], none_env), "corpus / none"),
            (f"apicli {xkcd} info --refresh", (info, corpus_env), (info, alone_env), "corpus / alone"),
            (f"apicli {stripe} balance --refresh vs {xkcd} info", (balance, corpus_env), (info, corpus_env),
             "4 MB doc / small"),
        ]
        figures = []
        load = os.getloadavg()[0]
        print(f"medians of {args.runs} interleaved runs a side, load average {load:.1f} before")
        print(f"{'command':<56} {'side A':>9} {'side B':>9} {'A/B':>6}  sides     goal")
        for label, a, b, sides in rows:
            (ma, mb), (sa, sb) = interleaved(args.runs, a, b)
            figures.append({"command": label, "a_ms": round(ma, 2), "b_ms": round(mb, 2), "ratio": round(ma / mb, 2),
                            "sides": sides, "stdout_bytes": [sa, sb]})
            print(f"{label:<56} {ma:>7.2f}ms {mb:>7.2f}ms {ma / mb:>5.2f}x  {sides:<16} <= 2x "
                  f"{'yes' if ma / mb <= 2 else 'no'}")
        print(f"load average {os.getloadavg()[0]:.1f} after")
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"runs": args.runs, "documents": len(imported), "operations": operations, "rows": figures}, f,
                          indent=2)
    finally:
        server.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
