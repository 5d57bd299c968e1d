#!/bin/sh
# layout-core.sh -- the runtime's layout table is in a core file: gdb runs
# tests/runtime/parallel on our runtime, stops it in the OMPD hook of its
# first parallel region (OMP_DEBUG=enabled), prints the address of
# ompdbg_layout and dumps a core with gcore, which leaves out unwritten
# file-backed pages as the kernel does (coredump_filter); then
# tests/ompd/layout-core reads the table back from the core alone and
# compares it with the built library's (see layout-core.c).
# Skipped (77) without gdb or where gdb may not trace a child.
#
# Environment (from tests/local.mk): OMPDBG_OURS_DIR; GDB (default gdb).

. "${0%/*}/../lib/test-subr.sh"

prog=tests/runtime/parallel
checker=tests/ompd/layout-core
ours=$OMPDBG_OURS_DIR
require_built "$prog" "$checker" "$ours/libgomp.so.1"
require_gdb

tmp=`make_tempdir`
cat > "$tmp/gdb" <<EOF2
set pagination off
set confirm off
set breakpoint pending on
set startup-with-shell off
set environment LD_LIBRARY_PATH=$ours
set environment OMP_NUM_THREADS=2
set environment OMP_DEBUG=enabled
break ompd_bp_parallel_begin
run
printf "LAYOUT %#lx\n", (long) &ompdbg_layout
info sharedlibrary libgomp
gcore $tmp/core
kill
EOF2
bounded $GDB -nx -batch -x "$tmp/gdb" "$prog" > "$tmp/out" 2>&1
skip_if_untraceable "$tmp/out"
if grep -q "Can't create a corefile\|gcore.*not supported" "$tmp/out"; then
  cat "$tmp/out"
  skip "gdb cannot write a core here"
fi
addr=`sed -n 's/^LAYOUT \(0x[0-9a-f]*\)$/\1/p' "$tmp/out"`
if test -z "$addr" || test ! -s "$tmp/core"; then
  cat "$tmp/out"
  fail "gdb did not stop in the runtime or wrote no core"
  finish
fi
ok "ompdbg_layout at $addr; core `wc -c < "$tmp/core"` bytes"
if grep -q "$ours/libgomp.so.1" "$tmp/out"; then
  ok "the program ran on $ours/libgomp.so.1"
else
  cat "$tmp/out"
  fail "the program did not run on $ours/libgomp.so.1"
fi
check "the table read back from the core" \
  "$checker" "$tmp/core" "$addr" "$ours/libgomp.so.1"
finish
