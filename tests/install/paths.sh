#!/bin/sh
# paths.sh -- no installed file names the build or the source directory:
# every string of every file under the installed prefix (and the gdb
# auto-load directory), once the installation directories themselves are
# taken out of it (an installation may well be inside the source tree,
# as make distcheck's is).
. "${srcdir:-.}/tests/install/subr.sh"

list=$work/files
find "$root$prefix" "$root$gdbautoloaddir" -type f 2>/dev/null | sort -u > "$list"
n=`wc -l < "$list"`
check "installed files found ($n)" test "$n" -gt 5

# The longest installation directory first, so that none is cut short.
strip=
for d in "$gdbautoloaddir" "$prefix"; do
  strip="$strip -e s|$d||g"
done
bad=0
while read -r f; do
  strings -a -n 6 "$f" | sed $strip > "$work/strings"
  if grep -F -e "$abs_top_builddir" -e "$abs_top_srcdir" "$work/strings" > "$work/hits"; then
    fail "$f names the build or source directory:"
    sed 's/^/  /' "$work/hits" | head -5
    bad=$((bad + 1))
  fi
done < "$list"
check "no build or source directory in $n files" test $bad -eq 0
finish
