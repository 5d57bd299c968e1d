#!/bin/sh
# contract.sh -- every side of the runtime-debugger contract reads the
# same lists: the C headers (libompd/omp-tools.h, ompdbg-ext.h,
# ompdbg-layout.h), as tests/ompd/contract-dump prints them, and the gdb
# plugin's constants (gdb-plugin/ompdbg_gdb/contract.py, generated from
# them at build time), as tests/ompd/contract-dump.py prints them, must
# list the same names with the same values.  Then a drift -- one value of
# a copy of contract.py changed -- must be reported, so that the
# comparison is known to see one.

. "${0%/*}/../lib/test-subr.sh"

py=/usr/bin/python3		# gdb's Python, which runs the plugin
module=gdb-plugin/ompdbg_gdb/contract.py
require_built tests/ompd/contract-dump "$module"
require_tool "$py"
tmp=`make_tempdir`

tests/ompd/contract-dump | sort > "$tmp/c" \
  || hard_error "contract-dump failed"
$py "$srcdir/tests/ompd/contract-dump.py" "$module" | sort > "$tmp/py" \
  || hard_error "contract-dump.py failed on $module"
n=`wc -l < "$tmp/c"`
if test "$n" -ge 90; then ok "the C headers list $n entries"
else fail "the C headers list $n entries, expected at least 90"; fi
compare_files "contract.py and the C headers agree" "$tmp/c" "$tmp/py"

# The drift: ompt_state_wait_lock one higher in a copy of contract.py.
sed 's/"ompt_state_wait_lock": /"ompt_state_wait_lock": 1 + /' "$module" \
  > "$tmp/drift.py"
if cmp -s "$module" "$tmp/drift.py"; then
  fail "a drifted copy of $module could be made"
fi
$py "$srcdir/tests/ompd/contract-dump.py" "$tmp/drift.py" | sort \
  > "$tmp/drift" || hard_error "contract-dump.py failed on the drift"
if diff "$tmp/c" "$tmp/drift" > "$tmp/diff"; then
  fail "a drifted contract.py is told apart"
else
  expect_lines 2 'STATES ompt_state_wait_lock' "$tmp/diff" \
    "the drift is reported as ompt_state_wait_lock"
fi
finish
