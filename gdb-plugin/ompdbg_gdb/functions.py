"""functions.py -- convenience functions for conditions and printing:
$_omp_thread_num(), $_omp_level(), ... of the selected gdb thread (or of
the gdb thread whose number is given), live and on cores.

A thread that is not an OpenMP thread gives -1 (numbers) or "" (strings),
so that a condition such as `if $_omp_thread_num() == 3' is simply false
there instead of an error.  A value that cannot be read from the target,
or cannot be true (a damaged core), is an error that says so: a made-up
number would make a condition lie."""

import gdb

from . import model as M
from . import session as S
from . import util as U


def _thread(args, fname):
    if len(args) > 1:
        raise gdb.GdbError("$%s takes at most one argument, a gdb thread "
                           "number (%d given)" % (fname, len(args)))
    if args:
        try:
            if args[0].type.strip_typedefs().code not in (gdb.TYPE_CODE_INT,
                                                          gdb.TYPE_CODE_CHAR,
                                                          gdb.TYPE_CODE_BOOL):
                raise TypeError
            n = int(args[0])
        except (gdb.error, ValueError, TypeError):
            raise gdb.GdbError("$%s: expected a gdb thread number, got %s"
                               % (fname, args[0]))
        for t in gdb.selected_inferior().threads():
            if t.num == n:
                return t
        raise gdb.GdbError("no gdb thread %d" % n)
    t = gdb.selected_thread()
    if t is None:
        raise gdb.GdbError("no thread selected")
    return t


def _omp(args, fname):
    sess = S.current()
    m = M.model(sess)
    return sess, m, m.thread_of_gdb(_thread(args, fname))


class _OmpFunction(gdb.Function):
    def __init__(self, name):
        super(_OmpFunction, self).__init__(name)

    def invoke(self, *args):
        try:
            return self.value(*_omp(args, self.fname))
        except gdb.GdbError:
            raise
        except Exception as e:
            raise gdb.GdbError("$%s: %s" % (self.fname, e))


class _Unreadable(Exception):
    pass


def _ok(v, error=None):
    """V, unless it (or, when V is None, ERROR) is an Unreadable: then
    the function fails with its reason."""
    if isinstance(v, U.Unreadable):
        raise _Unreadable(str(v))
    if v is None and isinstance(error, U.Unreadable):
        raise _Unreadable(str(error))
    return v


def _int(v):
    return gdb.Value(-1 if _ok(v) is None else int(v))


def _region(t):
    return _ok(t.region(), t.region_error) if t is not None else None


def _task(t):
    return _ok(t.task(), t.task_error) if t is not None else None


class ThreadNum(_OmpFunction):
    """$_omp_thread_num([THREAD]) -- OpenMP thread number (omp_get_thread_num)
of the selected gdb thread or of gdb thread THREAD; -1 if it is not an
OpenMP thread."""
    fname = "_omp_thread_num"

    def value(self, sess, m, t):
        return _int(t.thread_num() if t is not None else None)


class Level(_OmpFunction):
    """$_omp_level([THREAD]) -- nesting level of the innermost parallel
region (omp_get_level); -1 if not an OpenMP thread."""
    fname = "_omp_level"

    def value(self, sess, m, t):
        r = _region(t)
        return _int(r.level() if r is not None else None)


class ActiveLevel(_OmpFunction):
    """$_omp_active_level([THREAD]) -- number of active enclosing parallel
regions (omp_get_active_level); -1 if not an OpenMP thread."""
    fname = "_omp_active_level"

    def value(self, sess, m, t):
        r = _region(t)
        return _int(r.active_level() if r is not None else None)


class TeamSize(_OmpFunction):
    """$_omp_team_size([THREAD]) -- size of the innermost team
(omp_get_num_threads); -1 if not an OpenMP thread."""
    fname = "_omp_team_size"

    def value(self, sess, m, t):
        r = _region(t)
        return _int(r.team_size() if r is not None else None)


class State(_OmpFunction):
    """$_omp_state([THREAD]) -- OpenMP thread state name (e.g.
"wait_barrier_explicit"); "" if not an OpenMP thread."""
    fname = "_omp_state"

    def value(self, sess, m, t):
        if t is None:
            return gdb.Value("")
        s, w = t.state()
        return gdb.Value(sess.state_name(s) if _ok(s) is not None else "")


class StateValue(_OmpFunction):
    """$_omp_state_value([THREAD]) -- OpenMP thread state as its
ompt_state_t number (0x10 wait_barrier, ...); -1 if unknown."""
    fname = "_omp_state_value"

    def value(self, sess, m, t):
        return _int(t.state()[0] if t is not None else None)


class WaitId(_OmpFunction):
    """$_omp_wait_id([THREAD]) -- what a waiting thread waits for (the
lock's address, ...), as a pointer; 0 when not waiting, -1 if not an
OpenMP thread."""
    fname = "_omp_wait_id"

    def value(self, sess, m, t):
        w = t.state()[1] if t is not None else None
        void_p = gdb.lookup_type("void").pointer()
        if w is None:
            return gdb.Value(-1).cast(void_p)
        return gdb.Value(w).cast(void_p)


class RegionId(_OmpFunction):
    """$_omp_region_id([THREAD]) -- the #id `ompd parallel' gives the
innermost parallel region in this stop; -1 if none."""
    fname = "_omp_region_id"

    def value(self, sess, m, t):
        r = _region(t)
        return _int(m.region_id(r) if r is not None else None)


class TaskFunction(_OmpFunction):
    """$_omp_task_function([THREAD]) -- entry address of the current task's
code (the outlined function); 0 if none (the initial task)."""
    fname = "_omp_task_function"

    def value(self, sess, m, t):
        task = _task(t)
        fn = _ok(task.function()) if task is not None else None
        return gdb.Value(fn or 0).cast(
            gdb.lookup_type("void").pointer())


class InParallel(_OmpFunction):
    """$_omp_in_parallel([THREAD]) -- 1 if inside an active parallel region
(omp_in_parallel), 0 if not, -1 if not an OpenMP thread."""
    fname = "_omp_in_parallel"

    def value(self, sess, m, t):
        r = _region(t)
        if r is None:
            return _int(None)
        a = _ok(r.active_level())
        return _int(None if a is None else (1 if a > 0 else 0))


class NumThreads(_OmpFunction):
    """$_omp_max_threads([THREAD]) -- nthreads-var of the current task
(omp_get_max_threads); -1 if not an OpenMP thread."""
    fname = "_omp_max_threads"

    def value(self, sess, m, t):
        return _int(m.icv("nthreads-var", thread=t) if t is not None
                    else None)


def install():
    for cls in (ThreadNum, Level, ActiveLevel, TeamSize, State, StateValue,
                WaitId, RegionId, TaskFunction, InParallel, NumThreads):
        cls(cls.fname)
