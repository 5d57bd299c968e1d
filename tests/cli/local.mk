## tests/cli/ -- the ompdbg tool without gdb (corefiles/ompdbg-inspect,
## ompdbg-merge): the same views as the gdb plugin's, its JSON documents
## valid under docs/ompdbg-json.schema.json (Debian's python3-jsonschema),
## and the merged stacks of many processes, with Open MPI where mpirun
## is installed.
tests_cli = \
	tests/cli/frontends.sh \
	tests/cli/aliases.sh \
	tests/cli/width.sh \
	tests/cli/width-views.sh \
	tests/cli/deferred.sh \
	tests/cli/merge.sh \
	tests/cli/mpi.sh
tests_abi += $(tests_cli)
EXTRA_DIST += $(tests_cli) tests/cli/compare.py tests/cli/json-check.py \
	tests/cli/checks.py tests/cli/check-deferred.py \
	tests/cli/check-merge.py tests/cli/check-width.py \
	tests/cli/check-width-views.py \
	tests/cli/check-aliases.py tests/cli/aliases.c \
	tests/cli/aliases-lib.c tests/cli/aliases.map \
	tests/cli/hybrid.c tests/cli/stuck.c
check_PROGRAMS += tests/cli/stuck
tests_cli_stuck_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS)
tests_cli_stuck_LDFLAGS = -fopenmp
