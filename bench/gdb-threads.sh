#!/bin/sh
# gdb-threads.sh -- what `ompd threads' (the gdb plugin) costs at many
# OpenMP threads, live and from a gcore core.
#
#   bench/gdb-threads.sh [BUILDDIR] [THREADS] [ROUNDS]
#                                        (defaults: _build, 256, 5)
#
# Runs tests/gdb/scenes `parallelN' (N threads, oversubscribed on this
# machine's cores, all but one waiting at a barrier) under gdb with the
# plugin, stops it, and times `ompd threads' with a cold cache: first in
# the live process, then in a fresh gdb on a gcore core of it.  Also
# prints the plugin's own counters (`set ompd stats on': libompd calls,
# libompd's reads, reads that reached the target), the same for `ompd
# parallel --members' per team member, and the time of whole `gdb -batch'
# sessions with and without the command -- live (start the program, stop
# at scene_stop, [ompd threads], kill) and on the core -- i.e. what the
# command adds to a session: ROUNDS sessions of each kind, interleaved,
# and their medians.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd -P)
build=$(cd "${1:-$top/_build}" && pwd -P)
n=${2:-256}
rounds=${3:-5}
gdb=${GDB:-gdb}
scenes=$build/tests/gdb/scenes
ours=$build/runtime/.libs
plugin=$build/gdb-plugin/ompd.py
[ -x "$scenes" ] || { echo "build tests/gdb/scenes first (make check TESTS=)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' 0 1 2 15

cat > "$tmp/time.py" <<'PY'
import re
import time
import gdb
from ompdbg_gdb.cache import cache
cache.invalidate()
gdb.execute("set ompd stats on")
t0 = time.monotonic()
s = gdb.execute("ompd threads", to_string=True)
dt = time.monotonic() - t0
rows = len([l for l in s.split("\n") if l and l[0].isdigit()])
stats = [l for l in s.split("\n") if l.startswith("[ompd stats]")]
print("RESULT %.3f s for %d OpenMP threads; %s" % (dt, rows,
      stats[0][len("[ompd stats] ompd threads: "):] if stats else ""))
gdb.execute("set ompd stats off")
cache.invalidate()
gdb.execute("set ompd stats on")
s = gdb.execute("ompd parallel --members", to_string=True)
gdb.execute("set ompd stats off")
m = re.search(r"([0-9.]+) s, \d+ libompd calls, (\d+) libompd reads, \d+ "
              r"memory requests, (\d+) target reads", s)
if m:
    print("RESULT ompd parallel --members: %s s, %d target reads (%.2f per "
          "member), %d libompd reads (%.2f per member)"
          % (m.group(1), int(m.group(3)), int(m.group(3)) / rows,
             int(m.group(2)), int(m.group(2)) / rows))
PY

now () { date +%s.%N; }
elapsed () { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

echo "== ompd threads at $n threads ($(nproc) cores)"
LD_LIBRARY_PATH=$ours $gdb -nx -q -batch -x "$plugin" \
  -ex 'set pagination off' -ex 'break scene_stop' -ex run \
  -ex "source $tmp/time.py" -ex "gcore $tmp/core" \
  --args "$scenes" "parallel$n" "$tmp/truth" 2>&1 | sed -n 's/^RESULT /live: /p'
$gdb -nx -q -batch -x "$plugin" -ex "source $tmp/time.py" \
  "$scenes" "$tmp/core" 2>&1 | sed -n 's/^RESULT /core: /p'

# Whole sessions with and without the command, interleaved; medians.
median () { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
live_session () {
  LD_LIBRARY_PATH=$ours $gdb -nx -q -batch -x "$plugin" \
    -ex 'set pagination off' -ex 'break scene_stop' -ex run "$@" -ex kill \
    --args "$scenes" "parallel$n" "$tmp/truth2" >/dev/null 2>&1
}
core_session () {
  $gdb -nx -q -batch -x "$plugin" -ex 'info threads' "$@" \
    "$scenes" "$tmp/core" >/dev/null 2>&1
}
for kind in live core; do
  : > "$tmp/without"; : > "$tmp/with"
  i=0
  while [ $i -lt "$rounds" ]; do
    t0=$(now); ${kind}_session; t1=$(now)
    ${kind}_session -ex 'ompd threads'; t2=$(now)
    elapsed "$t0" "$t1" >> "$tmp/without"; echo >> "$tmp/without"
    elapsed "$t1" "$t2" >> "$tmp/with"; echo >> "$tmp/with"
    i=$((i + 1))
  done
  a=$(median < "$tmp/without"); b=$(median < "$tmp/with")
  echo "$kind session (median of $rounds): gdb -batch $a s; with ompd threads $b s; difference $(elapsed "$a" "$b") s"
done
