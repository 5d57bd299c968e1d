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

from . import binding as B
from . import callbacks as C
from . import names as _names
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


# ---- code addresses -> names (names.py) ---------------------------------------
# The commands reach the naming helpers through the model too.
invalidate_code = _names.invalidate_code
function_block = _names.function_block
describe_pc = _names.describe_pc
short_file = _names.short_file
where = _names.where
construct_label = _names.construct_label


# ---- the model ---------------------------------------------------------------------
class OmpThread(object):
    def __init__(self, m, handle, lwp, gthread):
        self.m = m
        self.handle = handle
        self.lwp = lwp
        self.gthread = gthread
        self._state = None
        self._num = None
        self._region = False
        self._task = False
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

    def thread_num(self):
        if self._num is None:
            self._num = self.m.icv("thread-num-var", thread=self)
        return self._num

    def region(self):
        """Innermost parallel region (Region) or None."""
        if self._region is False:
            h = self.m.get_handle("ompd_get_curr_parallel_handle",
                                  "ompd_rel_parallel_handle", self.handle)
            self._region = self.m.region(h) if h else None
        return self._region

    def task(self):
        """Current task (Task) or None."""
        if self._task is False:
            h = self.m.get_handle("ompd_get_curr_task_handle",
                                  "ompd_rel_task_handle", self.handle)
            self._task = Task(self.m, h) if h else None
        return self._task

    def task_chain(self, limit=256):
        """[(task, thread)]: the tasks from the current one down this
        thread's stack (scheduling tasks) to the implicit task at its
        bottom, then on through the task that encountered each region
        (the generating task of an implicit task, which runs on the
        region's primary thread) down to the initial task.  THREAD is the
        OmpThread the task is on."""
        out = []
        t = self.task()
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
                lwpbuf = ctypes.c_uint64(lwp)
                h = self.get_handle("ompd_get_thread_handle",
                                    "ompd_rel_thread_handle", self.sess.aspace,
                                    B.OMPD_THREAD_ID_LWP, 8, byref(lwpbuf))
                if h:
                    out.append(OmpThread(self, h, lwp, gmap[lwp]))
        for t in out:
            if t.gthread is None:
                self._by_pthread(t)
        out.sort(key=lambda t: (t.gdb_num is None, t.gdb_num or 0, t.lwp or 0))
        self._threads = out
        for t in out:
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
                lwp = self.thread_lwp(h)
                out.append(OmpThread(self, h, lwp, gmap.get(lwp)))
        finally:
            C.free(vec.value)
        return out

    def thread_by_lwp(self, lwp):
        self.threads()
        return self._by_lwp.get(lwp)

    def thread_of_handle(self, h):
        lwp = self.thread_lwp(h)
        t = self.thread_by_lwp(lwp)
        if t is None:
            t = OmpThread(self, h, lwp, C.lwp_threads(self.inf).get(lwp))
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
        lwpbuf = ctypes.c_uint64(lwp)
        h = self.get_handle("ompd_get_thread_handle", "ompd_rel_thread_handle",
                            self.sess.aspace, B.OMPD_THREAD_ID_LWP, 8,
                            byref(lwpbuf))
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
                r = t.region()
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
