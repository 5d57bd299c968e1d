## tests/collector/ -- the collector interface (runtime/omp_collector_api.h)
## and `ompdbg profile' on it.  On our runtime only, not in tests/runtime:
## GCC's libgomp has no __omp_collector_api, so a test there could check
## nothing of the interface, and a test that passes with no check is no
## test.
check_PROGRAMS += tests/collector/api
tests_collector_api_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS)
tests_collector_api_LDFLAGS = -fopenmp
tests_collector_api_LDADD = $(DL_LIBS)
TESTS += tests/collector/api.sh
EXTRA_DIST += tests/collector/api.sh

## `ompdbg profile' on programs whose profile is known (profile.sh).
tests_collector_prof = tests/collector/prof-imbalance tests/collector/prof-lock \
	tests/collector/prof-nested tests/collector/prof-many
check_PROGRAMS += $(tests_collector_prof)
tests/collector/prof-%: AM_CFLAGS = -fopenmp -O1 -g $(TEST_WARN_CFLAGS)
tests/collector/prof-%: AM_LDFLAGS = -fopenmp
TESTS += tests/collector/profile.sh
EXTRA_DIST += tests/collector/profile.sh tests/collector/prof-work.h \
	tests/collector/flame.py

## `ompdbg report' on profiles at the edges, written by synth-profile.py
## (report-edges.sh).
TESTS += tests/collector/report-edges.sh
EXTRA_DIST += tests/collector/report-edges.sh tests/collector/synth-profile.py
