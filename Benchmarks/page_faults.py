#!/usr/bin/env python3
"""Where one run's minor page faults land: by mapping, and for the binary itself by ELF section.

    python3 Benchmarks/page_faults.py BINARY [ARGS...]     # e.g. .build-static/release/apicli --version

Records the run with `perf record -e minor-faults -c 1 -d` (every fault, with its data address),
maps each address to the mapping it falls in (perf's mmap events) and, inside BINARY, to the
section (`readelf -S`), and prints the counts, most first. A PIE's relocated data (.data.rel.ro,
.data) is written by ld.so at every start, so each of its pages is a copy-on-write fault; text and
read-only data are file pages, mapped up to 16 at a time around each fault when they are in the
page cache (how many depends on how the file got there: see startup.py). Needs perf with
perf_event_paranoid <= 2; prints figures only.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile


def sections(binary):
    found = []
    for line in subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16):
            found.append((match.group(1), int(match.group(2), 16), int(match.group(3), 16)))
    return found


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as work:
        data = os.path.join(work, "perf.data")
        subprocess.run(["perf", "record", "-q", "-e", "minor-faults", "-c", "1", "-d", "-o", data, binary,
                        *sys.argv[2:]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        script = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events", "-F", "ip,addr"],
                                capture_output=True, text=True).stdout
    maps, faults = [], []
    for line in script.splitlines():
        mmap = re.search(r"PERF_RECORD_MMAP2? .*?\[0x([0-9a-f]+)\((0x[0-9a-f]+)\) @ (0x[0-9a-f]+|\d+).*?\]: "
                         r"[rwxps-]+ (\S+)", line)
        if mmap:
            start = int(mmap.group(1), 16)
            maps.append((start, start + int(mmap.group(2), 16), mmap.group(4)))
        elif re.match(r"\s*[0-9a-f]+\s", line):
            faults.append(int(line.split()[0], 16))
    pie = "DYN" in subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout
    base = min((start for start, _, path in maps if path == binary), default=0) if pie else 0
    table = sections(binary)
    counts = collections.Counter()
    for address in faults:
        where = "anonymous (heap, thread stacks, .bss beyond the file)"
        for start, end, path in maps:
            if start <= address < end:
                where = os.path.basename(path)
                if path == binary:
                    offset = address - base
                    where = next((f"{where} {name}" for name, at, size in table if at <= offset < at + size),
                                 f"{where} (no section)")
                break
        counts[where] += 1
    for where, count in counts.most_common():
        print(f"{count:5d}  {where}")
    print(f"{len(faults):5d}  in all")


if __name__ == "__main__":
    main()
