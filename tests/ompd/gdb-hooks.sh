#!/bin/sh
# gdb-hooks.sh -- the OMPD breakpoint functions of our runtime are called
# at the right events, exactly as often as expected, and only when the
# enable flag is set: tests/runtime/ompd-hooks `workload` runs under gdb
# with a counting breakpoint on each hook, the way an OMPD debugger uses
# them, in three set-ups:
#   enabled  OMP_DEBUG=enabled
#   written  no OMP_DEBUG; gdb stops in ompd_dll_locations_valid and writes
#            1 to ompdbg_bp_enabled (a debugger attaching to a live
#            process switches the hooks on like this)
#   off      no OMP_DEBUG: no hook but ompd_dll_locations_valid is passed
# Skipped (77) without gdb or where gdb may not trace a child.
#
# Environment (from tests/local.mk): OMPDBG_OURS_DIR; GDB (default gdb).

. "${0%/*}/../lib/test-subr.sh"

prog=tests/runtime/ompd-hooks
ours=$OMPDBG_OURS_DIR
require_built "$prog" "$ours/libgomp.so.1"
require_gdb

hooks="ompd_dll_locations_valid ompd_bp_parallel_begin ompd_bp_parallel_end
ompd_bp_task_begin ompd_bp_task_end ompd_bp_thread_begin ompd_bp_thread_end
ompd_bp_device_begin ompd_bp_device_end"

tmp=`make_tempdir`/hooks

# run_gdb MODE: prints "HOOK COUNT" lines for every hook.
run_gdb () {
  {
    echo "set pagination off"
    echo "set confirm off"
    echo "set breakpoint pending on"
    echo "set startup-with-shell off"
    echo "set environment LD_LIBRARY_PATH=$ours"
    echo "set environment OMP_NUM_THREADS=4"
    if test "$1" = enabled; then
      echo "set environment OMP_DEBUG=enabled"
    else
      echo "unset environment OMP_DEBUG"
    fi
    for h in $hooks; do
      echo "set \$n_$h = 0"
      echo "break $h"
      echo "commands"
      echo "silent"
      echo "set \$n_$h = \$n_$h + 1"
      if test "$1" = written && test $h = ompd_dll_locations_valid; then
	# No debug info for the runtime: the flag is written as an int.
	echo "set var *(int *) &ompdbg_bp_enabled = 1"
      fi
      echo "continue"
      echo "end"
    done
    echo "run workload"
    for h in $hooks; do
      # printf, not echo: dash's echo would expand the \n.
      printf 'printf "COUNT %s %%d\\n", $n_%s\n' $h $h
    done
  } > "$tmp.gdb"
  bounded $GDB -nx -batch -x "$tmp.gdb" "$prog" > "$tmp.out" 2>&1
  sed -n 's/^COUNT //p' "$tmp.out"
}

# Expected counts (see workload() in tests/runtime/ompd-hooks.c): 3
# regions; 6 implicit + 7 explicit tasks; initial thread + 2 pool
# threads, of which only the initial thread ends (at exit); no device.
expect_on="ompd_dll_locations_valid 1
ompd_bp_parallel_begin 3
ompd_bp_parallel_end 3
ompd_bp_task_begin 13
ompd_bp_task_end 13
ompd_bp_thread_begin 3
ompd_bp_thread_end 1
ompd_bp_device_begin 0
ompd_bp_device_end 0"
expect_off="ompd_dll_locations_valid 1
ompd_bp_parallel_begin 0
ompd_bp_parallel_end 0
ompd_bp_task_begin 0
ompd_bp_task_end 0
ompd_bp_thread_begin 0
ompd_bp_thread_end 0
ompd_bp_device_begin 0
ompd_bp_device_end 0"

for mode in enabled written off; do
  if test $mode = off; then want=$expect_off; else want=$expect_on; fi
  got=`run_gdb $mode`
  skip_if_untraceable "$tmp.out"
  compare_output "$mode: hook counts" "$want" echo "$got"
  if grep -q "workload done 1" "$tmp.out"; then
    ok "$mode: the workload completed under gdb"
  else
    fail "$mode: the workload did not complete under gdb:"
    cat "$tmp.out"
  fi
done
finish
