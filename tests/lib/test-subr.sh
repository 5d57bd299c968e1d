# test-subr.sh -- sourced by every shell test (tests/*/*.sh) and by the
# runners tests/lib/run-test.sh and tests/gdb/run-gdbtest.sh:
#
#   . "${srcdir:-.}/tests/lib/test-subr.sh"
#
# Sourcing it scrubs the environment (no inherited OMP_*, GOMP_*, LD_*,
# ASAN_*/UBSAN_* or locale), sets `me' to the script's name and arranges
# for the temporary files, directories and processes it is told about to
# go on exit.  Then the script checks with `ok', `fail', `check',
# `expect_lines', `compare_files' and ends with `finish', which fails a
# script in which no check ran.  Exit status: 0 pass, 1 fail, 77 skip,
# 99 hard error (automake's).
#
# Environment (from tests/local.mk): OMPDBG_OURS_DIR (our runtime's
# libgomp.so.1), OMPDBG_GOMP_DIR (the system's), OMPDBG_TEST_TIMEOUT,
# OMPDBG_SANITIZERS (yes when configured with --enable-sanitizers),
# OMPDBG_VALGRIND (yes when configured with --enable-valgrind) and
# OMPDBG_MEMCHECK (the programs then run under memcheck), GDB, CC, OBJDUMP, STRIP, srcdir.  Tests run in the
# build directory.

me=${me:-`basename "$0"`}
srcdir=${srcdir:-.}
GDB=${GDB:-gdb}
test_timeout=${OMPDBG_TEST_TIMEOUT:-120}

# ---- environment ----------------------------------------------------------

# A test sees only the environment it sets itself: nothing that changes
# how a runtime, the loader or a sanitizer behaves, no locale.
for v in `env | sed -n 's/^\(G*OMP_[A-Za-z0-9_]*\)=.*/\1/p;
  s/^\(LD_[A-Za-z0-9_]*\)=.*/\1/p; s/^\([A-Z]*SAN_OPTIONS\)=.*/\1/p;
  s/^\(LC_[A-Z]*\)=.*/\1/p'`; do
  unset "$v"
done
LC_ALL=C
export LC_ALL
unset LANG LANGUAGE

# ---- outcome ----------------------------------------------------------------

test_checks=0
test_failures=0
test_finished=

# ok WHAT: a check that passed.
ok () {
  test_checks=$((test_checks + 1))
  echo "ok: $*"
}

# fail WHAT: a check that failed; the script goes on.
fail () {
  test_checks=$((test_checks + 1))
  test_failures=$((test_failures + 1))
  echo "FAIL: $*"
}

# check WHAT CMD...: run CMD (its output shown); a check that passes when
# it exits 0.  Returns CMD's status.
check () {
  check_what=$1; shift
  "$@" 2>&1
  check_rc=$?
  if test $check_rc -eq 0; then ok "$check_what"
  else fail "$check_what (exit $check_rc)"; fi
  return $check_rc
}

# check_to FILE WHAT CMD...: the same, CMD's output into FILE.
check_to () {
  check_file=$1; shift
  check_what=$1; shift
  "$@" > "$check_file" 2>&1
  check_rc=$?
  if test $check_rc -eq 0; then ok "$check_what"
  else fail "$check_what (exit $check_rc)"; fi
  return $check_rc
}

# skip WHY: the test cannot run here (exit 77).
skip () {
  echo "SKIP: $me: $*"
  test_finished=skip
  exit 77
}

# hard_error WHY: the set-up is broken (exit 99).
hard_error () {
  echo "ERROR: $me: $*" >&2
  test_finished=error
  exit 99
}

# finish: the end of every test: "N checks, M failed" and the exit status,
# 1 when a check failed or none ran.
finish () {
  test_finished=yes
  echo "$test_checks checks, $test_failures failed"
  if test "$test_checks" -eq 0; then
    echo "FAIL: $me: no check ran"
    exit 1
  fi
  test "$test_failures" -eq 0 || exit 1
  exit 0
}

# ---- temporary files and processes -------------------------------------------

test_tmpdirs=
test_pids=

# make_tempdir: a new directory, removed on exit (with the test's own
# temporary directory, which holds it); its path on stdout.
test_tmpbase=`mktemp -d "${TMPDIR:-/tmp}/ompdbg-$me.XXXXXX"` \
  || { echo "$me: mktemp failed" >&2; exit 99; }
make_tempdir () {
  mktemp -d "$test_tmpbase/d.XXXXXX"
}

# kill_on_exit PID: a process killed (SIGKILL) when the test ends.
kill_on_exit () {
  test_pids="$test_pids $1"
}

test_cleanup () {
  test_rc=$?
  for p in $test_pids; do kill -9 "$p" 2>/dev/null; done
  rm -rf "$test_tmpbase"
  # A test must end through finish, skip or hard_error: falling off the
  # end with status 0 would pass without a verdict.
  if test -z "$test_finished" && test $test_rc -eq 0; then
    echo "FAIL: $me: ended without finish"
    exit 1
  fi
  exit $test_rc
}
trap test_cleanup EXIT
trap 'exit 1' INT TERM HUP

# ---- requirements -----------------------------------------------------------

# require_built FILE...: each FILE exists (else a hard error: the build
# is incomplete).
require_built () {
  for f; do
    test -e "$f" || hard_error "$f is not built"
  done
}

# require_tool TOOL...: each TOOL runs with --version (else skip).
require_tool () {
  for t; do
    $t --version >/dev/null 2>&1 || skip "$t not found"
  done
}

# require_gdb [python]: gdb runs, may trace a child it starts, and (with
# `python') has Python; else skip with the reason.  The probe's answer is
# kept in tests/gdb-probe.cache (one gdb start for the whole suite).
require_gdb () {
  $GDB --version >/dev/null 2>&1 || skip "$GDB not found"
  cache=tests/gdb-probe.cache
  key=`command -v $GDB`:`ls -lL "$(command -v $GDB)" 2>/dev/null | awk '{ print $5 $6 $7 $8 }'`
  if test -f "$cache" && test "`sed -n 1p "$cache"`" = "$key"; then
    probe=`sed -n 2p "$cache"`
  else
    out=`$GDB -nx -batch -ex 'set startup-with-shell off' \
      -ex 'python print("py-ok")' -ex run --args /bin/true 2>&1`
    case $out in
      *"Operation not permitted"*|*"Could not trace"*|*"ptrace:"*)
	probe="noptrace" ;;
      *"exited normally"*) probe="ok" ;;
      *) probe="broken" ;;
    esac
    case $out in *py-ok*) probe="$probe python" ;; esac
    mkdir -p tests
    printf '%s\n%s\n' "$key" "$probe" > "$cache.$$" && mv -f "$cache.$$" "$cache"
  fi
  case $probe in
    noptrace*) skip "gdb may not trace processes here (ptrace)" ;;
    broken*) skip "$GDB cannot run a program here" ;;
  esac
  if test "x${1:-}" = xpython; then
    case $probe in *python) ;; *) skip "$GDB has no Python" ;; esac
  fi
}

# skip_if_untraceable FILE: FILE (a debugger's output) says ptrace was
# refused (Yama, a container): skip.
skip_if_untraceable () {
  if grep -q -i "ptrace: Operation not permitted\|Could not trace\|operation not permitted" "$1"; then
    cat "$1"
    skip "ptrace is not permitted here"
  fi
}

# gdb_for_libompd: the test loads our libompd into gdb (the plugin does,
# with ctypes).  Built with --enable-sanitizers, libompd needs the
# sanitizers' runtimes loaded first, and gdb (13, Debian 12) hangs at
# start with them preloaded: skip, saying so.
gdb_for_libompd () {
  if test "x${OMPDBG_SANITIZERS:-}" = xyes; then
    skip "libompd is built with ASan (--enable-sanitizers); gdb cannot load it"
  fi
}

# require_frontends [FILE...]: a test of both front ends, gdb's plugin
# and ompdbg, on the scenes program: sets prog, inspect, libompd and
# plugin, requires them and FILE... built, gdb with Python, and a gdb
# that can load our libompd.
require_frontends () {
  prog=tests/gdb/scenes
  inspect=corefiles/ompdbg-inspect
  libompd=$PWD/libompd/.libs/libompd.so
  plugin=gdb-plugin/ompd.py
  require_built "$prog" "$inspect" "$libompd" "$plugin" "$@"
  require_gdb python
  gdb_for_libompd
}

# ---- running programs ---------------------------------------------------------

# bounded CMD...: CMD, killed after the test timeout (a hang fails instead
# of blocking make check); 124 when it timed out.
bounded () {
  timeout -k 10 "$test_timeout" "$@"
}

# run_scene PROG SCENE DIR: start PROG's SCENE (tests/gdb/scenes,
# tests/gdb/hangs) on our runtime, hung at its stop, with its ground
# truth in DIR/SCENE.truth and its output in DIR/SCENE.log; sets $pid,
# the program's, once the truth is written.  Returns 1 (after a fail)
# when the scene does not get ready.
run_scene () {
  rm -f "$3/$2.truth"
  OMPDBG_LIBOMPD=$PWD/libompd/.libs/libompd.so \
    LD_LIBRARY_PATH=${OMPDBG_OURS_DIR:?OMPDBG_OURS_DIR not set} \
    timeout -k 5 "$test_timeout" "$1" "$2" "$3/$2.truth" hang \
    > "$3/$2.log" 2>&1 &
  kill_on_exit $!
  i=0
  until grep -q '^ready' "$3/$2.truth" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 600 ]; then fail "$2: the scene did not get ready"; return 1; fi
    sleep 0.1
  done
  pid=`sed -n 's/^main tid=\([0-9]*\).*/\1/p' "$3/$2.truth"`
  kill_on_exit "$pid"
  # The threads that spin get to their waits.
  sleep 0.5
}

# runtime_dir ours|gomp: the directory of that runtime's libgomp.so.1.
runtime_dir () {
  case $1 in
    ours) echo "${OMPDBG_OURS_DIR:-}" ;;
    gomp) echo "${OMPDBG_GOMP_DIR:-}" ;;
    *) hard_error "runtime_dir: unknown runtime '$1'" ;;
  esac
}

# check_loader DIR PROG: the loader resolves PROG's libgomp.so.1 to
# DIR/libgomp.so.1 (a test that silently ran on the system libgomp would
# prove nothing about ours).
check_loader () {
  want=$1/libgomp.so.1
  test -f "$want" || { echo "$me: $want does not exist" >&2; return 1; }
  got=`LD_LIBRARY_PATH=$1 LD_TRACE_LOADED_OBJECTS=1 "$2" 2>&1 \
    | sed -n 's/^[ 	]*libgomp\.so\.1 => \([^ ]*\).*/\1/p'`
  if test "x$got" != "x$want"; then
    echo "$me: $2 loads libgomp.so.1 from '$got', expected '$want'" >&2
    return 1
  fi
  return 0
}

# run_on [-v] ours|gomp CMD...: CMD on that runtime (LD_LIBRARY_PATH),
# bounded, its run time logged on stderr; with -v under valgrind's
# memcheck, where any error, use of uninitialised memory or definitely
# lost block makes the status 3.  Returns CMD's status (1 when it timed
# out).
memcheck="valgrind -q --error-exitcode=3 --leak-check=full \
  --errors-for-leak-kinds=definite --show-leak-kinds=definite"
run_on () {
  run_on_vg=
  if test "x$1" = x-v; then run_on_vg=$memcheck; shift; fi
  run_on_dir=`runtime_dir "$1"`; shift
  t0=`date +%s.%N`
  LD_LIBRARY_PATH=$run_on_dir bounded $run_on_vg "$@"
  run_on_rc=$?
  t1=`date +%s.%N`
  if test $run_on_rc -eq 124 || test $run_on_rc -eq 137; then
    echo "$me: $* timed out after ${test_timeout}s (LD_LIBRARY_PATH=$run_on_dir)" >&2
    run_on_rc=1
  fi
  echo "$me: exit $run_on_rc after `awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'` s on $run_on_dir${run_on_vg:+ under valgrind}" >&2
  return $run_on_rc
}

# run_on_both OUT CMD...: CMD on the system libgomp (stdout to OUT.gomp)
# and on ours (OUT.ours); 0 when both exit 0, 99 when it fails on the
# system libgomp (the test is wrong), 1 when it fails on ours.
run_on_both () {
  rob_out=$1; shift
  run_on gomp "$@" > "$rob_out.gomp"
  rob_rc=$?
  if test $rob_rc -ne 0; then
    cat "$rob_out.gomp"
    echo "$me: $1 fails on the system libgomp (exit $rob_rc): the test is wrong" >&2
    return 99
  fi
  run_on ours "$@" > "$rob_out.ours"
  rob_rc=$?
  if test $rob_rc -ne 0; then
    cat "$rob_out.ours"
    echo "FAIL: $1 exits $rob_rc on our runtime" >&2
    return 1
  fi
  return 0
}

# ---- comparing output ----------------------------------------------------------

# compare_files WHAT EXPECTED GOT: a check that the files are identical
# (the difference shown, - expected, + got).
compare_files () {
  if cmp -s "$2" "$3"; then
    ok "$1"
  else
    fail "$1: output differs (- $2, + $3):"
    diff -u "$2" "$3"
  fi
}

# compare_output WHAT EXPECTED CMD...: a check that CMD's standard output
# is the string EXPECTED.
compare_output () {
  co_what=$1; co_want=$2; shift 2
  co_got=`"$@"`
  if test "x$co_got" = "x$co_want"; then
    ok "$co_what"
  else
    fail "$co_what: output differs"
    echo "expected:"; echo "$co_want" | sed 's/^/  /'
    echo "got:"; echo "$co_got" | sed 's/^/  /'
  fi
}

# expect_lines N REGEX FILE WHAT: a check that at least N lines of FILE
# match the extended regular expression REGEX.
expect_lines () {
  el_n=`grep -E -c -- "$2" "$3"`
  if test "$el_n" -ge "$1"; then
    ok "$4 ($el_n)"
  else
    fail "$4: $el_n lines match '$2', at least $1 expected"
  fi
}

# expect_no_match REGEX FILE WHAT: a check that no line of FILE matches.
expect_no_match () {
  if grep -E -q -- "$1" "$2"; then
    fail "$3:"; grep -E -- "$1" "$2"
  else
    ok "$3"
  fi
}
