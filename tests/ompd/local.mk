## libompd: every OMPD routine checked against the truth the
## program reports about itself (tests/ompd/checks.c, truth.h).
## tests/ompd/self: in-process, the callbacks read the test's own memory
## (inproc.c); it re-executes itself on our runtime.
check_PROGRAMS += tests/ompd/self
tests_ompd_self_SOURCES = tests/ompd/self.c tests/ompd/checks.c \
	tests/ompd/checks.h tests/lib/check.h tests/ompd/truth.c tests/ompd/truth.h \
	tests/ompd/truth-self.c tests/ompd/truth-self.h tests/ompd/inproc.c \
	tests/ompd/inproc.h tests/ompd/ompd-api.c tests/ompd/ompd-api.h
## With --enable-sanitizers the programs that load libompd are built
## with the sanitizers too (their runtimes must come first).
tests_ompd_self_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS) \
	$(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_self_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_self_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libompd \
	-DOMPDBG_LIBOMPD_BUILD='"$(abs_top_builddir)/libompd/.libs/libompd.so"'
tests_ompd_self_LDADD = -ldl
EXTRA_tests_ompd_self_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/self

## What every in-process libompd test links besides its own file.
tests_ompd_inproc_sources = tests/ompd/inproc.c tests/ompd/inproc.h \
	tests/ompd/ompd-api.c tests/ompd/ompd-api.h tests/lib/check.h

## tests/ompd/hooks: what a debugger sees at each OMPD breakpoint (the
## bindings of OpenMP 5.1 §5.6), in-process: the program's own
## ompd_bp_* functions, exported (-rdynamic), take the runtime's place
## and ask libompd; its pthread_create sees the runtime forming teams.
check_PROGRAMS += tests/ompd/hooks
tests_ompd_hooks_SOURCES = tests/ompd/hooks.c \
	$(tests_ompd_inproc_sources)
tests_ompd_hooks_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_hooks_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_hooks_LDFLAGS = -rdynamic $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_hooks_LDADD = -ldl -lpthread
EXTRA_tests_ompd_hooks_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/hooks

## tests/ompd/undeferred: libompd on tasks run from the encountering
## thread's stack, whose scheduling task and whose parent's enter frame it
## derives, over a stack full of garbage; in-process.
check_PROGRAMS += tests/ompd/undeferred
tests_ompd_undeferred_SOURCES = tests/ompd/undeferred.c \
	$(tests_ompd_inproc_sources)
tests_ompd_undeferred_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_undeferred_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_undeferred_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_undeferred_LDADD = -ldl
EXTRA_tests_ompd_undeferred_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/undeferred

## tests/ompd/join: libompd on workers at and after the end of a region
## (the runtime's early join, taken back for late tasks); in-process.
check_PROGRAMS += tests/ompd/join
tests_ompd_join_SOURCES = tests/ompd/join.c \
	$(tests_ompd_inproc_sources)
tests_ompd_join_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_join_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_join_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_join_LDADD = -ldl
EXTRA_tests_ompd_join_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/join

## tests/ompd/holders: the holders of locks, critical sections and
## ordered turns, and the tasks' wait-for graph; in-process.
check_PROGRAMS += tests/ompd/holders
tests_ompd_holders_SOURCES = tests/ompd/holders.c \
	$(tests_ompd_inproc_sources)
tests_ompd_holders_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_holders_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_holders_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_holders_LDADD = -ldl
EXTRA_tests_ompd_holders_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/holders

## tests/ompd/deferred-many: libompd's list of deferred tasks with
## 100,000 of them (more than 65,536 behind one predecessor), fetched in
## pieces; in-process.
check_PROGRAMS += tests/ompd/deferred-many
tests_ompd_deferred_many_SOURCES = tests/ompd/deferred-many.c \
	$(tests_ompd_inproc_sources)
tests_ompd_deferred_many_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_deferred_many_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_deferred_many_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_deferred_many_LDADD = -ldl
EXTRA_tests_ompd_deferred_many_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/deferred-many

## tests/ompd/fuzz: libompd against garbage, errors and short reads from
## the memory callback: 10^5 cases here, OMPDBG_FUZZ_CASES=1000000 for
## the long run.  It loads the build's libompd.so, so with
## --enable-sanitizers both run under ASan and UBSan.
check_PROGRAMS += tests/ompd/fuzz
tests_ompd_fuzz_SOURCES = tests/ompd/fuzz.c tests/ompd/inproc.c \
	tests/ompd/inproc.h tests/ompd/ompd-api.c tests/ompd/ompd-api.h
tests_ompd_fuzz_CFLAGS = $(tests_ompd_self_CFLAGS)
tests_ompd_fuzz_CPPFLAGS = $(tests_ompd_self_CPPFLAGS)
tests_ompd_fuzz_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_fuzz_LDADD = -ldl
EXTRA_tests_ompd_fuzz_DEPENDENCIES = libompd/libompd.la
TESTS += tests/ompd/fuzz

## tests/ompd/conform.sh: the stops of self.c checked from outside, by
## check-ompd on corefiles/, live and on gcore and kernel cores.
check_PROGRAMS += tests/ompd/check-ompd
tests_ompd_check_ompd_SOURCES = tests/ompd/check-ompd.c tests/ompd/checks.c \
	tests/ompd/checks.h tests/lib/check.h tests/ompd/truth.c tests/ompd/truth.h \
	tests/ompd/ompd-api.c tests/ompd/ompd-api.h
tests_ompd_check_ompd_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libompd
tests_ompd_check_ompd_CFLAGS = $(AM_CFLAGS) $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_check_ompd_LDFLAGS = $(DEBUGGER_SANITIZE_CFLAGS)
tests_ompd_check_ompd_LDADD = corefiles/libompdbg-target.la $(DL_LIBS)
EXTRA_tests_ompd_check_ompd_DEPENDENCIES = libompd/libompd.la
tests_abi += tests/ompd/conform.sh
EXTRA_DIST += tests/ompd/conform.sh

## tests/ompd/libompd-symbols.sh: libompd.so needs no runtime, exports
## only the OMPD routines and ompdbg's extensions, imports no allocator,
## printing, signal or thread routine.
tests_abi += tests/ompd/libompd-symbols.sh
EXTRA_DIST += tests/ompd/libompd-symbols.sh

## make fuzz-long: tests/ompd/fuzz with 10^6 cases (about ten times
## make check's run; docs/ompd.md, "Tests", has the figures of one).
fuzz-long: tests/ompd/fuzz$(EXEEXT)
	env OMPDBG_FUZZ_CASES=1000000 $(tests_env) ./tests/ompd/fuzz$(EXEEXT)
.PHONY: fuzz-long

## tests/ompd/contract.sh: the C headers' lists of the runtime-debugger
## contract and the gdb plugin's generated constants agree, and a drift
## between them is reported.
check_PROGRAMS += tests/ompd/contract-dump
tests_ompd_contract_dump_CFLAGS = $(TEST_WARN_CFLAGS)
tests_abi += tests/ompd/contract.sh
EXTRA_DIST += tests/ompd/contract.sh tests/ompd/contract-dump.py
