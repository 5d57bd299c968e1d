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

objdump=${OBJDUMP:-objdump}
ours=$OMPDBG_OURS_DIR/libgomp.so.1
gomp=$OMPDBG_GOMP_DIR/libgomp.so.1

if test -z "$OMPDBG_GOMP_DIR" || test ! -f "$gomp"; then
  echo "symbols.sh: no system libgomp.so.1; skipping"
  exit 77
fi
if test ! -f "$ours"; then
  echo "symbols.sh: $ours is not built" >&2
  exit 99
fi
if ! $objdump --version >/dev/null 2>&1; then
  echo "symbols.sh: $objdump not found; skipping"
  exit 77
fi

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

tmp=${TMPDIR:-/tmp}/ompdbg-symbols.$$
trap 'rm -f "$tmp".*' 0 1 2 15
symset "$gomp" > "$tmp.gomp" || exit 99
symset "$ours" > "$tmp.ours" || exit 99

n_gomp=`wc -l < "$tmp.gomp"`
n_ours=`wc -l < "$tmp.ours"`
echo "system libgomp: $n_gomp OMP/GOMP symbol@version pairs ($gomp)"
echo "our runtime:    $n_ours ($ours)"
if test "$n_gomp" -lt 300; then
  echo "symbols.sh: only $n_gomp pairs read from $gomp: objdump output not understood" >&2
  exit 99
fi

LC_ALL=C comm -23 "$tmp.gomp" "$tmp.ours" > "$tmp.missing"
LC_ALL=C comm -13 "$tmp.gomp" "$tmp.ours" > "$tmp.extra"
status=0
if test -s "$tmp.missing"; then
  echo "FAIL: `wc -l < "$tmp.missing"` missing from our runtime:"
  sed 's/^/  missing: /' "$tmp.missing"
  status=1
fi
if test -s "$tmp.extra"; then
  echo "FAIL: `wc -l < "$tmp.extra"` exported by our runtime but not by libgomp:"
  sed 's/^/  extra: /' "$tmp.extra"
  status=1
fi
test $status -eq 0 && echo "identical OMP/GOMP symbol sets"
exit $status
