#!/bin/sh
# gdb.sh -- the installed gdb plugin: `ompdbg gdb` loads it and `ompd
# threads` works on a program stopped on the installed runtime; and gdb
# loads it by itself (auto-load) when the program loads that runtime,
# when installed at its prefix (gdb looks for the auto-load script under
# the runtime's real path, which a DESTDIR staging changes).
. "${srcdir:-.}/tests/install/subr.sh"
hold=$abs_top_builddir/tests/install/hold
gdb=$GDB
require_gdb

# The two runs must show the two threads of the region, as libompd
# reads them.
check_threads () {
  cat "$1"
  check "$2: OMPD on the installed libompd" \
    grep -q "OMPD ready: $rtdir/libompd.so for " "$1"
  check "$2: ompd threads lists OpenMP threads 0 and 1" \
    test "`grep -cE '^[*]? *[0-9]+ +[0-9]+ +[01] +(work|wait)_' "$1"`" -eq 2
  if grep -q 'ompd: the OMPD plugin.*could not be loaded\|Undefined command' "$1"; then
    fail "$2: the plugin did not load"
  fi
}

timeout -k 10 120 "$ompdbg" gdb -nx -batch -iex 'set startup-with-shell off' \
  -ex 'break hold_point' -ex run -ex 'ompd threads' --args "$hold" gdb \
  > "$work/gdb.out" 2>&1
check_threads "$work/gdb.out" "ompdbg gdb"

if test -n "$root"; then
  echo "auto-load not checked: installed with DESTDIR=$root"
  finish
fi
timeout -k 10 120 "$gdb" -nx -batch -iex 'set startup-with-shell off' \
  -iex "set auto-load scripts-directory $gdbautoloaddir" \
  -iex "add-auto-load-safe-path $gdbautoloaddir" \
  -iex "set environment LD_LIBRARY_PATH=$rtdir" \
  -ex 'break hold_point' -ex run -ex 'ompd threads' --args "$hold" gdb \
  > "$work/auto.out" 2>&1
check_threads "$work/auto.out" "gdb auto-load"
finish
