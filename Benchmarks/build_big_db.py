#!/usr/bin/env python3
"""Scenario 4's store: N articles in apicli's own schema, with its FTS5 index.

    build_big_db.py DB N

DB must already hold apicli's schema (the runner creates it with a first
`apicli nyt … --offline --db DB`, which runs the migrations). The articles are
the real fixture docs' text, in turn, each with two extra words from a
synthetic vocabulary (so some searches match many articles and some few), a
fresh id and a spread of dates. The FTS insert trigger is dropped for the
bulk insert and the index is rebuilt in one pass ('rebuild'), then the trigger
is restored exactly as the migration wrote it.
"""
import json
import os
import random
import sqlite3
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_nyt_body import fixture_docs  # noqa: E402
from baseline_persist import row  # noqa: E402

SYLLABLES = ["ka", "lo", "mi", "ren", "tu", "vor", "zel", "qui", "dra", "pon", "sif", "bex"]


def vocabulary(size):
    words = []
    for i in range(size):
        n, w = i, ""
        for _ in range(3):
            w += SYLLABLES[n % len(SYLLABLES)]
            n //= len(SYLLABLES)
        words.append(w + str(i % 97))
    return words


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(7)
    words = vocabulary(20000)
    base = [row(d, 0.0) for d in fixture_docs()]
    db = sqlite3.connect(path, isolation_level=None)
    # Stores before NYT migration 2 index new rows by an insert trigger; it is set aside while the
    # rows go in (the index is rebuilt once below) and put back. Later stores have none.
    found = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'nyt_articles_fts_insert'").fetchone()
    trigger = found[0] if found else None
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    if trigger:
        db.execute("DROP TRIGGER nyt_articles_fts_insert")
    now = time.time()
    start = 1262304000  # 2010-01-01

    def rows():
        for i in range(count):
            r = list(base[i % len(base)])
            # Zipf-like: low ranks are common words, high ranks rare ones.
            extra = " ".join(words[min(int(rng.paretovariate(0.6)) - 1, len(words) - 1)] for _ in range(2))
            r[0] = "%024x" % (0xB16 << 80 | i)
            r[1] = (r[1] or "https://www.nytimes.com/") + "?n=%d" % i
            r[2] = (r[2] or "") + " " + extra
            r[7] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + i * 457))
            r[18] = now
            yield [i + 1] + r

    db.executemany(
        "INSERT INTO nyt_articles (num, id, web_url, headline, abstract, lead_paragraph, snippet, byline, pub_date,"
        " section_name, subsection_name, news_desk, type_of_material, document_type, word_count, print_page,"
        " source, keywords, multimedia, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows())
    db.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts) VALUES ('rebuild')")
    if trigger:
        db.execute(trigger)
    db.execute("COMMIT")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("ANALYZE")
    db.close()
    print(json.dumps({"articles": count, "common": words[0], "rare": words[300]}))


if __name__ == "__main__":
    main()
