## runtime/ -> libgomp.so.1, installed in $(libdir)/ompdbg so that it never
## shadows the system's libgomp.  `ompdbg run` or LD_LIBRARY_PATH selects it.
ompdbglib_LTLIBRARIES = runtime/libgomp.la

runtime_libgomp_la_SOURCES = \
	runtime/internal.h \
	runtime/os.h \
	runtime/gomp-abi.h \
	runtime/init.c \
	runtime/error.c \
	runtime/env.c \
	runtime/display-env.c \
	runtime/wait.c \
	runtime/registry.c \
	runtime/join.c \
	runtime/pool.c \
	runtime/team.c \
	runtime/parallel.c \
	runtime/barrier.c \
	runtime/worksharing.c \
	runtime/iter.c \
	runtime/loop.c \
	runtime/loop-ull.c \
	runtime/ordered.c \
	runtime/doacross.c \
	runtime/sections.c \
	runtime/single.c \
	runtime/critical.c \
	runtime/lock.c \
	runtime/lock-compat.c \
	runtime/icv-api.c \
	runtime/query-api.c \
	runtime/affinity-fmt.c \
	runtime/places.c \
	runtime/time.c \
	runtime/fortran.c \
	runtime/teams.c \
	runtime/target.c \
	runtime/alloc.c \
	runtime/pause.c \
	runtime/error-directive.c \
	runtime/task.c \
	runtime/task-sched.c \
	runtime/task-map.c \
	runtime/task-map.h \
	runtime/tas-lock.h \
	runtime/idle.c \
	runtime/stack-guard.c \
	runtime/task-depend.c \
	runtime/taskwait.c \
	runtime/cancel.c \
	runtime/task-reduction.c \
	runtime/taskloop.c \
	runtime/ompd-support.c \
	runtime/collector.h \
	runtime/collector-internal.h \
	runtime/collector.c \
	runtime/collector-state.c \
	runtime/ompd-layout.h \
	libompd/ompdbg-layout.h \
	runtime/task-depend.h \
	runtime/offload.c \
	runtime/tool.h \
	runtime/tool-word.h \
	runtime/tool-mutex.h \
	runtime/tool-mutex.c \
	runtime/tool-mode.h \
	runtime/tool-mode.c \
	runtime/ompt.h \
	runtime/ompt-init.c \
	runtime/ompt-entry.c \
	runtime/ompt-events.c \
	runtime/ompt-control.c \
	runtime/ompt-target.c \
	runtime/ompt-chunks.c

## The operating system's side of runtime/os.h: the folder under
## runtime/config/ that configure picks for the host (OMPDBG_OS), which
## lists its own sources and holds os-inline.h, found through -I.
if OMPDBG_OS_LINUX
include runtime/config/linux/local.mk
endif

## No path is compiled in: ompd-support.c names the libompd.so in the
## runtime's own directory (libompd/local.mk installs it there), or
## $OMPDBG_LIBOMPD (the build tree's, set by its ompdbg and the tests).
runtime_libgomp_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(srcdir)/runtime/config/$(OMPDBG_OS) -I$(srcdir)/runtime
runtime_libgomp_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden -pthread \
	-ftls-model=initial-exec
runtime_libgomp_la_LDFLAGS = -version-info 1:0:0 -no-undefined -pthread \
	-Wl,--version-script=$(srcdir)/runtime/libgomp.map -Wl,-z,nodelete
runtime_libgomp_la_LIBADD = -lpthread
EXTRA_runtime_libgomp_la_DEPENDENCIES = runtime/libgomp.map
EXTRA_DIST += runtime/libgomp.map

## The collector interface's header, for collectors to include.
collectorincludedir = $(includedir)/ompdbg
collectorinclude_HEADERS = runtime/omp_collector_api.h

## Build-tree location of the runtime, for tests, bench and the demo.
RUNTIME_DIR = $(abs_top_builddir)/runtime/.libs

## The layout table for debuggers (libompd/ompdbg-layout.h): generated
## from the DWARF of ompd-layout-types.c, compiled like the runtime (its
## CPPFLAGS and CFLAGS) plus -g whatever CFLAGS say, by
## ompd-layout-gen, a build-machine program on libdw; the names it carries
## are listed in libompd/ompdbg-layout.def.  The types object is never
## linked into
## anything: a noinst library only so that automake compiles it with
## dependency tracking and per-target flags.
nodist_runtime_libgomp_la_SOURCES = runtime/ompd-layout-table.c
noinst_LIBRARIES += runtime/libompd-layout-types.a
runtime_libompd_layout_types_a_SOURCES = runtime/ompd-layout-types.c
runtime_libompd_layout_types_a_CPPFLAGS = $(runtime_libgomp_la_CPPFLAGS)
runtime_libompd_layout_types_a_CFLAGS = $(runtime_libgomp_la_CFLAGS) -g
noinst_PROGRAMS += runtime/ompd-layout-gen
runtime_ompd_layout_gen_SOURCES = runtime/ompd-layout-gen.c
runtime_ompd_layout_gen_LDADD = $(LIBDW_LIBS)
ompd_layout_types_obj = \
	runtime/libompd_layout_types_a-ompd-layout-types.$(OBJEXT)

runtime/ompd-layout-table.c: runtime/ompd-layout-gen$(EXEEXT) \
		runtime/libompd-layout-types.a
	$(AM_V_GEN)runtime/ompd-layout-gen$(EXEEXT) $(ompd_layout_types_obj) \
	  $@.tmp && mv $@.tmp $@
BUILT_SOURCES += runtime/ompd-layout-table.c
CLEANFILES += runtime/ompd-layout-table.c runtime/ompd-layout-table.c.tmp
