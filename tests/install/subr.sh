# subr.sh -- sourced by the make installcheck scripts (tests/install/):
# the test helper every shell test uses (tests/lib/test-subr.sh), and the
# installed tree's places.
#
# tests/install/local.mk runs each with the installed tree's directories
# in the environment, DESTDIR included: root (DESTDIR), bindir,
# ompdbglibdir, pkglibexecdir, ompdbggdbdir, gdbautoloaddir, includedir,
# mandir, docdir, prefix; abs_top_builddir, abs_top_srcdir, for what
# must not be in that tree; CC, for programs linked against it.
# Nothing of the build tree leaks in: OMPDBG_* overrides are unset.

. "${srcdir:-.}/tests/lib/test-subr.sh"

unset OMPDBG_LIBOMPD OMPDBG_RUNTIME_DIR OMPDBG_INSPECT OMPDBG_GDB_PLUGIN

ompdbg=$root$bindir/ompdbg
rtdir=$root$ompdbglibdir
work=`make_tempdir`

test -x "$ompdbg" || hard_error "$ompdbg is not installed"
test -f "$rtdir/libgomp.so.1" || hard_error "no $rtdir/libgomp.so.1"
