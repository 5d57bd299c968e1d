#!/usr/bin/python3
"""unstarted.py -- a pool thread the runtime has created that has not
recorded its LWP yet (stopped at the entry of the runtime's worker_main,
as a core dumped at that moment shows it): `ompd threads' lists it as
gdb's thread with that pthread id -- its GDB number and LWP, idle -- live
and on a gcore core, not as an OpenMP thread no gdb thread matches.
Ground truth: the thread gdb stopped in."""

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


def check_listed(g, num, lwp, where):
    out = g.cmd("ompd threads")
    T.no_traceback(out, where + ": ompd threads")
    rows = T.parse_table(out, "GDB")
    T.check(any(r.get("GDB") == "-" for r in rows) is False,
            "%s: every OpenMP thread has its gdb thread (rows %s)"
            % (where, [(r.get("GDB"), r.get("LWP")) for r in rows]))
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
T.finish()
