#!/bin/sh
# memcheck.sh -- tests/valgrind/workload on our runtime under valgrind's
# memcheck: any invalid read or write, use of uninitialised memory, or
# definitely lost block fails the test.  Pool threads never exit, so
# their stacks and descriptors stay reachable: that is not a leak.
prog=tests/valgrind/workload
if ! command -v valgrind >/dev/null 2>&1; then
  echo "memcheck.sh: valgrind not installed; skipping"
  exit 77
fi
if test ! -x "$prog"; then
  echo "memcheck.sh: $prog is not built" >&2
  exit 99
fi
# Short spins: valgrind runs one thread at a time, so a spinning waiter
# only delays the thread it waits for.
LD_LIBRARY_PATH=$OMPDBG_OURS_DIR GOMP_SPINCOUNT=100 \
  timeout "${OMPDBG_TEST_TIMEOUT:-120}" \
  valgrind -q --error-exitcode=3 --leak-check=full \
    --errors-for-leak-kinds=definite --show-leak-kinds=definite \
    "$prog"
status=$?
case $status in
  0) echo "memcheck: clean"; exit 0 ;;
  3) echo "memcheck: valgrind reported errors (above)"; exit 1 ;;
  124) echo "memcheck: timed out"; exit 1 ;;
  *) echo "memcheck: $prog exited with $status"; exit 1 ;;
esac
