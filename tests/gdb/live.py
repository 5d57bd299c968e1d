#!/usr/bin/python3
"""live.py -- `ompd threads', `ompd parallel', `ompd tasks', `ompd info'
in live processes stopped inside OpenMP: a parallel region with threads
at a barrier, nested regions, an explicit task, a taskwait, a lock wait
a critical-section wait, and
deferred tasks (queued, waiting for a dependence).  Every check compares with the ground truth
the scene program wrote about itself (tests/gdb/scenes.c); OMPD must have
initialised by itself (no `ompd init')."""

import os

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
for scene in ("parallel", "nested", "task", "taskwait", "lock", "critical",
              "deps"):
    truth = os.path.join(d, scene + ".truth")
    g, out = T.run_to_stop(scene, truth)
    T.check("[ompd] OMPD ready" in out,
            "live %s: OMPD initialised by itself during `run'" % scene)
    T.no_traceback(out, "live %s: run" % scene)
    SC.check_scene(g, scene, T.read_truth(truth), "live")
    if scene == "parallel":
        SC.check_info(g, "live")
    g.quit()
T.finish()
