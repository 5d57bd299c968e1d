## libompd/ -> libompd.so, the OMPD 5.1 library for our runtime, installed
## next to it in $(ompdbglibdir) (the runtime's ompd_dll_locations names
## the libompd.so in its own directory).  A debugger
## dlopens it: a plain module, no DT_NEEDED on the runtime, exporting only
## ompd_* and ompdbg_* (libompd.map).
ompdbglib_LTLIBRARIES += libompd/libompd.la

libompd_libompd_la_SOURCES = \
	libompd/libompd-int.h \
	libompd/ompdbg-layout.def \
	libompd/icv-table.def \
	libompd/initialize.c \
	libompd/target.c \
	libompd/format.c \
	libompd/handles.c \
	libompd/layout.c \
	libompd/address-space.c \
	libompd/registry.c \
	libompd/thread-handle.c \
	libompd/parallel-handle.c \
	libompd/task-handle.c \
	libompd/task-frame.c \
	libompd/states.c \
	libompd/display-vars.c \
	libompd/icvs.c \
	libompd/tool-data.c \
	libompd/threads.c \
	libompd/deferred-tasks.c \
	libompd/wait-holder.c \
	libompd/task-edges.c
libompd_libompd_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libompd
libompd_libompd_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
libompd_libompd_la_LDFLAGS = -module -avoid-version -no-undefined \
	-Wl,--version-script=$(srcdir)/libompd/libompd.map -Wl,-z,defs
EXTRA_libompd_libompd_la_DEPENDENCIES = libompd/libompd.map
EXTRA_DIST += libompd/libompd.map

ompdbgincludedir = $(includedir)/ompdbg
ompdbginclude_HEADERS = \
	libompd/omp-tools.h \
	libompd/ompdbg-ext.h
EXTRA_DIST += libompd/ompdbg-layout.h
