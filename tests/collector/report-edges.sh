#!/bin/sh
# report-edges.sh -- `ompdbg report' on profiles at the edges:
#   many      100000 samples, each with a call stack of its own, at
#             20000 distinct source lines (a generated program's lines,
#             synth-profile.py): the report lists them all, in a bounded
#             time (30 s; lookups linear in the rows take minutes)
#   svg       the same profile's --svg and --flame pictures are XML
#             and at most 1 MB (a rectangle per sample or per stack
#             made 12 MB and 22 MB)
#   states    a program without OpenMP, and an OpenMP program on the
#             system's libgomp (no collector interface): the report
#             says which, and counts their samples as neither work nor
#             wait
#   c++       a C++ program's functions by their C++ names, as
#             written (ns::Work<int>::run(int)), not mangled
#   usage     a profile that cannot be written stops `ompdbg profile'
#             before the program runs; --lines and --stacks take numbers
#   damaged   a real profile with bytes changed at random (100 seeds),
#             cut short (every 100 bytes), empty: the report exits 0, or
#             1 with a message, never on a signal
. "${0%/*}/../lib/test-subr.sh"

src=${srcdir:-.}/tests/collector
ompdbg=./ompdbg
test -x "$ompdbg" || hard_error "$ompdbg is not built"
test -f profiler/.libs/ompdbg-collector.so || skip "the profiler is not built (no libunwind)"
py3=/usr/bin/python3
test -x $py3 || skip "no $py3 to write the profiles"
require_tool nm
tmp=`make_tempdir`

# A program of 20000 lines in one parallel region, and its profile:
# the maps and the region the synthetic samples need.
$py3 - "$tmp/lines.c" <<'PY' || hard_error "cannot write lines.c"
import sys
with open(sys.argv[1], 'w') as f:
    f.write('volatile long v;\nint main (void)\n{\n#pragma omp parallel\n{\n')
    for i in range(20000):
        f.write('v = v * 3 + %d;\n' % i)
    f.write('}\nreturn 0;\n}\n')
PY
${CC:-gcc} -fopenmp -O0 -g "$tmp/lines.c" -o "$tmp/lines" \
  || hard_error "cannot build lines.c"
check "lines: ompdbg profile" $ompdbg profile -o "$tmp/lines.prof" "$tmp/lines"
fn=`nm -S "$tmp/lines" | awk '/ main\._omp_fn\.0$/ { print $1, $2 }'`
test -n "$fn" || hard_error "no main._omp_fn.0 in lines"
$py3 "$src/synth-profile.py" many "$tmp/lines.prof" "$tmp/lines" $fn 100000 \
  "$tmp/many.prof" || hard_error "cannot write many.prof"

check_to "$tmp/many.report" "many: ompdbg report within 30 s" \
  timeout 30 $ompdbg report --lines 3 --stacks 2 "$tmp/many.prof"
expect_lines 1 '^100000 samples of ' "$tmp/many.report" \
  "many: every sample read"
sed -n '/^Source lines/,/^$/p' "$tmp/many.report"
n=`sed -n '/^Source lines/,/^$/s/^(\([0-9]*\) more)$/\1/p' "$tmp/many.report"`
if test -n "$n" && test "$n" -ge 19997; then
  ok "many: every source line ($n more than the 3 shown)"
else
  fail "many: '$n' source lines more than the 3 shown, 19997 expected"
fi
expect_lines 1 '^Call stacks \(the 2 heaviest of 100000;' "$tmp/many.report" \
  "many: 100000 call stacks"
check "svg: ompdbg report --svg --flame" $ompdbg report --stacks 0 \
  --svg "$tmp/many.svg" --flame "$tmp/many.flame.svg" "$tmp/many.prof"
for f in many.svg many.flame.svg; do
  check "svg: $f is XML" $py3 -c \
    'import sys, xml.etree.ElementTree as e; e.parse (sys.argv[1])' "$tmp/$f"
  n=`wc -c < "$tmp/$f"`
  test "$n" -le 1000000 && ok "svg: $f has $n bytes" \
    || fail "svg: $f has $n bytes, more than 1 MB"
done

# No OpenMP states: a program without OpenMP, an OpenMP program on the
# system's libgomp (the launcher run with that runtime).
cat > "$tmp/spin.c" <<'EOF'
#include <time.h>
int
main (void)
{
  volatile double x = 0;
  while (clock () < CLOCKS_PER_SEC / 4)
    for (int i = 0; i < 10000; i++)
      x += i;
#pragma omp parallel
  x += 1;
  return x < 0;
}
EOF
${CC:-gcc} -O1 -g "$tmp/spin.c" -o "$tmp/spin-plain" \
  && ${CC:-gcc} -fopenmp -O1 -g "$tmp/spin.c" -o "$tmp/spin-omp" \
  || hard_error "cannot build spin.c"
check "states: profile of a program without OpenMP" \
  $ompdbg profile -o "$tmp/plain.prof" "$tmp/spin-plain"
check "states: profile on the system's libgomp" env \
  OMPDBG_RUNTIME_DIR=`runtime_dir gomp` \
  OMPDBG_COLLECTOR=profiler/.libs/ompdbg-collector.so \
  profiler/ompdbg-profile -o "$tmp/gomp.prof" "$tmp/spin-omp"
for p in plain gomp; do
  $ompdbg report --stacks 0 "$tmp/$p.prof" > "$tmp/$p.report" 2>&1
  sed -n 1,5p "$tmp/$p.report"
  expect_lines 1 '^OpenMP Work 0\.000 s, OpenMP Wait 0\.000 s, no state 0\.[0-9]+ s$' \
    "$tmp/$p.report" "states: $p: samples neither work nor wait"
done
expect_lines 1 '^The program loaded no OpenMP runtime' "$tmp/plain.report" \
  "states: plain: no OpenMP runtime"
expect_lines 1 "^The program ran on `runtime_dir gomp`/libgomp\.so\.1.*, which has no collector interface" \
  "$tmp/gomp.report" "states: gomp: the runtime named"

# A C++ program: its region's code is in a member function of a class
# template in a namespace.
cat > "$tmp/cxx.cc" <<'EOF'
#include <ctime>
namespace ns
{
template <class T> struct Work
{
  static T __attribute__ ((noinline)) run (T n)
  {
    T s = 0;
#pragma omp parallel reduction (+:s)
    while (std::clock () < CLOCKS_PER_SEC / 4)
      for (T i = 0; i < n; i++)
	s += i % 7;
    return s;
  }
};
}
int
main ()
{
  return ns::Work<int>::run (10000) < 0;
}
EOF
if ${CXX:-g++} -fopenmp -O1 -g "$tmp/cxx.cc" -o "$tmp/cxx" 2> /dev/null; then
  check "c++: ompdbg profile" $ompdbg profile -o "$tmp/cxx.prof" "$tmp/cxx"
  $ompdbg report --stacks 1 "$tmp/cxx.prof" > "$tmp/cxx.report" 2>&1
  sed -n '/^Source lines/,/^$/p' "$tmp/cxx.report"
  expect_lines 1 '^cxx\.cc:[0-9]+ \(in ns::Work<int>::run\(int\)\) ' \
    "$tmp/cxx.report" "c++: the region's lines in ns::Work<int>::run(int)"
  expect_no_match '_ZN' "$tmp/cxx.report" "c++: no mangled name"
else
  echo "no C++ compiler with OpenMP: no C++ checks"
fi

# Usage errors.
$ompdbg profile -o "$tmp/no/such/dir/x.prof" "$tmp/spin-plain" \
  > "$tmp/usage.out" 2>&1
rc=$?
cat "$tmp/usage.out"
test $rc -eq 2 && ok "usage: an unwritable profile: exit 2" \
  || fail "usage: an unwritable profile: exit $rc, 2 expected"
expect_lines 1 "^ompdbg profile: cannot write the profile $tmp/no/such/dir/x\\.prof\$" \
  "$tmp/usage.out" "usage: an unwritable profile named"
for opt in --lines --stacks; do
  for v in abc -1 3x; do
    $ompdbg report $opt $v "$tmp/plain.prof" > /dev/null 2>&1
    rc=$?
    test $rc -eq 2 && ok "usage: $opt $v: exit 2" \
      || fail "usage: $opt $v: exit $rc, 2 expected"
  done
done

# report_ends WHAT PROFILE: ompdbg report on PROFILE exits 0, or 1 with
# a message.
report_ends () {
  bounded $ompdbg report --svg "$tmp/d.svg" --flame "$tmp/d.flame.svg" \
    "$2" > "$tmp/d.out" 2> "$tmp/d.err"
  re_rc=$?
  if test $re_rc -eq 0 || { test $re_rc -eq 1 && test -s "$tmp/d.err"; }; then
    ok "$1: exit $re_rc"
  else
    fail "$1: exit $re_rc"
    head -5 "$tmp/d.err"
  fi
}
for seed in `seq 1 100`; do
  $py3 "$src/synth-profile.py" damage "$tmp/lines.prof" "$tmp/damaged.prof" \
    $seed || hard_error "cannot write damaged.prof"
  report_ends "damaged $seed" "$tmp/damaged.prof"
done
size=`wc -c < "$tmp/lines.prof"`
cut=0
while test $cut -lt $size; do
  head -c $cut "$tmp/lines.prof" > "$tmp/cut.prof"
  report_ends "cut at $cut" "$tmp/cut.prof"
  cut=`expr $cut + 100`
done
finish
