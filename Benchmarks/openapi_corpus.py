#!/usr/bin/env python3
"""Describes the OpenAPI corpus (Tests/Fixtures/real/openapi-corpus) and, with --apicli, what an apicli binary imports from it.

    openapi_corpus.py [--corpus DIR] [--apicli PATH [--yaml-as-json]] [--json FILE] [--reasons N]

For each document in Tests/Fixtures/real/openapi-corpus (or --corpus DIR) it prints:
format, version, size, the number of GET operations, how many have path
parameters and how many more than one, the servers the GET operations resolve
to (absolute, relative, missing, with variables), the security schemes by type,
and the shapes of the GET operations' 200 answers (a bare array, an object with
an array of objects somewhere, parallel arrays such as Open-Meteo's
hourly.time[] / hourly.temperature_2m[], a plain object, or unknown). Totals
follow the table.

With --apicli PATH it also imports each document the way a user would, each in
its own temporary XDG_CONFIG_HOME (and HOME, XDG_DATA_HOME, XDG_CACHE_HOME,
XDG_STATE_HOME, APICLI_DB), with no APICLI_* or key variables inherited:
`apicli provider add corpusN --openapi FILE`, then
`apicli provider show corpusN --format json`, counting its `operations` array
(a provider file without one counts as one operation). An importer that still
insists on --operation (exit 64 naming --operation, as apicli did before issue
20) is driven one GET operation at a time with `--operation ID-or-'GET /path'`,
each in a fresh folder, so the figures stay comparable. Every operation left out
is counted under its one-line reason (the importer's last stderr line, with the
document path removed). The importer is never pointed at a URL and makes no
network request here. --yaml-as-json gives it a JSON copy of each YAML document
instead (what a user converting by hand would give it; timestamps become text),
to see the refusals behind "not JSON".

The reading of one document is in Benchmarks/openapi_documents.py.

YAML: PyYAML is used when it is installed. Without it the YAML documents are
listed as not read and every total counts the JSON documents only (the script
says so). Only the Python 3 standard library is needed otherwise.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # importing the helper below leaves no __pycache__ in Benchmarks/
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from openapi_documents import SHAPES, describe, load, yaml  # noqa: E402

ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "real", "openapi-corpus")


def clean_env(folder):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("APICLI_") and not k.endswith("_API_KEY") and not k.startswith("XDG_")}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = os.path.join(folder, name.lower())
    env["HOME"] = folder
    env["APICLI_DB"] = os.path.join(folder, "apicli.sqlite")
    return env


def reason(stderr, path):
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    text = lines[-1] if lines else "(no message)"
    text = text.replace(path, "FILE").replace(os.path.basename(path), "FILE")
    text = re.sub(r"^apicli: (error: |warning: )?", "", text)
    text = re.sub(r"^left out .+?: (?=FILE\b|the |no |served )", "", text)  # one line per operation an import left out
    text = re.sub(r"/\S*/apicli-corpus-[^/\s]+/\S*/(corpus\d+\.json)", r"PROVIDERS/\1", text)
    text = re.sub(r"\bcorpus\d+\b", "corpusN", text)
    return re.sub(r"FILE:\d+: ", "FILE: ", text)


def cause(text):
    """A reason without its details (the parameter list, the conversion advice), to group by."""
    text = text.split(". Convert it first")[0]
    text = re.sub(r"\{[^{}]+\}", "{…}", text)
    text = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r"\s*\([^()]*\)$", "", text)


def run(apicli, args, env):
    return subprocess.run([apicli] + args, env=env, capture_output=True, text=True, timeout=120)


def imported_count(apicli, name, env):
    shown = run(apicli, ["provider", "show", name, "--format", "json"], env)
    if shown.returncode != 0:
        return 0
    try:
        provider = json.loads(shown.stdout)
    except ValueError:
        return 1
    operations = provider.get("operations") if isinstance(provider, dict) else None
    return len(operations) if isinstance(operations, list) else 1


def import_document(apicli, info, path, number):
    """Imported count and Counter of reasons for what was left out."""
    reasons = collections.Counter()
    name = f"corpus{number}"
    with tempfile.TemporaryDirectory(prefix="apicli-corpus-") as folder:
        env = clean_env(folder)
        whole = run(apicli, ["provider", "add", name, "--openapi", path], env)
        if whole.returncode == 0:
            count = imported_count(apicli, name, env)
            for line in whole.stderr.splitlines():  # one line per operation left out
                if line.strip() and not line.startswith("apicli: added"):
                    reasons[reason(line, path)] += 1
            missing = len(info["gets"]) - count - sum(reasons.values())
            if missing > 0:
                reasons["left out without a line of its own"] += missing
            return count, reasons, "whole"
        if not (whole.returncode == 64 and "--operation" in whole.stderr):
            reasons[reason(whole.stderr, path)] += len(info["gets"])
            return 0, reasons, "whole"
    count = 0  # today's importer: one operation per provider, named with --operation
    for get in info["gets"]:
        operation = get["operationId"] or "GET " + get["path"]
        with tempfile.TemporaryDirectory(prefix="apicli-corpus-") as folder:
            env = clean_env(folder)
            added = run(apicli, ["provider", "add", name, "--openapi", path, "--operation", operation], env)
            if added.returncode == 0:
                count += imported_count(apicli, name, env)
                get["imported"] = True
            else:
                get["imported"], get["reason"] = False, reason(added.stderr, path)
                reasons[get["reason"]] += 1
    return count, reasons, "per operation"


def short(counter, order=None, width=34):
    keys = order or sorted(counter, key=lambda k: -counter[k])
    text = " ".join(f"{k}:{counter[k]}" for k in keys if counter.get(k))
    return text if len(text) <= width else text[: width - 1] + "…"


def as_json(path, folder):
    """A JSON copy of a YAML document, as a user would make by hand (timestamps become text)."""
    doc, _, problem = load(path)
    if problem:
        return path
    target = os.path.join(folder, os.path.splitext(os.path.basename(path))[0] + ".json")
    with open(target, "w") as f:
        json.dump(doc, f, default=str)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=CORPUS, help="the folder of documents (default: the repository's corpus)")
    parser.add_argument("--apicli", help="an apicli binary: also import every document and count what imports")
    parser.add_argument("--json", help="also write the per-document figures to this file")
    parser.add_argument("--reasons", type=int, default=12, help="how many distinct refusal reasons to list")
    parser.add_argument("--yaml-as-json", action="store_true",
                        help="with --apicli: give the importer each YAML document converted to JSON (dates as text), "
                             "to see what it would refuse once YAML is read")
    args = parser.parse_args()

    files = sorted(f for f in os.listdir(args.corpus) if re.search(r"\.(json|ya?ml)$", f))
    infos = [describe(os.path.join(args.corpus, f)) for f in files]
    if yaml is None:
        print("PyYAML is not installed: YAML documents are not read; every total counts the JSON documents only.\n")
    else:
        print(f"YAML read with PyYAML {getattr(yaml, '__version__', '?')}.\n")

    all_reasons = collections.Counter()
    if args.apicli:
        apicli = os.path.abspath(args.apicli)
        for number, info in enumerate(infos, 1):
            if info["problem"]:
                info["imported"], info["mode"] = None, "not read"
                continue
            path = os.path.join(args.corpus, info["file"])
            with tempfile.TemporaryDirectory(prefix="apicli-corpus-json-") as converted:
                if args.yaml_as_json and info["format"] == "YAML":
                    path = as_json(path, converted)
                count, reasons, mode = import_document(apicli, info, path, number)
            info["imported"], info["mode"] = count, mode
            info["reasons"] = dict(reasons)
            for text, count in reasons.items():
                all_reasons[cause(text)] += count

    header = f"{'document':38} {'fmt':4} {'version':13} {'KB':>6} {'GET':>4} {'path':>4} {'>1':>3}  " \
             f"{'servers':24} {'security':30} {'200 answers':44}"
    if args.apicli:
        header += f" {'imported':>8}"
    print(header)
    print("-" * len(header))
    totals = collections.Counter()
    servers, shapes, security = collections.Counter(), collections.Counter(), collections.Counter()
    for info in infos:
        gets = info["gets"]
        with_path = sum(1 for g in gets if g["pathParameters"] > 0)
        several = sum(1 for g in gets if g["pathParameters"] > 1)
        line = f"{info['file'][:38]:38} {info['format']:4} {info['version'][:13]:13} {info['bytes'] / 1024:6.0f} "
        if info["problem"]:
            print(line + f"{'-':>4}  {info['problem']}")
            continue
        totals.update(documents=1, gets=len(gets), with_path=with_path, several=several, bytes=info["bytes"])
        totals["json" if info["format"] == "JSON" else "yaml"] += 1
        totals[info["version"].split(".")[0] + ("." + info["version"].split(".")[1] if "." in info["version"] else "")] += 1
        servers.update(info["servers"])
        shapes.update(info["shapes"])
        security.update(info["security"])
        line += f"{len(gets):4} {with_path:4} {several:3}  {short(info['servers'], width=24):24} " \
                f"{(', '.join(info['security']) or 'none')[:30]:30} {short(info['shapes'], SHAPES, width=44):44}"
        if args.apicli:
            line += f" {info['imported']:8}"
            totals["imported"] += info["imported"]
        print(line)

    print()
    print(f"Documents: {totals['documents']} ({totals['json']} JSON, {totals['yaml']} YAML), "
          f"{totals['bytes'] / 1048576:.1f} MB; versions: "
          + ", ".join(f"{k} {v}" for k, v in sorted(totals.items()) if k.startswith(("Swagger", "OpenAPI"))))
    print(f"GET operations: {totals['gets']}; with path parameters: {totals['with_path']}; "
          f"with more than one: {totals['several']}")
    print("Servers of the GET operations: " + short(servers, width=200))
    print("Security schemes (documents declaring each): " + short(security, width=300))
    print("200 answers of the GET operations: " + short(shapes, SHAPES, width=200))
    if args.apicli and totals["gets"]:
        share = 100.0 * totals["imported"] / totals["gets"]
        given = " (YAML documents given as JSON)" if args.yaml_as_json else ""
        print(f"\nImported by {args.apicli}{given}: {totals['imported']} of {totals['gets']} GET operations ({share:.1f}%)")
        print("Left out, by cause (operations; --json FILE keeps each operation's own line):")
        for text, count in all_reasons.most_common(args.reasons):
            print(f"  {count:5}  {text[:150]}")
        if len(all_reasons) > args.reasons:
            rest = sum(c for _, c in all_reasons.most_common()[args.reasons:])
            print(f"  {rest:5}  ({len(all_reasons) - args.reasons} other reasons; --reasons N lists more)")
    if args.apicli:
        print("\nWhat the importer did, document by document (each distinct line, with how many operations got it):")
        for info in infos:
            if info["problem"]:
                print(f"  {info['file']}: not read ({info['problem']})")
                continue
            print(f"  {info['file']}: {info['imported']} of {len(info['gets'])} GET operations imported ({info['mode']})")
            for text, count in sorted(info["reasons"].items(), key=lambda r: -r[1]):
                print(f"      {count:4} × {text[:160]}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(infos, f, indent=2, default=dict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
