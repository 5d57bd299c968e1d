#!/bin/sh
# report-edges.sh -- `ompdbg report' on profiles at the edges:
#   many      100000 samples, each with a call stack of its own, at
#             20000 distinct source lines (a generated program's lines,
#             synth-profile.py): the report lists them all, in a bounded
#             time (30 s; lookups linear in the rows take minutes)
#   svg       the same profile's --svg and --flame pictures are XML
#             and at most 1 MB (a rectangle per sample or per stack
#             made 12 MB and 22 MB)
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
