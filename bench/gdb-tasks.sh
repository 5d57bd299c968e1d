#!/bin/sh
# gdb-tasks.sh -- what `ompd tasks' (the gdb plugin) costs with many
# deferred tasks, live and from a gcore core.
#
#   bench/gdb-tasks.sh [BUILDDIR] [TASKS] [ROUNDS]
#                                        (defaults: _build, 100000, 5)
#
# Runs tests/gdb/scenes `deferredN' (N deferred tasks made by one thread
# while the other is held: 7/10 of them waiting for one task, the rest
# queued), stops it under gdb with the plugin and times `ompd tasks',
# which sums them up: first the session's first command (libompd's walk
# and every symbol lookup), then ROUNDS more with a cold cache (the
# per-stop cache dropped: libompd walks the runtime again), whose median,
# least and largest it prints, wall and CPU time of the gdb process;
# the plugin's counters (`set ompd stats on') of one run; and the same
# for `ompd tasks --limit 20' (the first 20 listed one by one).  Then all
# of it again in a fresh gdb on a gcore core of the stop.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd -P)
build=$(cd "${1:-$top/_build}" && pwd -P)
n=${2:-100000}
rounds=${3:-5}
gdb=${GDB:-gdb}
scenes=$build/tests/gdb/scenes
ours=$build/runtime/.libs
plugin=$build/gdb-plugin/ompd.py
OMPDBG_LIBOMPD=$build/libompd/.libs/libompd.so
export OMPDBG_LIBOMPD
[ -x "$scenes" ] || { echo "build tests/gdb/scenes first (make check TESTS=)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' 0 1 2 15

cat > "$tmp/time.py" <<PY
import statistics
import time
import gdb
from ompdbg_gdb.cache import cache


def timed(cmd):
    t0, c0 = time.monotonic(), time.process_time()
    s = gdb.execute(cmd, to_string=True)
    return time.monotonic() - t0, time.process_time() - c0, s


def runs(cmd):
    out = []
    for i in range($rounds):
        cache.invalidate()
        out.append(timed(cmd)[:2])
    wall = sorted(w for w, c in out)
    cpu = sorted(c for w, c in out)
    print("RESULT %s: median %.3f s (%.3f-%.3f), CPU %.3f s (%.3f-%.3f) "
          "over $rounds runs" % (cmd, statistics.median(wall), wall[0],
                                 wall[-1], statistics.median(cpu), cpu[0],
                                 cpu[-1]))
    cache.invalidate()
    gdb.execute("set ompd stats on")
    s = gdb.execute(cmd, to_string=True)
    gdb.execute("set ompd stats off")
    for l in s.split("\n"):
        if l.startswith("[ompd stats]"):
            print("RESULT   " + l)


w, c, s = timed("ompd tasks")
lines = [l for l in s.split("\n") if l.startswith("Deferred tasks")]
print("RESULT first ompd tasks: %.3f s, CPU %.3f s: %s"
      % (w, c, lines[0] if lines else "no deferred tasks?"))
runs("ompd tasks")
runs("ompd tasks --limit 20")
PY

echo "== ompd tasks with $n deferred tasks ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
LD_LIBRARY_PATH=$ours $gdb -nx -q -batch -x "$plugin" \
  -ex 'set pagination off' -ex 'break scene_stop' -ex run \
  -ex "source $tmp/time.py" -ex "gcore $tmp/core" -ex kill \
  --args "$scenes" "deferred$n" "$tmp/truth" 2>&1 | sed -n 's/^RESULT /live: /p'
$gdb -nx -q -batch -x "$plugin" -ex "source $tmp/time.py" \
  "$scenes" "$tmp/core" 2>&1 | sed -n 's/^RESULT /core: /p'
echo "core file: $(du -m "$tmp/core" | cut -f1) MB"
