## tests/install/ -- make installcheck: the installed tree at
## $(DESTDIR)$(prefix), on its own.  Each script is run with the
## installation directories in its environment and the build tree's
## OMPDBG_* overrides unset (tests/install/subr.sh); hold is its program.
check_PROGRAMS += tests/install/hold
tests_install_hold_SOURCES = tests/install/hold.c
tests_install_hold_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS)
tests_install_hold_LDADD = $(DL_LIBS)

installcheck_scripts = \
	tests/install/paths.sh \
	tests/install/runtime.sh \
	tests/install/ompdbg.sh \
	tests/install/gdb.sh \
	tests/install/files.sh
EXTRA_DIST += $(installcheck_scripts) tests/install/subr.sh

## The runtime tests runtime.sh runs on the installed runtime.
installcheck_progs = tests/install/hold$(EXEEXT) \
	tests/runtime/ompd-hooks$(EXEEXT) tests/runtime/parallel$(EXEEXT) \
	tests/runtime/task-basic$(EXEEXT) tests/runtime/loop-static$(EXEEXT)

installcheck-local: $(installcheck_progs)
	@pass=0; fail=0; skip=0; \
	for t in $(installcheck_scripts); do \
	  env root='$(DESTDIR)' prefix='$(prefix)' bindir='$(bindir)' \
	    ompdbglibdir='$(ompdbglibdir)' pkglibexecdir='$(pkglibexecdir)' \
	    ompdbggdbdir='$(ompdbggdbdir)' gdbautoloaddir='$(gdbautoloaddir)' \
	    includedir='$(includedir)' mandir='$(mandir)' docdir='$(docdir)' \
	    CC='$(CC)' \
	    abs_top_builddir='$(abs_top_builddir)' \
	    abs_top_srcdir='$(abs_top_srcdir)' srcdir='$(srcdir)' \
	    $(SHELL) $(srcdir)/$$t > $$t.log 2>&1; \
	  rc=$$?; \
	  case $$rc in \
	    0) r=PASS; pass=$$((pass + 1)) ;; \
	    77) r=SKIP; skip=$$((skip + 1)) ;; \
	    *) r=FAIL; fail=$$((fail + 1)); cat $$t.log ;; \
	  esac; \
	  echo "$$r: $$t (log: $$t.log)"; \
	done; \
	echo "installcheck: $$pass passed, $$fail failed, $$skip skipped"; \
	test $$fail -eq 0
CLEANFILES += $(installcheck_scripts:.sh=.sh.log)
