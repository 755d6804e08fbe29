#!/usr/bin/env python3
"""What a run's peak resident set is made of, from /proc/PID/smaps (the code share in particular).

    Benchmarks/with-server python3 Benchmarks/peak_smaps.py [--stdout-file] BINARY ARGS...   # --db <fresh> is appended

stdout is /dev/null, or with `--stdout-file` a new regular file (as `bench.py` has it).

Samples /proc/PID/smaps about every millisecond while BINARY runs, keeps the sample with the
largest total Rss, and prints it with BINARY's own mappings split into code (r-x), read-only data
(r--) and written data (rw-), and the largest code Rss of any sample. The kernel maps a binary's
code in blocks around each fault, so the code row is what the order of functions in the binary
decides (docs/design/0025-release-binary-linking.md, "The binary's layout"). Prints figures only.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


def sample(pid, binary):
    """(total, code, read-only, written) Rss in KiB of one smaps reading."""
    total = code = read_only = written = 0
    mapping = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if len(fields) >= 5 and "-" in fields[0] and ":" in fields[3]:
                mapping = (fields[1], fields[5] if len(fields) > 5 else "")
            elif fields and fields[0] == "Rss:":
                size = int(fields[1])
                total += size
                if mapping and mapping[1] == binary:
                    if mapping[0].startswith("r-x"):
                        code += size
                    elif mapping[0].startswith("r--"):
                        read_only += size
                    else:
                        written += size
    return total, code, read_only, written


def main():
    arguments = sys.argv[1:]
    to_file = arguments[:1] == ["--stdout-file"]
    arguments = arguments[1:] if to_file else arguments
    if not arguments:
        raise SystemExit(__doc__)
    binary = os.path.realpath(arguments[0])
    folder = tempfile.mkdtemp()
    out = open(os.path.join(folder, "stdout"), "wb") if to_file else subprocess.DEVNULL
    process = subprocess.Popen([binary, *arguments[1:], "--db", os.path.join(folder, "x.db")],
                               stdout=out, stderr=subprocess.DEVNULL)
    peak, largest_code = (0, 0, 0, 0), 0
    while process.poll() is None:
        try:
            now = sample(process.pid, binary)
        except (OSError, ValueError):
            break
        largest_code = max(largest_code, now[1])
        peak = max(peak, now)
        time.sleep(0.001)
    process.wait()
    if to_file:
        out.close()
    shutil.rmtree(folder, ignore_errors=True)
    mib = [value / 1024 for value in peak]
    print(f"peak {mib[0]:.1f} MiB; at the peak the binary's code {mib[1]:.2f}, read-only data {mib[2]:.2f}, "
          f"written data {mib[3]:.2f} MiB; largest code {largest_code / 1024:.2f} MiB; exit {process.returncode}")


if __name__ == "__main__":
    main()
