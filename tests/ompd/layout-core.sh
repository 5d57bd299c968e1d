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

gdb=${GDB:-gdb}
prog=tests/runtime/parallel
check=tests/ompd/layout-core
ours=$OMPDBG_OURS_DIR

if ! $gdb --version >/dev/null 2>&1; then
  echo "layout-core.sh: $gdb not found; skipping"
  exit 77
fi
if test ! -x "$prog" || test ! -x "$check" || test ! -f "$ours/libgomp.so.1"
then
  echo "layout-core.sh: $prog, $check or $ours/libgomp.so.1 is not built" >&2
  exit 99
fi
for v in `env | sed -n 's/^\(G*OMP_[A-Za-z0-9_]*\)=.*/\1/p'`; do
  unset "$v"
done

tmp=${TMPDIR:-/tmp}/ompdbg-layout-core.$$
trap 'rm -f "$tmp".*' 0 1 2 15

cat > "$tmp.gdb" <<EOF2
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
gcore $tmp.core
kill
EOF2
timeout -k 10 120 $gdb -nx -batch -x "$tmp.gdb" "$prog" > "$tmp.out" 2>&1
if grep -q "ptrace: Operation not permitted\|Could not trace" "$tmp.out"; then
  echo "layout-core.sh: gdb may not trace processes here; skipping" >&2
  exit 77
fi
if grep -q "Can't create a corefile\|gcore.*not supported" "$tmp.out"; then
  echo "layout-core.sh: gdb cannot write a core here; skipping" >&2
  cat "$tmp.out"
  exit 77
fi
addr=`sed -n 's/^LAYOUT \(0x[0-9a-f]*\)$/\1/p' "$tmp.out"`
if test -z "$addr" || test ! -s "$tmp.core"; then
  echo "layout-core.sh: gdb did not stop in the runtime or wrote no core:" >&2
  cat "$tmp.out" >&2
  exit 1
fi
if ! grep -q "$ours/libgomp.so.1" "$tmp.out"; then
  echo "layout-core.sh: the program did not run on $ours/libgomp.so.1:" >&2
  cat "$tmp.out" >&2
  exit 1
fi
echo "ompdbg_layout at $addr; core `wc -c < "$tmp.core"` bytes"
$check "$tmp.core" "$addr" "$ours/libgomp.so.1"
