#!/bin/sh
# Prints the architecture figures for a commit (default HEAD, docs/design/0051-capabilities-value.md):
# Swift lines per target, the biggest target's share, the number of `as? any`
# capability casts, and the share of tests that run the built binary.
#
#   Benchmarks/architecture-figures.sh [COMMIT]
set -eu
rev=${1:-HEAD}
cd "$(git rev-parse --show-toplevel)"
lines() { git ls-tree -r --name-only "$rev" -- "$1" | grep '\.swift$' | while read -r f; do git show "$rev:$f"; done | wc -l; }
total=0
out=""
for dir in $(git ls-tree -d --name-only "$rev" Sources/ Plugins/); do
    case "$dir" in Sources/CCurlShim|Sources/CSQLite) continue ;; esac
    n=$(lines "$dir")
    total=$((total + n))
    out="$out$n $dir\n"
done
printf "lines per target (%s):\n" "$(git rev-parse --short "$rev")"
printf "$out" | sort -rn | while read -r n dir; do
    printf "  %-26s %6d  %3d%%\n" "$dir" "$n" $((n * 100 / total))
done
printf "  %-26s %6d\n" "total" "$total"
casts=$(git grep -E "as\?? any (Paged|Resolving|Timed|BatchPersisting|Itemized|SchemaDescribing)Provider" "$rev" -- Sources Plugins | wc -l)
echo "capability casts (as? any <refinement>): $casts"
tests() { git grep -E "^\s*@Test" "$rev" -- "$@" | wc -l; }
all=$(tests Tests)
binary=$(git grep -lE "ProcessRunner\.run|Sandbox|runApicli" "$rev" -- Tests/apicliTests Tests/*Tests | cut -d: -f2- | while read -r f; do git show "$rev:$f" | grep -cE "^\s*@Test" || true; done | awk '{s+=$1} END {print s+0}')
echo "tests: $all; in files that run the binary: $binary ($((binary * 100 / all))%)"
