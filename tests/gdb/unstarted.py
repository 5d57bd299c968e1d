#!/usr/bin/python3
"""unstarted.py -- OpenMP threads on their way into existence.

1. A pool thread the runtime has created that has not recorded its LWP
   yet (stopped at the entry of the runtime's worker_main, as a core
   dumped at that moment shows it): `ompd threads' lists it as gdb's
   thread with that pthread id -- its GDB number and LWP, idle -- live and
   on a gcore core, not as an OpenMP thread no gdb thread matches.
   Ground truth: the thread gdb stopped in.  Other pool threads may be at
   any point of their creation then (the master goes on creating them
   while gdb reports the stop): each is either gdb's thread or, when its
   OS thread does not exist yet, listed as being created.  ompdbg, on the
   same core, gives that thread the state, number and wait gdb gives it;
   and again once the thread, run alone, has recorded its LWP in its
   descriptor but not in the registry's index, and the master, run alone,
   has entered the region the thread is a member of: `assigned, not
   started' in both.
2. A thread the runtime has registered whose OS thread does not exist yet
   (stopped at the runtime's first pthread_create call): listed once,
   "being created", without GDB number or LWP, besides a row for every
   thread gdb has.  Ground truth: gdb's own thread list.
3. A member of a team that has not begun its implicit task (scene
   `unstarted' holds thread 1 of its region on its way in): one answer
   in every command -- `ompd threads' shows its number and region and
   "assigned, not started", `ompd parallel' the same member,
   $_omp_thread_num() its number, `ompd bt' says so and goes on into the
   region's encountering task down to main -- live, on a gcore core and
   on a kernel core (where the machine writes one).  Ground truth: the
   scene's `unstarted' line."""

import json
import os
import re
import resource
import subprocess
import time

import gdbtest as T

T.require_libompd()
d = T.tmpdir()


def stopped_thread(g):
    """(gdb number, LWP) of the thread gdb stopped in."""
    o = g.cmd('python t = gdb.selected_thread(); '
              'print("STOPPED", t.num, t.ptid[1])')
    m = re.search(r"STOPPED (\d+) (\d+)", o)
    if not m:
        T.hard("no selected thread: " + o)
    return int(m.group(1)), int(m.group(2))


BEING_CREATED = "being created"


def threads_table(g, where):
    out = g.cmd("ompd threads")
    T.no_traceback(out, where + ": ompd threads")
    return T.parse_table(out, "GDB")


def check_listed(g, num, lwp, where):
    """Checks gdb's row of the stopped thread; returns it."""
    rows = threads_table(g, where)
    T.check(all(r.get("GDB") != "-"
                or (r.get("LWP") == "-"
                    and r.get("WAIT", "").startswith(BEING_CREATED))
                for r in rows),
            "%s: every OpenMP thread has its gdb thread or is being created "
            "(rows %s)" % (where, [(r.get("GDB"), r.get("LWP"),
                                    r.get("WAIT")) for r in rows]))
    mine = [r for r in rows if r.get("GDB") == str(num)]
    # Idle, or -- when the master has handed it the region while gdb
    # reported the stop -- that region's member not started, by the
    # number the team gave it (WORKER_NUM, from the scene's truth).
    assigned = len(mine) == 1 and \
        mine[0].get("WAIT") == "assigned, not started"
    T.check(len(mine) == 1 and mine[0].get("LWP") == str(lwp)
            and (mine[0].get("STATE", "").startswith("idle") or assigned),
            "%s: gdb thread %d (LWP %d), stopped before the runtime knew "
            "its LWP, is listed idle or assigned with its LWP (got %s)"
            % (where, num, lwp, mine))
    if assigned:
        later.append((where, lwp, mine[0].get("OMP")))
    return mine[0] if len(mine) == 1 else {}


INSPECT = os.path.join(T.BUILDDIR, "corefiles", "ompdbg-inspect")


def check_ompdbg(core, lwp, row):
    """ompdbg on CORE shows thread LWP as gdb's ROW does."""
    r = subprocess.run([INSPECT, "threads", "--json", T.SCENES, core],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    try:
        threads = json.loads(r.stdout)["threads"]
    except (ValueError, KeyError) as e:
        T.check(False, "ompdbg threads --json on the core: %s (%s)"
                % (e, r.stderr.strip()))
        return
    mine = [t for t in threads if t.get("lwp") == lwp]
    got = (mine[0].get("state"), mine[0].get("wait") or "",
           mine[0].get("omp")) if len(mine) == 1 else None
    want = (row.get("STATE"), row.get("WAIT", ""),
            int(row["OMP"]) if row.get("OMP", "-").isdigit() else None)
    T.check(got is not None and got[0] is not None
            and want[0].startswith(got[0]) and got[1] == want[1]
            and got[2] == want[2],
            "ompdbg threads shows LWP %d, stopped before the registry "
            "had its LWP, as gdb does on %s (gdb %s, ompdbg %s)"
            % (lwp, os.path.basename(core), want, got))


# Members listed as assigned: their number is checked against the truth
# the program writes once they run the region.
later = []


def check_later():
    tr = T.read_truth(truth)
    nums = dict((t["tid"], t["num"]) for t in T.truth_of(tr, "thread"))
    for where, lwp, omp in later:
        T.check(nums.get(str(lwp)) == omp,
                "%s: LWP %d, listed as assigned, not started, has the "
                "thread number it then runs the region with (%s, listed %s)"
                % (where, lwp, nums.get(str(lwp)), omp))


truth = os.path.join(d, "parallel.truth")
g = T.Gdb(["--args", T.SCENES, "parallel", truth],
          env={"LD_LIBRARY_PATH": T.OURS},
          pre=("set breakpoint pending on",))
g.cmd("break worker_main")
out = g.cmd("run", timeout=120)
if "ptrace: Operation not permitted" in out or "Could not trace" in out:
    g.kill()
    T.skip("gdb may not trace processes here")
if "hit Breakpoint" not in out or "worker_main" not in out:
    T.log(out)
    g.kill()
    T.hard("the program did not stop at worker_main")
num, lwp = stopped_thread(g)
check_listed(g, num, lwp, "live")
core = os.path.join(d, "unstarted.core")
g.cmd("gcore " + core, timeout=120)
# The held thread alone to where it has recorded its LWP in its
# descriptor but not yet in the registry's index (the call that follows
# in worker_main), then the master alone into the region (scene_parallel's
# first call is me()): the held thread is then its team's member.
g.cmd("set scheduler-locking on")
g.cmd("tbreak gomp_stack_guard_thread")
g.cmd("continue", timeout=120)
g.cmd("thread 1")
g.cmd("tbreak me")
for _ in range(16):
    g.cmd("thread 1")
    if " me (" in g.cmd("frame"):
        break
    g.cmd("continue", timeout=120)
held_rows = [r for r in threads_table(g, "held") if r.get("LWP") == str(lwp)]
T.check(len(held_rows) == 1
        and held_rows[0].get("WAIT") == "assigned, not started",
        "held: the master in the region, LWP %d still in worker_main is its "
        "member, assigned, not started (got %s)" % (lwp, held_rows))
held_core = os.path.join(d, "assigned.core")
g.cmd("gcore " + held_core, timeout=120)
g.cmd("set scheduler-locking off")
# Let the program write its truth: which LWP is which thread number.
g.cmd("delete")
g.cmd("continue", timeout=120)
g.kill()
g = T.open_core(core)
g.cmd("file " + T.SCENES)
num2, lwp2 = stopped_thread(g)
T.check(lwp2 == lwp, "core: gdb stopped in LWP %d, the live stop was in %d"
        % (lwp2, lwp))
row = check_listed(g, num2, lwp2, "core")
g.quit()
check_ompdbg(core, lwp2, row)
if held_rows:
    check_ompdbg(held_core, lwp, held_rows[0])
check_later()

# 2. The master inside its first pthread_create: the thread it creates is
# registered (pool.c registers before pthread_create), its OS thread not
# there yet.
g = T.Gdb(["--args", T.SCENES, "parallel", truth],
          env={"LD_LIBRARY_PATH": T.OURS},
          pre=("set breakpoint pending on",))
g.cmd("break pthread_create")
out = g.cmd("run", timeout=120)
if "Breakpoint 1, " not in out or "pthread_create" not in out:
    T.log(out)
    g.kill()
    T.hard("the program did not stop in pthread_create")
T.check("start_routine=" in out and "<worker_main>" in out,
        "the first pthread_create is the runtime's, for a pool thread")
o = g.cmd('python print("GDBTHREADS", " ".join(str(t.ptid[1]) for t in '
          'gdb.selected_inferior().threads()))')
m = re.search(r"GDBTHREADS ([\d ]+)", o)
glwps = sorted(m.group(1).split()) if m else []
rows = threads_table(g, "in pthread_create")
made = [r for r in rows if r.get("WAIT", "").startswith(BEING_CREATED)]
T.check(len(made) == 1 and made[0].get("GDB") == "-"
        and made[0].get("LWP") == "-",
        "in pthread_create: one thread listed as being created, without "
        "GDB number or LWP (rows %s)" % rows)
T.check(sorted(r.get("LWP") for r in rows if r not in made) == glwps
        and glwps,
        "in pthread_create: the other rows are gdb's threads %s (rows %s)"
        % (glwps, rows))
g.kill()


# 3. A member not started.
def check_unstarted(g, tr, where):
    u = T.truth_of(tr, "unstarted")[0]
    gt = dict((int(k), v) for k, v in
              [p.split(":") for p in re.findall(r"\d+:\d+", g.cmd(
                  'python print(" ".join("%d:%d" % (t.ptid[1], t.num) for t '
                  'in gdb.selected_inferior().threads()))'))])
    n = int(gt.get(int(u["tid"]), 0))
    T.check(n > 0, "%s: the held thread LWP %s is a gdb thread" % (where,
                                                                 u["tid"]))
    rows = threads_table(g, where)
    mine = [r for r in rows if r.get("LWP") == u["tid"]]
    T.check(len(mine) == 1 and mine[0].get("OMP") == u["num"]
            and mine[0].get("WAIT") == "assigned, not started"
            and re.search(r"L%s\b" % u["level"], mine[0].get("REGION", ""))
            and not mine[0].get("STATE", "").startswith("idle"),
            "%s: ompd threads shows LWP %s as OpenMP thread %s of its level "
            "%s region, assigned, not started (got %s)"
            % (where, u["tid"], u["num"], u["level"], mine))
    out = g.cmd("ompd parallel --members")
    T.no_traceback(out, where + ": ompd parallel")
    T.check("%s: thread %d assigned, not started" % (u["num"], n) in out,
            "%s: ompd parallel lists thread %d as member %s, assigned, not "
            "started" % (where, n, u["num"]))
    o = g.cmd("print $_omp_thread_num(%d)" % n)
    T.check(o.strip().endswith("= %s" % u["num"]),
            "%s: $_omp_thread_num(%d) = %s" % (where, n, u["num"]))
    o = g.cmd("print $_omp_team_size(%d)" % n)
    T.check(o.strip().endswith("= %s" % u["size"]),
            "%s: $_omp_team_size(%d) = %s" % (where, n, u["size"]))
    out = g.cmd("ompd bt --thread %d" % n)
    T.no_traceback(out, where + ": ompd bt")
    frames = [l for l in out.split("\n") if l.startswith("#")]
    T.check("has not begun its implicit task" in out and frames
            and re.search(r"\bmain\b", frames[-1]) is not None
            and "was entered by thread" in out,
            "%s: ompd bt of thread %d says it has not begun its implicit "
            "task and continues into the encountering thread down to main"
            % (where, n))


utruth = os.path.join(d, "unstarted.truth")
g, out = T.run_to_stop("unstarted", utruth,
                       pre=("handle SIGUSR1 nostop noprint pass",))
tr = T.read_truth(utruth)
check_unstarted(g, tr, "live")
ucore = os.path.join(d, "held.core")
g.cmd("gcore " + ucore, timeout=120)
g.quit()
g = T.open_core(ucore)
check_unstarted(g, tr, "gcore core")
g.quit()


def raise_core_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


pattern = open("/proc/sys/kernel/core_pattern").read().strip()
if pattern.startswith("|") or "/" in pattern or \
        resource.getrlimit(resource.RLIMIT_CORE)[1] == 0:
    T.log("no kernel core here (pattern %s): kernel-core checks skipped"
          % pattern)
else:
    kd = os.path.join(d, "k")
    os.mkdir(kd)
    ktruth = os.path.join(kd, "unstarted.truth")
    subprocess.run([T.SCENES, "unstarted", ktruth, "abort"], cwd=kd,
                   env=T.clean_env({"LD_LIBRARY_PATH": T.OURS}),
                   preexec_fn=raise_core_limit, timeout=120,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cores = []
    for i in range(20):
        cores = [f for f in os.listdir(kd) if f.startswith("core")]
        if cores:
            time.sleep(0.2)
            break
        time.sleep(0.1)
    if not cores:
        T.log("no kernel core written: kernel-core checks skipped")
    else:
        g = T.open_core(os.path.join(kd, cores[0]))
        check_unstarted(g, T.read_truth(ktruth), "kernel core")
        g.quit()
T.finish()
