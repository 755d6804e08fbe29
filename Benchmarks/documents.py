#!/usr/bin/env python3
"""How long reading an OpenAPI document takes (goal: a 5 MB document imported in under 2 s).

Builds Benchmarks/DocumentReading in release, makes documents from NYT's real Books API document
(its `paths` repeated under new names until the size is reached), and reads each in its own process:
  - 5 MB of YAML and 5 MB of JSON, the goal's size;
  - 100 MB of each with the size bound raised, for time and peak memory on a hostile size;
  - 100 MB with the default bound (64 MiB), which must be refused at once.
Prints figures; it never fails on timing.

    Benchmarks/documents.py [--runs N] [--skip-build] [--no-big]
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "APIDocumentsTests", "Fixtures", "nyt")
WORK = os.path.join(ROOT, "Benchmarks", ".work", "documents")
MIB = 1 << 20


def yaml_document(size):
    """books_api.yaml with its paths block (the lines between `paths:` and the next top-level key) repeated."""
    lines = open(os.path.join(FIXTURES, "books_api.yaml"), encoding="utf-8").read().split("\n")
    start = lines.index("paths:") + 1
    end = next(i for i in range(start, len(lines)) if lines[i] and not lines[i].startswith(" "))
    head, block, tail = lines[:start], lines[start:end], lines[end:]
    out, copy, length = list(head), 0, sum(len(l) + 1 for l in head + tail)
    while length < size:
        for line in block:
            if line.startswith("  '/"):
                line = f"  '/copy{copy}" + line[3:]
            out.append(line)
            length += len(line) + 1
        copy += 1
    return "\n".join(out + tail)


def json_document(size):
    """The same document as PyYAML read it (the committed fixture), with its paths repeated."""
    document = json.load(open(os.path.join(FIXTURES, "books_api.pyyaml.json"), encoding="utf-8"))
    paths = document["paths"]
    one = len(json.dumps(paths, indent=2))
    document["paths"] = {f"/copy{n}{path}": value for n in range(size // one + 1) for path, value in paths.items()}
    return json.dumps(document, indent=2, ensure_ascii=False)


def make(name, text):
    os.makedirs(WORK, exist_ok=True)
    path = os.path.join(WORK, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--no-big", action="store_true", help="skip the 100 MB documents")
    args = parser.parse_args()
    if not args.skip_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "DocumentReadingBenchmark"], cwd=ROOT, check=True)
    binary = os.path.join(ROOT, ".build", "release", "DocumentReadingBenchmark")
    runs = [
        ([make("openapi-5mb.yaml", yaml_document(5 * MIB))], []),
        ([make("openapi-5mb.json", json_document(5 * MIB))], []),
    ]
    if not args.no_big:
        big_yaml = make("openapi-100mb.yaml", yaml_document(100_000_000))
        big_json = make("openapi-100mb.json", json_document(100_000_000))
        runs += [([big_yaml], ["--max-bytes", str(200 * MIB), "--runs", "1"]),
                 ([big_json], ["--max-bytes", str(200 * MIB), "--runs", "1"]),
                 ([big_json], ["--runs", "1"])]
    failures = 0
    for files, options in runs:
        extra = [] if "--runs" in options else ["--runs", str(args.runs)]
        result = subprocess.run([binary] + extra + options + files, capture_output=True, text=True)
        sys.stdout.write(result.stdout.replace(ROOT + "/", ""))
        sys.stderr.write(result.stderr)
        # The default bound refusing 100 MB is the expected answer, not a failure.
        failures += result.returncode != 0 and "--max-bytes" in options or result.returncode != 0 and "5mb" in files[0]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
