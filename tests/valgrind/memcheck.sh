#!/bin/sh
# memcheck.sh -- tests/valgrind/workload on our runtime under valgrind's
# memcheck: any invalid read or write, use of uninitialised memory, or
# definitely lost block fails the test.  Pool threads never exit, so
# their stacks and descriptors stay reachable: that is not a leak.
# Runs whenever valgrind is installed; --enable-valgrind runs more tests
# under it (tests/README.md).
. "${0%/*}/../lib/test-subr.sh"

prog=tests/valgrind/workload
require_tool valgrind
require_built "$prog"
# Short spins: valgrind runs one thread at a time, so a spinning waiter
# only delays the thread it waits for.
GOMP_SPINCOUNT=100
export GOMP_SPINCOUNT
run_on -v ours "$prog"
case $? in
  0) ok "memcheck: clean" ;;
  3) fail "memcheck: valgrind reported errors (above)" ;;
  *) fail "memcheck: $prog failed" ;;
esac
finish
