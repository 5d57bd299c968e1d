#!/bin/sh
# state.sh -- the state our runtime keeps for debuggers is what the
# program's own ground truth says: tests/ompd/state-prog runs under gdb,
# stops at known points (a thread waiting at a barrier, for a lock, a
# named and the unnamed critical, its ordered turn, in taskwait and at a
# taskgroup end while the other thread runs the task, idle pool threads,
# a serialized region, a loop's implicit barrier, the atomic lock, the
# barriers the runtime adds for copyprivate and task reductions, the
# encountering thread forming the first team), and
# tests/ompd/state.py compares each thread's
# state, wait_id, task frames and sched_parent, the teams and the
# registry index with it; then what libompd says of every thread's state
# and wait id, through the gdb plugin, against that record.  Every phase
# must be verified: a phase gdb
# could not check fails the program (it then never gets an answer).
# Skipped (77) without gdb, without gdb's Python, or where gdb may not
# trace a child.
#
# Environment (from tests/local.mk): OMPDBG_OURS_DIR; GDB (default gdb).

. "${0%/*}/../lib/test-subr.sh"

prog=tests/ompd/state-prog
ours=$OMPDBG_OURS_DIR
nphases=14
require_built "$prog" "$ours/libgomp.so.1"
require_gdb python

tmp=`make_tempdir`
gdb_for_libompd
LD_LIBRARY_PATH=$ours bounded $GDB -nx -batch \
  -ex 'set startup-with-shell off' -x gdb-plugin/ompd.py \
  -x "$srcdir/tests/ompd/state.py" "$prog" > "$tmp/out" 2>&1
skip_if_untraceable "$tmp/out"
# The program must have run on our runtime (the structures are ours).
want=`seq 1 $nphases | tr '\n' ' ' | sed 's/ $//'`
compare_output "phases verified" "$want" sed -n 's/^STATE-VERIFIED //p' "$tmp/out"
expect_lines 1 '^state-prog done' "$tmp/out" "the program ran to its end"
expect_no_match '^STATE-FAIL' "$tmp/out" "no phase failed"
if test $test_failures -ne 0; then
  grep "STATE-FAIL\|phase\|rror" "$tmp/out"
  echo "--- gdb output:"
  cat "$tmp/out"
else
  grep "^phase" "$tmp/out"
fi
finish
