#!/bin/sh
# gdb.sh -- the installed gdb plugin: `ompdbg gdb` loads it and `ompd
# threads` works on a program stopped on the installed runtime;
# `gdb -x .../ompd.py` runs the program on the installed runtime by
# itself (the plugin's LD_LIBRARY_PATH, said in one line); and plain
# `gdb` loads the plugin by itself (auto-load) when the program loads
# that runtime, with the one gdbinit line docs/gdb.md gives for a prefix
# gdb does not search -- when installed at its prefix (gdb looks for the
# auto-load script under the runtime's real path, which a DESTDIR
# staging changes).
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

# gdb -x ompd.py, nothing else: the plugin starts the program on the
# runtime installed with it (not on the system's libgomp).
env -u LD_LIBRARY_PATH timeout -k 10 120 "$gdb" -nx -batch \
  -iex 'set startup-with-shell off' -x "$root$ompdbggdbdir/ompd.py" \
  -ex 'break hold_point' -ex run -ex 'ompd threads' --args "$hold" gdb \
  > "$work/x.out" 2>&1
check_threads "$work/x.out" "gdb -x ompd.py"
check "gdb -x ompd.py: one line says the program runs on $rtdir" \
  test "`grep -c "^\[ompd\] the program runs on the ompdbg runtime $rtdir/libgomp.so.1 " "$work/x.out"`" -eq 1

if test -n "$root"; then
  echo "auto-load not checked: installed with DESTDIR=$root"
  finish
fi
# Plain gdb, a user's gdbinit with the line docs/gdb.md gives, and the
# program on the installed runtime: gdb auto-loads the plugin.  A prefix
# whose auto-load directory gdb searches needs no line at all.
home=$work/home
mkdir -p "$home/.config/gdb"
case $gdbautoloaddir in
  /usr/share/gdb/auto-load) : > "$home/.config/gdb/gdbinit" ;;
  *) echo "source $ompdbggdbdir/auto-load.gdb" > "$home/.config/gdb/gdbinit" ;;
esac
env -u XDG_CONFIG_HOME HOME=$home LD_LIBRARY_PATH=$rtdir \
  timeout -k 10 120 "$gdb" -batch -iex 'set startup-with-shell off' \
  -ex 'break hold_point' -ex run -ex 'ompd threads' --args "$hold" gdb \
  > "$work/auto.out" 2>&1
check_threads "$work/auto.out" "gdb auto-load"
if grep -q 'auto-loading has been declined' "$work/auto.out"; then
  fail "gdb auto-load: gdb declined the script"
fi
finish
