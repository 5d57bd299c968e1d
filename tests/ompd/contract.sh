#!/bin/sh
# contract.sh -- every side of the runtime-debugger contract reads the
# same lists: the C headers (libompd/omp-tools.h, ompdbg-ext.h,
# ompdbg-layout.h), as tests/ompd/contract-dump prints them, and the gdb
# plugin's constants (gdb-plugin/ompdbg_gdb/contract.py, generated from
# them at build time), as tests/ompd/contract-dump.py prints them, must
# list the same names with the same values.  Then a drift -- one value of
# a copy of contract.py changed -- must be reported, so that the
# comparison is known to see one.
#
# Environment (from tests/local.mk): srcdir.

srcdir=${srcdir:-.}
py=${GDBTEST_PY3:-/usr/bin/python3}
module=gdb-plugin/ompdbg_gdb/contract.py
tmp=${TMPDIR:-/tmp}/ompdbg-contract.$$
trap 'rm -f "$tmp".*' 0 1 2 15

if ! test -x tests/ompd/contract-dump || ! test -f "$module"; then
  echo "contract.sh: tests/ompd/contract-dump or $module is not built" >&2
  exit 99
fi
if ! $py -c 'import importlib.util' 2>/dev/null; then
  echo "contract.sh: no usable $py; skipping"
  exit 77
fi

tests/ompd/contract-dump | sort > "$tmp.c" || exit 99
$py "$srcdir/tests/ompd/contract-dump.py" "$module" | sort > "$tmp.py" \
  || exit 99
n=`wc -l < "$tmp.c"`
if test "$n" -lt 90; then
  echo "FAIL: the C headers list $n entries, expected at least 90"
  exit 1
fi
if ! diff "$tmp.c" "$tmp.py"; then
  echo "FAIL: contract.py and the C headers disagree (< C, > Python)"
  exit 1
fi
echo "C headers and contract.py agree on $n entries"

# The drift: ompt_state_wait_lock one higher in a copy of contract.py.
sed 's/"ompt_state_wait_lock": /"ompt_state_wait_lock": 1 + /' "$module" \
  > "$tmp.drift.py"
if cmp -s "$module" "$tmp.drift.py"; then
  echo "FAIL: could not make a drifted copy of $module"
  exit 1
fi
$py "$srcdir/tests/ompd/contract-dump.py" "$tmp.drift.py" | sort \
  > "$tmp.drift" || exit 99
if diff "$tmp.c" "$tmp.drift" > "$tmp.diff"; then
  echo "FAIL: a drifted contract.py was not told apart"
  exit 1
fi
if ! grep -q 'STATES ompt_state_wait_lock' "$tmp.diff"; then
  echo "FAIL: the drift was reported, but not as ompt_state_wait_lock:"
  cat "$tmp.diff"
  exit 1
fi
echo "a drift of ompt_state_wait_lock is reported"
exit 0
