#!/bin/sh
# soname.sh -- our runtime's SONAME is libgomp.so.1: programs record
# NEEDED libgomp.so.1, and the LD_LIBRARY_PATH swap only works if our
# library answers to that name.  Also checks the file is the shared
# object (not a libtool wrapper) and that the system's has the same
# SONAME, so that the comparison means something.
. "${0%/*}/../lib/test-subr.sh"

ours=$OMPDBG_OURS_DIR/libgomp.so.1
require_built "$ours"
require_tool readelf

soname () {
  readelf -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p'
}

compare_output "SONAME of $ours" libgomp.so.1 soname "$ours"
if test -n "${OMPDBG_GOMP_DIR:-}" && test -f "$OMPDBG_GOMP_DIR/libgomp.so.1"; then
  sys=`soname "$OMPDBG_GOMP_DIR/libgomp.so.1"`
  echo "system libgomp: SONAME [$sys]"
  test "x$sys" = "xlibgomp.so.1" \
    || hard_error "the system libgomp's SONAME is '$sys'?"
fi
finish
