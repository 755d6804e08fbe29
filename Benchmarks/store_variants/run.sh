#!/usr/bin/env bash
# Instructions (callgrind) of storing one page of NYT articles under each SQLite/FTS5 variant,
# measured on the real schema and rows, with the SQLite apicli links (libsqlite3.a).
#
#     Benchmarks/store_variants/run.sh APICLI BODY    (BODY: big1000, big8k; Benchmarks/.work/nyt-BODY.json)
#
# APICLI first stores BODY through the loopback server into a store whose rows and schema
# the harness then copies; every variant starts from a fresh file.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; bench="$(dirname "$here")"
apicli=$1; body=$2
tmp="$(mktemp -d)"
python3 "$bench/server.py" --port-file "$tmp/port" --log "$tmp/log" --lifetime 600 --latency-ms 0 \
    --nyt-body "$body=$bench/.work/nyt-$body.json" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.05; done
env -i PATH="$PATH" LANG=C.UTF-8 HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" \
    XDG_CACHE_HOME="$tmp/cache" NYT_API_KEY=bench-fake-key APICLI_NYT_BASE_URL="http://127.0.0.1:$(cat "$tmp/port")" \
    APICLI_MAX_BODY_MB=64 "$apicli" nyt "$body" --format json --db "$tmp/src.db" >/dev/null
cc -O2 -o "$tmp/harness" "$here/harness.c" -l:libsqlite3.a -lm -lpthread -ldl
fts="INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES"
variant() {  # label pre post from to skip flags
    local label=$1; shift
    valgrind --tool=callgrind --toggle-collect=store_page --callgrind-out-file="$tmp/cg" \
        "$tmp/harness" "$tmp/src.db" "$tmp/out.db" "$@" >"$tmp/said" 2>/dev/null
    printf "| %s | %'d | %s |\n" "$label" "$(awk '/^(summary|totals):/ {print $2; exit}' "$tmp/cg")" "$(cat "$tmp/said")"
}
echo "| variant ($body) | instructions in store_page | harness says |"
echo "|---|---|---|"
variant "apicli as it is" "" "" "" "" "" ""
variant "FTS5 hashsize 4 MiB" "" "$fts ('hashsize', 4194304);" "" "" "" ""
variant "FTS5 hashsize 256 KiB" "" "$fts ('hashsize', 262144);" "" "" "" ""
variant "FTS5 automerge 0" "" "$fts ('automerge', 0);" "" "" "" ""
variant "FTS5 crisismerge 64" "" "$fts ('crisismerge', 64);" "" "" "" ""
variant "FTS5 pgsz 4050" "" "$fts ('pgsz', 4050);" "" "" "" ""
variant "tokenizer ascii" "" "" "content_rowid = 'num'" "content_rowid = 'num', tokenize = 'ascii'" "" ""
variant "page_size 8192" "PRAGMA page_size = 8192;" "" "" "" "" ""
variant "page_size 16384" "PRAGMA page_size = 16384;" "" "" "" "" ""
variant "no pub_date index" "" "" "" "" "nyt_articles_pub_date" ""
variant "no article_id index on the answer rows" "" "" "" "" "nyt_query_results_article" ""
variant "no answer rows at all" "" "" "" "" "" "noanswer"
variant "no checkpoint after the commit" "" "" "" "" "" "nockpt"
variant "wal_autocheckpoint 0, no checkpoint" "PRAGMA wal_autocheckpoint = 0;" "" "" "" "" "nockpt"
