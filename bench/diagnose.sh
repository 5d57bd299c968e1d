#!/bin/sh
# diagnose.sh -- the time of `ompd diagnose' in gdb on a core of a
# program with N threads (255 of 256 at a barrier, one spinning in its
# own code: tests/gdb/hangs wide), the first command after the core is
# loaded and again (what a second command of the same stop costs).
#
#   diagnose.sh BUILDDIR [N] [RUNS]
#
# Prints each run's seconds as gdb's Python measures them, and the
# explanation's first line.  A wall-clock time on a shared machine: the
# median of RUNS (3) runs, each a fresh gdb on the same core.
set -eu
b=${1:?usage: diagnose.sh BUILDDIR [N] [RUNS]}
n=${2:-256}
runs=${3:-3}
gdb=${GDB:-gdb}
hangs=$b/tests/gdb/hangs
[ -x "$hangs" ] || { echo "diagnose.sh: $hangs is not built (make check" \
  "builds it, or make tests/gdb/hangs)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OMP_NUM_THREADS=$n OMP_WAIT_POLICY=passive LD_LIBRARY_PATH=$b/runtime/.libs \
  $gdb -nx -q -batch -iex 'set pagination off' -iex 'set confirm off' \
  -ex 'break hang_stop' -ex run -ex "gcore $tmp/core" -ex kill \
  --args "$hangs" wide "$tmp/truth" > "$tmp/gcore.log" 2>&1
[ -f "$tmp/core" ] || { cat "$tmp/gcore.log" >&2; exit 1; }
cat > "$tmp/time.py" <<'PY'
import time
import gdb
for k in ("first", "again"):
    t = time.time()
    out = gdb.execute("ompd diagnose", to_string=True)
    print("%s %.3f" % (k, time.time() - t))
print("says: " + out.split("\n")[0])
PY
i=0
while [ $i -lt "$runs" ]; do
  $gdb -nx -q -batch -iex 'set pagination off' -iex 'set sysroot /' \
    -iex "set solib-search-path $b/runtime/.libs" \
    -x "$b/gdb-plugin/ompd.py" \
    -ex "set ompd library $b/libompd/.libs/libompd.so" \
    -ex "source $tmp/time.py" "$hangs" "$tmp/core" 2>&1 |
    grep -E '^(first|again|says)'
  i=$((i + 1))
done
