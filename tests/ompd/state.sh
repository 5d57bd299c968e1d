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

gdb=${GDB:-gdb}
prog=tests/ompd/state-prog
ours=$OMPDBG_OURS_DIR
srcdir=${srcdir:-.}
nphases=14

if ! $gdb --version >/dev/null 2>&1; then
  echo "state.sh: $gdb not found; skipping"
  exit 77
fi
if ! $gdb -nx -batch -ex 'python print("py-ok")' 2>/dev/null | grep -q py-ok
then
  echo "state.sh: $gdb has no Python; skipping"
  exit 77
fi
if test ! -x "$prog" || test ! -f "$ours/libgomp.so.1"; then
  echo "state.sh: $prog or $ours/libgomp.so.1 is not built" >&2
  exit 99
fi
for v in `env | sed -n 's/^\(G*OMP_[A-Za-z0-9_]*\)=.*/\1/p'`; do
  unset "$v"
done

tmp=${TMPDIR:-/tmp}/ompdbg-state.$$
trap 'rm -f "$tmp".*' 0 1 2 15

LD_LIBRARY_PATH=$ours timeout -k 10 120 $gdb -nx -batch \
  -ex 'set startup-with-shell off' -x gdb-plugin/ompd.py \
  -x "$srcdir/tests/ompd/state.py" "$prog" > "$tmp.out" 2>&1
if grep -q "ptrace: Operation not permitted\|Could not trace" "$tmp.out"; then
  echo "state.sh: gdb may not trace processes here; skipping" >&2
  exit 77
fi
# The program must have run on our runtime (the structures are ours).
status=0
want=`seq 1 $nphases | tr '\n' ' ' | sed 's/ $//'`
got=`sed -n 's/^STATE-VERIFIED //p' "$tmp.out"`
if test "x$got" != "x$want" || ! grep -q "^state-prog done" "$tmp.out" \
   || grep -q "^STATE-FAIL" "$tmp.out"; then
  echo "FAIL: phases verified: '$got', expected '$want'"
  grep "STATE-FAIL\|phase\|rror" "$tmp.out"
  echo "--- gdb output:"
  cat "$tmp.out"
  status=1
else
  grep "^phase" "$tmp.out"
  echo "all $nphases phases verified"
fi
exit $status
