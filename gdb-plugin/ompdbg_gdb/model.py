"""model.py -- the OpenMP view of the stopped target: threads, parallel
regions and tasks, built from OMPD handles once per stop.

Everything here is computed lazily and kept in the per-stop cache, so
that `ompd threads' followed by `ompd parallel' or a convenience function
asks libompd each question once.  Handles obtained here are released when
the target resumes (cache.invalidate).

Regions and tasks have no identity number in OMPD: handles are compared
with ompd_parallel_handle_compare.  The plugin numbers the regions of a
stop #1, #2, ... in discovery order (threads sorted by gdb thread number,
enclosing regions first), the same in every command of that stop.
"""

import ctypes
import sys
from ctypes import byref

import gdb

from . import binding as B
from . import callbacks as C
from . import session as S
from .cache import cache

vp = ctypes.c_void_p


def model(sess=None):
    """The per-stop model of the selected inferior."""
    if sess is None:
        sess = S.current()
    inf = sess.inferior
    m = cache.get(("model", inf.num), lambda: Model(sess))
    if m.sess is not sess:
        cache.invalidate()
        m = cache.get(("model", inf.num), lambda: Model(sess))
    return m


# ---- code addresses -> names -------------------------------------------------
_pc_names = {}
_first_lines = {}


def invalidate_code():
    _pc_names.clear()
    _first_lines.clear()


def first_line_at(symtab, pc):
    """The first line-table row of SYMTAB at PC.  GCC gives an outlined
    function (main._omp_fn.3) no DW_AT_decl_line; the first row at its
    entry is the construct's `#pragma omp' line, while find_pc_line takes
    the last row there, often a line of a function inlined into it.  One
    pass over the table per symtab, cached until objfiles change."""
    key = symtab.filename
    rows = _first_lines.get(key)
    if rows is None:
        rows = {}
        try:
            for e in symtab.linetable():
                if e.line and e.pc not in rows:
                    rows[e.pc] = e.line
        except Exception:
            pass
        _first_lines[key] = rows
    return rows.get(pc)


def function_block(pc):
    """The block of the (non-inlined) function containing PC, or None.
    GCC nests outlined functions (main._omp_fn.0) inside their parent's
    DWARF and inlines static functions, so neither the innermost nor the
    outermost function block is right: the answer is the innermost one
    whose start address carries the function's own ELF symbol (an inlined
    copy starts at <caller+off>)."""
    b = gdb.block_for_pc(pc)
    first = None
    while b is not None and not b.is_static and not b.is_global:
        f = b.function
        if f is not None:
            if first is None:
                first = b
            try:
                s = gdb.format_address(b.start)
                if s.endswith("<%s>" % f.linkage_name) or \
                        s.endswith("<%s>" % f.print_name):
                    return b
            except Exception:
                return b
        b = b.superblock
    return first


def describe_pc(pc):
    """(function name, file, line, objfile) for code address PC; parts
    unknown are None.  Cached until objfiles change."""
    try:
        return _pc_names[pc]
    except KeyError:
        pass
    name = fname = line = obj = None
    try:
        blk = function_block(pc)
        if blk is not None:
            f = blk.function
            name = f.print_name
            if f.symtab is not None:
                fname = f.symtab.filename
            line = f.line or None
            if line is None and "._omp_fn." in name and f.symtab is not None:
                line = first_line_at(f.symtab, blk.start)
    except Exception:
        pass
    if line is None or fname is None:
        try:
            sal = gdb.find_pc_line(pc)
            if sal.symtab is not None:
                fname = fname or sal.symtab.filename
                line = line or sal.line or None
        except Exception:
            pass
    if name is None:
        try:
            s = gdb.format_address(pc)
            i = s.find("<")
            if i >= 0:
                name = s[i + 1:s.rindex(">")]
                if "+" in name:
                    name = name[:name.rindex("+")]
        except Exception:
            pass
    try:
        obj = gdb.solib_name(pc)
    except Exception:
        obj = None
    r = (name, fname, line, obj)
    _pc_names[pc] = r
    return r


def short_file(f):
    if not f:
        return f
    return f.rsplit("/", 1)[-1]


def where(pc):
    """"function at file:line" (or what is known) for PC."""
    if not pc:
        return "-"
    name, f, line, obj = describe_pc(pc)
    s = name or ("0x%x" % pc)
    if f and line:
        s += " at %s:%d" % (short_file(f), line)
    elif obj:
        s += " in %s" % short_file(obj)
    return s


def construct_label(pc, kind):
    """How a region's or task's entry function reads to a user: GCC
    outlines `#pragma omp parallel' in main into main._omp_fn.N."""
    name, f, line, obj = describe_pc(pc)
    if name and "._omp_fn." in name:
        parent = name.split("._omp_fn.")[0]
        loc = " at %s:%d" % (short_file(f), line) if f and line else ""
        return "#pragma omp %s%s (in %s)" % (kind, loc, parent)
    return where(pc)


# ---- the model ---------------------------------------------------------------------
class OmpThread(object):
    """One OpenMP thread as every command and convenience function sees
    it.  Its team, thread number and task come from libompd; where
    libompd has none for a thread that a region nevertheless counts as
    a member (ompd_get_thread_in_parallel), the thread is that member,
    not yet started: a team member that has not begun its implicit task
    (right after the region starts) is one thing in every command."""

    def __init__(self, m, handle, lwp, gthread):
        self.m = m
        self.handle = handle
        self.lwp = lwp
        self.gthread = gthread
        self._state = None
        self._num = False
        self._region = False
        self._own_region = False
        self._task = False
        self._member = False
        self._task_rc = None
        # True for a thread the runtime has registered whose OS thread
        # does not exist yet (the master is inside pthread_create, which
        # stores the pthread id before the clone): no gdb thread can match.
        self.being_created = False

    @property
    def gdb_num(self):
        return self.gthread.num if self.gthread is not None else None

    def state(self):
        """(state value, wait id)"""
        if self._state is None:
            s = B.ompd_word_t()
            w = B.ompd_wait_id_t()
            try:
                self.m.lib.call("ompd_get_state", self.handle, byref(s),
                                byref(w))
                self._state = (s.value, w.value)
            except B.OmpdError:
                self._state = (None, None)
        return self._state

    def membership(self):
        """(Region, thread number) of the team that counts this thread as
        a member although libompd gives the thread no region of its own,
        or None."""
        if self._member is False:
            self._member = None
            if self.own_region() is None and not self.being_created:
                self._member = self.m.member_of(self)
        return self._member

    def thread_num(self):
        if self._num is False:
            self._num = self.m.icv("thread-num-var", thread=self)
            if self._num is None and self.membership() is not None:
                self._num = self.membership()[1]
        return self._num

    def own_region(self):
        """The innermost parallel region libompd gives the thread."""
        if self._own_region is False:
            h = self.m.get_handle("ompd_get_curr_parallel_handle",
                                  "ompd_rel_parallel_handle", self.handle)
            self._own_region = self.m.region(h) if h else None
        return self._own_region

    def region(self):
        """Innermost parallel region (Region) or None: the thread's own,
        else the region whose team counts it as a member."""
        if self._region is False:
            r = self.own_region()
            if r is None and self.membership() is not None:
                r = self.membership()[0]
            self._region = r
        return self._region

    def unstarted(self):
        """True for a member of a team that has not begun its implicit
        task in the team's region: in a region, with no current task (or
        a member only by the team's count)."""
        if self.being_created:
            return False
        if self.membership() is not None:
            return True
        return self.own_region() is not None and self.task() is None \
            and self._task_rc == B.ompd_rc_unavailable

    def status(self):
        """What the thread is, in words, for a thread that is not simply
        in its task: "being created", "assigned, not started", "idle",
        or None."""
        if self.being_created:
            return "being created"
        if self.unstarted():
            return "assigned, not started"
        if self.region() is None and self.task() is None:
            return "idle"
        return None

    def task(self):
        """Current task (Task) or None."""
        if self._task is False:
            h = self.m.get_handle("ompd_get_curr_task_handle",
                                  "ompd_rel_task_handle", self.handle)
            # unavailable: the thread runs no task (an idle thread, a
            # member whose implicit task has not begun); any other
            # answer without a task says nothing of the thread.
            self._task_rc = self.m.last_rc
            self._task = Task(self.m, h) if h else None
        return self._task

    def task_chain(self, limit=256, start=None):
        """[(task, thread)]: the tasks from the current one (or START,
        a task on this thread) down this thread's stack (scheduling
        tasks) to the implicit task at its bottom, then on through the
        task that encountered each region (the generating task of an
        implicit task, which runs on the region's primary thread) down to
        the initial task.  THREAD is the OmpThread the task is on."""
        out = []
        t = self.task() if start is None else start
        on = self
        while t is not None and len(out) < limit:
            out.append((t, on))
            s = t.scheduling()
            if s is None and not t.implicit():
                # The runtime does not say which task this one interrupted:
                # at least the thread's implicit task of the region is
                # below it.
                r = t.region()
                num = on.thread_num()
                if r is not None and num is not None:
                    imp = r.implicit_task(num)
                    if imp is not None and not imp.same(t):
                        s = imp
            if s is None and t.implicit():
                # Leave the region: its encountering task is on the
                # region's primary thread (thread 0 of the team).
                r = t.region()
                s = t.generating()
                if s is not None and r is not None:
                    mem = r.members()
                    on = mem[0][1] if mem and mem[0][1] is not None else on
            t = s
        return out


class Region(object):
    def __init__(self, m, handle, rid):
        self.m = m
        self.handle = handle
        self.id = rid
        self._vals = {}
        self._parent = False
        self._fn = False
        self._members = None

    def icv(self, name):
        if name not in self._vals:
            self._vals[name] = self.m.icv(name, region=self)
        return self._vals[name]

    def level(self):
        return self.icv("levels-var")

    def active_level(self):
        return self.icv("active-levels-var")

    def team_size(self):
        return self.icv("team-size-var")

    def parent(self):
        if self._parent is False:
            h = self.m.get_handle("ompd_get_enclosing_parallel_handle",
                                  "ompd_rel_parallel_handle", self.handle)
            self._parent = self.m.region(h) if h else None
        return self._parent

    def implicit_task(self, i):
        h = self.m.get_handle("ompd_get_task_in_parallel",
                              "ompd_rel_task_handle", self.handle, i)
        return Task(self.m, h) if h else None

    def function(self):
        """Entry of the region's outlined function (its implicit tasks'
        function), or None (the implicit region of the initial thread)."""
        if self._fn is False:
            t = self.implicit_task(0)
            self._fn = t.function() if t is not None else None
        return self._fn

    def implicit_task_thread(self, task, limit=4096):
        """The OmpThread whose implicit task in this region TASK is (None
        when it is not one of them): implicit tasks are compared one by
        one, as OMPD numbers them by thread number only."""
        n = min(self.team_size() or 0, limit)
        for i in range(n):
            it = self.implicit_task(i)
            if it is not None and it.same(task):
                if self._members is not None and i < len(self._members):
                    return self._members[i][1]
                h = self.m.get_handle("ompd_get_thread_in_parallel",
                                      "ompd_rel_thread_handle", self.handle, i)
                return self.m.thread_of_handle(h) if h else None
        return None

    def members(self):
        """[(thread number, OmpThread or None)] of the team."""
        if self._members is None:
            out = []
            n = self.team_size() or 0
            for i in range(min(n, 100000)):
                h = self.m.get_handle("ompd_get_thread_in_parallel",
                                      "ompd_rel_thread_handle", self.handle, i)
                out.append((i, self.m.thread_of_handle(h) if h else None))
            self._members = out
        return self._members


class Task(object):
    def __init__(self, m, handle):
        self.m = m
        self.handle = handle
        self._fn = False
        self._vals = {}
        self._frames = False

    def icv(self, name):
        if name not in self._vals:
            self._vals[name] = self.m.icv(name, task=self)
        return self._vals[name]

    def function(self):
        if self._fn is False:
            a = B.ompd_address_t()
            try:
                self.m.lib.call("ompd_get_task_function", self.handle,
                                byref(a))
                self._fn = a.address or None
            except B.OmpdError:
                self._fn = None
        return self._fn

    def implicit(self):
        return self.icv("implicit-task-var")

    def final(self):
        return self.icv("final-task-var")

    def region(self):
        h = self.m.get_handle("ompd_get_task_parallel_handle",
                              "ompd_rel_parallel_handle", self.handle)
        return self.m.region(h) if h else None

    def kind(self):
        imp = self.implicit()
        if imp:
            r = self.region()
            if r is not None and r.level() == 0:
                return "initial"
            return "implicit"
        if imp is None:
            return "?"
        return "explicit" + (" final" if self.final() else "")

    def construct(self):
        """The construct whose code the task runs: an implicit task a
        parallel region's, an initial task with an entry point a target
        region's (the program's own initial task has none), else a
        task's."""
        k = self.kind()
        return {"implicit": "parallel", "initial": "target"}.get(k, "task")

    def label(self):
        fn = self.function()
        k = self.kind()
        if fn is None:
            return "%s task" % k if k == "initial" else "%s task (no function)" % k
        return construct_label(fn, self.construct())

    def scheduling(self):
        h = self.m.get_handle("ompd_get_scheduling_task_handle",
                              "ompd_rel_task_handle", self.handle)
        return Task(self.m, h) if h else None

    def generating(self):
        h = self.m.get_handle("ompd_get_generating_task_handle",
                              "ompd_rel_task_handle", self.handle)
        return Task(self.m, h) if h else None

    def frames(self):
        """((exit address, flag), (enter address, flag)) or None."""
        if self._frames is False:
            ex = B.ompd_frame_info_t()
            en = B.ompd_frame_info_t()
            try:
                self.m.lib.call("ompd_get_task_frame", self.handle,
                                byref(ex), byref(en))
                self._frames = ((ex.frame_address.address, ex.frame_flag),
                                (en.frame_address.address, en.frame_flag))
            except B.OmpdError as e:
                self._frames = None
                self.frames_error = e
        return self._frames

    def same(self, other):
        if other is None:
            return False
        c = ctypes.c_int()
        try:
            self.m.lib.call("ompd_task_handle_compare", self.handle,
                            other.handle, byref(c))
        except B.OmpdError:
            return False
        return c.value == 0


class Model(object):
    def __init__(self, sess):
        self.sess = sess
        self.lib = sess.lib
        self.inf = sess.inferior
        self._threads = None
        self._by_lwp = {}
        self._regions = []
        self._numbered = False
        self._single = {}
        self._next_id = 1
        self._members_of = None
        self.last_rc = None     # of the last get_handle
        # ompd_thread_id_t kinds this libompd maps threads by, the LWP
        # first (ours takes both; LLVM's only the pthread_t).
        self._kinds = None
        self.ext_used = False

    # -- handle plumbing ------------------------------------------------------
    def get_handle(self, fn, rel, *args):
        """Call FN(*args, &out); the out handle (int) or None when libompd
        says unavailable.  The handle is released with REL at resume."""
        out = vp()
        # unavailable: there is none (outermost region, implicit task);
        # unsupported / incompatible: this runtime does not record it --
        # both mean "no answer", which every caller handles.
        rc = self.lib.call(fn, *(args + (byref(out),)),
                           ok=(B.ompd_rc_ok, B.ompd_rc_unavailable,
                               B.ompd_rc_bad_input, B.ompd_rc_unsupported,
                               B.ompd_rc_incompatible))
        self.last_rc = rc
        if rc != B.ompd_rc_ok or not out.value:
            return None
        cache.on_release(self.lib.funcs[rel], out.value)
        return out.value

    def icv(self, name, thread=None, region=None, task=None):
        """Integer value of ICV NAME with the handle its scope needs, from
        the given thread / region / task (thread implies its current
        region and task).  None when unavailable."""
        icv_id, scope = self.sess.icv_id(name)
        if icv_id is None:
            return None
        h = None
        if scope in (B.SCOPE_ADDRESS_SPACE, B.SCOPE_GLOBAL):
            h = self.sess.aspace
        elif scope == B.SCOPE_THREAD:
            h = thread.handle if thread is not None else None
        elif scope == B.SCOPE_PARALLEL:
            if region is None and thread is not None:
                region = thread.region()
            if region is None and task is not None:
                region = task.region()
            h = region.handle if region is not None else None
        elif scope in (B.SCOPE_TASK, B.SCOPE_IMPLICIT_TASK):
            if task is None and thread is not None:
                task = thread.task()
            h = task.handle if task is not None else None
        if h is None:
            return None
        try:
            return self.sess.icv_int(h, scope, icv_id)
        except B.OmpdError:
            return None

    # -- threads ----------------------------------------------------------------
    def lwp_size(self):
        return 8

    def _thread_id(self, handle, kind):
        """The native id of KIND of thread HANDLE, or None.  A kind the
        library does not take (unsupported, bad_input) is no error: the
        caller tries the next."""
        for size in (8, 4):
            buf = ctypes.create_string_buffer(size)
            rc = self.lib.call("ompd_get_thread_id", handle, kind, size, buf,
                               ok=(B.ompd_rc_ok, B.ompd_rc_bad_input,
                                   B.ompd_rc_unsupported,
                                   B.ompd_rc_unavailable))
            if rc == B.ompd_rc_ok:
                return int.from_bytes(buf.raw, sys.byteorder)
        return None

    def thread_lwp(self, handle):
        return self._thread_id(handle, B.OMPD_THREAD_ID_LWP)

    def identify(self, handle):
        """(LWP, gdb thread, pthread id) of thread HANDLE, as far as they
        are known: by its LWP, else by its pthread_t, which gdb maps to
        its thread (a libompd that only takes pthread_t's, as LLVM's, or
        a thread that has not recorded its LWP yet)."""
        lwp = self.thread_lwp(handle)
        gmap = C.lwp_threads(self.inf)
        if lwp and lwp in gmap:
            return lwp, gmap[lwp], None
        pid = self._thread_id(handle, B.OMPD_THREAD_ID_PTHREAD)
        g = C.pthread_threads(self.inf).get(pid) if pid else None
        if g is not None:
            return g.ptid[1] or g.ptid[0], g, pid
        return lwp, None, pid

    def _handle_of_gdb(self, g):
        """The OMPD thread handle of gdb thread G, or None when G is not
        an OpenMP thread: by its LWP, or by its pthread_t where the
        library does not take LWPs."""
        kinds = self._kinds or (B.OMPD_THREAD_ID_LWP,
                                B.OMPD_THREAD_ID_PTHREAD)
        for kind in kinds:
            if kind == B.OMPD_THREAD_ID_LWP:
                pid, lwp, tid = g.ptid
                ident = ctypes.c_uint64(lwp or pid)
            else:
                try:
                    h = g.handle()
                except (gdb.error, RuntimeError, AttributeError):
                    h = None
                if not h:
                    continue
                ident = ctypes.c_uint64(int.from_bytes(h, sys.byteorder))
            out = vp()
            rc = self.lib.call("ompd_get_thread_handle", self.sess.aspace,
                               kind, 8, byref(ident), byref(out),
                               ok=(B.ompd_rc_ok, B.ompd_rc_unavailable,
                                   B.ompd_rc_bad_input,
                                   B.ompd_rc_unsupported))
            if rc in (B.ompd_rc_bad_input, B.ompd_rc_unsupported):
                continue        # not a kind this library maps
            if self._kinds is None:
                self._kinds = (kind,)
            if rc != B.ompd_rc_ok or not out.value:
                return None     # not an OpenMP thread
            cache.on_release(self.lib.funcs["ompd_rel_thread_handle"],
                             out.value)
            return out.value
        return None

    def _by_pthread(self, t):
        """T, an OpenMP thread gdb does not know by its LWP (a thread the
        runtime has created that has not recorded its LWP yet, as in a
        core dumped just then): gdb's thread with the same pthread id."""
        pid = self._thread_id(t.handle, B.OMPD_THREAD_ID_PTHREAD)
        if pid == 0 and not t.lwp:
            t.being_created = True
            return
        g = C.pthread_threads(self.inf).get(pid) if pid else None
        if g is not None:
            t.gthread = g
            t.lwp = g.ptid[1] or g.ptid[0]

    def threads(self):
        """Every OpenMP thread of the process, sorted by gdb thread number
        (threads gdb does not know last)."""
        if self._threads is not None:
            return self._threads
        gmap = C.lwp_threads(self.inf)
        out = []
        f = self.sess.ext.get("ompdbg_get_threads")
        if f is not None:
            out = self._threads_ext(f, gmap)
        if out is None or f is None:
            out = []
            for lwp in sorted(gmap, key=lambda l: gmap[l].num):
                h = self._handle_of_gdb(gmap[lwp])
                if h:
                    out.append(OmpThread(self, h, lwp, gmap[lwp]))
        for t in out:
            if t.gthread is None:
                self._by_pthread(t)
        out.sort(key=lambda t: (t.gdb_num is None, t.gdb_num or 0, t.lwp or 0))
        self._threads = out
        for t in out:
            if t.lwp:
                self._by_lwp[t.lwp] = t
        return out

    def _threads_ext(self, f, gmap):
        vec = vp()
        n = ctypes.c_int()
        rc = f(self.sess.aspace, byref(vec), byref(n))
        if rc != B.ompd_rc_ok:
            return None
        self.ext_used = True
        out = []
        try:
            hs = ctypes.cast(vec, ctypes.POINTER(vp))
            for i in range(max(0, n.value)):
                h = hs[i]
                if not h:
                    continue
                cache.on_release(self.lib.funcs["ompd_rel_thread_handle"], h)
                lwp, g, pid = self.identify(h)
                out.append(OmpThread(self, h, lwp, g))
        finally:
            C.free(vec.value)
        return out

    def thread_by_lwp(self, lwp):
        self.threads()
        return self._by_lwp.get(lwp)

    def thread_of_handle(self, h):
        lwp, g, pid = self.identify(h)
        t = self.thread_by_lwp(lwp) if lwp else None
        if t is None:
            t = OmpThread(self, h, lwp, g)
        return t

    def thread_of_gdb(self, gthread):
        """The OmpThread of a gdb thread (None: not an OpenMP thread).
        Asks libompd about this one thread only, unless every thread is
        known already (a condition on a breakpoint stays cheap)."""
        if gthread is None:
            return None
        pid, lwp, tid = gthread.ptid
        lwp = lwp or pid
        if self._threads is not None:
            return self._by_lwp.get(lwp)
        try:
            return self._single[lwp]
        except KeyError:
            pass
        h = self._handle_of_gdb(gthread)
        t = OmpThread(self, h, lwp, gthread) if h else None
        self._single[lwp] = t
        return t

    # -- regions ------------------------------------------------------------------
    def region(self, h):
        """The Region for parallel handle H (the same object for every
        handle of the same region in this stop)."""
        for r in self._regions:
            c = ctypes.c_int()
            try:
                self.lib.call("ompd_parallel_handle_compare", r.handle, h,
                              byref(c))
            except B.OmpdError:
                continue
            if c.value == 0:
                return r
        r = Region(self, h, None)
        self._regions.append(r)
        if self._numbered:
            r.id = self._next_id
            self._next_id += 1
        return r

    def regions(self):
        """All regions the threads are in, with their enclosing ones,
        numbered in a stable order: outermost first, then by the gdb
        number of the first thread found in each."""
        if not self._numbered:
            for t in self.threads():
                r = t.own_region()
                n = 0
                while r is not None and n < 256:
                    r = r.parent()
                    n += 1
            order = sorted(enumerate(self._regions),
                           key=lambda ir: (ir[1].level() is None,
                                           ir[1].level() or 0, ir[0]))
            for k, (i, r) in enumerate(order):
                r.id = k + 1
            self._next_id = len(order) + 1
            self._numbered = True
        return sorted(self._regions, key=lambda r: r.id)

    def region_id(self, r):
        if r is None:
            return None
        if not self._numbered:
            self.regions()
        return r.id

    def member_of(self, t):
        """(Region, thread number) of the active region whose team counts
        thread T, which libompd puts in no region, as a member; None when
        none does.  One pass over every team per stop."""
        if self._members_of is None:
            self._members_of = {}
            for r in self.regions():
                if not r.level():
                    continue
                for num, mt in r.members():
                    if mt is not None and mt.lwp is not None and \
                            mt.own_region() is None:
                        self._members_of.setdefault(mt.lwp, (r, num))
        return self._members_of.get(t.lwp) if t.lwp is not None else None
