#!/bin/sh
# conform.sh -- libompd as a debugger uses it, on another process and on
# its cores.  tests/ompd/self --target stops at the points self.c checks
# in-process (the initial thread; a team of 3 at a barrier; a nested
# region; an undeferred task with two deferred ones queued, one waiting
# for a dependence; a taskwait, its task run from a barrier; a thread
# waiting for a lock; the end of sections and the atomic lock; the end
# of a taskgroup and an ordered turn; single copyprivate's hand-over;
# deferred tasks of every kind, one made by a detached task; a region
# two threads have finished and one has not; idle pool threads),
# writing the truth at each.  At each stop tests/ompd/check-ompd checks
# every OMPD routine against it:
#   - live, attached with ptrace (corefiles/), libompd loaded through the
#     runtime's ompd_dll_locations;
#   - on a gcore core of the same state;
#   - at the last stop, on a kernel core (SIGABRT) where core_pattern
#     writes one into the program's directory (skipped, said so, where
#     cores are piped elsewhere or limited to 0).
# The bad-input checks run at the team-of-3 stop, live and on its core,
# after the life-cycle checks of a finalised library.
# Exit 0 pass, 1 fail, 77 when ptrace is not permitted here.
set -u
prog=$PWD/tests/ompd/self
check=tests/ompd/check-ompd
work=tests/ompd/conform.work
limit=${OMPDBG_TEST_TIMEOUT:-300}
stops=12
status=0
pid=

cleanup () {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
rm -rf "$work"
mkdir -p "$work/kcore"

fail () { echo "FAIL: $*"; status=1; }

# run LABEL CMD...: a checker, failing the test on non-zero.
run () {
  label=$1; shift
  echo "== $label"
  "$@" 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "$label (exit $rc)"
  return $rc
}

# The program in $work/kcore, where a plain core_pattern puts its core.
(
  cd "$work/kcore" || exit 1
  ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -H -c)" 2>/dev/null
  exec timeout -k 5 "$limit" "$prog" --target "$OLDPWD/$work"
) > "$work/prog.out" 2>&1 &
runner=$!

# wait_for FILE: until FILE exists (0) or the program ended (1).
wait_for () {
  while [ ! -f "$1" ]; do
    kill -0 "$runner" 2>/dev/null || { [ -f "$1" ]; return; }
    sleep 0.05
  done
}

pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null || echo '|unknown')
n=0
while wait_for "$work/$n.ready"; do
  pid=$(cat "$work/pid")
  name=$(head -n 1 "$work/$n.ready")
  if ! run "$name: live (pid $pid)" "$check" live "$pid" "$work/$n" > "$work/live.out"; then
    if [ $n = 0 ] && grep -q "not permitted" "$work/live.out"; then
      cat "$work/live.out"; echo "SKIP: ptrace is not permitted here"; exit 77
    fi
  fi
  cat "$work/live.out"
  if gcore -o "$work/gcore" "$pid" > "$work/gcore.log" 2>&1 && [ -f "$work/gcore.$pid" ]; then
    run "$name: gcore core" "$check" core "$prog" "$work/gcore.$pid" "$work/$n"
    rm -f "$work/gcore.$pid"
  else
    cat "$work/gcore.log"; fail "$name: gcore wrote no core"
  fi
  n=$((n + 1))
  if [ $n = $stops ]; then
    # The last stop: a kernel core, where the machine writes them here.
    case $pattern in
      '|'*) echo "SKIP kernel core: core_pattern pipes cores to a program ($pattern)" ;;
      */*) echo "SKIP kernel core: core_pattern writes to another directory ($pattern)" ;;
      *)
	kill -ABRT "$pid"
	wait "$runner" 2>/dev/null
	kcore=$(ls "$work/kcore" | head -n 1)
	if [ -z "$kcore" ]; then
	  echo "SKIP kernel core: none was written (pattern '$pattern', limit $(ulimit -H -c))"
	else
	  run "$name: kernel core" "$check" core "$prog" "$work/kcore/$kcore" "$work/$((n - 1))"
	fi
	pid=
	break
	;;
    esac
  fi
  touch "$work/$((n - 1)).go"
done

if [ -n "$pid" ]; then
  wait "$runner"
  rc=$?
  cat "$work/prog.out"
  [ $rc -eq 0 ] || fail "the program exited with $rc"
  pid=
fi
[ $n = $stops ] || { cat "$work/prog.out"; fail "$n stops checked, $stops expected"; }
[ $status -eq 0 ] && echo "PASS: $n stops, live and on cores" || echo "FAILED"
exit $status
