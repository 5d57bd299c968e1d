"""cmd_diagnose.py -- `ompd diagnose': why the program is hung.

The wait-for graph over threads and tasks: a thread waiting for a lock,
critical section, atomic or ordered turn waits for the thread that has
it (ompdbg_get_wait_holder); a thread at a barrier for the members of
its team that have not arrived (the members' own states: a member not
waiting at that barrier has not arrived); a task in a taskwait or at
the end of a taskgroup, or waiting for its dependences, for the tasks
ompdbg_get_task_edges names; a task for the thread that runs it.  Cycles
are deadlocks; other chains end at a thread that runs (or a task no
thread has started), which is where to look."""

import ctypes

import gdb

from . import binding as B
from . import callbacks as CB
from .cmd_threads import (data_symbol, wait_holder, BARRIER_STATES,
                          TASKWAIT, TASKGROUP, LOCK_STATES, CRITICAL,
                          ATOMIC, ORDERED)
from .cmd_tasks import deferred_list
from . import contract as K
from . import ext as E
from . import model as M
from . import names as N
from . import session as S
from . import util as U

BARRIER_WORDS = {
    K.ompt_state_wait_barrier_explicit: "the barrier",
    K.ompt_state_wait_barrier_implicit_parallel:
        "the implicit barrier at the end",
    K.ompt_state_wait_barrier_implicit_workshare:
        "the implicit barrier of a worksharing construct",
    K.ompt_state_wait_barrier_implementation: "a barrier of the runtime",
}

# Most threads named in one "running" list when nothing is blocked.
RUNNING_SHOWN = 8


def thread_name(t):
    num = U.known(t.thread_num())
    g = ("thread %d" % t.gdb_num) if t.gdb_num is not None \
        else ("LWP %s" % t.lwp)
    return g + (" (OpenMP %d)" % num if num is not None else "")


def ranges(nums):
    """`1-3, 5' for the numbers NUMS."""
    nums = sorted(set(nums))
    out = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else "%d-%d" % (nums[i], nums[j]))
        i = j + 1
    return ", ".join(out)


def threads_name(ts):
    """`threads 1-3 (OpenMP 0-2)' for several threads."""
    if len(ts) == 1:
        return thread_name(ts[0])
    g = [t.gdb_num for t in ts if t.gdb_num is not None]
    n = [U.known(t.thread_num()) for t in ts]
    n = [v for v in n if v is not None]
    s = "threads %s" % (ranges(g) if len(g) == len(ts)
                         else ", ".join(str(t.lwp) for t in ts))
    return s + (" (OpenMP %s)" % ranges(n) if len(n) == len(ts) else "")


class Diagnosis(object):
    def __init__(self, sess, m):
        self.sess = sess
        self.m = m
        self.ext = sess.ext
        self.threads = [t for t in m.threads() if t.error is None]
        self.by_lwp = dict((t.lwp, t) for t in self.threads if t.lwp)
        self.edges = {}         # node -> [(node, kind, words)]
        self.task_at = {}       # task address -> (Task, thread, depth)
        self.task_edges = []    # (waiter, blocker, kind)
        self.deferred = {}      # task address -> deferred record index
        self.mismatch = []      # barrier mismatches, as sentences
        self._where = {}
        self._absent = {}

    # -- what each thread and task is -------------------------------------
    def where(self, t):
        """`function at file:line' of the newest frame of the program's
        own code on thread T (not the runtime's, not the C library's)."""
        if t.lwp in self._where:
            return self._where[t.lwp]
        text = None
        g = t.gthread
        rt = self.sess.runtime
        if g is not None and g.is_valid():
            sel = gdb.selected_thread()
            try:
                g.switch()
                f = gdb.newest_frame()
                n = 0
                while f is not None and n < 64:
                    pc = f.pc()
                    so = gdb.solib_name(pc)
                    if f.type() in (gdb.NORMAL_FRAME, gdb.INLINE_FRAME) \
                            and M._program_pc(pc) \
                            and not (so and rt and so == rt):
                        sal = f.find_sal()
                        name = N.strip_params(f.name() or "") or "0x%x" % pc
                        text = name
                        if sal.symtab is not None and sal.line:
                            text += " at %s:%d" % (
                                N.short_file(sal.symtab.filename), sal.line)
                        break
                    f = f.older()
                    n += 1
            except gdb.error:
                text = None
            finally:
                if sel is not None and sel.is_valid():
                    sel.switch()
        self._where[t.lwp] = text
        return text

    def task_address(self, task):
        f = self.ext.get("ompdbg_get_task_address")
        if f is None or task is None:
            return None
        a = B.ompd_address_t()
        if f(task.handle, ctypes.byref(a)) != B.ompd_rc_ok:
            return None
        return a.address

    def task_name(self, addr):
        at = self.task_at.get(addr)
        if at is not None:
            fn = at[0].function()
            if fn and not isinstance(fn, U.Unreadable):
                return self._task_words(fn)
            return "task 0x%x" % addr
        d = self.deferred_list
        k = self.deferred.get(addr)
        if d is not None and k is not None:
            words = d.fetch(k + 1)
            entry = words[k * E.INFO_WORDS + E.INFO_WORD["entry_point"]]
            if entry:
                return self._task_words(entry)
        return "task 0x%x" % addr

    def _task_words(self, pc):
        s = M.construct_label(pc, "task")
        for p in ("#pragma omp task ", "!$omp task "):
            if s.startswith(p):
                return "the task " + s[len(p):]
        return "task " + s

    def task_handle(self, addr):
        at = self.task_at.get(addr)
        if at is not None:
            return at[0].handle
        k = self.deferred.get(addr)
        if k is not None and self.deferred_list is not None:
            return self.deferred_list.handle(k)
        return None

    def deps_of(self, addr):
        f = self.ext.get("ompdbg_get_task_dependences")
        h = self.task_handle(addr)
        if f is None or h is None:
            return {}
        dv = ctypes.c_void_p()
        dn = ctypes.c_int()
        if f(h, ctypes.byref(dv), ctypes.byref(dn), None) != B.ompd_rc_ok:
            return {}
        try:
            out = {}
            if dv.value and dn.value > 0:
                arr = ctypes.cast(dv, ctypes.POINTER(E.ompdbg_dependence_t))
                for j in range(min(dn.value, 256)):
                    out[arr[j].address.address] = arr[j].type
            return out
        finally:
            CB.free(dv.value)

    def dep_words(self, waiter, blocker):
        """The depend items the two tasks share, by symbol: `x'."""
        a, b = self.deps_of(waiter), self.deps_of(blocker)
        names = []
        for addr in sorted(set(a) & set(b)):
            sym = data_symbol(addr)
            names.append(sym if sym else "0x%x" % addr)
        return ", ".join(names)

    # -- the graph --------------------------------------------------------
    def add(self, src, dst, kind, words):
        self.edges.setdefault(src, []).append((dst, kind, words))

    def build(self):
        self.deferred_list = deferred_list(self.sess)
        if self.deferred_list is not None and \
                self.deferred_list.rc == B.ompd_rc_ok:
            d = self.deferred_list
            words = d.fetch(d.count)
            for k, a in enumerate(d.field(words, "task")):
                self.deferred[a] = k
        else:
            self.deferred_list = None
        f = self.ext.get("ompdbg_get_task_edges")
        if f is not None:
            ev = ctypes.c_void_p()
            en = ctypes.c_int()
            if f(self.sess.aspace, ctypes.byref(ev),
                 ctypes.byref(en)) == B.ompd_rc_ok:
                try:
                    if ev.value and en.value > 0:
                        arr = ctypes.cast(
                            ev, ctypes.POINTER(E.ompdbg_task_edge_t))
                        for j in range(en.value):
                            self.task_edges.append(
                                (arr[j].waiter.address,
                                 arr[j].blocker.address, arr[j].kind))
                finally:
                    CB.free(ev.value)
        # Which thread runs or holds each task: needed only when tasks
        # wait for tasks (each chain costs a few reads per task).
        if self.task_edges:
            for t in self.threads:
                chain = t.task_chain() if t.task() is not None else []
                for depth, (task, on) in enumerate(chain):
                    if on is not t:
                        break
                    a = self.task_address(task)
                    if a is not None and a not in self.task_at:
                        self.task_at[a] = (task, t, depth)
        for t in self.threads:
            self.thread_edges(t)
        # A task waits for the thread it runs on.
        for a, (task, t, depth) in self.task_at.items():
            if not task.implicit():
                self.add(("k", a), ("t", t.lwp),
                         "runs" if depth == 0 else "suspended", None)
        for w, b, kind in self.task_edges:
            if kind == K.ompdbg_task_wait_dependence:
                self.add(("k", w), ("k", b), "dependence", (w, b))

    def thread_edges(self, t):
        state, wid = t.state()
        if state is None or isinstance(state, U.Unreadable):
            return
        src = ("t", t.lwp)
        if state in LOCK_STATES or state in (CRITICAL, ATOMIC, ORDERED):
            h = self.holder(t)
            obj = self.object_words(state, wid, h)
            if h is not None and h.holder and h.holder in self.by_lwp:
                kind = "ordered" if state == ORDERED else "lock"
                self.add(src, ("t", h.holder), kind, obj)
            else:
                self.add(src, None, "free", obj)
        elif state in BARRIER_STATES:
            self.barrier_edges(t, state, wid)
        elif state in (TASKWAIT, TASKGROUP):
            cur = self.task_address(t.task())
            what = "taskwait" if state == TASKWAIT else "taskgroup"
            for w, b, kind in self.task_edges:
                if w == cur and kind in (K.ompdbg_task_wait_taskwait,
                                         K.ompdbg_task_wait_taskgroup):
                    self.add(src, ("k", b), what, None)

    def holder(self, t):
        return wait_holder(self.m, t)

    def object_words(self, state, wid, h):
        sym = data_symbol(wid) if wid else None
        if sym and sym.endswith("+0"):
            sym = sym[:-2]
        if state == CRITICAL:
            if sym and sym.startswith(".gomp_critical_user_"):
                return "critical (%s)" % sym[len(".gomp_critical_user_"):]
            if sym and "gomp_critical_lock" in sym:
                return "the unnamed critical"
            return "critical 0x%x" % wid
        if state == ATOMIC:
            return "the atomic lock"
        if state == ORDERED:
            if h is not None:
                return "the ordered turn of iteration %d" % h.ordered_turn
            return "its ordered turn"
        name = sym or "lock 0x%x" % wid
        if h is not None and h.nest_count:
            return "nest lock %s (held %d time%s)" % (
                name, h.nest_count, "" if h.nest_count == 1 else "s")
        return name

    def barrier_edges(self, t, state, wid):
        r = t.region()
        if r is None:
            return
        # The members not at this barrier, once per barrier: every
        # waiter of a large team asks the same.
        key = (id(r), state, wid)
        if key not in self._absent:
            absent = []
            for num, mt in r.members():
                if mt is None:
                    continue
                ms, mw = mt.state()
                if ms == state and mw == wid:
                    continue            # arrived
                absent.append((mt, ms, mw))
            self._absent[key] = absent
        for mt, ms, mw in self._absent[key]:
            if mt is t:
                continue
            if ms in BARRIER_STATES and mw == wid:
                self.mismatch.append((r, t, state, mt, ms))
                continue
            self.add(("t", t.lwp), ("t", mt.lwp), "barrier", (r, state))

    # -- words ------------------------------------------------------------
    def node_name(self, n):
        if n[0] == "t":
            t = self.by_lwp.get(n[1])
            return thread_name(t) if t is not None else "LWP %s" % n[1]
        return self.task_name(n[1])

    def region_words(self, r, state, t):
        s = "%s of region #%s" % (BARRIER_WORDS.get(state, "a barrier"),
                                  self.m.region_id(r))
        w = self.barrier_place(r, state, t)
        if w:
            s += " (%s)" % w
        return s

    def edge_words(self, src, e):
        """What SRC does along edge E, and the name of where it leads."""
        dst, kind, words = e
        dn = self.node_name(dst) if dst is not None else None
        if kind == "lock":
            return "waits for %s, held by %s" % (words, dn)
        if kind == "ordered":
            return "waits for %s, which %s has" % (words, dn)
        if kind == "held":
            return "waits for %s" % words
        if kind == "free":
            return "waits for %s, which no thread holds now" % words
        if kind == "barrier":
            r, state = words
            return "waits at %s for %s, which has not arrived" % (
                self.region_words(r, state, self.by_lwp[src[1]]), dn)
        if kind in ("taskwait", "taskgroup"):
            n = len([x for x in self.edges.get(src, ()) if x[1] == kind])
            what = "in a taskwait" if kind == "taskwait" \
                else "at the end of a taskgroup"
            if n > 1:
                return "waits %s for %d tasks, among them %s" % (what, n, dn)
            return "waits %s for %s" % (what, dn)
        if kind == "runs":
            return "running on %s" % dn
        if kind == "suspended":
            return "suspended on %s" % dn
        if kind == "dependence":
            dep = self.dep_words(*words)
            return "waits for %s%s" % (dn, " (%s)" % dep if dep else "")
        return "waits for %s" % dn

    def end_words(self, n, own_wait=False):
        """How a chain ends at N, which waits for nothing we know.
        OWN_WAIT: the chain is a task's wait for its dependences, which a
        running predecessor may be keeping by a wait the runtime does not
        see (a flag of the program's own: half a cycle)."""
        if n is None:
            return ""
        if n[0] == "t":
            t = self.by_lwp.get(n[1])
            if t is None:
                return ""
            state, wid = t.state()
            w = self.where(t)
            if t.status() == "idle":
                return ", which is idle"
            name = self.sess.state_name(state) \
                if isinstance(state, int) else "?"
            if state in (K.ompt_state_work_parallel,
                         K.ompt_state_work_serial) and own_wait:
                return ", which is running%s, not waiting in the runtime " \
                    "(a wait of its own?)" % (
                        " at " + w.split(" at ", 1)[1] if " at " in w
                        else " in " + w if w else "")
            if state in (K.ompt_state_work_parallel, K.ompt_state_work_serial):
                return ", which is running%s (not waiting in OpenMP)" % (
                    " in " + w if w else "")
            return ", which is in %s%s" % (name, " in " + w if w else "")
        a = n[1]
        k = self.deferred.get(a)
        if k is not None and self.deferred_list is not None:
            d = self.deferred_list
            words = d.fetch(k + 1)
            st = words[k * E.INFO_WORDS + E.INFO_WORD["state"]]
            if st == K.ompdbg_task_state_queued:
                return ", which no thread has started (queued)"
        return ""

    def chain_from(self, start, stop):
        """Follow the first edge from START until a node of STOP (a set)
        or a node seen again: (nodes, edges)."""
        nodes, edges = [start], []
        n = start
        seen = set([start])
        while True:
            out = self.edges.get(n)
            if not out:
                break
            e = out[0]
            edges.append(e)
            n = e[0]
            if n is None or n in seen or n in stop:
                nodes.append(n)
                break
            seen.add(n)
            nodes.append(n)
        return nodes, edges

    def cycles(self):
        """The cycles of the graph, each as its list of nodes."""
        color = {}
        out = []
        for s in list(self.edges):
            if s in color:
                continue
            stack = [(s, iter(self.edges.get(s, ())))]
            path = [s]
            color[s] = 1
            while stack:
                n, it = stack[-1]
                e = next(it, None)
                if e is None:
                    color[n] = 2
                    stack.pop()
                    path.pop()
                    continue
                d = e[0]
                if d is None:
                    continue
                c = color.get(d)
                if c is None:
                    color[d] = 1
                    stack.append((d, iter(self.edges.get(d, ()))))
                    path.append(d)
                elif c == 1:
                    out.append(path[path.index(d):])
        return out

    def sentence(self, nodes, edges, holds=None):
        """NODES[0] and what it waits for along EDGES, in words; HOLDS:
        what NODES[0] holds, said first."""
        text = ""
        for i, e in enumerate(edges):
            src = nodes[i]
            w = self.edge_words(src, e)
            if i == 0:
                text = "%s %s%s" % (self.node_name(src),
                                    "holds %s and " % holds if holds else "",
                                    w)
            elif edges[i - 1][1] == "barrier":
                text += ": it " + w
            elif src[0] == "k" and e[1] in ("runs", "suspended"):
                text += ", " + w
            else:
                text += ", which " + w
        return text

    def cycle_sentence(self, cyc):
        # Start at the thread with the smallest number.
        ts = [n for n in cyc if n[0] == "t"]
        if ts:
            # The lowest OpenMP thread number first: the same start live
            # and in any core, whatever order the threads are listed in.
            def rank(n):
                t = self.by_lwp.get(n[1])
                num = U.known(t.thread_num()) if t is not None else None
                return (num if num is not None else 1 << 30, n[1])
            first = min(ts, key=rank)
            i = cyc.index(first)
            cyc = cyc[i:] + cyc[:i]
        set_ = set(cyc)
        edges = []
        for k, n in enumerate(cyc):
            nxt = cyc[(k + 1) % len(cyc)]
            e = [e for e in self.edges.get(n, ()) if e[0] == nxt]
            edges.append(e[0] if e else (nxt, "?", None))
        holds = None
        last = edges[-1]
        if last[1] in ("lock", "ordered") and len(edges) > 1:
            # The first thread holds what the last waits for: said
            # first, the last edge then names the object only.
            holds = last[2]
            edges[-1] = (last[0], "held", last[2])
        text = self.sentence(cyc + [cyc[0]], edges, holds)
        wheres = []
        for n in cyc:
            if n[0] == "t" and n[1] in self.by_lwp:
                w = self.where(self.by_lwp[n[1]])
                if w:
                    wheres.append("thread %s in %s" % (
                        self.by_lwp[n[1]].gdb_num, w))
        return set_, "Deadlock: %s.%s" % (
            text, "\n  Where: " + "; ".join(wheres) if wheres else "")

    def report(self):
        """The findings: (KIND, TEXT, LWPS), KIND one of "deadlock",
        "blocked", "mismatch" (the kinds of ompdbg diagnose --json), LWPS
        the threads the finding is about."""
        lines = []
        in_cycle = set()
        done = set()
        for cyc in self.cycles():
            key = frozenset(cyc)
            if key in done:
                continue
            done.add(key)
            s, text = self.cycle_sentence(cyc)
            in_cycle |= s
            lines.append(("deadlock", text,
                          [n[1] for n in cyc if n[0] == "t"]))
        # Barrier waits grouped by region and the members not arrived.
        groups = {}
        for t in self.threads:
            n = ("t", t.lwp)
            if n in in_cycle:
                continue
            out = self.edges.get(n)
            if out and all(e[1] == "barrier" for e in out):
                r, state = out[0][2]
                key = (id(r), state, tuple(sorted(e[0] for e in out)))
                groups.setdefault(key, (r, state, [], [e[0] for e in out]))
                groups[key][2].append(t)
        grouped = set()
        for r, state, waiters, late in groups.values():
            grouped |= set(("t", t.lwp) for t in waiters)
            lt = [self.by_lwp[n[1]] for n in late if n[1] in self.by_lwp]
            text = "%s wait%s at %s; %s %s not arrived" % (
                threads_name(waiters), "s" if len(waiters) == 1 else "",
                self.region_words(r, state, waiters[0]), threads_name(lt),
                "has" if len(lt) == 1 else "have")
            ends = []
            for t in lt:
                nodes, edges = self.chain_from(("t", t.lwp), in_cycle)
                if edges:
                    end = ", which is deadlocked (above)" \
                        if nodes[-1] in in_cycle \
                        else self.end_words(nodes[-1])
                    ends.append(self.sentence(nodes, edges) + end)
                else:
                    ends.append(self.end_words(("t", t.lwp)).replace(
                        ", which", "it", 1))
            lwps = [t.lwp for t in waiters]
            if len(lt) == 1 and ends and ends[0].startswith("it "):
                lines.append(("blocked", "Blocked: %s: %s." % (
                    text, ends[0]), lwps))
            else:
                lines.append(("blocked", "Blocked: %s: %s." % (
                    text, "; ".join(
                        e if not e.startswith("it ") else
                        "%s %s" % (thread_name(t), e[3:])
                        for t, e in zip(lt, ends))), lwps))
        lines += self.mismatch_lines()
        # Other blocked threads.
        for t in self.threads:
            n = ("t", t.lwp)
            if n in in_cycle or n in grouped or n not in self.edges:
                continue
            nodes, edges = self.chain_from(n, in_cycle)
            end = ", which is deadlocked (above)" \
                if nodes[-1] in in_cycle else self.end_words(nodes[-1])
            lines.append(("blocked", "Blocked: %s%s." % (
                self.sentence(nodes, edges), end), [t.lwp]))
        # Tasks waiting for their dependences.
        for n, out in sorted(self.edges.items(), key=lambda kv: str(kv[0])):
            if n[0] != "k" or n in in_cycle or \
                    not any(e[1] == "dependence" for e in out):
                continue
            nodes, edges = self.chain_from(n, in_cycle)
            end = ", which is deadlocked (above)" \
                if nodes[-1] in in_cycle else self.end_words(nodes[-1], True)
            text = self.sentence(nodes, edges) + end
            lines.append(("blocked", "Blocked: %s." % text, []))
        return lines

    def mismatch_lines(self):
        """One line per region whose members wait at different barriers:
        the most of them at one, the others at the others."""
        out = []
        regions = {}
        for r, t, state, mt, ms in self.mismatch:
            by = regions.setdefault(id(r), (r, {}))[1]
            for th, st in ((t, state), (mt, ms)):
                if th not in by.setdefault(st, []):
                    by[st].append(th)
        for r, by in regions.values():
            order = sorted(by.items(), key=lambda kv: -len(kv[1]))
            state, main = order[0]
            others = []
            for st, ts in order[1:]:
                where = self.barrier_place(r, st, ts[0])
                others.append("%s never arrive%s: %s at %s of the same "
                              "region%s" % (
                                  threads_name(ts),
                                  "s" if len(ts) == 1 else "",
                                  "it waits" if len(ts) == 1
                                  else "they wait",
                                  BARRIER_WORDS.get(st, "a barrier"),
                                  " (%s)" % where if where else ""))
            out.append(("mismatch",
                        "Barrier mismatch: %s wait%s at %s; %s.  Every "
                        "thread of a team must meet the same barriers, in "
                        "the same order." % (
                            threads_name(main),
                            "s" if len(main) == 1 else "",
                            self.region_words(r, state, main[0]),
                            "; ".join(others)),
                        [t.lwp for t in main]))
        return out

    def barrier_place(self, r, state, t):
        """Where thread T waits at a barrier of R: its code's line, or for
        the barrier at the region's end the region's construct."""
        w = self.where(t)
        if w:
            return w.split(" at ", 1)[-1]
        if state == K.ompt_state_wait_barrier_implicit_parallel:
            fn = r.function()
            if fn and not isinstance(fn, U.Unreadable):
                return M.construct_label(fn, "parallel").split(" (in ")[0]
        return None

    def running(self):
        """The threads that run OpenMP work: (TEXT, LWP) each."""
        out = []
        for t in self.threads:
            state, wid = t.state()
            if t.status() == "idle":
                continue
            if state in (K.ompt_state_work_parallel,
                         K.ompt_state_work_serial):
                w = self.where(t)
                out.append(("%s%s" % (thread_name(t), " in " + w if w else ""),
                            t.lwp))
        return out


class OmpdDiagnose(U.OmpdCommand):
    """Explain why the program is hung: who waits for whom.

Usage: ompd diagnose [--wide|-w] [--json]

Builds the wait-for graph of the OpenMP threads and tasks, live or in a
core file, and says in words what blocks whom:
  - a thread waiting for a lock, nest lock, critical section or atomic
    waits for the thread that holds it; one waiting for its ordered turn
    waits for the thread that runs the iteration whose turn it is;
  - a thread at a barrier waits for the members of its team that have
    not arrived (a member waiting at another barrier of the same region
    is a barrier mismatch);
  - a task in a taskwait waits for its children not complete, one at the
    end of a taskgroup for the group's tasks, a task waiting for its
    dependences for its predecessors (with the variables they share);
    and a task waits for the thread that runs it.
`Deadlock:' lines are cycles of that graph, with where each thread is in
the program's code; `Blocked:' lines are chains that end at a thread
that runs (not waiting in OpenMP: look there) or at a task no thread has
started.  When nothing waits for anything, it says so and shows what
runs.  Needs the ompdbg extension of libompd for holders and tasks;
without it only barriers are diagnosed.  The findings fit gdb's `width',
each line continued, indented, on the next ones; --wide writes each on
one line.  --json writes the findings as one JSON document
(docs/json.md), as `ompdbg diagnose --json' does."""

    def __init__(self):
        super(OmpdDiagnose, self).__init__("ompd diagnose",
                                           gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        return [o for o in ("--wide", "--json") if o not in before]

    def run(self, arg, from_tty):
        self.wide = U.wide_only(arg, "ompd diagnose")
        sess = S.current()
        m = M.model(sess)
        if not m.threads():
            return self.say([("nothing", "No OpenMP threads (the runtime "
                              "has not started any yet).", [])])
        m.regions()
        d = Diagnosis(sess, m)
        d.build()
        found = d.report()
        if not found:
            run = d.running()
            found.append(("nothing", "Nothing is blocked: no OpenMP thread "
                          "waits for another thread or task.", []))
            if run:
                shown = run[:RUNNING_SHOWN]
                more = len(run) - len(shown)
                found.append(("running", "Running: %s%s." % (
                    "; ".join(text for text, lwp in shown),
                    " and %d more" % more if more > 0 else ""),
                    [lwp for text, lwp in shown]))
        if not sess.ext:
            found.append(("note", "(Without the ompdbg extension of libompd "
                          "the holders of locks and the tasks' waits are "
                          "not known.)", []))
        self.say(found)

    def say(self, found):
        """Print FOUND, or with --json give it as the document."""
        if self.json:
            # The document of ompdbg diagnose --json (docs/json.md).
            self.json_doc = {
                "findings": [{"kind": k, "text": text, "threads": lwps}
                             for k, text, lwps in found],
                "deadlocks": sum(1 for f in found if f[0] == "deadlock"),
                "blocked": sum(1 for f in found
                               if f[0] in ("blocked", "mismatch")),
            }
            return
        width = U.width(getattr(self, "wide", False))
        for k, text, lwps in found:
            emit(text, width)


def emit(text, width):
    """TEXT (lines separated by newlines) within WIDTH columns (None:
    unlimited): every line after a paragraph's first indented by two."""
    for k, part in enumerate(text.split("\n")):
        part = part.strip()
        ls = U.wrap(part, width - 2 if width else None)
        gdb.write(("  " if k else "") + ls[0] + "\n")
        for x in ls[1:]:
            gdb.write("  " + x + "\n")
