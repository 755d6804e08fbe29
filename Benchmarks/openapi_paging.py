#!/usr/bin/env python3
"""Counts which paging each imported GET operation of the OpenAPI corpus gets.

    openapi_paging.py --apicli PATH [--corpus DIR]

Each GET operation of each document in Tests/Fixtures/real/openapi-corpus is imported
on its own (`apicli provider add corpusN --openapi FILE --operation OP`, in a fresh
temporary XDG_CONFIG_HOME, no APICLI_* or key variables inherited, no network), then
`apicli provider show corpusN --format json` is read for its paging style: page,
offset, cursor, next, link, or none. A provider with an `operations` array counts each
operation's own `paging`. Operations that do not import are counted apart (their
reasons are Benchmarks/openapi_corpus.py's business). Prints the totals, then the
styles by document.
"""
import argparse
import collections
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from openapi_corpus import CORPUS, clean_env, run  # noqa: E402
from openapi_documents import describe  # noqa: E402

STYLES = ["page", "offset", "cursor", "next", "link", "none"]


def styles(provider):
    """The paging style of each operation the shown provider has."""
    operations = provider.get("operations") if isinstance(provider, dict) else None
    holders = operations if isinstance(operations, list) else [provider]
    found = []
    for holder in holders:
        paging = holder.get("paging") if isinstance(holder, dict) else None
        style = paging.get("style") if isinstance(paging, dict) else paging
        found.append(style if isinstance(style, str) else "none")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apicli", required=True, help="the apicli binary that imports")
    parser.add_argument("--corpus", default=CORPUS, help="the folder of documents (default: the repository's corpus)")
    args = parser.parse_args()
    apicli = os.path.abspath(args.apicli)
    totals, failed, by_document = collections.Counter(), 0, {}
    files = sorted(f for f in os.listdir(args.corpus) if re.search(r"\.(json|ya?ml)$", f))
    for number, file in enumerate(files, 1):
        path = os.path.join(args.corpus, file)
        counts = collections.Counter()
        for get in describe(path)["gets"]:
            operation = get["operationId"] or "GET " + get["path"]
            with tempfile.TemporaryDirectory(prefix="apicli-paging-") as folder:
                env = clean_env(folder)
                name = f"corpus{number}"
                if run(apicli, ["provider", "add", name, "--openapi", path, "--operation", operation], env).returncode != 0:
                    failed += 1
                    continue
                shown = run(apicli, ["provider", "show", name, "--format", "json"], env)
                try:
                    counts.update(styles(json.loads(shown.stdout)))
                except ValueError:
                    counts["unreadable show"] += 1
        totals.update(counts)
        by_document[file] = counts
    imported = sum(totals.values())
    print(f"Imported GET operations: {imported} ({failed} did not import)")
    print("Paging: " + ", ".join(f"{style} {totals[style]}" for style in STYLES if totals[style]))
    for file, counts in by_document.items():
        answer = {style: counts[style] for style in STYLES if counts[style] and style != "none"}
        if answer:
            print(f"  {file}: " + ", ".join(f"{style} {count}" for style, count in answer.items()))


if __name__ == "__main__":
    main()
