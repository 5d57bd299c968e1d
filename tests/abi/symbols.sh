#!/bin/sh
# symbols.sh -- our libgomp.so.1 exports exactly the OpenMP symbol set of
# the system's libgomp.so.1: every OMP_* / GOMP_* symbol with its version
# node, including the hidden "(OMP_1.0)" compat versions of the lock
# functions and the version-node definitions themselves.  OpenACC
# (OACC_*, GOACC_*) and offload-plugin (GOMP_PLUGIN_*) nodes are left out:
# no -fopenmp program references them; nor is our OMPD_5.1 node (the OMPD
# names of runtime/ompd-support.c, which GCC's libgomp lacks): the
# /^(OMP|GOMP)_/ filter below leaves OMPD_* out.  A binary that references
# sym@NODE fails to load if the pair is missing, so any difference fails.
#
# Environment (from tests/local.mk): OMPDBG_OURS_DIR, OMPDBG_GOMP_DIR,
# OBJDUMP.

. "${0%/*}/../lib/test-subr.sh"

objdump=${OBJDUMP:-objdump}
ours=$OMPDBG_OURS_DIR/libgomp.so.1
gomp=${OMPDBG_GOMP_DIR:-}/libgomp.so.1

test -n "${OMPDBG_GOMP_DIR:-}" && test -f "$gomp" || skip "no system libgomp.so.1"
require_built "$ours"
require_tool "$objdump"

# symbol@version of every defined dynamic symbol in OMP_* / GOMP_* nodes.
# objdump -T lines end in "VERSION NAME"; a hidden version is printed in
# parentheses and kept so (foo@(OMP_1.0) differs from foo@OMP_1.0).
symset () {
  $objdump -T "$1" | awk '
    NF >= 2 && $0 !~ /\*UND\*/ {
      ver = $(NF - 1); name = $NF
      v = ver; gsub(/[()]/, "", v)
      if (v !~ /^(OMP|GOMP)_/ || v ~ /^GOMP_PLUGIN_/) next
      print name "@" ver
    }' | LC_ALL=C sort -u
}

tmp=`make_tempdir`
symset "$gomp" > "$tmp/gomp" || hard_error "objdump -T $gomp"
symset "$ours" > "$tmp/ours" || hard_error "objdump -T $ours"

n_gomp=`wc -l < "$tmp/gomp"`
n_ours=`wc -l < "$tmp/ours"`
echo "system libgomp: $n_gomp OMP/GOMP symbol@version pairs ($gomp)"
echo "our runtime:    $n_ours ($ours)"
test "$n_gomp" -ge 300 \
  || hard_error "only $n_gomp pairs read from $gomp: objdump output not understood"

LC_ALL=C comm -23 "$tmp/gomp" "$tmp/ours" | sed 's/^/  missing: /'
LC_ALL=C comm -13 "$tmp/gomp" "$tmp/ours" | sed 's/^/  extra: /'
compare_files "identical OMP/GOMP symbol sets" "$tmp/gomp" "$tmp/ours"
finish
