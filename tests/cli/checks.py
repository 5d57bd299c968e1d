"""checks.py -- the ok:/FAIL: lines of the Python checkers of tests/cli
(compare.py, check-merge.py) and their count."""

import sys

checks = failures = 0


def ok(what):
    global checks
    checks += 1
    print("ok: " + what)


def fail(what):
    global checks, failures
    checks += 1
    failures += 1
    print("FAIL: " + what)


def finish(name):
    """Print NAME's count and exit: 1 when a check failed or none ran."""
    print("%s: %d checks, %d failed" % (name, checks, failures))
    sys.exit(1 if failures or not checks else 0)
