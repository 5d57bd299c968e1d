## gdb-plugin/ -- the gdb plugin: ompd.py and its package
## ompdbg_gdb/, plain Python on gdb's API and ctypes (nothing compiled).
##
## Installed as $(ompdbggdbdir)/ompd.py (+ ompdbg_gdb/), for
##   gdb -x $(ompdbggdbdir)/ompd.py ./app
## and as the gdb auto-load script of our runtime: gdb runs
## <auto-load dir><realpath of the objfile>-gdb.py when it loads
## libgomp.so.1.0.0, so plain `gdb ./app' gets the commands when the app
## runs on the installed runtime.  gdb searches its own data directory
## (/usr/share/gdb/auto-load) and runs scripts from there only; with
## another prefix gdb needs both said (auto-load.gdb, installed beside
## ompd.py, says them), or the script installed there (make install
## gdbautoloaddir=/usr/share/gdb/auto-load): docs/gdb.md, "Setting up".
ompdbggdbdir = $(datadir)/ompdbg/gdb
ompdbggdbpkgdir = $(ompdbggdbdir)/ompdbg_gdb
gdbautoloaddir = $(datadir)/gdb/auto-load
ompdbgautoloaddir = $(gdbautoloaddir)$(ompdbglibdir)

dist_ompdbggdb_DATA = gdb-plugin/ompd.py
gdb_plugin_pkg = \
	gdb-plugin/ompdbg_gdb/__init__.py \
	gdb-plugin/ompdbg_gdb/binding.py \
	gdb-plugin/ompdbg_gdb/callbacks.py \
	gdb-plugin/ompdbg_gdb/cache.py \
	gdb-plugin/ompdbg_gdb/session.py \
	gdb-plugin/ompdbg_gdb/ext.py \
	gdb-plugin/ompdbg_gdb/model.py \
	gdb-plugin/ompdbg_gdb/names.py \
	gdb-plugin/ompdbg_gdb/util.py \
	gdb-plugin/ompdbg_gdb/jsonout.py \
	gdb-plugin/ompdbg_gdb/commands.py \
	gdb-plugin/ompdbg_gdb/cmd_threads.py \
	gdb-plugin/ompdbg_gdb/cmd_parallel.py \
	gdb-plugin/ompdbg_gdb/cmd_tasks.py \
	gdb-plugin/ompdbg_gdb/cmd_diagnose.py \
	gdb-plugin/ompdbg_gdb/cmd_info.py \
	gdb-plugin/ompdbg_gdb/cmd_break.py \
	gdb-plugin/ompdbg_gdb/cmd_bt.py \
	gdb-plugin/ompdbg_gdb/functions.py \
	gdb-plugin/ompdbg_gdb/avail.py \
	gdb-plugin/ompdbg_gdb/elf.py
dist_ompdbggdbpkg_DATA = $(gdb_plugin_pkg)
nodist_ompdbggdbpkg_DATA = gdb-plugin/ompdbg_gdb/contract.py \
	gdb-plugin/ompdbg_gdb/places.py

## contract.py: the constants the plugin shares with libompd and the
## runtime (states, return codes, scopes, task kinds and states, where
## each state is kept), preprocessed from the C headers that define them,
## so that no value is typed twice.
gdb-plugin/ompdbg_gdb/contract.py: $(srcdir)/gdb-plugin/contract.py.in \
		$(srcdir)/libompd/omp-tools.h $(srcdir)/libompd/ompdbg-ext.h \
		$(srcdir)/libompd/ompdbg-layout.h
	@$(MKDIR_P) gdb-plugin/ompdbg_gdb
	$(AM_V_GEN)$(CPP) -P -x c -I$(top_srcdir) \
	  $(srcdir)/gdb-plugin/contract.py.in > $@.tmp \
	  && $(SED) '1,/<!-- end-c-headers -->/d' $@.tmp > $@.tmp2 \
	  && rm -f $@.tmp && mv $@.tmp2 $@
EXTRA_DIST += gdb-plugin/contract.py.in
CLEANFILES += gdb-plugin/ompdbg_gdb/contract.py

## places.py: the installation directories, with which the installed
## plugin finds its runtime and libompd (to put programs on it and to
## print commands with real paths).  From the build tree the plugin uses
## the build tree's (avail.py).
gdb-plugin/ompdbg_gdb/places.py: $(srcdir)/gdb-plugin/places.py.in Makefile
	@$(MKDIR_P) gdb-plugin/ompdbg_gdb
	$(AM_V_GEN)$(SED) -e 's|@bindir[@]|$(bindir)|g' \
	  -e 's|@ompdbglibdir[@]|$(ompdbglibdir)|g' \
	  -e 's|@ompdbggdbdir[@]|$(ompdbggdbdir)|g' \
	  -e 's|@gdbautoloaddir[@]|$(gdbautoloaddir)|g' \
	  $(srcdir)/gdb-plugin/places.py.in > $@.tmp && mv $@.tmp $@
EXTRA_DIST += gdb-plugin/places.py.in
CLEANFILES += gdb-plugin/ompdbg_gdb/places.py

## The plugin runs from the build tree too (tests, the demo, `ompdbg gdb'
## before installing): in a VPATH build its sources are copied beside the
## generated module, so that $(builddir)/gdb-plugin/ompd.py is complete.
gdb-plugin/stamp-plugin: $(srcdir)/gdb-plugin/ompd.py \
		$(addprefix $(srcdir)/,$(gdb_plugin_pkg))
	@$(MKDIR_P) gdb-plugin/ompdbg_gdb
	$(AM_V_GEN)if test '$(srcdir)' != .; then \
	  cp $(srcdir)/gdb-plugin/ompd.py gdb-plugin/ompd.py.tmp \
	  && mv gdb-plugin/ompd.py.tmp gdb-plugin/ompd.py \
	  && for f in $(gdb_plugin_pkg); do \
	    cp $(srcdir)/$$f $$f.tmp && mv $$f.tmp $$f || exit 1; \
	  done; \
	fi; touch $@
all-local: gdb-plugin/stamp-plugin gdb-plugin/ompdbg_gdb/contract.py \
	gdb-plugin/ompdbg_gdb/places.py
CLEANFILES += gdb-plugin/stamp-plugin
clean-local: clean-gdb-plugin-copies
clean-gdb-plugin-copies:
	if test '$(srcdir)' != .; then \
	  rm -f gdb-plugin/ompd.py $(gdb_plugin_pkg); \
	fi
.PHONY: clean-gdb-plugin-copies

## The auto-load script: named after the runtime's real file name
## (libtool -version-info 1:0:0 in runtime/local.mk).
ompdbgautoload_DATA = gdb-plugin/libgomp.so.1.0.0-gdb.py
nodist_ompdbggdb_DATA = gdb-plugin/auto-load.gdb
EXTRA_DIST += gdb-plugin/auto-load.gdb.in
CLEANFILES += gdb-plugin/auto-load.gdb

## auto-load.gdb: the two commands that make gdb find and run the
## auto-load script of another prefix than gdb's (for a gdbinit).
gdb-plugin/auto-load.gdb: $(srcdir)/gdb-plugin/auto-load.gdb.in Makefile
	@$(MKDIR_P) gdb-plugin
	$(AM_V_GEN)$(SED) -e 's|@ompdbggdbdir[@]|$(ompdbggdbdir)|g' \
	  -e 's|@gdbautoloaddir[@]|$(gdbautoloaddir)|g' \
	  $(srcdir)/gdb-plugin/auto-load.gdb.in > $@.tmp && mv $@.tmp $@
EXTRA_DIST += gdb-plugin/autoload.py.in
CLEANFILES += gdb-plugin/libgomp.so.1.0.0-gdb.py

gdb-plugin/libgomp.so.1.0.0-gdb.py: $(srcdir)/gdb-plugin/autoload.py.in Makefile
	@$(MKDIR_P) gdb-plugin
	$(AM_V_GEN)$(SED) -e 's|@ompdbggdbdir[@]|$(ompdbggdbdir)|g' \
	  $(srcdir)/gdb-plugin/autoload.py.in > $@.tmp && mv $@.tmp $@

## make check: pyflakes on the plugin and the Python tests.
TESTS += tests/lint/pyflakes.sh
EXTRA_DIST += tests/lint/pyflakes.sh

## Its documentation and the timing script of bench/.
dist_doc_DATA += docs/gdb.md
dist_man7_MANS = docs/ompdbg-gdb.7
EXTRA_DIST += bench/gdb-threads.sh
