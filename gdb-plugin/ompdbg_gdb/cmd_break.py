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
            gdb.write("ompd: this runtime has no ompdbg_bp_enabled flag: "
                      "run the program with OMP_DEBUG=enabled for the "
                      "breakpoints to be hit.\n", gdb.STDERR)
        return False
    try:
        inf.write_memory(a, int(value).to_bytes(4, "little"))
    except Exception as e:
        if not quiet:
            gdb.write("ompd: cannot switch the runtime's OMPD breakpoints "
                      "on (%s).\n" % e, gdb.STDERR)
        return False
    cache.forget(a, 4)
    return True


def on_session(sess):
    """A session has just been opened: switch the hooks on if any `ompd
    break' wants them."""
    if wanted():
        write_enable_flag(1, quiet=True)


def describe_hit(event):
    """One line about the event that just happened on the selected
    thread."""
    sess = S.current()
    m = M.model(sess)
    t = m.thread_of_gdb(gdb.selected_thread())
    gt = gdb.selected_thread()
    who = "thread %d" % gt.num
    if t is None:
        return "[ompd] %s on %s" % (event, who), None
    if t.thread_num() is not None:
        who += " (OpenMP thread %d)" % t.thread_num()
    if event.startswith("parallel"):
        r = t.region()
        if r is None:
            return "[ompd] %s on %s" % (event, who), None
        fn = r.function()
        return ("[ompd] %s: %s, team of %s, level %s, on %s"
                % (event, M.construct_label(fn, "parallel") if fn
                   else "(entry unknown)", r.team_size(), r.level(), who),
                fn)
    if event.startswith("task"):
        task = t.task()
        if task is None:
            return "[ompd] %s on %s" % (event, who), None
        return ("[ompd] %s: %s task %s on %s"
                % (event, task.kind(), task.label(), who), task.function())
    return "[ompd] %s on %s" % (event, who), None


class EventBreakpoint(gdb.Breakpoint):
    def __init__(self, event, user_code=False, temporary=False):
        self.event = event
        self.user_code = user_code
        super(EventBreakpoint, self).__init__(EVENTS[event],
                                              temporary=temporary)

    def stop(self):
        try:
            cache.invalidate()
            line, fn = describe_hit(self.event)
        except Exception as e:
            line, fn = "[ompd] %s (%s)" % (self.event, e), None
        gdb.write(line + "\n")
        if self.user_code and fn:
            # Stop at the first line of the user's code instead: a
            # temporary breakpoint on the outlined function, after its
            # prologue (by name) when gdb knows it.
            name = M.describe_pc(fn)[0]
            spec = ("'%s'" % name) if name else ("*0x%x" % fn)
            try:
                b = gdb.Breakpoint(spec, temporary=True, internal=True)
                b.silent = False
            except Exception:
                gdb.Breakpoint("*0x%x" % fn, temporary=True, internal=True)
            return False
        return True


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
             region's or task's own code (its outlined function).
--temporary  delete the breakpoint after the first hit.

The runtime calls its event functions only while its enable flag is on:
in a running process `ompd break' switches it on (no restart with
OMP_DEBUG=enabled needed); before `run' it is switched on as soon as the
runtime starts.  Breakpoints need a live process (not a core file)."""

    def __init__(self):
        super(OmpdBreak, self).__init__("ompd break", gdb.COMMAND_BREAKPOINTS)

    def complete(self, text, word):
        words = sorted(EVENTS) + sorted(ALIASES) + ["--user", "--temporary"]
        return [w for w in words if w.startswith(text)]

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        user = "--user" in args
        temp = "--temporary" in args
        rest = [a for a in args if a not in ("--user", "--temporary")]
        if len(rest) != 1:
            raise gdb.GdbError("usage: ompd break EVENT [--user] "
                               "[--temporary]; EVENT: %s"
                               % ", ".join(sorted(EVENTS)))
        ev = ALIASES.get(rest[0], rest[0])
        if ev not in EVENTS:
            raise gdb.GdbError("ompd break: unknown event `%s' (one of %s)"
                               % (rest[0], ", ".join(sorted(EVENTS)
                                                     + sorted(ALIASES))))
        inf = gdb.selected_inferior()
        is_core = False
        try:
            is_core = inf.connection is not None and \
                inf.connection.type == "core"
        except Exception:
            pass
        if is_core:
            raise gdb.GdbError("ompd break: a core file does not run; "
                               "breakpoints need a live process")
        b = EventBreakpoint(ev, user_code=user, temporary=temp)
        _breakpoints.append(b)
        if inf.pid != 0:
            if write_enable_flag(1):
                gdb.write("[ompd] the runtime's OMPD breakpoints are on\n")
        else:
            gdb.write("[ompd] the runtime's OMPD breakpoints will be "
                      "switched on when it starts\n")


def install():
    OmpdBreak()
