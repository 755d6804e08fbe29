#!/usr/bin/env python3
"""Scenario 3's baseline: what a user would write instead of apicli.

    baseline_persist.py URL DB [--no-fts]

Fetches the body from the loopback server (as apicli does), parses it with
Python's `json`, and upserts every doc with one `executemany` in one
transaction into an equivalent table: by default apicli's own NYT schema,
read from Plugins/NYT/Storage/NYTSchema.swift (so the FTS5 index and its
triggers are maintained as in apicli); with --no-fts, the same table with no
full-text index. The fields kept are the ones apicli keeps.
"""
import json
import os
import re
import sqlite3
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where apicli keeps an answer's ids since NYT's migration 5 (one JSON array in the query's row).
ANSWER_COLUMN = "article_ids"


def schema(fts):
    with open(os.path.join(ROOT, "Plugins", "NYT", "Storage", "NYTSchema.swift"), encoding="utf-8") as f:
        source = f.read()
    sql = re.search(r'sql: """\n(.*?)"""', source, re.S).group(1)
    # The indexes later migrations dropped (3: the answer rows' index on article_id) are dropped
    # here too, so that the baseline writes the tables apicli writes now.
    sql += "".join(f"DROP INDEX {name};\n" for name in re.findall(r'DROP INDEX (\w+);', source))
    if not fts:
        sql = re.sub(r"CREATE VIRTUAL TABLE.*?\);\n", "", sql, flags=re.S)
        sql = re.sub(r"CREATE TRIGGER.*?END;\n", "", sql, flags=re.S)
    # Migration 4: FTS5 merges sixteen segments at a time (FTS5Merging).
    if fts and "FTS5Merging.sql(for: \"nyt_articles_fts\")" in source:
        with open(os.path.join(ROOT, "Sources", "APIStore", "Helpers", "FTS5Merging.swift"), encoding="utf-8") as f:
            segments = re.search(r"static let segments = (\d+)", f.read()).group(1)
        sql += f"INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('automerge', {segments});\n"
    # Migration 5: each answer is one JSON array of ids in its query's row, the old table a view of it.
    if ANSWER_COLUMN in source:
        sql += (f"ALTER TABLE nyt_queries ADD COLUMN {ANSWER_COLUMN} TEXT NOT NULL DEFAULT '[]';\n"
                "DROP TABLE nyt_query_results;\n"
                + re.search(r'static let resultsView = """\n(.*?)"""', source, re.S).group(1))
    return sql



def text(value):
    return None if value is None else str(value)


def integer(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def row(doc, now):
    headline = doc.get("headline") or {}
    byline = doc.get("byline")
    multimedia = doc.get("multimedia") or []
    if isinstance(multimedia, dict):
        urls = [m.get("url") for m in (multimedia.get("default"), multimedia.get("thumbnail")) if m]
    else:
        urls = ["https://static01.nyt.com/" + m["url"] for m in multimedia if m.get("url")]
    return (
        doc["_id"], doc.get("web_url"), headline.get("main") if isinstance(headline, dict) else None,
        doc.get("abstract"), doc.get("lead_paragraph"), doc.get("snippet"),
        byline.get("original") if isinstance(byline, dict) else None, doc.get("pub_date"),
        doc.get("section_name"), doc.get("subsection_name"), doc.get("news_desk"),
        doc.get("type_of_material"), doc.get("document_type"), integer(doc.get("word_count")),
        integer(doc.get("print_page")), doc.get("source"),
        "\n".join(text(k.get("value")) or "" for k in doc.get("keywords") or []),
        "\n".join(u for u in urls if u), now,
    )


UPSERT = """
INSERT INTO nyt_articles (id, web_url, headline, abstract, lead_paragraph, snippet, byline, pub_date,
    section_name, subsection_name, news_desk, type_of_material, document_type, word_count, print_page,
    source, keywords, multimedia, fetched_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (id) DO UPDATE SET headline = excluded.headline, fetched_at = excluded.fetched_at
"""


def main():
    url, path = sys.argv[1], sys.argv[2]
    fts = "--no-fts" not in sys.argv
    body = urllib.request.urlopen(url).read()
    docs = json.loads(body)["response"]["docs"]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript(schema(fts))
    now = time.time()
    db.execute("BEGIN IMMEDIATE")
    db.executemany(UPSERT, (row(d, now) for d in docs))
    # Which articles answered the query, as apicli records it.
    if ANSWER_COLUMN in {row[1] for row in db.execute("PRAGMA table_info(nyt_queries)")}:
        db.execute(f"INSERT INTO nyt_queries (key, q, first_page, last_page, hits, fetched_at, {ANSWER_COLUMN}) "
                   "VALUES ('q', 'q', 0, 0, ?, ?, ?)", (len(docs), now, json.dumps([d["_id"] for d in docs])))
    else:
        db.execute("INSERT INTO nyt_queries (key, q, first_page, last_page, hits, fetched_at) VALUES ('q', 'q', 0, 0, ?, ?)",
                   (len(docs), now))
        db.executemany(
            "INSERT INTO nyt_query_results (query_key, position, article_id) VALUES ('q', ?, ?)",
            ((i, d["_id"]) for i, d in enumerate(docs)),
        )
    db.execute("COMMIT")
    db.close()
    print(len(docs))


if __name__ == "__main__":
    main()
