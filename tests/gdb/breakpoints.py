#!/usr/bin/python3
"""breakpoints.py -- `ompd break': set before `run' (pending, the runtime's
hooks switched on as it starts) and in a running process (the plugin
writes the runtime's enable flag: no OMP_DEBUG), the OMPD design's names,
what a hit prints (the region's code with file:line, the team size, the
task), `--user' stopping at the region's own code, and the refusal on a
core.  Ground truth: scene `task' (one region of 2 threads, one explicit
task)."""

import os
import re
import subprocess

import gdbtest as T

T.require_libompd()
d = T.tmpdir()
truth = os.path.join(d, "task.truth")
env = {"LD_LIBRARY_PATH": T.OURS}

# The source lines of the scene's region and task, from a run without gdb
# (the hits come before the program writes them).
subprocess.run([T.SCENES, "task", truth], env=T.clean_env(env), check=True,
               stdout=subprocess.DEVNULL, timeout=120)
tr = T.read_truth(truth)
reg = T.truth_of(tr, "region")[0]
task = T.truth_of(tr, "task")

# 1. Before run: pending, switched on at start-up.
g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
o = g.cmd("ompd break parallel_pre_execute")
T.check("switched on when it starts" in o,
        "before run: ompd break says the hooks will be switched on")
out = g.cmd("run", timeout=120)
if "Operation not permitted" in out:
    T.skip("gdb may not trace processes here")
T.check("hit Breakpoint" in out and "ompd_bp_parallel_begin" in out,
        "before run: stopped in ompd_bp_parallel_begin")
T.check(re.search(r"\[ompd\] parallel-begin: #pragma omp parallel at "
                  r"scenes\.c:%s \(in scene_task\), team of %s, level 1"
                  % (reg["line"], reg["size"]), out) is not None,
        "before run: the hit names the region's code scenes.c:%s and its "
        "team of %s" % (reg["line"], reg["size"]))
o = g.cmd("ompd break task-begin")
out = ""
for i in range(6):
    o = g.cmd("continue", timeout=60)
    out += o
    if "explicit task" in o or "exited" in o:
        break
T.check(len(re.findall(r"\[ompd\] task-begin: implicit task", out)) >= 1,
        "task-begin hits for the implicit tasks")
T.check(re.search(r"\[ompd\] task-begin: explicit task #pragma omp task at "
                  r"scenes\.c:%s" % (task[0]["line"] if task else "?"), out)
        is not None, "task-begin hit for the explicit task of scenes.c:%s"
        % (task[0]["line"] if task else "?"))
g.quit()

# 2. In a running process: the plugin writes the enable flag.
g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
g.cmd("break main")
out = g.cmd("run", timeout=120)
o = g.cmd("print (int) ompdbg_bp_enabled")
T.check("= 0" in o, "running: the hooks are off without OMP_DEBUG")
o = g.cmd("ompd break parallel-begin --user")
T.check("breakpoints are on" in o, "running: ompd break switches the hooks "
        "on")
o = g.cmd("print (int) ompdbg_bp_enabled")
T.check("= 1" in o, "running: ompdbg_bp_enabled is now 1")
out = g.cmd("continue", timeout=60)
T.check("[ompd] parallel-begin: #pragma omp parallel at scenes.c:%s"
        % reg["line"] in out, "running: the hit names scenes.c:%s"
        % reg["line"])
o = g.cmd("frame")
T.check("scene_task._omp_fn" in o and "ompd_bp" not in o,
        "--user: stopped in the region's own code (the outlined function)")
g.cmd("delete")
o = g.cmd("ompd break nonsense")
T.check("unknown event" in o, "an unknown event is refused")
core = os.path.join(d, "task.core")
g.cmd("gcore " + core, timeout=120)
g.quit()

# 3. A core does not run.
g = T.Gdb([T.SCENES, core])
o = g.cmd("ompd break parallel-begin")
T.check("core file" in o and "Traceback" not in o,
        "core: ompd break is refused with a message")
g.quit()
T.finish()
