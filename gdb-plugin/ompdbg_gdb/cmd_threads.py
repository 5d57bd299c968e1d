"""cmd_threads.py -- `ompd threads': one row per OpenMP thread."""

import ctypes

import gdb

from . import binding as B
from . import contract as C
from . import ext as E
from . import model as M
from . import names as N
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


def wait_holder(m, t):
    """Who has what thread T waits for (ompdbg_get_wait_holder of the
    ompdbg extension), or None when libompd has no answer."""
    f = m.sess.ext.get("ompdbg_get_wait_holder")
    if f is None or t.handle is None:
        return None
    h = E.ompdbg_wait_holder_t()
    if f(t.handle, ctypes.byref(h)) != B.ompd_rc_ok:
        return None
    return h


def describe_wait(m, t):
    """What thread T waits for, in words (empty when not waiting)."""
    state, wid = t.state()
    if state is None or isinstance(state, U.Unreadable):
        return ""
    if state in BARRIER_STATES:
        r = t.region()
        if r is not None:
            return "barrier of region #%s (level %s)" % (m.region_id(r),
                                                          U.cell(r.level()))
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
        # A nest lock is told from a simple one by its holder's count,
        # where the extension reads it (the lock is held).
        h = wait_holder(m, t)
        kind = "nest lock" if h is not None and h.nest_count else "lock"
        return "%s 0x%x%s" % (kind, wid, " <%s>" % sym if sym else "")
    if state in (TASKWAIT, TASKGROUP):
        return "%s 0x%x" % ("taskwait" if state == TASKWAIT else "taskgroup",
                            wid)
    if state == ORDERED:
        return "ordered 0x%x" % wid
    return "0x%x%s" % (wid, " <%s>" % sym if sym else "")


def wait_cell(m, t):
    """What thread T waits for, or that it has not started."""
    st = t.status()
    if st == "being created":
        return "being created (no OS thread yet)"
    if st == "assigned, not started":
        return st
    return describe_wait(m, t)


def region_cell(m, r):
    lv = r.level()
    if isinstance(lv, U.Unreadable):
        return "#%s %s" % (m.region_id(r), lv)
    return "#%s L%s" % (m.region_id(r), lv)


# Words of the OMPT state names shortened when a table must narrow.
_STATE_WORDS = (("barrier", "bar"), ("implicit", "impl"),
                ("explicit", "expl"), ("parallel", "par"),
                ("workshare", "ws"), ("implementation", "impl"),
                ("reduction", "red"), ("taskgroup", "tgroup"))


def short_state(name):
    """NAME (an OMPT state without its prefix) with its long words
    shortened: wait_barrier_implicit_parallel -> wait_bar_impl_par."""
    parts = name.split("_")
    d = dict(_STATE_WORDS)
    return "_".join(d.get(p, p) for p in parts)


def short_wait(m, t, text):
    """A shorter rendering of the WAIT text TEXT, or None."""
    if text.startswith("barrier of region #"):
        return text.split(" (", 1)[0].replace(" of region", "")
    if text.startswith("being created"):
        return "being created"
    i = text.find(" <")
    if i > 0 and text.endswith(">"):
        # `lock 0x... <sym>': the symbol says more than the address.
        words = 2 if text.startswith("nest lock ") else 1
        return " ".join(text.split(" ")[:words]) + text[i:]
    return None


def task_cell(task):
    """The TASK cell: `kind: label', and the shorter forms of the label
    that a narrow table can use (names.label_forms)."""
    if task is None:
        return "-"
    kind = task.kind()
    if isinstance(kind, U.Unreadable):
        return str(kind)
    fn = task.function()
    if not fn:
        return "%s: %s" % (kind, task.label())
    return tuple("%s: %s" % (kind, f)
                 for f in N.label_forms(fn, task.construct()))


def thread_json(m, sess, t):
    """Thread T as an object of the JSON document (docs/json.md)."""
    from .jsonout import value as V
    d = {"id": t.gdb_num, "lwp": t.lwp}
    if t.error is not None:
        d["error"] = V(t.error)
        return d
    state, wid = t.state()
    r = t.region()
    task = t.task()
    wait = wait_cell(m, t)
    d["omp"] = V(t.thread_num())
    d["state"] = V(state) if isinstance(state, U.Unreadable) else \
        (sess.state_name(state) if state is not None else None)
    d["wait"] = wait
    d["region"] = m.region_id(r) if r is not None else V(t.region_error)
    d["level"] = V(r.level()) if r is not None else None
    if task is not None:
        d["task"] = {"kind": V(task.kind()), "label": task.label()}
    else:
        d["task"] = V(t.task_error)
    return d


def thread_row(m, sess, t):
    head = [str(t.gdb_num) if t.gdb_num is not None else "-",
            str(t.lwp) if t.lwp else "-"]
    if t.error is not None:
        # Nothing of the thread can be read: one cell for the rest.
        return head + [str(t.error)]
    state, wid = t.state()
    r = t.region()
    task = t.task()
    num = t.thread_num()
    wait = wait_cell(m, t)
    bad = [v for v in (num, state, r or t.region_error,
                       task or t.task_error)
           if isinstance(v, U.Unreadable)]
    if len(bad) == 4:
        # Nothing of the thread could be read: its reasons, once.
        reasons = []
        for v in bad:
            if v.reason not in reasons:
                reasons.append(v.reason)
        return head + [U.unreadable("; ".join(reasons))]
    # Under non-stop a thread may run while the others are shown: what
    # libompd read of it is already gone, as `info threads' says.
    try:
        running = t.gthread is not None and t.gthread.is_running()
    except Exception:
        running = False
    if running:
        wait = ""
        state_cell = "(running)"
    elif isinstance(state, U.Unreadable):
        state_cell = str(state)
    else:
        sname = sess.state_name(state) if state is not None else "?"
        state_cell = (sname, short_state(sname))
    sw = short_wait(m, t, wait)
    return head + [
        U.cell(num),
        state_cell,
        (wait, sw) if sw else wait,
        U.cell(r, lambda r: region_cell(m, r), error=t.region_error),
        U.cell(task, task_cell, error=t.task_error)]


# What gives way when the table is wider than the terminal: the WAIT
# and STATE texts take their short forms first, then TASK wraps.
THREAD_COLS = ["GDB", "LWP", "OMP", U.Col("STATE", 10, prio=1),
               U.Col("WAIT", 10, prio=0, fit="wrap"), "REGION",
               U.Col("TASK", 20, prio=2, fit="wrap")]


class OmpdThreads(U.OmpdCommand):
    """List every OpenMP thread of the process.

Usage: ompd threads [--wide|-w] [--json]

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
  TASK    the current task: kind and function with file:line
What cannot be read from the target (a damaged core), or reads as
something that cannot be (a team larger than the process, a thread
number outside its team), shows as `unreadable (REASON)': in its cell,
or for the rest of the row when nothing of the thread can be read.
The table fits gdb's `width' (`set width'): on a narrow terminal STATE
and WAIT take short forms (wait_bar_impl_par, barrier #1) and TASK
continues on the next lines under its column.  --wide shows every cell
in full, however long the lines.  --json writes the rows as one JSON
document (docs/json.md), as `ompdbg threads --json' does."""

    def __init__(self):
        super(OmpdThreads, self).__init__("ompd threads", gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        return [o for o in ("--wide", "--json") if o not in before]

    def run(self, arg, from_tty):
        wide = U.wide_only(arg, "ompd threads")
        sess = S.current()
        m = M.model(sess)
        ts = m.threads()
        if not ts and self.json:
            self.json_doc = {"threads": []}
            return
        if not ts:
            gdb.write("No OpenMP threads (the runtime has not started any "
                      "yet).\n")
            return
        m.regions()
        if self.json:
            self.json_doc = {"threads": [thread_json(m, sess, t)
                                         for t in ts]}
            return
        rows = [thread_row(m, sess, t) for t in ts]
        U.table(THREAD_COLS, rows, wide=wide)
