"""cmd_tasks.py -- `ompd tasks': each thread's chain of tasks."""

import array
import collections
import ctypes
import functools

import gdb

from . import binding as B
from . import callbacks as C
from .cache import cache
from .cmd_threads import data_symbol
from . import contract as K
from . import ext as E
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
            return "%s on %s" % (t.label(), owner.ref())
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

# More deferred tasks than this: `ompd tasks' summarises them, grouped by
# state, code and dependences, rather than listing each one.
SUMMARY_ABOVE = 100
# Records fetched from libompd per call.
CHUNK = 4096
WAITING = K.ompdbg_task_state_waiting_deps
# The states' words in the summary (ompdbg-ext.h's list has longer ones).
SHORT_STATES = {WAITING: "waiting", K.ompdbg_task_state_queued: "queued"}


class Deferred(object):
    """The tasks no thread has started (ompdbg_get_deferred_task_list):
    one walk of the runtime per stop, kept in the per-stop cache; their
    facts are fetched from the list in pieces, as arrays of 64-bit words
    (ext.INFO_WORD), so that many tasks cost no Python object each."""

    def __init__(self, sess):
        self.sess = sess
        self.list = None
        self.count = 0
        self.words = array.array("Q")     # the records fetched so far
        self.have = 0
        self.handles = {}
        lst = ctypes.c_void_p()
        n = B.ompd_word_t()
        self.rc = sess.ext["ompdbg_get_deferred_task_list"](
            sess.aspace, ctypes.byref(lst), ctypes.byref(n))
        if self.rc == B.ompd_rc_ok and lst.value:
            self.list = lst.value
            self.count = n.value
            cache.on_release(sess.ext["ompdbg_rel_deferred_task_list"],
                             lst.value)

    def fetch(self, upto):
        """The words of the first UPTO records (fewer if libompd gives
        fewer), which libompd writes straight into the array."""
        upto = min(upto, self.count)
        W = E.INFO_WORDS
        have = self.have
        if have < upto:
            words = array.array("Q", bytes(8 * W * upto))
            words[:have * W] = self.words[:have * W]
            f = self.sess.ext["ompdbg_get_deferred_task_info"]
            size = ctypes.sizeof(E.ompdbg_task_info_t)
            base = words.buffer_info()[0]
            got = ctypes.c_int()
            while have < upto:
                rc = f(self.list, have, min(CHUNK, upto - have),
                       base + have * size, ctypes.byref(got))
                if rc != B.ompd_rc_ok:
                    raise B.OmpdError("ompdbg_get_deferred_task_info", rc)
                if got.value <= 0:
                    break
                have += got.value
            self.words, self.have = words, have
        n = min(upto, self.have) * W
        return self.words if n == len(self.words) else self.words[:n]

    def field(self, words, name):
        """Every record's NAME in WORDS (an array slice: C speed)."""
        return words[E.INFO_WORD[name]::E.INFO_WORDS]

    def handle(self, k):
        """A task handle for record K, or None."""
        if k not in self.handles:
            h = ctypes.c_void_p()
            rc = self.sess.ext["ompdbg_get_deferred_task_handle"](
                self.list, k, ctypes.byref(h))
            if rc == B.ompd_rc_ok and h.value:
                cache.on_release(
                    self.sess.lib.funcs["ompd_rel_task_handle"], h.value)
                self.handles[k] = h.value
            else:
                self.handles[k] = None
        return self.handles[k]


def deferred_list(sess):
    """The Deferred of this stop; None without the extension."""
    if "ompdbg_get_deferred_task_list" not in sess.ext:
        return None
    return cache.get(("deferred", sess.inferior.num), lambda: Deferred(sess))


def dep_text(addr, dtype):
    """`in:0x... <sym>' for one depend clause item (tasks often share
    their items: the texts are kept for the stop)."""
    texts = cache.get("dep_text", dict)
    t = texts.get((addr, dtype))
    if t is None:
        sym = data_symbol(addr)
        t = texts[(addr, dtype)] = "%s:0x%x%s" % (
            E.DEP_TYPES.get(dtype, dtype), addr, " <%s>" % sym if sym else "")
    return t


def code_text(entry):
    """What a deferred (explicit) task's code reads as."""
    if not entry:
        return "explicit task (no function)"
    return M.construct_label(entry, "task")


def pending_text(lo, hi):
    if hi <= 0:
        return ""
    return " (%s pending)" % (lo if lo == hi else "%d-%d" % (lo, hi))


class Edges(object):
    """The tasks' wait-for graph of this stop (ompdbg_get_task_edges):
    the tasks each task waits for, and a short name for each task."""

    def __init__(self, m, sess, d):
        self.by_waiter = {}
        self.names = {}
        f = sess.ext.get("ompdbg_get_task_edges")
        if f is None:
            return
        ev = ctypes.c_void_p()
        en = ctypes.c_int()
        if f(sess.aspace, ctypes.byref(ev), ctypes.byref(en)) != \
                B.ompd_rc_ok:
            return
        try:
            if ev.value and en.value > 0:
                arr = ctypes.cast(ev, ctypes.POINTER(E.ompdbg_task_edge_t))
                for j in range(en.value):
                    self.by_waiter.setdefault(
                        arr[j].waiter.address, []).append(
                            arr[j].blocker.address)
        finally:
            C.free(ev.value)
        if not self.by_waiter:
            return
        # Deferred tasks by their row tag, tasks on a thread's stack by
        # the thread.
        words = d.fetch(d.count) if d is not None else []
        if d is not None:
            for k, a in enumerate(d.field(words, "task")):
                self.names[a] = "d%d" % k
        addr = sess.ext.get("ompdbg_get_task_address")
        if addr is None:
            return
        for t in m.threads():
            if t.error is not None or t.task() is None:
                continue
            for k, (task, on) in enumerate(t.task_chain()):
                if on is not t:
                    break
                a = B.ompd_address_t()
                if addr(task.handle, ctypes.byref(a)) == B.ompd_rc_ok and \
                        a.address not in self.names:
                    self.names[a.address] = "#%d on thread %s" % (
                        k, t.gdb_num if t.gdb_num is not None else
                        "LWP %s" % t.lwp)

    def blocked_by(self, addr):
        """The BLOCKED-BY cell of the task at ADDR."""
        b = self.by_waiter.get(addr)
        if not b:
            return "-"
        return ", ".join(self.names.get(x, "0x%x" % x) for x in b)


def task_edges(m, sess, d):
    """The Edges of this stop; None without the extension."""
    if "ompdbg_get_task_edges" not in sess.ext:
        return None
    return cache.get(("task_edges", sess.inferior.num),
                     lambda: Edges(m, sess, d))


def deferred_rows(m, sess, d, n):
    """Rows for the first N deferred tasks, one each."""
    words = d.fetch(n)
    W = E.INFO_WORDS
    I = E.INFO_WORD
    dep_f = sess.ext.get("ompdbg_get_task_dependences")
    edges = task_edges(m, sess, d)
    creators = {}
    rows = []
    for k in range(len(words) // W):
        r = words[k * W:(k + 1) * W]
        state, ndeps = r[I["state"]], r[I["ndeps"]]
        gen = r[I["generating"]]
        if gen not in creators:
            h = d.handle(k)
            creators[gen] = task_ref([], M.Task(m, h).generating()) \
                if h is not None else "?"
        pend = r[I["pending"]] if state == WAITING else 0
        if ndeps == 0:
            deps = "-"
        elif ndeps == 1 or dep_f is None:
            deps = dep_text(r[I["dep_address"]], r[I["dep_type"]])
            if ndeps > 1:
                deps += " and %d more" % (ndeps - 1)
            deps += pending_text(pend, pend)
        else:
            deps = all_deps(d, k, dep_f) + pending_text(pend, pend)
        row = ["d%d" % k, E.TASK_STATES.get(state, str(state)),
               code_text(r[I["entry_point"]]), creators[gen], deps]
        if edges is not None:
            row.append(edges.blocked_by(r[I["task"]]))
        rows.append(row)
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
                 U.Col("DEPENDENCES", 14, fit="wrap"),
                 U.Col("BLOCKED-BY", 8, fit="wrap", short="BLOCKED")]


def chain_json(m, t):
    """Thread T's chain of tasks as an object of the JSON document
    (docs/json.md)."""
    from .jsonout import value as V
    d = {"id": t.gdb_num, "lwp": t.lwp, "omp": V(t.thread_num())}
    if t.error is not None or t.task_error is not None:
        d["error"] = V(t.error or t.task_error)
    chain = t.task_chain()
    tasks = []
    for k, (task, on) in enumerate(chain):
        r = task.region()
        tasks.append({"task": "#%d" % k, "kind": V(task.kind()),
                      "code": task.label(),
                      "region": m.region_id(r) if r is not None else None,
                      "on_thread": on.gdb_num if on is not t else None,
                      "scheduled_by": task_ref(chain, task.scheduling()),
                      "created_by": task_ref(chain, task.generating())})
    d["tasks"] = tasks
    return d


def all_deps(d, k, dep_f):
    """Every depend clause item of deferred task K (through its handle)."""
    h = d.handle(k)
    dv = ctypes.c_void_p()
    dn = ctypes.c_int()
    if h is None or dep_f(h, ctypes.byref(dv), ctypes.byref(dn),
                          None) != B.ompd_rc_ok:
        return "?"
    try:
        items = []
        if dv.value and dn.value > 0:
            arr = ctypes.cast(dv, ctypes.POINTER(E.ompdbg_dependence_t))
            for j in range(min(dn.value, 64)):
                items.append(dep_text(arr[j].address.address, arr[j].type))
        return ", ".join(items) or "-"
    finally:
        C.free(dv.value)


def group_deps(n, addrs, dtype):
    """The dependences of a group of tasks whose first depend items are
    of type DTYPE at the addresses ADDRS (a set), each with N items."""
    if n == 0:
        return "-"
    if len(addrs) == 1:
        s = dep_text(next(iter(addrs)), dtype)
    else:
        lo, hi = min(addrs), max(addrs)
        a, b = data_symbol(lo), data_symbol(hi)
        a = a.split("+")[0] if a else None
        b = b.split("+")[0] if b else None
        s = "%s: %d addresses %s" % (
            E.DEP_TYPES.get(dtype, dtype), len(addrs),
            "in %s" % a if a and a == b else "0x%x..0x%x" % (lo, hi))
    if n > 1:
        s += " and %d more each" % (n - 1)
    return s


def deferred_summary(d):
    """The deferred tasks grouped by state, code and dependences (the
    number and type of depend items; the first item's addresses and the
    pending predecessors are summed up per group): [(count, state,
    code, dependences)], most tasks first."""
    words = d.fetch(d.count)
    f = functools.partial(d.field, words)
    # One Counter over the records (C speed), then a loop over the
    # distinct ones only.
    distinct = collections.Counter(zip(
        f("state"), f("entry_point"), f("ndeps"), f("dep_type"),
        f("dep_address"), f("pending")))
    groups = {}
    for (state, entry, nd, dt, addr, pend), k in distinct.items():
        if state != WAITING:
            pend = 0
        g = groups.get((state, entry, nd, dt))
        if g is None:
            g = groups[(state, entry, nd, dt)] = [0, set(), pend, pend]
        g[0] += k
        if nd:
            g[1].add(addr)
        g[2] = min(g[2], pend)
        g[3] = max(g[3], pend)
    out = []
    for (state, entry, nd, dt), (k, addrs, plo, phi) in groups.items():
        out.append((k, SHORT_STATES.get(state,
                                        E.TASK_STATES.get(state, str(state))),
                    code_text(entry),
                    group_deps(nd, addrs, dt) + pending_text(plo, phi)))
    out.sort(key=lambda g: (-g[0], g[1], g[2], g[3]))
    return out


def write_summary(d, groups, limit=None):
    """The summary, each group on two lines (code, then dependences), so
    that it keeps within 80 columns; each continued under its start where
    it is wider than LIMIT."""
    w = max([len("COUNT")] + [len(str(g[0])) for g in groups])
    sw = max([len("STATE")] + [len(g[1]) for g in groups])
    pad = " " * (2 + w + 2 + sw + 2)
    out = ["Deferred tasks (not started): %d, in %d group%s (`--all' lists "
           "each task," % (d.count, len(groups), "" if len(groups) == 1
                           else "s"),
           "`--limit N' the first N):",
           "  %s  %s  CODE" % ("COUNT".rjust(w), "STATE".ljust(sw)),
           pad + "DEPENDENCES"]
    for k, state, code, deps in groups:
        out.extend(U.hanging("  %s  %s  " % (str(k).rjust(w), state.ljust(sw)),
                             code, limit))
        out.extend(U.hanging(pad, deps, limit))
    gdb.write("\n".join(out) + "\n")


def write_deferred(m, sess, limit, everything, wide=False):
    """The deferred tasks: each one when they are few (at most
    SUMMARY_ABOVE), when EVERYTHING, or the first LIMIT; else a
    summary."""
    d = deferred_list(sess)
    if d is None:
        gdb.write("\n".join(U.hanging("", NO_DEFERRED % (
            "switched off: `set ompd extension on'"
            if not S.settings["extension"] else
            "%s does not have it" % sess.lib_path), U.width(wide))) + "\n")
        return
    if d.rc != B.ompd_rc_ok:
        # Not an error of the command: the threads' chains stand.
        gdb.write("Deferred tasks (not started): libompd could not list "
                  "them: %s.\n" % B.RC_TEXT.get(d.rc, d.rc))
        return
    if d.count == 0:
        gdb.write("No deferred tasks.\n")
        return
    if limit is None and not everything and d.count > SUMMARY_ABOVE:
        write_summary(d, deferred_summary(d), U.width(wide))
        return
    n = d.count if everything or limit is None else min(limit, d.count)
    rows = deferred_rows(m, sess, d, n)
    if n < d.count:
        gdb.write("Deferred tasks (not started): %d, the first %d (`--all' "
                  "lists every one):\n" % (d.count, n))
    else:
        gdb.write("Deferred tasks (not started):\n")
    if rows:
        cols = DEFERRED_COLS[:len(rows[0])] if len(rows[0]) <= \
            len(DEFERRED_COLS) else DEFERRED_COLS
        U.table(cols, [[N.shorter_forms(c) for c in r] for r in rows],
                wide=wide, indent="  ")


def limit_arg(args):
    """(N of --limit N or --limit=N, or None; the other arguments)."""
    limit = None
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--limit" or a.startswith("--limit="):
            if a == "--limit":
                if i + 1 >= len(args):
                    raise gdb.GdbError("ompd: --limit needs a number of tasks")
                v = args[i + 1]
                i += 2
            else:
                v = a.split("=", 1)[1]
                i += 1
            limit = U.int_arg(v, "--limit")
            if limit < 0:
                raise gdb.GdbError("ompd: --limit must be 0 or more, not %d"
                                   % limit)
        else:
            rest.append(a)
            i += 1
    return limit, rest


class OmpdTasks(U.OmpdCommand):
    """Show each OpenMP thread's task chain.

Usage: ompd tasks [--thread N]... [--current] [--frames]
                  [--no-deferred | --all | --limit N] [--wide] [--json]

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
tasks waiting for their dependences, each with its state, code, creator,
its depend clause (type, address and symbol) and the number of
predecessors still pending, and BLOCKED-BY: the tasks it waits for
(`dN' a deferred task of the list, `#k on thread N' a task on a
thread's stack).  More than 100 of them are summed up
instead: one entry per state, code and dependences, with the number of
tasks in it; tasks whose first depend item is of one type but at
different addresses share an entry (`in: 500 addresses in grid').
  --all      list every deferred task, however many
  --limit N  list the first N (ready tasks come first)
Without the extension (`set ompd extension off', another vendor's
libompd) a line says that they are not shown.

The tables fit gdb's `width' (`set width'): CODE, SCHEDULED-BY,
CREATED-BY and DEPENDENCES continue on the next lines under their
column, never breaking a word; on a terminal too narrow even for that,
ON-THREAD and SCHEDULED-BY are headed ON and SCHED-BY and the frames go
to a `frames:' line under each task.  --wide writes every row on one
line.  --json writes the threads' chains as one JSON document
(docs/json.md), as `ompdbg tasks --json' does; the deferred tasks are
not in it."""

    def __init__(self):
        super(OmpdTasks, self).__init__("ompd tasks", gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        if before and before[-1] in ("--thread", "-t"):
            return U.thread_numbers()
        if before and before[-1] == "--limit":
            return []
        # --thread may be given more than once.
        return [o for o in ("--thread", "--current", "--frames",
                            "--no-deferred", "--all", "--limit", "--wide",
                            "--json")
                if o == "--thread" or o not in before]

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        frames = "--frames" in args
        nodef = "--no-deferred" in args
        wide = "--wide" in args or "-w" in args
        everything = "--all" in args
        args = [a for a in args
                if a not in ("--frames", "--no-deferred", "--all", "--wide",
                             "-w")]
        limit, args = limit_arg(args)
        if everything and limit is not None:
            raise gdb.GdbError("ompd: --all and --limit exclude each other")
        deferred = not nodef and not args
        if (everything or limit is not None) and not deferred:
            raise gdb.GdbError("ompd: --all and --limit are about deferred "
                               "tasks, which %s leaves out"
                               % ("--no-deferred" if nodef else "--thread"))
        sess = S.current()
        m = M.model(sess)
        ts = select_threads(m, args)
        if not ts and self.json:
            self.json_doc = {"threads": []}
            return
        if not ts:
            gdb.write("No OpenMP threads.\n")
            return
        m.regions()
        if self.json:
            self.json_doc = {"threads": [chain_json(m, t) for t in ts]}
            return
        for t in ts:
            num = t.thread_num()
            gdb.write("Thread %s (LWP %s, OpenMP thread %s):\n"
                      % (t.gdb_num if t.gdb_num is not None else "?",
                         t.lwp or "-",
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
            write_deferred(m, sess, limit, everything, wide)
