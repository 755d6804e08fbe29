#!/usr/bin/env python3
"""Reads YAML and JSON documents with apicli's readers and with PyYAML (or Python's json), and prints where they differ.

    Benchmarks/compare_pyyaml.py FILE...     (needs PyYAML: pip install pyyaml; the product does not)

For each file: apicli's tree (DocumentReadingBenchmark --json) and PyYAML's safe_load (Python's json
module for `.json` files), compared value by value. Numbers compare by value. The differences expected from
YAML 1.1 (PyYAML) against 1.2 (apicli) are counted apart: timestamps, which PyYAML makes dates and apicli
keeps as text (counted, not listed), and words such as `yes`/`on`, which PyYAML makes booleans (listed).
"""
import datetime
import json
import os
import subprocess
import sys
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "DocumentReadingBenchmark")


def normal(value):
    """PyYAML's value with keys as JSON would write them and dates as text."""
    if isinstance(value, dict):
        return {json_key(k): normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normal(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return Timestamp(value)
    return value


class Timestamp:
    """A value PyYAML made a date or time: apicli keeps the text as written, on purpose."""

    def __init__(self, value):
        self.value = value


def json_key(key):
    return json.dumps(key) if isinstance(key, bool) or key is None else str(key)


TIMESTAMPS = [0]


def differences(a, b, path="", out=None):
    out = [] if out is None else out
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            out.append(f"{path}: keys {sorted(set(a) ^ set(b))[:5]} differ" if set(a) != set(b) else f"{path}: key order")
        for k in a:
            if k in b:
                differences(a[k], b[k], f"{path}/{k}", out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} vs {len(b)} items")
        for i, (x, y) in enumerate(zip(a, b)):
            differences(x, y, f"{path}/{i}", out)
    elif isinstance(b, Timestamp):
        if not isinstance(a, str):
            out.append(f"{path}: apicli {a!r}, PyYAML the timestamp {b.value}")
        else:
            TIMESTAMPS[0] += 1
    elif isinstance(a, bool) or isinstance(b, bool):
        if a is not b:
            out.append(f"{path}: apicli {a!r}, PyYAML {b!r}")
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if float(a) != float(b):
            out.append(f"{path}: apicli {a!r}, PyYAML {b!r}")
    elif a != b:
        out.append(f"{path}: apicli {a!r:.60}, PyYAML {b!r:.60}")
    return out


def main(files):
    bad = 0
    for file in files:
        start = time.monotonic()
        ours = subprocess.run([BINARY, "--json", file], capture_output=True, text=True)
        elapsed = time.monotonic() - start
        name = os.path.basename(file)
        try:
            with open(file, "rb") as f:
                theirs = normal(json.load(f) if file.endswith(".json") else yaml.load(f, Loader=yaml.CSafeLoader))
        except Exception as error:  # PyYAML refusing is a finding, not a crash
            theirs = f"PyYAML refused: {str(error).splitlines()[0]}"
        if ours.returncode != 0:
            print(f"{name}: apicli refused ({elapsed:.2f} s): {ours.stderr.strip()} | {theirs if isinstance(theirs, str) else 'PyYAML read it'}")
            bad += 1
            continue
        if isinstance(theirs, str):
            print(f"{name}: apicli read it ({elapsed:.2f} s); {theirs}")
            continue
        TIMESTAMPS[0] = 0
        found = differences(json.loads(ours.stdout), theirs)
        kept = f", {TIMESTAMPS[0]} timestamps kept as text" if TIMESTAMPS[0] else ""
        print(f"{name}: {'same' if not found else f'{len(found)} differences'}{kept} ({os.path.getsize(file) / 1e6:.1f} MB, {elapsed:.2f} s)")
        for line in found[:5]:
            print("   ", line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
