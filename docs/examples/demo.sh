#!/bin/sh
# demo.sh -- what `./build.sh demo` (make demo) shows: the gdb plugin on
# three unmodified gcc -fopenmp programs running on the ompdbg runtime,
# live and from core dumps, in gdb batch mode.  Run from the build tree
# (it uses ./ompdbg and docs/examples/{hang,tasks,crash}).
#   1. hang: a deadlock at a barrier; attach with -p, then its gcore core;
#   2. tasks: a pipeline of tasks with dependences, stopped in one task;
#   3. crash: a SIGSEGV in a worker thread, live, then from the core
#      (the kernel's where this machine writes one here, else gcore's).
set -u
work=docs/examples/demo.work
rm -rf "$work"
mkdir -p "$work"
status=0
hang_pid=
trap '[ -n "$hang_pid" ] && kill -9 "$hang_pid" 2>/dev/null; rm -rf "$work"' EXIT

# show CMD...: print a command the way a user types it, then run it.
show () {
  echo
  echo "\$ $*"
  "$@" 2>&1 || status=1
}

# gdb in batch mode through `ompdbg gdb`: the plugin loaded, programs on
# our runtime.  No gdbinit, no paging.
ompdbg_gdb () {
  ./ompdbg gdb -nx -batch -iex 'set pagination off' -iex 'set width 0' "$@"
}

echo '======== 1. A program that hangs at a barrier (docs/examples/hang.c)'
OMP_WAIT_POLICY=passive ./ompdbg run docs/examples/hang > "$work/hang.out" 2>&1 &
i=0
until grep -q 'about to wait' "$work/hang.out" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 200 ]; then cat "$work/hang.out"; echo "demo: hang did not start"; exit 1; fi
  sleep 0.05
done
hang_pid=$(sed -n 's/^hang: pid \([0-9]*\).*/\1/p' "$work/hang.out")
sleep 0.5
cat "$work/hang.out"
echo "(it hangs; attach to it)"
show ompdbg_gdb -p "$hang_pid" \
  -ex 'ompd threads' -ex 'ompd parallel' -ex 'ompd bt --thread 2' \
  -ex "gcore $work/hang.core"
kill -9 "$hang_pid" 2>/dev/null
wait 2>/dev/null
hang_pid=
echo
echo "(the same from the core gdb wrote, the process gone)"
show ompdbg_gdb docs/examples/hang "$work/hang.core" -ex 'ompd threads' -ex 'ompd info'

echo
echo '======== 2. Tasks with dependences (docs/examples/tasks.c)'
show ompdbg_gdb docs/examples/tasks -ex 'break checkpoint' -ex run \
  -ex 'ompd tasks' -ex 'ompd threads' -ex 'ompd bt' -ex kill

echo
echo '======== 3. A program that crashes in a worker (docs/examples/crash.c)'
show ompdbg_gdb docs/examples/crash -ex run -ex 'ompd threads' -ex 'ompd bt' \
  -ex "gcore $work/crash.gcore" -ex kill
core=
pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null || echo '|')
case $pattern in
  '|'*|*/*) ;;
  *)
    mkdir -p "$work/kcore"
    (cd "$work/kcore" && ulimit -c unlimited 2>/dev/null;
     OMP_NUM_THREADS=4 ../../../../ompdbg run ../../crash) > /dev/null 2>&1
    core=$(ls "$work/kcore" 2>/dev/null | head -n 1)
    [ -n "$core" ] && core=$work/kcore/$core
    ;;
esac
if [ -n "$core" ]; then
  echo
  echo "(the kernel's core of another run: $core)"
else
  core=$work/crash.gcore
  echo
  echo "(this machine writes no kernel core here: the core gdb wrote)"
fi
show ompdbg_gdb docs/examples/crash "$core" -ex 'ompd threads' -ex 'ompd bt'
exit $status
