#!/bin/sh
# run-scale.sh -- the cost of a region, a barrier, a task and a taskloop
# as the team grows, on several OpenMP runtimes; a table and a plot.
#
#   run-scale.sh [-b BIN] [-o FILE] [-m SECONDS] [-t LIMIT] [-T "T..."]
#                NAME=LIBDIR...
#
# BIN (bench/scale) runs once per runtime and team size T, the runtimes
# in turn for each T (A B C at T=2, A B C at T=4, ...), so that a burst
# of load on the machine touches them alike.  An empty LIBDIR means not
# installed (n/a); a run that fails or exceeds LIMIT seconds (default
# 300) leaves its cells empty.  FILE (default bench/scale.txt) gets the
# table, in seconds per construct, with each runtime's ratio to the best
# other one; FILE's name with .dat is the data for gnuplot, with .svg the
# plot (gnuplot, when installed): one panel per construct, log-log.
# POSIX sh and awk.

set -u
bin=bench/scale
out=bench/scale.txt
budget=0.2
limit=300
sizes="2 4 8 16 32 64 128 256 512 1024 2048 4096"

while test $# -gt 0; do
  case $1 in
    -b) bin=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -m) budget=$2; shift 2 ;;
    -t) limit=$2; shift 2 ;;
    -T) sizes=$2; shift 2 ;;
    -*) sed -n '3,5s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) break ;;
  esac
done
test $# -gt 0 || { sed -n '3,5s/^# \{0,1\}//p' "$0" >&2; exit 2; }

base=${out%.*}
dat=$base.dat
raw=$base-raw.txt
mkdir -p "$(dirname "$out")" && : > "$raw" || exit 1
names=
for spec in "$@"; do
  names="$names ${spec%%=*}"
done

for t in $sizes; do
  for spec in "$@"; do
    name=${spec%%=*}
    dir=${spec#*=}
    test -n "$dir" || continue
    echo "run-scale: $name T=$t" >&2
    LD_LIBRARY_PATH=$dir OMP_DYNAMIC=false timeout -k 10 "$limit" \
      "$bin" -m "$budget" "$t" 2>/dev/null \
      | sed "s/^/$name /" >> "$raw"
  done
done

# raw: NAME T CONSTRUCT SECONDS CPU-SECONDS REPS.  Two tables per
# construct: elapsed seconds and CPU seconds (all threads); the plot and
# the .dat hold both (elapsed in blocks 0-3, CPU in 4-7).
awk -v names="$names" -v dat="$dat" '
  { w[$1, $2, $3] = $4; u[$1, $2, $3] = $5; if (!($2 in order)) { order[$2] = ++nt; ts[nt] = $2 } }
  END {
    n = split (names, nm, " ");
    split ("region barrier task taskloop", cs, " ");
    for (m = 0; m < 2; m++)
    for (c = 1; c <= 4; c++) {
      for (key in w) v[key] = m ? u[key] : w[key];
      printf "\n### %s (%s seconds per construct)\n\n| T |", cs[c], m ? "CPU" : "elapsed";
      for (i = 1; i <= n; i++) printf " %s |", nm[i];
      printf " %s / best other |\n|---|", nm[1];
      for (i = 1; i <= n + 1; i++) printf "---|";
      printf "\n";
      for (k = 1; k <= nt; k++) {
        t = ts[k]; printf "| %s |", t;
        best = "";
        for (i = 1; i <= n; i++) {
          x = v[nm[i], t, cs[c]];
          printf " %s |", x == "" ? "n/a" : sprintf ("%.3g", x);
          if (i > 1 && x != "" && (best == "" || x + 0 < best + 0)) best = x;
        }
        a = v[nm[1], t, cs[c]];
        printf " %s |\n", (a != "" && best != "" && best > 0) ? sprintf ("%.2f", a / best) : "n/a";
      }
      # gnuplot data: one block per construct, columns T and each runtime.
      printf "# %s %s\n", cs[c], m ? "cpu" : "elapsed" > dat;
      for (k = 1; k <= nt; k++) {
        t = ts[k]; printf "%s", t > dat;
        for (i = 1; i <= n; i++) {
          x = v[nm[i], t, cs[c]];
          printf " %s", x == "" ? "NaN" : x > dat;
        }
        printf "\n" > dat;
      }
      printf "\n\n" > dat;
    }
  }' "$raw" | tee "$out"

if command -v gnuplot >/dev/null 2>&1; then
  {
    echo "set terminal svg size 1600,800 dynamic font 'sans,10'"
    echo "set output '$base.svg'"
    echo "set multiplot layout 2,4 title 'seconds per construct against team size T: elapsed (top), CPU of all threads (bottom)'"
    echo "set logscale xy; set format y '%.0e'; set key top left; set grid"
    echo "set xlabel 'T (threads)'"
    i=0
    for c in region barrier task taskloop 'region (CPU)' 'barrier (CPU)' 'task (CPU)' 'taskloop (CPU)'; do
      echo "set title '$c'"
      plot="plot"
      col=2
      for n in $names; do
        plot="$plot '$dat' index $i using 1:$col with linespoints title '$n',"
        col=$((col + 1))
      done
      echo "${plot%,}"
      i=$((i + 1))
    done
    echo "unset multiplot"
  } | gnuplot && echo "run-scale: plot in $base.svg" >&2
else
  echo "run-scale: gnuplot not installed: no plot" >&2
fi
