#!/bin/sh
# activation.sh -- how the runtime finds an OMPT tool (OpenMP 5.1
# §4.2-4.3, docs/ompt.md "Activation"), with tool libraries built here:
# none.so (no ompt_start_tool), null.so (returns NULL), yes.so (a tool,
# whose initializer and finalizer print), and a program that prints its
# thread count.  Each case checks what the tools print, the program's
# output, and the OMP_TOOL_VERBOSE_INIT log:
#   - OMP_TOOL_LIBRARIES=/missing:none:null:yes, relative paths among
#     them: each entry tried in order, each failure logged, yes started
#   - a missing library only: no tool, the program runs
#   - OMP_TOOL=disabled (any case, white space around): no tool; any
#     other value: libgomp's warning, and a tool is searched for
#   - OMP_TOOL_VERBOSE_INIT=stdout, stderr, a file, a file that cannot
#     be opened (the log on stderr, saying why)
. "${srcdir:-.}/tests/lib/test-subr.sh"

tmp=`make_tempdir`
ours=$OMPDBG_OURS_DIR
cat > "$tmp/none.c" <<'EOF2'
int no_tool_here (void) { return 0; }
EOF2
cat > "$tmp/null.c" <<'EOF2'
#include <stdio.h>
#include "libompd/omp-tools.h"
ompt_start_tool_result_t *
ompt_start_tool (unsigned int version, const char *runtime)
{
  (void) version; (void) runtime;
  printf ("null: start_tool\n");
  return NULL;
}
EOF2
cat > "$tmp/yes.c" <<'EOF2'
#include <stdio.h>
#include "libompd/omp-tools.h"
static int
init (ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void) data;
  printf ("yes: initialize, device %d, lookup %s\n", device,
	  lookup ("ompt_set_callback") ? "finds ompt_set_callback" : "fails");
  return 1;
}
static void
fini (ompt_data_t *data)
{
  (void) data;
  printf ("yes: finalize\n");
  fflush (stdout);
}
static ompt_start_tool_result_t result = { init, fini, { 0 } };
ompt_start_tool_result_t *
ompt_start_tool (unsigned int version, const char *runtime)
{
  (void) version;
  printf ("yes: start_tool from %s\n", runtime ? "a runtime" : "nowhere");
  return &result;
}
EOF2
cat > "$tmp/prog.c" <<'EOF2'
#include <omp.h>
#include <stdio.h>
int
main (void)
{
  int n = 0;
#pragma omp parallel num_threads (2) reduction (+:n)
  n++;
  printf ("prog: %d threads\n", n);
  fflush (stdout);
  return 0;
}
EOF2
for lib in none null yes; do
  $CC -shared -fPIC -I"$srcdir" "$tmp/$lib.c" -o "$tmp/$lib.so" \
    || hard_error "cannot build $lib.so"
done
$CC -fopenmp "$tmp/prog.c" -o "$tmp/prog" || hard_error "cannot build prog"

# run OUT VAR=VALUE...: the program on our runtime, in $tmp, its stdout
# in OUT.out, stderr in OUT.err.
run () {
  r_out=$1; shift
  (cd "$tmp" && env LD_LIBRARY_PATH="$ours" "$@" timeout "$test_timeout" \
     ./prog > "$r_out.out" 2> "$r_out.err")
  r_rc=$?
  test $r_rc -eq 0 && ok "$r_out: exit 0" || fail "$r_out: exit $r_rc"
  sed 's/^/  /' "$tmp/$r_out.out" "$tmp/$r_out.err"
}

# Every entry in turn: a missing file, one without ompt_start_tool, one
# whose ompt_start_tool declines, then a tool, two of them relative.
run order OMP_TOOL_VERBOSE_INIT=stdout \
  OMP_TOOL_LIBRARIES="$tmp/missing.so:./none.so:$tmp/null.so:./yes.so"
cat > "$tmp/order.want" <<EOF2
Opening $tmp/missing.so... failed: $tmp/missing.so: cannot open shared object file: No such file or directory.
Opening ./none.so... done.
Looking up ompt_start_tool in ./none.so... not found.
Opening $tmp/null.so... done.
Looking up ompt_start_tool in $tmp/null.so... found.
null: start_tool
ompt_start_tool returned NULL: no tool.
Opening ./yes.so... done.
Looking up ompt_start_tool in ./yes.so... found.
yes: start_tool from a runtime
ompt_start_tool returned a tool: the tool is started.
Calling the tool's initializer... yes: initialize, device 0, lookup finds ompt_set_callback
it returned nonzero: the tool is attached.
----- end of OMPT tool registration -----
prog: 2 threads
yes: finalize
EOF2
sed -n '/^Opening \/.*missing/,$p' "$tmp/order.out" > "$tmp/order.got"
compare_files "order: each library tried, logged" "$tmp/order.want" \
  "$tmp/order.got"

run missing OMP_TOOL_LIBRARIES="$tmp/missing.so"
compare_output "missing: the program alone" "prog: 2 threads" \
  cat "$tmp/missing.out"

for v in disabled DISABLED ' Disabled '; do
  run disabled OMP_TOOL="$v" OMP_TOOL_LIBRARIES=./yes.so \
    OMP_TOOL_VERBOSE_INIT=stderr
  compare_output "OMP_TOOL='$v': no tool" "prog: 2 threads" \
    cat "$tmp/disabled.out"
  expect_lines 1 '^OMP_TOOL=disabled: no tool is searched for\.$' \
    "$tmp/disabled.err" "OMP_TOOL='$v': logged"
done
for v in enabled ' ENABLED' ''; do
  run enabled OMP_TOOL="$v" OMP_TOOL_LIBRARIES=./yes.so
  expect_lines 1 '^yes: initialize' "$tmp/enabled.out" \
    "OMP_TOOL='$v': the tool started"
  expect_no_match 'Invalid value' "$tmp/enabled.err" \
    "OMP_TOOL='$v': no warning"
done
for v in disable off 'disabled x'; do
  run invalid OMP_TOOL="$v" OMP_TOOL_LIBRARIES=./yes.so
  expect_lines 1 '^libgomp: Invalid value for environment variable OMP_TOOL$' \
    "$tmp/invalid.err" "OMP_TOOL='$v': libgomp's warning"
  expect_lines 1 '^yes: initialize' "$tmp/invalid.out" \
    "OMP_TOOL='$v': enabled, the default"
done

# Where the log goes.
run stdout OMP_TOOL_VERBOSE_INIT=stdout OMP_TOOL_LIBRARIES=./yes.so
run stderr OMP_TOOL_VERBOSE_INIT=StdErr OMP_TOOL_LIBRARIES=./yes.so
run file OMP_TOOL_VERBOSE_INIT=log.txt OMP_TOOL_LIBRARIES=./yes.so
run unwritable OMP_TOOL_VERBOSE_INIT="$tmp/no/such/dir/log.txt" \
  OMP_TOOL_LIBRARIES=./yes.so
re='it returned nonzero: the tool is attached\.$'
expect_lines 1 "$re" "$tmp/stdout.out" "verbose stdout: on stdout"
expect_lines 1 "$re" "$tmp/stderr.err" "verbose StdErr: on stderr"
expect_no_match "$re" "$tmp/file.out" "verbose file: not on stdout"
expect_lines 1 "$re" "$tmp/log.txt" "verbose file: in the file"
expect_lines 1 "$re" "$tmp/unwritable.err" "verbose unwritable: on stderr"
expect_lines 1 "^OMP_TOOL_VERBOSE_INIT: cannot open $tmp/no/such/dir/log.txt \\(No such file or directory\\): logging to stderr\\.$" \
  "$tmp/unwritable.err" "verbose unwritable: says why"
finish
