#!/bin/sh
# profile.sh -- `ompdbg profile' and `ompdbg report' on programs whose
# profile is known:
#   prof-imbalance  thread 0 works 3 x 100 ms per region, the 3 others
#                   100 ms: each of them waits 200 ms per region at the
#                   implicit barrier, 5 regions: 1.0 s, measured within
#                   25%; thread 0's work 1.5 s within 25%
#   prof-lock       the lock wait is attributed to the line of
#                   omp_set_lock, and is most of that line's time
#   prof-nested     both regions named by their pragma's line
#   prof-many       256 threads sampled on the wall clock, each one
#                   reported; 4 threads on their CPU time
# and the program's output and exit status are the same as without the
# profiler.  The work of the first three is timed sleep sampled on the
# wall clock, so that the expectations hold on a loaded machine.
. "${0%/*}/../lib/test-subr.sh"

src=${srcdir:-.}/tests/collector
ompdbg=./ompdbg
for p in prof-imbalance prof-lock prof-nested prof-many; do
  require_built tests/collector/$p
done
test -x "$ompdbg" || hard_error "$ompdbg is not built"
test -f profiler/.libs/ompdbg-collector.so || skip "the profiler is not built (no libunwind)"
tmp=`make_tempdir`
ours=`runtime_dir ours`

# same_run NAME PROG ARGS...: PROG under the profiler writes what it
# writes alone and exits as it does alone; the profile in $tmp/NAME.prof.
same_run () {
  sr_name=$1; shift
  LD_LIBRARY_PATH=$ours bounded "$@" > "$tmp/$sr_name.plain" 2>&1
  sr_plain=$?
  bounded $ompdbg profile -o "$tmp/$sr_name.prof" $sr_opts "$@" \
    > "$tmp/$sr_name.out" 2>&1
  sr_prof=$?
  if test $sr_plain -eq $sr_prof; then
    ok "$sr_name: exit status $sr_prof with and without the profiler"
  else
    fail "$sr_name: exit status $sr_plain alone, $sr_prof profiled"
  fi
  compare_files "$sr_name: output with and without the profiler" \
    "$tmp/$sr_name.plain" "$tmp/$sr_name.out"
  check_to "$tmp/$sr_name.report" "$sr_name: ompdbg report" \
    $ompdbg report --svg "$tmp/$sr_name.svg" "$tmp/$sr_name.prof"
  cat "$tmp/$sr_name.report"
}

# column FILE ROW-REGEX COLUMN: the COLUMN-th number of the first line
# of FILE that matches ROW-REGEX (columns counted from the end of the
# row's name: 1 time, 2 work, 3 wait, 4 barrier, 5 lock, 6 critical).
column () {
  grep -E -- "$2" "$1" | head -1 | awk -v c="$3" '{ print $(NF - 11 + c) }'
}

# within GOT WANT PERCENT WHAT: |GOT - WANT| <= PERCENT% of WANT.
within () {
  if awk -v g="$1" -v w="$2" -v p="$3" \
       'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= w * p / 100) }'
  then ok "$4: $1 s, expected $2 s within $3%"
  else fail "$4: $1 s, expected $2 s within $3%"
  fi
}

sr_opts="--wall --hz 1000"
same_run imbalance tests/collector/prof-imbalance
# The threads' rows, the master the one that works most.
sed -n '/^Threads/,/^$/p' "$tmp/imbalance.report" | grep '^LWP' \
  | sort -k4,4 -g > "$tmp/threads"
test `wc -l < "$tmp/threads"` -eq 4 && ok "imbalance: 4 threads" \
  || fail "imbalance: `wc -l < "$tmp/threads"` threads reported, 4 expected"
within "`tail -1 "$tmp/threads" | awk '{ print $4 }'`" 1.5 25 \
  "imbalance: thread 0's work"
for i in 1 2 3; do
  within "`sed -n "${i}p" "$tmp/threads" | awk '{ print $6 }'`" 1.0 25 \
    "imbalance: barrier wait of the thread with the least work, $i"
done
line=`grep -n 'pragma omp parallel' "$src/prof-imbalance.c" | cut -d: -f1`
expect_lines 1 "^#pragma omp parallel at prof-imbalance.c:$line \(in main\) " \
  "$tmp/imbalance.report" "imbalance: the region named by its line"
within "`column "$tmp/imbalance.report" "^#pragma omp parallel at prof-imbalance" 4`" \
  3.0 25 "imbalance: the region's barrier wait"
expect_lines 1 '<svg' "$tmp/imbalance.svg" "imbalance: --svg writes a picture"
expect_lines 100 '<rect .*fill=' "$tmp/imbalance.svg" "imbalance: the samples drawn"

same_run lock tests/collector/prof-lock
line=`grep -n 'LOCK-LINE' "$src/prof-lock.c" | cut -d: -f1`
row="^prof-lock.c:$line \(in main\) "
expect_lines 1 "$row" "$tmp/lock.report" "lock: a row for the line of omp_set_lock"
lt=`column "$tmp/lock.report" "$row" 1`
lw=`column "$tmp/lock.report" "$row" 5`
if awk -v t="$lt" -v w="$lw" 'BEGIN { exit !(w > 0.1 && w >= 0.8 * t) }'; then
  ok "lock: the wait at omp_set_lock's line is lock wait ($lw s of $lt s)"
else
  fail "lock: at omp_set_lock's line $lw s of lock wait of $lt s"
fi
hw=`column "$tmp/lock.report" "^prof-work.h:[0-9]+ \(in work_ms\) " 2`
if awk -v w="$hw" 'BEGIN { exit !(w > 0.3) }'; then
  ok "lock: the time holding the lock is work, in work_ms ($hw s)"
else
  fail "lock: work_ms, which holds the lock, has '$hw' s of work"
fi

same_run nested tests/collector/prof-nested
for mark in OUTER INNER; do
  line=`grep -n "$mark-LINE" "$src/prof-nested.c" | cut -d: -f1`
  expect_lines 1 "^#pragma omp parallel at prof-nested.c:$line \(in main\) " \
    "$tmp/nested.report" "nested: the $mark region named by its line"
done
inner=`grep -n "INNER-LINE" "$src/prof-nested.c" | cut -d: -f1`
within "`column "$tmp/nested.report" "^#pragma omp parallel at prof-nested.c:$inner " 2`" \
  0.8 25 "nested: the inner regions' work (2 x 2 threads x 200 ms)"

sr_opts="--wall --hz 100"
OMP_NUM_THREADS=256 same_run many tests/collector/prof-many
expect_lines 1 '^[0-9]+ samples of 256 threads' "$tmp/many.report" \
  "many: 256 threads sampled"
n=`sed -n '/^Threads/,/^$/p' "$tmp/many.report" | awk '/^LWP/ && $3 > 0' | wc -l`
test "$n" -eq 256 && ok "many: each of the 256 threads has samples" \
  || fail "many: $n threads have samples, 256 expected"

# The CPU-time clock: the threads' CPU work is sampled.
sr_opts="--hz 1000"
OMP_NUM_THREADS=2 same_run cpu tests/collector/prof-many 50000000
w=`grep '^OpenMP Work' "$tmp/cpu.report" | awk '{ print $3 }'`
if awk -v w="$w" 'BEGIN { exit !(w > 0.02) }'; then
  ok "cpu: work sampled on CPU time ($w s)"
else
  fail "cpu: no work sampled on CPU time"
fi
finish
