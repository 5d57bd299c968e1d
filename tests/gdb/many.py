#!/usr/bin/python3
"""many.py -- 256 OpenMP threads (oversubscribed on few cores), live and
from a gcore core: `ompd threads' lists every one with the thread number,
level and state the program reports, and costs little.  Its wall time is
printed (bench/gdb-threads.sh measures it properly; the target is 0.2 s)
and only held to a sanity bound, OMPDBG_MANY_LIMIT seconds (default 5,
against a pathological slowdown: `make check' runs tests side by side).

`ompd parallel --members' (every member listed, cold cache) must cost at
most 2 target reads per team member: the counters of `set ompd stats on'
give the reads that reached the target (gdb) and, apart, libompd's own
read callbacks, which the plugin's page cache serves; the latter are
printed and held to a loose bound (16 per member) against a regression
that would read per member far more than libompd needs."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
LIMIT = float(os.environ.get("OMPDBG_MANY_LIMIT", "5.0"))
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


PARALLEL = r'''python
from ompdbg_gdb.cache import cache
cache.invalidate()
gdb.execute("set ompd stats on")
s = gdb.execute("ompd parallel --members", to_string=True)
gdb.execute("set ompd stats off")
print("\\n".join(l for l in s.split("\\n") if l.startswith("[ompd stats]")
                 or "members:" in l))
end'''


def parallel_reads(g, where):
    out = g.cmd(PARALLEL, timeout=120)
    m = re.search(r"\[ompd stats\] ompd parallel: ([0-9.]+) s, (\d+) libompd "
                  r"calls, (\d+) libompd reads, (\d+) memory requests, (\d+) "
                  r"target reads", out)
    if not T.check(m is not None, where + ": ompd parallel --members with "
                   "stats ran"):
        return
    members = sum(len(l.split("members: ", 1)[1].split(", "))
                  for l in out.split("\n") if "members: " in l)
    T.check(members == N, "%s: the %d members of the region are listed "
            "(got %d)" % (where, N, members))
    lreads, treads = int(m.group(3)), int(m.group(5))
    T.log("%s: ompd parallel --members: %s s, %d target reads (%.2f per "
          "member), %d libompd reads (%.2f per member)"
          % (where, m.group(1), treads, treads / float(N), lreads,
             lreads / float(N)))
    T.check(0 < treads <= 2 * N, "%s: ompd parallel costs at most 2 target "
            "reads per team member (%.2f)" % (where, treads / float(N)))
    T.check(lreads <= 16 * N, "%s: libompd reads per member stay under 16 "
            "(%.2f)" % (where, lreads / float(N)))


truth = os.path.join(d, "many.truth")
g, out = T.run_to_stop("parallel%d" % N, truth)
timed(g, "live")
SC.check_threads(g, "parallel%d" % N, T.read_truth(truth), "live")
parallel_reads(g, "live")
core = os.path.join(d, "many.core")
g.cmd("gcore " + core, timeout=300)
g.quit()
g = T.Gdb([T.SCENES, core])
timed(g, "core")
SC.check_threads(g, "parallel%d" % N, T.read_truth(truth), "core")
SC.check_parallel(g, "parallel%d" % N, T.read_truth(truth), "core")
parallel_reads(g, "core")
g.quit()
T.finish()
