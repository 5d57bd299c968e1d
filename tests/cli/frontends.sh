#!/bin/sh
# frontends.sh -- the OpenMP view without gdb (`ompdbg threads`, `tasks`,
# `parallel`, `stacks`) is the gdb plugin's (`ompd threads`, `tasks`,
# `parallel`, `bt --all`): both front ends, with --json, on the same
# process and on its gcore core, for scenes of tests/gdb/scenes (a team,
# nested teams, explicit tasks, a lock wait, a critical wait, a member
# held in a signal handler before it begins its implicit task), and
# for a process stopped inside pthread_create, the thread it creates
# registered by the runtime and not made yet; their
# documents (and those of `ompd info` and `ompd icvs --json`) valid under
# the schema of docs/json.md, equal row for row
# (tests/cli/compare.py), and ompdbg's right about what the program
# reported of itself (thread ids, OpenMP numbers, levels, the code each
# thread runs, stacks down to main).
# Exit 0 pass, 1 fail, 77 when gdb or ptrace is unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

require_frontends
py3=/usr/bin/python3
schema=$srcdir/docs/ompdbg-json.schema.json
work=`make_tempdir`

# both DIR TARGET...: the four views of each front end on TARGET into DIR.
both () {
  dir=$1; shift
  mkdir -p "$dir"
  for v in threads parallel tasks stacks; do
    bounded "$inspect" "$v" --json "$@" > "$dir/$v.json" 2> "$dir/$v.err" \
      || fail "$dir: ompdbg $v exit $? (`cat "$dir/$v.err"`)"
  done
  if [ $# -eq 1 ]; then set -- -p "$1"; fi
  bounded $GDB -nx -q -batch -ex 'set sysroot /' -x "$plugin" \
    -ex 'ompd threads --json' -ex 'ompd parallel --json' \
    -ex 'ompd tasks --json' -ex 'ompd bt --all --json' \
    -ex 'ompd info --json' -ex 'ompd icvs --json' "$@" \
    > "$dir/gdb.out" 2>&1
  skip_if_untraceable "$dir/gdb.out"
}

for scene in parallel nested task lock critical unstarted; do
  run_scene "$prog" "$scene" "$work" || continue
  both "$work/$scene-live" "$pid"
  gcore -o "$work/$scene.core" "$pid" > "$work/$scene.gcore.log" 2>&1
  core=$work/$scene.core.$pid
  kill -9 "$pid" 2>/dev/null
  wait 2>/dev/null
  for d in "$scene-live" "$scene-core"; do
    if [ "$d" = "$scene-core" ]; then
      [ -f "$core" ] || { fail "$scene: gcore wrote no core"; continue; }
      both "$work/$d" "$prog" "$core"
    fi
    echo "== $d"
    cat "$work/$d/gdb.out" | grep -v '^{' | head -5
    check "$d: every document valid (docs/json.md)" $py3 \
      "$srcdir/tests/cli/json-check.py" "$schema" "$work/$d/gdb.out" \
      "$work/$d"/*.json
    check "$d: gdb and ompdbg agree, and with the program" $py3 \
      "$srcdir/tests/cli/compare.py" "$work/$d/gdb.out" "$work/$d" \
      "$work/$scene.truth"
  done
  rm -f "$core"
done

# A thread being created: gdb stops the program at its first
# pthread_create (the runtime's, for a pool thread), leaves it stopped
# (SIGSTOP) and detaches; gdb stays until the test is done (the file
# $released), so that the stopped process is not orphaned (which would
# continue it).
truth=$work/creating.truth
released=$work/creating.done
cat > "$work/creating-wait.py" <<EOF
import os, time
while not os.path.exists("$released"):
    time.sleep(0.1)
EOF
timeout -k 10 "$test_timeout" \
  env OMPDBG_LIBOMPD="$libompd" LD_LIBRARY_PATH="$OMPDBG_OURS_DIR" \
  $GDB -nx -q -batch -ex 'set sysroot /' \
  -ex 'set breakpoint pending on' -ex 'break pthread_create' -ex run \
  -ex 'python import os; os.kill(gdb.selected_inferior().pid, 19)' \
  -ex detach -x "$work/creating-wait.py" \
  --args "$prog" parallel "$truth" > "$work/creating.gdb" 2>&1 &
holder=$!
kill_on_exit $holder
pid=
i=0
until [ -n "$pid" ] && grep -q '^State:.*T' "/proc/$pid/status" 2>/dev/null
do
  i=$((i + 1))
  if [ $i -gt 600 ]; then break; fi
  sleep 0.1
  pid=`sed -n 's/^main tid=\([0-9]*\).*/\1/p' "$truth" 2>/dev/null`
done
if ! grep -q 'start_routine=.*<worker_main>' "$work/creating.gdb"; then
  cat "$work/creating.gdb"
  fail "creating: the program did not stop in the runtime's pthread_create"
elif [ $i -gt 600 ]; then
  fail "creating: the program did not stop"
else
  kill_on_exit "$pid"
  # The test's own truth: one pool thread is being created.
  echo "creating count=1" >> "$truth"
  both "$work/creating-live" "$pid"
  gcore -o "$work/creating.core" "$pid" > "$work/creating.gcore.log" 2>&1
  kill -9 "$pid" 2>/dev/null
  both "$work/creating-core" "$prog" "$work/creating.core.$pid"
  for d in creating-live creating-core; do
    check "$d: every document valid (docs/json.md)" $py3 \
      "$srcdir/tests/cli/json-check.py" "$schema" "$work/$d/gdb.out" \
      "$work/$d"/*.json
    check "$d: gdb and ompdbg agree, and with the test" $py3 \
      "$srcdir/tests/cli/compare.py" "$work/$d/gdb.out" "$work/$d" "$truth"
  done
  rm -f "$work/creating.core.$pid"
fi
touch "$released"
wait 2>/dev/null

finish
