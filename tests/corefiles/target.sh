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
#      corrupted notes and headers, wrong executable, dead pids) -- with
#      --enable-sanitizers, check-target runs under ASan and UBSan;
#   4. loading libompd (check-session: the runtime's list, a stand-in
#      libompd), and `ompdbg threads` on the process and on the core:
#      through our libompd, every thread's OpenMP number, team size and
#      state as the program reported them;
#   5. a kernel core (SIGABRT) where core_pattern writes a file (a piped
#      pattern such as systemd-coredump: skipped, said so), and copies of
#      it truncated after its notes: `ompdbg threads` gives every thread
#      with its registers, what the memory left holds, and a warning;
#   6. the runtime stripped to .dynsym: its OMPD symbols still found;
#   7. the gcore with the runtime's data overwritten (a team's size, the
#      registry's record of thread 0; a team of 2 in a process of 4; a
#      region's level): `ompdbg threads` marks exactly that unreadable
#      and shows the rest.
#   Steps 1 and 2 include thread-local storage: each thread's address of
#   a __thread variable of the executable and of libc.so.6's errno.
# Exit 0 pass, 1 fail, 77 when ptrace is not permitted here.
set -u
. "${0%/*}/../lib/test-subr.sh"

prog=tests/corefiles/target-prog
checker=tests/corefiles/check-target
inspect=corefiles/ompdbg-inspect
runtime=${OMPDBG_OURS_DIR:?OMPDBG_OURS_DIR not set}
require_built "$prog" "$checker" "$inspect" "$runtime/libgomp.so.1"
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

# `ompdbg gdb` with OMPDBG_RUNTIME_DIR naming no runtime: an error that
# names the directory, and no gdb started.
OMPDBG_RUNTIME_DIR=/nonexistent/ompdbg-runtime GDB=false ./ompdbg gdb \
  > "$work/nodir.out" 2>&1
rc=$?
cat "$work/nodir.out"
if [ $rc = 127 ] && grep -q "no runtime in /nonexistent/ompdbg-runtime" "$work/nodir.out"; then
  ok "ompdbg gdb refuses an OMPDBG_RUNTIME_DIR without a runtime"
else
  fail "ompdbg gdb refuses an OMPDBG_RUNTIME_DIR without a runtime (exit $rc)"
fi

start a "$runtime"

# ptrace at all?  (Yama or a container may forbid it.)
# Only the first attach decides: the checks expect "operation not
# permitted" of a second attach, and a failed check is a failure.
if ! "$checker" live "$pid" "$work/a.truth" > "$work/live.out" 2>&1 &&
   grep -q '^FAIL (fatal): attach to ' "$work/live.out"; then
  skip_if_untraceable "$work/live.out"
fi
echo "== live"; cat "$work/live.out"
expect_lines 1 '^[0-9]+ checks, 0 failed$' "$work/live.out" "live checks"

check "libompd session" tests/corefiles/check-session "$pid" \
  "$PWD/tests/corefiles/.libs/fake-ompd.so"

# check_inspect OUTPUT: `ompdbg threads` loaded the runtime's libompd and
# lists every LWP with its OpenMP thread number, the state the program is
# in (thread 0 in pause, working in the region, the others in the
# region's end barrier) and its region at level 1.
check_inspect () {
  grep -q "^OMPD: .*libompd.so\$" "$1" || fail "$1: OMPD not loaded"
  sed -n 's/^thread \([0-9]*\) \([0-9]*\) .*/\1 \2/p' "$work/a.truth" |
  while read -r num tid; do
    if [ "$num" = 0 ]; then state='work_parallel +#[0-9]+ L1'
    else state='wait_barrier_implicit_parallel +barrier of region #[0-9]+ \(level 1\) +#[0-9]+ L1'; fi
    grep -E -q "^[0-9]+ +$tid +$num +$state +implicit: " "$1" \
      || echo "$1: LWP $tid not shown as omp thread $num, $state"
  done > "$work/inspect.fail"
  if [ -s "$work/inspect.fail" ]; then fail "`cat "$work/inspect.fail"`"
  else ok "$1: every thread's number, team and state"; fi
}

check_to "$work/inspect-live.out" "ompdbg-inspect threads $pid" \
  "$inspect" threads "$pid"
echo "== ompdbg threads $pid"; cat "$work/inspect-live.out"
check_inspect "$work/inspect-live.out"

# check_damaged CORE: a copy of CORE whose team says it has 533266432
# threads and whose registry points to thread 0's descriptor at an
# unmapped address (found with gdb, through the runtime's debug
# information): thread 0 is unreadable, not "not an OpenMP thread"; the
# others keep their number and state, their team's size is unreadable.
check_damaged () {
  $GDB -nx -batch -ex 'set sysroot /' \
    -ex 'print/x &gomp_registry.index[0].thread' \
    -ex 'print gomp_registry.index[0].tid' \
    -ex 'print/x &gomp_registry.index[1].thread->ts.team->nthreads' \
    "$prog" "$1" > "$work/addrs.out" 2>&1
  slot=$(sed -n 's/^\$1 = \(0x[0-9a-f]*\)$/\1/p' "$work/addrs.out")
  tid0=$(sed -n 's/^\$2 = \([0-9]*\)$/\1/p' "$work/addrs.out")
  size=$(sed -n 's/^\$3 = \(0x[0-9a-f]*\)$/\1/p' "$work/addrs.out")
  if [ -z "$slot" ] || [ -z "$tid0" ] || [ -z "$size" ]; then
    cat "$work/addrs.out"
    echo "SKIP damaged core: the runtime's structures cannot be located (no debug information?)"
    return
  fi
  cp "$1" "$work/damaged.core"
  check "damage the core" "$checker" poke "$work/damaged.core" "$slot" 8 0xdead0000 &&
  check "damage the team" "$checker" poke "$work/damaged.core" "$size" 4 533266432 ||
    return
  check_to "$work/inspect-damaged.out" "ompdbg-inspect threads on the damaged core" \
    "$inspect" threads "$prog" "$work/damaged.core"
  echo "== ompdbg threads EXE DAMAGED-CORE"; cat "$work/inspect-damaged.out"
  grep -E -q "^[0-9]+ +$tid0 +unreadable \(cannot read target memory\)" "$work/inspect-damaged.out" \
    && ok "damaged core: LWP $tid0 (thread 0) is unreadable" \
    || fail "damaged core: LWP $tid0 (thread 0) not shown unreadable"
  sed -n 's/^thread \([0-9]*\) \([0-9]*\) .*/\1 \2/p' "$work/a.truth" |
  while read -r num tid; do
    [ "$tid" = "$tid0" ] && continue
    grep -E -q "^[0-9]+ +$tid +$num +wait_barrier_implicit_parallel " "$work/inspect-damaged.out" \
      || echo "LWP $tid not shown as omp thread $num, in the barrier"
  done > "$work/damaged.fail"
  "$inspect" parallel "$prog" "$work/damaged.core" > "$work/parallel-damaged.out" 2>&1
  cat "$work/parallel-damaged.out"
  expect_lines 1 "^ +#[0-9]+ +1 +1 +unreadable \(team size 533266432, the process has 4 threads\) " \
    "$work/parallel-damaged.out" "damaged core: ompdbg parallel: the team's size unreadable"
  if [ -s "$work/damaged.fail" ]; then fail "damaged core: `cat "$work/damaged.fail"`"
  else ok "damaged core: the other threads' number and state"; fi
  expect_no_match "of 533266432" "$work/inspect-damaged.out" \
    "damaged core: the garbage size is never shown as a team's"
  # libompd's list of every OpenMP thread: thread 0's descriptor cannot
  # be read, the list has the other three and says it is incomplete.
  tests/corefiles/check-session threads "$prog" "$work/damaged.core" \
    > "$work/threads-damaged.out" 2>&1
  cat "$work/threads-damaged.out"
  sed -n 's/^thread [0-9]* \([0-9]*\) .*/lwp \1/p' "$work/a.truth" |
    grep -v "^lwp $tid0\$" | sort > "$work/threads-want"
  if grep -q "^rc 11 count 3\$" "$work/threads-damaged.out" &&
     grep '^lwp ' "$work/threads-damaged.out" | sort | cmp -s - "$work/threads-want"; then
    ok "damaged core: ompdbg_get_threads lists the 3 readable threads, incomplete"
  else
    fail "damaged core: ompdbg_get_threads does not list the 3 readable threads as incomplete (ompd_rc_incomplete, 11)"
  fi
  # The team says it has 2 threads, which a process of 4 could have: the
  # threads numbered 2 and 3 are outside it, their numbers unreadable,
  # never shown as facts.
  cp "$1" "$work/damaged2.core"
  check "damage the team (2 threads)" "$checker" poke "$work/damaged2.core" "$size" 4 2 ||
    return
  check_to "$work/inspect-damaged2.out" "ompdbg-inspect threads on the core whose team says 2" \
    "$inspect" threads "$prog" "$work/damaged2.core"
  echo "== ompdbg threads EXE DAMAGED-CORE (team of 2)"; cat "$work/inspect-damaged2.out"
  sed -n 's/^thread \([0-9]*\) \([0-9]*\) .*/\1 \2/p' "$work/a.truth" |
  while read -r num tid; do
    if [ "$num" -lt 2 ]; then
      want="$num"
    else
      want="unreadable \(thread number $num in a team of 2\)"
    fi
    grep -E -q "^[0-9]+ +$tid +$want +[a-z_]+ " "$work/inspect-damaged2.out" \
      || echo "LWP $tid not shown as: $want"
  done > "$work/damaged2.fail"
  if [ -s "$work/damaged2.fail" ]; then fail "team of 2: `cat "$work/damaged2.fail"`"
  else ok "team of 2: threads 2 and 3 outside it are unreadable, 0 and 1 shown"; fi
}

# check_truncated CORE: copies of the kernel core CORE (notes first) cut
# after their notes.  Cut in the last segment, every thread's OpenMP view
# is still there; cut right after the notes, every thread with its pc
# and symbol (registers from the notes, code from the files) and why
# OMPD is unavailable; both with the warning.  Cut into the notes: refused.
check_truncated () {
  LC_ALL=C readelf -lW "$1" > "$work/kcore.phdrs"
  set -- "$1" $(awk '$1 == "NOTE" { print $2, $5; exit }' "$work/kcore.phdrs") \
    $(awk '$1 == "LOAD" && $5 != "0x000000" { o = $2 } END { print o }' "$work/kcore.phdrs")
  if [ $# -ne 4 ]; then
    cat "$work/kcore.phdrs"; fail "kernel core: no notes or no data"; return
  fi
  notes_end=$(($2 + $3))
  last=$(($4))
  if [ "$notes_end" -ge "$last" ]; then
    cat "$work/kcore.phdrs"; fail "kernel core: its notes do not come before its data"; return
  fi
  cp "$1" "$work/cut.core"
  truncate -s "$last" "$work/cut.core"
  check_to "$work/inspect-cut1.out" "ompdbg-inspect threads on the kernel core cut in its last segment" \
    "$inspect" threads "$prog" "$work/cut.core"
  echo "== ompdbg threads EXE CUT-CORE ($last bytes)"; cat "$work/inspect-cut1.out"
  expect_lines 1 "^warning: the core file is truncated: $last of [0-9]+ bytes; [0-9]+ bytes of the memory of 1 segments are missing" \
    "$work/inspect-cut1.out" "cut in the last segment: the warning says what is missing"
  check_inspect "$work/inspect-cut1.out"
  truncate -s "$notes_end" "$work/cut.core"
  check_to "$work/inspect-cut2.out" "ompdbg-inspect threads on the kernel core cut after its notes" \
    "$inspect" threads "$prog" "$work/cut.core"
  echo "== ompdbg threads EXE CUT-CORE ($notes_end bytes)"; cat "$work/inspect-cut2.out"
  expect_lines 1 "^warning: the core file is truncated: $notes_end of [0-9]+ bytes" \
    "$work/inspect-cut2.out" "cut after the notes: the warning"
  expect_lines 1 "^OMPD unavailable: .*" "$work/inspect-cut2.out" \
    "cut after the notes: OMPD unavailable, and why"
  sed -n 's/^thread [0-9]* \([0-9]*\) .*/\1/p' "$work/a.truth" |
  while read -r tid; do
    grep -q "^ *$tid  0x[0-9a-f]*  [A-Za-z_][A-Za-z_0-9]*+0x[0-9a-f]*\$" "$work/inspect-cut2.out" \
      || echo "LWP $tid not listed with its pc and symbol"
  done > "$work/cut.fail"
  if [ -s "$work/cut.fail" ]; then fail "cut after the notes: `cat "$work/cut.fail"`"
  else ok "cut after the notes: every thread with its pc and symbol"; fi
  truncate -s $((notes_end - 1)) "$work/cut.core"
  "$inspect" threads "$prog" "$work/cut.core" > "$work/inspect-cut3.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -q "truncated or corrupt" "$work/inspect-cut3.out" \
    && ok "cut into the notes: refused" \
    || { cat "$work/inspect-cut3.out"; fail "cut into the notes: exit $rc"; }
  rm -f "$work/cut.core"
}

# gcore: gdb writes the core of the (detached) process.
if command -v gcore > /dev/null 2>&1; then
  gcore -o "$work/gcore" "$pid" > "$work/gcore.log" 2>&1
  core=$work/gcore.$pid
  if [ -f "$core" ]; then
    check "gcore core" "$checker" core "$prog" "$core" "$work/a.truth" "$work/a.maps"
    check "bad input" "$checker" bad "$prog" "$core" "$work"
    check_to "$work/inspect-core.out" "ompdbg-inspect threads on the core" \
      "$inspect" threads "$prog" "$core"
    echo "== ompdbg threads EXE CORE"; cat "$work/inspect-core.out"
    check_inspect "$work/inspect-core.out"
    check_damaged "$core"
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
      check_truncated "$work/kcore/$kcore"
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
  if grep -E -q "^[0-9]+ +$2 +$3 +[a-z_]+ +assigned, not started +#[0-9]+ L$4 +-\$" "$1"; then
    ok "$1: LWP $2, thread $3 not started, in its region at level $4"
  else
    fail "$1: LWP $2 not shown as omp thread $3, assigned, not started, at level $4"
  fi
}

# check_level_damaged CORE: a copy of the unstarted scene's CORE whose
# region (the team of the initial thread, found with gdb through the
# runtime's debug information) says it is nested 1000000 deep: the
# member not started shows its number and team, and its level as
# unreadable, never as a fact.
check_level_damaged () {
  mtid=$(sed -n 's/^main tid=\([0-9]*\)$/\1/p' "$work/u.truth")
  $GDB -nx -batch -ex 'set sysroot /' -ex "python
r = gdb.parse_and_eval('gomp_registry')
for i in range(int(r['index_len'])):
    s = r['index'][i]
    if int(s['thread']) != 0 and int(s['tid']) == $mtid:
        print('LEVEL 0x%x' % int(s['thread']['ts']['team']['level'].address))
" "$scenes" "$1" > "$work/level.out" 2>&1
  addr=$(sed -n 's/^LEVEL \(0x[0-9a-f]*\)$/\1/p' "$work/level.out")
  if [ -z "$addr" ]; then
    cat "$work/level.out"
    echo "SKIP damaged level: the runtime's structures cannot be located (no debug information?)"
    return
  fi
  cp "$1" "$work/ulevel.core"
  check "damage the region's level" "$checker" poke "$work/ulevel.core" "$addr" 4 1000000 ||
    return
  check_to "$work/unstarted-level.out" "ompdbg-inspect threads on the core whose level is garbage" \
    "$inspect" threads "$scenes" "$work/ulevel.core"
  cat "$work/unstarted-level.out"
  set -- $(sed -n 's/^unstarted tid=\([0-9]*\) num=\([0-9]*\) level=\([0-9]*\) size=\([0-9]*\).*/\1 \2 \3 \4/p' "$work/u.truth")
  if grep -E -q "^[0-9]+ +$1 +$2 +[a-z_]+ +assigned, not started +#[0-9]+ unreadable \(nesting level 1000000\) " "$work/unstarted-level.out"; then
    ok "garbage level: LWP $1 not started, its level unreadable"
  else
    fail "garbage level: LWP $1 not shown with its level unreadable"
  fi
  expect_no_match "at level 1000000" "$work/unstarted-level.out" \
    "garbage level: never shown as a level"
  rm -f "$work/ulevel.core"
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
      check_level_damaged "$work/ugcore.$upid"
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

# GCC's libgomp (no OMPD): `ompdbg threads` names it and says how to run
# the program on ours.  Then, with gdb attached to it, who traces it.
gomp=${OMPDBG_GOMP_DIR:-}
if [ -n "$gomp" ] && [ -f "$gomp/libgomp.so.1" ]; then
  start c "$gomp"
  "$inspect" threads "$pid" > "$work/gomp.out" 2>&1
  echo "== ompdbg threads $pid (GCC's libgomp)"; cat "$work/gomp.out"
  expect_lines 1 "OpenMP runtime .*libgomp\.so.* does not support OMPD.*ompdbg run PROGRAM" \
    "$work/gomp.out" "ompdbg threads names GCC's libgomp and suggests ompdbg run"
  if command -v "${GDB:-gdb}" >/dev/null 2>&1; then
    timeout 60 "${GDB:-gdb}" -nx -q -batch -p "$pid" -ex 'shell sleep 30' \
      > "$work/tracer.out" 2>&1 &
    gdbpid=$!
    kill_on_exit "$gdbpid"
    i=0
    while [ $i -lt 300 ] && \
      [ "$(sed -n 's/^TracerPid:[[:space:]]*//p' "/proc/$pid/status")" = 0 ]; do
      sleep 0.1; i=$((i + 1))
    done
    tracer=$(sed -n 's/^TracerPid:[[:space:]]*//p' "/proc/$pid/status")
    if [ "$tracer" != 0 ]; then
      "$inspect" threads "$pid" > "$work/traced.out" 2>&1
      cat "$work/traced.out"
      expect_lines 1 "traced by process $tracer \\(gdb\\)" "$work/traced.out" \
        "ompdbg threads names the process tracing the target"
    else
      echo "SKIP traced target: gdb could not attach"; cat "$work/tracer.out"
    fi
    kill "$gdbpid" 2>/dev/null
  fi
fi
finish
