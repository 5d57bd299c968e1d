#!/bin/sh
# aliases.sh -- where a library without debug information has several
# symbols at a function's address (a global, a weak and a local alias; a
# symbol's default version foo@@V1 beside a local name; foo@V0),
# `ompdbg stacks` names the frame as gdb's bt does, on a core of an
# OpenMP program whose threads wait inside that library
# (tests/cli/aliases.c, aliases-lib.c, aliases.map): the library built
# without -g as it is, and stripped to its .dynsym.
# Exit 0 pass, 1 fail, 77 when gdb or ptrace is unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

require_frontends
require_tool "${CC:-cc}" "${STRIP:-strip}"
py3=/usr/bin/python3
work=`make_tempdir`
src=$srcdir/tests/cli

mkdir -p "$work/full" "$work/stripped"
check "build the library without debug information" ${CC:-cc} -O1 -fPIC \
  -shared -Wl,--version-script="$src/aliases.map" \
  -o "$work/full/libaliases.so" "$src/aliases-lib.c" || finish
check "strip it to its dynamic symbols" ${STRIP:-strip} \
  -o "$work/stripped/libaliases.so" "$work/full/libaliases.so" || finish
check "build the program" ${CC:-cc} -fopenmp -g -O1 -o "$work/aliases" \
  "$src/aliases.c" -L"$work/full" -laliases || finish

# kind DISTINCT: the program on library KIND, its core, both front ends.
for kind in full stripped; do
  case $kind in full) distinct=3 ;; stripped) distinct=2 ;; esac
  ready=$work/$kind.ready
  LD_LIBRARY_PATH="$OMPDBG_OURS_DIR:$work/$kind" OMP_WAIT_POLICY=passive \
    "$work/aliases" "$ready" > "$work/$kind.log" 2>&1 &
  pid=$!
  kill_on_exit $pid
  i=0
  until [ -f "$ready" ] || [ $i -gt 600 ]; do
    i=$((i + 1))
    sleep 0.1
  done
  if [ ! -f "$ready" ]; then
    fail "$kind: the program's threads did not reach the library"
    kill -9 $pid 2>/dev/null
    continue
  fi
  gcore -o "$work/$kind.core" $pid > "$work/$kind.gcore.log" 2>&1
  skip_if_untraceable "$work/$kind.gcore.log"
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  core=$work/$kind.core.$pid
  [ -f "$core" ] || { fail "$kind: gcore wrote no core"; continue; }
  OMPDBG_LIBOMPD=$libompd bounded "$inspect" stacks --json \
    "$work/aliases" "$core" > "$work/$kind.json" 2> "$work/$kind.err" \
    || fail "$kind: ompdbg stacks exit $? (`cat "$work/$kind.err"`)"
  bounded $GDB -nx -q -batch -ex 'set sysroot /' \
    -ex "set solib-search-path $work/$kind:$OMPDBG_OURS_DIR" \
    -ex 'thread apply all bt' "$work/aliases" "$core" \
    > "$work/$kind.bt" 2>&1
  grep '^#0' "$work/$kind.bt"
  check "$kind: ompdbg stacks names the frames as gdb's bt" $py3 \
    "$src/check-aliases.py" "$work/$kind.bt" "$work/$kind.json" \
    libaliases.so $distinct
  rm -f "$core"
done

finish
