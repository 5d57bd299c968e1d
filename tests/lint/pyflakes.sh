#!/bin/sh
# pyflakes.sh -- pyflakes finds nothing in the Python of the tree: the gdb
# plugin (ompd.py, ompdbg_gdb/, the auto-load script and contract.py as
# generated) and the Python tests.  No unused import, undefined name, unused variable,
# redefinition.  pyflakes is a make check requirement (Debian: pyflakes3;
# ./build.sh installs it).
srcdir=${srcdir:-.}

if command -v pyflakes3 > /dev/null 2>&1; then
  set -- pyflakes3
elif python3 -c 'import pyflakes' 2> /dev/null; then
  set -- python3 -m pyflakes
else
  echo "ERROR: pyflakes is not installed (Debian: pyflakes3)"
  exit 99
fi

files=`find "$srcdir/gdb-plugin" "$srcdir/tests" -name '*.py' | sort`
autoload=gdb-plugin/libgomp.so.1.0.0-gdb.py
contract=gdb-plugin/ompdbg_gdb/contract.py
for f in "$autoload" "$contract"; do
  test -f "$f" || { echo "ERROR: $f is not built"; exit 99; }
done
n=`echo "$files" | wc -l`
if test "$n" -lt 10; then
  echo "ERROR: only $n Python files found under $srcdir"
  exit 99
fi
# shellcheck disable=SC2086
"$@" $files "$autoload" "$contract"
rc=$?
echo "pyflakes: $((n + 2)) files, exit $rc"
test $rc -eq 0
