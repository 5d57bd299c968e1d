#!/usr/bin/python3
"""core.py -- the checks of live.py on core files: `gcore' cores of every
scene, opened in a fresh gdb (`gdb scenes CORE'), and kernel cores (the
scene aborts in scene_stop) where the machine writes them to a file
(skipped when core_pattern pipes cores to a helper or the limit forbids
them)."""

import os
import resource
import subprocess
import time

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
for scene in ("parallel", "nested", "task", "taskwait", "lock", "critical",
              "deps"):
    core, truth = T.make_gcore(scene, d)
    g = T.open_core(core)
    T.check("[ompd] OMPD ready" in g.startup,
            "gcore %s: OMPD initialised when the core was loaded" % scene)
    T.no_traceback(g.startup, "gcore %s: loading" % scene)
    SC.check_scene(g, scene, T.read_truth(truth), "gcore")
    if scene == "parallel":
        SC.check_info(g, "gcore", core=True)
    g.quit()
    os.unlink(core)

# Kernel cores.
pattern = open("/proc/sys/kernel/core_pattern").read().strip()
if pattern.startswith("|"):
    T.log("kernel cores go to a helper (%s): kernel-core checks skipped"
          % pattern)
else:
    for scene in ("parallel", "lock"):
        kd = os.path.join(d, "k-" + scene)
        os.mkdir(kd)
        truth = os.path.join(kd, scene + ".truth")

        def limits():
            resource.setrlimit(resource.RLIMIT_CORE,
                               (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        env = T.clean_env({"LD_LIBRARY_PATH": T.OURS})
        p = subprocess.run([T.SCENES, scene, truth, "abort"], cwd=kd, env=env,
                           preexec_fn=limits, timeout=120,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        cores = [f for f in os.listdir(kd) if f.startswith("core")]
        if not cores:
            T.log("no kernel core written (pattern %s, exit %d): kernel-core "
                  "checks skipped" % (pattern, p.returncode))
            break
        core = os.path.join(kd, cores[0])
        g = T.open_core(core)
        T.check("[ompd] OMPD ready" in g.startup,
                "kernel core %s: OMPD initialised" % scene)
        SC.check_scene(g, scene, T.read_truth(truth), "kernel core")
        g.quit()
T.finish()
