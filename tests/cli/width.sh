#!/bin/sh
# width.sh -- `ompdbg threads' fits the terminal as gdb's `ompd threads'
# fits gdb's `set width': at 80 columns (COLUMNS=80), with 64 OpenMP
# threads (scene parallel64) and with the long C++ names of
# tests/gdb/names-cxx, the same table as gdb's (STATE and WAIT in their
# short forms, TASK shortened or wrapped under its column), no line
# longer than 80; --wide, or an output that is no terminal, unlimited.
# Exit 0 pass, 1 fail, 77 when gdb or ptrace is unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

require_frontends
cxx=tests/gdb/names-cxx
py3=/usr/bin/python3
work=`make_tempdir`

# fit DIR TARGET...: both front ends' tables of TARGET into DIR, checked.
fit () {
  dir=$1; shift
  mkdir -p "$dir"
  COLUMNS=80 bounded "$inspect" threads "$@" > "$dir/narrow" 2>&1 \
    || fail "$dir: ompdbg threads exit $?"
  bounded "$inspect" threads --wide "$@" > "$dir/wide" 2>&1
  bounded "$inspect" threads "$@" > "$dir/unlimited" 2>&1
  if [ $# -eq 1 ]; then set -- -p "$1"; fi
  bounded $GDB -nx -q -batch -ex 'set sysroot /' -x "$plugin" \
    -ex 'set width 80' -ex 'ompd threads' "$@" > "$dir/gdb.out" 2>&1
  skip_if_untraceable "$dir/gdb.out"
  check "$dir: ompdbg threads fits 80 columns as gdb's table does" $py3 \
    "$srcdir/tests/cli/check-width.py" 80 "$dir/gdb.out" "$dir/narrow" \
    "$dir/wide" "$dir/unlimited"
}

# The ellipsis of an abbreviated name is `…' in a UTF-8 locale, else
# `...', in both front ends.
for loc in C.UTF-8 C; do
  if run_scene "$prog" parallel64 "$work"; then
    LC_ALL=$loc
    export LC_ALL
    fit "$work/parallel64-$loc" "$pid"
    unset LC_ALL
    kill -9 "$pid" 2>/dev/null
    wait 2>/dev/null
  fi
done

# names-cxx stopped in its first region (gdb's core of it): the TASK
# cell is `implicit: #pragma omp parallel at names-cxx.cc:27 (in
# physics::Grid<double>::for_each_parallel<main()::<lambda(double&)> >)'.
if [ -x "$cxx" ]; then
  core=$work/cxx.core
  bounded env LD_LIBRARY_PATH="$OMPDBG_OURS_DIR" $GDB -nx -q -batch \
    -ex 'break names_stop' -ex run -ex "gcore $core" -ex kill \
    "$cxx" > "$work/cxx.gdb" 2>&1
  skip_if_untraceable "$work/cxx.gdb"
  if [ -f "$core" ]; then
    LC_ALL=C.UTF-8
    export LC_ALL
    fit "$work/cxx" "$cxx" "$core"
    unset LC_ALL
    grep -q 'physics::' "$work/cxx/unlimited" \
      || fail "cxx: the unlimited table names physics::Grid<double>"
  else
    fail "cxx: gdb wrote no core at names_stop"
  fi
fi

finish
