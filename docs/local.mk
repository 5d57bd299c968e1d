## docs/ -- documentation, and the example programs `./build.sh demo` runs.
dist_doc_DATA += README.md docs/installing.md docs/running.md \
	docs/environment.md docs/runtime.md docs/ompd.md docs/ompt.md \
	docs/json.md docs/ompdbg-json.schema.json docs/profiling.md \
	docs/diagnose.md
## ompdbg(1); ompdbg-gdb(7) is gdb-plugin/'s.
dist_man1_MANS = docs/ompdbg.1
## Built like a user's program: plain gcc -fopenmp, with -g for gdb.  Also
## check programs: tests/gdb/demo.sh runs the demo and checks its output.
demo_programs = docs/examples/hello docs/examples/hang docs/examples/tasks \
	docs/examples/crash
check_PROGRAMS += $(demo_programs)
docs/examples/%: AM_CFLAGS = -fopenmp -g -O1
docs/examples/%: AM_LDFLAGS = -fopenmp
EXTRA_DIST += docs/examples/demo.sh DEVELOPERS.md

.PHONY: demo
demo: all $(demo_programs) ompdbg
	@echo '== An unmodified gcc -fopenmp program on the ompdbg runtime:'
	@echo '$$ OMP_DISPLAY_ENV=verbose ompdbg run docs/examples/hello'
	@OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./ompdbg run docs/examples/hello 2>&1
	@echo
	@echo '== The same binary on the system libgomp:'
	@LD_LIBRARY_PATH=$(SYSTEM_LIBGOMP_DIR) OMP_NUM_THREADS=2 docs/examples/hello
	@echo
	@$(SHELL) $(srcdir)/docs/examples/demo.sh
