"""Interleaved wall time of `nyt NAME --format json`, a fresh store per run, for several builds (the
libcurl preload overlaps the creation of a fresh store: docs/design/0038-large-answer-end-to-end.md).

    python3 Benchmarks/fresh_store_wall.py big10 40 BUILD1 BUILD2 ...
"""
import os, shutil, subprocess, sys, tempfile, time, statistics
here = os.path.dirname(os.path.abspath(__file__))
name, runs, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
tmp = tempfile.mkdtemp()
server = subprocess.Popen([sys.executable, f"{here}/server.py", "--port-file", f"{tmp}/port", "--log", f"{tmp}/log",
    "--lifetime", "900", "--latency-ms", "0", "--nyt-body", f"{name}={here}/.work/nyt-{name}.json"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(400):
    if os.path.exists(f"{tmp}/port") and open(f"{tmp}/port").read().strip(): break
    time.sleep(0.05)
url = "http://127.0.0.1:" + open(f"{tmp}/port").read().strip()
times = {b: [] for b in bins}
try:
    for i in range(runs):
        for b in bins:
            home = tempfile.mkdtemp(dir=tmp)
            env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config",
                   "XDG_CACHE_HOME": f"{home}/cache", "HOME": home, "NYT_API_KEY": "bench-fake-key", "APICLI_NYT_BASE_URL": url,
                   "APICLI_MAX_BODY_MB": "64"}
            start = time.perf_counter()
            r = subprocess.run([b, "nyt", name, "--format", "json", "--db", f"{home}/db"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times[b].append(time.perf_counter() - start)
            if r.returncode != 0: print(b, "exit", r.returncode, r.stderr[-300:]); sys.exit(1)
finally:
    server.kill()
    shutil.rmtree(tmp, ignore_errors=True)
for b in bins:
    t = sorted(times[b])
    print(f"{os.path.basename(b)}: median {statistics.median(t)*1000:.1f} ms, min {t[0]*1000:.1f} ms, runs {len(t)}")
