"""session.py -- finding the runtime, loading its libompd, and the OMPD
session (address-space handle) of the inferior.

OMPD's discovery protocol: the runtime exports `ompd_dll_locations', a
NULL-terminated `const char **' of libompd file names, valid once the
runtime has passed `ompd_dll_locations_valid'.  The plugin reads it from
the target (live, attached or core) and uses the first name that loads,
initialises and accepts the process (a libompd of another version finds
the runtime incompatible: the next one is tried).  The runtime's OMPD
data are valid once it has published that list, whichever libompd reads
them: `set ompd library' waits for it too.  When there is no such
runtime, avail.py says why.  In a live process started under gdb the runtime is loaded before
it has initialised: the plugin then puts an internal breakpoint on
ompd_dll_locations_valid that initialises OMPD and lets the program go
on, so no `ompd init' is ever needed.
"""

import ctypes
import os
from ctypes import byref

import gdb

from . import avail
from . import binding as B
from . import callbacks as C
from . import contract
from .cache import cache

# OMPT's names of states, for a value a libompd does not enumerate.
_OMPT_STATE_NAMES = dict((v, n) for n, v in contract.STATES.items())

# Settings (see commands.py).
settings = {
    "library": "",        # `set ompd library PATH': override the discovery
    "extension": True,    # `set ompd extension off': ignore ompdbg_* routines
    "verbose": True,      # print the one-line message on initialisation
}


class NoRuntime(gdb.GdbError):
    pass


_libraries = {}         # path -> (Library, callbacks struct, api version)


def _runtime_path():
    """File name of the object that defines ompd_dll_locations, or None."""
    a = C.lookup_symbol("ompd_dll_locations")
    if a is None:
        return None
    try:
        return gdb.solib_name(a) or gdb.current_progspace().filename
    except Exception:
        return None


def read_dll_locations(inferior):
    """The runtime's list of libompd names ([] while it is still NULL);
    None when the inferior has no OMPD runtime."""
    a = C.lookup_symbol("ompd_dll_locations")
    if a is None:
        return None
    psize = C.type_sizes()[5]
    vec = C.read_pointer(inferior, a, psize)
    names = []
    if vec == 0:
        return names
    for i in range(64):          # bounded: garbage never loops forever
        p = C.read_pointer(inferior, vec + i * psize, psize)
        if p == 0:
            break
        s = C.read_cstring(inferior, p, 4096)
        if s:
            names.append(s.decode("utf-8", "replace"))
    return names


class Refused(Exception):
    """One candidate libompd cannot be used: why, in words."""


def load_library(path):
    """(Library, api version) of PATH, loaded and initialised (once per
    gdb); raises Refused saying why it cannot be."""
    if path in _libraries:
        lib, cb, api = _libraries[path]
        return lib, api
    if os.path.isabs(path) and not os.path.exists(path):
        raise Refused("%s: no such file" % path)
    try:
        lib = B.Library(path)
    except B.LoadError as e:
        raise Refused(str(e))
    cb = C.make_callbacks()
    try:
        libv = lib.api_version()
    except B.OmpdError:
        libv = None
    tried = [libv] if libv in B.API_VERSIONS else []
    tried += [v for v in B.API_VERSIONS if v not in tried]
    for v in tried:
        if lib.funcs["ompd_initialize"](v, byref(cb)) == B.ompd_rc_ok:
            _libraries[path] = (lib, cb, v)
            return lib, v
    raise Refused("%s: ompd_initialize refused API versions %s"
                  % (path, ", ".join(str(v) for v in tried)))


def open_session(inf, candidates, runtime, override=False):
    """The Session of INF through the first of CANDIDATES that loads,
    initialises and accepts the process (ompd_process_initialize): a
    libompd that finds the runtime incompatible leaves it to the next.
    Raises gdb.GdbError naming every failure."""
    errors = []
    for path in candidates:
        try:
            lib, api = load_library(path)
            return Session(inf, path, lib, api, runtime)
        except Refused as e:
            errors.append(str(e))
    if override:
        raise gdb.GdbError("ompd: cannot use the libompd `set ompd library' "
                           "names: %s" % "; ".join(errors))
    raise gdb.GdbError("ompd: none of the libompd the runtime names can be "
                       "used (`set ompd library PATH' picks another):\n  "
                       + "\n  ".join(errors))


class Session(object):
    """OMPD for one process (one inferior): library + address space."""

    def __init__(self, inferior, lib_path, lib, api, runtime):
        self.inferior = inferior
        self.pid = inferior.pid
        self.lib_path = lib_path
        self.lib = lib
        self.api = api
        self.runtime = runtime
        self.aspace = ctypes.c_void_p()
        ctx = C.contexts.aspace(inferior)
        try:
            lib.call("ompd_process_initialize", ctypes.c_void_p(ctx),
                     byref(self.aspace))
        except B.OmpdError as e:
            if e.rc == B.ompd_rc_incompatible:
                raise Refused("%s cannot read this runtime (%s): "
                              "incompatible versions" % (lib_path, runtime))
            raise Refused("%s: cannot initialise OMPD for process %d: %s"
                          % (lib_path, self.pid, e))
        self.ext = {}
        self._bind_extension()
        self._states = None
        self._icvs = None

    def _bind_extension(self):
        from . import ext
        self.ext = ext.bind(self.lib) if settings["extension"] else {}

    def close(self):
        try:
            self.lib.call("ompd_rel_address_space_handle", self.aspace)
        except Exception:
            pass

    def valid(self):
        try:
            return self.inferior.is_valid() and self.inferior.pid == self.pid
        except Exception:
            return False

    # -- thread states ---------------------------------------------------
    def states(self):
        """state value -> name, from ompd_enumerate_states."""
        if self._states is None:
            st = {}
            cur = B.ompd_word_t(contract.ompt_state_undefined)  # first
            nxt = B.ompd_word_t()
            name = ctypes.c_void_p()
            more = B.ompd_word_t()
            try:
                for _ in range(1000):
                    self.lib.call("ompd_enumerate_states", self.aspace,
                                  cur, byref(nxt), byref(name), byref(more))
                    st[nxt.value] = C.take_string(name.value)
                    if not more.value:
                        break
                    cur = B.ompd_word_t(nxt.value)
            except B.OmpdError:
                pass
            self._states = st
        return self._states

    def state_name(self, value):
        n = self.states().get(value)
        if n is None:
            n = _OMPT_STATE_NAMES.get(value)
        if n is None:
            return "0x%x" % value
        return n[len("ompt_state_"):] if n.startswith("ompt_state_") else n

    # -- ICVs ------------------------------------------------------------
    def icvs(self):
        """[(name, id, scope)] in the library's order."""
        if self._icvs is None:
            out = []
            cur = B.ompd_icv_id_t(B.ompd_icv_undefined)
            nid = B.ompd_icv_id_t()
            name = ctypes.c_void_p()
            scope = B.ompd_scope_t()
            more = ctypes.c_int()
            try:
                for _ in range(1000):
                    self.lib.call("ompd_enumerate_icvs", self.aspace, cur,
                                  byref(nid), byref(name), byref(scope),
                                  byref(more))
                    out.append((C.take_string(name.value), nid.value,
                                scope.value))
                    if not more.value:
                        break
                    cur = B.ompd_icv_id_t(nid.value)
            except B.OmpdError:
                pass
            self._icvs = out
            self._icv_by_name = dict((n, (i, s)) for n, i, s in out)
        return self._icvs

    def icv_id(self, name):
        self.icvs()
        return self._icv_by_name.get(name, (None, None))

    def icv_int(self, handle, scope, icv_id):
        v = B.ompd_word_t()
        self.lib.call("ompd_get_icv_from_scope", handle, scope, icv_id,
                      byref(v), ok=(B.ompd_rc_ok, B.ompd_rc_incomplete))
        return v.value

    def icv_string(self, handle, scope, icv_id):
        s = ctypes.c_void_p()
        self.lib.call("ompd_get_icv_string_from_scope", handle, scope,
                      icv_id, byref(s))
        return C.take_string(s.value)


_sessions = {}           # inferior num -> Session
_announced = set()


def current(required=True):
    """The OMPD session of the selected inferior, initialising it on first
    use.  With REQUIRED, a missing session is a gdb.GdbError that says why
    in words."""
    inf = gdb.selected_inferior()
    s = _sessions.get(inf.num)
    if s is not None and s.valid():
        return s
    if s is not None:
        drop(inf.num)
    try:
        return initialise(inf)
    except gdb.GdbError:
        if required:
            raise
        return None


def drop(num=None):
    nums = list(_sessions) if num is None else [num]
    for n in nums:
        s = _sessions.pop(n, None)
        if s is not None:
            cache.invalidate()
            s.close()


def initialise(inf, quiet=False):
    """Load the runtime's libompd and open an address space for INF."""
    if inf.pid == 0:
        raise gdb.GdbError("ompd: the program is not running (and no core "
                           "file is loaded).")
    cache.invalidate()
    runtime = _runtime_path()
    if runtime is None:
        raise gdb.GdbError(avail.why(inf)[1])
    # The runtime's OMPD data are valid once it has published its
    # libompd, whichever libompd reads them (`set ompd library' too).
    try:
        names = read_dll_locations(inf)
    except Exception as e:
        raise gdb.GdbError("ompd: cannot read ompd_dll_locations of %s: "
                           "%s" % (runtime, e))
    if not names:
        raise gdb.GdbError(
            "ompd: the OpenMP runtime (%s) has not initialised yet "
            "(ompd_dll_locations is NULL); continue until it has."
            % runtime)
    override = bool(settings["library"])
    if override:
        names = [settings["library"]]
    s = open_session(inf, names, runtime, override)
    path = s.lib_path
    _sessions[inf.num] = s
    try:
        from . import cmd_break
        cmd_break.on_session(s)
    except Exception:
        pass
    key = (inf.num, inf.pid)
    if settings["verbose"] and not quiet and key not in _announced:
        _announced.add(key)
        gdb.write("[ompd] OMPD ready: %s for %s\n" % (path, runtime))
    return s


# ---- automatic initialisation ---------------------------------------------------
class _ValidBreakpoint(gdb.Breakpoint):
    """Internal breakpoint on ompd_dll_locations_valid: initialises OMPD
    the moment the runtime has published its libompd, and never stops."""

    def stop(self):
        try:
            cache.invalidate()
            inf = gdb.selected_inferior()
            s = _sessions.get(inf.num)
            if s is None or not s.valid():
                drop(inf.num)
                initialise(inf)
        except gdb.GdbError as e:
            _auto_error(gdb.selected_inferior(), str(e))
        except Exception as e:
            _auto_error(gdb.selected_inferior(),
                        "ompd: initialisation failed: %s" % e)
        return False


_valid_bp = None


def _ensure_valid_breakpoint():
    global _valid_bp
    if _valid_bp is not None and _valid_bp.is_valid():
        return
    try:
        _valid_bp = _ValidBreakpoint("ompd_dll_locations_valid",
                                     internal=True)
        _valid_bp.silent = True
    except Exception:
        _valid_bp = None


_auto_failed = set()


def _auto_error(inf, msg):
    """Report an automatic initialisation failure once per process."""
    key = (inf.num, inf.pid)
    if key in _auto_failed:
        return
    _auto_failed.add(key)
    gdb.write("%s\n" % msg, gdb.STDERR)


def try_auto(quiet=False):
    """Called when objfiles appear or the target stops: initialise if the
    runtime is there and ready, else arm the breakpoint that will."""
    try:
        inf = gdb.selected_inferior()
    except Exception:
        return
    if inf.pid == 0:
        return
    s = _sessions.get(inf.num)
    if s is not None and s.valid():
        return
    try:
        if C.lookup_symbol("ompd_dll_locations") is None:
            return
        names = read_dll_locations(inf)
    except Exception:
        return
    if not names:
        _ensure_valid_breakpoint()
        return
    if (inf.num, inf.pid) in _auto_failed:
        return
    try:
        drop(inf.num)
        initialise(inf, quiet)
    except gdb.GdbError as e:
        _auto_error(inf, str(e))
    except Exception as e:
        _auto_error(inf, "ompd: initialisation failed: %s" % e)
