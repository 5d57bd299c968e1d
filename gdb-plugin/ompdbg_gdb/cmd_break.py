"""cmd_break.py -- `ompd break EVENT': breakpoints on the runtime's OMPD
event functions (ompd_bp_parallel_begin, ...).

The runtime calls those functions only while its enable flag is set
(OMP_DEBUG=enabled at start-up, or the exported int ompdbg_bp_enabled
written to 1 by a debugger).  In a live process the plugin writes the
flag, so no restart is needed; when the program has not started yet it
writes it as soon as OMPD initialises (ompd_dll_locations_valid)."""

import gdb

from . import callbacks as C
from . import model as M
from . import session as S
from . import util as U
from .cache import cache

# event -> (runtime function, kind of construct)
EVENTS = {
    "parallel-begin": "ompd_bp_parallel_begin",
    "parallel-end": "ompd_bp_parallel_end",
    "task-begin": "ompd_bp_task_begin",
    "task-end": "ompd_bp_task_end",
    "thread-begin": "ompd_bp_thread_begin",
    "thread-end": "ompd_bp_thread_end",
}
# The names of the 2013 OMPD design (parallel_pre_execute, ...).
ALIASES = {
    "parallel_pre_execute": "parallel-begin",
    "parallel_post_execute": "parallel-end",
    "task_pre_execute": "task-begin",
    "task_post_execute": "task-end",
    "parallel_begin": "parallel-begin",
    "parallel_end": "parallel-end",
    "task_begin": "task-begin",
    "task_end": "task-end",
    "thread_begin": "thread-begin",
    "thread_end": "thread-end",
}

_breakpoints = []
# Whether the plugin switched the runtime's flag on (and so switches it
# off again when no `ompd break' is left).
_flag_set = [False]
# Breakpoint number -> entry of the code its last hit starts (--user); by
# number, since a --temporary breakpoint is gone when its commands run.
_user_fns = {}


def fit(text, prefix=""):
    """TEXT as lines that fit gdb's `width', continued under its start
    after PREFIX."""
    return "\n".join(U.hanging(prefix, text, U.width()))


def say(text, stream=None):
    """Write TEXT, an `[ompd] ...' line, fitted to gdb's `width'."""
    if text.startswith("[ompd] "):
        text = fit(text[len("[ompd] "):], "[ompd] ")
    else:
        text = fit(text)
    gdb.write(text + "\n", stream if stream is not None else gdb.STDOUT)


def wanted():
    return any(b.is_valid() for b in _breakpoints)


def write_enable_flag(value=1, quiet=False):
    """Write the runtime's OMPD breakpoint enable flag in the live
    process.  False when there is no process or it cannot be written."""
    inf = gdb.selected_inferior()
    if inf.pid == 0:
        return False
    a = C.lookup_symbol("ompdbg_bp_enabled")
    if a is None:
        if not quiet:
            # Why depends on the process: a runtime not loaded yet (the
            # flag is written when it is), another one, ... (avail.py).
            from . import avail
            text, error = avail.break_without_hooks(inf)
            say(text, gdb.STDERR if error else gdb.STDOUT)
        return False
    try:
        inf.write_memory(a, int(value).to_bytes(4, "little"))
    except Exception as e:
        if not quiet:
            say("ompd: cannot switch the runtime's OMPD breakpoints on "
                "(%s)." % e, gdb.STDERR)
        return False
    cache.forget(a, 4)
    _flag_set[0] = bool(value)
    return True


def _on_breakpoint_deleted(bp):
    """The last `ompd break' gone: the runtime need not call its event
    functions any more (nor after a detach): switch the flag it was given
    off again."""
    if bp in _breakpoints:
        _breakpoints.remove(bp)
    if _flag_set[0] and not wanted():
        try:
            write_enable_flag(0, quiet=True)
        except Exception:
            pass


def on_session(sess):
    """A session has just been opened: switch the hooks on if any `ompd
    break' wants them."""
    if wanted():
        write_enable_flag(1, quiet=True)


def describe_hit(event):
    """One line about the event that just happened on the selected
    thread, and the entry of the code that starts with it (the region's
    or the task's outlined function; None for the other events)."""
    sess = S.current()
    m = M.model(sess)
    gt = gdb.selected_thread()
    t = m.thread_of_gdb(gt)
    pid, lwp, tid = gt.ptid
    who = "thread %d (LWP %d" % (gt.num, lwp or pid)
    if t is not None and t.thread_num() is not None:
        who += ", OpenMP thread %s" % t.thread_num()
    who += ")"
    if t is None:
        return "[ompd] %s on %s" % (event, who), None
    if event.startswith("parallel"):
        r = t.region()
        if r is None:
            return "[ompd] %s on %s" % (event, who), None
        fn = U.known(r.function())
        return ("[ompd] %s: %s, team of %s, level %s, on %s"
                % (event, M.construct_label(fn, "parallel") if fn
                   else "(entry unknown)", r.team_size(), r.level(), who),
                fn)
    if event.startswith("task"):
        task = t.task()
        if task is None:
            return "[ompd] %s on %s" % (event, who), None
        return ("[ompd] %s: %s task %s on %s"
                % (event, task.kind(), task.label(), who),
                U.known(task.function()))
    return "[ompd] %s on %s" % (event, who), None


# Events after which the code of a region or task starts: the only ones
# `--user' can stop at the first line of.  At the *-end events that code
# has run already, and thread-begin/-end start no user code.
USER_EVENTS = ("parallel-begin", "task-begin")


class EventBreakpoint(gdb.Breakpoint):
    """A breakpoint on one of the runtime's OMPD event functions.

With --user the stop must move on to the region's or task's code.  gdb
forbids creating breakpoints in stop(), and after stop() returns False
the thread runs on at once (a breakpoint made later could come too
late).  So stop() only notes where the code starts and stops; the
breakpoint's own commands -- where creating breakpoints and continuing
is ordinary gdb -- put a temporary breakpoint there and continue."""

    def __init__(self, event, user_code=False, temporary=False):
        self.event = event
        self.user_code = user_code
        super(EventBreakpoint, self).__init__(EVENTS[event],
                                              temporary=temporary)
        if user_code:
            self.commands = ("silent\nmaintenance ompd-user-code %d\n"
                             "continue" % self.number)

    @U.guarded("ompd break: the event's stop", True)
    def stop(self):
        _user_fns.pop(self.number, None)
        try:
            cache.invalidate()
            line, fn = describe_hit(self.event)
        except Exception as e:
            line, fn = "[ompd] %s (%s)" % (self.event, e), None
        say(line)
        if self.user_code and fn:
            # A task runs on the thread that announces it: stop there,
            # not in another thread running the same code.
            thread = gdb.selected_thread().num \
                if self.event == "task-begin" else None
            _user_fns[self.number] = (fn, thread)
        return True


def _user_breakpoint(fn):
    """A temporary breakpoint at the first line of the code at FN (after
    its prologue, by name, when gdb knows the function).  A numbered one,
    as `start' makes: the stop then reads `Temporary breakpoint N, ...'
    and the user can see and delete it."""
    name = M.describe_pc(fn)[0]
    if name:
        try:
            return gdb.Breakpoint("'%s'" % name, temporary=True)
        except Exception:
            pass
    return gdb.Breakpoint("*0x%x" % fn, temporary=True)


class MaintUserCode(gdb.Command):
    """Stop at the code an `ompd break --user' event starts (internal).

Usage: maintenance ompd-user-code BREAKPOINT

Run by the commands of an `ompd break EVENT --user' breakpoint, just
stopped at its event: puts a temporary breakpoint on the first line of
the region's or task's code, which the commands' `continue' then runs
to.  When that code is unknown it fails, which ends the commands: the
program stays stopped in the runtime.  (A gdb command rather than a
`python' line, so that the failure is one message, not a traceback.)"""

    def __init__(self):
        super(MaintUserCode, self).__init__("maintenance ompd-user-code",
                                            gdb.COMMAND_MAINTENANCE)

    def invoke(self, arg, from_tty):
        why = "the runtime does not say which code it starts"
        try:
            fn, thread = _user_fns.pop(int(arg), (None, None))
            if fn:
                b = _user_breakpoint(fn)
                if thread is not None:
                    b.thread = thread
                return
        except Exception as e:
            why = str(e) or type(e).__name__
        try:
            gdb.execute("frame")
        except Exception:
            pass
        raise gdb.GdbError(fit("--user: cannot stop in the user's code "
                               "(%s); stopped in the runtime" % why,
                               "[ompd] "))


class OmpdBreak(U.OmpdCommand):
    """Stop at OpenMP events.

Usage: ompd break EVENT [--user] [--temporary]

EVENT is one of parallel-begin, parallel-end, task-begin, task-end,
thread-begin, thread-end (or the names of the OMPD design:
parallel_pre_execute, parallel_post_execute, task_pre_execute,
task_post_execute).  The breakpoint is on the runtime's OMPD event
function (ompd_bp_parallel_begin, ...).  On every hit the plugin prints
the region's or task's code (e.g. `#pragma omp parallel at x.c:12 (in
main)'), the team size and the thread.

--user       do not stop in the runtime: stop at the first line of the
             region's or task's own code (its outlined function): for a
             task in the thread that begins it, for a region in the first
             thread that gets there; only for parallel-begin and
             task-begin (at the other events no code of the user starts).
             The breakpoint gets commands that do it (`info breakpoints').
--temporary  delete the breakpoint after the first hit.

The runtime calls its event functions only while its enable flag is on:
in a running process `ompd break' switches it on (no restart with
OMP_DEBUG=enabled needed); before `run' it is switched on as soon as the
runtime starts.  It is switched off again when the last of these
breakpoints is deleted.  Breakpoints need a live process (not a core file)."""

    def __init__(self):
        super(OmpdBreak, self).__init__("ompd break", gdb.COMMAND_BREAKPOINTS)

    def candidates(self, before, cur):
        opts = [o for o in ("--user", "--temporary") if o not in before]
        if cur.startswith("-"):
            return opts
        # One event, then the options.
        if any(w in EVENTS or w in ALIASES for w in before):
            return opts
        return list(EVENTS) + list(ALIASES)

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        user = "--user" in args
        temp = "--temporary" in args
        rest = [a for a in args if a not in ("--user", "--temporary")]
        if len(rest) != 1:
            raise gdb.GdbError(fit("usage: ompd break EVENT [--user] "
                                   "[--temporary]; EVENT: %s"
                                   % ", ".join(sorted(EVENTS))))
        ev = ALIASES.get(rest[0], rest[0])
        if ev not in EVENTS:
            raise gdb.GdbError(fit("ompd break: unknown event `%s' (one of "
                                   "%s)" % (rest[0], ", ".join(
                                       sorted(EVENTS) + sorted(ALIASES)))))
        if user and ev not in USER_EVENTS:
            raise gdb.GdbError(fit("ompd break: --user is only for %s: at "
                                   "%s no code of a region or task is about "
                                   "to start"
                                   % (" and ".join(USER_EVENTS), ev)))
        inf = gdb.selected_inferior()
        is_core = False
        try:
            is_core = inf.connection is not None and \
                inf.connection.type == "core"
        except Exception:
            pass
        if is_core:
            raise gdb.GdbError(fit("ompd break: a core file does not run; "
                                   "breakpoints need a live process"))
        # A runtime that can never call the hooks: no breakpoint that
        # would wait for them for ever.
        from . import avail
        never = avail.never_hooks(inf)
        if never:
            raise gdb.GdbError(fit(never))
        b = EventBreakpoint(ev, user_code=user, temporary=temp)
        _breakpoints.append(b)
        if inf.pid != 0:
            if write_enable_flag(1):
                say("[ompd] the runtime's OMPD breakpoints are on")
        else:
            say("[ompd] the runtime's OMPD breakpoints will be switched on "
                "when it starts")


def install():
    OmpdBreak()
    MaintUserCode()
    gdb.events.breakpoint_deleted.connect(_on_breakpoint_deleted)
