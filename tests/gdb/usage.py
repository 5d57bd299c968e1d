#!/usr/bin/python3
"""usage.py -- small user-visible behaviours of the plugin's commands and
functions, in the lock scene: `show ompd' lists the settings, the
convenience functions check their arguments and give a wait id as a
pointer, `ompd icvs NAME...' answers in the order asked, `ompd bt N'
shows N frames, and deleting the last `ompd break' switches the
runtime's event flag off again."""

import os
import re

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
T.finish()
