#!/bin/sh
# target.sh -- libompdbg-target (corefiles/) against the ground truth of
# tests/corefiles/target-prog, a 4-thread OpenMP program on our runtime
# that reports its pid, thread ids, pthread_t's, stacks and globals and
# then blocks:
#   1. live: check-target attaches with ptrace (threads, registers,
#      memory, strings, symbols with and without file hints, writes, the
#      OMPD callbacks);
#   2. a gcore core of the same process: the same checks, writes refused;
#   3. broken input built from that core (truncated at many sizes,
#      corrupted notes and headers, wrong executable, dead pids), and
#      check-target-asan (the same code under ASan+UBSan) on 1-3;
#   4. loading libompd (check-session: the runtime's list, a stand-in
#      libompd), and `ompdbg threads` on the process and on the core:
#      through our libompd, every thread's OpenMP number, team size and
#      state as the program reported them;
#   5. a kernel core (SIGABRT) where core_pattern writes a file (a piped
#      pattern such as systemd-coredump: skipped, said so);
#   6. the runtime stripped to .dynsym: its OMPD symbols still found.
# Exit 0 pass, 1 fail, 77 when ptrace is not permitted here.
set -u
. "${0%/*}/../lib/test-subr.sh"

prog=tests/corefiles/target-prog
checker=tests/corefiles/check-target
checker_asan=tests/corefiles/check-target-asan
inspect=corefiles/ompdbg-inspect
runtime=${OMPDBG_OURS_DIR:?OMPDBG_OURS_DIR not set}
require_built "$prog" "$checker" "$checker_asan" "$inspect" "$runtime/libgomp.so.1"
work=`make_tempdir`
mkdir -p "$work/kcore" "$work/stripped"
limit=${OMPDBG_TEST_TIMEOUT:-120}

# start NAME LIBDIR: run target-prog on the libgomp.so.1 in LIBDIR, its
# current directory $work/kcore; wait for its ground truth; sets $pid.
start () {
  LD_LIBRARY_PATH=$2 timeout -k 5 "$limit" "$prog" "$work/$1.truth" "$work/kcore" &
  i=0
  while [ ! -f "$work/$1.truth" ]; do
    i=$((i + 1))
    if [ $i -gt 300 ]; then fail "$prog did not start"; finish; fi
    sleep 0.1
  done
  pid=$(sed -n 's/^pid //p' "$work/$1.truth")
  kill_on_exit "$pid"
  want=$(readlink -f "$2/libgomp.so.1")
  if ! grep -q " $want\$" "/proc/$pid/maps"; then
    grep libgomp "/proc/$pid/maps"
    fail "$prog (pid $pid) did not load $want"
    finish
  fi
  cp "/proc/$pid/maps" "$work/$1.maps"
  echo "target-prog pid $pid on $want"
}

start a "$runtime"

# ptrace at all?  (Yama or a container may forbid it.)
"$checker" live "$pid" "$work/a.truth" > "$work/live.out" 2>&1 \
  || skip_if_untraceable "$work/live.out"
echo "== live"; cat "$work/live.out"
expect_lines 1 '^[0-9]+ checks, 0 failed$' "$work/live.out" "live checks"
check "live under ASan+UBSan" "$checker_asan" live "$pid" "$work/a.truth"

check "libompd session" tests/corefiles/check-session "$pid" \
  "$PWD/tests/corefiles/.libs/fake-ompd.so"

# check_inspect OUTPUT: `ompdbg threads` loaded the runtime's libompd and
# lists every LWP with its pc's symbol, its OpenMP thread number, the team
# size and the state the program is in: thread 0 in pause (working in the
# region), the others in the region's end barrier.
check_inspect () {
  grep -q "^OMPD: .*libompd.so\$" "$1" || fail "$1: OMPD not loaded"
  sed -n 's/^thread \([0-9]*\) \([0-9]*\) .*/\1 \2/p' "$work/a.truth" |
  while read -r num tid; do
    if [ "$num" = 0 ]; then state=ompt_state_work_parallel
    else state=ompt_state_wait_barrier_implicit_parallel; fi
    grep -q "^ *$tid  0x[0-9a-f]*  [A-Za-z_][A-Za-z_0-9]*+0x[0-9a-f]*  omp thread $num of 4  $state\$" "$1" \
      || echo "$1: LWP $tid not shown as omp thread $num of 4, $state"
  done > "$work/inspect.fail"
  if [ -s "$work/inspect.fail" ]; then fail "`cat "$work/inspect.fail"`"
  else ok "$1: every thread's number, team and state"; fi
}

check_to "$work/inspect-live.out" "ompdbg-inspect threads $pid" \
  "$inspect" threads "$pid"
echo "== ompdbg threads $pid"; cat "$work/inspect-live.out"
check_inspect "$work/inspect-live.out"

# gcore: gdb writes the core of the (detached) process.
if command -v gcore > /dev/null 2>&1; then
  gcore -o "$work/gcore" "$pid" > "$work/gcore.log" 2>&1
  core=$work/gcore.$pid
  if [ -f "$core" ]; then
    check "gcore core" "$checker" core "$prog" "$core" "$work/a.truth" "$work/a.maps"
    check "gcore core under ASan+UBSan" "$checker_asan" core "$prog" "$core" "$work/a.truth" "$work/a.maps"
    check "bad input" "$checker" bad "$prog" "$core" "$work"
    check "bad input under ASan+UBSan" "$checker_asan" bad "$prog" "$core" "$work"
    check_to "$work/inspect-core.out" "ompdbg-inspect threads on the core" \
      "$inspect" threads "$prog" "$core"
    echo "== ompdbg threads EXE CORE"; cat "$work/inspect-core.out"
    check_inspect "$work/inspect-core.out"
    rm -f "$core"
  else
    cat "$work/gcore.log"; fail "gcore wrote no core"
  fi
else
  fail "gcore (gdb) is not installed"
fi

# A kernel core.  The target set RLIMIT_CORE itself and runs in
# $work/kcore, where a plain core_pattern ("core", "core.%p") puts it.
pattern=$(cat /proc/sys/kernel/core_pattern 2>/dev/null || echo '|unknown')
case $pattern in
  '|'*) echo "SKIP kernel core: core_pattern pipes cores to a program ($pattern)" ;;
  */*) echo "SKIP kernel core: core_pattern writes to another directory ($pattern)" ;;
  *)
    kill -ABRT "$pid"
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    wait 2>/dev/null
    kcore=$(ls "$work/kcore" | head -n 1)
    if [ -z "$kcore" ]; then
      echo "SKIP kernel core: none was written (pattern '$pattern', hard limit $(ulimit -H -c))"
    else
      check "kernel core" "$checker" core "$prog" "$work/kcore/$kcore" "$work/a.truth" "$work/a.maps" kernel
      check "bad input (kernel core)" "$checker" bad "$prog" "$work/kcore/$kcore" "$work"
      check_to "$work/inspect-kcore.out" \
	"ompdbg-inspect threads on the kernel core" \
	"$inspect" threads "$prog" "$work/kcore/$kcore"
      echo "== ompdbg threads EXE KERNEL-CORE"; cat "$work/inspect-kcore.out"
      check_inspect "$work/inspect-kcore.out"
      rm -f "$work/kcore/$kcore"
    fi
    ;;
esac

# A team member that has not begun its implicit task: tests/gdb/scenes
# `unstarted' holds thread 1 of its region on its way in and hangs.
# `ompdbg threads` shows it with its number, team and region, "assigned,
# not started" -- live, on a gcore core and on a kernel core.
# check_unstarted OUTPUT
check_unstarted () {
  wtid=$(sed -n 's/^unstarted tid=\([0-9]*\) num=\([0-9]*\) level=\([0-9]*\) size=\([0-9]*\).*/\1 \2 \3 \4/p' "$work/u.truth")
  set -- "$1" $wtid
  if grep -q "^ *$2  .*  omp thread $3 of $5  [a-z_]*  in the region at level $4  assigned, not started\$" "$1"; then
    ok "$1: LWP $2, thread $3 of $5 not started, in its region"
  else
    fail "$1: LWP $2 not shown as omp thread $3 of $5, assigned, not started"
  fi
}

scenes=tests/gdb/scenes
if [ -x "$scenes" ]; then
  mkdir -p "$work/ukcore"
  (cd "$work/ukcore" && ulimit -c unlimited 2>/dev/null
   LD_LIBRARY_PATH=$runtime exec timeout -k 5 "$limit" "$OLDPWD/$scenes" \
     unstarted "$work/u.truth" hang) > /dev/null 2>&1 &
  upid=$!
  i=0
  while ! grep -q '^ready$' "$work/u.truth" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 300 ]; then fail "scenes unstarted did not stop"; finish; fi
    sleep 0.1
  done
  upid=$(pgrep -P "$upid" -x scenes || echo "$upid")
  kill_on_exit "$upid"
  check_to "$work/unstarted-live.out" "ompdbg-inspect threads (unstarted)" \
    "$inspect" threads "$upid"
  echo "== ompdbg threads (unstarted)"; cat "$work/unstarted-live.out"
  check_unstarted "$work/unstarted-live.out"
  if command -v gcore > /dev/null 2>&1; then
    gcore -o "$work/ugcore" "$upid" > "$work/ugcore.log" 2>&1
    if [ -f "$work/ugcore.$upid" ]; then
      check_to "$work/unstarted-core.out" \
	"ompdbg-inspect threads on the core (unstarted)" \
	"$inspect" threads "$scenes" "$work/ugcore.$upid"
      cat "$work/unstarted-core.out"
      check_unstarted "$work/unstarted-core.out"
      rm -f "$work/ugcore.$upid"
    else
      cat "$work/ugcore.log"; fail "gcore wrote no core (unstarted)"
    fi
  fi
  case $pattern in
    '|'*|*/*) echo "SKIP kernel core (unstarted): core_pattern $pattern" ;;
    *)
      kill -ABRT "$upid"
      i=0
      while kill -0 "$upid" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
      ukcore=$(ls "$work/ukcore" | head -n 1)
      if [ -z "$ukcore" ]; then
	echo "SKIP kernel core (unstarted): none was written"
      else
	check_to "$work/unstarted-kcore.out" \
	  "ompdbg-inspect threads on the kernel core (unstarted)" \
	  "$inspect" threads "$scenes" "$work/ukcore/$ukcore"
	cat "$work/unstarted-kcore.out"
	check_unstarted "$work/unstarted-kcore.out"
	rm -f "$work/ukcore/$ukcore"
      fi
      ;;
  esac
  kill "$upid" 2>/dev/null
else
  echo "SKIP unstarted: $scenes is not built"
fi

# The runtime stripped of .symtab: OMPD's symbols are in .dynsym.
cp "$runtime/libgomp.so.1" "$work/stripped/libgomp.so.1"
${STRIP:-strip} --strip-all "$work/stripped/libgomp.so.1"
if LC_ALL=C readelf -S "$work/stripped/libgomp.so.1" | grep -q '\.symtab'; then
  fail "strip left a .symtab"
else
  start b "$work/stripped"
  check "stripped runtime" "$checker" stripped "$pid" "$work/b.truth"
fi
finish
