#!/usr/bin/python3
"""endbarrier.py -- ompd_get_task_function for the implicit task of a
thread that waits at its region's end barrier while another member still
works (scene endbarrier: threads 1 and 2 at the end of a region of 3,
thread 0 in its code): it is the region's outlined function, the one
each thread reports running (its return address into it, mapped to its
function by gdb), asked of the thread's current task and of the
region's implicit task by number.  Live, with the hooks off (the
runtime's early join) and on (OMP_DEBUG=enabled), and from a core."""

import os
import re

import gdbtest as T

T.require_libompd()
d = T.tmpdir()

# For each OpenMP thread: `FN LWP CUR IMP', CUR the entry libompd gives
# for its current task, IMP for implicit task NUM of its region (0x0:
# none, or the return code).
PROBE = """python
import ctypes
from ompdbg_gdb import binding as B
from ompdbg_gdb import model as M
m = M.model()
def entry(task):
    a = B.ompd_address_t()
    rc = m.lib.call("ompd_get_task_function", task.handle, ctypes.byref(a),
                    ok=tuple(range(64)))
    return "0x%x" % a.address if rc == 0 else "rc%d" % rc
for t in m.threads():
    task = t.task()
    r = t.region()
    num = M.U.known(t.thread_num())
    imp = r.implicit_task(num) if r is not None and num is not None else None
    print("FN %s %s %s" % (t.lwp, entry(task) if task else "none",
                           entry(imp) if imp else "none"))
end"""


def outlined(g, ra):
    """The entry of the function containing RA, from the ELF symbol gdb
    names it by (`info symbol': NAME + OFFSET)."""
    o = g.cmd("info symbol %s" % ra)
    m = re.match(r"^(\S+)(?: \+ (\d+))? in section", o.strip())
    if m is None or "._omp_fn" not in m.group(1):
        return None
    return "0x%x" % (int(ra, 16) - int(m.group(2) or 0))


def check(g, tag, truth):
    T.no_traceback(g.startup, tag)
    out = g.cmd(PROBE)
    T.no_traceback(out, tag + ": probe")
    got = dict((l.split()[1], l.split()[2:]) for l in out.split("\n")
               if l.startswith("FN "))
    threads = T.truth_of(truth, "thread")
    T.check(len(threads) == 3, "%s: the program reports 3 threads" % tag)
    for t in threads:
        want = outlined(g, t["ra"])
        cur, imp = got.get(t["tid"], ("?", "?"))
        what = "waits at the region's end" if t.get("wait") == "end" \
            else "works in the region"
        T.check(want is not None and cur == want and imp == want,
                "%s: thread %s (LWP %s, %s): its implicit task's function "
                "is the region's outlined function %s (current task: %s, "
                "implicit task %s: %s)" % (tag, t["num"], t["tid"], what,
                                           want, cur, t["num"], imp))


for name, env in (("live", {}), ("live, OMP_DEBUG=enabled",
                                 {"OMP_DEBUG": "enabled"})):
    truth = os.path.join(d, "endbarrier.truth")
    g, out = T.run_to_stop("endbarrier", truth, env_extra=env)
    tr = T.read_truth(truth)
    check(g, name, tr)
    if not env:
        core = os.path.join(d, "endbarrier.core")
        g.cmd("gcore " + core, timeout=300)
    g.quit()
    if not env and os.path.exists(core):
        g = T.open_core(core)
        check(g, "core", tr)
        g.quit()
T.finish()
