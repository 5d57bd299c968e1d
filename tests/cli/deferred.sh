#!/bin/sh
# deferred.sh -- the deferred tasks of `ompdbg tasks' (the tasks no
# thread has started): on scenes of tests/gdb/scenes (deps: a task
# waiting for a running or queued one; deferred12: each task listed;
# deferred200: the summary, --limit 5, --all), live and on a gcore core,
# the lines of gdb's `ompd tasks' for the same options, and right about
# what the program reported of its tasks (tests/cli/check-deferred.py);
# wrong options refused.
# Exit 0 pass, 1 fail, 77 when gdb or ptrace is unavailable.
set -u
. "${srcdir:-.}/tests/lib/test-subr.sh"

require_frontends
py3=/usr/bin/python3
work=`make_tempdir`

# both DIR TARGET...: `ompdbg tasks' and `ompd tasks' with each variant's
# options on TARGET, into DIR/ompdbg-VARIANT and DIR/gdb-VARIANT.
both () {
  dir=$1; shift
  mkdir -p "$dir"
  for v in default:"" limit5:"--limit 5" all:--all nodef:--no-deferred; do
    name=${v%%:*}
    bounded "$inspect" tasks ${v#*:} "$@" > "$dir/ompdbg-$name" \
      2> "$dir/ompdbg-$name.err" \
      || fail "$dir: ompdbg tasks ${v#*:} exit $? (`cat "$dir/ompdbg-$name.err"`)"
  done
  if [ $# -eq 1 ]; then set -- -p "$1"; fi
  bounded $GDB -nx -q -batch -ex 'set sysroot /' -x "$plugin" \
    -ex 'echo @@default\n' -ex 'ompd tasks' \
    -ex 'echo @@limit5\n' -ex 'ompd tasks --limit 5' \
    -ex 'echo @@all\n' -ex 'ompd tasks --all' \
    -ex 'echo @@nodef\n' -ex 'ompd tasks --no-deferred' \
    -ex 'echo @@end\n' "$@" > "$dir/gdb.out" 2>&1
  skip_if_untraceable "$dir/gdb.out"
  for name in default limit5 all nodef; do
    sed -n "/^@@$name\$/,/^@@/p" "$dir/gdb.out" | sed '1d;$d' \
      | grep -v '^\[Inferior' > "$dir/gdb-$name"
  done
}

for scene in deps deferred12 deferred200; do
  run_scene "$prog" "$scene" "$work" || continue
  both "$work/$scene-live" "$pid"
  gcore -o "$work/$scene.core" "$pid" > "$work/$scene.gcore.log" 2>&1
  core=$work/$scene.core.$pid
  kill -9 "$pid" 2>/dev/null
  wait 2>/dev/null
  if [ -f "$core" ]; then
    both "$work/$scene-core" "$prog" "$core"
  else
    fail "$scene: gcore wrote no core"
  fi
  for d in "$scene-live" "$scene-core"; do
    [ -d "$work/$d" ] || continue
    echo "== $d"
    check "$d: the deferred tasks, as gdb lists them and the program made" \
      $py3 "$srcdir/tests/cli/check-deferred.py" "$scene" \
      "$work/$scene.truth" "$work/$d"
  done
  if [ "$scene" = deferred12 ] && [ -f "$core" ]; then
    for args in "--all --limit=3:exclude each other" \
		"--no-deferred --all:--no-deferred" \
		"--limit=:must be a number" "--limit x:must be a number" \
		"--limit=-1:0 or more"; do
      "$inspect" tasks ${args%%:*} "$prog" "$core" > "$work/refused.out" \
	2>&1
      rc=$?
      check "ompdbg tasks ${args%%:*} is refused (${args#*:})" \
	test $rc = 2 -a -n "`grep -F -- "${args#*:}" "$work/refused.out"`"
    done
  fi
  rm -f "$core"
done

finish
