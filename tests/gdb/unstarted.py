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
   OS thread does not exist yet, listed as being created.
2. A thread the runtime has registered whose OS thread does not exist yet
   (stopped at the runtime's first pthread_create call): listed once,
   "being created", without GDB number or LWP, besides a row for every
   thread gdb has.  Ground truth: gdb's own thread list."""

import os
import re

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
    rows = threads_table(g, where)
    T.check(all(r.get("GDB") != "-"
                or (r.get("LWP") == "-"
                    and r.get("WAIT", "").startswith(BEING_CREATED))
                for r in rows),
            "%s: every OpenMP thread has its gdb thread or is being created "
            "(rows %s)" % (where, [(r.get("GDB"), r.get("LWP"),
                                    r.get("WAIT")) for r in rows]))
    mine = [r for r in rows if r.get("GDB") == str(num)]
    T.check(len(mine) == 1 and mine[0].get("LWP") == str(lwp)
            and mine[0].get("STATE", "").startswith("idle"),
            "%s: gdb thread %d (LWP %d), stopped before the runtime knew "
            "its LWP, is listed idle with its LWP (got %s)"
            % (where, num, lwp, mine))


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
g.kill()
g = T.open_core(core)
g.cmd("file " + T.SCENES)
num2, lwp2 = stopped_thread(g)
T.check(lwp2 == lwp, "core: gdb stopped in LWP %d, the live stop was in %d"
        % (lwp2, lwp))
check_listed(g, num2, lwp2, "core")
g.quit()

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
T.finish()
