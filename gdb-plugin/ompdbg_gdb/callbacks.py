"""callbacks.py -- the debugger side of OMPD: ompd_callbacks_t served from
gdb's Python API.

libompd sees the target only through these eleven functions.  They read
and write memory of the selected inferior (live, attached or a core, all
the same to gdb), look symbols up (also in stripped libraries, whose
names are only in .dynsym: gdb's minimal symbols), give type sizes from
the target architecture, and map native thread ids to thread contexts.

Contexts are pointers the plugin owns: an address-space context is the
address of a c_uint64 holding the inferior number; a thread context is
the address of a c_uint64 holding the LWP.  libompd only passes them back.

No exception may cross into C (ctypes would print a traceback and return
garbage): every callback catches everything and returns an ompd_rc_t.
"""

import ctypes
import sys

import gdb

from . import binding as B
from .cache import cache

_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_libc.free.restype = None
_libc.free.argtypes = [ctypes.c_void_p]

debug = False          # `set ompd debug on': report failing callbacks
last_error = None      # the last exception a callback swallowed


def _note(where, e):
    global last_error
    last_error = "%s: %s" % (where, e)
    if debug:
        gdb.write("[ompd] callback %s failed: %s\n" % (where, e), gdb.STDERR)


# ---- contexts --------------------------------------------------------------
class Contexts(object):
    """Owns the context objects handed to libompd, so that their addresses
    stay valid as long as the session."""

    def __init__(self):
        self.aspaces = {}     # inferior num -> c_uint64
        self.threads = {}     # lwp -> c_uint64

    def aspace(self, inferior):
        c = self.aspaces.get(inferior.num)
        if c is None:
            c = self.aspaces[inferior.num] = ctypes.c_uint64(inferior.num)
        return ctypes.addressof(c)

    def thread(self, lwp):
        c = self.threads.get(lwp)
        if c is None:
            c = self.threads[lwp] = ctypes.c_uint64(lwp)
        return ctypes.addressof(c)


contexts = Contexts()


def inferior_of(aspace_ctx):
    """The gdb inferior of an address-space context (a pointer we made)."""
    if aspace_ctx:
        num = ctypes.c_uint64.from_address(aspace_ctx).value
        for inf in gdb.inferiors():
            if inf.num == num:
                return inf
    return gdb.selected_inferior()


def lwp_threads(inferior):
    """LWP -> gdb.InferiorThread of INFERIOR, built once per stop from
    InferiorThread.ptid (pid, lwp, tid), never from `info threads'."""
    def make():
        m = {}
        for t in inferior.threads():
            pid, lwp, tid = t.ptid
            m[lwp if lwp else pid] = t
        return m
    return cache.get(("lwp-threads", inferior.num), make)


def pthread_threads(inferior):
    """pthread_t -> gdb.InferiorThread of INFERIOR, where gdb knows the
    pthread ids (InferiorThread.handle, from libthread_db); empty where it
    does not."""
    def make():
        m = {}
        for t in inferior.threads():
            try:
                h = t.handle()
            except (gdb.error, RuntimeError, AttributeError):
                continue
            if h:
                m[int.from_bytes(h, sys.byteorder)] = t
        return m
    return cache.get(("pthread-threads", inferior.num), make)


# ---- memory ------------------------------------------------------------------
def _reader(inferior):
    return lambda addr, n: inferior.read_memory(addr, n)


def read_target(inferior, addr, n):
    """N bytes at ADDR of INFERIOR through the per-stop cache (bytes)."""
    return cache.read(_reader(inferior), addr, n)


def read_pointer(inferior, addr, size=8):
    return int.from_bytes(read_target(inferior, addr, size), sys.byteorder)


def read_cstring(inferior, addr, limit=4096):
    """The NUL-terminated string at ADDR (at most LIMIT bytes), as bytes;
    None when it is not terminated within LIMIT."""
    out = b""
    while len(out) < limit:
        chunk = 256 - (addr + len(out)) % 256
        chunk = min(chunk, limit - len(out))
        data = read_target(inferior, addr + len(out), chunk)
        i = data.find(b"\0")
        if i >= 0:
            return out + data[:i]
        out += data
    return None


# ---- symbols ---------------------------------------------------------------
def lookup_symbol(name, thread=None):
    """Address of the global NAME in the selected inferior, or None.

    A thread-local variable has one address per thread: that of THREAD (a
    gdb.InferiorThread), or of the selected thread when THREAD is None;
    gdb computes it (libthread_db, live and on cores) for the selected
    thread, so THREAD is selected for the lookup.  Only addresses that are
    the same for every thread are kept until objfiles change; a
    thread-local one for this stop only (a thread may exit)."""
    try:
        addr = cache.symbols[name]
    except KeyError:
        cache.stats.symbols += 1
        addr = cache.symbols[name] = _global_address(name)
    if addr is not _TLS:
        return addr
    if thread is None:
        thread = gdb.selected_thread()
    if thread is None:
        return None
    key = ("tls", name, thread.inferior.num, thread.ptid)
    return cache.get(key, lambda: _tls_address(name, thread))


_TLS = object()     # cache.symbols' mark of a thread-local name

# Symbol classes that may be thread-local storage.
_PER_THREAD_MAYBE = (gdb.SYMBOL_LOC_COMPUTED, gdb.SYMBOL_LOC_UNRESOLVED)


def _global_address(name):
    """The address of NAME, _TLS for a thread-local variable, None when
    there is no such symbol.

    Full symbols first (a runtime with debug info).  Where their class
    does not tell (a location DWARF computes, as for thread-local storage,
    or a declaration gdb resolves through the minimal symbol), the
    address in two threads does.  Then gdb's minimal symbols through the expression evaluator,
    which also sees names that are only in .dynsym (stripped libraries,
    cores) and types a thread-local one as such."""
    try:
        sym = gdb.lookup_global_symbol(name)
        if sym is None:
            sym = gdb.lookup_static_symbol(name)
    except Exception:
        sym = None
    if sym is not None and sym.addr_class in _PER_THREAD_MAYBE:
        return _same_in_threads(name)
    if sym is not None and (sym.is_variable or sym.is_function):
        a = _symbol_value_address(name)
        if a is not None:
            return a
    v = _eval_address(name)
    if v is None:
        return None
    if "thread local" in str(v.type.target()):
        return _TLS
    return int(v.cast(gdb.lookup_type("unsigned long")))


def _same_in_threads(name):
    """NAME's address when it is the same in two threads of the selected
    inferior, else _TLS (also with fewer than two threads: resolving per
    thread is right either way)."""
    try:
        threads = [t for t in gdb.selected_inferior().threads()
                   if not t.is_running()][:2]
    except Exception:
        threads = []
    if len(threads) < 2:
        return _TLS
    a = [_tls_address(name, t) for t in threads]
    return a[0] if a[0] is not None and a[0] == a[1] else _TLS


def _eval_address(name):
    """`&'NAME'' as a gdb.Value, or None."""
    expr = "&'%s'" % name
    try:
        return gdb.parse_and_eval(expr)
    except gdb.error as e:
        if str(e).startswith("No symbol"):
            return None
    except Exception:
        return None
    # The current frame's language is not C (Fortran has no `&'):
    # evaluate as C.  Only then: setting `language' is announced to MI
    # frontends as a parameter change.
    try:
        lang = gdb.current_language()
        old = gdb.parameter("language")
    except Exception:
        return None
    if lang == "c":
        return None
    try:
        gdb.execute("set language c", to_string=True)
        try:
            return gdb.parse_and_eval(expr)
        except Exception:
            return None
    finally:
        gdb.execute("set language %s" % old, to_string=True)


def _symbol_value_address(name):
    try:
        sym = gdb.lookup_global_symbol(name)
        if sym is None:
            sym = gdb.lookup_static_symbol(name)
        if sym is not None and (sym.is_variable or sym.is_function or
                                sym.addr_class in _PER_THREAD_MAYBE):
            a = sym.value().address
            if a is not None:
                return int(a)
    except Exception:
        pass
    return None


def _tls_address(name, thread):
    """NAME's address in THREAD: gdb resolves thread-local storage for the
    selected thread, so select THREAD for the time of the lookup (without
    the user-visible notification `thread N' would give)."""
    prev = gdb.selected_thread()
    try:
        frame = gdb.selected_frame() if prev is not None else None
    except gdb.error:
        frame = None
    try:
        if thread != prev:
            thread.switch()
        a = _symbol_value_address(name)
        if a is None:
            v = _eval_address(name)
            a = int(v.cast(gdb.lookup_type("unsigned long"))) \
                if v is not None else None
        return a
    finally:
        if prev is not None and prev.is_valid() and thread != prev:
            prev.switch()
            if frame is not None:
                try:
                    frame.select()
                except Exception:
                    pass


# ---- the eleven callbacks --------------------------------------------------------
def _alloc_memory(nbytes, ptr):
    try:
        p = _libc.malloc(nbytes if nbytes else 1)
        if not p:
            return B.ompd_rc_nomem
        ptr[0] = p
        return B.ompd_rc_ok
    except Exception as e:
        _note("alloc_memory", e)
        return B.ompd_rc_error


def _free_memory(ptr):
    try:
        if ptr:
            _libc.free(ptr)
        return B.ompd_rc_ok
    except Exception as e:
        _note("free_memory", e)
        return B.ompd_rc_error


def _print_string(string, category):
    try:
        s = string.decode("utf-8", "replace") if string else ""
        gdb.write("[libompd] " + s + ("" if s.endswith("\n") else "\n"))
        return B.ompd_rc_ok
    except Exception as e:
        _note("print_string", e)
        return B.ompd_rc_error


_sizes = {}


def type_sizes():
    """(char, short, int, long, long long, pointer) of the target
    architecture."""
    try:
        arch = gdb.selected_inferior().architecture().name()
    except Exception:
        arch = None
    s = _sizes.get(arch)
    if s is None:
        s = (gdb.lookup_type("char").sizeof, gdb.lookup_type("short").sizeof,
             gdb.lookup_type("int").sizeof, gdb.lookup_type("long").sizeof,
             gdb.lookup_type("long long").sizeof,
             gdb.lookup_type("void").pointer().sizeof)
        _sizes[arch] = s
    return s


def _sizeof_type(aspace_ctx, sizes):
    try:
        if not sizes:
            return B.ompd_rc_bad_input
        c, sh, i, l, ll, p = type_sizes()
        r = sizes[0]
        r.sizeof_char, r.sizeof_short, r.sizeof_int = c, sh, i
        r.sizeof_long, r.sizeof_long_long, r.sizeof_pointer = l, ll, p
        return B.ompd_rc_ok
    except Exception as e:
        _note("sizeof_type", e)
        return B.ompd_rc_error


def _symbol_addr_lookup(aspace_ctx, thread_ctx, name, addr, file_name):
    try:
        if not name or not addr:
            return B.ompd_rc_bad_input
        thread = thread_of_context(thread_ctx, inferior_of(aspace_ctx)) \
            if thread_ctx else None
        if thread_ctx and thread is None:
            return B.ompd_rc_unavailable
        a = lookup_symbol(name.decode("utf-8", "replace"), thread)
        if a is None:
            return B.ompd_rc_error
        addr[0].segment = B.ompd_segment_none
        addr[0].address = a
        return B.ompd_rc_ok
    except Exception as e:
        _note("symbol_addr_lookup", e)
        return B.ompd_rc_error


def _read_memory(aspace_ctx, thread_ctx, addr, nbytes, buffer):
    try:
        cache.stats.callbacks += 1
        if not addr or (nbytes and not buffer):
            return B.ompd_rc_bad_input
        if nbytes == 0:
            return B.ompd_rc_ok
        inf = inferior_of(aspace_ctx)
        data = read_target(inf, addr[0].address, nbytes)
        ctypes.memmove(buffer, data, nbytes)
        return B.ompd_rc_ok
    except gdb.MemoryError as e:
        _note("read_memory", e)
        return B.ompd_rc_error
    except Exception as e:
        _note("read_memory", e)
        return B.ompd_rc_error


def _read_string(aspace_ctx, thread_ctx, addr, nbytes, buffer):
    try:
        cache.stats.callbacks += 1
        if not addr or not buffer or nbytes == 0:
            return B.ompd_rc_bad_input
        inf = inferior_of(aspace_ctx)
        s = read_cstring(inf, addr[0].address, nbytes)
        if s is None:
            # Not terminated within nbytes: give what fits.
            data = read_target(inf, addr[0].address, nbytes)
            ctypes.memmove(buffer, data, nbytes)
            return B.ompd_rc_incomplete
        ctypes.memmove(buffer, s + b"\0", len(s) + 1)
        return B.ompd_rc_ok
    except Exception as e:
        _note("read_string", e)
        return B.ompd_rc_error


def _write_memory(aspace_ctx, thread_ctx, addr, nbytes, buffer):
    try:
        if not addr or (nbytes and not buffer):
            return B.ompd_rc_bad_input
        inf = inferior_of(aspace_ctx)
        data = ctypes.string_at(buffer, nbytes)
        inf.write_memory(addr[0].address, data)
        cache.forget(addr[0].address, nbytes)
        return B.ompd_rc_ok
    except Exception as e:
        _note("write_memory", e)
        return B.ompd_rc_error


def _device_host(aspace_ctx, input, unit_size, count, output):
    # Host-only: the target is the machine gdb runs on (same byte order);
    # a plain copy.
    try:
        if not input or not output:
            return B.ompd_rc_bad_input
        ctypes.memmove(output, input, unit_size * count)
        return B.ompd_rc_ok
    except Exception as e:
        _note("device_to_host", e)
        return B.ompd_rc_error


def _get_thread_context(aspace_ctx, kind, size, thread_id, thread_ctx):
    try:
        if not thread_id or not thread_ctx:
            return B.ompd_rc_bad_input
        inf = inferior_of(aspace_ctx)
        if kind == B.OMPD_THREAD_ID_LWP:
            if size not in (4, 8):
                return B.ompd_rc_bad_input
            lwp = int.from_bytes(ctypes.string_at(thread_id, size),
                                 sys.byteorder)
            if lwp not in lwp_threads(inf):
                return B.ompd_rc_unavailable
        elif kind == B.OMPD_THREAD_ID_PTHREAD:
            want = ctypes.string_at(thread_id, size)
            lwp = pthread_map(inf).get(want)
            if lwp is None:
                return B.ompd_rc_unavailable
        else:
            return B.ompd_rc_unsupported
        thread_ctx[0] = contexts.thread(lwp)
        return B.ompd_rc_ok
    except Exception as e:
        _note("get_thread_context_for_thread_id", e)
        return B.ompd_rc_error


def pthread_map(inferior):
    """pthread_t bytes -> LWP, from libthread_db through
    InferiorThread.handle() (unavailable in some cores)."""
    def make():
        m = {}
        for lwp, t in lwp_threads(inferior).items():
            try:
                m[bytes(t.handle())] = lwp
            except Exception:
                pass
        return m
    return cache.get(("pthread-map", inferior.num), make)


def thread_of_context(thread_ctx, inferior=None):
    """gdb.InferiorThread for a thread context (or None)."""
    if not thread_ctx:
        return None
    lwp = ctypes.c_uint64.from_address(thread_ctx).value
    return lwp_threads(inferior or gdb.selected_inferior()).get(lwp)


def make_callbacks():
    """The ompd_callbacks_t to hand to ompd_initialize.  The returned
    object must stay alive as long as the library is initialised."""
    cb = B.ompd_callbacks_t()
    cb.alloc_memory = B.alloc_memory_t(_alloc_memory)
    cb.free_memory = B.free_memory_t(_free_memory)
    cb.print_string = B.print_string_t(_print_string)
    cb.sizeof_type = B.sizeof_type_t(_sizeof_type)
    cb.symbol_addr_lookup = B.symbol_addr_t(_symbol_addr_lookup)
    cb.read_memory = B.memory_read_t(_read_memory)
    cb.write_memory = B.memory_write_t(_write_memory)
    cb.read_string = B.memory_read_t(_read_string)
    cb.device_to_host = B.device_host_t(_device_host)
    cb.host_to_device = B.device_host_t(_device_host)
    cb.get_thread_context_for_thread_id = B.thread_context_t(
        _get_thread_context)
    return cb


def free(ptr):
    """Free a string or vector libompd allocated through alloc_memory."""
    if ptr:
        _libc.free(ptr)


def take_string(ptr):
    """Copy and free a string libompd allocated for us (void * value)."""
    if not ptr:
        return None
    s = ctypes.string_at(ptr).decode("utf-8", "replace")
    _libc.free(ptr)
    return s
