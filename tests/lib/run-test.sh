#!/bin/sh
# run-test.sh MODE STAMP -- run one runtime test program on one runtime.
# run-test.sh prog PROGRAM -- run a test program as it is.
#
# Used as OURS_LOG_COMPILER / GOMP_LOG_COMPILER / CMP_LOG_COMPILER and
# LOG_COMPILER by tests/local.mk.  STAMP (tests/runtime/NAME-ours.ours, NAME-gomp.gomp or
# NAME.cmp) is a one-line file made by make from the program it stands
# for: it holds the program's path from the build directory.
#
#   ours  run the program with LD_LIBRARY_PATH=$OMPDBG_OURS_DIR, after
#         checking that the dynamic loader really picks our libgomp.so.1
#         there; under valgrind's memcheck when configured with
#         --enable-valgrind and the program is one of OMPDBG_MEMCHECK.
#   gomp  the same with the system's libgomp ($OMPDBG_GOMP_DIR): every test
#         must pass there, otherwise the test itself is wrong.
#   cmp   run on both and require byte-identical standard output: for the
#         programs whose output is deterministic (checksums).
#   prog  the program (tests/ompd/self, ...) in the scrubbed environment,
#         bounded; it chooses its runtime itself.
#
# Exit status: the program's (0 pass, 77 skip, other fail); 99 (hard
# error) when the set-up is broken or, in cmp mode, when the program fails
# on the system libgomp.  Every run is bounded (test-subr.sh's `bounded')
# so that a hang fails instead of blocking `make check'.

mode=$1
stamp=$2
me=`basename "$stamp"`
. "${0%/*}/test-subr.sh"

if test $mode = prog; then
  test -x "$stamp" || hard_error "$stamp is not built"
  # These keep their own watchdogs (tests/ompd/fuzz: per case); the
  # bound is for a hang they miss, and long: 10^5 fuzz cases take minutes
  # on a loaded machine.
  test_timeout=${OMPDBG_PROG_TIMEOUT:-900}
  bounded "$stamp"
  rc=$?
  test_finished=yes
  test $rc -eq 124 && echo "FAIL: $stamp timed out after ${test_timeout}s"
  exit $rc
fi

test -f "$stamp" || hard_error "no stamp file $stamp"
prog=`cat "$stamp"`
case $prog in
  /*) ;;
  *) prog=./$prog ;;
esac
test -x "$prog" || hard_error "$prog is not built"

# A program's own verdict is the check: 77 skips the whole run.
verdict () {
  case $1 in
    0) ok "$2" ;;
    77) skip "$2: the program skipped" ;;
    *) fail "$2 (exit $1)" ;;
  esac
}

case $mode in
  ours|gomp)
    dir=`runtime_dir $mode`
    test -n "$dir" || skip "no $mode runtime directory configured"
    check_loader "$dir" "$prog" || hard_error "wrong libgomp.so.1"
    vg=
    if test $mode = ours && test "x${OMPDBG_VALGRIND:-}" = xyes; then
      case " ${OMPDBG_MEMCHECK:-} " in
	*" ${prog#./} "*) vg=-v ;;
      esac
    fi
    echo "running $prog on $dir/libgomp.so.1${vg:+ under valgrind}"
    run_on $vg $mode "$prog"
    verdict $? "$prog on $dir"
    ;;
  cmp)
    test -n "${OMPDBG_GOMP_DIR:-}" || skip "the system libgomp was not found"
    check_loader "$OMPDBG_GOMP_DIR" "$prog" || hard_error "wrong libgomp.so.1"
    check_loader "$OMPDBG_OURS_DIR" "$prog" || hard_error "wrong libgomp.so.1"
    echo "running $prog on the system libgomp and on ours"
    run_on_both "$stamp.out" "$prog"
    rc=$?
    test $rc -eq 99 && hard_error "$prog fails on the system libgomp"
    verdict $rc "$prog on both runtimes"
    if test $rc -eq 0; then
      cat "$stamp.out.ours"
      compare_files "the same output on both runtimes" "$stamp.out.gomp" \
	"$stamp.out.ours"
    fi
    ;;
  *)
    hard_error "unknown mode '$mode'"
    ;;
esac
finish
