#!/bin/sh
# mpi.sh -- a hybrid MPI+OpenMP program (tests/cli/hybrid.c) under Open
# MPI's mpirun, 4 ranks of 4 OpenMP threads, thread 3 of rank 2 stuck in
# exchange_halo: `ompdbg snapshot` of the ranks (given out of order:
# their ranks come from their environment) and `ompdbg merge`, and
# `ompdbg stacks --merge`, each give one tree in which rank 2 thread 3
# stands alone in exchange_halo and every other thread is accounted for;
# so do snapshots that mpirun starts, as on a cluster one per node
# (`mpirun -np 2 ompdbg snapshot`, each of the 2 taking 2 of the ranks
# as a node's agent takes the ranks of its node), merged.
# Exit 0 pass, 1 fail, 77 when mpicc or mpirun is not installed.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

runtime=${OMPDBG_OURS_DIR:?OMPDBG_OURS_DIR not set}
libompd=$PWD/libompd/.libs/libompd.so
require_built corefiles/ompdbg-inspect "$libompd" ./ompdbg
command -v mpicc > /dev/null 2>&1 || skip "mpicc not found (Debian: libopenmpi-dev)"
command -v mpirun > /dev/null 2>&1 || skip "mpirun not found (Debian: openmpi-bin)"
py3=/usr/bin/python3
schema=$srcdir/docs/ompdbg-json.schema.json
work=`make_tempdir`

check "mpicc -fopenmp hybrid.c" mpicc -fopenmp -g -O1 \
  "$srcdir/tests/cli/hybrid.c" -o "$work/hybrid" || finish
# Root may run mpirun only when told so; 4 ranks on fewer cores need
# --oversubscribe.  The ranks (not mpirun) get our runtime.
root=
[ "`id -u`" = 0 ] && root=--allow-run-as-root
timeout -k 5 "$test_timeout" mpirun $root --oversubscribe -np 4 \
  -x OMP_NUM_THREADS=4 -x OMP_WAIT_POLICY=passive \
  -x LD_LIBRARY_PATH="$runtime" -x OMPDBG_LIBOMPD="$libompd" \
  "$work/hybrid" "$work" 2 3 > "$work/mpirun.log" 2>&1 &
mpirun_pid=$!
kill_on_exit $mpirun_pid
i=0
while [ "`cat "$work"/rank.* 2>/dev/null | grep -c '^ready'`" -lt 4 ]; do
  i=$((i + 1))
  if [ $i -gt 1200 ] || ! kill -0 $mpirun_pid 2>/dev/null; then
    cat "$work/mpirun.log"
    fail "the 4 ranks did not get ready"
    finish
  fi
  sleep 0.1
done
for r in 0 1 2 3; do
  eval pid$r=`sed -n 's/^pid //p' "$work/rank.$r"`
  eval kill_on_exit \$pid$r
done
sleep 0.5
echo "ranks: $pid0 $pid1 $pid2 $pid3"

check "ompdbg snapshot of the 4 ranks (given as 3 1 0 2)" \
  ./ompdbg snapshot --json -o "$work/host.json" $pid3 $pid1 $pid0 $pid2
check_to "$work/merge.txt" "ompdbg merge" ./ompdbg merge "$work/host.json"
cat "$work/merge.txt"
check_to "$work/merge.json" "ompdbg merge --json" \
  ./ompdbg merge --json "$work/host.json"
check "the merged snapshot points at rank 2 thread 3" $py3 \
  "$srcdir/tests/cli/check-merge.py" "$work/merge.json" "$work/merge.txt" \
  4 4 2 3 exchange_halo
check_to "$work/stacks.txt" "ompdbg stacks --merge of the 4 ranks" \
  ./ompdbg stacks --merge $pid2 $pid0 $pid3 $pid1
check_to "$work/stacks.json" "ompdbg stacks --merge --json" \
  ./ompdbg stacks --merge --json $pid2 $pid0 $pid3 $pid1
check "stacks --merge points at rank 2 thread 3" $py3 \
  "$srcdir/tests/cli/check-merge.py" "$work/stacks.json" "$work/stacks.txt" \
  4 4 2 3 exchange_halo
# The snapshots started by the launcher: instance K (its
# OMPI_COMM_WORLD_RANK) writes snap.K.json of the ranks in pids.K.
echo "$pid0 $pid1" > "$work/pids.0"
echo "$pid2 $pid3" > "$work/pids.1"
check "mpirun -np 2 ompdbg snapshot --json, 2 ranks each" \
  timeout -k 5 "$test_timeout" mpirun $root --oversubscribe -np 2 \
  sh -c 'exec "$1" snapshot --json -o "$2/snap.$OMPI_COMM_WORLD_RANK.json" \
    `cat "$2/pids.$OMPI_COMM_WORLD_RANK"`' sh "$PWD/ompdbg" "$work"
check "each instance wrote its snapshot" \
  test -s "$work/snap.0.json" -a -s "$work/snap.1.json"
check_to "$work/nodes.txt" "ompdbg merge of the 2 snapshots" \
  ./ompdbg merge "$work/snap.0.json" "$work/snap.1.json"
cat "$work/nodes.txt"
check_to "$work/nodes.json" "ompdbg merge --json of the 2 snapshots" \
  ./ompdbg merge --json "$work/snap.1.json" "$work/snap.0.json"
check "the merged snapshots point at rank 2 thread 3" $py3 \
  "$srcdir/tests/cli/check-merge.py" "$work/nodes.json" "$work/nodes.txt" \
  4 4 2 3 exchange_halo
check "every document valid (docs/json.md)" $py3 \
  "$srcdir/tests/cli/json-check.py" "$schema" "$work/host.json" \
  "$work/merge.json" "$work/stacks.json" "$work/snap.0.json" \
  "$work/snap.1.json" "$work/nodes.json"
kill $mpirun_pid $pid0 $pid1 $pid2 $pid3 2>/dev/null
finish
