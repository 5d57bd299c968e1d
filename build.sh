#!/bin/sh
# build.sh -- set up, build and run ompdbg in one command.
#
#   ./build.sh demo    install what is missing, build, run the demo
#   ./build.sh check   install what is missing, build, run every test;
#                      then the debugger side's C tests once more in a
#                      second build under ASan and UBSan (_build-sanitizers)
#   ./build.sh         install what is missing, build
#
# Debian packages are installed with apt-get when run as root; otherwise
# missing ones are listed.  The build happens in _build/ (a VPATH build), so
# the source tree stays clean.  With CI=true warnings are errors.
set -eu

top=$(cd "$(dirname "$0")" && pwd -P)
cd "$top"
build=${OMPDBG_BUILD_DIR:-$top/_build}
sanbuild=$build-sanitizers
jobs=$(nproc 2>/dev/null || echo 2)

# Everything the build, the tests and the benchmarks use.
packages="gcc g++ gfortran make autoconf automake libtool pkgconf binutils
  libc6-dev libdw-dev libelf-dev elfutils gdb python3 python3-pexpect
  python3-pytest pyflakes3 libomp-dev valgrind"

missing_packages () {
  for p in $packages; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' \
      || printf '%s ' "$p"
  done
}

install_packages () {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  missing=$(missing_packages)
  [ -n "$missing" ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "build.sh: installing $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
  else
    echo "build.sh: missing Debian packages (run as root to install): $missing" >&2
  fi
}

bootstrap () {
  if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt configure ]; then
    echo "build.sh: autoreconf -fi"
    autoreconf -fi
  fi
}

# configure_in DIR [FLAGS...]: configure in DIR unless it is up to date.
configure_in () {
  dir=$1; shift
  mkdir -p "$dir"
  if [ ! -f "$dir/Makefile" ] || [ configure -nt "$dir/config.status" ]; then
    [ "${CI:-}" = true ] && set -- --enable-werror "$@"
    (cd "$dir" && "$top/configure" "$@")
  fi
}

configure_build () {
  configure_in "$build"
  make -C "$build" -j"$jobs"
}

# The plain summary line CI reads: "N passed, M failed[, K skipped]".
summary () {
  pass=0; fail=0; skip=0
  for trs in $(find "$build" "$sanbuild" -name '*.trs' 2>/dev/null); do
    case $(sed -n 's/^:test-result: //p' "$trs") in
      PASS|XFAIL) pass=$((pass + 1)) ;;
      SKIP) skip=$((skip + 1)) ;;
      *) fail=$((fail + 1)) ;;
    esac
  done
  echo "$pass passed, $fail failed, $skip skipped"
}

cmd=${1:-build}
case $cmd in
  build|demo|check) ;;
  -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
  *) echo "usage: $0 [demo|check]" >&2; exit 2 ;;
esac

install_packages
bootstrap
configure_build

case $cmd in
  demo)
    make -C "$build" -s demo
    ;;
  check)
    status=0
    make -C "$build" -j"$jobs" check || status=$?
    # The debugger side under ASan and UBSan: gdb cannot load a sanitized
    # libompd, so only its C tests (tests/README.md, "Sanitizers").
    find "$sanbuild" -name '*.trs' -exec rm -f {} + 2>/dev/null || true
    configure_in "$sanbuild" --enable-sanitizers
    make -C "$sanbuild" -j"$jobs" check-debugger || status=$?
    summary
    exit $status
    ;;
esac
