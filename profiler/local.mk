## profiler/ -- `ompdbg profile' and `ompdbg report': a collector on the
## runtime's collector interface (runtime/omp_collector_api.h), preloaded
## into the program (ompdbg-collector.so), the launcher that preloads it
## (ompdbg-profile), and the report on elfutils (ompdbg-report).  Needs
## libunwind (configure.ac).
if HAVE_LIBUNWIND
profilerdir = $(pkglibexecdir)
profiler_LTLIBRARIES = profiler/ompdbg-collector.la
profiler_ompdbg_collector_la_SOURCES = profiler/collector.c \
	profiler/profile-format.h
profiler_ompdbg_collector_la_CFLAGS = $(AM_CFLAGS) $(LIBUNWIND_CFLAGS) -pthread
profiler_ompdbg_collector_la_LDFLAGS = -module -avoid-version -shared
profiler_ompdbg_collector_la_LIBADD = $(LIBUNWIND_LIBS) $(DL_LIBS) -lrt

pkglibexec_PROGRAMS += profiler/ompdbg-report
profiler_ompdbg_report_SOURCES = profiler/report.c profiler/stacks.c \
	profiler/strmap.c profiler/timeline.c profiler/report.h \
	profiler/strmap.h \
	profiler/profile-format.h
profiler_ompdbg_report_LDADD = $(LIBDW_LIBS) $(LIBELF_LIBS) $(DL_LIBS)

pkglibexec_SCRIPTS = profiler/ompdbg-profile
CLEANFILES += profiler/ompdbg-profile
profiler/ompdbg-profile: $(srcdir)/profiler/ompdbg-profile.in
	@$(MKDIR_P) profiler
	$(AM_V_GEN)cp $(srcdir)/profiler/ompdbg-profile.in $@.tmp \
	  && chmod +x $@.tmp && mv $@.tmp $@
endif
EXTRA_DIST += profiler/ompdbg-profile.in bench/profile-overhead.sh
