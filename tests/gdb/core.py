#!/usr/bin/python3
"""core.py -- the checks of live.py on core files: `gcore' cores of every
scene, opened in a fresh gdb (`gdb scenes CORE'), and kernel cores (the
scene aborts in scene_stop) where the machine writes them to a file
(skipped, with the reason in the log, when core_pattern pipes cores to a
helper or elsewhere, the hard limit forbids them or none appears)."""

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

# Kernel cores: only where the kernel writes them as files in the
# program's directory, and the hard limit allows them; any failure to get
# one skips this part (said in the log), never the checks above.
def limits():
    # Raise the soft limit as far as the hard one: setting more than the
    # hard limit fails for an unprivileged process.
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


def kernel_core(scene, kd, truth):
    """The path of a kernel core of SCENE aborting in scene_stop, or None
    (with the reason logged)."""
    env = T.clean_env({"LD_LIBRARY_PATH": T.OURS})
    try:
        p = subprocess.run([T.SCENES, scene, truth, "abort"], cwd=kd,
                           env=env, preexec_fn=limits, timeout=120,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        T.log("%s did not abort within 120 s: kernel-core checks skipped"
              % scene)
        return None
    except (OSError, subprocess.SubprocessError) as e:
        T.log("cannot run %s for a kernel core (%s): kernel-core checks "
              "skipped" % (scene, e))
        return None
    for i in range(20):       # the kernel may still be writing it
        cores = [f for f in os.listdir(kd) if f.startswith("core")]
        if cores:
            time.sleep(0.2)
            return os.path.join(kd, cores[0])
        time.sleep(0.1)
    T.log("no kernel core written (pattern %s, exit %d, core limit %s): "
          "kernel-core checks skipped"
          % (pattern, p.returncode, resource.getrlimit(resource.RLIMIT_CORE)))
    return None


pattern = open("/proc/sys/kernel/core_pattern").read().strip()
hard = resource.getrlimit(resource.RLIMIT_CORE)[1]
if pattern.startswith("|"):
    T.log("kernel cores go to a helper (%s): kernel-core checks skipped"
          % pattern)
elif "/" in pattern:
    T.log("kernel cores go to another directory (%s): kernel-core checks "
          "skipped" % pattern)
elif hard == 0:
    T.log("the hard core size limit is 0: kernel-core checks skipped")
else:
    for scene in ("parallel", "lock"):
        kd = os.path.join(d, "k-" + scene)
        os.mkdir(kd)
        truth = os.path.join(kd, scene + ".truth")
        core = kernel_core(scene, kd, truth)
        if core is None:
            break
        g = T.open_core(core)
        T.check("[ompd] OMPD ready" in g.startup,
                "kernel core %s: OMPD initialised" % scene)
        T.no_traceback(g.startup, "kernel core %s: loading" % scene)
        SC.check_scene(g, scene, T.read_truth(truth), "kernel core")
        g.quit()
T.finish()
