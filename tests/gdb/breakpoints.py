#!/usr/bin/python3
"""breakpoints.py -- `ompd break': set before `run' (pending, the runtime's
hooks switched on as it starts) and in a running process (the plugin
writes the runtime's enable flag: no OMP_DEBUG), the OMPD design's names,
what a hit prints (the region's code with file:line, the team size, the
task, the thread), `--user' stopping at the first line of the region's or
task's own code (and refused for the events after which no such code
starts), `--temporary', every event (parallel-begin/-end, task-begin/-end,
thread-begin/-end) and the refusal on a core.  Ground truth: scenes
`task' (one region of 2 threads, one explicit task), `nested' (three
regions) and `parallel' (4 threads), as each run under gdb writes it."""

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
T.no_traceback(out, "--user: continue")
o = g.cmd("frame")
T.check("scene_task._omp_fn" in o and "ompd_bp" not in o,
        "--user: stopped in the region's own code (the outlined function)")
# The first line of that code: GCC gives the outlined function's first
# line-table row, after the prologue, the line of its `#pragma omp'.
T.check(re.search(r"scenes\.c:%s\n%s\s" % (reg["line"], reg["line"]), o)
        is not None, "--user: stopped at the first line of the region's code, "
        "scenes.c:%s" % reg["line"])
o = g.cmd("info breakpoints")
T.check("maintenance ompd-user-code" in o and "ompd_bp_parallel_begin" in o,
        "--user: the event breakpoint carries the commands that do it")
g.cmd("delete")
o = g.cmd("ompd break nonsense")
T.check("unknown event" in o, "an unknown event is refused")
core = os.path.join(d, "task.core")
g.cmd("gcore " + core, timeout=120)
g.quit()


def hits(out, event):
    """[(rest of the line)] of the `[ompd] EVENT' lines of OUT."""
    return re.findall(r"^\[ompd\] %s(.*)$" % re.escape(event), out,
                      flags=re.M)


def run_to_exit(g, first="run", limit=40):
    """Run or continue until the program exits; all the output."""
    out = g.cmd(first, timeout=120)
    for i in range(limit):
        if "exited" in out.split("\n(gdb")[0][-300:] or \
                re.search(r"\[Inferior \d+ \(process \d+\) exited", out):
            break
        out += g.cmd("continue", timeout=60)
    return out


def lwp_of(rest):
    m = re.search(r"\(LWP (\d+)", rest)
    return m.group(1) if m else None


# 4. --user is refused for the events after which no user code starts.
g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
for ev in ("parallel-end", "task-end", "thread-begin", "thread-end",
           "parallel_post_execute", "task_post_execute"):
    o = g.cmd("ompd break %s --user" % ev)
    T.check("--user is only for parallel-begin and task-begin" in o and
            "Traceback" not in o, "--user is refused for %s" % ev)
o = g.cmd("info breakpoints")
T.check("No breakpoints" in o, "a refused ompd break makes no breakpoint")

# 5. task-begin --user --temporary: the first task to begin is the
# primary's implicit task; the stop is at its code's first line, and the
# event breakpoint is gone.
o = g.cmd("ompd break task_pre_execute --user --temporary")
out = g.cmd("run", timeout=120)
T.no_traceback(out, "task-begin --user --temporary")
T.check(len(hits(out, "task-begin: implicit task #pragma omp parallel at "
                 "scenes.c:%s" % reg["line"])) == 1,
        "task_pre_execute: the implicit task of scenes.c:%s begins"
        % reg["line"])
o = g.cmd("frame")
T.check(re.search(r"scene_task\._omp_fn\.\d+ .*scenes\.c:%s\n%s\s"
                  % (reg["line"], reg["line"]), o) is not None,
        "task-begin --user: stopped at the first line of the region's code")
o = g.cmd("info breakpoints")
T.check("ompd_bp_task_begin" not in o,
        "--temporary: the event breakpoint is deleted after its hit")

# 6. task-end / parallel-end through the design's names, to the end.
g.cmd("ompd break task_post_execute")
g.cmd("ompd break parallel_post_execute")
out = run_to_exit(g, "continue")
tr = T.read_truth(truth)
tk = T.truth_of(tr, "task")[0]
ends = hits(out, "task-end: ")
T.check(len(ends) == 3, "task_post_execute: 3 task-end hits (2 implicit "
        "tasks, 1 explicit) (got %d)" % len(ends))
exp = [e for e in ends if e.startswith("explicit task #pragma omp task at "
                                       "scenes.c:%s " % tk["line"])]
T.check(len(exp) == 1 and lwp_of(exp[0]) == tk["tid"],
        "task-end of the explicit task of scenes.c:%s on LWP %s, the thread "
        "that ran it" % (tk["line"], tk["tid"]))
imp = [e for e in ends if e.startswith("implicit task #pragma omp parallel "
                                       "at scenes.c:%s " % reg["line"])]
T.check(len(imp) == 2 and len(set(lwp_of(e) for e in imp)) == 2,
        "task-end of the 2 implicit tasks of scenes.c:%s, on 2 threads"
        % reg["line"])
pend = hits(out, "parallel-end: ")
main = T.truth_of(tr, "main")[0]["tid"]
T.check(len(pend) == 1 and pend[0].startswith(
    "#pragma omp parallel at scenes.c:%s (in scene_task), team of %s, "
    "level 1, on thread 1 (LWP %s, OpenMP thread 0)"
    % (reg["line"], reg["size"], main)),
    "parallel_post_execute: one parallel-end of scenes.c:%s, team of %s, on "
    "the primary thread (LWP %s) (got %s)" % (reg["line"], reg["size"], main,
                                             pend))
T.check(out.find("[ompd] parallel-end") > max(out.find("[ompd] task-end: "
                                                       + e) for e in imp),
        "parallel-end comes after the implicit tasks' ends")
g.quit()

# 7. --temporary against a breakpoint that stays: scene nested has three
# regions.
ntruth = os.path.join(d, "nested.truth")
g = T.Gdb(["--args", T.SCENES, "nested", ntruth], env=env)
g.cmd("ompd break parallel-begin --temporary")
g.cmd("ompd break parallel-end")
out = run_to_exit(g)
T.no_traceback(out, "nested: to the end")
ntr = T.read_truth(ntruth)
regs = T.truth_of(ntr, "region")
outer = [r for r in regs if r["level"] == "1"][0]
inner = [r for r in regs if r["level"] == "2"][0]
pb = hits(out, "parallel-begin: ")
T.check(len(pb) == 1 and pb[0].startswith(
    "#pragma omp parallel at scenes.c:%s (in scene_nested), team of 2, "
    "level 1," % outer["line"]),
    "--temporary: parallel-begin stops once, at the outer region of "
    "scenes.c:%s (got %s)" % (outer["line"], pb))
pe = hits(out, "parallel-end: ")
want = sorted(["scenes.c:%s level 2" % inner["line"]] * 2 +
              ["scenes.c:%s level 1" % outer["line"]])
got = sorted(re.sub(r".* at (scenes\.c:\d+) .*, level (\d+),.*",
                    r"\1 level \2", p) for p in pe)
T.check(got == want, "parallel-end (no --temporary) stops at all 3 "
        "regions: %s (got %s)" % (want, got))
T.check(pe and re.search(r"level 1, on thread 1 \(LWP %s, OpenMP thread 0\)"
                         % T.truth_of(ntr, "main")[0]["tid"], pe[-1])
        is not None, "the outer region ends last, on the initial thread")
T.check(all("team of 2" in p for p in pe), "every region ends with its "
        "team of 2")
g.quit()

# 8. thread-begin and thread-end (scene parallel, 4 threads): every
# OpenMP thread begins once (the initial one too); only the initial
# thread ends, at exit (pool threads never pass thread-end).
ptruth = os.path.join(d, "parallel.truth")
g = T.Gdb(["--args", T.SCENES, "parallel", ptruth], env=env)
g.cmd("ompd break thread-begin")
g.cmd("ompd break thread_end")
out = run_to_exit(g)
T.no_traceback(out, "thread events: to the end")
ptr = T.read_truth(ptruth)
tids = sorted(t["tid"] for t in T.truth_of(ptr, "thread"))
main = T.truth_of(ptr, "main")[0]["tid"]
tb = [lwp_of(h) for h in hits(out, "thread-begin on ")]
T.check(sorted(tb) == tids, "thread-begin once on each of the 4 OpenMP "
        "threads %s (got %s)" % (tids, sorted(tb)))
T.check(tb and tb[0] == main, "the initial thread begins first")
te = hits(out, "thread-end on ")
T.check(len(te) == 1 and lwp_of(te[0]) == main and
        "OpenMP thread 0" in te[0],
        "thread-end once, on the initial thread (LWP %s) (got %s)"
        % (main, te))
g.quit()

# 3. A core does not run.
g = T.Gdb([T.SCENES, core])
o = g.cmd("ompd break parallel-begin")
T.check("core file" in o and "Traceback" not in o,
        "core: ompd break is refused with a message")
g.quit()
T.finish()
