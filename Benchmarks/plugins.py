"""Scenarios 12 and 13: plugins on PATH and `apicli api`.

12. Running a plugin through apicli (`apicli hello`, an `apicli-hello` shell script on PATH that
    exits at once) vs running it directly: the median difference is what apicli adds
    (its start-up, the PATH lookup, execve). Goal: at most 1 ms.
13. `apicli api nyt /svc/topstories/v2/home.json`, a cache hit, vs `curl -s URL | jq .` on the same
    recorded answer from the same server. Goal: apicli at most half of the pipeline.
"""
import os
import stat


def install_plugin(bench):
    folder = os.path.join(bench.temp, "s12-plugins")
    os.makedirs(folder, exist_ok=True)
    os.chmod(folder, 0o755)
    path = os.path.join(folder, "apicli-hello")
    with open(path, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(path, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    return folder, path


def scenario12(bench):
    from scenarios import median_ms, verdict

    folder, plugin = install_plugin(bench)
    env = bench.env("s12")
    env["PATH"] = folder + ":" + env["PATH"]
    through = [bench.apicli, "hello"]
    bench.time_run(through, env)
    a, b = bench.interleave(bench.runs, lambda: bench.time_run(through, env), lambda: bench.time_run([plugin], env))
    a, b = median_ms(a), median_ms(b)
    yield ("12. a plugin through apicli (apicli hello) vs run directly (a sh script that exits)", f"{a:.1f} ms",
           f"{b:.1f} ms", f"{a - b:+.1f} ms", "<= +1 ms", verdict(a - b <= 1.0))


def scenario13(bench):
    from scenarios import median_ms, verdict

    env, db = bench.env("s13"), bench.db("s13")
    path = "/svc/topstories/v2/home.json"
    hit = [bench.apicli, "api", "nyt", path, "--db", db]
    bench.time_run(hit, env)  # the one fetch; every timed run is a cache hit (NYT: an hour)
    url = f"{bench.fast['url']}{path}?api-key=bench-fake-key"

    def curl_jq():
        return bench.time_pipeline(["curl", "-s", url], ["jq", "."])

    before = bench.request_count(bench.fast)
    a, b = bench.interleave(bench.runs, lambda: bench.time_run(hit, env), curl_jq)
    sent = bench.request_count(bench.fast) - before - bench.runs
    a, b = median_ms(a), median_ms(b)
    yield (f"13. apicli api nyt top stories, cache hit ({sent} requests sent) vs curl -s | jq . (same answer)",
           f"{a:.1f} ms", f"{b:.1f} ms", f"{a / b:.2f}x", "<= 0.5x", verdict(a <= 0.5 * b))
