"""Scenario 11: start-up with 50 provider files installed vs none.

Provider files are read lazily: a compiled provider reads none of them, a file
provider reads its own file only. Two pairs, each interleaved:
  a. `weather Paris` (a cache hit) with no providers folder vs 50 files in it;
  b. a file provider (a cache hit) with its file alone vs with 49 others beside it.
Goal: each difference at most 2 ms.
"""
import json
import os

FILES = 50


def provider_file(name, url):
    """A provider file for the benchmark server's NYT route."""
    return {
        "apicli": 1, "name": name, "summary": f"Benchmark provider {name}.", "baseURL": url,
        "path": "/svc/search/v2/articlesearch.json", "words": {"parameter": "q"}, "key": "none",
        "items": "response.docs", "id": "_id",
        "columns": [
            {"name": "headline", "path": "headline.main", "kind": "text", "searchable": True},
            {"name": "date", "path": "pub_date", "kind": "date"},
            {"name": "url", "path": "web_url", "kind": "url"},
        ],
        "paging": {"style": "page", "parameter": "page", "size": 10, "maxPage": 100, "total": "response.meta.hits"},
    }


def install(env, names, url):
    folder = os.path.join(env["XDG_CONFIG_HOME"], "apicli", "providers")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    for name in names:
        path = os.path.join(folder, f"{name}.json")
        with open(path, "w") as f:
            json.dump(provider_file(name, url), f, indent=2)
        os.chmod(path, 0o600)


def scenario11(bench):
    from scenarios import median_ms, verdict  # here, not at the top: scenarios imports this file

    url = bench.fast["url"]
    none, many = bench.env("s11-none"), bench.env("s11-many")
    install(many, [f"bench{i:02d}" for i in range(FILES)], url)
    one = bench.env("s11-one")
    install(one, ["bench00"], url)
    db = bench.db("s11")

    weather = [bench.apicli, "weather", "Paris", "--db", db]
    bench.time_run(weather, none)  # the one fetch; every timed run is a cache hit
    a_none, a_many = bench.interleave(
        bench.runs, lambda: bench.time_run(weather, none), lambda: bench.time_run(weather, many))
    a, b = median_ms(a_many), median_ms(a_none)
    yield (f"11a. weather Paris (cache hit), {FILES} provider files vs none", f"{a:.1f} ms", f"{b:.1f} ms",
           f"{a - b:+.1f} ms", "<= +2 ms", verdict(a - b <= 2.0))

    search = [bench.apicli, "bench00", "election", "--db", db]
    bench.time_run(search, one)
    b_one, b_many = bench.interleave(
        bench.runs, lambda: bench.time_run(search, one), lambda: bench.time_run(search, many))
    a, b = median_ms(b_many), median_ms(b_one)
    yield (f"11b. a file provider (cache hit), its file + {FILES - 1} others vs alone", f"{a:.1f} ms", f"{b:.1f} ms",
           f"{a - b:+.1f} ms", "<= +2 ms", verdict(a - b <= 2.0))

    listing = [bench.apicli, "providers"]
    c_none, c_many = bench.interleave(
        bench.runs, lambda: bench.time_run(listing, none), lambda: bench.time_run(listing, many))
    a, b = median_ms(c_many), median_ms(c_none)
    yield (f"11c. apicli providers (reads every file), {FILES} files vs none", f"{a:.1f} ms", f"{b:.1f} ms",
           f"{a - b:+.1f} ms", "(context)", "-")
