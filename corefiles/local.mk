## corefiles/ -- the debugger side in C (issue 4); for now the `ompdbg`
## command, whose `run` subcommand starts a program on our runtime.
bin_SCRIPTS += ompdbg
CLEANFILES += ompdbg
EXTRA_DIST += corefiles/ompdbg.in

ompdbg: $(srcdir)/corefiles/ompdbg.in Makefile
	$(AM_V_GEN)$(SED) -e 's|@ompdbglibdir[@]|$(ompdbglibdir)|g' \
	  -e 's|@libdir[@]|$(libdir)|g' -e 's|@prefix[@]|$(prefix)|g' \
	  -e 's|@exec_prefix[@]|$(exec_prefix)|g' \
	  -e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
	  -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/corefiles/ompdbg.in > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@
