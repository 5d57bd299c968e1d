#!/bin/sh
# conform.sh -- libompd as a debugger uses it, on another process and on
# its cores.  tests/ompd/self --target stops at the points self.c checks
# in-process (the initial thread; a team of 3 at a barrier; a nested
# region; an undeferred task with two deferred ones queued, one waiting
# for a dependence; a taskwait, its task run from a barrier; a thread
# waiting for a lock; two waiting for nest locks, one of OpenMP 2.5's; one
# waiting for a critical section; the end of sections and the atomic
# lock; the end of a taskgroup and an ordered turn; single copyprivate's
# hand-over; deferred tasks of every kind, one made by a detached task; a
# region two threads have finished and one has not; idle pool threads),
# writing the truth at each.  At each stop tests/ompd/check-ompd checks
# every OMPD routine and ompdbg's extensions against it:
#   - live, attached with ptrace (corefiles/), libompd loaded through the
#     runtime's ompd_dll_locations;
#   - on a gcore core of the same state;
#   - on a kernel core (SIGABRT) at each stop whose truth names the
#     holder of a wait or an edge of the tasks' wait-for graph, and at
#     the last: the program runs again to that stop, where core_pattern
#     writes the core into the program's directory (skipped, said so,
#     where cores are piped elsewhere or limited to 0).
# Under --enable-sanitizers the program runs under ASan, whose shadow
# memory makes any core terabytes large: live only, said so.
# The bad-input checks run at the team-of-3 stop, live and on its core,
# after the life-cycle checks of a finalised library.
# Exit 0 pass, 1 fail, 77 when ptrace is not permitted here.
set -u
. "${0%/*}/../lib/test-subr.sh"

prog=$PWD/tests/ompd/self
checker=tests/ompd/check-ompd
require_built "$prog" "$checker"
work=`make_tempdir`
limit=${OMPDBG_TEST_TIMEOUT:-300}
stops=16
pid=

# start DIR: the program with --target DIR, run in DIR/kcore, where a
# plain core_pattern puts its core; $runner is its timeout process.
start () {
  mkdir -p "$1/kcore"
  (
    cd "$1/kcore" || exit 1
    ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -H -c)" 2>/dev/null
    exec timeout -k 5 "$limit" "$prog" --target "$1"
  ) > "$1/prog.out" 2>&1 &
  runner=$!
}

# wait_for FILE: until FILE exists (0) or the program ended (1).
wait_for () {
  while [ ! -f "$1" ]; do
    kill -0 "$runner" 2>/dev/null || { [ -f "$1" ]; return; }
    sleep 0.05
  done
}

# The stops whose truth names a wait's holder or a task edge.
holder_stops=
start "$work"
n=0
while wait_for "$work/$n.ready"; do
  pid=$(cat "$work/pid")
  kill_on_exit "$pid"
  name=$(head -n 1 "$work/$n.ready")
  "$checker" live "$pid" "$work/$n" > "$work/live.out" 2>&1
  rc=$?
  [ $n = 0 ] && [ $rc -ne 0 ] && skip_if_untraceable "$work/live.out"
  echo "== $name: live (pid $pid)"
  cat "$work/live.out"
  if [ $rc -eq 0 ]; then ok "$name: live (pid $pid)"
  else fail "$name: live (pid $pid) (exit $rc)"; fi
  if [ "${OMPDBG_SANITIZERS:-no}" = yes ]; then
    # The program is built with ASan, whose shadow memory makes a core of
    # terabytes (sparse: tens of gigabytes written): live only.
    [ $n = 0 ] && echo "SKIP cores: the program runs under ASan (--enable-sanitizers)"
  elif gcore -o "$work/gcore" "$pid" > "$work/gcore.log" 2>&1 && [ -f "$work/gcore.$pid" ]; then
    check "$name: gcore core" "$checker" core "$prog" "$work/gcore.$pid" "$work/$n"
    rm -f "$work/gcore.$pid"
  else
    cat "$work/gcore.log"; fail "$name: gcore wrote no core"
  fi
  grep -Eq '^(nedges|t[0-9]+\.wait_holder) [1-9]' "$work/$n.truth" \
    && holder_stops="$holder_stops $n"
  touch "$work/$n.go"
  n=$((n + 1))
done
wait "$runner"
rc=$?
pid=
cat "$work/prog.out"
if [ $rc -eq 0 ]; then ok "the program's own checks"
else fail "the program exited with $rc"; fi
if [ $n -eq $stops ]; then ok "$n stops, live and on gcore cores"
else fail "$n stops checked, $stops expected"; fi

# Kernel cores: the program again, to stop K, aborted there.
pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null || echo '|unknown')
case ${OMPDBG_SANITIZERS:-no}:$pattern in
  yes:*) echo "SKIP kernel cores: the program runs under ASan"; finish ;;
  *:'|'*) echo "SKIP kernel cores: core_pattern pipes cores to a program ($pattern)"; finish ;;
  *:*/*) echo "SKIP kernel cores: core_pattern writes to another directory ($pattern)"; finish ;;
esac
[ -n "$holder_stops" ] || fail "no stop names a holder or a task edge"
for k in $holder_stops $((stops - 1)); do
  dir=$work/k$k
  mkdir "$dir"
  start "$dir"
  i=0
  while [ $i -lt $k ] && wait_for "$dir/$i.ready"; do
    touch "$dir/$i.go"
    i=$((i + 1))
  done
  if ! wait_for "$dir/$k.ready"; then
    cat "$dir/prog.out"; fail "kernel core: the program ended before stop $k"
    continue
  fi
  pid=$(cat "$dir/pid")
  kill_on_exit "$pid"
  name=$(head -n 1 "$dir/$k.ready")
  kill -ABRT "$pid"
  wait "$runner" 2>/dev/null
  kcore=$(ls "$dir/kcore" | head -n 1)
  if [ -z "$kcore" ]; then
    echo "SKIP kernel cores: none was written (pattern '$pattern', limit $(ulimit -H -c))"
    break
  fi
  check "$name: kernel core" "$checker" core "$prog" "$dir/kcore/$kcore" "$dir/$k"
  rm -rf "$dir"
done
finish
