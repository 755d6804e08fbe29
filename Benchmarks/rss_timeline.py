#!/usr/bin/env python3
"""Benchmarks/rss_timeline.py CMD...: runs CMD (with `--db` in a fresh temporary folder
appended) and prints its resident set size every time it moves by 8 MiB or more, sampled
from /proc/PID/status every 2 ms, then the maximum. Used for scenario 6's timeline, e.g.
    Benchmarks/with-server python3 Benchmarks/rss_timeline.py .build/release/apicli nyt big30mb --format ndjson
"""
import shutil
import subprocess
import sys
import tempfile
import time

d = tempfile.mkdtemp()
p = subprocess.Popen(sys.argv[1:] + ["--db", d + "/x.db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
t0 = time.time(); samples = []
while p.poll() is None:
    try:
        with open(f"/proc/{p.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS"):
                    samples.append((time.time() - t0, int(line.split()[1]) // 1024))
    except OSError:
        pass
    time.sleep(0.002)
last = -100
for t, r in samples:
    if abs(r - last) >= 8:
        print(f"{t*1000:7.0f} ms {r:5d} MiB"); last = r
print("max", max(r for _, r in samples), "end", samples[-1])
shutil.rmtree(d, ignore_errors=True)
