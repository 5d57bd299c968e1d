#!/bin/sh
# demo.sh -- the demo of `./build.sh demo` (docs/examples/demo.sh) shows
# what it promises: run it, then check its output for the program's own
# facts -- hang.c: thread 0 at the explicit barrier, threads 1-3 waiting
# for table_lock, live and from the core; tasks.c: thread 1 in the task
# that calls checkpoint, deferred tasks waiting for dependences; crash.c:
# the SIGSEGV in OpenMP thread 2 in row_sum, its master in the same
# region, live and from the core -- and no Python traceback.
# Exit 0 pass, 1 fail, 77 when ptrace is not permitted here.
set -u
. "${0%/*}/../lib/test-subr.sh"

require_gdb
out=`make_tempdir`/demo.out
gdb_for_libompd
$SHELL "$srcdir/docs/examples/demo.sh" > "$out" 2>&1
rc=$?
cat "$out"
skip_if_untraceable "$out"
if [ $rc -eq 0 ]; then ok "demo.sh ran"; else fail "demo.sh exited with $rc"; fi

# expect N REGEX WHAT: at least N lines of the output match REGEX.
expect () {
  expect_lines "$1" "$2" "$out" "$3"
}

# hang: live (attach) and core.
expect 2 '^1 +[0-9]+ +0 +wait_barrier_explicit +barrier of region #2' \
  "hang: thread 0 at the explicit barrier"
for t in 1 2 3; do
  expect 2 "^[0-9]+ +[0-9]+ +$t +wait_lock +lock 0x[0-9a-f]+ <table_lock> +#2 L1 +implicit: #pragma omp parallel at hang.c:" \
    "hang: OpenMP thread $t waits for table_lock"
done
# The lock wait's frames above its caller (the runtime's, and the C
# library's futex call made from them) are the runtime's: left out.
expect 1 '^#0 +update_table at hang.c:' "hang: ompd bt shows update_table"
expect 1 'process: .*\(core file\)' "hang: ompd info on the core"
# tasks.
expect 1 '^ +#0 +explicit +#pragma omp task at tasks.c:[0-9]+ \(in main\)' \
  "tasks: the running explicit task"
expect 1 'waiting for dependences +#pragma omp task at tasks.c:' \
  "tasks: deferred tasks waiting for dependences"
expect 1 '^#1 +transform at tasks.c:' "tasks: ompd bt in transform"
# Tasks and regions are labelled with their pragma's line (GCC's outlined
# functions have no line of their own; inlined code starts them).
src=$srcdir/docs/examples/tasks.c
par=$(grep -n '^#pragma omp parallel' "$src" | cut -d: -f1)
cons=$(grep -n 'depend(in: b\[k\])' "$src" | cut -d: -f1)
expect 1 "#pragma omp task at tasks.c:$cons \(in main\) +#pragma omp parallel at tasks.c:$par \(in main\)" \
  "tasks: a consume task labelled with its pragma's line ($cons, region $par)"
# crash: live and core.
expect 2 '^[0-9]+ +[0-9]+ +2 +work_parallel .*crash.c:' \
  "crash: OpenMP thread 2 working in the region"
# The others: whether they have finished their rows (in the end barrier,
# still members of the region) or are still at work depends on timing;
# so does whether the master has entered the region at all (the workers
# are released first, team.c: a kernel core once caught it forming the
# team, in its initial task; it says work only a few instructions after
# it has entered).
expect 2 '^[0-9]+ +[0-9]+ +0 +((work_parallel|wait_barrier_implicit_parallel) .*#2 L1 +implicit: #pragma omp parallel at crash.c:|overhead .*(#1 L0 +initial: initial task|#2 L1 +implicit: #pragma omp parallel at crash.c:))' \
  "crash: the master in the same region, or entering it"
expect 2 '^#0 +row_sum at crash.c:19' "crash: ompd bt at the faulting line"
expect 2 '^#[0-9]+ +main at crash.c:' "crash: ompd bt continued to main"
expect_no_match 'Traceback|Python Exception' "$out" "no Python traceback"
finish
