#!/bin/sh
# api.sh -- tests/collector/api on our runtime: __omp_collector_api
# against the program's own ground truth, on 4 threads, with waits both
# spinning and sleeping.
. "${0%/*}/../lib/test-subr.sh"

prog=tests/collector/api
require_built "$prog"
dir=`runtime_dir ours`
check_loader "$dir" "$prog" || hard_error "the loader does not pick our runtime"
for policy in active passive; do
  OMP_WAIT_POLICY=$policy run_on ours "$prog" > "$test_tmpbase/out" 2>&1
  rc=$?
  tail -1 "$test_tmpbase/out"
  if test $rc -eq 0; then ok "api, OMP_WAIT_POLICY=$policy"
  else cat "$test_tmpbase/out"; fail "api, OMP_WAIT_POLICY=$policy (exit $rc)"; fi
done
finish
