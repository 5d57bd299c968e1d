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

EXTRA_DIST += bench/ompbench.c bench/floor.c bench/taskapps.c \
	bench/run-bench.sh bench/scale.c bench/run-scale.sh \
	bench/state-count.sh bench/gdb-threads.sh bench/gdb-tasks.sh \
	bench/ompdbg-stacks.sh \
	bench/diagnose.sh bench/noop-tool.c \
	bench/README.md
CLEANFILES += bench/ompbench bench/floor bench/taskapps bench/results.txt \
	bench/scale bench/scale.txt bench/scale-raw.txt bench/scale.dat \
	bench/scale.svg \
	bench/results-raw.txt bench/libomp-compat/libgomp.so.1 \
	bench/nostate/libgomp.so.1 bench/state-cost.txt bench/state-cost-raw.txt \
	bench/state-count.txt bench/state-count-1.txt \
	$(bench_layout_libs) bench/notool/libgomp.so.1 bench/tool-count.txt \
	bench/tool-count-1.txt bench/tool-cost.txt bench/tool-cost-raw.txt \
	bench/noop-tool.so bench/tool-on-count.txt bench/tool-on-count-1.txt \
	$(bench_tool_layout_libs)

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
## bench/layouts/ours-L/libgomp.so.1 and bench/layouts/nostate-L/...: both
## runtimes in several code layouts (L, BENCH_LAYOUTS), for `make
## bench-state`.  Where each function lies decides how its loops and
## branches fall on cache lines and predictor entries, and two links of
## the very same sources differ by 2-9 % on some rows (up to 15 %): more
## than the state costs.  Layout 0 links the sources in the Makefile's
## order; layout L > 0 sorts them by the checksum (cksum) of "L file", a
## shuffle that is the same on every machine.  The same layout on both
## sides, so that over all of them layout averages out.
bench_nostate_sources = $(filter %.c,$(runtime_libgomp_la_SOURCES) \
	$(nodist_runtime_libgomp_la_SOURCES))
## $(call bench_runtime_link,EXTRA-CPPFLAGS,LAYOUT)
bench_runtime_link = \
	@$(MKDIR_P) $(@D); \
	srcs=`for f in $(bench_nostate_sources); do \
	  if test -f "$$f"; then p=$$f; else p=$(srcdir)/$$f; fi; \
	  if test $(2) = 0; then echo "$$p"; \
	  else echo "$(2) $$f" | cksum | sed "s| .*| $$p|"; fi; \
	done | { if test $(2) = 0; then cat; \
	  else sort -n | sed 's/^[0-9]* //'; fi; }`; \
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
	$(call bench_runtime_link,-DOMPDBG_NO_STATE,0)
bench/layouts/ours-%/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,,$*)
bench/layouts/nostate-%/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,-DOMPDBG_NO_STATE,$*)
## bench/notool/libgomp.so.1 and bench/layouts/notool-L/...: our runtime
## built with OMPDBG_NO_TOOL (runtime/tool-word.h), its event points
## compiled out: what the tool layer costs where no tool is attached
## (`make bench-tool`).
bench/notool/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,-DOMPDBG_NO_TOOL,0)
bench/layouts/notool-%/libgomp.so.1: $(bench_runtime_deps)
	$(call bench_runtime_link,-DOMPDBG_NO_TOOL,$*)
BENCH_LAYOUTS = 1 2 3 4 5 6 7 8 9 10
bench_layout_libs = $(foreach l,$(BENCH_LAYOUTS), \
	bench/layouts/ours-$(l)/libgomp.so.1 \
	bench/layouts/nostate-$(l)/libgomp.so.1)

bench/ompbench: $(srcdir)/bench/ompbench.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  -fopenmp $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/ompbench.c $(LIBS)

## bench/floor: a fork-join of two threads, a cache-line round trip and
## turns taken in order, without any OpenMP runtime (bench/floor.c): the
## floor under the PARALLEL, REDUCTION and ORDERED rows on this machine,
## and which mode a VM whose transfers switch between fast and slow is
## in.  `make bench-floor`.
bench/floor: $(srcdir)/bench/floor.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/floor.c -lpthread $(LIBS)

## bench/taskapps: BOTS floorplan's and alignment's shapes of task
## parallelism (bench/taskapps.c).  `make bench-apps` runs each on our
## runtime and on the system's libgomp in turn, BENCH_APPS_ROUNDS times.
bench/taskapps: $(srcdir)/bench/taskapps.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  -fopenmp $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/taskapps.c $(LIBS)

BENCH_APPS_ROUNDS = 7
.PHONY: bench-apps
bench-apps: all bench/taskapps
	@for r in `seq $(BENCH_APPS_ROUNDS)`; do \
	  for app in branch align; do \
	    for lib in 'ours=$(abs_top_builddir)/runtime/.libs' \
	      'libgomp=$(SYSTEM_LIBGOMP_DIR)'; do \
	      printf '%s\t%s\t' "$$r" "$${lib%%=*}"; \
	      OMP_NUM_THREADS=$(BENCH_THREADS) LD_LIBRARY_PATH="$${lib#*=}" \
	        ./bench/taskapps -r 5 $$app || exit 1; \
	    done; \
	  done; \
	done

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
## more closely than `make bench` can: the rows where it could show, each
## runtime in every layout of BENCH_LAYOUTS (above), interleaved (ours-1,
## nostate-1, ours-2, ...).  The table gives each runtime's geometric mean
## over its layouts, their ratio, and the range of the ratios of the
## single layouts.
BENCH_STATE_ROUNDS = 5
BENCH_STATE_ROWS = PARALLEL 'PARALLEL (1 thr)' FOR 'PARALLEL FOR' \
	BARRIER SINGLE REDUCTION CRITICAL LOCK/UNLOCK 'SCHED dynamic,4' \
	'PARALLEL TASK' 'MASTER TASK' 'CONDITIONAL TASK' 'TASK WAIT' \
	'TASK BARRIER' 'NESTED TASK' 'NESTED MASTER TASK' \
	'TASKLOOP grainsize,16' 'FIB 30 (cutoff 20)'
.PHONY: bench-state
bench-state: all bench/ompbench $(bench_layout_libs)
	@set --; ours=; nostate=; \
	for l in $(BENCH_LAYOUTS); do \
	  set -- "$$@" "ours-$$l=$(abs_top_builddir)/bench/layouts/ours-$$l" \
	    "nostate-$$l=$(abs_top_builddir)/bench/layouts/nostate-$$l"; \
	  ours="$$ours+ours-$$l"; nostate="$$nostate+nostate-$$l"; \
	done; \
	$(SHELL) $(srcdir)/bench/run-bench.sh -b bench/ompbench \
	  -o bench/state-cost.txt -r '$(BENCH_STATE_ROUNDS)' \
	  -G "ours:$${ours#+}/nostate:$${nostate#+}" \
	  -n '$(BENCH_THREADS)' "$$@" -- $(BENCH_STATE_ROWS)

## `make bench-state-count`: the same rows' instructions per construct,
## ours against nostate, counted by valgrind (bench/state-count.sh): what
## the state adds to each construct's path, which no layout or VM mode
## moves.  On BENCH_THREADS threads (bench/state-count.txt) and on one
## (bench/state-count-1.txt), where nothing waits: both builds in layout
## 0, since a layout moves code, not the instructions executed.  A few
## minutes; needs valgrind.
BENCH_COUNT_REPS = 2000
.PHONY: bench-state-count
bench-state-count: all bench/ompbench bench/nostate/libgomp.so.1
	@set -- $(BENCH_THREADS); test $(BENCH_THREADS) = 1 || set -- "$$@" 1; \
	for n in "$$@"; do \
	  out=bench/state-count.txt; \
	  test $$n = $(BENCH_THREADS) || out=bench/state-count-$$n.txt; \
	  $(SHELL) $(srcdir)/bench/state-count.sh -b bench/ompbench \
	    -n '$(BENCH_COUNT_REPS)' -t $$n -o $$out \
	    'ours=$(abs_top_builddir)/runtime/.libs' \
	    'nostate=$(abs_top_builddir)/bench/nostate' \
	    -- $(BENCH_STATE_ROWS) || exit 1; \
	done

## `make bench-tool`: what the tool layer (OMPT and the collector's event
## points, runtime/tool.h) costs with no tool attached, ours against
## notool: counted on one thread and on BENCH_THREADS
## (bench/tool-count-1.txt, bench/tool-count.txt, as bench-state-count),
## then timed in every layout of BENCH_LAYOUTS, paired
## (bench/tool-cost.txt, as bench-state).  Needs valgrind for the counts.
BENCH_TOOL_ROWS = $(BENCH_STATE_ROWS)
bench_tool_layout_libs = $(foreach l,$(BENCH_LAYOUTS), \
	bench/layouts/ours-$(l)/libgomp.so.1 \
	bench/layouts/notool-$(l)/libgomp.so.1)
.PHONY: bench-tool
bench-tool: all bench/ompbench bench/notool/libgomp.so.1 \
		$(bench_tool_layout_libs)
	@set -- 1; test $(BENCH_THREADS) = 1 || set -- 1 $(BENCH_THREADS); \
	for n in "$$@"; do \
	  out=bench/tool-count.txt; \
	  test $$n = $(BENCH_THREADS) || out=bench/tool-count-$$n.txt; \
	  $(SHELL) $(srcdir)/bench/state-count.sh -b bench/ompbench \
	    -n '$(BENCH_COUNT_REPS)' -t $$n -o $$out \
	    'ours=$(abs_top_builddir)/runtime/.libs' \
	    'notool=$(abs_top_builddir)/bench/notool' \
	    -- $(BENCH_TOOL_ROWS) || exit 1; \
	done
	@set --; ours=; notool=; \
	for l in $(BENCH_LAYOUTS); do \
	  set -- "$$@" "ours-$$l=$(abs_top_builddir)/bench/layouts/ours-$$l" \
	    "notool-$$l=$(abs_top_builddir)/bench/layouts/notool-$$l"; \
	  ours="$$ours+ours-$$l"; notool="$$notool+notool-$$l"; \
	done; \
	$(SHELL) $(srcdir)/bench/run-bench.sh -b bench/ompbench \
	  -o bench/tool-cost.txt -r '$(BENCH_STATE_ROUNDS)' \
	  -G "ours:$${ours#+}/notool:$${notool#+}" \
	  -n '$(BENCH_THREADS)' "$$@" -- $(BENCH_TOOL_ROWS)

## `make bench-tool-on`: what each construct costs with a tool that
## wants every event, counted: our runtime with bench/noop-tool.so
## (every callback registered, each empty) against it without a tool, on
## one thread and on BENCH_THREADS (bench/tool-on-count-1.txt,
## bench/tool-on-count.txt).  Needs valgrind.
bench/noop-tool.so: $(srcdir)/bench/noop-tool.c \
		$(top_srcdir)/libompd/omp-tools.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) -I$(top_srcdir) $(AM_CFLAGS) $(CFLAGS) -fPIC -shared \
	  $(LDFLAGS) -o $@ $(srcdir)/bench/noop-tool.c
.PHONY: bench-tool-on
bench-tool-on: all bench/ompbench bench/noop-tool.so
	@set -- 1; test $(BENCH_THREADS) = 1 || set -- 1 $(BENCH_THREADS); \
	for n in "$$@"; do \
	  out=bench/tool-on-count.txt; \
	  test $$n = $(BENCH_THREADS) || out=bench/tool-on-count-$$n.txt; \
	  $(SHELL) $(srcdir)/bench/state-count.sh -b bench/ompbench \
	    -n '$(BENCH_COUNT_REPS)' -t $$n -o $$out \
	    'tool=$(abs_top_builddir)/runtime/.libs,$(abs_top_builddir)/bench/noop-tool.so' \
	    'ours=$(abs_top_builddir)/runtime/.libs' \
	    -- $(BENCH_TOOL_ROWS) || exit 1; \
	done

## `make bench-scale`: a region, a barrier, a task and a taskloop in teams
## of BENCH_SCALE_SIZES threads, far beyond the CPUs, on our runtime,
## the system's libgomp and libomp, in one run (bench/run-scale.sh):
## bench/scale.txt (elapsed and CPU seconds per construct, ours over the
## better peer) and bench/scale.svg (gnuplot).  Some ten minutes.
BENCH_SCALE_SIZES = 2 4 8 16 32 64 128 256 512 1024 2048 4096
BENCH_SCALE_SECONDS = 0.2
bench/scale: $(srcdir)/bench/scale.c config.h
	@$(MKDIR_P) bench
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) \
	  -fopenmp $(AM_CFLAGS) $(CFLAGS) $(LDFLAGS) \
	  -o $@ $(srcdir)/bench/scale.c $(LIBS)

.PHONY: bench-scale
bench-scale: all bench/scale
	@libomp_dir=; \
	if test -n '$(LIBOMP)'; then \
	  $(MKDIR_P) bench/libomp-compat && \
	  rm -f bench/libomp-compat/libgomp.so.1 && \
	  $(LN_S) '$(LIBOMP)' bench/libomp-compat/libgomp.so.1 && \
	  libomp_dir='$(BENCH_LIBOMP_DIR)' || exit 1; \
	fi; \
	$(SHELL) $(srcdir)/bench/run-scale.sh -b bench/scale \
	  -o bench/scale.txt -m '$(BENCH_SCALE_SECONDS)' \
	  -T '$(BENCH_SCALE_SIZES)' \
	  'ours=$(abs_top_builddir)/runtime/.libs' \
	  'libgomp=$(SYSTEM_LIBGOMP_DIR)' "libomp=$$libomp_dir"
