#!/bin/sh
# run-gdbtest.sh STAMP -- run the gdb plugin test whose path STAMP holds
# (tests/gdb/NAME.gdbt, made by tests/local.mk) with Debian's python3,
# which has python3-pexpect.  Bounded by `timeout' so a hung gdb fails.
stamp=$1
script=`cat "$stamp"` || exit 99
py=${GDBTEST_PY3:-/usr/bin/python3}
exec timeout -k 10 "${OMPDBG_GDB_TEST_TIMEOUT:-900}" "$py" "$script"
