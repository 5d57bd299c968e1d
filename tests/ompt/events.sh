#!/bin/sh
# events.sh -- the OMPT event programs of tests/ompt/ (each links the
# test tool, tool.c) on our runtime, then on LLVM's libomp as
# libgomp.so.1 when configure found it ($OMPDBG_LIBOMP): every check of
# each program passes on both; the counts go to the log.
. "${srcdir:-.}/tests/lib/test-subr.sh"

tmp=`make_tempdir`
libomp_dir=
if test -n "${OMPDBG_LIBOMP:-}" && test -f "$OMPDBG_LIBOMP"; then
  libomp_dir=$tmp/libomp
  mkdir "$libomp_dir" && ln -s "$OMPDBG_LIBOMP" "$libomp_dir/libgomp.so.1" \
    || hard_error "cannot make $libomp_dir"
else
  echo "no LLVM libomp: the programs run on ours only"
fi

for prog in parallel tasks sync mutex work cancel lock25 control teams target; do
  # cancel.c needs cancellation, which only the environment enables.
  cancellation=false
  test $prog = cancel && cancellation=true
  for rt in ours libomp; do
    case $rt in
      ours) dir=$OMPDBG_OURS_DIR ;;
      libomp) test -n "$libomp_dir" || continue; dir=$libomp_dir ;;
    esac
    # LLVM 14's libomp now and then stops on an assertion of its own
    # (kmp_taskdeps.cpp, with undeferred dependent tasks and a tool):
    # the reference run is tried again, up to three times.
    try=0
    while :; do
      env LD_LIBRARY_PATH="$dir" OMP_CANCELLATION=$cancellation \
	timeout "$test_timeout" "tests/ompt/$prog" > "$tmp/$prog.$rt" 2>&1
      rc=$?
      try=$((try + 1))
      test $rt = libomp && test $rc -ne 0 && test $try -lt 3 \
	&& grep -q '^Assertion failure at kmp_' "$tmp/$prog.$rt" || break
      echo "$prog on libomp: libomp's own assertion; again"
    done
    n=`grep -c '^ok' "$tmp/$prog.$rt"`
    echo "$prog on $rt: $n checks passed, exit $rc"
    if test $rc -eq 0 && test "$n" -gt 0; then
      ok "$prog on $rt"
    else
      fail "$prog on $rt"
      grep -v '^ok' "$tmp/$prog.$rt" | sed -n '1,30p'
    fi
  done
done
finish
