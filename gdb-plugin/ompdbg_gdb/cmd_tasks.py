"""cmd_tasks.py -- `ompd tasks': each thread's chain of tasks."""

import ctypes

import gdb

from . import binding as B
from . import callbacks as C
from .cache import cache
from .cmd_threads import data_symbol
from . import model as M
from . import names as N
from . import session as S
from . import util as U


def frame_text(task):
    fr = task.frames()
    if fr is None:
        e = getattr(task, "frames_error", None)
        return "(%s)" % B.RC_TEXT.get(e.rc, "?") if e is not None else "-"
    (ex, exf), (en, enf) = fr
    return "exit=%s enter=%s" % ("0x%x" % ex if ex else "0",
                                 "0x%x" % en if en else "0")


def task_ref(chain, t):
    """How to name task T relative to the thread's CHAIN: `#k' when it is
    one of them; else its label, and for an implicit task its thread too
    (every implicit task of a region has the same code, so the label
    alone would not say which one)."""
    if t is None:
        return "-"
    for k, (c, on) in enumerate(chain):
        if c.same(t):
            return "#%d" % k
    if t.implicit():
        r = t.region()
        owner = r.implicit_task_thread(t) if r is not None else None
        if owner is not None:
            return "%s on %s" % (t.label(), "thread %d" % owner.gdb_num
                                 if owner.gdb_num is not None
                                 else "LWP %s" % owner.lwp)
    return t.label()


def select_threads(m, args):
    """The OmpThreads named by --thread N / -t N (gdb numbers; several
    allowed), all without."""
    want = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--thread", "-t"):
            if i + 1 >= len(args):
                raise gdb.GdbError("ompd: %s needs a gdb thread number" % a)
            want.append(U.int_arg(args[i + 1], "the thread number"))
            i += 2
        elif a.startswith("--thread=") or a.startswith("-t="):
            want.append(U.int_arg(a.split("=", 1)[1], "the thread number"))
            i += 1
        elif a in ("--current", "-c"):
            want.append(gdb.selected_thread().num)
            i += 1
        else:
            raise gdb.GdbError("ompd: unknown argument `%s'" % a)
    ts = m.threads()
    if not want:
        return ts
    out = []
    for n in want:
        t = [x for x in ts if x.gdb_num == n]
        if not t:
            raise gdb.GdbError("ompd: gdb thread %d is not an OpenMP thread"
                               % n)
        out.append(t[0])
    return out


# What `ompd tasks' says when it cannot list deferred tasks: standard
# OMPD 5.1 has no routine that finds a task no thread has started.
NO_DEFERRED = ("Deferred tasks (not started) are not shown: listing them "
               "needs the ompdbg extension of libompd (%s).")


def deferred_rows(m, sess):
    """Rows for the tasks not started yet (ompdbg extension), or None
    when the library cannot list them."""
    from . import ext as E
    f = sess.ext.get("ompdbg_get_deferred_tasks")
    if f is None:
        return None
    vec = ctypes.c_void_p()
    n = ctypes.c_int()
    rc = f(sess.aspace, ctypes.byref(vec), ctypes.byref(n))
    if rc != B.ompd_rc_ok:
        # Not an error of the command: the threads' chains stand.
        return "libompd could not list them: %s" % B.RC_TEXT.get(rc, rc)
    rows = []
    handles = []
    try:
        hs = ctypes.cast(vec, ctypes.POINTER(ctypes.c_void_p))
        for i in range(max(0, min(n.value, 100000))):
            if hs[i]:
                handles.append(hs[i])
                cache.on_release(sess.lib.funcs["ompd_rel_task_handle"], hs[i])
    finally:
        C.free(vec.value)
    st_f = sess.ext.get("ompdbg_get_task_state")
    dep_f = sess.ext.get("ompdbg_get_task_dependences")
    for k, h in enumerate(handles):
        task = M.Task(m, h)
        state = "?"
        if st_f is not None:
            v = ctypes.c_int()
            if st_f(h, ctypes.byref(v)) == B.ompd_rc_ok:
                state = E.TASK_STATES.get(v.value, str(v.value))
        deps = ""
        if dep_f is not None:
            dv = ctypes.c_void_p()
            dn = ctypes.c_int()
            pending = B.ompd_word_t()
            if dep_f(h, ctypes.byref(dv), ctypes.byref(dn),
                     ctypes.byref(pending)) == B.ompd_rc_ok:
                try:
                    items = []
                    if dv.value and dn.value > 0:
                        arr = ctypes.cast(dv, ctypes.POINTER(
                            E.ompdbg_dependence_t))
                        for j in range(min(dn.value, 64)):
                            a = arr[j].address.address
                            sym = data_symbol(a)
                            items.append("%s:0x%x%s" % (
                                E.DEP_TYPES.get(arr[j].type, arr[j].type), a,
                                " <%s>" % sym if sym else ""))
                    deps = ", ".join(items)
                    if pending.value > 0 and state.startswith("waiting"):
                        deps += " (%d pending)" % pending.value
                finally:
                    C.free(dv.value)
        rows.append(["d%d" % k, state, task.label(),
                     task_ref([], task.generating()), deps or "-"])
    return rows


# The long texts (labels of tasks and constructs, depend clauses) wrap
# under their columns when the table is wider than the terminal; where
# even that does not fit, the headers shorten and FRAMES goes to a line
# of its own under each task.
CHAIN_COLS = ["TASK", U.Col("KIND", 8, fit="wrap"),
              U.Col("CODE", 12, prio=1, fit="wrap"),
              "REGION", U.Col("ON-THREAD", short="ON"),
              U.Col("FRAMES", 20, fit="wrap", below=True),
              U.Col("SCHEDULED-BY", 8, fit="wrap", short="SCHED-BY"),
              U.Col("CREATED-BY", 10, fit="wrap")]
DEFERRED_COLS = ["TASK", U.Col("STATE", 8, fit="wrap"),
                 U.Col("CODE", 12, prio=1, fit="wrap"),
                 U.Col("CREATED-BY", 10, fit="wrap"),
                 U.Col("DEPENDENCES", 14, fit="wrap")]


class OmpdTasks(U.OmpdCommand):
    """Show each OpenMP thread's task chain.

Usage: ompd tasks [--thread N]... [--current] [--frames] [--no-deferred]
                  [--wide]

For every OpenMP thread (or thread N, as numbered by gdb; --current for
the selected one), the tasks on its stack from the current one (#0) down
to the implicit or initial task at the bottom: kind (initial, implicit,
explicit, final), the task's code with file:line (GCC outlines the body
of `#pragma omp task' into a function like main._omp_fn.1), the
region it belongs to, the gdb thread it runs on when not this one, and
two tasks, `#k' when they are on the same chain:
  SCHEDULED-BY  the scheduling task: the task this thread was running
                when it took this one up (in a taskwait, a barrier, ...);
                `-' for implicit tasks
  CREATED-BY    the generating task: the task that encountered the
                construct (`#pragma omp task' or `parallel')
An explicit task run by another thread than the one that created it (from
a barrier, say) has a scheduling task on this thread and a generating task
on the other: `#pragma omp parallel at x.c:12 (in main) on thread N'.
--frames adds each task's exit and enter frame addresses (OMPT frames:
where the task's code was entered from the runtime, where it called into
the runtime; 0 for none).

With a libompd that has the ompdbg extension, the tasks that have not
started yet follow (unless --no-deferred or --thread): queued tasks and
tasks waiting for their dependences, with their depend clauses (type,
address and symbol) and the number of predecessors still pending.
Without the extension (`set ompd extension off', another vendor's
libompd) a line says that they are not shown.

The tables fit gdb's `width' (`set width'): CODE, SCHEDULED-BY,
CREATED-BY and DEPENDENCES continue on the next lines under their
column, never breaking a word; on a terminal too narrow even for that,
ON-THREAD and SCHEDULED-BY are headed ON and SCHED-BY and the frames go
to a `frames:' line under each task.  --wide writes every row on one
line."""

    def __init__(self):
        super(OmpdTasks, self).__init__("ompd tasks", gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        if before and before[-1] in ("--thread", "-t"):
            return U.thread_numbers()
        # --thread may be given more than once.
        return [o for o in ("--thread", "--current", "--frames",
                            "--no-deferred", "--wide") if o == "--thread"
                or o not in before]

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        frames = "--frames" in args
        nodef = "--no-deferred" in args
        wide = "--wide" in args or "-w" in args
        args = [a for a in args if a not in ("--frames", "--no-deferred",
                                             "--wide", "-w")]
        deferred = not nodef and not args
        sess = S.current()
        m = M.model(sess)
        ts = select_threads(m, args)
        if not ts:
            gdb.write("No OpenMP threads.\n")
            return
        m.regions()
        for t in ts:
            num = t.thread_num()
            gdb.write("Thread %s (LWP %s, OpenMP thread %s):\n"
                      % (t.gdb_num if t.gdb_num is not None else "?", t.lwp,
                         "?" if num is None else num))
            chain = t.task_chain()
            if not chain:
                gdb.write("  %s\n" % U.cell(None, none="no current task",
                                            error=t.error or t.task_error))
                continue
            rows = []
            for k, (task, on) in enumerate(chain):
                r = task.region()
                row = ["#%d" % k, task.kind(), task.label(),
                       ("#%s" % m.region_id(r)) if r is not None else "-",
                       (str(on.gdb_num) if on is not t else "") or ""]
                if frames:
                    row.append(frame_text(task))
                row += [task_ref(chain, task.scheduling()),
                        task_ref(chain, task.generating())]
                rows.append(row)
            headers = [c for c in CHAIN_COLS
                       if frames or getattr(c, "header", c) != "FRAMES"]
            U.table(headers, [[N.shorter_forms(c) for c in r] for r in rows],
                    wide=wide, indent="  ")
        if deferred:
            rows = deferred_rows(m, sess)
            if isinstance(rows, str):
                gdb.write("Deferred tasks (not started): %s.\n" % rows)
            elif rows:
                gdb.write("Deferred tasks (not started):\n")
                U.table(DEFERRED_COLS,
                        [[N.shorter_forms(c) for c in r] for r in rows],
                        wide=wide, indent="  ")
            elif rows is not None:
                gdb.write("No deferred tasks.\n")
            else:
                gdb.write(NO_DEFERRED % (
                    "switched off: `set ompd extension on'"
                    if not S.settings["extension"] else
                    "%s does not have it" % sess.lib_path) + "\n")
