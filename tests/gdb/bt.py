#!/usr/bin/python3
"""bt.py -- `ompd bt', the frame filter (`set ompd bt on|off') and the
convenience functions, live and on a core.  Ground truth: scenes `nested'
(4 threads, 2 levels), `regionend' (a worker stopped while its primary
thread waits at the region's end) and `lock' (a thread waiting for
scene_lock)."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()


def check_bt(g, truth, where):
    gm = SC.gdb_threads(g)
    for t in T.truth_of(truth, "thread"):
        n = gm[int(t["tid"])]
        out = g.cmd("ompd bt --thread %d" % n)
        T.no_traceback(out, where + ": ompd bt")
        lines = [l for l in out.split("\n") if l.startswith("#")]
        T.check(lines and re.search(r"\bmain\b", lines[-1]) is not None,
                "%s: thread %d's OpenMP backtrace ends in main" % (where, n))
        T.check(any("#pragma omp parallel at scenes.c:%s" % t["line"] in l
                    for l in lines), "%s: thread %d's backtrace shows "
                "#pragma omp parallel at scenes.c:%s" % (where, n, t["line"]))
        T.check(not any(re.search(r"\b(GOMP_|gomp_)", l) for l in lines),
                "%s: no runtime frames in thread %d's backtrace" % (where, n))
        if t.get("ancestors", "0,0") != "0,0":
            T.check("was entered by thread" in out,
                    "%s: worker thread %d continues into its encountering "
                    "thread" % (where, n))
        # Convenience functions.
        for fn, want in (("_omp_thread_num", t["num"]),
                         ("_omp_level", t["level"]),
                         ("_omp_active_level", t["active"]),
                         ("_omp_team_size", t["size"])):
            o = g.cmd("print $%s(%d)" % (fn, n))
            T.check(re.search(r"= %s$" % want, o.strip()) is not None,
                    "%s: $%s(%d) = %s" % (where, fn, n, want))


# Live, nested.
truth = os.path.join(d, "nested.truth")
g, out = T.run_to_stop("nested", truth)
tr = T.read_truth(truth)
check_bt(g, tr, "live")
gm = SC.gdb_threads(g)
worker = [t for t in T.truth_of(tr, "thread") if t["ancestors"] == "1,1"][0]
g.cmd("thread %d" % gm[int(worker["tid"])])
o = g.cmd("bt")
T.check("#pragma omp parallel" in o and "GOMP_" not in o and
        "gomp_" not in o, "live: the frame filter labels outlined functions "
        "and hides runtime frames in bt")
g.cmd("set ompd bt off")
o = g.cmd("bt")
T.check("_omp_fn" in o and "#pragma" not in o and
        ("gomp_" in o or "GOMP_" in o or "libgomp" in o or "start_thread" in o),
        "live: set ompd bt off gives the plain bt back")
g.cmd("set ompd bt on")
o = g.cmd("print $_omp_thread_num() == %s" % worker["num"])
T.check(o.strip().endswith("= 1"), "live: $_omp_thread_num() of the "
        "selected thread")
o = g.cmd("print $_omp_state()")
T.check('"work_parallel"' in o, "live: $_omp_state() of a spinning thread")
core = os.path.join(d, "nested.core")
g.cmd("gcore " + core, timeout=120)
g.quit()

g = T.Gdb([T.SCENES, core])
check_bt(g, tr, "core")
g.quit()

# Region end: thread 1 stops in the region while its primary thread has
# left the region's code and waits at the region's end; the stitched
# backtrace still reaches main through the primary's frames (the
# runtime's region entry, tail-calling its end, is no frame there), and
# says where the primary is.
truth = os.path.join(d, "regionend.truth")
g, out = T.run_to_stop("regionend", truth)
tr = T.read_truth(truth)
gm = SC.gdb_threads(g)
for where in ("live", "core"):
    if where == "core":
        core = os.path.join(d, "regionend.core")
        g.cmd("gcore " + core, timeout=120)
        g.quit()
        g = T.Gdb([T.SCENES, core])
        gm = SC.gdb_threads(g)
    w = [t for t in T.truth_of(tr, "thread") if t["wait"] == "none"][0]
    n = gm[int(w["tid"])]
    out = g.cmd("ompd bt --thread %d" % n)
    T.no_traceback(out, where + " regionend: ompd bt")
    lines = [l for l in out.split("\n") if l.startswith("#")]
    T.check(lines and re.search(r"\bmain\b", lines[-1]) is not None
            and any("#pragma omp parallel at scenes.c:%s" % w["line"] in l
                    for l in lines),
            "%s regionend: thread %d's backtrace runs the region's code and "
            "ends in main" % (where, n))
    T.check("finished the region's code and waits at its end barrier" in out
            and "not on thread" not in out,
            "%s regionend: the primary thread is said to be at the region's "
            "end barrier" % where)
g.quit()

# Lock: the state function of the waiter, and a breakpoint condition.
truth = os.path.join(d, "lock.truth")
g, out = T.run_to_stop("lock", truth)
tr = T.read_truth(truth)
gm = SC.gdb_threads(g)
waiter = [t for t in T.truth_of(tr, "thread") if t["wait"] == "lock"][0]
n = gm[int(waiter["tid"])]
o = g.cmd("print $_omp_state(%d)" % n)
T.check('"wait_lock"' in o, "live: $_omp_state(%d) is wait_lock" % n)
sym = [s for s in T.truth_of(tr, "symbol") if s["name"] == "scene_lock"][0]
o = g.cmd("print $_omp_wait_id(%d) == (long) &scene_lock" % n)
T.check(o.strip().endswith("= 1"), "live: $_omp_wait_id(%d) is &scene_lock"
        % n)
o = g.cmd("print $_omp_thread_num(99999)")
T.check("no gdb thread" in o, "an unknown thread number is an error")
g.quit()
T.finish()
