"""commands.py -- the `ompd' prefix command, the `set/show ompd ...'
settings, and the gdb events that keep the plugin in step with the
target."""

import gdb

from . import avail as A
from . import callbacks as C
from . import model as M
from . import session as S
from . import util as U
from .cache import cache


class OmpdPrefix(gdb.Command):
    """OpenMP debugging through OMPD.

The ompd commands show the OpenMP state of the program -- live, attached
with -p, or from a core file -- through the libompd its OpenMP runtime
names (ompd_dll_locations).  OMPD is initialised automatically once the
runtime is loaded.

  ompd threads          every OpenMP thread: number, state, wait, region, task
  ompd parallel         the tree of active parallel regions
  ompd tasks            each thread's task chain
  ompd bt               backtrace without runtime frames, stitched across threads
  ompd icvs             internal control variables
  ompd env              the runtime's settings (display control variables)
  ompd info             runtime, libompd and versions
  ompd break EVENT      stop at parallel/task/thread begin or end
  ompd init             re-initialise OMPD

Settings: set ompd runtime|stats|bt|extension|library|debug|verbose.
Convenience functions: $_omp_thread_num(), $_omp_level(), ... (see
`help function')."""

    def __init__(self):
        super(OmpdPrefix, self).__init__("ompd", gdb.COMMAND_STATUS,
                                         gdb.COMPLETE_COMMAND, prefix=True)

    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError("Undefined ompd command: \"%s\".  Try "
                               "\"help ompd\"." % arg.strip())
        gdb.execute("help ompd", from_tty)


class _SetOmpd(gdb.Command):
    """Set OMPD plugin options."""

    def __init__(self):
        super(_SetOmpd, self).__init__("set ompd", gdb.COMMAND_DATA,
                                       prefix=True)


_shown = []     # the `show ompd' settings, in the order defined


class _ShowOmpd(gdb.Command):
    """Show OMPD plugin options."""

    def __init__(self):
        super(_ShowOmpd, self).__init__("show ompd", gdb.COMMAND_DATA,
                                        prefix=True)

    def invoke(self, arg, from_tty):
        # All the settings, as `show print' lists its own.
        if arg.strip():
            raise gdb.GdbError("Undefined show ompd command: \"%s\".  "
                               "Try \"help show ompd\"." % arg.strip())
        for name in _shown:
            gdb.write(gdb.execute("show " + name, to_string=True))


class _BoolParam(gdb.Parameter):
    def __init__(self, name, doc, store, key, on_set=None):
        self.__doc__ = doc
        self.set_doc = "Set " + doc[0].lower() + doc[1:].split("\n")[0]
        self.show_doc = "Show " + doc[0].lower() + doc[1:].split("\n")[0]
        super(_BoolParam, self).__init__(name, gdb.COMMAND_DATA,
                                         gdb.PARAM_BOOLEAN)
        self.store = store
        self.key = key
        self.on_set = on_set
        self.param_name = name
        self.value = store[key]
        _shown.append(name)

    @U.guarded("set ompd", "")
    def get_set_string(self):
        self.store[self.key] = bool(self.value)
        if self.on_set:
            self.on_set(bool(self.value))
        return ""

    @U.guarded("show ompd", "")
    def get_show_string(self, svalue):
        return "%s is %s." % (self.param_name, svalue)


class _LibraryParam(gdb.Parameter):
    """The libompd to load instead of the runtime's ompd_dll_locations
(empty: use ompd_dll_locations)."""
    set_doc = "Set the libompd to load (empty: the runtime's choice)."
    show_doc = "Show the libompd override."

    def __init__(self):
        super(_LibraryParam, self).__init__("ompd library", gdb.COMMAND_DATA,
                                            gdb.PARAM_OPTIONAL_FILENAME)
        self.value = ""
        _shown.append("ompd library")

    @U.guarded("set ompd library", "")
    def get_set_string(self):
        S.settings["library"] = self.value or ""
        S.drop()
        return ""

    @U.guarded("show ompd library", "")
    def get_show_string(self, svalue):
        return "ompd library is \"%s\"." % svalue


class _RuntimeParam(gdb.Parameter):
    """Whether programs gdb starts run on the ompdbg runtime.

On (the default when the plugin is beside an ompdbg runtime): the
runtime's directory comes first in LD_LIBRARY_PATH of the programs gdb
starts (`show environment LD_LIBRARY_PATH'), so that an unmodified
gcc -fopenmp program loads it instead of GCC's libgomp -- unless
LD_LIBRARY_PATH leads to an ompdbg runtime already.  Off: the
plugin takes that back; programs load the libgomp they would load
without gdb."""
    set_doc = "Set whether programs gdb starts run on the ompdbg runtime."
    show_doc = "Show whether programs gdb starts run on the ompdbg runtime."

    def __init__(self):
        super(_RuntimeParam, self).__init__("ompd runtime", gdb.COMMAND_DATA,
                                            gdb.PARAM_BOOLEAN)
        self.value = A.settings["runtime"]

    @U.guarded("set ompd runtime", "")
    def get_set_string(self):
        A.settings["runtime"] = bool(self.value)
        if A.apply_runtime(self.value):
            return ("Programs gdb starts run on the ompdbg runtime "
                    "(LD_LIBRARY_PATH=%s)."
                    % A.get_env("LD_LIBRARY_PATH"))
        if self.value:
            return ("There is no ompdbg runtime beside this plugin (%s)."
                    % A.install_dir())
        return "Programs gdb starts run on the libgomp they would load " \
            "without gdb."

    @U.guarded("show ompd runtime", "")
    def get_show_string(self, svalue):
        i = A.install()
        where = " (the ompdbg runtime in %s)" % i.runtime_dir if i else ""
        return "ompd runtime is %s%s." % (svalue, where)


def _set_debug(v):
    C.debug = v


def _set_extension(v):
    S.drop()


# ---- events -------------------------------------------------------------------
# gdb prints a traceback for an exception escaping an event handler (and
# goes on): each handler is guarded to print one `[ompd]' line instead.
@U.guarded("resuming the target")
def _on_cont(ev):
    cache.invalidate()


@U.guarded("handling the stop")
def _on_stop(ev):
    cache.invalidate()
    S.try_auto()


@U.guarded("handling a new objfile")
def _on_new_objfile(ev):
    cache.invalidate_symbols()
    M.invalidate_code()
    A.on_new_objfile(ev.new_objfile)
    S.try_auto()


@U.guarded("handling the objfiles' removal")
def _on_clear_objfiles(ev):
    cache.invalidate_symbols()
    M.invalidate_code()
    S.drop()


@U.guarded("handling the exit of the process")
def _on_exited(ev):
    try:
        num = ev.inferior.num
    except Exception:
        num = None
    S.drop(num)


@U.guarded("handling a change of target memory")
def _on_memory_changed(ev):
    cache.invalidate()


@U.guarded("handling an inferior call")
def _on_call(ev):
    cache.invalidate()


def install_events():
    ev = gdb.events
    ev.cont.connect(_on_cont)
    ev.stop.connect(_on_stop)
    ev.new_objfile.connect(_on_new_objfile)
    ev.clear_objfiles.connect(_on_clear_objfiles)
    ev.exited.connect(_on_exited)
    ev.memory_changed.connect(_on_memory_changed)
    for name, fn in (("inferior_call", _on_call),
                     ("register_changed", _on_memory_changed)):
        e = getattr(ev, name, None)
        if e is not None:
            e.connect(fn)


@U.guarded("putting programs on the ompdbg runtime")
def _put_on_runtime():
    A.apply_runtime(True)


def install():
    OmpdPrefix()
    _SetOmpd()
    _ShowOmpd()
    _BoolParam("ompd stats", "Whether each ompd command reports its libompd "
               "calls, target reads and time.", U.settings, "stats")
    _BoolParam("ompd debug", "Whether failing OMPD callbacks and internal "
               "errors are reported in detail.", U.settings, "debug",
               _set_debug)
    _BoolParam("ompd extension", "Whether the ompdbg extension routines of "
               "libompd are used (off: standard OMPD 5.1 only).",
               S.settings, "extension", _set_extension)
    _BoolParam("ompd verbose", "Whether OMPD initialisation is announced.",
               S.settings, "verbose")
    _LibraryParam()
    _RuntimeParam()
    from . import (cmd_threads, cmd_parallel, cmd_tasks, cmd_info, cmd_break,
                   cmd_bt, cmd_diagnose, functions)
    _BoolParam("ompd bt", "Whether plain `bt' hides the OpenMP runtime's "
               "frames and labels outlined functions (the ompd frame "
               "filter).", cmd_bt.settings, "bt")
    cmd_threads.OmpdThreads()
    cmd_parallel.OmpdParallel()
    cmd_tasks.OmpdTasks()
    cmd_diagnose.OmpdDiagnose()
    cmd_info.OmpdInfo()
    cmd_info.OmpdIcvs()
    cmd_info.OmpdEnv()
    cmd_info.OmpdInit()
    cmd_break.install()
    cmd_bt.install()
    functions.install()
    install_events()
    if A.settings["runtime"]:
        _put_on_runtime()
    # gdb may already have a process or core (the script was sourced
    # after `run' or `core'): initialise now.
    S.try_auto()
