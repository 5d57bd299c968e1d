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

What cannot be read (libompd's read of the target failed) or is not
plausible (a team larger than the process's threads, a thread number
outside its team, a nesting level deeper than libompd walks) comes back
as util.Unreadable, never as a number: see Model.max_threads and the
accessors of OmpThread and Region.  A thread whose
descriptor cannot be read at all is an OmpThread without handle whose
`error' says why.
"""

import ctypes
import os
import sys
from ctypes import byref

import gdb

from . import binding as B
from . import callbacks as C
from . import contract as K
from . import names as _names
from . import session as S
from . import util as U
from .cache import cache

vp = ctypes.c_void_p

# Deeper nesting than libompd walks (its MAX_NESTING) is garbage.
MAX_LEVEL = 4096
# Every return code: get_handle sorts them itself.
_ALL_RCS = tuple(range(0, 64))
_OMPT_STATES = frozenset(K.STATES.values())


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
        # An Unreadable when HANDLE is None: the thread's descriptor (or
        # the registry entry leading to it) cannot be read; DESCRIPTOR
        # is then the handle of a descriptor read but not believed.
        self.error = None
        self.descriptor = None
        # Why region() or task() is None when it is not "none".
        self.region_error = None
        self.task_error = None

    @property
    def gdb_num(self):
        return self.gthread.num if self.gthread is not None else None

    def ref(self):
        """How the commands name this thread: `thread N' (gdb's
        number), else `LWP L', `LWP -' for a thread being created."""
        if self.gdb_num is not None:
            return "thread %d" % self.gdb_num
        return "LWP %s" % (self.lwp or "-")

    def state(self):
        """(state value, wait id); Unreadable for both when they cannot
        be read or the state is none the runtime has."""
        if self._state is None:
            if self.error is not None:
                self._state = (self.error, self.error)
                return self._state
            s = B.ompd_word_t()
            w = B.ompd_wait_id_t()
            rc = self.m.lib.call("ompd_get_state", self.handle, byref(s),
                                 byref(w), ok=_ALL_RCS)
            if rc == B.ompd_rc_ok:
                states = self.m.sess.states()
                # A value OpenMP names (omp-tools.h) is a state even when
                # a libompd leaves it out of its enumeration (LLVM's
                # answers wait_barrier, which it does not list).
                if states and s.value not in states and \
                        s.value not in _OMPT_STATES:
                    bad = U.Unreadable("state 0x%x is not one of the "
                                       "runtime's" % s.value)
                    self._state = (bad, bad)
                else:
                    self._state = (s.value, w.value)
            elif rc in U.UNREADABLE_RCS:
                bad = U.unreadable_rc(rc)
                self._state = (bad, bad)
            else:
                self._state = (None, None)
        return self._state

    def membership(self):
        """(Region, thread number) of the team that counts this thread as
        a member although libompd gives the thread no region of its own,
        or None.  Not for a thread whose own region cannot be read: its
        descriptor is damaged, and what a team says of it is no answer."""
        if self._member is False:
            self._member = None
            if self.own_region() is None and self.region_error is None \
                    and not self.being_created:
                self._member = self.m.member_of(self)
        return self._member

    def thread_num(self):
        if self._num is False:
            if self.error is not None:
                self._num = self.error
            else:
                self._num = self.m.plausible_thread_num(
                    self.m.icv("thread-num-var", thread=self), self)
                if self._num is None and self.membership() is not None:
                    self._num = self.membership()[1]
        return self._num

    def own_region(self):
        """The innermost parallel region libompd gives the thread
        (region_error then says when there is none because it cannot be
        read)."""
        if self._own_region is False:
            self._own_region = None
            if self.error is not None:
                self.region_error = self.error
                return None
            h = self.m.get_handle("ompd_get_curr_parallel_handle",
                                  "ompd_rel_parallel_handle", self.handle)
            if isinstance(h, U.Unreadable):
                self.region_error = h
            self._own_region = self.m.region(h) if h else None
        return self._own_region

    def region(self):
        """Innermost parallel region (Region) or None: the thread's own,
        else the region whose team counts it as a member (region_error
        then says when there is none because it cannot be read)."""
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
        """Current task (Task) or None (task_error then says when that is
        because it cannot be read)."""
        if self._task is False:
            self._task = None
            if self.error is not None:
                self.task_error = self.error
                return None
            h = self.m.get_handle("ompd_get_curr_task_handle",
                                  "ompd_rel_task_handle", self.handle)
            if isinstance(h, U.Unreadable):
                self.task_error = h
            # unavailable: the thread runs no task (an idle thread, a
            # member whose implicit task has not begun); any other
            # answer without a task says nothing of the thread.
            self._task_rc = self.m.last_rc
            self._task = Task(self.m, h, on=self) if h else None
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
                num = U.known(on.thread_num())
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
        self.member_errors = {}

    def icv(self, name):
        if name not in self._vals:
            self._vals[name] = self.m.icv(name, region=self)
        return self._vals[name]

    def level(self):
        v = self.icv("levels-var")
        if isinstance(v, int) and not 0 <= v <= MAX_LEVEL:
            return U.Unreadable("nesting level %d" % v)
        return v

    def active_level(self):
        v = self.icv("active-levels-var")
        if isinstance(v, int):
            lv = U.known(self.level())
            if v < 0 or (lv is not None and v > lv):
                return U.Unreadable("active level %d at nesting level %s"
                                    % (v, lv if lv is not None else "?"))
            if v > self.m.max_threads(v):
                return U.Unreadable("active level %d with %d threads"
                                    % (v, self.m.max_threads(v)))
        return v

    def team_size(self):
        v = self.icv("team-size-var")
        if isinstance(v, int):
            n = self.m.max_threads(v)
            if v < 1 or v > n:
                return U.Unreadable("team size %d, the process has %d "
                                    "thread%s" % (v, n, "" if n == 1
                                                  else "s"))
        return v

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
        function), or None (the implicit region of the initial thread).
        Where libompd names a function of the runtime that calls it (LLVM's
        __kmp_GOMP_microtask_wrapper), the code it calls on the stack of a
        member that runs it."""
        if self._fn is False:
            t = self.implicit_task(0)
            fn = t.raw_function() if t is not None else None
            if fn and self.m.in_runtime(fn):
                lv = U.known(self.level())
                for num, mt in self.members():
                    r = mt.own_region() if mt is not None else None
                    inner = U.known(r.level()) if r is not None else None
                    if inner is None or lv is None or inner < lv:
                        continue
                    code = self.m.through_shim(fn, mt, inner - lv)
                    if code != fn:
                        fn = code
                        break
            self._fn = fn
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
        """[(thread number, OmpThread or None)] of the team; member_errors
        maps the numbers of those that cannot be read to an Unreadable."""
        if self._members is None:
            out = []
            n = self.team_size() or 0
            for i in range(min(n, 100000)):
                h = self.m.get_handle("ompd_get_thread_in_parallel",
                                      "ompd_rel_thread_handle", self.handle, i)
                if isinstance(h, U.Unreadable):
                    self.member_errors[i] = h
                out.append((i, self.m.thread_of_handle(h) if h else None))
            self._members = out
        return self._members


def _program_pc(pc):
    """Whether PC is in the program's own code: its executable or a
    library outside the system's directories (the C library's frames
    above a runtime wait are not the code of a task)."""
    so = gdb.solib_name(pc)
    return so is None or not os.path.realpath(so).startswith(
        ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/"))


def _calls_code(f, fn):
    """Whether runtime frame F calls a region's code: a frame of FN, or
    of a region entry point (the primary thread's)."""
    try:
        sym = f.function()
        if sym is not None and int(sym.value().address) == fn:
            return True
        name = f.name() or (sym.name if sym is not None else None)
    except (gdb.error, RuntimeError):
        return False
    # A C++ runtime's symbols carry their parameters.
    name = name.split("(", 1)[0] if name else name
    # LLVM's runtime defines GOMP_parallel as __kmp_api_GOMP_parallel.
    return bool(name) and (name in _names.REGION_ENTRIES or any(
        name.endswith("_" + e) for e in _names.REGION_ENTRIES))


def _code_argument(f):
    """The program's function that runtime frame F was given to run: the
    first of F's arguments that points to a function of the program
    (GOMP_parallel's fn, the wrapper's task), where the runtime's debug
    information says where F keeps it; None otherwise."""
    try:
        blk = f.block()
        while blk is not None and blk.function is None:
            blk = blk.superblock
        if blk is None:
            return None
        for sym in blk:
            if not sym.is_argument:
                continue
            t = sym.type.strip_typedefs()
            if t.code != gdb.TYPE_CODE_PTR or \
                    t.target().strip_typedefs().code != gdb.TYPE_CODE_FUNC:
                continue
            v = int(f.read_var(sym))
            if v and _program_pc(v) and gdb.block_for_pc(v) is not None:
                return v
    except (gdb.error, RuntimeError, ValueError):
        pass
    return None


class Task(object):
    def __init__(self, m, handle, on=None):
        self.m = m
        self.handle = handle
        # The OmpThread whose current task this is (its stack holds the
        # task's code), when known.
        self.on = on
        self._fn = False
        self._raw = False
        self._vals = {}
        self._frames = False

    def icv(self, name):
        if name not in self._vals:
            self._vals[name] = self.m.icv(name, task=self)
        return self._vals[name]

    def raw_function(self):
        """The entry libompd gives for the task's code, None, or
        Unreadable."""
        if self._raw is False:
            a = B.ompd_address_t()
            rc = self.m.lib.call("ompd_get_task_function", self.handle,
                                 byref(a), ok=_ALL_RCS)
            if rc == B.ompd_rc_ok:
                self._raw = a.address or None
            elif rc in U.UNREADABLE_RCS:
                self._raw = U.unreadable_rc(rc)
            else:
                self._raw = None
        return self._raw

    def function(self):
        """Entry address of the task's code, None, or Unreadable.  Where
        libompd names a function of the runtime itself (LLVM's runtime
        runs a GCC-compiled region's outlined function through
        __kmp_GOMP_microtask_wrapper, or calls it from GOMP_parallel),
        the code it runs for the program: on the stack of the thread whose
        current task this is, else, for an implicit task, its region's
        (Region.function)."""
        if self._fn is False:
            fn = self.raw_function()
            if fn and self.m.in_runtime(fn):
                if self.on is not None:
                    fn = self.m.through_shim(fn, self.on, 0)
                if self.m.in_runtime(fn) and self.implicit():
                    r = self.region()
                    code = U.known(r.function()) if r is not None else None
                    if code:
                        fn = code
            self._fn = fn
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
        if isinstance(imp, U.Unreadable):
            return imp
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
        if isinstance(fn, U.Unreadable):
            return str(fn)
        if isinstance(k, U.Unreadable):
            k = "?"
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
        self._listing = False
        # An Unreadable when the registry could not be listed whole
        # (ompdbg_get_threads failed reading it).
        self.registry_error = None

    # -- handle plumbing ------------------------------------------------------
    def get_handle(self, fn, rel, *args):
        """Call FN(*args, &out); the out handle (int), None when there is
        no answer, or an Unreadable (false, like None) when the target's
        data could not be read.  The handle is released with REL at
        resume."""
        out = vp()
        # unavailable: there is none (outermost region, implicit task);
        # unsupported / incompatible: this runtime does not record it --
        # both mean "no answer", which every caller handles.  A failed
        # read costs the one answer, never the command.
        rc = self.lib.call(fn, *(args + (byref(out),)), ok=_ALL_RCS)
        self.last_rc = rc
        if rc in U.UNREADABLE_RCS:
            return U.unreadable_rc(rc)
        if rc != B.ompd_rc_ok or not out.value:
            return None
        cache.on_release(self.lib.funcs[rel], out.value)
        return out.value

    # -- the runtime's own code ------------------------------------------------
    def in_runtime(self, pc):
        """Whether address PC is code of the target's OpenMP runtime."""
        if not isinstance(pc, int) or isinstance(pc, bool):
            return False
        return _names.in_runtime(pc, _names.real_path(self.sess.runtime))

    def through_shim(self, fn, t, depth):
        """FN, a function of the runtime that calls a region's code (LLVM's
        __kmp_GOMP_microtask_wrapper; on the primary thread GOMP_parallel),
        or the code it calls, on thread T's stack: counted from the newest,
        the DEPTH-th frame of FN or of a region entry point (one per
        nesting level of T's regions: 0 is T's innermost region) calls
        it, and the frame it calls, when the program's, runs that code.
        When that frame is the runtime's (T waits at the region's end)
        nothing on T's stack says which code: FN."""
        g = t.gthread if t is not None else None
        try:
            if g is None or not g.is_valid():
                return fn
        except (gdb.error, RuntimeError):
            return fn
        rt = _names.real_path(self.sess.runtime)
        sel = gdb.selected_thread()
        try:
            sel_frame = gdb.selected_frame()
        except gdb.error:
            sel_frame = None
        try:
            g.switch()
            f = gdb.newest_frame()
            newer = None
            k = 0
            for _ in range(1024):
                if f is None:
                    break
                if _names.in_runtime(f.pc(), rt) and _calls_code(f, fn):
                    if k == depth:
                        if newer is not None and \
                                newer.type() == gdb.NORMAL_FRAME and \
                                not _names.in_runtime(newer.pc(), rt) and \
                                _program_pc(newer.pc()):
                            sym = newer.function()
                            if sym is not None:
                                return int(sym.value().address)
                        return _code_argument(f) or fn
                    k += 1
                newer = f
                f = f.older()
        except (gdb.error, RuntimeError):
            pass
        finally:
            try:
                sel.switch()
                if sel_frame is not None and sel_frame.is_valid():
                    sel_frame.select()
            except (gdb.error, RuntimeError):
                pass
        return fn

    # -- plausibility ---------------------------------------------------------
    def max_threads(self, want=0):
        """How many threads the process has: gdb's, or, when WANT is
        more than that, the OpenMP threads the runtime lists (a thread
        being created is in its registry before the kernel has it)."""
        n = len(C.lwp_threads(self.inf))
        if want > n and not self._listing:
            try:
                n = max(n, len(self.threads()))
            except Exception:
                pass
        return n

    def plausible_thread_num(self, v, t):
        """Thread T's number V, or Unreadable when it cannot be one:
        negative, not below its team's size or the process's threads."""
        if not isinstance(v, int):
            return v
        r = t.region()
        size = U.known(r.team_size()) if r is not None else None
        if v < 0 or (size is not None and v >= size):
            return U.Unreadable("thread number %d in a team of %s"
                                % (v, size if size is not None else "?"))
        n = self.max_threads(v + 1)
        if v >= n:
            return U.Unreadable("thread number %d, the process has %d "
                                "thread%s" % (v, n, "" if n == 1 else "s"))
        return v

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
        except B.OmpdError as e:
            if e.rc in U.UNREADABLE_RCS:
                return U.unreadable_rc(e.rc)
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
                               ok=_ALL_RCS)
            if rc == B.ompd_rc_ok:
                return int.from_bytes(buf.raw, sys.byteorder)
            if rc in U.UNREADABLE_RCS:
                break
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
        """The OMPD thread handle of gdb thread G, None when G is not an
        OpenMP thread, or an Unreadable when the runtime's data about it
        cannot be read: by its LWP, or by its pthread_t where the library
        does not take LWPs."""
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
                               ok=_ALL_RCS)
            if rc in (B.ompd_rc_bad_input, B.ompd_rc_unsupported):
                continue        # not a kind this library maps
            if rc in U.UNREADABLE_RCS:
                return U.unreadable_rc(rc)
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
        self._listing = True
        try:
            f = self.sess.ext.get("ompdbg_get_threads")
            if f is not None:
                out = self._threads_ext(f, gmap)
            if out is None or f is None:
                out = []
                for lwp in sorted(gmap, key=lambda l: gmap[l].num):
                    t = self._lookup_lwp(lwp, gmap[lwp])
                    if t is not None:
                        out.append(t)
        finally:
            self._listing = False
        for t in out:
            if t.gthread is None:
                self._by_pthread(t)
        if self.ext_used:
            self._recheck(out, gmap)
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
        # incomplete: the threads that cannot be read are left out; each
        # is then looked up alone by _recheck, whose answer says why.
        if rc not in (B.ompd_rc_ok, B.ompd_rc_incomplete):
            # One unreadable thread fails the whole list: each thread is
            # then looked up alone, and only the damaged ones are lost.
            if rc in U.UNREADABLE_RCS:
                self.registry_error = U.Unreadable(
                    "the thread registry: %s" % U.unreadable_rc(rc).reason)
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

    def _recheck(self, out, gmap):
        """Look gdb's threads that the registry's list left out up one by
        one: the registry's own record of a thread finds it even when
        its descriptor (damaged) no longer says its LWP.  That thread
        replaces its entry in OUT, which showed the wrong LWP."""
        have = set(t.lwp for t in out if t.gthread is not None)
        for lwp in sorted(gmap, key=lambda l: gmap[l].num):
            if lwp in have:
                continue
            t = self._lookup_lwp(lwp, gmap[lwp])
            if t is None:
                continue
            h = t.handle or t.descriptor
            if h is not None:
                out[:] = [o for o in out if o.handle is None
                          or not self._same_thread(o.handle, h)]
            out.append(t)

    def _same_thread(self, a, b):
        c = ctypes.c_int()
        rc = self.lib.call("ompd_thread_handle_compare", a, b, byref(c),
                           ok=_ALL_RCS)
        return rc == B.ompd_rc_ok and c.value == 0

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
        t = self._lookup_lwp(lwp, gthread)
        self._single[lwp] = t
        return t

    def _lookup_lwp(self, lwp, gthread):
        """The OmpThread of LWP (gdb's GTHREAD), None when it is not an
        OpenMP thread, or one without handle whose `error' says why it
        cannot be read."""
        h = self._handle_of_gdb(gthread)
        if h is None and self.registry_error is not None:
            # "Not in the registry" means nothing when the registry is
            # damaged.
            h = self.registry_error
        descriptor = None
        if h:
            # The registry maps LWP to this descriptor; a descriptor
            # that says another LWP is damaged.
            own = self.thread_lwp(h)
            if own is not None and own != lwp:
                descriptor = h
                h = U.Unreadable("its descriptor says LWP %d" % own)
        if isinstance(h, U.Unreadable):
            t = OmpThread(self, None, lwp, gthread)
            t.error = h
            t.descriptor = descriptor
            return t
        return OmpThread(self, h, lwp, gthread) if h else None

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
