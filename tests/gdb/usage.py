#!/usr/bin/python3
"""usage.py -- small user-visible behaviours of the plugin's commands and
functions, in the lock scene: `show ompd' lists the settings, the
convenience functions check their arguments and give a wait id as a
pointer, `ompd icvs NAME...' answers in the order asked, `ompd bt N'
shows N frames, place-partition-var shows places, under non-stop the threads that run
are marked so, and deleting the last `ompd break' switches the
runtime's event flag off again.  Under MI, a run notifies no change of
the `language' parameter (the plugin's symbol lookups must not set it).
"""

import os
import re
import subprocess

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
truth = os.path.join(d, "lock.truth")
g, out = T.run_to_stop("lock", truth)
tr = T.read_truth(truth)
gm = SC.gdb_threads(g)

o = g.cmd("show ompd")
T.no_traceback(o, "show ompd")
T.check("ompd library is" in o and "ompd debug is" in o,
        "show ompd lists the settings (got %r)" % o)

o = g.cmd("print $_omp_thread_num(1, 2)")
T.check("at most one argument" in o,
        "$_omp_thread_num(1, 2) is an error (got %r)" % o)
o = g.cmd('print $_omp_thread_num("x")')
T.check("expected a gdb thread number" in o,
        "$_omp_thread_num(\"x\") is an error (got %r)" % o)

waiter = [t for t in T.truth_of(tr, "thread") if t.get("wait") == "lock"][0]
sym = [s for s in T.truth_of(tr, "symbol") if s["name"] == "scene_lock"][0]
o = g.cmd("print $_omp_wait_id(%d)" % gm[int(waiter["tid"])])
T.check("(void *) 0x%x" % int(sym["addr"], 16) in o and "<scene_lock>" in o,
        "$_omp_wait_id of the waiting thread is the pointer %s <scene_lock> "
        "(got %r)" % (sym["addr"], o))

o = g.cmd("ompd icvs thread-limit-var nthreads-var dyn-var")
names = [r["ICV"] for r in T.parse_table(o, "ICV")]
T.check(names == ["thread-limit-var", "nthreads-var", "dyn-var"],
        "ompd icvs NAME... answers in the order asked (got %s)" % names)

o = g.cmd("ompd bt 1")
T.no_traceback(o, "ompd bt 1")
T.check(re.search(r"(?m)^#0 ", o) is not None and
        re.search(r"(?m)^#1 ", o) is None and "More stack frames" in o,
        "ompd bt 1 shows one frame (got %r)" % o)

o = g.cmd("ompd break parallel-begin")
T.check("breakpoints are on" in o, "ompd break switches the flag on")
o = g.cmd("print (int) ompdbg_bp_enabled")
T.check(o.strip().endswith("= 1"), "the runtime's flag is 1 (got %r)" % o)
g.cmd("delete")
o = g.cmd("print (int) ompdbg_bp_enabled")
T.check(o.strip().endswith("= 0"), "deleting the last ompd break switches "
        "the runtime's flag off (got %r)" % o)
g.quit()

# With places, place-partition-var shows them as OMP_PLACES writes them.
truth = os.path.join(d, "places.truth")
g, out = T.run_to_stop("parallel", truth, env_extra={
    "OMP_PLACES": "{0},{1}", "OMP_PROC_BIND": "spread"})
o = g.cmd("ompd icvs place-partition-var")
rows = T.parse_table(o, "ICV")
T.check(len(rows) == 1 and re.match(r"^\{[01]\}(,\{[01]\})*$",
                                    rows[0]["VALUE"]) is not None,
        "place-partition-var is a list of places of OMP_PLACES {0},{1} "
        "(got %s)" % (rows and rows[0]["VALUE"]))
g.quit()

# Non-stop: the threads that run on are marked as running.
truth = os.path.join(d, "nonstop.truth")
g, out = T.run_to_stop("parallel", truth, pre=("set non-stop on",))
tr = T.read_truth(truth)
# Thread 0 calls scene_stop; the others wait at the barrier.
stopper = [t for t in T.truth_of(tr, "thread") if t["num"] == "0"][0]["tid"]
rows = dict((r["LWP"], r) for r in T.parse_table(g.cmd("ompd threads"),
                                                  "GDB"))
for t in T.truth_of(tr, "thread"):
    r = rows.get(t["tid"])
    want = "work_parallel" if t["tid"] == stopper else "(running)"
    T.check(r is not None and r["STATE"] == want,
            "non-stop: LWP %s's state is %s (got %s)"
            % (t["tid"], want, r and r["STATE"]))
g.cmd("interrupt -a")
g.quit()

# MI: the notifications of a run to scene_stop with OMPD coming up.
truth = os.path.join(d, "mi.truth")
p = subprocess.run([T.GDB, "-nx", "-q", "-i=mi", "-batch", "-iex",
                    "set startup-with-shell off", "-x", T.PLUGIN, "-ex",
                    "break scene_stop", "-ex", "run", "-ex", "ompd threads",
                    "-ex", "kill", "--args", T.SCENES, "lock", truth],
                   env=T.clean_env({"LD_LIBRARY_PATH": T.OURS}),
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   stdin=subprocess.DEVNULL, text=True, timeout=300)
T.check('*stopped,reason="breakpoint-hit"' in p.stdout and
        "OMPD ready" in p.stdout, "MI: the run reaches scene_stop with OMPD")
n = p.stdout.count('=cmd-param-changed,param="language"')
T.check(n == 0, "MI: a run notifies no change of `language' (got %d)" % n)
T.finish()
