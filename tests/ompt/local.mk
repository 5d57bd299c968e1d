## tests/ompt/ -- the OMPT tool interface of the runtime.
##
## activation.sh: how a tool is found (OMP_TOOL, OMP_TOOL_LIBRARIES,
## OMP_TOOL_VERBOSE_INIT), with tool libraries the script builds.
## archer.sh: LLVM's Archer on GCC programs built with -fsanitize=thread
## (tests/ompt/archer/*.c, built by the script: they need the
## sanitizer's flags, which the suite's programs must not have).
tests_ompt_sh = tests/ompt/archer.sh tests/ompt/activation.sh
TESTS += $(tests_ompt_sh)
tests_ompt_archer = \
	tests/ompt/archer/atomics.c \
	tests/ompt/archer/barrier.c \
	tests/ompt/archer/critical.c \
	tests/ompt/archer/locks.c \
	tests/ompt/archer/ordered.c \
	tests/ompt/archer/parallel-for.c \
	tests/ompt/archer/racy-for.c \
	tests/ompt/archer/racy-lock.c \
	tests/ompt/archer/racy-nowait.c \
	tests/ompt/archer/racy-task.c \
	tests/ompt/archer/reduction.c \
	tests/ompt/archer/single-copyprivate.c \
	tests/ompt/archer/task-depend.c \
	tests/ompt/archer/task-mutexinoutset.c \
	tests/ompt/archer/taskgroup.c \
	tests/ompt/archer/taskloop.c \
	tests/ompt/archer/taskwait.c \
	tests/ompt/archer/cxx-containers.cc \
	tests/ompt/archer/racy-cxx.cc \
	tests/ompt/archer/fortran.f90 \
	tests/ompt/archer/racy-fortran.f90
EXTRA_DIST += $(tests_ompt_sh) $(tests_ompt_archer)

## events.sh: the OMPT test tool (tool.c, linked into each program, where
## the runtime finds its ompt_start_tool) records every event; each
## program checks them against what it knows, one construct family
## each, on our runtime and, as the differential reference, on LLVM's
## libomp (configure's LIBOMP, as libgomp.so.1) where its OMPT
## reports the construct alike.
tests_ompt_programs = \
	tests/ompt/parallel \
	tests/ompt/tasks \
	tests/ompt/sync \
	tests/ompt/mutex \
	tests/ompt/work \
	tests/ompt/cancel \
	tests/ompt/lock25 \
	tests/ompt/control \
	tests/ompt/teams \
	tests/ompt/target
check_PROGRAMS += $(tests_ompt_programs)
tests_ompt_flags = -fopenmp -g -O1 $(TEST_WARN_CFLAGS)
tests_ompt_parallel_SOURCES = tests/ompt/parallel.c tests/ompt/tool.c \
	tests/ompt/tool.h tests/ompt/common.h
tests_ompt_tasks_SOURCES = tests/ompt/tasks.c tests/ompt/tool.c
tests_ompt_sync_SOURCES = tests/ompt/sync.c tests/ompt/tool.c
tests_ompt_mutex_SOURCES = tests/ompt/mutex.c tests/ompt/tool.c
tests_ompt_work_SOURCES = tests/ompt/work.c tests/ompt/tool.c
tests_ompt_cancel_SOURCES = tests/ompt/cancel.c tests/ompt/tool.c
tests_ompt_lock25_SOURCES = tests/ompt/lock25.c tests/ompt/tool.c
tests_ompt_control_SOURCES = tests/ompt/control.c tests/ompt/tool.c
tests_ompt_teams_SOURCES = tests/ompt/teams.c tests/ompt/tool.c
tests_ompt_target_SOURCES = tests/ompt/target.c tests/ompt/tool.c
tests/ompt/%: AM_CFLAGS = $(tests_ompt_flags)
tests/ompt/%: AM_LDFLAGS = -fopenmp -rdynamic
tests/ompt/%: LIBS += -ldl
TESTS += tests/ompt/events.sh
EXTRA_DIST += tests/ompt/events.sh
