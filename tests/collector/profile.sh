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
# profiler.  The call stacks, stitched across regions, of the first
# three, in the flame graph (--flame, read by flame.py as XML and
# checked against itself) and in the report's "Call stacks":
#   prof-imbalance  one stack of the program's frames, which the workers'
#                   join: work_ms under the pragma's line, half the time
#                   within 25%, as much as the report's line of work_ms
#   prof-lock       the lock wait under the line of omp_set_lock, as
#                   much as that line's lock wait in the report
#   prof-nested     work_ms under the inner pragma's line under the
#                   outer's, 0.8 s within 25%; 0.2 s under the outer
# and on the CPU-time clock at 1 kHz, above the kernel's tick rate, the
# timers' periods (overruns counted) make the threads' CPU time within
# 20%.  The work of the first three is timed sleep sampled on the
# wall clock, so that the expectations hold on a loaded machine.
. "${0%/*}/../lib/test-subr.sh"

src=${srcdir:-.}/tests/collector
ompdbg=./ompdbg
for p in prof-imbalance prof-lock prof-nested prof-many; do
  require_built tests/collector/$p
done
test -x "$ompdbg" || hard_error "$ompdbg is not built"
test -f profiler/.libs/ompdbg-collector.so || skip "the profiler is not built (no libunwind)"
py3=/usr/bin/python3
test -x $py3 || skip "no $py3 to read the flame graphs"
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
    $ompdbg report --svg "$tmp/$sr_name.svg" \
    --flame "$tmp/$sr_name.flame.svg" "$tmp/$sr_name.prof"
  cat "$tmp/$sr_name.report"
}

# flame NAME: the frames of NAME's flame graph (flame.py) into
# $tmp/NAME.frames: level, samples, seconds, path.
flame () {
  if $py3 "$src/flame.py" "$tmp/$1.flame.svg" > "$tmp/$1.frames"; then
    ok "$1: the flame graph is XML, its widths and shares its samples'"
  else
    cat "$tmp/$1.frames"
    fail "$1: the flame graph is not consistent"
  fi
}

# frame_s NAME PATH: the seconds of the frame at PATH (frames from the
# root, ' ; ' between) of NAME's flame graph.
frame_s () {
  awk -F '\t' -v p="all ; $2" '$4 == p { print $3 }' "$tmp/$1.frames"
}

# stacks NAME: the report's call stacks, one a line: seconds, percentage,
# the frames (' ; ' between), into $tmp/NAME.stacks; a check that the
# section fits 80 columns.
stacks () {
  sed -n '/^Call stacks/,/^$/p' "$tmp/$1.report" > "$tmp/$1.section"
  awk '/^#[0-9]/ { if (s != "") print s; s = $2 "\t" $4 "\t"; sep = ""; next }
       /^     / { sub(/^ +/, ""); s = s sep $0; sep = " ; " }
       END { if (s != "") print s }' "$tmp/$1.section" > "$tmp/$1.stacks"
  n=`awk 'length > 80' "$tmp/$1.section" | wc -l`
  if test -s "$tmp/$1.stacks" && test "$n" -eq 0; then
    ok "$1: the call stacks, in 80 columns"
  else
    fail "$1: no call stacks, or $n lines wider than 80 columns"
  fi
}

# same_s WHAT GOT WANT: GOT and WANT, seconds of 3 decimals, the same.
same_s () {
  if awk -v g="$2" -v w="$3" 'BEGIN { exit !(g != "" && g == w) }'; then
    ok "$1: $2 s"
  else
    fail "$1: '$2' s, '$3' s expected"
  fi
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
expect_lines 1 '<rect .*fill="#4caf50"><title>THR_WORK_STATE ' \
  "$tmp/imbalance.svg" "imbalance: work drawn"
expect_lines 1 '<rect .*fill="#e53935"><title>THR_IBAR_STATE ' \
  "$tmp/imbalance.svg" "imbalance: the barrier drawn"
check "imbalance: --svg writes XML" $py3 -c \
  'import sys, xml.etree.ElementTree as e; e.parse (sys.argv[1])' \
  "$tmp/imbalance.svg"
flame imbalance
# Every thread's work_ms in one frame, under the region's code under the
# pragma's line: no root frame of the region's code (a worker's stack
# not stitched) and none of work_ms elsewhere.
call=`grep -n 'work_ms (ms)' "$src/prof-imbalance.c" | cut -d: -f1`
n=`awk -F '\t' -v c="all ; main (prof-imbalance.c:$call)" '$4 == c' "$tmp/imbalance.frames" | wc -l`
m=`grep -c 'work_ms' "$tmp/imbalance.frames"`
if test "$n" -eq 0 && test "$m" -eq 1; then
  ok "imbalance: the workers' frames under the pragma's line, as the master's"
else
  fail "imbalance: $n root frames of the region's code, $m of work_ms"
fi
work_path="main (prof-imbalance.c:$line) ; main (prof-imbalance.c:$call) ; work_ms (prof-work.h:14)"
ws=`frame_s imbalance "$work_path"`
same_s "imbalance: work_ms's frame, the report's line of work_ms" "$ws" \
  "`column "$tmp/imbalance.report" "^prof-work.h:14 \(in work_ms\) " 1`"
all=`awk -F '\t' '$1 == 0 { print $3 }' "$tmp/imbalance.frames"`
share=`awk -v w="$ws" -v a="$all" 'BEGIN { if (a > 0) printf "%.1f", 100 * w / a }'`
if awk -v s="$share" 'BEGIN { exit !(s != "" && s >= 37.5 && s <= 62.5) }'
then ok "imbalance: work_ms has $share% of the time, 50% expected within 25%"
else fail "imbalance: work_ms has '$share'% of the time, 50% expected within 25%"
fi
bs=`frame_s imbalance "main (prof-imbalance.c:$line) ; <OMP-implicit_barrier>"`
within "$bs" 3.0 25 "imbalance: the barrier's frame under the pragma's line"
stacks imbalance
st=`awk -F '\t' -v p="$work_path" '$3 == p { print $1 }' "$tmp/imbalance.stacks"`
same_s "imbalance: work_ms's call stack, its frame's time" "$st" "$ws"

same_run lock tests/collector/prof-lock
line=`grep -n 'LOCK-LINE \*/' "$src/prof-lock.c" | cut -d: -f1`
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

flame lock
pragma=`grep -n 'pragma omp parallel' "$src/prof-lock.c" | cut -d: -f1`
lock_path="main (prof-lock.c:$pragma) ; main (prof-lock.c:$line)"
same_s "lock: <OMP-lock_wait> under the line of omp_set_lock, its lock wait" \
  "`frame_s lock "$lock_path ; <OMP-lock_wait>"`" "$lw"
n=`grep -c '<OMP-lock_wait>' "$tmp/lock.frames"`
test "$n" -eq 1 && ok "lock: the lock wait under no other frame" \
  || fail "lock: $n frames of lock wait"
stacks lock
n=`awk -F '\t' -v p="$lock_path ; <OMP-lock_wait>" '$3 == p' "$tmp/lock.stacks" | wc -l`
test "$n" -eq 1 && ok "lock: a call stack of the lock wait at its line" \
  || fail "lock: no call stack of the lock wait at omp_set_lock's line"

same_run nested tests/collector/prof-nested
for mark in OUTER INNER; do
  line=`grep -n "$mark-LINE \*/" "$src/prof-nested.c" | cut -d: -f1`
  expect_lines 1 "^#pragma omp parallel at prof-nested.c:$line \(in main\) " \
    "$tmp/nested.report" "nested: the $mark region named by its line"
done
inner=`grep -n "INNER-LINE \*/" "$src/prof-nested.c" | cut -d: -f1`
within "`column "$tmp/nested.report" "^#pragma omp parallel at prof-nested.c:$inner " 2`" \
  0.8 25 "nested: the inner regions' work (2 x 2 threads x 200 ms)"
flame nested
outer=`grep -n "OUTER-LINE \*/" "$src/prof-nested.c" | cut -d: -f1`
calls=`grep -n 'work_ms (' "$src/prof-nested.c" | cut -d: -f1`
outer_call=`echo $calls | cut -d' ' -f1`
inner_call=`echo $calls | cut -d' ' -f2`
in_path="main (prof-nested.c:$outer) ; main (prof-nested.c:$inner) ; main (prof-nested.c:$inner_call) ; work_ms (prof-work.h:14)"
out_path="main (prof-nested.c:$outer) ; main (prof-nested.c:$outer_call) ; work_ms (prof-work.h:14)"
within "`frame_s nested "$in_path"`" \
  0.8 25 "nested: work_ms under the inner region under the outer"
within "`frame_s nested "$out_path"`" \
  0.2 25 "nested: work_ms under the outer region (2 threads x 100 ms)"
stacks nested

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
# The CPU time of a run of ~0.5 s (the children's, from the shell's
# times) against the report's: above the tick rate each signal stands
# for several expiries.
OMP_NUM_THREADS=2 bounded sh -c "$ompdbg profile -o $tmp/cpu2.prof --hz 1000 \
  tests/collector/prof-many 250000000 > /dev/null; times" > "$tmp/cpu2.times"
cpu=`sed -n 2p "$tmp/cpu2.times" | awk '{ gsub(/[ms]/, " "); print 60 * $1 + $2 + 60 * $3 + $4 }'`
$ompdbg report --stacks 0 "$tmp/cpu2.prof" > "$tmp/cpu2.report" 2>&1
got=`grep '^OpenMP Work' "$tmp/cpu2.report" | awk '{ print $3 + $7 }'`
cat "$tmp/cpu2.times"
head -3 "$tmp/cpu2.report"
within "$got" "$cpu" 20 "cpu: the periods sampled, the program's CPU time"
w=`grep '^OpenMP Work' "$tmp/cpu.report" | awk '{ print $3 }'`
if awk -v w="$w" 'BEGIN { exit !(w > 0.02) }'; then
  ok "cpu: work sampled on CPU time ($w s)"
else
  fail "cpu: no work sampled on CPU time"
fi
finish
