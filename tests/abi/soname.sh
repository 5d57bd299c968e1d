#!/bin/sh
# soname.sh -- our runtime's SONAME is libgomp.so.1: programs record
# NEEDED libgomp.so.1, and the LD_LIBRARY_PATH swap only works if our
# library answers to that name.  Also checks the file is the shared
# object (not a libtool wrapper) and that the system's has the same
# SONAME, so that the comparison means something.

ours=$OMPDBG_OURS_DIR/libgomp.so.1
if test ! -f "$ours"; then
  echo "soname.sh: $ours is not built" >&2
  exit 99
fi
if ! readelf --version >/dev/null 2>&1; then
  echo "soname.sh: readelf not found; skipping"
  exit 77
fi

soname () {
  readelf -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p'
}

got=`soname "$ours"`
echo "our runtime: SONAME [$got]"
status=0
if test "x$got" != "xlibgomp.so.1"; then
  echo "FAIL: SONAME of $ours is '$got', expected 'libgomp.so.1'"
  status=1
fi
if test -n "$OMPDBG_GOMP_DIR" && test -f "$OMPDBG_GOMP_DIR/libgomp.so.1"; then
  sys=`soname "$OMPDBG_GOMP_DIR/libgomp.so.1"`
  echo "system libgomp: SONAME [$sys]"
  if test "x$sys" != "xlibgomp.so.1"; then
    echo "soname.sh: the system libgomp's SONAME is '$sys'?" >&2
    exit 99
  fi
fi
exit $status
