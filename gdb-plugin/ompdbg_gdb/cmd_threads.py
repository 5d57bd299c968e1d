"""cmd_threads.py -- `ompd threads': one row per OpenMP thread."""

import gdb

from . import contract as C
from . import model as M
from . import session as S
from . import util as U

# ompt_state_t groups (omp-tools.h, through contract.py).
BARRIER_STATES = frozenset(v for n, v in C.STATES.items()
                           if n.startswith("ompt_state_wait_barrier"))
TASKWAIT = C.ompt_state_wait_taskwait
TASKGROUP = C.ompt_state_wait_taskgroup
LOCK_STATES = (C.ompt_state_wait_mutex, C.ompt_state_wait_lock)
CRITICAL = C.ompt_state_wait_critical
ATOMIC = C.ompt_state_wait_atomic
ORDERED = C.ompt_state_wait_ordered


def data_symbol(addr):
    """`name' or `name+off' of a data address, or None."""
    try:
        s = gdb.format_address(addr)
    except Exception:
        return None
    i = s.find("<")
    if i < 0:
        return None
    return s[i + 1:s.rindex(">")]


def describe_wait(m, t):
    """What thread T waits for, in words (empty when not waiting)."""
    state, wid = t.state()
    if state is None:
        return ""
    if state in BARRIER_STATES:
        r = t.region()
        if r is not None:
            return "barrier of region #%s (level %s)" % (m.region_id(r),
                                                          r.level())
        return "barrier"
    if not wid:
        return ""
    sym = data_symbol(wid)
    if state == CRITICAL:
        if sym and sym.startswith(".gomp_critical_user_"):
            return "critical (%s)" % sym[len(".gomp_critical_user_"):]
        if sym and "gomp_critical_lock" in sym:
            return "critical (unnamed)"
        return "critical at 0x%x%s" % (wid, " <%s>" % sym if sym else "")
    if state == ATOMIC:
        return "atomic"
    if state in LOCK_STATES:
        return "lock 0x%x%s" % (wid, " <%s>" % sym if sym else "")
    if state in (TASKWAIT, TASKGROUP):
        return "%s 0x%x" % ("taskwait" if state == TASKWAIT else "taskgroup",
                            wid)
    if state == ORDERED:
        return "ordered 0x%x" % wid
    return "0x%x%s" % (wid, " <%s>" % sym if sym else "")


def thread_row(m, sess, t):
    state, wid = t.state()
    r = t.region()
    task = t.task()
    num = t.thread_num()
    st = t.status()
    if st == "being created":
        wait = "being created (no OS thread yet)"
    elif st == "assigned, not started":
        wait = st
    else:
        wait = describe_wait(m, t)
    return [str(t.gdb_num) if t.gdb_num is not None else "-",
            str(t.lwp) if t.lwp else "-",
            "-" if num is None else str(num),
            sess.state_name(state) if state is not None else "?",
            wait,
            ("#%s L%s" % (m.region_id(r), r.level())) if r is not None else "-",
            ("%s: %s" % (task.kind(), task.label())) if task is not None
            else "-"]


class OmpdThreads(U.OmpdCommand):
    """List every OpenMP thread of the process.

Usage: ompd threads

One row per OpenMP thread, from the runtime's thread registry (live or in
a core file, no breakpoint needed):
  GDB     gdb's thread number (use `thread N' to switch to it)
  LWP     the kernel thread id
  OMP     the OpenMP thread number in its innermost team (omp_get_thread_num)
  STATE   the OpenMP thread state (OMPT names: work_parallel, wait_barrier...)
  WAIT    what a waiting thread waits for: lock address and symbol, the
          name of a critical section, the barrier of region #N; "being
          created" for a thread whose OS thread does not exist yet (GDB
          and LWP are then "-"); "assigned, not started" for a member of
          a team that has not begun its implicit task (right after the
          region starts), shown with its number and region
  REGION  the innermost parallel region: #id (see `ompd parallel') and level
  TASK    the current task: kind and function with file:line"""

    def __init__(self):
        super(OmpdThreads, self).__init__("ompd threads", gdb.COMMAND_STATUS)

    def run(self, arg, from_tty):
        if U.split_args(arg):
            raise gdb.GdbError("ompd threads takes no arguments")
        sess = S.current()
        m = M.model(sess)
        ts = m.threads()
        if not ts:
            gdb.write("No OpenMP threads (the runtime has not started any "
                      "yet).\n")
            return
        m.regions()
        rows = [thread_row(m, sess, t) for t in ts]
        U.table(["GDB", "LWP", "OMP", "STATE", "WAIT", "REGION", "TASK"],
                rows)
