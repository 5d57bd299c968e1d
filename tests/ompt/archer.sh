#!/bin/sh
# archer.sh -- LLVM's Archer (an OMPT tool that tells ThreadSanitizer
# about OpenMP's synchronisation) on our runtime, with GCC programs
# built with -fsanitize=thread: every race-free program of
# tests/ompt/archer/ (C, C++ and Fortran) gives no report, every racy
# one (racy-*) at least one.  The same programs on the system's
# libgomp, which has no OMPT, get the sanitizer's false alarms: counted
# and shown, not checked.
#
# Skips (77) where Archer is not installed (Debian: libomp-14-dev) or a
# sanitized program cannot run (some kernels need `setarch -R').
. "${srcdir:-.}/tests/lib/test-subr.sh"

archer=${OMPDBG_ARCHER:-}
if test -z "$archer"; then
  for a in /usr/lib/llvm-*/lib/libarcher.so; do
    test -f "$a" && archer=$a
  done
fi
test -n "$archer" && test -f "$archer" \
  || skip "no libarcher.so (Debian: libomp-14-dev)"

tmp=`make_tempdir`
cat > "$tmp/probe.c" <<'PROBE'
int main (void) { return 0; }
PROBE
$CC -fopenmp -fsanitize=thread "$tmp/probe.c" -o "$tmp/probe" 2>/dev/null \
  || skip "$CC cannot build with -fsanitize=thread"
run=
if ! "$tmp/probe" > /dev/null 2>&1; then
  setarch `uname -m` -R "$tmp/probe" > /dev/null 2>&1 \
    || skip "ThreadSanitizer programs do not run here"
  run="setarch `uname -m` -R"
fi

# Reports of one run of PROGRAM on the runtime in DIR, with the tool
# libraries TOOLS.
reports () {
  env LD_LIBRARY_PATH="$2" OMP_TOOL_LIBRARIES="$3" \
    TSAN_OPTIONS='ignore_noninstrumented_modules=1 exitcode=0' \
    timeout "$test_timeout" $run "$1" > "$1.log" 2>&1
  grep -c '^WARNING: ThreadSanitizer' "$1.log"
}

# Reports of PROGRAM on ours with Archer: the first run that has some,
# of at most TRIES runs.
ours_reports () {
  i=1
  while :; do
    n=`reports "$1" "$OMPDBG_OURS_DIR" "$archer"`
    if test "$n" -ge 1 || test $i -ge "$2"; then
      echo "$n"
      return
    fi
    i=`expr $i + 1`
  done
}

# The C++ and Fortran programs need their compiler able to build
# sanitized OpenMP programs (libtsan is GCC's, whichever the front end).
cxx=${CXX:-g++} fc=${FC:-gfortran}
echo 'int main () { return 0; }' > "$tmp/probe.cc"
$cxx -fopenmp -fsanitize=thread "$tmp/probe.cc" -o "$tmp/probe-cc" \
  2> /dev/null || { echo "$cxx cannot build them: no C++ programs"; cxx=; }
printf 'program p\nend program p\n' > "$tmp/probe.f90"
$fc -fopenmp -fsanitize=thread "$tmp/probe.f90" -o "$tmp/probe-f" \
  2> /dev/null || { echo "$fc cannot build them: no Fortran programs"; fc=; }

printf '%-22s %8s %8s\n' program libgomp ours
for src in "$srcdir"/tests/ompt/archer/*.c "$srcdir"/tests/ompt/archer/*.cc \
	   "$srcdir"/tests/ompt/archer/*.f90; do
  case $src in
    *.c) compiler=$CC ;;
    *.cc) compiler=$cxx ;;
    *.f90) compiler=$fc ;;
  esac
  test -n "$compiler" || continue
  name=`basename "$src"`
  name=${name%.*}
  prog=$tmp/$name
  $compiler -fopenmp -fsanitize=thread -g -O1 "$src" -o "$prog" \
    || hard_error "cannot build $name"
  gomp=`reports "$prog" "$OMPDBG_GOMP_DIR" ''`
  # Twice on ours: the schedule differs from run to run.  A racy
  # program's race is there only when its two accesses run on two
  # threads at once, which a machine loaded enough may not give within
  # the program's wait: up to three tries for each.
  tries=1
  case $name in racy-*) tries=3 ;; esac
  ours=`ours_reports "$prog" $tries`
  ours2=`ours_reports "$prog" $tries`
  printf '%-22s %8s %8s\n' "$name" "$gomp" "$ours $ours2"
  case $name in
    racy-*)
      if test "$ours" -ge 1 && test "$ours2" -ge 1; then
	ok "$name: the race is reported"
      else
	fail "$name: a race not reported"
      fi ;;
    *)
      if test "$ours" -eq 0 && test "$ours2" -eq 0; then
	ok "$name: no report"
      else
	fail "$name: false reports"
	sed -n '1,40p' "$prog.log"
      fi ;;
  esac
done
finish
