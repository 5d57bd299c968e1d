#!/usr/bin/python3
"""noext.py -- the plugin on standard OMPD 5.1 only (`set ompd extension
off': what it does with another vendor's libompd, which has no
ompdbg_get_threads): the OpenMP threads are then found by mapping each
gdb thread's LWP with ompd_get_thread_handle, and every scene check of
live.py must still hold, live and on a core.  Deferred tasks cannot be
listed with standard OMPD: `ompd tasks' must say so in one line (scene
`deps' has some), not silently show nothing."""

import os

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
def check_no_deferred(g, where):
    out = g.cmd("ompd tasks")
    T.no_traceback(out, where + ": ompd tasks")
    lines = [l for l in out.split("\n") if "Deferred tasks" in l]
    T.check(len(lines) == 1 and "need" in lines[0] and
            "ompdbg extension" in lines[0] and "Deferred tasks (not "
            "started):\n" not in out,
            "%s: ompd tasks says in one line that deferred tasks need the "
            "extension (got %s)" % (where, lines))
    T.check("No deferred tasks." not in out,
            "%s: ompd tasks does not claim there are none" % where)
    out = g.cmd("ompd tasks --no-deferred")
    T.check("Deferred" not in out, "%s: not with --no-deferred" % where)


for scene in ("nested", "lock", "deps"):
    truth = os.path.join(d, scene + ".truth")
    g, out = T.run_to_stop(scene, truth, cmds=("set ompd extension off",))
    o = g.cmd("ompd info")
    T.check("ompdbg extension:  off" in o or
            "ompdbg extension: off" in o.replace("  ", " "),
            "noext %s: ompd info says the extension is off" % scene)
    SC.check_scene(g, scene, T.read_truth(truth), "noext live",
                   deferred=False)
    if scene == "deps":
        check_no_deferred(g, "noext live deps")
    core = os.path.join(d, scene + ".core")
    g.cmd("gcore " + core, timeout=120)
    g.quit()
    g = T.Gdb([T.SCENES, core])
    g.cmd("set ompd extension off")
    SC.check_scene(g, scene, T.read_truth(truth), "noext core",
                   deferred=False)
    if scene == "deps":
        check_no_deferred(g, "noext core deps")
    g.quit()
T.finish()
