#!/bin/sh
# merge.sh -- `ompdbg stacks --merge` and `ompdbg snapshot` + `ompdbg
# merge` over four processes of tests/cli/stuck (4 OpenMP threads each;
# in the third, thread 3 spins in stuck_here while the others wait at
# the barrier; in the others every thread passed it), given as two live
# PIDs and two gcore cores: the tree counts all 16 threads and puts the
# stuck one alone on its branch, named by rank and thread, in text and
# JSON (valid under docs/json.md); a target that cannot be read is
# reported and the others are still merged.
# Exit 0 pass, 1 fail, 77 when gcore is unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

prog=tests/cli/stuck
runtime=${OMPDBG_OURS_DIR:?OMPDBG_OURS_DIR not set}
libompd=$PWD/libompd/.libs/libompd.so
require_built "$prog" corefiles/ompdbg-inspect "$libompd" ./ompdbg
command -v gcore > /dev/null 2>&1 || skip "gcore not found"
py3=/usr/bin/python3
schema=$srcdir/docs/ompdbg-json.schema.json
work=`make_tempdir`

# start N STUCK: process N, its thread STUCK stuck (-1: none); sets $pid.
start () {
  OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive OMPDBG_LIBOMPD=$libompd \
    LD_LIBRARY_PATH=$runtime timeout -k 5 "$test_timeout" \
    "$prog" "$work/p$1.truth" "$2" > /dev/null 2>&1 &
  kill_on_exit $!
  i=0
  until grep -q '^ready' "$work/p$1.truth" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt 600 ] && hard_error "process $1 did not get ready"
    sleep 0.1
  done
  pid=`sed -n 's/^pid //p' "$work/p$1.truth"`
  kill_on_exit "$pid"
}

start 0 -1; pid0=$pid
start 1 -1; pid1=$pid
start 2 3; pid2=$pid
start 3 -1; pid3=$pid
sleep 0.5
# Processes 1 and 3 as cores (their ranks: their order).
for n in 1 3; do
  eval p=\$pid$n
  gcore -o "$work/p$n.core" "$p" > "$work/gcore$n.log" 2>&1
  [ -f "$work/p$n.core.$p" ] || { cat "$work/gcore$n.log"; hard_error "gcore of process $n failed"; }
done
targets="$pid0 $prog $work/p1.core.$pid1 $pid2 $prog $work/p3.core.$pid3"

check_to "$work/merge.txt" "ompdbg stacks --merge (2 processes, 2 cores)" \
  ./ompdbg stacks --merge $targets
cat "$work/merge.txt"
check_to "$work/merge.json" "ompdbg stacks --merge --json" \
  ./ompdbg stacks --merge --json $targets
check "the merged tree points at rank 2 thread 3" $py3 \
  "$srcdir/tests/cli/check-merge.py" "$work/merge.json" "$work/merge.txt" \
  4 4 2 3 stuck_here

# One snapshot per "host" (here two files), merged.
check "ompdbg snapshot of ranks 0 and 1" \
  ./ompdbg snapshot --json -o "$work/a.json" $pid0 $prog "$work/p1.core.$pid1"
check "ompdbg snapshot of ranks 2 and 3" \
  ./ompdbg snapshot --json -o "$work/b.json" $pid2 $prog "$work/p3.core.$pid3"
# The second file's ranks follow the first's.
sed 's/"rank": 0,/"rank": 2,/; s/"rank": 1,/"rank": 3,/' "$work/b.json" > "$work/b2.json"
check_to "$work/snap.txt" "ompdbg merge of the two snapshots" \
  ./ompdbg merge "$work/a.json" "$work/b2.json"
check_to "$work/snap.json" "ompdbg merge --json" \
  ./ompdbg merge --json "$work/a.json" "$work/b2.json"
check "the merged snapshots point at rank 2 thread 3" $py3 \
  "$srcdir/tests/cli/check-merge.py" "$work/snap.json" "$work/snap.txt" \
  4 4 2 3 stuck_here
check "every document valid (docs/json.md)" $py3 \
  "$srcdir/tests/cli/json-check.py" "$schema" "$work/merge.json" \
  "$work/a.json" "$work/b.json" "$work/snap.json"
compare_files "the same tree from --merge and from snapshots" \
  "$work/merge.txt" "$work/snap.txt"

# A damaged target: the merge names it and keeps the others.
head -c 4096 "$work/p3.core.$pid3" > "$work/cut.core"
./ompdbg stacks --merge $pid0 $prog "$work/cut.core" $pid2 \
  > "$work/bad.txt" 2> "$work/bad.err"
rc=$?
cat "$work/bad.err"
[ $rc -eq 1 ] && ok "a core that cannot be read: exit 1" \
  || fail "a core that cannot be read: exit $rc"
expect_lines 1 "cannot open core file .*cut.core" "$work/bad.err" \
  "the core that cannot be read is named"
expect_lines 1 "^rank 1: cannot be opened" "$work/bad.txt" \
  "its rank is reported in the tree"
expect_lines 1 "^3 processes \(ranks 0-2\), 8 OpenMP threads:" "$work/bad.txt" \
  "the others are merged"
finish
