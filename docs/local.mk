## docs/ -- documentation, and the example programs `./build.sh demo` runs.
dist_doc_DATA += README.md docs/installing.md docs/running.md \
	docs/environment.md docs/runtime.md docs/ompd.md
EXTRA_DIST += docs/examples/hello.c
CLEANFILES += docs/examples/hello

docs/examples/hello: $(srcdir)/docs/examples/hello.c
	@$(MKDIR_P) docs/examples
	$(AM_V_CC)$(CC) -fopenmp -O2 $(CFLAGS) -o $@ $(srcdir)/docs/examples/hello.c

.PHONY: demo
demo: all docs/examples/hello ompdbg
	@echo '== An unmodified gcc -fopenmp program on the ompdbg runtime:'
	@echo '$$ OMP_DISPLAY_ENV=verbose ompdbg run docs/examples/hello'
	@OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./ompdbg run docs/examples/hello 2>&1
	@echo
	@echo '== The same binary on the system libgomp:'
	@LD_LIBRARY_PATH=$(SYSTEM_LIBGOMP_DIR) OMP_NUM_THREADS=2 docs/examples/hello
