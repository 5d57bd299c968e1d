#!/usr/bin/python3
"""attach.py -- `gdb -p PID' on a hung OpenMP program (scene `nested'
and `lock' in hang mode: the stopping thread sleeps forever in
scene_stop): OMPD initialises while attaching and the scene checks hold;
then `ompd bt' of a worker reaches main through the encountering
thread."""

import os
import subprocess
import time

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
for scene in ("nested", "lock"):
    truth = os.path.join(d, scene + ".truth")
    p = subprocess.Popen([T.SCENES, scene, truth, "hang"],
                         env=T.clean_env({"LD_LIBRARY_PATH": T.OURS}),
                         stdout=subprocess.DEVNULL)
    try:
        for i in range(600):
            if os.path.exists(truth) and "ready" in open(truth).read():
                break
            time.sleep(0.05)
        else:
            T.hard("%s did not get ready" % scene)
        time.sleep(0.2)
        g = T.Gdb(["-p", str(p.pid), T.SCENES])
        if "ptrace: Operation not permitted" in g.startup:
            g.kill()
            T.skip("gdb may not attach here (ptrace_scope)")
        T.check("[ompd] OMPD ready" in g.startup,
                "attach %s: OMPD initialised while attaching" % scene)
        T.no_traceback(g.startup, "attach %s" % scene)
        SC.check_scene(g, scene, T.read_truth(truth), "attach")
        if scene == "nested":
            gm = SC.gdb_threads(g)
            for t in T.truth_of(T.read_truth(truth), "thread"):
                out = g.cmd("ompd bt --thread %d" % gm[int(t["tid"])])
                T.no_traceback(out, "attach nested: ompd bt")
                lines = [l for l in out.split("\n") if l.startswith("#")]
                T.check(lines and " main " in lines[-1] + " ",
                        "attach nested: LWP %s's OpenMP backtrace ends in main"
                        % t["tid"])
                T.check(any("#pragma omp parallel at scenes.c:%s" % t["line"]
                            in l for l in lines),
                        "attach nested: LWP %s's backtrace shows its region's "
                        "#pragma omp parallel at scenes.c:%s"
                        % (t["tid"], t["line"]))
                T.check(not any("GOMP_" in l or "gomp_" in l for l in lines),
                        "attach nested: no runtime frame in LWP %s's "
                        "backtrace" % t["tid"])
        g.cmd("detach")
        g.quit()
    finally:
        p.kill()
        p.wait()
T.finish()
