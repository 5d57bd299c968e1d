#!/bin/sh
# pyflakes.sh -- pyflakes finds nothing in the Python of the tree: the gdb
# plugin (ompd.py, ompdbg_gdb/, the auto-load script and contract.py as
# generated), corefiles/ompdbg-merge.py and the Python tests.  No unused
# import, undefined name, unused variable, redefinition.  pyflakes is a make check requirement
# (Debian: pyflakes3; ./build.sh installs it).

. "${0%/*}/../lib/test-subr.sh"

if command -v pyflakes3 > /dev/null 2>&1; then
  set -- pyflakes3
elif python3 -c 'import pyflakes' 2> /dev/null; then
  set -- python3 -m pyflakes
else
  hard_error "pyflakes is not installed (Debian: pyflakes3)"
fi

autoload=gdb-plugin/libgomp.so.1.0.0-gdb.py
contract=gdb-plugin/ompdbg_gdb/contract.py
require_built "$autoload" "$contract"
files=`find "$srcdir/gdb-plugin" "$srcdir/corefiles" "$srcdir/tests" -name '*.py' | sort`
n=`echo "$files" | wc -l`
test "$n" -ge 10 || hard_error "only $n Python files found under $srcdir"
# shellcheck disable=SC2086
check "pyflakes on $((n + 2)) files" "$@" $files "$autoload" "$contract"
finish
