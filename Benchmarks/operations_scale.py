#!/usr/bin/env python3
"""The scale goals for providers with operations (BENCHMARKS.md); prints figures, asserts nothing.

    operations_scale.py --apicli PATH [--runs N]

1. Import time: `apicli provider add NAME --openapi DOC` (every GET operation) for
   a. Stripe's document in the corpus (Tests/Fixtures/real/openapi-corpus/stripe_spec3_2023-09.yaml, 4 MB YAML);
   b. a generated 5 MB JSON document: 1,900 GET operations (the reader takes 2,000 at most), each with a path parameter,
      a required and an optional query parameter and an answer holding an array of objects.
   Goal: under 2 s each. Best and median of N runs, each in a fresh folder.
2. Start-up cost of a big provider file: `apicli nyt --help` and `apicli nyt x --offline`
   with no providers folder vs with a provider file of 500 operations installed beside it,
   runs interleaved. Goal: at most 2 ms added (median difference).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRIPE = os.path.join(ROOT, "Tests", "Fixtures", "real", "openapi-corpus", "stripe_spec3_2023-09.yaml")


def environment(folder):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("APICLI_", "XDG_")) and not k.endswith("_API_KEY")}
    env.update(HOME=folder, XDG_CONFIG_HOME=os.path.join(folder, "config"), XDG_DATA_HOME=os.path.join(folder, "data"),
               APICLI_DB=os.path.join(folder, "store.sqlite3"))
    return env


def generated_document(path, operations=1900):
    """An OpenAPI 3 document of `operations` GET operations, written to `path`; its size in bytes."""
    paths = {}
    for n in range(operations):
        paths[f"/collection{n}/{{id}}/items"] = {"get": {
            "operationId": f"listCollection{n}Items",
            "summary": f"Items of collection {n}, with a summary long enough to be realistic for a real API.",
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                {"name": "kind", "in": "query", "required": True, "schema": {"type": "string", "enum": ["a", "b", "c"]}},
                {"name": "since", "in": "query", "schema": {"type": "string", "format": "date"},
                 "description": "Only items changed since this day."},
            ],
            "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {
                "type": "object", "properties": {
                    "total": {"type": "integer"},
                    "items": {"type": "array", "items": {"type": "object", "properties": {
                        "id": {"type": "string"}, "name": {"type": "string"}, "url": {"type": "string", "format": "uri"},
                        "created_at": {"type": "string", "format": "date-time"}, "count": {"type": "integer"},
                        "description": {"type": "string", "description": "What the item is, in a sentence or two."},
                        "owner": {"type": "object", "properties": {"login": {"type": "string"}, "id": {"type": "integer"}}},
                        "updated_at": {"type": "string", "format": "date-time"}, "score": {"type": "number"}}}}}}}}}},
        }}
    document = {"openapi": "3.0.3", "info": {"title": "Generated", "version": "1"},
                "servers": [{"url": "https://generated.invalid/v1"}], "paths": paths}
    with open(path, "w") as f:
        json.dump(document, f, indent=2)
    return os.path.getsize(path)


def time_import(apicli, document, runs):
    times, shown = [], None
    for _ in range(runs):
        folder = tempfile.mkdtemp(prefix="apicli-ops-")
        try:
            start = time.perf_counter()
            added = subprocess.run([apicli, "provider", "add", "big", "--openapi", document],
                                   env=environment(folder), capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if added.returncode != 0:
                return None, added.stderr.strip().splitlines()[-1:]
            show = subprocess.run([apicli, "provider", "show", "big", "--format", "json"],
                                  env=environment(folder), capture_output=True, text=True)
            shown = len(json.loads(show.stdout)["operations"])
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return times, shown


def big_provider(folder, operations=500):
    """A format-2 provider file of `operations` operations, installed in `folder`'s config."""
    ops = [{"name": f"op{n}", "summary": f"Operation {n}.", "path": f"/things{n}/{{id}}",
            "arguments": [{"name": "id", "parameter": "id", "type": "integer"}],
            "options": [{"name": "kind", "parameter": "kind", "type": "choice", "choices": ["a", "b"], "required": True}],
            "items": "items", "id": "id", "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": True}]}
           for n in range(operations)]
    file = {"apicli": 2, "name": "big", "summary": "500 operations.", "baseURL": "https://big.invalid", "key": "none",
            "operations": ops}
    providers = os.path.join(folder, "config", "apicli", "providers")
    os.makedirs(providers, mode=0o700)
    path = os.path.join(providers, "big.json")
    with open(path, "w") as f:
        json.dump(file, f, indent=2)
    os.chmod(path, 0o600)
    return os.path.getsize(path)


def touches(apicli, args, env, name):
    """Whether the run opens or reads a file whose path ends with `name` (strace): the reason
    the wall-time difference can only be noise when it does not."""
    with tempfile.TemporaryDirectory() as out:
        log = os.path.join(out, "trace")
        subprocess.run(["strace", "-f", "-e", "trace=%file", "-o", log, apicli] + args, env=env, capture_output=True)
        with open(log) as f:
            return any(name in line for line in f)


def run_once(apicli, args, env):
    start = time.perf_counter()
    subprocess.run([apicli] + args, env=env, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apicli", required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    apicli = os.path.abspath(args.apicli)

    scratch = tempfile.mkdtemp(prefix="apicli-ops-docs-")
    try:
        generated = os.path.join(scratch, "generated.json")
        size = generated_document(generated)
        for label, document in [(f"Stripe (corpus, {os.path.getsize(STRIPE) / 1e6:.1f} MB YAML)", STRIPE),
                                (f"generated ({size / 1e6:.1f} MB JSON)", generated)]:
            times, shown = time_import(apicli, document, args.runs)
            if times is None:
                print(f"import {label}: failed: {shown}")
                continue
            print(f"import {label}: {shown} operations; best {min(times):.3f} s, median {statistics.median(times):.3f} s "
                  f"over {len(times)} runs (goal < 2 s)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    bare, loaded = tempfile.mkdtemp(prefix="apicli-ops-bare-"), tempfile.mkdtemp(prefix="apicli-ops-big-")
    try:
        file_size = big_provider(loaded)
        for command in (["nyt", "--help"], ["nyt", "x", "--offline"]):
            without, with_file = [], []
            for _ in range(args.runs * 6):
                without.append(run_once(apicli, command, environment(bare)))
                with_file.append(run_once(apicli, command, environment(loaded)))
            a, b = statistics.median(without) * 1000, statistics.median(with_file) * 1000
            print(f"apicli {' '.join(command)}: median {a:.2f} ms without, {b:.2f} ms with a 500-operation file "
                  f"({file_size / 1e3:.0f} kB) installed: {b - a:+.2f} ms (goal <= 2 ms; {len(without)} interleaved runs each)")
            if shutil.which("strace"):
                opened = touches(apicli, command, environment(loaded), "big.json")
                print(f"    the 500-operation file is {'read' if opened else 'never opened'} by this run (strace)")
    finally:
        shutil.rmtree(bare, ignore_errors=True)
        shutil.rmtree(loaded, ignore_errors=True)


if __name__ == "__main__":
    main()
