#!/usr/bin/env python3
"""DuckDB reads what apicli stores, as docs/export.md shows it: the NDJSON of `apicli store
export` through read_json, and the live store attached read-only through the sqlite extension.

    read_store.py export NDJSON STORE   what DuckDB reads of both, as one JSON document
    read_store.py held STORE            a read while another connection holds a write
                                        transaction (BEGIN IMMEDIATE, as apicli writes)
    read_store.py reads STORE SECONDS   reads the store again and again for SECONDS while the
                                        test runs apicli fetches; counts reads and failures

The sqlite extension is loaded from the `duckdb-extension-sqlite-scanner` package when it is
installed (no network: DuckDB's own `INSTALL sqlite` downloads it), else as DuckDB installed it.
"""
import json
import pathlib
import sqlite3
import sys
import time

import duckdb


def connect():
    con = duckdb.connect(config={"autoinstall_known_extensions": False, "autoload_known_extensions": False})
    version = con.sql("PRAGMA version").fetchone()[0]
    try:
        import duckdb_extension_sqlite_scanner
        path = (pathlib.Path(duckdb_extension_sqlite_scanner.__file__).parent
                / "extensions" / version / "sqlite_scanner.duckdb_extension")
        con.execute(f"LOAD '{path}'")
        return con, "package"
    except ImportError:
        con.execute("LOAD sqlite")
        return con, "installed"


def attach(con, store):
    con.execute(f"ATTACH '{store}' AS store (TYPE sqlite, READ_ONLY)")


def export(ndjson, store):
    con, loaded = connect()
    # Detected, every provider's content merges into one STRUCT; named, it stays JSON (docs/export.md).
    detected = {name: kind for name, kind, *_ in con.execute(f"DESCRIBE SELECT * FROM read_json('{ndjson}')").fetchall()}
    count = con.execute(f"SELECT COUNT(*) FROM read_json('{ndjson}')").fetchone()[0]
    items = (f"read_json('{ndjson}', columns = {{provider: 'VARCHAR', id: 'VARCHAR', fetched_at: 'TIMESTAMP', "
             "hash: 'VARCHAR', query: 'VARCHAR', content: 'JSON'})")
    types = {name: kind for name, kind, *_ in con.execute(f"DESCRIBE SELECT * FROM {items}").fetchall()}
    rows = con.execute(f"""
        SELECT provider, id, strftime(fetched_at, '%Y-%m-%dT%H:%M:%SZ'), hash, query, content::VARCHAR
        FROM {items} ORDER BY provider, id""").fetchall()
    headlines = con.execute(f"""
        SELECT id, content->>'$.headline' FROM {items} WHERE provider = 'nyt' ORDER BY id""").fetchall()
    attach(con, store)
    stored = con.execute("""
        SELECT item, content->>'$.headline' FROM store.nyt_versions v
        WHERE fetched_at = (SELECT max(fetched_at) FROM store.nyt_versions w WHERE w.item = v.item) ORDER BY item""").fetchall()
    forecast = con.execute("SELECT COUNT(*) FROM store.weather_versions WHERE item LIKE 'forecast/%'").fetchone()[0]
    return {"extension": loaded, "detected": detected, "count": count, "types": types, "rows": rows, "headlines": headlines,
            "stored_headlines": stored, "forecast_versions": forecast}


def count(store):
    con, _ = connect()
    attach(con, store)
    return con.execute("SELECT COUNT(*) FROM store.nyt_article_versions").fetchone()[0]


def held(store):
    before = count(store)
    writer = sqlite3.connect(store, isolation_level=None, timeout=10)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("""INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content)
                      VALUES ('test://written-while-read', 0, 0, NULL, '{}')""")
    during = count(store)
    writer.execute("COMMIT")
    after = count(store)
    writer.execute("DELETE FROM nyt_article_versions WHERE article_id = 'test://written-while-read'")
    writer.close()
    return {"before": before, "during": during, "after": after}


def reads(store, seconds):
    con, _ = connect()
    attach(con, store)
    done, failures = 0, []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            con.execute("SELECT COUNT(*), max(fetched_at) FROM store.nyt_versions").fetchone()
            con.execute("SELECT COUNT(*) FROM store.weather_versions").fetchone()
            done += 1
        except Exception as error:  # every failure is reported, none ends the loop
            failures.append(str(error))
    return {"reads": done, "failures": failures[:5]}


def main():
    mode = sys.argv[1]
    if mode == "export":
        result = export(sys.argv[2], sys.argv[3])
    elif mode == "held":
        result = held(sys.argv[2])
    else:
        result = reads(sys.argv[2], float(sys.argv[3]))
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
