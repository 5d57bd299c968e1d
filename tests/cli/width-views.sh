#!/bin/sh
# width-views.sh -- every text view of ompdbg (tasks with the deferred
# tasks, parallel, stacks, threads, diagnose) fits the terminal by the
# rule of the gdb plugin under `set width', at 80 and 60 columns, with
# the long names of tests/gdb/names-cxx (templates, a lambda) and
# tests/gdb/names-f (a module procedure), cores that gdb wrote, and the
# deferred tasks and depend clauses of the scene deferred12 live:
# tests/cli/check-width-views.py, which also runs each view in an
# 80-column pseudo terminal as a user would.
# Exit 0 pass, 1 fail, 77 when gdb, ptrace or python3-pexpect is
# unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

require_frontends tests/gdb/names-cxx tests/gdb/names-f
py3=/usr/bin/python3
$py3 -c 'import pexpect' 2>/dev/null \
  || skip "python3-pexpect is not installed"
work=`make_tempdir`
LC_ALL=C.UTF-8
export LC_ALL

# views COMPARE LONG TARGET...: the checks of check-width-views.py.
views () {
  check "width of every view of $3 ($1 as gdb's)" $py3 \
    "$srcdir/tests/cli/check-width-views.py" "$inspect" "$GDB" "$plugin" \
    "$@"
}

# gdb's core of names-cxx stopped in its first region, of names-f in
# its second (solver::accumulate).
for p in cxx:frame f:continue; do
  core=$work/${p%:*}.core
  bounded env LD_LIBRARY_PATH="$OMPDBG_OURS_DIR" $GDB -nx -q -batch \
    -ex 'break names_stop' -ex run -ex "${p#*:}" \
    -ex "gcore $core" -ex kill "tests/gdb/names-${p%:*}" \
    > "$work/${p%:*}.gdb" 2>&1
  p=${p%:*}
  skip_if_untraceable "$work/$p.gdb"
  [ -f "$core" ] || fail "names-$p: gdb wrote no core at names_stop"
done
[ -f "$work/cxx.core" ] && views tasks,parallel,stacks \
  'physics::Grid<double>::for_each_parallel<main()::<lambda(double&)>' \
  tests/gdb/names-cxx "$work/cxx.core"
[ -f "$work/f.core" ] && views tasks,parallel,stacks 'solver::accumulate)' \
  tests/gdb/names-f "$work/f.core"

if run_scene "$prog" deferred12 "$work"; then
  views tasks,parallel DEPENDENCES "$pid"
  kill -9 "$pid" 2>/dev/null
  wait 2>/dev/null
fi

finish
