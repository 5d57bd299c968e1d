## tests/ -- the runtime test suite.
##
## Every program tests/runtime/NAME.{c,cc,f90} is a self-checking OpenMP
## program (exit 0 pass, 77 skip, anything else fail; checks from
## tests/lib/check.h) built with plain `-fopenmp`, i.e. linked against
## the system's libgomp exactly like a user's program.  `make check` runs
## each one twice, through tests/lib/run-test.sh:
##   tests/runtime/NAME-ours.ours  on our runtime (runtime/.libs), after
##                                 checking the loader really picks it
##   tests/runtime/NAME-gomp.gomp  on the system libgomp
## A test that fails on the system libgomp is a wrong test.  The programs
## of tests_runtime_cmp have deterministic output and are run once more as
## tests/runtime/NAME.cmp: both runtimes, identical output required.
## tests/abi/*.sh compare the built library's ABI with the system's.
##
## Adding a C test = adding its name to tests_runtime_c below.  C++ and
## Fortran tests also need a _SOURCES line (automake only guesses .c).
## `make check TEST_TIMEOUT=30` changes the per-run time limit (seconds).

tests_runtime_c = \
	tests/runtime/parallel \
	tests/runtime/parallel-many \
	tests/runtime/parallel-pthreads \
	tests/runtime/parallel-for \
	tests/runtime/nested \
	tests/runtime/loop-static \
	tests/runtime/loop-dynamic \
	tests/runtime/loop-guided \
	tests/runtime/loop-runtime \
	tests/runtime/loop-auto \
	tests/runtime/ordered \
	tests/runtime/ordered-turn \
	tests/runtime/doacross \
	tests/runtime/doacross-ull \
	tests/runtime/loop-ull \
	tests/runtime/loop-empty \
	tests/runtime/loop-collapse \
	tests/runtime/loop-nowait \
	tests/runtime/copyprivate-ring \
	tests/runtime/ws-ring-alloc \
	tests/runtime/lastprivate \
	tests/runtime/scan \
	tests/runtime/sections \
	tests/runtime/single \
	tests/runtime/critical \
	tests/runtime/atomic \
	tests/runtime/reduction \
	tests/runtime/barrier \
	tests/runtime/lock \
	tests/runtime/nest-lock \
	tests/runtime/threadprivate \
	tests/runtime/master \
	tests/runtime/api \
	tests/runtime/env-invalid \
	tests/runtime/env-valid \
	tests/runtime/display-env \
	tests/runtime/affinity-format \
	tests/runtime/places \
	tests/runtime/wait-policy \
	tests/runtime/teams \
	tests/runtime/target \
	tests/runtime/alloc \
	tests/runtime/pause \
	tests/runtime/resource-reset \
	tests/runtime/task-basic \
	tests/runtime/task-wait \
	tests/runtime/taskloop \
	tests/runtime/taskloop-many \
	tests/runtime/task-depend \
	tests/runtime/task-depend-chain \
	tests/runtime/task-detach \
	tests/runtime/task-recursion \
	tests/runtime/task-deep \
	tests/runtime/stack-overflow \
	tests/runtime/task-undeferred-nest \
	tests/runtime/task-many \
	tests/runtime/task-producer \
	tests/runtime/join-recall \
	tests/runtime/idle-wake \
	tests/runtime/task-priority \
	tests/runtime/taskloop-ull \
	tests/runtime/taskloop-simd \
	tests/runtime/task-reduction \
	tests/runtime/error-directive \
	tests/runtime/messages \
	tests/runtime/cancel-parallel \
	tests/runtime/cancel-for \
	tests/runtime/cancel-sections \
	tests/runtime/control-tool \
	tests/runtime/cancel-taskgroup \
	tests/runtime/legacy \
	tests/runtime/ompd-hooks \
	tests/runtime/stress

## Deterministic-output programs: self-checking like the others, and
## compared across the two runtimes (tests/cmp/NAME.cmp).
tests_runtime_cmp = \
	tests/runtime/mandelbrot \
	tests/runtime/jacobi \
	tests/runtime/histogram \
	tests/runtime/matmul-nested

tests_runtime_cxx =
if HAVE_CXX_OPENMP
tests_runtime_cxx += \
	tests/runtime/cxx-iterator \
	tests/runtime/cxx-nonpod \
	tests/runtime/task-cxx \
	tests/runtime/cxx-exceptions \
	tests/runtime/cancel-cxx
endif
tests_runtime_cxx_iterator_SOURCES = tests/runtime/cxx-iterator.cc
tests_runtime_cxx_nonpod_SOURCES = tests/runtime/cxx-nonpod.cc
tests_runtime_task_cxx_SOURCES = tests/runtime/task-cxx.cc
tests_runtime_cxx_exceptions_SOURCES = tests/runtime/cxx-exceptions.cc
tests_runtime_cancel_cxx_SOURCES = tests/runtime/cancel-cxx.cc

tests_runtime_fc =
if HAVE_FC_OPENMP
tests_runtime_fc += \
	tests/runtime/f-parallel-do \
	tests/runtime/f-reduction \
	tests/runtime/f-api \
	tests/runtime/f-lock \
	tests/runtime/f-sections \
	tests/runtime/f-alloc \
	tests/runtime/f-workshare \
	tests/runtime/f-error
endif
tests_runtime_f_parallel_do_SOURCES = tests/runtime/f-parallel-do.f90
tests_runtime_f_reduction_SOURCES = tests/runtime/f-reduction.f90
tests_runtime_f_api_SOURCES = tests/runtime/f-api.f90
tests_runtime_f_lock_SOURCES = tests/runtime/f-lock.f90
tests_runtime_f_sections_SOURCES = tests/runtime/f-sections.f90
tests_runtime_f_workshare_SOURCES = tests/runtime/f-workshare.f90
tests_runtime_f_error_SOURCES = tests/runtime/f-error.f90
tests_runtime_f_alloc_SOURCES = tests/runtime/f-alloc.f90

tests_runtime_progs = $(tests_runtime_c) $(tests_runtime_cxx) $(tests_runtime_fc)
tests_runtime_all = $(tests_runtime_progs) $(tests_runtime_cmp)

check_PROGRAMS += $(tests_runtime_all)

## Test programs are compiled like users' OpenMP programs, not with the
## runtime's strict warning set: a pattern-specific value (GNU make)
## replaces the global AM_*FLAGS for everything built under tests/runtime/.
tests_runtime_flags = -fopenmp -O2
tests/runtime/%: AM_CFLAGS = $(tests_runtime_flags) $(TEST_WARN_CFLAGS)
tests/runtime/%: AM_CXXFLAGS = $(tests_runtime_flags) $(TEST_WARN_CFLAGS)
tests/runtime/%: AM_FCFLAGS = $(tests_runtime_flags) -Wall
tests/runtime/%: AM_LDFLAGS =

EXTRA_DIST += \
	tests/lib/check.h \
	tests/lib/test-subr.sh \
	tests/runtime/loop-check.h \
	tests/runtime/cancel-check.h \
	tests/runtime/env-check.h \
	tests/README.md \
	tests/lib/run-test.sh \
	tests/lib/spin.h

## One stamp per (program, runtime), holding the program's path (see
## tests/lib/run-test.sh): tests/runtime/NAME-ours.ours,
## tests/runtime/NAME-gomp.gomp and, for tests_runtime_cmp,
## tests/runtime/NAME.cmp.  The stems differ because automake names a
## test's log after the test minus its extension: NAME.ours and NAME.gomp
## would share NAME.log.  (Only suffix substitutions here: automake
## rewrites TESTS itself and mangles %-patterns and functions.)
tests_ours = $(tests_runtime_all:=-ours.ours)
tests_gomp = $(tests_runtime_all:=-gomp.gomp)
tests_cmp = $(tests_runtime_cmp:=.cmp)

tests/runtime/%-ours.ours: tests/runtime/%$(EXEEXT)
	@echo 'tests/runtime/$*$(EXEEXT)' > $@
tests/runtime/%-gomp.gomp: tests/runtime/%$(EXEEXT)
	@echo 'tests/runtime/$*$(EXEEXT)' > $@
tests/runtime/%.cmp: tests/runtime/%$(EXEEXT)
	@echo 'tests/runtime/$*$(EXEEXT)' > $@
## (made by a chain of implicit rules: keep them, they are tiny)
.SECONDARY: $(tests_ours) $(tests_gomp) $(tests_cmp)

## ABI checks of the built library against the system's.
tests_abi = \
	tests/abi/symbols.sh \
	tests/abi/soname.sh
EXTRA_DIST += $(tests_abi)

## Our runtime under valgrind's memcheck (a small mixed workload).
check_PROGRAMS += tests/valgrind/workload
tests/valgrind/%: AM_CFLAGS = $(tests_runtime_flags) $(TEST_WARN_CFLAGS)
tests_abi += tests/valgrind/memcheck.sh

## The OMPD breakpoint functions, counted under gdb (needs ompd-hooks).
tests_abi += tests/ompd/gdb-hooks.sh
EXTRA_DIST += tests/ompd/gdb-hooks.sh

## --enable-sanitizers (configure.ac): the debugger side the tests
## exercise is built with ASan and UBSan -- libompd, corefiles/ (its
## library and ompdbg-inspect) and the C programs that load them
## (DEBUGGER_SANITIZE_CFLAGS in their flags).  Pattern-specific values
## (GNU make) add the flags to every object and link under those
## directories; DEBUGGER_SANITIZE_CFLAGS is empty otherwise.
libompd/%: AM_CFLAGS += $(DEBUGGER_SANITIZE_CFLAGS)
corefiles/%: AM_CFLAGS += $(DEBUGGER_SANITIZE_CFLAGS)

## make check-debugger: only the C tests of the debugger side (libompd,
## corefiles/ and the programs that load them), for a build configured
## with --enable-sanitizers (./build.sh check makes one beside the main
## build and runs this there).  It builds just what they need.
tests_debugger = tests/ompd/self tests/ompd/hooks tests/ompd/undeferred \
	tests/ompd/join tests/ompd/fuzz tests/ompd/conform.sh \
	tests/ompd/libompd-symbols.sh tests/corefiles/target.sh
tests_debugger_programs = tests/ompd/self$(EXEEXT) tests/ompd/hooks$(EXEEXT) \
	tests/ompd/undeferred$(EXEEXT) tests/ompd/join$(EXEEXT) \
	tests/ompd/fuzz$(EXEEXT) tests/ompd/check-ompd$(EXEEXT) \
	tests/corefiles/target-prog$(EXEEXT) \
	tests/corefiles/check-target$(EXEEXT) \
	tests/corefiles/check-session$(EXEEXT)
## check-TESTS depends on every check program: the override keeps it to
## these.
check-debugger: all
	$(MAKE) $(AM_MAKEFLAGS) check-TESTS TESTS='$(tests_debugger)' \
	  check_PROGRAMS='$(tests_debugger_programs)' \
	  check_LTLIBRARIES='tests/corefiles/fake-ompd.la'
.PHONY: check-debugger

## The debugger side (corefiles/): libompdbg-target on a live process, a
## gcore core and a kernel core of target-prog, broken cores, a stripped
## runtime (tests/corefiles/target.sh).
check_PROGRAMS += tests/corefiles/target-prog tests/corefiles/check-target
tests_corefiles_target_prog_CFLAGS = -fopenmp -g -O1 $(TEST_WARN_CFLAGS)
tests_corefiles_target_prog_LDFLAGS = -fopenmp
tests_corefiles_check_target_CFLAGS = $(AM_CFLAGS) $(DEBUGGER_SANITIZE_CFLAGS)
tests_corefiles_check_target_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_corefiles_check_target_LDADD = corefiles/libompdbg-target.la
## check-session loads libompd through corefiles/session.c, the runtime's
## list first, then fake-ompd.la, a stand-in that records its calls.
check_PROGRAMS += tests/corefiles/check-session
tests_corefiles_check_session_CFLAGS = $(AM_CFLAGS) $(DEBUGGER_SANITIZE_CFLAGS)
tests_corefiles_check_session_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_corefiles_check_session_LDADD = corefiles/libompdbg-target.la $(DL_LIBS)
check_LTLIBRARIES = tests/corefiles/fake-ompd.la
tests_corefiles_fake_ompd_la_SOURCES = tests/corefiles/fake-ompd.c
tests_corefiles_fake_ompd_la_LDFLAGS = -module -avoid-version -shared \
	-rpath $(abs_builddir)/tests/corefiles
## A libompd that finds every runtime incompatible (tests/gdb/no-ompd.py).
check_LTLIBRARIES += tests/gdb/incompatible-ompd.la
tests_gdb_incompatible_ompd_la_SOURCES = tests/gdb/incompatible-ompd.c
tests_gdb_incompatible_ompd_la_LDFLAGS = -module -avoid-version -shared \
	-rpath $(abs_builddir)/tests/gdb
tests_abi += tests/corefiles/target.sh
EXTRA_DIST += tests/corefiles/target.sh
## A libompd that takes only pthread_t thread ids, as LLVM's
## (tests/gdb/idkinds.py): the build tree's, found through the
## dependency, with the two thread-id routines in front.
check_LTLIBRARIES += tests/gdb/pthread-ompd.la
tests_gdb_pthread_ompd_la_SOURCES = tests/gdb/pthread-ompd.c
tests_gdb_pthread_ompd_la_CFLAGS = $(WARN_CFLAGS)
## (libtool links no module against another: the linker is told
## directly.)
tests_gdb_pthread_ompd_la_LDFLAGS = -module -avoid-version -shared \
	-rpath $(abs_builddir)/tests/gdb \
	-Wl,-rpath,$(abs_top_builddir)/libompd/.libs \
	-Wl,-L$(abs_top_builddir)/libompd/.libs -Wl,--no-as-needed \
	-Wl,-lompd
tests_gdb_pthread_ompd_la_LIBADD = $(DL_LIBS)
EXTRA_tests_gdb_pthread_ompd_la_DEPENDENCIES = libompd/libompd.la

## The layout table for debuggers (libompd/ompdbg-layout.def): checked
## against the compiler over the runtime's headers (layout), and found
## whole in a core that gcore dumped of a program on our runtime
## (layout-core.sh, with tests/ompd/layout-core reading the core).
check_PROGRAMS += tests/ompd/layout tests/ompd/layout-core
tests_ompd_layout_LDADD = -ldl
tests_ompd_layout_core_LDADD = $(LIBELF_LIBS) -ldl
tests_abi += tests/ompd/layout-core.sh
EXTRA_DIST += tests/ompd/layout-core.sh
TESTS += tests/ompd/layout
## Extension-less tests (programs) run through the same runner, in the
## same scrubbed environment.
LOG_COMPILER = env $(tests_env) $(SHELL) $(srcdir)/tests/lib/run-test.sh prog

## The runtime's state for debuggers, read by gdb and compared with the
## program's ground truth.  Reads our runtime's structures, so it runs on
## our runtime only (never on the system's libgomp).  Compiled like the
## users' programs, with no sibling calls: the checks look for its frames.
check_PROGRAMS += tests/ompd/state-prog
tests_ompd_state_prog_CFLAGS = -fopenmp -O2 -g -fno-optimize-sibling-calls \
	$(TEST_WARN_CFLAGS)
tests_abi += tests/ompd/state.sh
EXTRA_DIST += tests/ompd/state.sh tests/ompd/state.py

TESTS += $(tests_abi) $(tests_ours) $(tests_gomp) $(tests_cmp)
CLEANFILES += $(tests_ours) $(tests_gomp) $(tests_cmp) \
	$(tests_cmp:=.out.ours) $(tests_cmp:=.out.gomp) tests/gdb-probe.cache

TEST_EXTENSIONS = .sh .ours .gomp .cmp
TEST_TIMEOUT = 120
tests_env = OMPDBG_OURS_DIR='$(abs_top_builddir)/runtime/.libs' \
	OMPDBG_GOMP_DIR='$(SYSTEM_LIBGOMP_DIR)' \
	OMPDBG_TEST_TIMEOUT='$(TEST_TIMEOUT)' OBJDUMP='$(OBJDUMP)' STRIP='$(STRIP)' \
	CC='$(CC)' CXX='$(CXX)' FC='$(FC)' \
	OMPDBG_SANITIZERS='$(enable_sanitizers)' \
	OMPDBG_LIBOMP='$(LIBOMP)' \
	OMPDBG_VALGRIND='$(enable_valgrind)' OMPDBG_MEMCHECK='$(tests_memcheck)'

## --enable-valgrind (configure.ac): these runtime tests run on our
## runtime under valgrind's memcheck (tests/runtime/NAME-ours.ours), any
## error failing them.  Small teams and little work: valgrind runs one
## thread at a time.  Not the tests that re-execute themselves (alloc,
## env-*: run_self): under valgrind /proc/self/exe is valgrind's tool.
tests_memcheck = \
	tests/runtime/parallel-for \
	tests/runtime/sections \
	tests/runtime/single \
	tests/runtime/critical \
	tests/runtime/lock \
	tests/runtime/task-basic \
	tests/runtime/task-depend \
	tests/runtime/taskloop \
	tests/runtime/threadprivate
OURS_LOG_COMPILER = env $(tests_env) $(SHELL) $(srcdir)/tests/lib/run-test.sh ours
GOMP_LOG_COMPILER = env $(tests_env) $(SHELL) $(srcdir)/tests/lib/run-test.sh gomp
CMP_LOG_COMPILER = env $(tests_env) $(SHELL) $(srcdir)/tests/lib/run-test.sh cmp
SH_LOG_COMPILER = env $(tests_env) srcdir='$(srcdir)' $(SHELL)

## The gdb plugin (gdb-plugin/), in pexpect-driven gdb sessions
## (tests/gdb/*.py, run with Debian's python3 and python3-pexpect) on
## tests/gdb/scenes, which stops in known OpenMP states after writing its
## own ground truth.  Without libompd built the sessions that need it
## skip (77); callbacks.py and no-ompd.py need none.
check_PROGRAMS += tests/gdb/scenes tests/gdb/hangs
tests/gdb/%: AM_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS)
tests/gdb/%: AM_LDFLAGS =
## Programs whose constructs the plugin names as their language writes
## them (tests/gdb/names.py): C++, Fortran, and C built with -flto.
tests_gdb_names = tests/gdb/names-lto
if HAVE_CXX_OPENMP
tests_gdb_names += tests/gdb/names-cxx
endif
if HAVE_FC_OPENMP
tests_gdb_names += tests/gdb/names-f
endif
check_PROGRAMS += $(tests_gdb_names)
tests_gdb_names_cxx_SOURCES = tests/gdb/names-cxx.cc
tests_gdb_names_f_SOURCES = tests/gdb/names-f.f90
tests_gdb_names_lto_SOURCES = tests/gdb/names-lto.c tests/gdb/names-lto2.c
tests_gdb_names_lto_CFLAGS = -fopenmp -O3 -flto -g
tests/gdb/%: AM_CXXFLAGS = -fopenmp -O1 -g
tests/gdb/%: AM_FCFLAGS = -fopenmp -O1 -g
## gfortran writes the module of names-f.f90 where it runs.
CLEANFILES += solver.mod
tests_gdb = \
	tests/gdb/callbacks.py \
	tests/gdb/no-ompd.py \
	tests/gdb/live.py \
	tests/gdb/core.py \
	tests/gdb/attach.py \
	tests/gdb/noext.py \
	tests/gdb/unstarted.py \
	tests/gdb/endbarrier.py \
	tests/gdb/many.py \
	tests/gdb/deferred.py \
	tests/gdb/breakpoints.py \
	tests/gdb/bt.py \
	tests/gdb/idkinds.py \
	tests/gdb/target.py \
	tests/gdb/icvs.py \
	tests/gdb/complete.py \
	tests/gdb/faults.py \
	tests/gdb/damage.py \
	tests/gdb/plain-bt.py \
	tests/gdb/names.py \
	tests/gdb/width.py \
	tests/gdb/usage.py \
	tests/gdb/interop.py \
	tests/gdb/diagnose.py
EXTRA_DIST += $(tests_gdb) tests/gdb/gdbtest.py tests/gdb/scenecheck.py \
	tests/gdb/run-gdbtest.sh tests/gdb/demo.sh
## The demo (docs/examples/demo.sh) and its promises.
tests_abi += tests/gdb/demo.sh
## Run through one-line stamps (tests/gdb/NAME.gdbt holding the script's
## path), not as .py tests: a .py test extension would make automake's
## suffix rules take any NAME.py beside a NAME.sh test for the test.
tests_gdb_stamps = $(tests_gdb:.py=.gdbt)
tests/gdb/%.gdbt: $(srcdir)/tests/gdb/%.py
	@$(MKDIR_P) tests/gdb
	@echo '$(srcdir)/tests/gdb/$*.py' > $@
.SECONDARY: $(tests_gdb_stamps)
CLEANFILES += $(tests_gdb_stamps)
TESTS += $(tests_gdb_stamps)
TEST_EXTENSIONS += .gdbt
GDBTEST_PY3 = /usr/bin/python3
GDBT_LOG_COMPILER = env $(tests_env) OMPDBG_SRCDIR='$(abs_top_srcdir)' \
	OMPDBG_BUILDDIR='$(abs_top_builddir)' GDBTEST_PY3='$(GDBTEST_PY3)' \
	$(SHELL) $(srcdir)/tests/gdb/run-gdbtest.sh
