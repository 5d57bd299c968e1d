#!/bin/sh
# profile-overhead.sh -- what `ompdbg profile' costs a program: its CPU
# time (user + system, every thread) alone and profiled on CPU time at
# each rate, the median of RUNS runs, and the samples taken.  CPU time,
# not elapsed time: on a shared machine the elapsed time says more about
# the others' load than about the profiler; OMP_WAIT_POLICY=passive, so
# that no thread spins for a time the machine's load decides.
#
#   profile-overhead.sh [-r RUNS] [-t THREADS] PROGRAM [ARGS...]
#
# Run from the build directory (./ompdbg, runtime/.libs).
set -eu
runs=3 threads=2
while [ $# -gt 0 ]; do
  case $1 in
    -r) runs=$2; shift 2 ;;
    -t) threads=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: profile-overhead.sh [-r RUNS] [-t THREADS] PROGRAM [ARGS...]" >&2; exit 2; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
OMP_WAIT_POLICY=passive
export OMP_NUM_THREADS=$threads OMP_WAIT_POLICY

# cpu CMD...: the CPU seconds CMD used, user + system.
cpu () {
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" > /dev/null 2>&1 || true
  awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
}

median () {
  sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "| $* ($threads threads) | CPU s (median of $runs) | samples | overhead |"
echo "| --- | ---: | ---: | ---: |"
base=$(for i in $(seq "$runs"); do cpu env LD_LIBRARY_PATH=runtime/.libs "$@"; done | median)
echo "| alone | $base | | |"
for hz in 100 1000; do
  t=$(for i in $(seq "$runs"); do
	cpu ./ompdbg profile --hz "$hz" -o "$tmp/p" "$@"
      done | median)
  n=$(./ompdbg report "$tmp/p" | sed -n 's/^\([0-9]*\) samples.*/\1/p')
  echo "| profiled at $hz Hz | $t | $n | $(awk -v a="$base" -v b="$t" 'BEGIN { printf "%+.1f%%", (b - a) / a * 100 }') |"
done
