#!/bin/sh
# ompdbg.sh -- the installed `ompdbg`: it finds the installed tree from
# its own location (DESTDIR included), `ompdbg run` runs a program on the
# installed runtime, and `ompdbg threads PID` shows a live process's
# OpenMP threads through the installed ompdbg-inspect and libompd.
. "${srcdir:-.}/tests/install/subr.sh"
hold=$abs_top_builddir/tests/install/hold

v=`"$ompdbg" --version`
check "ompdbg --version ($v)" test -n "$v"
d=`"$ompdbg" runtime-dir`
check "ompdbg runtime-dir is $rtdir ($d)" test "x$d" = "x$rtdir"

"$ompdbg" run "$hold" locations > "$work/run.out" 2>&1
check "ompdbg run hold locations" test $? -eq 0
check "... on the installed runtime" \
  grep -q "^runtime=$rtdir/libgomp.so.1\$" "$work/run.out"

"$ompdbg" run "$hold" live "$work/pid" > "$work/live.out" 2>&1 &
bg=$!
i=0
while test ! -f "$work/pid" && test $i -lt 300 && kill -0 $bg 2>/dev/null; do
  sleep 0.1; i=$((i + 1))
done
check "hold live started" test -f "$work/pid"
if test -f "$work/pid"; then
  pid=`cat "$work/pid"`
  timeout -k 10 60 "$ompdbg" threads "$pid" > "$work/threads.out" 2>&1
  check "ompdbg threads $pid" test $? -eq 0
  cat "$work/threads.out"
  check "... loaded the installed libompd" \
    grep -q "^OMPD: .*$rtdir/libompd.so\$" "$work/threads.out"
  n=`grep -c '  omp thread [01] of 2  ompt_state_' "$work/threads.out"`
  check "... shows both OpenMP threads with their state ($n)" test "$n" -eq 2
fi
kill $bg 2>/dev/null
wait $bg 2>/dev/null
finish
