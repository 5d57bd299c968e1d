#!/bin/sh
# run-bench.sh -- run ompbench on several OpenMP runtimes and tabulate.
#
#   run-bench.sh [-b BIN] [-o FILE] [-r ROUNDS] [-n THREADS] [-t SECONDS]
#                [-B CPUS] [-R RETRIES] [-S US[,US2]] [-G A+B.../C+D...]
#                NAME=LIBDIR... [-- OMPBENCH-ARGS...]
#
# Each NAME=LIBDIR is a runtime: LIBDIR holds the libgomp.so.1 to run BIN
# on (LD_LIBRARY_PATH=LIBDIR).  An empty LIBDIR means "not installed": its
# column is shown as n/a.  OMPBENCH-ARGS are options and row names for BIN.
#
# Each row (construct) is run in its own process, ROUNDS times per runtime,
# the runtimes in turn (A B C A B C ...), before the next row: a drift or a
# burst of load on the machine touches all runtimes alike.  Every run must
# have mapped LIBDIR/libgomp.so.1 (after symlinks), which ompbench reports
# from /proc/self/maps; a run that mapped another one is rejected.  A run
# that fails is not repeated for that row; the second one that hangs (-t
# SECONDS, default 60) ends that runtime's part.  A run during which other
# processes used more than CPUS (default 0.25) CPUs on average, as ompbench
# reports it, is repeated after a second's pause, at most twice, RETRIES
# (default 40) times in all; the header says how many.
#
# Some VMs switch between a fast and a slow mode of cache-line transfers
# between their CPUs, which moves rows by 2-5 times, and now and then to a
# slower one still.  ompbench reports a round trip before and after its
# rows; a run whose two are on either side of US or of US2 (-S, default
# 0.35,0.85 us) changed mode meanwhile and is repeated like a disturbed
# one.  Each run is fast, slow or slower; each row of the table uses only
# the runs of the mode most of its runs were in (a runtime without any
# such run: all its runs, its cell marked '*'), and says which.
#
# The work items are calibrated once (ompbench -C) and every run gets the
# same delay lengths (-L, -M), so that all runtimes do the same work.
#
# For each runtime and construct the table shows the median over the rounds
# of the per-run medians, and the ratio of the first runtime to each other.
# -G [LA:]A1+A2+.../[LB:]B1+B2+... compares two groups of runtimes, e.g.
# builds of one runtime that differ only in code layout (A1, A2, ...)
# against the same layouts of another (B1, B2, ...): instead of their own
# columns and ratios, each group's geometric mean of its runtimes' medians
# (labelled LA, LB), LA/LB to three decimals, a ratio from which what
# layout alone does is largely averaged out, and, when the groups are of
# one size, "paired": the median of Aj/Bj over every pair and round whose
# two runs were in one mode of the VM, and the range of each pair's own
# median ratio: how much layout alone moves the ratio.
# The table (markdown) goes to stdout and to FILE; the raw outputs go to
# FILE's name with -raw inserted before the extension.
#
# Exit status: 0 when every runtime that has a LIBDIR ran cleanly, else 1
# (the table is still written).  POSIX sh and awk only.

set -u

bin=bench/ompbench
out=bench/results.txt
rounds=5
threads=2
limit=60
busy_max=0.25
retries=40
nretried=0
nbusy=0
nmixed=0
slow_us=0.35,0.85
geo=

usage () {
  sed -n '3,6s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

while test $# -gt 0; do
  case $1 in
    -b) bin=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -r) rounds=$2; shift 2 ;;
    -n) threads=$2; shift 2 ;;
    -t) limit=$2; shift 2 ;;
    -B) busy_max=$2; shift 2 ;;
    -R) retries=$2; shift 2 ;;
    -G) geo=$2; shift 2 ;;
    -S) slow_us=$2; shift 2 ;;
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

# The rows, in the program's order.
"$bin" -l "$@" >"$tmp/rowlist" || exit 2

# One calibration of the work items for every run, so that every runtime
# is measured on the same work (ompbench -C, then -L and -M).
"$bin" -C "$@" >"$tmp/cal" 2>/dev/null || exit 2
cal_l=$(awk -F '\t' '$1 == "delay_len" { print $2 }' "$tmp/cal")
cal_m=$(awk -F '\t' '$1 == "sched_delay_len" { print $2 }' "$tmp/cal")
test -n "$cal_l" && test -n "$cal_m" || { echo "run-bench.sh: $bin -C printed no delay lengths" >&2; exit 2; }
nrows=$(wc -l <"$tmp/rowlist")
: >"$tmp/raw"
: >"$tmp/rows"

load0=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
awk -v l="${load0%% *}" -v n="$ncpu" 'BEGIN { exit !(l + 0 > n / 2) }' &&
  echo "run-bench: warning: load average ${load0%% *} on $ncpu CPUs;" \
    "other work will distort the numbers" >&2
start=$(date +%s)
k=1
while test $k -le $nrows; do
  row=$(sed -n "${k}p" "$tmp/rowlist")
  printf 'run-bench: [%2d/%d] %-18s ' "$k" "$nrows" "$row" >&2
  i=1
  while test $i -le $nrt; do
    eval "rt_skip_$i="
    i=$((i + 1))
  done
  r=1
  while test $r -le $rounds; do
    i=1
    while test $i -le $nrt; do
      eval "name=\$rt_name_$i; dir=\$rt_dir_$i; st=\$rt_status_$i; lib=\$rt_lib_$i; skip=\$rt_skip_$i"
      if test "$st" = ok || test "$st" = failed && test -z "$skip"; then
        o=$tmp/out
        attempt=1
        while :; do
          LD_LIBRARY_PATH=$dir OMP_NUM_THREADS=$threads \
            run_limited "$bin" -x "$row" -L "$cal_l" -M "$cal_m" "$@" \
              >"$o" 2>"$tmp/err"
          rc=$?
          { printf '## %s | %s | round %d | exit %d | attempt %d\n' \
              "$name" "$row" "$r" "$rc" "$attempt"
            cat "$o" "$tmp/err"; } >>"$tmp/raw"
          # Was the machine busy with something else meanwhile?
          busy=$(awk -F '\t' -v max="$busy_max" '$1 == "# foreign_cpu" \
            { b = $2 > max + 0 } END { print b + 0 }' "$o")
          # Did the VM's transfer mode change meanwhile?
          mode=$(awk -F '\t' -v th="$slow_us" '
            function mode(us,   n, t) {
              n = split(th, t, ",")
              if (us + 0 < t[1] + 0) return "fast"
              return n < 2 || us + 0 < t[2] + 0 ? "slow" : "slower"
            }
            $1 == "# transfer_us" \
            { a = mode($2); b = mode($3); m = a != b ? "mixed" : a }
            END { print m == "" ? "-" : m }' "$o")
          test $rc -eq 0 && { test "$busy" = 1 || test "$mode" = mixed; } ||
            break
          if test $attempt -ge 3 || test $retries -le 0; then
            if test "$busy" = 1; then nbusy=$((nbusy + 1))
            else nmixed=$((nmixed + 1)); fi
            break
          fi
          if test "$busy" = 1; then printf 'r' >&2; else printf 'm' >&2; fi
          retries=$((retries - 1)); nretried=$((nretried + 1))
          attempt=$((attempt + 1))
          sleep 1
        done
        # Which libgomp.so.1 did the process map?
        mapped=$(awk -F '\t' '$1 == "# libgomp" { print $2 }' "$o")
        bad=
        for m in $mapped; do
          test "$(readlink -f "$m" 2>/dev/null)" = "$lib" || bad="$bad $m"
        done
        test -n "$mapped" || test $rc -ne 0 || bad=" (none reported)"
        if test -n "$bad"; then
          printf 'W' >&2
          eval "rt_status_$i=wrong; rt_note_$i=\"mapped\$bad instead of \$lib\""
          failed=1
        elif test $rc -ne 0; then
          printf 'F' >&2
          err=$(grep -v '^[[:space:]]*$' "$tmp/err" | tail -n 1)
          test $rc -eq 124 && err="no result after $limit s"
          eval "nfail=\$((\${rt_nfail_$i:-0} + 1)); rt_nfail_$i=\$nfail"
          test $nfail -eq 1 &&
            eval "rt_note_$i=\"\$row: exit \$rc\${err:+: \$err}\""
          eval "rt_status_$i=failed; rt_skip_$i=1"
          # A runtime that hangs twice is not tried again.
          if test $rc -eq 124; then
            eval "nhung=\$((\${rt_nhung_$i:-0} + 1)); rt_nhung_$i=\$nhung"
            test $nhung -lt 2 || eval "rt_status_$i=hung"
          fi
          failed=1
        else
          printf '.' >&2
          awk -F '\t' -v rt="$i" -v mode="$mode" -v r="$r" 'NF == 3 && $1 !~ /^#/ \
            && $1 != "construct" && $2 ~ /^-?[0-9.]+$/ \
            && $3 ~ /^-?[0-9.]+$/ { print rt "\t" $0 "\t" mode "\t" r }' \
            "$o" >>"$tmp/rows"
        fi
      fi
      i=$((i + 1))
    done
    r=$((r + 1))
  done
  printf ' %d s\n' $(($(date +%s) - start)) >&2
  k=$((k + 1))
done
elapsed=$(($(date +%s) - start))
load1=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)

# ---- the table --------------------------------------------------------
{
  echo "# OpenMP construct overheads, $threads threads"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //') ($ncpu CPUs), $rounds rounds, ${elapsed} s; load average ${load0:-?} before, ${load1:-?} after (a busy machine inflates every number)."
  echo "Runs repeated because other processes used the CPUs or the VM changed its transfer mode meanwhile: $nretried; kept although still disturbed: $nbusy, although the mode changed: $nmixed."
  awk -F '\t' '/^## / { if (sep) exit }
    /^# (threads|outer_reps|target_us|delay_us|sched)\t/ {
      sub(/^# /, ""); gsub(/\t/, " "); printf "%s%s", sep, $0; sep = "; " }
    END { if (sep) print "." }' "$tmp/raw"
  echo
  i=1
  while test $i -le $nrt; do
    eval "name=\$rt_name_$i; dir=\$rt_dir_$i; st=\$rt_status_$i; lib=\$rt_lib_$i; note=\$rt_note_$i"
    case $st in
      ok) echo "- $name: $lib (checked in /proc/self/maps of every run)" ;;
      absent) echo "- $name: not installed" ;;
      missing) echo "- $name: no libgomp.so.1 in $dir"; failed=1 ;;
      wrong) echo "- $name: WRONG RUNTIME, $note" ;;
      failed|hung)
        eval "nfail=\$rt_nfail_$i"
        if test $st = hung; then what="HUNG twice, not run after; failed on $nfail row(s), first"
        else what="FAILED on $nfail row(s), first"; fi
        echo "- $name: $lib, $what: $note" ;;
    esac
    i=$((i + 1))
  done
  echo
  i=1; names=
  while test $i -le $nrt; do
    eval "names=\"\$names \$rt_name_$i\""
    i=$((i + 1))
  done
  awk -F '\t' -v names="$names" -v geo="$geo" -v rounds="$rounds" '
    function med(s,   a, n, i, j, t) {
      n = split(s, a, " ")
      for (i = 2; i <= n; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
          t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function num(v) {
      if (v >= 100 || v <= -100) return sprintf("%.1f", v)
      return v < 0.1 && v > -0.1 ? sprintf("%.4f", v) : sprintf("%.3f", v)
    }
    function ratio(a, b) {
      if (a == "" || b == "" || a + 0 < 0.01 || b + 0 < 0.01) return "-"
      return sprintf("%.2f", a / b)
    }
    {
      if (!($2 in seen)) { seen[$2] = 1; row[++nrow] = $2 }
      md = NF >= 5 ? $5 : "-"
      k = $1 SUBSEP $2
      vals[k] = vals[k] " " $3
      mvals[k, md] = mvals[k, md] " " $3
      mcount[$2, md]++
      # Each run by round, for -G pairs.
      if (NF >= 6) { pv[$1, $2, $6] = $3; pm[$1, $2, $6] = md }
      if (!(md in modeseen)) { modeseen[md] = 1; modes[++nmodes] = md }
    }
    END {
      nrt = split(names, rt, " ")
      ncol = 0
      head[++ncol] = "construct"
      head[++ncol] = "mode"
      # -G [LA:]A1+A2.../[LB:]B1+B2...: the runtimes of each side.
      if (geo != "") {
        bad = split(geo, side, "/") != 2
        for (g = 1; g <= 2 && !bad; g++) {
          lab[g] = side[g]
          if (index(side[g], ":")) {
            lab[g] = substr(side[g], 1, index(side[g], ":") - 1)
            side[g] = substr(side[g], index(side[g], ":") + 1)
          }
          ng[g] = split(side[g], gn, "+")
          for (j = 1; j <= ng[g]; j++) {
            gi[g, j] = 0
            for (i = 1; i <= nrt; i++) if (rt[i] == gn[j]) gi[g, j] = i
            if (!gi[g, j]) bad = 1
            else ingeo[gi[g, j]] = 1
          }
        }
        if (bad) {
          print "run-bench.sh: -G " geo ": not A+B.../C+D... of runtimes run" > "/dev/stderr"
          geo = ""
          for (i = 1; i <= nrt; i++) delete ingeo[i]
        }
      }
      for (i = 1; i <= nrt; i++)
        if (!(i in ingeo)) head[++ncol] = rt[i] " (us)"
      if (geo == "")
        for (i = 2; i <= nrt; i++) head[++ncol] = rt[1] "/" rt[i]
      else {
        head[++ncol] = lab[1] " (us)"
        head[++ncol] = lab[2] " (us)"
        head[++ncol] = lab[1] "/" lab[2]
        pairs = ng[1] == ng[2] && ng[1] > 1
        if (pairs) {
          head[++ncol] = "paired"
          head[++ncol] = "range of " ng[1] " pairs"
        }
      }
      for (c = 1; c <= ncol; c++) w[c] = length(head[c])
      for (r = 1; r <= nrow; r++) {
        c = 1; cell[r, c] = row[r]
        # The mode most runs of the row were in, and how many were not.
        best = ""; total = 0
        for (j = 1; j <= nmodes; j++) {
          n = mcount[row[r], modes[j]] + 0; total += n
          if (best == "" || n > mcount[row[r], best] + 0) best = modes[j]
        }
        dropped = total - mcount[row[r], best]
        cell[r, ++c] = best (dropped ? " (" dropped " other)" : "")
        for (i = 1; i <= nrt; i++) {
          k = i SUBSEP row[r]
          star = ""
          if ((k, best) in mvals) m[i] = med(mvals[k, best])
          else if (k in vals) { m[i] = med(vals[k]); star = "*" }
          else m[i] = ""
          if (!(i in ingeo)) cell[r, ++c] = m[i] == "" ? "n/a" : num(m[i]) star
        }
        if (geo == "")
          for (i = 2; i <= nrt; i++) cell[r, ++c] = ratio(m[1], m[i])
        else {
          # Each side: the geometric mean of the medians of its runtimes.
          for (g = 1; g <= 2; g++) {
            gm[g] = 0
            for (j = 1; j <= ng[g]; j++) {
              v = m[gi[g, j]]
              if (v == "" || v + 0 <= 0) { gm[g] = ""; break }
              gm[g] += log(v) / ng[g]
            }
            if (gm[g] != "") gm[g] = exp(gm[g])
          }
          cell[r, ++c] = gm[1] == "" ? "n/a" : num(gm[1])
          cell[r, ++c] = gm[2] == "" ? "n/a" : num(gm[2])
          cell[r, ++c] = gm[1] == "" || gm[2] == "" ? "-" \
            : sprintf("%.3f", gm[1] / gm[2])
          # Paired: A_j and B_j of one round ran one after the other, in
          # the same mode of the VM if their runs say so: the median of
          # those ratios over all pairs and rounds, robust to a mode
          # change within the row and to a runtime left with few runs of
          # the majority mode.  The range: the median ratio of each pair,
          # how far layout alone moves it.
          if (pairs) {
            all = ""; lo = ""; hi = ""
            for (j = 1; j <= ng[1]; j++) {
              one = ""
              for (q = 1; q <= rounds; q++) {
                ka = gi[1, j] SUBSEP row[r] SUBSEP q
                kb = gi[2, j] SUBSEP row[r] SUBSEP q
                if (!(ka in pv) || !(kb in pv) || pm[ka] != pm[kb] \
                    || pv[ka] + 0 <= 0 || pv[kb] + 0 <= 0)
                  continue
                one = one " " pv[ka] / pv[kb]
              }
              if (one == "") continue
              all = all one
              v = med(one)
              if (lo == "" || v < lo) lo = v
              if (hi == "" || v > hi) hi = v
            }
            cell[r, ++c] = all == "" ? "-" : sprintf("%.3f", med(all))
            cell[r, ++c] = lo == "" ? "-" \
              : sprintf("%.2f-%.2f", lo, hi)
          }
        }
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
  echo "above 1 mean ours is slower; '-' where a value is under 0.01 us."
  case $slow_us in
    *,*) modes="fast, slow or slower: a round trip under ${slow_us%%,*} us,"
         modes="$modes between, or over ${slow_us#*,} us" ;;
    *) modes="fast or slow: a round trip under or over $slow_us us" ;;
  esac
  echo "mode: the VM's cache-line transfers during the runs the row uses"
  echo "($modes);"
  echo "'(N other)': runs in another mode left out; '*': no run of this"
  echo "runtime in that mode."
} >"$tmp/table"

cat "$tmp/table"
mkdir -p "$(dirname "$out")"
cp "$tmp/table" "$out"
case $out in
  *.*) raw=${out%.*}-raw.${out##*.} ;;
  *) raw=$out-raw ;;
esac
cp "$tmp/raw" "$raw"
echo "run-bench: table in $out, raw outputs in $raw (${elapsed} s)" >&2
exit $failed
