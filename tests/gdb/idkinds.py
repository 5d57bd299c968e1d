#!/usr/bin/python3
"""idkinds.py -- the plugin on a libompd that maps threads by pthread_t
only, as LLVM's does (tests/gdb/pthread-ompd.la in front of ours, loaded
with `set ompd library'), with and without the ompdbg extension: gdb's
threads are found by their pthread ids, and `ompd threads', `ompd bt'
and the convenience functions give what the scene's truth says, as with
the LWP kind.  Ground truth: scene `nested' (4 threads, 2 levels)."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
shim = os.path.join(T.BUILDDIR, "tests", "gdb", ".libs", "pthread-ompd.so")
if not os.path.exists(shim):
    T.hard("%s is not built" % shim)

for ext in ("on", "off"):
    where = "pthread kind, extension %s" % ext
    truth = os.path.join(d, "nested-%s.truth" % ext)
    g, out = T.run_to_stop("nested", truth,
                           cmds=("set ompd library " + shim,
                                 "set ompd extension " + ext))
    o = g.cmd("ompd info")
    T.check("pthread-ompd" in o, "%s: the pthread-only libompd is loaded"
            % where)
    tr = T.read_truth(truth)
    SC.check_threads(g, "nested", tr, where)
    gm = SC.gdb_threads(g)
    for t in T.truth_of(tr, "thread"):
        n = gm[int(t["tid"])]
        out = g.cmd("ompd bt --thread %d" % n)
        T.no_traceback(out, "%s: ompd bt" % where)
        lines = [l for l in out.split("\n") if l.startswith("#")]
        T.check(lines and re.search(r"\bmain\b", lines[-1]) is not None,
                "%s: thread %d's OpenMP backtrace ends in main" % (where, n))
        o = g.cmd("print $_omp_thread_num(%d)" % n)
        T.check(o.strip().endswith("= %s" % t["num"]),
                "%s: $_omp_thread_num(%d) = %s" % (where, n, t["num"]))
    g.quit()
T.finish()
