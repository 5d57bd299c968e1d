#!/bin/sh
# run-gdbtest.sh STAMP -- run the gdb plugin test whose path STAMP holds
# (tests/gdb/NAME.gdbt, made by tests/local.mk) with Debian's python3,
# which has python3-pexpect: the environment scrubbed, gdb probed (skip
# without gdb or ptrace), a temporary directory for the test
# (OMPDBG_TEST_TMPDIR), skipped when libompd is built with the
# sanitizers, which gdb cannot load (test-subr.sh).  The
# script's own checks decide (tests/gdb/gdbtest.py: no check, no pass).
stamp=$1
me=`basename "$stamp" .gdbt`
. "${0%/*}/../lib/test-subr.sh"

script=`cat "$stamp"` || hard_error "no stamp file $stamp"
py=${GDBTEST_PY3:-/usr/bin/python3}
require_gdb python
# The session that never loads libompd runs in every configuration (the
# plugin loads it as soon as a program starts on our runtime, which
# callbacks.py does too).
case $me in
  no-ompd) ;;
  *) gdb_for_libompd ;;
esac
OMPDBG_TEST_TMPDIR=`make_tempdir`
export OMPDBG_TEST_TMPDIR
test_timeout=${OMPDBG_GDB_TEST_TIMEOUT:-900}
bounded "$py" "$script"
rc=$?
test_finished=yes
exit $rc
