## corefiles/ -- the debugger side in C: libompdbg-target, a
## live process or a core file as an OMPD target on elfutils, the
## ompdbg-inspect program behind `ompdbg threads`, and the `ompdbg`
## command itself, whose `run` subcommand starts a program on our runtime.

## A libtool convenience library: linked into ompdbg-inspect and into the
## C tests (libompd's conformance tests too).  API: corefiles/ompdbg-target.h.
noinst_LTLIBRARIES += corefiles/libompdbg-target.la
corefiles_libompdbg_target_la_SOURCES = \
	corefiles/ompdbg-target.h \
	corefiles/target-internal.h \
	corefiles/errors.c \
	corefiles/target.c \
	corefiles/target-live.c \
	corefiles/target-core.c \
	corefiles/target-memory.c \
	corefiles/target-symbols.c \
	corefiles/target-threads.c \
	corefiles/target-tls.c \
	corefiles/callbacks.c \
	corefiles/session.c
corefiles_libompdbg_target_la_CFLAGS = $(AM_CFLAGS) -pthread
corefiles_libompdbg_target_la_LIBADD = $(LIBDW_LIBS) $(DL_LIBS)
corefiles_libompdbg_target_la_LDFLAGS = -pthread

pkglibexec_PROGRAMS = corefiles/ompdbg-inspect
corefiles_ompdbg_inspect_SOURCES = corefiles/ompdbg-inspect.c \
	corefiles/cli.h \
	corefiles/cli-json.c \
	corefiles/cli-model.c \
	corefiles/cli-names.c \
	corefiles/cli-stack.c \
	corefiles/cli-table.c \
	corefiles/view-threads.c \
	corefiles/view-parallel.c \
	corefiles/view-tasks.c \
	corefiles/view-deferred.c \
	corefiles/view-stacks.c \
	corefiles/diagnose.c
corefiles_ompdbg_inspect_LDADD = corefiles/libompdbg-target.la $(LIBDW_LIBS) $(DL_LIBS)

## The installed ompdbg knows only installed paths.  The build tree's
## ./ompdbg runs it on the build tree's files (corefiles/ompdbg-build.in).
bin_SCRIPTS += corefiles/ompdbg
noinst_SCRIPTS += ompdbg
CLEANFILES += corefiles/ompdbg ompdbg
EXTRA_DIST += corefiles/ompdbg.in corefiles/ompdbg-build.in \
	corefiles/ompdbg-merge.py

## The tree of many processes' stacks (ompdbg merge, stacks --merge).
install-exec-local: install-ompdbg-merge
install-ompdbg-merge:
	$(MKDIR_P) '$(DESTDIR)$(pkglibexecdir)'
	$(INSTALL_SCRIPT) $(srcdir)/corefiles/ompdbg-merge.py \
	  '$(DESTDIR)$(pkglibexecdir)/ompdbg-merge'
uninstall-local: uninstall-ompdbg-merge
uninstall-ompdbg-merge:
	rm -f '$(DESTDIR)$(pkglibexecdir)/ompdbg-merge'
.PHONY: install-ompdbg-merge uninstall-ompdbg-merge

corefiles/ompdbg: $(srcdir)/corefiles/ompdbg.in Makefile
	@$(MKDIR_P) corefiles
	$(AM_V_GEN)$(SED) -e 's|@bindir[@]|$(bindir)|g' \
	  -e 's|@ompdbglibdir[@]|$(ompdbglibdir)|g' \
	  -e 's|@pkglibexecdir[@]|$(pkglibexecdir)|g' \
	  -e 's|@ompdbggdbdir[@]|$(ompdbggdbdir)|g' \
	  -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/corefiles/ompdbg.in > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

ompdbg: $(srcdir)/corefiles/ompdbg-build.in corefiles/ompdbg Makefile
	$(AM_V_GEN)$(SED) -e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
	  -e 's|@abs_top_srcdir[@]|$(abs_top_srcdir)|g' \
	  $(srcdir)/corefiles/ompdbg-build.in > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@
