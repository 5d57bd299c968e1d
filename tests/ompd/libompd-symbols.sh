#!/bin/sh
# libompd-symbols.sh -- libompd.so as a debugger loads it into its own
# process (docs/ompd.md, "libompd"):
#   - no DT_NEEDED on an OpenMP runtime (libgomp, libomp): the debugger
#     has none, and loading one would start a runtime in the debugger
#     (llvm #80750);
#   - it exports only the OMPD routines and ompdbg's extensions, every
#     one of them (a name of ours must not collide with the debugger's);
#   - it imports nothing that allocates behind the debugger's back (the
#     malloc family: it must use alloc_memory), prints (the printf family
#     and stdio: print_string is its only channel), touches signals,
#     takes locks or ends the process.
# Run in the build directory (tests/local.mk).  Skipped (77) without
# readelf or nm.

. "${0%/*}/../lib/test-subr.sh"

lib=libompd/.libs/libompd.so
readelf=${READELF:-readelf}
nm=${NM:-nm}
require_tool "$readelf" "$nm"
require_built "$lib"
# Built with --enable-sanitizers, libompd needs the sanitizers' runtimes.
san=${OMPDBG_SANITIZERS:-no}

# 1. Dynamic dependencies: the C library only (libc, maybe libdl), never
#    a runtime.
needed=`LC_ALL=C "$readelf" -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'`
echo "DT_NEEDED: `echo $needed`"
test -n "$needed" || fail "no DT_NEEDED read from $lib (readelf output changed?)"
for n in $needed; do
  case $san:$n in
    *:*gomp*|*:libomp*|*:libiomp*|*:*ompd*|*:libompdbg*) fail "DT_NEEDED on $n" ;;
    *:libc.so.*|*:libdl.so.*|*:ld-linux*) ok "DT_NEEDED on $n" ;;
    yes:libasan.so.*|yes:libubsan.so.*) ok "DT_NEEDED on $n (sanitizers)" ;;
    *) fail "unexpected DT_NEEDED $n" ;;
  esac
done

# 2. Exports: only ompd_* and ompdbg_*, and all of them (the names the
#    tests load, tests/ompd/ompd-api.h).
defined=`LC_ALL=C "$nm" -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' \
  | sed 's/@.*//' | sort -u`
ndefined=`echo "$defined" | grep -c .`
echo "exported: $ndefined symbols"
others=`echo "$defined" | grep -v '^ompd_' | grep -v '^ompdbg_'`
if test -z "$others"; then ok "exports only ompd_* and ompdbg_*"
else fail "exports other than ompd_*/ompdbg_*: `echo $others`"; fi
want=`grep -o 'X (ompd[a-z]*_, [a-z_]*)' "$srcdir/tests/ompd/ompd-api.h" \
  | sed 's/X (\(.*\), \(.*\))/\1\2/' | sort -u`
nwant=`echo "$want" | grep -c .`
test "$nwant" -ge 40 || fail "only $nwant entry points listed in ompd-api.h (parse error?)"
for w in $want; do
  if echo "$defined" | grep -qx "$w"; then ok "$w exported"
  else fail "$w is not exported"; fi
done

# 3. Imports: none of the families that allocate, print, touch signals
#    or threads, or end the process.
undefined=`LC_ALL=C "$nm" -D --undefined-only "$lib" | awk '{ print $NF }' \
  | sed 's/@.*//' | sort -u`
echo "imported: `echo $undefined`"
echo "$undefined" | grep -qx memcpy \
  || fail "memcpy not among the imports (nm output changed?)"
bad=`echo "$undefined" | grep -E \
  '^(malloc|calloc|realloc|reallocarray|free|posix_memalign|aligned_alloc|memalign|valloc|pvalloc|strdup|strndup|.*printf.*|.*printf_chk|puts|fputs|fputc|putc|putchar|fwrite|fflush|fopen|fclose|perror|write|writev|open|signal|sigaction|sigprocmask|raise|abort|exit|_exit|pthread_.*|dlopen|dlsym)$'`
if test -z "$bad"; then ok "no forbidden import"
else fail "imports `echo $bad`"; fi
finish
