#!/bin/sh
# run-bench.sh -- run ompbench on several OpenMP runtimes and tabulate.
#
#   run-bench.sh [-b BIN] [-o FILE] [-r ROUNDS] [-n THREADS] [-t SECONDS]
#                NAME=LIBDIR... [-- OMPBENCH-ARGS...]
#
# Each NAME=LIBDIR is a runtime: LIBDIR holds the libgomp.so.1 to run BIN
# on (LD_LIBRARY_PATH=LIBDIR).  An empty LIBDIR means "not installed": its
# column is shown as n/a.  The runtimes are run in turn, ROUNDS times
# (A B C A B C ...), so that a drift of the machine touches them all alike.
# Every run must have mapped LIBDIR/libgomp.so.1 (after symlinks), which
# ompbench reports from /proc/self/maps; a run that mapped another one is
# rejected.
#
# For each runtime and construct the table shows the median over the rounds
# of the per-run medians, and the ratio of the first runtime to each other.
# The table (markdown) goes to stdout and to FILE; the raw outputs go to
# FILE's name with -raw inserted before the extension.
#
# Exit status: 0 when every runtime that has a LIBDIR ran cleanly, else 1
# (the table is still written).  POSIX sh and awk only.

set -u

bin=bench/ompbench
out=bench/results.txt
rounds=3
threads=2
limit=300

usage () {
  sed -n '3,5s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

while test $# -gt 0; do
  case $1 in
    -b) bin=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -r) rounds=$2; shift 2 ;;
    -n) threads=$2; shift 2 ;;
    -t) limit=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) break ;;
  esac
done

# Runtimes: names in rt_name_I, library directories in rt_dir_I.
nrt=0
while test $# -gt 0; do
  case $1 in
    --) shift; break ;;
    *=*) nrt=$((nrt + 1))
         eval "rt_name_$nrt=\${1%%=*}; rt_dir_$nrt=\${1#*=}"
         shift ;;
    *) usage ;;
  esac
done
test $nrt -gt 0 || usage
test -x "$bin" || { echo "run-bench.sh: $bin: not an executable" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ompbench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if command -v timeout >/dev/null 2>&1; then
  run_limited () { timeout "$limit" "$@"; }
else
  run_limited () { "$@"; }
fi

# Check each runtime: status ok, absent (no LIBDIR) or missing (no library).
i=1
while test $i -le $nrt; do
  eval "dir=\$rt_dir_$i"
  if test -z "$dir"; then
    st=absent; lib=
  elif test -e "$dir/libgomp.so.1"; then
    st=ok; lib=$(readlink -f "$dir/libgomp.so.1")
  else
    st=missing; lib=
  fi
  eval "rt_status_$i=\$st; rt_lib_$i=\$lib; rt_note_$i="
  i=$((i + 1))
done

failed=0
load0=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)
start=$(date +%s)
r=1
while test $r -le $rounds; do
  i=1
  while test $i -le $nrt; do
    eval "name=\$rt_name_$i; dir=\$rt_dir_$i; st=\$rt_status_$i; lib=\$rt_lib_$i"
    if test "$st" = ok; then
      t0=$(date +%s)
      printf 'run-bench: round %d/%d: %-8s ' "$r" "$rounds" "$name" >&2
      o=$tmp/$i.$r.out
      LD_LIBRARY_PATH=$dir OMP_NUM_THREADS=$threads \
        run_limited "$bin" "$@" >"$o" 2>"$tmp/$i.$r.err"
      rc=$?
      printf '%3d s' $(($(date +%s) - t0)) >&2
      # Which libgomp.so.1 did the process map?
      mapped=$(awk -F '\t' '$1 == "# libgomp" { print $2 }' "$o")
      bad=
      for m in $mapped; do
        test "$(readlink -f "$m" 2>/dev/null)" = "$lib" || bad="$bad $m"
      done
      test -n "$mapped" || bad=" (none reported)"
      if test -n "$bad"; then
        printf '  WRONG RUNTIME:%s\n' "$bad" >&2
        eval "rt_status_$i=wrong; rt_note_$i=\"mapped\$bad instead of \$lib\""
        rm -f "$o"
        failed=1
      elif test $rc -ne 0; then
        err=$(grep -v '^[[:space:]]*$' "$tmp/$i.$r.err" | head -n 1)
        printf '  FAILED (exit %d): %s\n' "$rc" "$err" >&2
        eval "rt_status_$i=failed; rt_note_$i=\"exit \$rc: \$err\""
        failed=1
      else
        printf '\n' >&2
      fi
      # Keep the raw output, the header lines and every complete row.
      if test -f "$o"; then
        { printf '## %s round %d exit %d\n' "$name" "$r" "$rc"
          cat "$o" "$tmp/$i.$r.err"; } >>"$tmp/raw"
        awk -F '\t' -v rt="$i" 'NF == 3 && $1 !~ /^#/ && $1 != "construct" \
          && $2 ~ /^-?[0-9.]+$/ && $3 ~ /^-?[0-9.]+$/ { print rt "\t" $0 }' \
          "$o" >>"$tmp/rows"
      fi
    fi
    i=$((i + 1))
  done
  r=$((r + 1))
done
elapsed=$(($(date +%s) - start))
load1=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)

# ---- the table --------------------------------------------------------
{
  echo "# OpenMP construct overheads, $threads threads"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //') ($(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs), $rounds rounds, ${elapsed} s; load average ${load0:-?} before, ${load1:-?} after (a busy machine inflates every number)."
  first=$(ls "$tmp"/*.out 2>/dev/null | head -n 1)
  if test -n "$first"; then
    awk -F '\t' '/^# (outer_reps|target_us|delay_us|sched)\t/ {
        sub(/^# /, ""); gsub(/\t/, " "); printf "%s%s", sep, $0; sep = "; " }
      END { if (sep) print "." }' "$first"
  fi
  echo
  i=1
  while test $i -le $nrt; do
    eval "name=\$rt_name_$i; dir=\$rt_dir_$i; st=\$rt_status_$i; lib=\$rt_lib_$i; note=\$rt_note_$i"
    case $st in
      ok) echo "- $name: $lib (checked in /proc/self/maps of every run)" ;;
      absent) echo "- $name: not installed" ;;
      missing) echo "- $name: no libgomp.so.1 in $dir"; failed=1 ;;
      wrong) echo "- $name: WRONG RUNTIME, $note" ;;
      failed) echo "- $name: $lib, FAILED ($note); rows it did print are shown" ;;
    esac
    i=$((i + 1))
  done
  echo
  i=1; names=
  while test $i -le $nrt; do
    eval "names=\"\$names \$rt_name_$i\""
    i=$((i + 1))
  done
  touch "$tmp/rows"
  awk -F '\t' -v names="$names" '
    function med(s,   a, n, i, j, t) {
      n = split(s, a, " ")
      for (i = 2; i <= n; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
          t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function num(v) {
      return v >= 100 || v <= -100 ? sprintf("%.1f", v) : sprintf("%.3f", v)
    }
    function ratio(a, b) {
      if (a == "" || b == "" || a + 0 < 0.05 || b + 0 < 0.05) return "-"
      return sprintf("%.2f", a / b)
    }
    {
      if (!($2 in seen)) { seen[$2] = 1; row[++nrow] = $2 }
      k = $1 SUBSEP $2
      vals[k] = vals[k] " " $3
    }
    END {
      nrt = split(names, rt, " ")
      ncol = 0
      head[++ncol] = "construct"
      for (i = 1; i <= nrt; i++) head[++ncol] = rt[i] " (us)"
      for (i = 2; i <= nrt; i++) head[++ncol] = rt[1] "/" rt[i]
      for (c = 1; c <= ncol; c++) w[c] = length(head[c])
      for (r = 1; r <= nrow; r++) {
        c = 1; cell[r, c] = row[r]
        for (i = 1; i <= nrt; i++) {
          k = i SUBSEP row[r]
          m[i] = (k in vals) ? med(vals[k]) : ""
          cell[r, ++c] = m[i] == "" ? "n/a" : num(m[i])
        }
        for (i = 2; i <= nrt; i++) cell[r, ++c] = ratio(m[1], m[i])
        for (c = 1; c <= ncol; c++)
          if (length(cell[r, c]) > w[c]) w[c] = length(cell[r, c])
      }
      line = "|"
      for (c = 1; c <= ncol; c++)
        line = line sprintf(c == 1 ? " %-*s |" : " %*s |", w[c], head[c])
      print line
      line = "|"
      for (c = 1; c <= ncol; c++) {
        dash = ""; for (j = 0; j < w[c]; j++) dash = dash "-"
        line = line (c == 1 ? " " dash " |" : " " substr(dash, 2) ": |")
      }
      print line
      for (r = 1; r <= nrow; r++) {
        line = "|"
        for (c = 1; c <= ncol; c++)
          line = line sprintf(c == 1 ? " %-*s |" : " %*s |", w[c], cell[r, c])
        print line
      }
      if (nrow == 0) print "| (no results) |"
    }' "$tmp/rows"
  echo
  echo "Median overhead in microseconds per construct instance (SCHED rows:"
  echo "per whole loop), median over the rounds of each run's median; ratios"
  echo "above 1 mean ours is slower; '-' where a value is under 0.05 us."
} >"$tmp/table"

cat "$tmp/table"
mkdir -p "$(dirname "$out")"
cp "$tmp/table" "$out"
case $out in
  *.*) raw=${out%.*}-raw.${out##*.} ;;
  *) raw=$out-raw ;;
esac
cp "$tmp/raw" "$raw" 2>/dev/null || : >"$raw"
echo "run-bench: table in $out, raw outputs in $raw (${elapsed} s)" >&2
exit $failed
