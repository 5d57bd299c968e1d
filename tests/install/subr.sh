# subr.sh -- sourced by the make installcheck scripts (tests/install/).
#
# tests/install/local.mk runs each with the installed tree's directories
# in the environment, DESTDIR included: root (DESTDIR), bindir,
# ompdbglibdir, pkglibexecdir, ompdbggdbdir, gdbautoloaddir, prefix; and
# abs_top_builddir, abs_top_srcdir, for what must not be in that tree.
# Nothing of the build tree leaks in: OMPDBG_* overrides are unset.

unset OMPDBG_LIBOMPD OMPDBG_RUNTIME_DIR OMPDBG_INSPECT OMPDBG_GDB_PLUGIN
LC_ALL=C
export LC_ALL

status=0
checks=0
ompdbg=$root$bindir/ompdbg
rtdir=$root$ompdbglibdir

fail () {
  echo "FAIL: $*"
  status=1
}

# check WHAT COMMAND...: one check, COMMAND's status.
check () {
  what=$1; shift
  checks=$((checks + 1))
  if "$@"; then echo "ok: $what"; else fail "$what"; fi
}

skip () {
  echo "SKIP: $*"
  exit 77
}

work=`mktemp -d "${TMPDIR:-/tmp}/ompdbg-installcheck.XXXXXX"` || exit 99
trap 'rm -rf "$work"' 0

# finish: the summary line; a script that checked nothing fails.
finish () {
  echo "$checks checks, status $status"
  test $checks -gt 0 || status=99
  exit $status
}

test -x "$ompdbg" || { echo "ERROR: $ompdbg is not installed"; exit 99; }
test -f "$rtdir/libgomp.so.1" || { echo "ERROR: no $rtdir/libgomp.so.1"; exit 99; }
