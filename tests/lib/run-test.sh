#!/bin/sh
# run-test.sh MODE STAMP -- run one runtime test program on one runtime.
#
# Used as OURS_LOG_COMPILER / GOMP_LOG_COMPILER / CMP_LOG_COMPILER by
# tests/local.mk.  STAMP (tests/runtime/NAME-ours.ours, NAME-gomp.gomp or
# NAME.cmp) is a one-line file made by make from the program it stands
# for: it holds the program's path from the build directory.
#
#   ours  run the program with LD_LIBRARY_PATH=$OMPDBG_OURS_DIR, after
#         checking that the dynamic loader really picks our libgomp.so.1
#         there (a test that silently ran on the system libgomp would
#         prove nothing about ours).
#   gomp  the same with the system's libgomp ($OMPDBG_GOMP_DIR): every test
#         must pass there, otherwise the test itself is wrong.
#   cmp   run on both and require byte-identical standard output: for the
#         programs whose output is deterministic (checksums).
#
# Exit status: the program's (0 pass, 77 skip, other fail); 99 (hard
# error) when the set-up is broken or, in cmp mode, when the program fails
# on the system libgomp.  Every run is bounded by `timeout` so that a hang
# fails instead of blocking `make check`.

mode=$1
stamp=$2
timeout_s=${OMPDBG_TEST_TIMEOUT:-120}

if test ! -f "$stamp"; then
  echo "run-test.sh: no stamp file $stamp" >&2
  exit 99
fi
prog=`cat "$stamp"`
case $prog in
  /*) ;;
  *) prog=./$prog ;;
esac
if test ! -x "$prog"; then
  echo "run-test.sh: $prog is not built" >&2
  exit 99
fi

# A test sees only the OpenMP environment it sets itself: drop every
# OMP_* / GOMP_* variable inherited from the user's shell.
for v in `env | sed -n 's/^\(G*OMP_[A-Za-z0-9_]*\)=.*/\1/p'`; do
  unset "$v"
done

# check_loader DIR: the loader must resolve libgomp.so.1 to DIR/libgomp.so.1.
check_loader () {
  want=$1/libgomp.so.1
  if test ! -f "$want"; then
    echo "run-test.sh: $want does not exist" >&2
    return 1
  fi
  got=`LD_LIBRARY_PATH=$1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
       LD_TRACE_LOADED_OBJECTS=1 "$prog" 2>&1 | sed -n 's/^[ 	]*libgomp\.so\.1 => \([^ ]*\).*/\1/p'`
  if test "x$got" != "x$want"; then
    echo "run-test.sh: $prog loads libgomp.so.1 from '$got', expected '$want'" >&2
    return 1
  fi
  return 0
}

# run_on DIR: run the program with DIR first in the library path; the
# time it took goes to stderr (the log), for keeping `make check` fast.
run_on () {
  t0=`date +%s.%N`
  LD_LIBRARY_PATH=$1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    timeout -k 10 "$timeout_s" "$prog"
  rc=$?
  t1=`date +%s.%N`
  if test $rc -eq 124 || test $rc -eq 137; then
    echo "run-test.sh: $prog timed out after ${timeout_s}s (LD_LIBRARY_PATH=$1)" >&2
    rc=1
  fi
  dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  echo "run-test.sh: exit $rc after $dt s on $1" >&2
  return $rc
}

case $mode in
  ours|gomp)
    if test $mode = ours; then dir=$OMPDBG_OURS_DIR; else dir=$OMPDBG_GOMP_DIR; fi
    if test -z "$dir"; then
      echo "run-test.sh: no $mode runtime directory configured; skipping" >&2
      exit 77
    fi
    check_loader "$dir" || exit 99
    echo "running $prog on $dir/libgomp.so.1"
    run_on "$dir"
    exit $?
    ;;
  cmp)
    if test -z "$OMPDBG_GOMP_DIR"; then
      echo "run-test.sh: the system libgomp was not found; skipping" >&2
      exit 77
    fi
    check_loader "$OMPDBG_GOMP_DIR" || exit 99
    check_loader "$OMPDBG_OURS_DIR" || exit 99
    out_gomp=$stamp.out-gomp
    out_ours=$stamp.out-ours
    echo "running $prog on the system libgomp"
    run_on "$OMPDBG_GOMP_DIR" > "$out_gomp"
    rc=$?
    if test $rc -ne 0; then
      cat "$out_gomp"
      echo "run-test.sh: $prog fails on the system libgomp (exit $rc): the test is wrong" >&2
      exit 99
    fi
    echo "running $prog on our runtime"
    run_on "$OMPDBG_OURS_DIR" > "$out_ours"
    rc=$?
    if test $rc -ne 0; then
      cat "$out_ours"
      echo "FAIL: $prog exits $rc on our runtime" >&2
      exit 1
    fi
    if cmp -s "$out_gomp" "$out_ours"; then
      cat "$out_ours"
      echo "output identical on both runtimes"
      exit 0
    fi
    echo "FAIL: output differs (- system libgomp, + ours):" >&2
    diff -u "$out_gomp" "$out_ours" >&2
    exit 1
    ;;
  *)
    echo "run-test.sh: unknown mode '$mode'" >&2
    exit 99
    ;;
esac
