#!/bin/sh
# build.sh -- set up, build and run ompdbg in one command.
#
#   ./build.sh demo    install what is missing, build, run the demo
#   ./build.sh check   install what is missing, build, run every test;
#                      then the debugger side's C tests once more in a
#                      second build under ASan and UBSan (_build-sanitizers)
#   ./build.sh interop build LLVM's OMPD stack for tests/gdb/interop.py
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
  python3-pytest pyflakes3 libomp-dev libomp-14-dev valgrind gnuplot-nox
  python3-jsonschema openmpi-bin libopenmpi-dev libunwind-dev"

missing_packages () {
  for p in ${1:-$packages}; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' \
      || printf '%s ' "$p"
  done
}

install_packages () {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  missing=$(missing_packages "${1:-}")
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
  fail=$((fail + broken))
  echo "$pass passed, $fail failed, $skip skipped"
}

# step_failed DIR: a make in DIR failed.  When none of DIR's tests says
# FAIL or ERROR, the make broke before its tests (a build error): that
# counts as one failure, so the summary never reads as a clean run.
broken=0
step_failed () {
  if ! grep -q -l '^:test-result: \(FAIL\|ERROR\|XPASS\)' \
       $(find "$1" -name '*.trs' 2>/dev/null) /dev/null 2>/dev/null; then
    echo "build.sh: make in $1 failed outside the tests (see above)" >&2
    broken=$((broken + 1))
  fi
}

# LLVM's OpenMP runtime and libompd, built with OMPD support from
# Debian's llvm-toolchain-19 source package, in $build/interop/llvm: the
# other vendor's stack tests/gdb/interop.py runs our plugin against.  Debian's
# binary libomp5-19 has no OMPD symbols a debugger can find, so it is
# built here.  apt-get fetches the source with a private configuration
# (its own sources list with deb-src lines, lists and cache under
# $build/interop/llvm/apt): the system's stays as it is.  Only openmp/
# and the cmake/ modules it includes are extracted.
llvm_version=${OMPDBG_LLVM_VERSION:-1:19.1.7-3~deb12u1}
interop () {
  install_packages "cmake python3-dev xz-utils g++ dpkg-dev"
  dest=$build/interop/llvm
  apt=$dest/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" \
    "$apt/sources.list.d" "$dest/dl"
  {
    echo "deb-src http://deb.debian.org/debian bookworm main"
    echo "deb-src http://deb.debian.org/debian bookworm-updates main"
    echo "deb-src http://deb.debian.org/debian-security bookworm-security main"
  } >"$apt/sources.list"
  set -- -o Dir::Etc::SourceList="$apt/sources.list" \
    -o Dir::Etc::SourceParts="$apt/sources.list.d" \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
    -o Debug::NoLocking=1
  tarball=$(ls "$dest"/dl/llvm-toolchain-19_*.orig.tar.xz 2>/dev/null | head -n 1)
  if [ -z "$tarball" ]; then
    echo "build.sh: fetching llvm-toolchain-19 $llvm_version (Debian source)"
    apt-get "$@" -qq update
    (cd "$dest/dl" && apt-get "$@" -qq source --download-only \
       "llvm-toolchain-19=$llvm_version")
    tarball=$(ls "$dest"/dl/llvm-toolchain-19_*.orig.tar.xz | head -n 1)
  fi
  if [ ! -f "$dest/src/openmp/CMakeLists.txt" ]; then
    echo "build.sh: extracting openmp/ and cmake/ of ${tarball##*/}"
    rm -rf "$dest/src" && mkdir -p "$dest/src"
    tar -xJf "$tarball" -C "$dest/src" --strip-components=1 --wildcards \
      '*/openmp' '*/cmake'
  fi
  generator="Unix Makefiles"
  command -v ninja >/dev/null 2>&1 && generator=Ninja
  if [ ! -f "$dest/build/CMakeCache.txt" ]; then
    cmake -S "$dest/src/openmp" -B "$dest/build" -G "$generator" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc \
      -DCMAKE_CXX_COMPILER=g++ -DOPENMP_STANDALONE_BUILD=ON \
      -DOPENMP_ENABLE_LIBOMPTARGET=OFF -DOPENMP_ENABLE_OMPT_TOOLS=OFF \
      -DLIBOMP_USE_HWLOC=OFF -DLIBOMP_OMPD_SUPPORT=ON \
      -DLIBOMP_OMPD_GDB_SUPPORT=ON -DPython3_EXECUTABLE=/usr/bin/python3
  fi
  cmake --build "$dest/build" -j "$jobs"
  # lib/: what the tests put on LD_LIBRARY_PATH (GCC-compiled programs
  # need libgomp.so.1, which libomp provides); python/ompd: LLVM's gdb
  # plugin with its ompdModule.so.
  mkdir -p "$dest/lib" "$dest/python"
  cp -f "$dest/build/runtime/src/libomp.so" \
    "$dest/build/libompd/src/libompd.so" "$dest/lib/"
  ln -sf libomp.so "$dest/lib/libgomp.so.1"
  rm -rf "$dest/python/ompd"
  cp -R "$dest/build/libompd/gdb-plugin/python-module/ompd" "$dest/python/"
  echo "build.sh: LLVM's OMPD stack is in $dest/lib and $dest/python"
}

cmd=${1:-build}
case $cmd in
  build|demo|check|interop) ;;
  -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
  *) echo "usage: $0 [demo|check|interop]" >&2; exit 2 ;;
esac

install_packages
bootstrap
configure_build

case $cmd in
  demo)
    make -C "$build" -s demo
    ;;
  interop)
    interop
    ;;
  check)
    status=0
    make -C "$build" -j"$jobs" check || { status=$?; step_failed "$build"; }
    # The debugger side under ASan and UBSan: gdb cannot load a sanitized
    # libompd, so only its C tests (tests/README.md, "Sanitizers").
    find "$sanbuild" -name '*.trs' -exec rm -f {} + 2>/dev/null || true
    configure_in "$sanbuild" --enable-sanitizers
    make -C "$sanbuild" -j"$jobs" check-debugger \
      || { status=$?; step_failed "$sanbuild"; }
    summary
    exit $status
    ;;
esac
