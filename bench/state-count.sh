#!/bin/sh
# state-count.sh -- instructions per construct of two or more runtimes,
# counted, not timed: what the state kept for debuggers adds to each
# construct's path, free of the layout and VM noise that times carry.
#
#   state-count.sh -b OMPBENCH [-n N] [-t THREADS] [-o FILE]
#                  NAME=DIR[,TOOL] NAME=DIR[,TOOL]... -- ROW...
#
# (a DIR without spaces: the list is split on them).  With ,TOOL the
# runtime of DIR runs with the OMPT tool library TOOL attached
# (OMP_TOOL_LIBRARIES=TOOL; none otherwise).
# Each row runs under valgrind's callgrind (the instruction count of every
# thread) as `ompbench -c N' and `-c 2N' on each runtime (DIR holds its
# libgomp.so.1); the difference over N is the row's instructions per
# repetition, start-up left out.  Every thread of the team adds its own,
# so a row of 2 threads counts both.  OMP_WAIT_POLICY=passive: a waiting
# thread sleeps at once instead of spinning for as long as it waits, so
# the count is what the construct executes; valgrind runs the threads one
# at a time, which makes it nearly the same from run to run (the script
# takes the median of 3 runs for rows of more than one thread).  The
# table gives each runtime's count and the first runtime's over the
# second's.  The time of the system calls a sleeping wait makes is not
# counted: on more than one thread a construct's count is of the user
# code only.
set -eu

usage () {
  echo "usage: state-count.sh -b OMPBENCH [-n N] [-t THREADS] [-o FILE]" \
    "NAME=DIR NAME=DIR... -- ROW..." >&2
  exit 2
}

bench= n=2000 threads=2 out=
while [ $# -gt 0 ]; do
  case $1 in
    -b) bench=${2:?}; shift 2 ;;
    -n) n=${2:?}; shift 2 ;;
    -t) threads=${2:?}; shift 2 ;;
    -o) out=${2:?}; shift 2 ;;
    --) shift; break ;;
    *=*) break ;;
    *) usage ;;
  esac
done
[ -n "$bench" ] || usage
names= dirs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in *=*) ;; *) usage ;; esac
  names="$names ${1%%=*}"
  dirs="$dirs ${1#*=}"
  shift
done
[ $# -gt 1 ] || usage
shift
if ! command -v valgrind > /dev/null 2>&1; then
  echo "state-count.sh: valgrind is not installed (Debian: apt-get install" \
    "valgrind); nothing counted" >&2
  exit 77
fi
case $n in ''|*[!0-9]*|0) usage ;; esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')

# count DIR ROW REPS: the instructions of one run and the repetitions
# ompbench made of the row (fewer for whole loops), checked to have mapped
# DIR's runtime.
count () {
  lib=${1%%,*} tool=
  case $1 in *,*) tool=${1#*,} ;; esac
  OMP_WAIT_POLICY=passive OMP_NUM_THREADS=$threads LD_LIBRARY_PATH=$lib \
    OMP_TOOL_LIBRARIES=$tool valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bench" -c "$3" -x "$2" > "$tmp/out" 2> "$tmp/err" || {
      echo "state-count.sh: $2 on $1 failed:" >&2
      cat "$tmp/err" >&2
      exit 1
    }
  mapped=$(sed -n "s/^# libgomp$tab//p" "$tmp/out" | sed -n 1p)
  if [ -z "$mapped" ] ||
     [ "$(cd "$(dirname "$mapped")" && pwd -P)" != "$(cd "$lib" && pwd -P)" ]
  then
    echo "state-count.sh: $2 ran on '$mapped', not on $1" >&2
    exit 1
  fi
  echo "$(sed -n 's/.*Collected : *//p' "$tmp/err")" \
    "$(sed -n "s/^.*$tab\([0-9]*\) repetitions\$/\1/p" "$tmp/out")"
}

# per_rep DIR ROW: instructions per repetition, median of the runs
# (each in the file runs, so that a failed count stops the script).
per_rep () {
  runs=1
  [ "$threads" -gt 1 ] && runs=3
  : > "$tmp/runs"
  i=0
  while [ $i -lt $runs ]; do
    a=$(count "$1" "$2" "$n") || exit 1
    b=$(count "$1" "$2" $((2 * n))) || exit 1
    echo "$a $b" | awk '{ if ($4 > $2 && $3 > $1)
                            printf "%d\n", ($3 - $1) / ($4 - $2)
                          else exit 1 }' >> "$tmp/runs" || {
      echo "state-count.sh: $2 on $1: no count ($a; $b)" >&2
      exit 1
    }
    i=$((i + 1))
  done
  sort -n "$tmp/runs" |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

{
  printf '| construct |'
  for name in $names; do printf ' %s |' "$name"; done
  printf ' %s |\n' "$(echo $names | awk '{ print $1 "/" $2 }')"
  printf '| --- |'
  for name in $names; do printf ' ---: |'; done
  printf ' ---: |\n'
} > "$tmp/table"
cat "$tmp/table"
for row in "$@"; do
  line="| $row |"
  first= second= k=0
  for dir in $dirs; do
    v=$(per_rep "$dir" "$row") || exit 1
    line="$line $v |"
    k=$((k + 1))
    [ $k = 1 ] && first=$v
    [ $k = 2 ] && second=$v
  done
  line="$line $(awk -v a="$first" -v b="$second" \
    'BEGIN { printf "%.3f", a / b }') |"
  echo "$line"
  echo "$line" >> "$tmp/table"
done
cat >> "$tmp/table" <<EOF

Instructions per repetition of each row (every thread's, $threads
threads, OMP_WAIT_POLICY=passive), counted by valgrind's callgrind over
ompbench -c $n and -c $((2 * n)).
EOF
if [ -n "$out" ]; then
  cp "$tmp/table" "$out"
  echo "state-count: table in $out"
fi
