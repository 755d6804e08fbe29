#!/usr/bin/env python3
"""Writes one NYT Article Search response holding N docs built from the real fixtures.

    make_nyt_body.py --docs N OUT          (exactly N docs)
    make_nyt_body.py --megabytes M OUT     (docs until the body reaches M MiB)

Each doc is a real fixture doc (all three real shapes, in turn) with a fresh
`_id` (hex, like the real ones) and its web_url made unique, so every doc is a
new article to upsert. The envelope is the real one (`status`, `copyright`,
`response.meta.hits`).
"""
import argparse
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NYT = os.path.join(ROOT, "Tests", "Fixtures", "real", "nyt")
SOURCES = [
    "nyt-2016-11-compact-escaped-slashes.json",
    "nyt-2016-05-dog-video-multimedia-docs.json",
    "nyt-2017-03-wordcount-int-printpage-int.json",
]


def fixture_docs():
    docs = []
    for name in SOURCES:
        with open(os.path.join(NYT, name), encoding="utf-8") as f:
            docs += json.load(f)["response"]["docs"]
    return docs


def main():
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--docs", type=int)
    group.add_argument("--megabytes", type=float)
    parser.add_argument("--echo", action="store_true",
                        help="end each doc's snippet with @KEY@ (server.py echoes the request's key there)")
    parser.add_argument("out")
    args = parser.parse_args()
    base = fixture_docs()
    limit = None if args.megabytes is None else int(args.megabytes * 1024 * 1024)
    parts, size, i = [], 0, 0
    while (args.docs is not None and i < args.docs) or (limit is not None and size < limit - 300):
        doc = dict(base[i % len(base)])
        doc["_id"] = "%024x" % (0xBE0C << 80 | i)
        if args.echo:
            doc["snippet"] = (doc.get("snippet") or "") + " @KEY@"
        if doc.get("web_url"):
            doc["web_url"] = doc["web_url"] + "?bench=%d" % i
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        parts.append(text)
        size += len(text.encode("utf-8")) + 1
        i += 1
    body = (
        '{"status":"OK","copyright":"Copyright (c) 2017 The New York Times Company. All Rights Reserved.",'
        '"response":{"meta":{"hits":%d,"offset":0,"time":42},"docs":[' % i
        + ",".join(parts)
        + "]}}"
    )
    with open(args.out + ".tmp", "w", encoding="utf-8") as f:
        f.write(body)
    os.replace(args.out + ".tmp", args.out)
    print(i)


if __name__ == "__main__":
    main()
