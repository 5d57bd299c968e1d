#!/bin/sh
# files.sh -- what docs/installing.md says gets installed is there, and
# its route for running a program on the runtime without ompdbg or
# LD_LIBRARY_PATH works: linked with -Wl,-rpath,<libdir>/ompdbg, an
# unmodified gcc -fopenmp program loads the installed runtime.
. "${srcdir:-.}/tests/install/subr.sh"

for f in "$bindir/ompdbg" "$ompdbglibdir/libgomp.so.1" \
    "$ompdbglibdir/libompd.so" "$pkglibexecdir/ompdbg-inspect" \
    "$pkglibexecdir/ompdbg-merge" "$docdir/json.md" \
    "$ompdbggdbdir/ompd.py" "$ompdbggdbdir/ompdbg_gdb/__init__.py" \
    "$ompdbggdbdir/ompdbg_gdb/places.py" "$ompdbggdbdir/auto-load.gdb" \
    "$gdbautoloaddir$ompdbglibdir/libgomp.so.1.0.0-gdb.py" \
    "$includedir/ompdbg/omp-tools.h" "$includedir/ompdbg/ompdbg-ext.h" \
    "$includedir/ompdbg/omp_collector_api.h" \
    "$mandir/man1/ompdbg.1" "$mandir/man7/ompdbg-gdb.7" \
    "$docdir/installing.md" "$docdir/gdb.md" "$docdir/profiling.md"; do
  check "installed: $f" test -f "$root$f"
done
# The profiler, when configure found libunwind for it.
if test -f profiler/.libs/ompdbg-collector.so; then
  for f in "$pkglibexecdir/ompdbg-profile" "$pkglibexecdir/ompdbg-report" \
      "$pkglibexecdir/ompdbg-collector.so"; do
    check "installed: $f" test -f "$root$f"
  done
fi

# auto-load.gdb names the auto-load directory the script is in.
check "auto-load.gdb adds $gdbautoloaddir to gdb's scripts-directory" \
  grep -qx "add-auto-load-scripts-directory $gdbautoloaddir" \
  "$root$ompdbggdbdir/auto-load.gdb"
check "auto-load.gdb adds $gdbautoloaddir to gdb's safe-path" \
  grep -qx "add-auto-load-safe-path $gdbautoloaddir" \
  "$root$ompdbggdbdir/auto-load.gdb"

# The man pages are well-formed (man's own check, when it has one).
if command -v man > /dev/null 2>&1; then
  for m in "$mandir/man1/ompdbg.1" "$mandir/man7/ompdbg-gdb.7"; do
    LC_ALL=C MANWIDTH=80 man -l "$root$m" > "$work/man.out" 2> "$work/man.err"
    check "man -l $m renders" test -s "$work/man.out"
    check "man -l $m: no warning" test ! -s "$work/man.err"
  done
fi

# -Wl,-rpath: the program finds the runtime with no environment.
cc=${CC:-cc}
cat > "$work/rpath.c" <<'SRC'
#include <omp.h>
#include <stdio.h>
int main (void)
{
  int n = 0;
#pragma omp parallel num_threads (2)
#pragma omp atomic
  n++;
  printf ("threads=%d\n", n);
  return 0;
}
SRC
if $cc -fopenmp -o "$work/rpath" "$work/rpath.c" -Wl,-rpath,"$rtdir" \
    > "$work/cc.out" 2>&1; then
  env -u LD_LIBRARY_PATH -u LD_PRELOAD OMP_DISPLAY_ENV=verbose \
    "$work/rpath" > "$work/rpath.out" 2>&1
  check "the -Wl,-rpath program runs" test $? -eq 0
  cat "$work/rpath.out"
  check "the -Wl,-rpath program runs on the installed ompdbg runtime" \
    grep -q "OMPDBG_RUNTIME = 'ompdbg " "$work/rpath.out"
  check "its two threads ran" grep -q '^threads=2$' "$work/rpath.out"
else
  cat "$work/cc.out"
  fail "$cc -fopenmp -Wl,-rpath,$rtdir does not link"
fi
finish
