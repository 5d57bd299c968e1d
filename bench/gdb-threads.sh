#!/bin/sh
# gdb-threads.sh -- what `ompd threads' (the gdb plugin) costs at many
# OpenMP threads, live and from a gcore core.
#
#   bench/gdb-threads.sh [BUILDDIR] [THREADS]     (defaults: _build, 256)
#
# Runs tests/gdb/scenes `parallelN' (N threads, oversubscribed on this
# machine's cores, all but one waiting at a barrier) under gdb with the
# plugin, stops it, and times `ompd threads' with a cold cache: first in
# the live process, then in a fresh gdb on a gcore core of it.  Also
# prints the plugin's own counters (`set ompd stats on': libompd calls,
# target reads) and the time of a whole `gdb -batch' session with and
# without the command, i.e. what the command adds to a session.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd -P)
build=$(cd "${1:-$top/_build}" && pwd -P)
n=${2:-256}
gdb=${GDB:-gdb}
scenes=$build/tests/gdb/scenes
ours=$build/runtime/.libs
plugin=$top/gdb-plugin/ompd.py
[ -x "$scenes" ] || { echo "build tests/gdb/scenes first (make check TESTS=)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' 0 1 2 15

cat > "$tmp/time.py" <<'PY'
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

# A whole core session with and without the command.
t0=$(now)
$gdb -nx -q -batch -x "$plugin" -ex 'info threads' "$scenes" "$tmp/core" >/dev/null 2>&1
t1=$(now)
$gdb -nx -q -batch -x "$plugin" -ex 'info threads' -ex 'ompd threads' "$scenes" "$tmp/core" >/dev/null 2>&1
t2=$(now)
echo "core session: gdb -batch $(elapsed "$t0" "$t1") s; with ompd threads $(elapsed "$t1" "$t2") s"
