#!/bin/sh
# ompdbg-stacks.sh -- what `ompdbg stacks` costs on a big core, and
# `ompdbg stacks --merge` on many cores.
#
#   bench/ompdbg-stacks.sh [BUILDDIR] [THREADS] [CORES] [PER-CORE] [ROUNDS]
#                                   (defaults: _build, 1024, 64, 16, 5)
#
# 1. tests/cli/stuck with THREADS OpenMP threads (one spinning, the
#    others at a barrier), dumped with gcore: `ompdbg stacks EXE CORE`
#    and `ompdbg stacks --json`, ROUNDS times each.
# 2. CORES processes of tests/cli/stuck with PER-CORE threads each (one
#    thread of one of them stuck), dumped with gcore: `ompdbg stacks
#    --merge` over all the cores, ROUNDS times.
# The threads run with OMP_STACKSIZE=256K: what is measured does not
# depend on the size of the stacks, and gcore writes every byte of them
# (8 GB for 1024 threads of 8 MB).  For each: the median wall time and
# the median CPU time (user + system of ompdbg and its children, from
# GNU time's %U and %S).  The machine
# has no instruction counters here (perf: <not supported>), so CPU time
# is the less load-sensitive figure; both are printed, with the load.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd -P)
build=$(cd "${1:-$top/_build}" && pwd -P)
n=${2:-1024}
cores=${3:-64}
per=${4:-16}
rounds=${5:-5}
stuck=$build/tests/cli/stuck
ompdbg=$build/ompdbg
ours=$build/runtime/.libs
libompd=$build/libompd/.libs/libompd.so
[ -x "$stuck" ] || { echo "build tests/cli/stuck first (make check TESTS=)" >&2; exit 1; }
command -v gcore > /dev/null || { echo "gcore (gdb) is needed" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 1; }
tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill -9 $p 2>/dev/null || :; done; rm -rf "$tmp"' 0 1 2 15

# start FILE THREADS STUCK: a stuck process; its pid in $pid.
start () {
  OMP_NUM_THREADS=$2 OMP_STACKSIZE=256K OMP_WAIT_POLICY=passive \
    OMPDBG_LIBOMPD=$libompd \
    LD_LIBRARY_PATH=$ours "$stuck" "$1" "$3" > /dev/null 2>&1 &
  pids="$pids $!"
  i=0
  until grep -q '^ready' "$1" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt 3000 ] && { echo "$stuck did not get ready" >&2; exit 1; }
    sleep 0.1
  done
  pid=$(sed -n 's/^pid //p' "$1")
}

median () { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure WHAT CMD...: ROUNDS runs of CMD; medians of wall and CPU time.
measure () {
  what=$1; shift
  : > "$tmp/wall"; : > "$tmp/cpu"
  r=0
  while [ $r -lt "$rounds" ]; do
    /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$@" > "$tmp/out" 2>&1 \
      || { cat "$tmp/out" >&2; echo "$what failed" >&2; exit 1; }
    awk '{ print $1 }' "$tmp/t" >> "$tmp/wall"
    awk '{ printf "%.3f\n", $2 + $3 }' "$tmp/t" >> "$tmp/cpu"
    r=$((r + 1))
  done
  printf '%-44s wall %s s  cpu %s s  (median of %d)\n' "$what" \
    "$(median < "$tmp/wall")" "$(median < "$tmp/cpu")" "$rounds"
}

echo "== load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
start "$tmp/big.truth" "$n" $((n - 1))
gcore -o "$tmp/big" "$pid" > /dev/null 2>&1
kill -9 $pid; wait $pid 2>/dev/null || :
big=$tmp/big.$pid
echo "core of $n threads: $(du -m "$big" | cut -f1) MB"
"$ompdbg" stacks "$stuck" "$big" > "$tmp/big.txt"
echo "  $(grep -c '^Thread ' "$tmp/big.txt") threads listed"
measure "ompdbg stacks ($n threads, core)" "$ompdbg" stacks "$stuck" "$big"
measure "ompdbg stacks --json ($n threads, core)" \
  "$ompdbg" stacks --json "$stuck" "$big"
rm -f "$big"

set --
k=0
while [ $k -lt "$cores" ]; do
  if [ $k -eq $((cores / 2)) ]; then s=$((per - 1)); else s=-1; fi
  start "$tmp/p$k.truth" "$per" $s
  gcore -o "$tmp/p$k" "$pid" > /dev/null 2>&1
  kill -9 $pid; wait $pid 2>/dev/null || :
  set -- "$@" "$stuck" "$tmp/p$k.$pid"
  k=$((k + 1))
done
"$ompdbg" stacks --merge "$@" > "$tmp/merge.txt"
head -1 "$tmp/merge.txt"
grep stuck_here "$tmp/merge.txt" | head -1
measure "ompdbg stacks --merge ($cores cores x $per)" "$ompdbg" stacks --merge "$@"
exit 0
