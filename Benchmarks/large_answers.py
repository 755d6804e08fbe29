"""Scenario 24: large answers against Python, curl | jq and C-speed floors; start-up against
a static Swift hello world; the stripped binary; scrubbing a key echoed 20,000 times.

Every apicli run has a fresh store (its own XDG dirs and --db), its exit code checked and its
output size compared with the first run's, so that no timed run is a rate-limit fallback, a cache
hit or a short answer. Each row's sides are interleaved in one run (the order alternates).
24a/b take `--runs` / 3 samples a side (at least 5), since each takes seconds: `--runs 45` gives medians of
15, which on a shared machine can move by a fifth from one run to the next; `--runs 135` gives 45.

  24a/b. `apicli nyt NAME --format json > file` (fetch, decode, store, print) against
         - Python: urllib + json + sqlite3 into apicli's table with no FTS index, one transaction
           (baseline_persist.py --no-fts), the goal's baseline;
         - the same Python into apicli's own schema with its FTS5 index (baseline_persist.py);
         - `curl -s URL | jq -c '.response.docs[] | [.headline.main, .pub_date, .web_url]'`;
         and its peak RSS (GNU time, median of 3) against the payload.
         Also SQLite alone storing the same rows as apicli does (store_variants/harness.c, its own clock
         around that work only), against the same Python: the floor that the storing thread cannot go under.
  24c.   `apicli --version`, `weather Paris --offline` and a cache hit against
         Benchmarks/hello/plain.swift (print only, -O -static-stdlib). The server moves the forecast's
         times ahead (server.py --forecast-ahead), so --offline prints the cache hit's table, checked
         byte for byte before timing, not the notice that every stored step is past.
  24d.   the binary's size, stripped (a copy).
  With --baseline-apicli, 24a/b also time that build on the same command, interleaved.
  24e.   `apicli nyt echo20k` (20,000 docs, each echoing the key in its snippet) against
         `apicli nyt big20k` (the same docs, no echo): what scrubbing costs.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEVNULL = subprocess.DEVNULL


def _body(bench, name, flags):
    path = os.path.join(bench.work, f"nyt-{name}.json")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "make_nyt_body.py")] + flags + [path], check=True,
                       stdout=DEVNULL)
    return path


def _server(bench):
    if not hasattr(bench, "s24"):
        bodies = {"big8k": _body(bench, "big8k", ["--docs", "8000"]),
                  "big30mb": _body(bench, "big30mb", ["--megabytes", "30"]),
                  "big20k": _body(bench, "big20k", ["--docs", "20000"]),
                  "echo20k": _body(bench, "echo20k", ["--docs", "20000", "--echo"])}
        bench.s24 = bench._server("s24", 0, bodies)
        bench.s24_bodies = bodies
    return bench.s24


def _apicli_json(bench, server, name, counter, sizes, check_key=False, binary=None):
    """One fresh-store `apicli nyt NAME --format json` into a file; its size must match the first run's."""
    binary = binary or bench.apicli

    def run():
        tag = f"s24-{name}-{next(counter)}"
        env = bench.env(tag, server=server)
        out = os.path.join(bench.temp, tag, "out.json")
        with open(out, "wb") as f:
            elapsed = bench.time_run([binary, "nyt", name, "--format", "json", "--db", bench.db(tag)], env,
                                     stdout=f)
        size = os.path.getsize(out)
        if sizes.setdefault(name, size) != size or size < 1000:
            raise Exception(f"apicli nyt {name}: {size} bytes of output, first run {sizes[name]}")
        if check_key:
            with open(out, "rb") as f:
                data = f.read()
            if b"bench-fake-key" in data or data.count(b"***") < 20000:
                raise Exception(f"apicli nyt {name}: the echoed key was not scrubbed")
        shutil.rmtree(os.path.join(bench.temp, tag), ignore_errors=True)
        return elapsed
    return run


def _python(bench, server, name, counter, fts):
    def run():
        tag = f"s24-py-{next(counter)}"
        bench.env(tag)
        url = f"{server['url']}/svc/search/v2/articlesearch.json?q={name}&api-key=bench-fake-key"
        elapsed = bench.time_run([sys.executable, os.path.join(HERE, "baseline_persist.py"), url, bench.db(tag)]
                                 + ([] if fts else ["--no-fts"]))
        shutil.rmtree(os.path.join(bench.temp, tag), ignore_errors=True)
        return elapsed
    return run


def _sqlite_alone(bench, server, name):
    """The SQLite floor: `store_variants/harness.c` (C, the same libsqlite3.a) storing the answer's rows as
    `ArticleStore` does, rows, FTS5 rows, the answer's rows and the commit, from values already in memory;
    its own clock around that work only (no process start, no fetch, no decoding, no printing)."""
    work = os.path.join(bench.temp, f"s24-floor-{name}")
    os.makedirs(work, exist_ok=True)
    harness, source = os.path.join(work, "harness"), os.path.join(work, "source.db")
    subprocess.run(["cc", "-O2", "-o", harness, os.path.join(HERE, "store_variants", "harness.c"),
                    "-l:libsqlite3.a", "-lm", "-lpthread", "-ldl"], check=True)
    bench.time_run([bench.apicli, "nyt", name, "--format", "json", "--db", source],
                   bench.env(f"s24-floor-{name}-env", server=server))

    def run():
        done = subprocess.run([harness, source, os.path.join(work, "out.db"), "", "", "", "", "", ""],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0 or not done.stdout.startswith("wall "):
            raise Exception(f"store_variants harness exited {done.returncode}: {done.stderr[-400:]}")
        return float(done.stdout.split()[1]) / 1000
    return run


def _curl_jq(bench, server, name):
    url = f"{server['url']}/svc/search/v2/articlesearch.json?q={name}&api-key=bench-fake-key"
    return lambda: bench.time_pipeline(["curl", "-s", url],
                                       ["jq", "-c", ".response.docs[] | [.headline.main, .pub_date, .web_url]"])


def scenario24(self):
    server = _server(self)
    counter = iter(range(10**6))
    sizes = {}
    runs = max(5, self.runs // 3)
    for name, label in (("big8k", "8,000 unique docs"), ("big30mb", "the 30 MiB answer")):
        payload = os.path.getsize(self.s24_bodies[name])
        sides = [_apicli_json(self, server, name, counter, sizes), _python(self, server, name, counter, False),
                 _python(self, server, name, counter, True), _curl_jq(self, server, name),
                 _sqlite_alone(self, server, name)]
        if self.baseline:  # the same command with another build (--baseline-apicli), same output size
            sides.append(_apicli_json(self, server, name, counter, sizes, binary=self.baseline))
        a, plain, fts, jq, floor, *old = (statistics.median(s) * 1000 for s in self.interleave(runs, *sides))
        head = f"24. {label} ({payload / 1e6:.1f} MB): fetch, decode, store, print JSON"
        yield (f"{head} vs Python json+sqlite3, no FTS", f"{a:.0f} ms", f"{plain:.0f} ms", f"{a / plain:.2f}x",
               "<= 0.4x", "yes" if a <= 0.4 * plain else "NO")
        yield (f"{head} vs Python into apicli's schema with FTS5", f"{a:.0f} ms", f"{fts:.0f} ms",
               f"{a / fts:.2f}x", "(report)", "-")
        yield (f"{head} vs curl | jq, three fields", f"{a:.0f} ms", f"{jq:.0f} ms", f"{a / jq:.2f}x", "(report)", "-")
        yield (f"24. {label}: SQLite alone storing it as apicli does (C harness) vs Python json+sqlite3, no FTS",
               f"{floor:.0f} ms", f"{plain:.0f} ms", f"{floor / plain:.2f}x", "(report: the floor)", "-")
        if old:
            yield (f"{head} vs the baseline build", f"{a:.0f} ms", f"{old[0]:.0f} ms", f"{a / old[0]:.2f}x",
                   "(report)", "-")
        peak = statistics.median(_peaks(self, server, name))
        yield (f"24. peak RSS, {label} (--format json)", f"{peak / 2**20:.1f} MiB",
               f"{payload / 2**20:.1f} MiB payload", f"{peak / payload:.2f}x", "<= 2x payload",
               "yes" if peak <= 2 * payload else "NO")
    yield from _startup(self, server)
    yield from _size(self)
    echo_sizes = {}
    a, b = (statistics.median(s) * 1000 for s in self.interleave(
        runs, _apicli_json(self, server, "echo20k", counter, echo_sizes, check_key=True),
        _apicli_json(self, server, "big20k", counter, echo_sizes)))
    yield ("24. 20,000 docs echoing the key (scrubbed) vs the same docs without it", f"{a:.0f} ms", f"{b:.0f} ms",
           f"{a / b:.2f}x", "(report: linear)", "-")


def _peaks(bench, server, name):
    peaks = []
    for i in range(3):
        tag = f"s24-rss-{name}-{i}"
        peaks += bench.peak_rss(["nyt", name, "--format", "json"], tag, 1, env=bench.env(f"{tag}-0", server=server))
    return peaks


def _startup(bench, server):
    hello = bench.hello_world("plain")
    env = bench.env("s24-start", server=server)
    db = bench.db("s24-start")
    bench.time_run([bench.apicli, "weather", "Paris", "--db", db], env)  # stored, and a fresh cache entry
    # The server moves the forecast ahead (server.py --forecast-ahead), so --offline prints the same table as
    # the cache hit; a store whose steps were all past would print a one-line notice and time that instead.
    shown = [subprocess.run([bench.apicli, "weather", "Paris", *more, "--db", db], env=env, check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout for more in (["--offline"], [])]
    if shown[0] != shown[1] or len(shown[0]) < 1000:
        raise RuntimeError(f"weather Paris --offline printed {len(shown[0])} bytes, the cache hit {len(shown[1])}: "
                           "not the same table")
    for label, argv, goal in (("--version", [bench.apicli, "--version"], 1.3),
                              ("weather Paris --offline", [bench.apicli, "weather", "Paris", "--offline", "--db", db], 2),
                              ("weather Paris (cache hit)", [bench.apicli, "weather", "Paris", "--db", db], 2)):
        before = bench.request_count(server)
        apicli, baseline = bench.interleave(max(bench.runs, 41), lambda: bench.time_run(argv, env),
                                            lambda: bench.time_run([hello], env))
        sent = bench.request_count(server) - before
        a, b = statistics.median(apicli) * 1000, statistics.median(baseline) * 1000
        printed = "" if label == "--version" else f", {len(shown[0]):,} bytes printed"
        yield (f"24. apicli {label} vs static Swift hello world ({sent} requests sent{printed})", f"{a:.2f} ms",
               f"{b:.2f} ms", f"{a / b:.2f}x", f"<= {goal}x", "yes" if a <= goal * b else "NO")


def _size(bench):
    stripped = os.path.join(bench.temp, "apicli-stripped")
    shutil.copy(bench.apicli, stripped)
    subprocess.run(["strip", stripped], check=True)
    size = os.path.getsize(stripped)
    yield ("24. binary size, stripped", f"{size / 1e6:.1f} MB", f"{os.path.getsize(bench.apicli) / 1e6:.1f} MB "
           "unstripped", "-", "<= 20 MB", "yes" if size <= 20e6 else "NO")
