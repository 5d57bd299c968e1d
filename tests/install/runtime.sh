#!/bin/sh
# runtime.sh -- the installed runtime: it is the one programs load, its
# ompd_dll_locations names the libompd installed beside it (from a
# relative library path too), OMPDBG_LIBOMPD comes first when set, and
# runtime tests pass on it through the installed `ompdbg run`.
. "${srcdir:-.}/tests/install/subr.sh"
hold=$abs_top_builddir/tests/install/hold

check "libompd.so installed beside the runtime" test -f "$rtdir/libompd.so"

LD_LIBRARY_PATH=$rtdir "$hold" locations > "$work/abs.out" 2>&1
check "hold locations on the installed runtime" test $? -eq 0
cat "$work/abs.out"
runtime=`sed -n 's/^runtime=//p' "$work/abs.out"`
check "the program runs on $rtdir/libgomp.so.1" \
  test "x$runtime" = "x$rtdir/libgomp.so.1"
first=`sed -n 's/^loc=//p' "$work/abs.out" | head -1`
check "ompd_dll_locations[0] is $rtdir/libompd.so" \
  test "x$first" = "x$rtdir/libompd.so"
check "the bare name follows" grep -q '^loc=libompd.so$' "$work/abs.out"

# A relative library path: the name is made absolute (a debugger's own
# directory is not the program's).
parent=`dirname "$rtdir"`
base=`basename "$rtdir"`
(cd "$parent" && LD_LIBRARY_PATH=$base "$hold" locations) > "$work/rel.out" 2>&1
check "hold locations from a relative library path" test $? -eq 0
first=`sed -n 's/^loc=//p' "$work/rel.out" | head -1`
case $first in
  /*) abs=yes ;;
  *) abs=no ;;
esac
check "ompd_dll_locations[0] absolute ($first)" test $abs = yes
got=`dirname "$first"`
got=`cd "$got" && pwd -P`
want=`cd "$rtdir" && pwd -P`
check "... and names the installed libompd" test "x$got" = "x$want"

OMPDBG_LIBOMPD=/nonexistent/libompd.so LD_LIBRARY_PATH=$rtdir "$hold" locations \
  > "$work/env.out" 2>&1
check "hold locations with OMPDBG_LIBOMPD" test $? -eq 0
sed -n 's/^loc=//p' "$work/env.out" > "$work/env.locs"
printf '%s\n' /nonexistent/libompd.so "$rtdir/libompd.so" libompd.so > "$work/env.want"
check "OMPDBG_LIBOMPD first, then the installed libompd, then the bare name" \
  cmp -s "$work/env.locs" "$work/env.want"

# Runtime tests, each self-checking, on the installed runtime.
for t in ompd-hooks parallel task-basic loop-static; do
  prog=$abs_top_builddir/tests/runtime/$t
  timeout -k 10 120 "$ompdbg" run "$prog" > "$work/$t.out" 2>&1
  rc=$?
  check "ompdbg run tests/runtime/$t" test $rc -eq 0
  test $rc -eq 0 || cat "$work/$t.out"
done
grep "^ompd_dll_locations" "$work/ompd-hooks.out"
check "tests/runtime/ompd-hooks saw the installed libompd" \
  grep -q "^ompd_dll_locations\[0\] = $rtdir/libompd.so\$" "$work/ompd-hooks.out"
finish
