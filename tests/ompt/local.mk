## tests/ompt/ -- the OMPT tool interface of the runtime.
##
## archer.sh: LLVM's Archer on GCC programs built with -fsanitize=thread
## (tests/ompt/archer/*.c, built by the script: they need the
## sanitizer's flags, which the suite's programs must not have).
tests_ompt_sh = tests/ompt/archer.sh
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
	tests/ompt/archer/taskwait.c
EXTRA_DIST += $(tests_ompt_sh) $(tests_ompt_archer)
