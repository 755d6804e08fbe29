"""Scenarios 1 to 9 of BENCHMARKS.md. Each yields table rows:
(scenario, apicli figure, baseline figure, ratio, goal, met?).

Every apicli run gets its own temporary XDG dirs, a `--db` of its scenario, and
fake keys through the environment; the servers listen on 127.0.0.1 only.
"""
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

DEVNULL = subprocess.DEVNULL
WEATHER_JQ = (
    r'"\(.city.name), \(.city.country)", '
    r'(.list[] | [.dt_txt, "\(.main.temp)°C", "\(.main.feels_like // "")", .weather[0].description, '
    r'"\(.wind.speed) m/s", "\(.main.humidity)%", "\(.rain["3h"] // "")"] | @tsv)'
)


def median_ms(samples):
    return statistics.median(samples) * 1000


def verdict(ok):
    return "yes" if ok else "NO"


class CommandFailed(Exception):
    pass


class Bench:
    def __init__(self, apicli, temp, work, runs, articles, static=False, baseline=None):
        self.apicli, self.temp, self.work, self.runs, self.articles = apicli, temp, work, runs, articles
        self.static = static
        self.baseline = baseline  # another apicli build (the URLSession one) for scenario 8
        self.notes = []
        self.servers = []
        self.runs_done = 0

    # ----- plumbing -------------------------------------------------------------------------

    def start_servers(self):
        bodies = {}
        for name, flag in (("big20k", ["--docs", "20000"]), ("big30mb", ["--megabytes", "30"]),
                           ("big8k", ["--docs", "8000"])):
            path = os.path.join(self.work, f"nyt-{name}.json")
            if not os.path.exists(path):
                subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "make_nyt_body.py")]
                               + flag + [path], check=True, stdout=DEVNULL)
            bodies[name] = path
        self.bodies = bodies
        self.fast = self._server("fast", 0, bodies)
        self.slow = self._server("slow", 200, {})
        # HTTPS with a throwaway authority (Scripts/make-test-ca), 20 ms per answer: scenario 8.
        ca = os.path.join(self.temp, "ca")
        subprocess.run([os.path.join(os.path.dirname(os.path.dirname(__file__)), "Scripts", "make-test-ca"), ca],
                       check=True)
        self.ca_file = os.path.join(ca, "ca.pem")
        self.tls = self._server("tls", 20, {}, tls=ca)

    def _server(self, name, latency, bodies, tls=None):
        port_file = os.path.join(self.temp, f"{name}.port")
        log = os.path.join(self.temp, f"{name}.log")
        connections = os.path.join(self.temp, f"{name}.connections")
        args = [sys.executable, os.path.join(os.path.dirname(__file__), "server.py"), "--port-file", port_file,
                "--log", log, "--latency-ms", str(latency), "--lifetime", "1200", "--connections-file", connections,
                "--forecast-ahead"]
        for key, path in bodies.items():
            args += ["--nyt-body", f"{key}={path}"]
        if tls:
            args += ["--tls-cert", os.path.join(tls, "server.pem"), "--tls-key", os.path.join(tls, "server.key")]
        process = subprocess.Popen(args)
        self.servers.append(process)
        for _ in range(100):
            if os.path.exists(port_file):
                break
            time.sleep(0.05)
        with open(port_file) as f:
            port = int(f.read())
        scheme = "https" if tls else "http"
        return {"url": f"{scheme}://127.0.0.1:{port}", "log": log, "connections": connections}

    def stop_servers(self):
        for process in self.servers:
            process.terminate()
            process.wait(timeout=5)

    def env(self, tag, server=None, key="bench-fake-key", extra=None):
        """A clean environment with its own XDG dirs and fake keys."""
        base = os.path.join(self.temp, tag)
        for sub in ("data", "config", "cache", "home"):
            os.makedirs(os.path.join(base, sub), exist_ok=True)
        server = server or self.fast
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(base, "home"),
            "LANG": "C.UTF-8", "XDG_DATA_HOME": os.path.join(base, "data"),
            "XDG_CONFIG_HOME": os.path.join(base, "config"), "XDG_CACHE_HOME": os.path.join(base, "cache"),
            "OPENWEATHER_API_KEY": key, "NYT_API_KEY": key, "APICLI_WEATHER_BASE_URL": server["url"],
            "APICLI_NYT_BASE_URL": server["url"], "APICLI_MAX_BODY_MB": "64",
        }
        env.update(extra or {})
        return env

    def db(self, tag):
        return os.path.join(self.temp, tag, "apicli.sqlite3")

    def places_known(self, command, cities, tag, server, extra=None):
        """A store for `tag` where `cities` were looked up before, as in a user's second run: one untimed
        run (its own key), then the rate ledger emptied, as if that run were more than a day old. The
        timed runs then send one forecast request per city (with --refresh), as the baseline does."""
        self.time_run(command + ["weather", *cities, "--db", self.db(tag)],
                      self.env(tag, server=server, key=f"warm-{tag}", extra=extra))
        with sqlite3.connect(self.db(tag)) as store:
            if store.execute("SELECT 1 FROM sqlite_master WHERE name = 'apicli_rate_events'").fetchone():
                store.execute("DELETE FROM apicli_rate_events")

    def time_run(self, argv, env=None, stdout=DEVNULL):
        """Wall time of one command; a non-zero exit is a crash, not a slow run."""
        start = time.perf_counter()
        result = subprocess.run(argv, env=env, stdout=stdout, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise CommandFailed(f"{argv[:4]} exited {result.returncode}: {result.stderr.decode()[-400:]}")
        return elapsed

    def time_pipeline(self, first, second):
        """Wall time of `first | second`, with no shell in between."""
        start = time.perf_counter()
        a = subprocess.Popen(first, stdout=subprocess.PIPE)
        b = subprocess.Popen(second, stdin=a.stdout, stdout=DEVNULL)
        a.stdout.close()
        codes = (b.wait(), a.wait())
        elapsed = time.perf_counter() - start
        if any(codes):
            raise CommandFailed(f"{first[0]} | {second[0]} exited {codes}")
        return elapsed

    def interleave(self, runs, *sides):
        """Runs each side `runs` times, alternating which goes first; returns the samples per side."""
        samples = [[] for _ in sides]
        for i in range(runs):
            order = list(range(len(sides)))
            if i % 2:
                order.reverse()
            for index in order:
                samples[index].append(sides[index]())
        return samples

    def weather_url(self, server, city, key="bench-fake-key"):
        return f"{server['url']}/data/2.5/forecast?q={city}&units=metric&appid={key}"

    def curl_jq(self):
        return self.time_pipeline(["curl", "-s", self.weather_url(self.fast, "Paris")], ["jq", "-r", WEATHER_JQ])

    # ----- scenarios --------------------------------------------------------------------------

    def scenario1(self):
        env, db = self.env("s1"), self.db("s1")
        miss = [self.apicli, "weather", "Paris", "--refresh", "--db", db]
        self.time_run(miss, env)  # creates the store: every timed run is a plain cache miss
        self.curl_jq()
        apicli, baseline = self.interleave(self.runs, lambda: self.time_run(miss, env), self.curl_jq)
        self.miss_baseline = median_ms(baseline)
        a, b = median_ms(apicli), median_ms(baseline)
        yield ("1. weather Paris, cache miss (--refresh) vs curl piped to jq", f"{a:.1f} ms", f"{b:.1f} ms",
               f"{a / b:.2f}x", "<= 0.9x", verdict(a <= 0.9 * b))

    def scenario2(self):
        env, db = self.env("s2"), self.db("s2")
        hit = [self.apicli, "weather", "Paris", "--db", db]
        self.time_run(hit, env)  # the one fetch; every timed run is a fresh cache hit (TTL 10 min)
        before = self.request_count(self.fast)
        apicli, baseline = self.interleave(self.runs, lambda: self.time_run(hit, env), self.curl_jq)
        sent = self.request_count(self.fast) - before - self.runs
        a, b = median_ms(apicli), median_ms(baseline)
        yield (f"2. weather Paris, cache hit ({sent} requests sent) vs curl piped to jq (miss)", f"{a:.1f} ms",
               f"{b:.1f} ms", f"{a / b:.2f}x", "<= 0.6x", verdict(a <= 0.6 * b))

    def scenario3(self):
        runs = max(3, self.runs // 4)
        counter = iter(range(10**6))

        def apicli():
            tag = f"s3-a{next(counter)}"
            return self.time_run([self.apicli, "nyt", "big20k", "--format", "ndjson", "--db", self.db(tag)],
                                 self.env(tag))

        def python(fts):
            def run():
                tag = f"s3-p{next(counter)}"
                self.env(tag)  # its directory
                url = f"{self.fast['url']}/svc/search/v2/articlesearch.json?q=big20k&api-key=bench-fake-key"
                return self.time_run([sys.executable, os.path.join(os.path.dirname(__file__), "baseline_persist.py"),
                                      url, self.db(tag)] + ([] if fts else ["--no-fts"]))
            return run

        a, with_fts, without_fts = (median_ms(s) for s in self.interleave(runs, apicli, python(True), python(False)))
        yield ("3. 20,000 NYT docs: fetch+decode+persist vs Python json+executemany (FTS5)", f"{a:.0f} ms",
               f"{with_fts:.0f} ms", f"{a / with_fts:.2f}x", "<= 0.4x (2.5x faster)", verdict(a * 2.5 <= with_fts))
        yield ("3b. the same vs Python into a table with no FTS index", f"{a:.0f} ms", f"{without_fts:.0f} ms",
               f"{a / without_fts:.2f}x", "(context)", "-")

    def scenario4(self):
        db, words = self.big_db()
        env = self.env("s4")
        for label, query in (("many matches", words["many"]), ("few matches", words["few"])):
            match = " ".join('"%s"' % w for w in query.split())
            sql = self.search_sql().replace("?1", "'%s'" % match.replace("'", "''")).replace(
                "?2", "NULL").replace("?3", "NULL").replace("?4", "10").replace("?5", "0")
            apicli_argv = [self.apicli, "nyt", *query.split(), "--offline", "--db", db]
            sqlite_argv = ["sqlite3", db, sql]
            self.time_run(apicli_argv, env), self.time_run(sqlite_argv)  # warm the page cache
            apicli, baseline = self.interleave(self.runs, lambda: self.time_run(apicli_argv, env),
                                               lambda: self.time_run(sqlite_argv))
            a, b = median_ms(apicli), median_ms(baseline)
            hits = subprocess.run(["sqlite3", db, "SELECT count(*) FROM nyt_articles_fts WHERE nyt_articles_fts MATCH "
                                   "'%s'" % match], capture_output=True, text=True).stdout.strip()
            yield (f"4. nyt '{query}' --offline, {self.articles:,} articles ({hits} match) vs sqlite3 CLI",
                   f"{a:.1f} ms", f"{b:.1f} ms", f"{a / b:.2f}x", "<= 1.5x", verdict(a <= 1.5 * b))

    def scenario5(self):
        runs = 3
        cities = [f"City{i:02d}" for i in range(50)]
        counter = iter(range(1000))
        keys = []

        connections = []

        def apicli():
            n = next(counter)
            key = f"bench-s5-key-{n}"
            keys.append(key)
            tag = f"s5-a{n}"
            self.places_known([self.apicli], cities, tag, self.slow)
            before = self.connection_count(self.slow)
            elapsed = self.time_run([self.apicli, "weather", *cities, "--refresh", "--db", self.db(tag)],
                                    self.env(tag, server=self.slow, key=key))
            connections.append(self.connection_count(self.slow) - before)
            return elapsed

        def curl_loop():
            start = time.perf_counter()
            for city in cities:
                code = subprocess.run(["curl", "-s", "-o", "/dev/null", self.weather_url(self.slow, city, "curl")])
                if code.returncode:
                    raise CommandFailed("curl failed")
            return time.perf_counter() - start

        apicli_s, curl_s = self.interleave(runs, apicli, curl_loop)
        worst = max(self.max_per_minute(self.slow, key) for key in keys)
        counts = sorted({self.requests_for(self.slow, key) for key in keys})
        a, b = median_ms(apicli_s), median_ms(curl_s)
        yield (f"5. weather 50 cities, 200 ms latency ({counts} requests/run, max {worst} per key in 60 s)",
               f"{a:.0f} ms", f"{b:.0f} ms", f"{b / a:.1f}x faster", ">= 6x faster, <= 60/min",
               verdict(b >= 6 * a and worst <= 60))
        yield ("5b. the same: connections accepted by the keep-alive server per run (max)", f"{max(connections)}",
               "50 (one per city)", "-", "<= 8", verdict(max(connections) <= 8))

    def scenario6(self):
        for name, label in (("big30mb", "one 30 MiB NYT answer"), ("big8k", "8,000-doc NYT answer")):
            payload = os.path.getsize(self.bodies[name])
            peak = statistics.median(self.peak_rss(["nyt", name, "--format", "ndjson"], f"s6-{name}", 3))
            yield (f"6. peak RSS, {label} ({payload / 1e6:.0f} MB, fetch+decode+persist+render)",
                   f"{peak / 2**20:.1f} MiB", f"{payload / 2**20:.1f} MiB payload", f"{peak / payload:.2f}x",
                   "<= 2x payload", verdict(peak <= 2 * payload))

    def peak_rss(self, arguments, tag, runs, env=None, expect_failure=False):
        """Maximum resident set size of `apicli ARGUMENTS` (GNU time), once per run, in bytes."""
        peaks = []
        for i in range(runs):
            run_tag = f"{tag}-{i}"
            result = subprocess.run(["/usr/bin/time", "-v", self.apicli, *arguments, "--db", self.db(run_tag)],
                                    env=env or self.env(run_tag), stdout=DEVNULL, stderr=subprocess.PIPE, text=True)
            if bool(result.returncode) != expect_failure:
                raise CommandFailed(f"apicli {' '.join(arguments)}: " + result.stderr[-400:])
            peaks.append(int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) * 1024)
        return peaks

    def scenario7(self):
        hello, hello_net = self.hello_world("main"), self.hello_world("networking")
        env = self.env("s7")
        db = self.db("s7")
        self.time_run([self.apicli, "weather", "Paris", "--db", db], env)  # something stored for --offline
        flavour = "-O -static-stdlib" if self.static else "-O"
        for label, argv in (("--version", [self.apicli, "--version"]), ("providers", [self.apicli, "providers"]),
                            ("weather Paris --offline", [self.apicli, "weather", "Paris", "--offline", "--db", db])):
            apicli, baseline, networking = self.interleave(
                max(self.runs, 30), lambda: self.time_run(argv, env), lambda: self.time_run([hello], env),
                lambda: self.time_run([hello_net], env))
            a, b, n = median_ms(apicli), median_ms(baseline), median_ms(networking)
            yield (f"7. apicli {label} vs Foundation hello-world ({flavour})", f"{a:.1f} ms", f"{b:.1f} ms",
                   f"{a / b:.2f}x", "<= 1.3x" if self.static else "(report)",
                   verdict(a <= 1.3 * b) if self.static else "-")
            yield (f"7b. apicli {label} vs hello-world + FoundationNetworking ({flavour})", f"{a:.1f} ms",
                   f"{n:.1f} ms", f"{a / n:.2f}x", "(report)", "-")

    def scenario8(self):
        """50 cities over HTTPS (local TLS server, 20 ms per answer): this apicli against another build."""
        if not self.baseline:
            self.notes.append("scenario 8 skipped: no baseline build (Benchmarks/run --baseline REF)")
            return
        if os.geteuid() != 0 or not shutil.which("unshare"):
            self.notes.append("scenario 8 skipped: it needs root and unshare (see its doc comment)")
            return
        # URLSession on Linux has no way to add an authority, so both builds run in a private mount
        # namespace where the system bundle is the system's plus the test authority (bind mount);
        # the machine's own bundle is untouched. The new build also gets APICLI_CA_FILE.
        system_bundle = "/etc/ssl/certs/ca-certificates.crt"
        combined = os.path.join(self.temp, "ca-bundle.pem")
        with open(combined, "wb") as out:
            for part in (system_bundle, self.ca_file):
                with open(part, "rb") as f:
                    out.write(f.read() + b"\n")
        trusting = ["unshare", "-m", "sh", "-c", f'mount --bind "{combined}" {system_bundle} && exec "$0" "$@"']
        cities = [f"City{i:02d}" for i in range(50)]
        counter = iter(range(1000))
        connections = {self.apicli: [], self.baseline: []}

        def run(binary):
            def go():
                tag = f"s8-{next(counter)}"
                extra = {"APICLI_CA_FILE": self.ca_file} if binary == self.apicli else {}
                self.places_known(trusting + [binary], cities, tag, self.tls, extra=extra)
                before = self.connection_count(self.tls)
                elapsed = self.time_run(trusting + [binary, "weather", *cities, "--refresh", "--db", self.db(tag)],
                                        self.env(tag, server=self.tls, key=f"bench-s8-{tag}", extra=extra))
                connections[binary].append(self.connection_count(self.tls) - before)
                return elapsed
            return go

        new, old = self.interleave(3, run(self.apicli), run(self.baseline))
        a, b = median_ms(new), median_ms(old)
        yield ("8. weather 50 cities over HTTPS, 20 ms latency, vs the baseline build "
               f"(connections/run: {max(connections[self.apicli])} vs {max(connections[self.baseline])})",
               f"{a:.0f} ms", f"{b:.0f} ms", f"{b / a:.1f}x faster", ">= 2x faster", verdict(b >= 2 * a))

    def scenario9(self):
        """Gzip bombs of ~1 and ~3 MB on the wire (1 and 3 GiB of zeros) stop at the body cap."""
        for gib in (1, 3):
            env = self.env(f"s9-{gib}", extra={"APICLI_NYT_BASE_URL": f"{self.fast['url']}/bomb/{gib}",
                                                "APICLI_MAX_BODY_MB": "32"})
            peak = statistics.median(self.peak_rss(["nyt", "bomb"], f"s9-{gib}", 3, env=env, expect_failure=True))
            yield (f"9. peak RSS, a {gib} MB gzip bomb ({gib} GiB inflated; 32 MiB body cap)",
                   f"{peak / 2**20:.1f} MiB", "-", "-", "< 100 MiB", verdict(peak < 100 * 2**20))

    # ----- helpers ----------------------------------------------------------------------------

    def connection_count(self, server):
        try:
            with open(server["connections"]) as f:
                return int(f.read() or 0)
        except FileNotFoundError:
            return 0

    def request_lines(self, server):
        with open(server["log"]) as f:
            return [line.split() for line in f if line.strip()]

    def request_count(self, server):
        return len(self.request_lines(server))

    def requests_for(self, server, key):
        return sum(1 for line in self.request_lines(server) if line[2] == key)

    def max_per_minute(self, server, key):
        times = sorted(float(line[0]) for line in self.request_lines(server) if line[2] == key)
        worst, start = 0, 0
        for end, t in enumerate(times):
            while t - times[start] >= 60:
                start += 1
            worst = max(worst, end - start + 1)
        return worst

    def search_sql(self):
        """The FTS query `apicli nyt WORDS --offline` runs (Plugins/NYT/Storage/ArticleStore+Search.swift,
        `searchSQL` with relevance order), written out for the sqlite3 CLI: ?1 match, ?2/?3 date bounds,
        ?4 limit, ?5 offset. Every stored article column is read, as apicli does."""
        return ("SELECT a.* FROM nyt_articles_fts JOIN nyt_articles a ON a.num = nyt_articles_fts.rowid "
                "WHERE nyt_articles_fts MATCH ?1 AND (?2 IS NULL OR a.pub_date >= ?2) AND (?3 IS NULL OR a.pub_date < ?3) "
                "ORDER BY nyt_articles_fts.rank LIMIT ?4 OFFSET ?5")

    def big_db(self):
        """The cached store of `articles` articles (built once, reused by later runs)."""
        path = os.path.join(self.work, f"nyt-{self.articles}.sqlite3")
        meta = path + ".json"
        if not (os.path.exists(path) and os.path.exists(meta)):
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)
            start = time.time()
            # apicli creates its own schema (migrations) on first use of the store.
            subprocess.run([self.apicli, "nyt", "seed", "--offline", "--db", path], env=self.env("s4-seed"),
                           stdout=DEVNULL, stderr=DEVNULL)
            out = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "build_big_db.py"), path,
                                  str(self.articles)], check=True, capture_output=True, text=True).stdout
            built = json.loads(out)
            with open(meta, "w") as f:
                json.dump({"many": "police " + built["common"], "few": built["rare"]}, f)
            self.notes.append(f"built the {self.articles:,}-article store in {time.time() - start:.0f} s "
                              f"(cached in Benchmarks/.work/)")
        with open(meta) as f:
            return path, json.load(f)

    def hello_world(self, name):
        suffix = "-static" if self.static else ""
        path = os.path.join(self.work, f"hello-{name}{suffix}")
        source = os.path.join(os.path.dirname(__file__), "hello", f"{name}.swift")
        if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(source):
            flags = ["-static-stdlib"] if self.static else []
            subprocess.run(["swiftc", "-O", *flags, source, "-o", path], check=True, stderr=DEVNULL)
        return path


# Scenario 11 (provider files) lives in its own file.
from provider_files import scenario11  # noqa: E402

Bench.scenario11 = scenario11

# Scenarios 12 and 13 (plugins and apicli api) too.
from plugins import scenario12, scenario13  # noqa: E402

Bench.scenario12 = scenario12
Bench.scenario13 = scenario13

# Scenario 24 (large answers and start-up) lives in its own file.
from large_answers import scenario24  # noqa: E402

Bench.scenario24 = scenario24
