## runtime/config/linux/ -- the Linux side of runtime/os.h, included by
## runtime/local.mk when configure picks this folder for the host.
runtime_libgomp_la_SOURCES += \
	runtime/config/linux/os-inline.h \
	runtime/config/linux/proc.c \
	runtime/config/linux/affinity.c \
	runtime/config/linux/futex-hash.c
