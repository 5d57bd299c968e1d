#!/usr/bin/python3
"""noext.py -- the plugin on standard OMPD 5.1 only (`set ompd extension
off': what it does with another vendor's libompd, which has no
ompdbg_get_threads): the OpenMP threads are then found by mapping each
gdb thread's LWP with ompd_get_thread_handle, and every scene check of
live.py must still hold, live and on a core."""

import os

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
for scene in ("nested", "lock"):
    truth = os.path.join(d, scene + ".truth")
    g, out = T.run_to_stop(scene, truth, cmds=("set ompd extension off",))
    o = g.cmd("ompd info")
    T.check("ompdbg extension:  off" in o or
            "ompdbg extension: off" in o.replace("  ", " "),
            "noext %s: ompd info says the extension is off" % scene)
    SC.check_scene(g, scene, T.read_truth(truth), "noext live")
    core = os.path.join(d, scene + ".core")
    g.cmd("gcore " + core, timeout=120)
    g.quit()
    g = T.Gdb([T.SCENES, core])
    g.cmd("set ompd extension off")
    SC.check_scene(g, scene, T.read_truth(truth), "noext core")
    g.quit()
T.finish()
