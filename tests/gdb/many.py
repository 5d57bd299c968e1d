#!/usr/bin/python3
"""many.py -- 256 OpenMP threads (oversubscribed on few cores), live and
from a gcore core: `ompd threads' lists every one with the thread number,
level and state the program reports, and costs little: its wall time is
printed (bench/gdb-threads.sh reports the same figure) and must stay under
OMPDBG_MANY_LIMIT seconds (default 1.0 here, loose because `make check'
runs tests in parallel; the target is 0.2 s)."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
LIMIT = float(os.environ.get("OMPDBG_MANY_LIMIT", "1.0"))
N = 256
d = T.tmpdir()

TIMED = r'''python
import time
from ompdbg_gdb.cache import cache
cache.invalidate()
t0 = time.monotonic()
s = gdb.execute("ompd threads", to_string=True)
print("TIME %.4f ROWS %d" % (time.monotonic() - t0, len(s.strip().split("\n")) - 1))
end'''


def timed(g, where):
    out = g.cmd(TIMED, timeout=120)
    m = re.search(r"TIME ([0-9.]+) ROWS (\d+)", out)
    if not T.check(m is not None, where + ": timed ompd threads ran"):
        return
    t, rows = float(m.group(1)), int(m.group(2))
    T.log("%s: ompd threads on %d threads: %.3f s" % (where, rows, t))
    T.check(rows >= N, "%s: %d rows (got %d)" % (where, N, rows))
    T.check(t <= LIMIT, "%s: ompd threads took %.3f s (limit %.1f)"
            % (where, t, LIMIT))


truth = os.path.join(d, "many.truth")
g, out = T.run_to_stop("parallel%d" % N, truth)
timed(g, "live")
SC.check_threads(g, "parallel%d" % N, T.read_truth(truth), "live")
core = os.path.join(d, "many.core")
g.cmd("gcore " + core, timeout=300)
g.quit()
g = T.Gdb([T.SCENES, core])
timed(g, "core")
SC.check_threads(g, "parallel%d" % N, T.read_truth(truth), "core")
SC.check_parallel(g, "parallel%d" % N, T.read_truth(truth), "core")
g.quit()
T.finish()
