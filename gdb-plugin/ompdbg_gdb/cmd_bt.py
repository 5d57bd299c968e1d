"""cmd_bt.py -- OpenMP-aware backtraces: `ompd bt' and the `ompd' frame
filter (`set ompd bt on|off').

Both hide the runtime's frames and label the functions GCC outlines
(main._omp_fn.0 runs `#pragma omp parallel' or `#pragma omp task' code).
`ompd bt' also continues a worker thread's stack, which ends in the
runtime's thread start, into the stack of the thread that encountered the
region (the region's primary thread), down to main.

The stacks are cut by OMPD's task frames (OpenMP 5.1 §5.5.7,
ompd_get_task_frame; the frame addresses of ompt_frame_t): a task's code
runs in the frames older than its enter frame (where it called into the
runtime) and newer than its exit frame (where the runtime called it).
From the thread's current task down the tasks below it on its stack, to
its implicit task, then on the primary thread from the task that
encountered the region, down to the initial task: this is what any
conforming libompd gives, whatever the runtime's entry points are
called, and tail calls in the runtime do not matter.  Only where the
task frames do not place a task on its stack are the runtime's region
entry points (GOMP_parallel) looked for by name.
"""

import re

import gdb
from gdb.FrameDecorator import FrameDecorator

from . import contract as C
from . import model as M
from . import names as N
from . import session as S
from . import util as U

settings = {"bt": True}

REGION_ENTRIES = N.REGION_ENTRIES
THREAD_START = ("start_thread", "clone", "clone3", "__clone", "__clone3")

_real = N.real_path
in_runtime = N.in_runtime


def runtime_path():
    """The runtime's file of the current session, without creating one."""
    try:
        s = S._sessions.get(gdb.selected_inferior().num)
    except Exception:
        return None
    return _real(s.runtime) if s is not None else None


def frame_pc(f):
    # For a caller frame the pc is the return address: look the call up.
    pc = f.pc()
    return pc - 1 if f.older() is not None and f.level() > 0 and \
        f.type() == gdb.NORMAL_FRAME else pc


def outlined_label(name, fn_kinds, pc):
    """`#pragma omp parallel at x.c:12 (in main)' for an outlined
    function, else None."""
    if not N.is_outlined(name):
        return None
    start = None
    try:
        b = M.function_block(pc)
        if b is not None:
            start = b.start
    except Exception:
        start = None
    kind = fn_kinds.get(start, "parallel" if start is None else "task")
    label = M.construct_label(start, kind) if start else None
    return label or "#pragma omp %s (%s)" % (kind, name)


def region_fn_kinds(m):
    """Entry address -> "parallel" for every active region's function,
    "target" for the function of a target region a thread runs now (its
    current task, the target region's initial task).  A region's
    function is its master's implicit task's, and also that of every
    thread's current implicit task: a worker released before its master
    has entered the region (a core dumped by then) has one."""
    kinds = {}
    try:
        for r in m.regions():
            fn = r.function()
            if fn:
                kinds[fn] = "parallel"
        for t in m.threads():
            task = t.task()
            fn = task.function() if task is not None else None
            if fn and fn not in kinds:
                c = task.construct()
                if c in ("parallel", "target"):
                    kinds[fn] = c
    except Exception:
        pass
    return kinds


# ---- the frame filter ----------------------------------------------------------
# gdb prints the frames of a backtrace itself unless a frame filter is
# enabled; then every frame goes through the Python printing path, which
# differs in small ways (a frame without any symbol reads `in  ()' there,
# `in ?? ()' in gdb's own).  So the filter is enabled only where it
# changes something: `set ompd bt on', an OMPD session, and a stack that
# runs through the runtime or an outlined function.  Where it is enabled
# it gives a frame without symbol gdb's `??'.
MAX_FRAMES = 10000


class _Decorator(FrameDecorator):
    def __init__(self, fobj, label):
        super(_Decorator, self).__init__(fobj)
        self._label = label

    def function(self):
        if self._label:
            return self._label
        f = super(_Decorator, self).function()
        if isinstance(f, str):
            # gdb's own decorator gives the symbol's print name, `main()'
            # in C++; `bt' without a filter prints the frame's, `main'.
            try:
                return self.inferior_frame().name() or f
            except Exception:
                pass
        return f


def has_openmp_frames(rt):
    """Whether the selected thread's stack has a frame in the runtime
    RT or of an outlined function (the frames the filter hides or
    labels)."""
    f = gdb.newest_frame()
    n = 0
    while f is not None and n < MAX_FRAMES:
        if f.type() == gdb.NORMAL_FRAME:
            if in_runtime(frame_pc(f), rt):
                return True
            name = f.name()
            if name and "._omp_fn." in name:
                return True
        f = f.older()
        n += 1
    return False


class OmpdFrameFilter(object):
    """Hide the OpenMP runtime's frames and label outlined functions in
    `bt' (set ompd bt on|off)."""

    def __init__(self):
        self.name = "ompd"
        self.priority = 100
        self._enabled = True
        gdb.frame_filters[self.name] = self

    # gdb reads `enabled' before each backtrace; `enable/disable
    # frame-filter' set it.
    @property
    def enabled(self):
        if not self._enabled or not settings["bt"]:
            return False
        try:
            rt = runtime_path()
            return rt is not None and gdb.selected_thread() is not None \
                and has_openmp_frames(rt)
        except Exception:
            return False

    @enabled.setter
    def enabled(self, value):
        self._enabled = bool(value)

    def filter(self, frame_iter):
        if not settings["bt"]:
            return frame_iter
        rt = runtime_path()
        if rt is None:
            return frame_iter
        try:
            kinds = region_fn_kinds(M.model(S.current(required=False)))
        except Exception:
            kinds = {}
        return self._gen(frame_iter, rt, kinds)

    def _gen(self, frame_iter, rt, kinds):
        seen_runtime = False
        for d in frame_iter:
            try:
                f = d.inferior_frame()
                pc = frame_pc(f)
                if in_runtime(pc, rt):
                    seen_runtime = True
                    if f.level() > 0:   # never hide where the thread is
                        continue
                    yield d
                    continue
                if seen_runtime and f.name() in THREAD_START:
                    continue        # a pool thread's start, below the runtime
                label = outlined_label(f.name(), kinds, pc) \
                    if f.type() != gdb.INLINE_FRAME else None
                if label is None and f.type() == gdb.NORMAL_FRAME and \
                        f.name() is None:
                    label = "??"    # as gdb prints a frame without symbol
            except Exception:
                label = None
            yield _Decorator(d, label)


# ---- ompd bt ---------------------------------------------------------------------
def frame_line(f, pc, label):
    name = label or f.name() or "??"
    sal = f.find_sal()
    loc = ""
    if sal.symtab is not None and sal.line:
        loc = " at %s:%d" % (M.short_file(sal.symtab.filename), sal.line)
    else:
        so = gdb.solib_name(pc)
        if so:
            loc = " from %s" % so
    if label and f.name():
        name += " [%s]" % f.name()
    return "%s%s" % (name, loc)


FRAME_KIND = 0x30               # the address part of ompt_frame_flag_t
FRAME_CFA = C.FRAME_FLAGS["ompt_frame_cfa"]


class Stack(object):
    """The frames of one gdb thread, newest first, read once per command
    (gdb.Frame objects do not survive switching threads): for each, the
    line `ompd bt' prints (None for the runtime's frames and the thread
    start below it), the stack pointer and the canonical frame address
    of its physical frame, which OMPD's task frames are compared with.
    An inlined frame shares its physical frame's addresses; the CFA of a
    physical frame is its caller's stack pointer."""

    def __init__(self, gthread, rt, kinds):
        self.rows = []
        gthread.switch()
        f = gdb.newest_frame()
        while f is not None and len(self.rows) < 10000:
            try:
                pc = frame_pc(f)
                name = f.name()
                typ = f.type()
                text = None
                entry = False
                if typ == gdb.SIGTRAMP_FRAME:
                    text = "<signal handler called>"
                elif in_runtime(pc, rt):
                    entry = name in REGION_ENTRIES
                elif name not in THREAD_START:
                    label = outlined_label(name, kinds, pc) \
                        if typ != gdb.INLINE_FRAME else None
                    text = frame_line(f, pc, label)
                try:
                    sp = int(f.read_register("sp"))
                except (gdb.error, ValueError):
                    sp = None
                self.rows.append({"text": text, "type": typ, "sp": sp,
                                  "entry": entry})
                f = f.older()
            except gdb.error:
                break
        n = len(self.rows)
        for i, r in enumerate(self.rows):
            j = i
            while j + 1 < n and self.rows[j]["type"] == gdb.INLINE_FRAME:
                j += 1
            r["last"] = j
            r["cfa"] = self.rows[j + 1]["sp"] if j + 1 < n else None
        for i in range(n):
            r = self.rows[i]
            r["first"] = i if i == 0 or \
                self.rows[i - 1]["last"] != r["last"] else \
                self.rows[i - 1]["first"]

    def find(self, addr, flags):
        """(first, last) row of the physical frame at OMPD frame address
        ADDR: the frame whose CFA it is (ompt_frame_cfa), else the one
        whose stack it lies in (a frame pointer or another address within
        the frame); None when no frame of this stack is there."""
        kind = (flags or 0) & FRAME_KIND
        for r in self.rows:
            if r["type"] == gdb.INLINE_FRAME or r["cfa"] is None:
                continue
            if kind == FRAME_CFA:
                hit = r["cfa"] == addr
            else:
                hit = r["sp"] is not None and r["sp"] <= addr < r["cfa"]
            if hit:
                return r["first"], r["last"]
        return None

    def texts(self, lo, hi):
        return [r["text"] for r in self.rows[lo:hi] if r["text"] is not None]


class BtUnknown(Exception):
    """The task frames do not place a task on its thread's stack."""


def task_span(stack, task):
    """Rows [lo, hi) of STACK that run TASK's code: older than the frame
    its enter frame names (where it called into the runtime; the newest
    frame when it has none) and newer than the frame its exit frame
    names (where the runtime called it; the oldest when it has none)."""
    fr = task.frames()
    if fr is None:
        raise BtUnknown("no task frames: %s" % getattr(task, "frames_error",
                                                       "?"))
    (x, xf), (e, ef) = fr
    lo, hi = 0, len(stack.rows)
    if e:
        g = stack.find(e, ef)
        if g is None:
            raise BtUnknown("enter frame 0x%x not on the stack" % e)
        lo = g[1] + 1
    if x:
        g = stack.find(x, xf)
        if g is None:
            raise BtUnknown("exit frame 0x%x not on the stack" % x)
        hi = g[0]
    elif task.kind() != "initial":
        # Only an initial task's code starts at the stack's bottom; any
        # other task without an exit frame has none on the stack (an
        # implicit task whose code has returned, at its region's end).
        hi = lo
    return lo, max(lo, hi)


def above_runtime(stack, lo):
    """Frames newer than row LO, where the thread is in the runtime, that
    are still the program's: a signal handler running there, down to
    its trampoline."""
    rows = stack.rows[:lo]
    tramp = [i for i, r in enumerate(rows) if r["type"] == gdb.SIGTRAMP_FRAME]
    if not tramp:
        return []
    return stack.texts(0, tramp[-1] + 1)


def primary_where(m, sess, r, primary):
    """Where the primary thread of region R is, when it is no longer in
    the region's code: at the region's end."""
    imp = r.implicit_task(0)
    fr = imp.frames() if imp is not None else None
    if fr is None or fr[0][0]:
        return ""
    cur = primary.task()
    if cur is not None and not cur.same(imp):
        return ", which has finished the region's code and runs tasks at " \
            "its end"
    return ", which has finished the region's code and waits at its end " \
        "barrier"


def header(m, sess, r, primary):
    return ("---- region #%s (level %s) was entered by thread %s (OpenMP "
            "thread 0 of the team%s):"
            % (m.region_id(r), r.level(),
               primary.gdb_num if primary.gdb_num is not None
               else "LWP %s" % primary.lwp,
               primary_where(m, sess, r, primary)))


def chain_lines(m, sess, t, chain, stacks, rt, kinds, top):
    """Lines for CHAIN, the tasks (task, thread) from a task on thread T
    down to the initial task, each task's frames cut from its thread's
    stack by its OMPD task frames.  TOP: the first task is the thread's
    current one (frames above its enter frame are the runtime's)."""
    out = []
    on = t
    prev = None
    for task, th in chain:
        if th is not on:
            r = prev.region() if prev is not None else None
            if th.gthread is None:
                out.append("(the region's primary thread has no gdb thread)")
                return out
            if r is not None:
                out.append(header(m, sess, r, th))
            on = th
            top = False
        st = stacks.get(on)
        lo, hi = task_span(st, task)
        if top:
            out += above_runtime(st, lo)
            top = False
        out += st.texts(lo, hi)
        prev = task
    return out


class Stacks(dict):
    def __init__(self, rt, kinds):
        super(Stacks, self).__init__()
        self.rt = rt
        self.kinds = kinds

    def get(self, t):
        key = t.gdb_num
        if key not in self:
            self[key] = Stack(t.gthread, self.rt, self.kinds)
        return self[key]


def ompd_lines(m, sess, t, stacks, rt, kinds):
    """Thread T's OpenMP backtrace from the OMPD task frames."""
    st = stacks.get(t)
    chain = t.task_chain()
    if chain:
        return chain_lines(m, sess, t, chain, stacks, rt, kinds, True)
    # No task: frames of its own that are the program's (a signal
    # handler), then what it is.
    lines = st.texts(0, len(st.rows))
    r = t.region()
    if not t.unstarted() or r is None:
        lines.append("(idle: it runs no OpenMP task)" if r is None
                     else "(it runs no OpenMP task)")
        return lines
    lines.append("(assigned to region #%s as OpenMP thread %s; it has not "
                 "begun its implicit task)" % (m.region_id(r),
                                                t.thread_num()))
    mem = r.members()
    primary = mem[0][1] if mem else None
    imp = r.implicit_task(0)
    enc = imp.generating() if imp is not None else None
    if primary is None or enc is None or primary.gthread is None:
        return lines
    lines.append(header(m, sess, r, primary))
    lines += chain_lines(m, sess, primary,
                         primary.task_chain(start=enc), stacks, rt, kinds,
                         False)
    return lines


def user_frames(stack):
    """[(frame text, is_region_entry)] of a stack for the name-based
    fallback: runtime frames are left out but their region entries are
    marked (None text), so that the caller can cut at them."""
    return [(r["text"], r["entry"]) for r in stack.rows
            if r["text"] is not None or r["entry"]]


def bottom_region(m, t):
    """The region whose implicit task is at the bottom of thread T's own
    stack, and its level (None, 0 for the initial thread)."""
    chain = t.task_chain()
    bottom = None
    for task, on in chain:
        if on is t and task.implicit():
            bottom = task
    if bottom is None:
        return None, 0
    r = bottom.region()
    if r is None or not r.level():
        return None, 0
    return r, r.level()


def stitched(m, sess, t, stacks, depth=0):
    """Thread T's OpenMP backtrace by the runtime's entry points (for a
    libompd whose task frames do not place its tasks): the primary
    thread's stack holds one entry frame (GOMP_parallel) per region it
    entered, oldest first, for levels base+1, base+2, ... where base is
    the level of the implicit task at the bottom of its own stack, so
    the region at level L is the (L - base)-th entry from the oldest."""
    frames = user_frames(stacks.get(t))
    lines = [txt for txt, entry in frames if txt is not None]
    r, base = bottom_region(m, t)
    if r is None:
        return lines
    mem = r.members()
    primary = mem[0][1] if mem else None
    if primary is None or primary.lwp == t.lwp or depth > 64 or \
            primary.gthread is None:
        return lines
    pframes = user_frames(stacks.get(primary))
    pr, pbase = bottom_region(m, primary)
    k = r.level() - pbase
    entries = [i for i, (txt, e) in enumerate(pframes) if e]
    lines.append(header(m, sess, r, primary))
    if 0 < k <= len(entries):
        cut = entries[len(entries) - k]
        lines += [txt for txt, e in pframes[cut + 1:] if txt is not None]
        if pr is not None:
            rest = stitched(m, sess, primary, stacks, depth + 1)
            own = [txt for txt, e in pframes if txt is not None]
            lines += rest[len(own):]
    else:
        lines.append("(thread %s's stack shows no call of the runtime's "
                     "region entry for this region)" % primary.gdb_num)
    return lines


def thread_lines(m, sess, t, stacks, rt, kinds):
    try:
        return ompd_lines(m, sess, t, stacks, rt, kinds)
    except BtUnknown:
        return stitched(m, sess, t, stacks)


class OmpdBt(U.OmpdCommand):
    """OpenMP-aware backtrace of the selected thread (or thread N).

Usage: ompd bt [--thread N | --all] [--wide|-w] [--json] [COUNT]

Like `bt' (COUNT: only the innermost COUNT frames of each thread),
without the OpenMP runtime's frames, with GCC's outlined functions shown as the construct they run (`#pragma omp parallel at
x.c:12 (in main) [main._omp_fn.0]'), and, for a worker thread, continued
into the frames of the thread that encountered its parallel region, up to
main -- the stack as the program's source reads.  --all: every OpenMP
thread.  `set ompd bt off' stops the frame filter from changing plain
`bt'; it changes only a stack with frames of the runtime or of an
outlined function, and leaves every other `bt' gdb's own.  A frame wider
than gdb's `width' continues on the next lines; --wide writes each frame
on one line.  --json writes the stacks as one JSON document
(docs/json.md), as `ompdbg stacks --json' does."""

    def __init__(self):
        super(OmpdBt, self).__init__("ompd bt", gdb.COMMAND_STACK)

    def candidates(self, before, cur):
        if before and before[-1] in ("--thread", "-t"):
            return U.thread_numbers()
        return ["--thread", "--all", "--wide", "--json"]

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        limit = U.width("--wide" in args or "-w" in args)
        args = [a for a in args if a not in ("--wide", "-w")]
        sess = S.current()
        m = M.model(sess)
        rt = _real(sess.runtime)
        kinds = region_fn_kinds(m)
        count = None
        if args and re.match(r"^\d+$", args[-1]) and (
                len(args) != 2 or args[0] not in ("--thread", "-t")):
            count = int(args.pop())
            if count == 0:
                raise gdb.GdbError("ompd bt: the frame count must be "
                                   "positive")
        if args == ["--all"]:
            targets = [t for t in m.threads() if t.gthread is not None]
        elif len(args) == 2 and args[0] in ("--thread", "-t"):
            n = U.int_arg(args[1], "the thread number")
            targets = [t for t in m.threads() if t.gdb_num == n]
            if not targets:
                raise gdb.GdbError("ompd bt: gdb thread %d is not an OpenMP "
                                   "thread" % n)
        elif not args:
            t = m.thread_of_gdb(gdb.selected_thread())
            if t is None:
                raise gdb.GdbError("ompd bt: the selected thread is not an "
                                   "OpenMP thread")
            targets = [m.thread_by_lwp(t.lwp) or t]
        else:
            raise gdb.GdbError("usage: ompd bt [--thread N | --all] [--wide] "
                               "[COUNT]")
        sel = gdb.selected_thread()
        try:
            sel_frame = gdb.selected_frame()
        except gdb.error:
            sel_frame = None
        out = []
        stacks = Stacks(rt, kinds)
        docs = []
        try:
            for t in targets:
                num = t.thread_num()
                out.append("Thread %s (LWP %s, OpenMP thread %s):"
                           % (t.gdb_num, t.lwp, "?" if num is None else num))
                if t.error is not None:
                    out.append("(its OpenMP state is %s: its own frames "
                               "only)" % t.error)
                try:
                    lines = thread_lines(m, sess, t, stacks, rt, kinds)
                except gdb.error as e:
                    lines = ["(cannot unwind: %s)" % e]
                if self.json:
                    from .jsonout import value as V
                    docs.append({"id": t.gdb_num, "lwp": t.lwp,
                                 "omp": V(num),
                                 "frames": [x for x in lines
                                            if not x.startswith(("----",
                                                                 "("))],
                                 "lines": lines})
                    continue
                n = 0
                for line in lines:
                    if count is not None and n >= count:
                        out.append("(More stack frames follow...)")
                        break
                    if line.startswith("----") or line.startswith("("):
                        out.extend(U.hanging("", line, limit))
                    else:
                        out.extend(U.hanging("#%-3d " % n, line, limit))
                        n += 1
        finally:
            try:
                sel.switch()
                if sel_frame is not None and sel_frame.is_valid():
                    sel_frame.select()
            except Exception:
                pass
        if self.json:
            self.json_doc = {"threads": docs}
            return
        gdb.write("\n".join(out) + "\n")


def install():
    OmpdBt()
    OmpdFrameFilter()
