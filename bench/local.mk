## bench/ -- EPCC-style OpenMP overhead microbenchmarks (bench/README.md).
##
## `make bench` builds bench/ompbench (never built by `make` or `make check`)
## and runs it, through bench/run-bench.sh, on our runtime, the system's
## libgomp and, when configure found it, LLVM's libomp through its GOMP
## compatibility layer; it prints one table and writes bench/results.txt.
##
##   make bench BENCH_ROUNDS=3 BENCH_THREADS=4 BENCH_FLAGS="-r 31 'SCHED*'"
##
## ompbench has an explicit rule rather than EXTRA_PROGRAMS: that variable
## must be set with '=' exactly once in the whole non-recursive Makefile, so
## another folder could not use it too.

EXTRA_DIST += bench/ompbench.c bench/floor.c bench/run-bench.sh bench/README.md
CLEANFILES += bench/ompbench bench/floor bench/results.txt \
	bench/results-raw.txt bench/libomp-compat/libgomp.so.1 \
	bench/nostate/libgomp.so.1 bench/state-cost.txt bench/state-cost-raw.txt \
	bench/relinked/libgomp.so.1 bench/nostate-relinked/libgomp.so.1

BENCH_ROUNDS = 5
BENCH_THREADS = 2
BENCH_FLAGS =
BENCH_LIBOMP_DIR = $(abs_top_builddir)/bench/libomp-compat

## bench/nostate/libgomp.so.1: our runtime built with OMPDBG_NO_STATE
## (runtime/internal.h), i.e. without the state it keeps for debuggers
## (thread state and wait_id, task frames, sched_parent): the `nostate`
## column, and the ours/nostate ratio, are what that state costs.  The
## same sources, flags, symbol map and soname as runtime/libgomp.la, in
## one compiler run (plain `make` never builds it).
##
## bench/relinked/libgomp.so.1: our runtime as it is, but its sources
## given in the reverse order, so its functions lie elsewhere in the
## library: the `relinked` column of `make bench-state` shows how much a
## different code layout alone moves a row -- nostate differs from ours in
## its layout as well as in the stores it leaves out.  And
## bench/nostate-relinked/libgomp.so.1, nostate laid out the same other
## way: the state's cost over two layouts on each side.
bench_nostate_sources = $(filter %.c,$(runtime_libgomp_la_SOURCES) \
	$(nodist_runtime_libgomp_la_SOURCES))
## $(call bench_runtime_link,EXTRA-CPPFLAGS,forward|reverse)
bench_runtime_link = \
	@$(MKDIR_P) $(@D); \
	srcs=; \
	for f in $(bench_nostate_sources); do \
	  if test -f "$$f"; then p=$$f; else p=$(srcdir)/$$f; fi; \
	  if test $(2) = reverse; then srcs="$$p $$srcs"; \
	  else srcs="$$srcs $$p"; fi; \
	done; \
	echo "  CCLD     $@"; \
	$(CC) $(DEFS) $(DEFAULT_INCLUDES) -I$(srcdir)/runtime -Iruntime \
	  $(runtime_libgomp_la_CPPFLAGS) $(CPPFLAGS) $(1) \
	  $(runtime_libgomp_la_CFLAGS) $(CFLAGS) -fPIC -shared $(LDFLAGS) \
	  -Wl,-soname,libgomp.so.1 \
	  -Wl,--version-script=$(srcdir)/runtime/libgomp.map -Wl,-z,nodelete \
	  -o $@ $$srcs -lpthread
bench_runtime_deps = $(runtime_libgomp_la_SOURCES) \
	$(nodist_runtime_libgomp_la_SOURCES) runtime/libgomp.map config.h
bench/nostate/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,-DOMPDBG_NO_STATE,forward)
bench/relinked/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,,reverse)
bench/nostate-relinked/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,-DOMPDBG_NO_STATE,reverse)

bench/ompbench: $(srcdir)/bench/ompbench.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  -fopenmp $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/ompbench.c $(LIBS)

## bench/floor: a fork-join of two threads and a cache-line round trip
## without any OpenMP runtime (bench/floor.c): the floor under the
## PARALLEL and REDUCTION rows on this machine, and which mode a VM whose
## transfers switch between fast and slow is in.  `make bench-floor`.
bench/floor: $(srcdir)/bench/floor.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/floor.c -lpthread $(LIBS)

.PHONY: bench-floor
bench-floor: bench/floor
	./bench/floor

## LLVM's libomp exports the GOMP_* entry points under the libgomp symbol
## versions: a directory with libgomp.so.1 -> libomp.so.5 makes the same
## binaries run on it.
.PHONY: bench
bench: all bench/ompbench bench/nostate/libgomp.so.1
	@libomp_dir=; \
	if test -n '$(LIBOMP)'; then \
	  $(MKDIR_P) bench/libomp-compat && \
	  rm -f bench/libomp-compat/libgomp.so.1 && \
	  $(LN_S) '$(LIBOMP)' bench/libomp-compat/libgomp.so.1 && \
	  libomp_dir='$(BENCH_LIBOMP_DIR)' || exit 1; \
	fi; \
	$(SHELL) $(srcdir)/bench/run-bench.sh -b bench/ompbench \
	  -o bench/results.txt -r '$(BENCH_ROUNDS)' -n '$(BENCH_THREADS)' \
	  'ours=$(abs_top_builddir)/runtime/.libs' \
	  'nostate=$(abs_top_builddir)/bench/nostate' \
	  'libgomp=$(SYSTEM_LIBGOMP_DIR)' "libomp=$$libomp_dir" \
	  'libgomp-again=$(SYSTEM_LIBGOMP_DIR)' \
	  -- $(BENCH_FLAGS)

## `make bench-state`: what the state kept for debuggers costs, measured
## more closely than `make bench` can: the rows where it could show, more
## rounds, a column that runs our runtime again (ours-again), so that the
## ours/ours-again ratio shows how far two runs of the very same library
## differ, and one with the same runtime laid out differently (relinked):
## together the resolution of the ours/nostate ratio beside them.  With
## nostate laid out that other way too (nostate-relinked), the last column
## is the state's cost with what code layout alone does averaged out: the
## geometric mean of ours and relinked over that of the two nostates.
BENCH_STATE_ROUNDS = 11
BENCH_STATE_ROWS = PARALLEL 'PARALLEL (1 thr)' FOR 'PARALLEL FOR' \
	BARRIER SINGLE REDUCTION CRITICAL LOCK/UNLOCK 'SCHED dynamic,4' \
	'PARALLEL TASK' 'MASTER TASK' 'CONDITIONAL TASK' 'TASK WAIT' \
	'TASK BARRIER' 'NESTED TASK' 'NESTED MASTER TASK' \
	'TASKLOOP grainsize,16' 'FIB 30 (cutoff 20)'
.PHONY: bench-state
bench-state: all bench/ompbench bench/nostate/libgomp.so.1 \
		bench/relinked/libgomp.so.1 bench/nostate-relinked/libgomp.so.1
	$(SHELL) $(srcdir)/bench/run-bench.sh -b bench/ompbench \
	  -o bench/state-cost.txt -r '$(BENCH_STATE_ROUNDS)' \
	  -G ours+relinked/nostate+nostate-relinked \
	  -n '$(BENCH_THREADS)' \
	  'ours=$(abs_top_builddir)/runtime/.libs' \
	  'nostate=$(abs_top_builddir)/bench/nostate' \
	  'ours-again=$(abs_top_builddir)/runtime/.libs' \
	  'relinked=$(abs_top_builddir)/bench/relinked' \
	  'nostate-relinked=$(abs_top_builddir)/bench/nostate-relinked' \
	  -- $(BENCH_STATE_ROWS)
