"""binding.py -- the OMPD 5.1 C ABI seen from Python through ctypes.

Everything here follows libompd/omp-tools.h (the standard names, types,
member order and enum values), so that any conforming libompd loads:
the plugin is never compiled against a libompd.  Handles are opaque
pointers (c_void_p); contexts are pointers the plugin owns (see
callbacks.py).  No gdb import here: this module is plain ctypes.
"""

import ctypes
from ctypes import (POINTER, Structure, c_char_p, c_int, c_int64, c_uint8,
                    c_uint64, c_void_p, byref)

# ---- scalar types (all 64-bit, omp-tools.h) -------------------------------
ompd_size_t = c_uint64
ompd_wait_id_t = c_uint64
ompd_addr_t = c_uint64
ompd_word_t = c_int64
ompd_seg_t = c_uint64
ompd_device_t = c_uint64
ompd_thread_id_t = c_uint64
ompd_icv_id_t = c_uint64
ompd_rc_t = c_int
ompd_scope_t = c_int

OMPD_THREAD_ID_PTHREAD = 0
OMPD_THREAD_ID_LWP = 1
OMPD_DEVICE_KIND_HOST = 1
ompd_segment_none = 0
ompd_icv_undefined = 0

# ---- return codes ----------------------------------------------------------
ompd_rc_ok = 0              # the others: from RC_NAMES, below
RC_NAMES = {
    0: "ompd_rc_ok",
    1: "ompd_rc_unavailable",
    2: "ompd_rc_stale_handle",
    3: "ompd_rc_bad_input",
    4: "ompd_rc_error",
    5: "ompd_rc_unsupported",
    6: "ompd_rc_needs_state_tracking",
    7: "ompd_rc_incompatible",
    8: "ompd_rc_device_read_error",
    9: "ompd_rc_device_write_error",
    10: "ompd_rc_nomem",
    11: "ompd_rc_incomplete",
    12: "ompd_rc_callback_error",
    13: "ompd_rc_incompatible_handle",
}
for _v, _n in RC_NAMES.items():
    globals()[_n] = _v
del _v, _n

RC_TEXT = {
    1: "not available",
    2: "stale handle",
    3: "bad input",
    4: "error",
    5: "not supported",
    6: "needs state tracking (run with OMP_DEBUG=enabled)",
    7: "incompatible runtime",
    8: "cannot read target memory",
    9: "cannot write target memory",
    10: "out of memory",
    11: "incomplete result",
    12: "a debugger callback failed",
}

# ---- scopes ----------------------------------------------------------------
SCOPE_GLOBAL = 1
SCOPE_ADDRESS_SPACE = 2
SCOPE_THREAD = 3
SCOPE_PARALLEL = 4
SCOPE_IMPLICIT_TASK = 5
SCOPE_TASK = 6
SCOPE_NAMES = {1: "global", 2: "address-space", 3: "thread", 4: "parallel",
               5: "implicit-task", 6: "task"}

# ---- OMPT frame flags ------------------------------------------------------
FRAME_RUNTIME = 0x00
FRAME_APPLICATION = 0x01
FRAME_CFA = 0x10
FRAME_FRAMEPOINTER = 0x20
FRAME_STACKADDRESS = 0x30

# API versions this binding speaks (the 5.0 and 5.1 ABIs are identical).
API_VERSIONS = (202011, 201811)


# ---- structures ------------------------------------------------------------
class ompd_address_t(Structure):
    _fields_ = [("segment", ompd_seg_t), ("address", ompd_addr_t)]


class ompd_frame_info_t(Structure):
    _fields_ = [("frame_address", ompd_address_t), ("frame_flag", ompd_word_t)]


class ompd_device_type_sizes_t(Structure):
    _fields_ = [("sizeof_char", c_uint8), ("sizeof_short", c_uint8),
                ("sizeof_int", c_uint8), ("sizeof_long", c_uint8),
                ("sizeof_long_long", c_uint8), ("sizeof_pointer", c_uint8)]


# ---- callback types (omp-tools.h, §5.4) ----------------------------------
CB = ctypes.CFUNCTYPE
alloc_memory_t = CB(ompd_rc_t, ompd_size_t, POINTER(c_void_p))
free_memory_t = CB(ompd_rc_t, c_void_p)
print_string_t = CB(ompd_rc_t, c_char_p, c_int)
sizeof_type_t = CB(ompd_rc_t, c_void_p, POINTER(ompd_device_type_sizes_t))
symbol_addr_t = CB(ompd_rc_t, c_void_p, c_void_p, c_char_p,
                   POINTER(ompd_address_t), c_char_p)
memory_read_t = CB(ompd_rc_t, c_void_p, c_void_p, POINTER(ompd_address_t),
                   ompd_size_t, c_void_p)
memory_write_t = CB(ompd_rc_t, c_void_p, c_void_p, POINTER(ompd_address_t),
                    ompd_size_t, c_void_p)
device_host_t = CB(ompd_rc_t, c_void_p, c_void_p, ompd_size_t, ompd_size_t,
                   c_void_p)
thread_context_t = CB(ompd_rc_t, c_void_p, ompd_thread_id_t, ompd_size_t,
                      c_void_p, POINTER(c_void_p))


class ompd_callbacks_t(Structure):
    # Eleven pointers in exactly this order (write_memory before read_string).
    _fields_ = [("alloc_memory", alloc_memory_t),
                ("free_memory", free_memory_t),
                ("print_string", print_string_t),
                ("sizeof_type", sizeof_type_t),
                ("symbol_addr_lookup", symbol_addr_t),
                ("read_memory", memory_read_t),
                ("write_memory", memory_write_t),
                ("read_string", memory_read_t),
                ("device_to_host", device_host_t),
                ("host_to_device", device_host_t),
                ("get_thread_context_for_thread_id", thread_context_t)]


P = POINTER
vp = c_void_p
# name: argument types.  Every routine returns ompd_rc_t.
PROTOTYPES = {
    "ompd_initialize": (ompd_word_t, P(ompd_callbacks_t)),
    "ompd_get_api_version": (P(ompd_word_t),),
    "ompd_get_version_string": (P(c_char_p),),
    "ompd_finalize": (),
    "ompd_process_initialize": (vp, P(vp)),
    "ompd_device_initialize": (vp, vp, ompd_device_t, ompd_size_t, vp, P(vp)),
    "ompd_rel_address_space_handle": (vp,),
    "ompd_get_omp_version": (vp, P(ompd_word_t)),
    "ompd_get_omp_version_string": (vp, P(c_void_p)),
    "ompd_get_thread_in_parallel": (vp, c_int, P(vp)),
    "ompd_get_thread_handle": (vp, ompd_thread_id_t, ompd_size_t, vp, P(vp)),
    "ompd_rel_thread_handle": (vp,),
    "ompd_thread_handle_compare": (vp, vp, P(c_int)),
    "ompd_get_thread_id": (vp, ompd_thread_id_t, ompd_size_t, vp),
    "ompd_get_curr_parallel_handle": (vp, P(vp)),
    "ompd_get_enclosing_parallel_handle": (vp, P(vp)),
    "ompd_get_task_parallel_handle": (vp, P(vp)),
    "ompd_rel_parallel_handle": (vp,),
    "ompd_parallel_handle_compare": (vp, vp, P(c_int)),
    "ompd_get_curr_task_handle": (vp, P(vp)),
    "ompd_get_generating_task_handle": (vp, P(vp)),
    "ompd_get_scheduling_task_handle": (vp, P(vp)),
    "ompd_get_task_in_parallel": (vp, c_int, P(vp)),
    "ompd_rel_task_handle": (vp,),
    "ompd_task_handle_compare": (vp, vp, P(c_int)),
    "ompd_get_task_function": (vp, P(ompd_address_t)),
    "ompd_get_task_frame": (vp, P(ompd_frame_info_t), P(ompd_frame_info_t)),
    "ompd_enumerate_states": (vp, ompd_word_t, P(ompd_word_t), P(c_void_p),
                              P(ompd_word_t)),
    "ompd_get_state": (vp, P(ompd_word_t), P(ompd_wait_id_t)),
    "ompd_get_display_control_vars": (vp, P(c_void_p)),
    "ompd_rel_display_control_vars": (P(c_void_p),),
    "ompd_enumerate_icvs": (vp, ompd_icv_id_t, P(ompd_icv_id_t), P(c_void_p),
                            P(ompd_scope_t), P(c_int)),
    "ompd_get_icv_from_scope": (vp, ompd_scope_t, ompd_icv_id_t,
                                P(ompd_word_t)),
    "ompd_get_icv_string_from_scope": (vp, ompd_scope_t, ompd_icv_id_t,
                                       P(c_void_p)),
    "ompd_get_tool_data": (vp, ompd_scope_t, P(ompd_word_t),
                           P(ompd_address_t)),
}

# Routines a 5.1 library may lack (5.2 additions) -- used when present.
OPTIONAL = {
    "ompd_get_device_thread_id_kinds": (vp, P(c_void_p), P(c_void_p), P(c_int)),
    "ompd_get_device_from_thread": (vp, P(vp)),
}

# The ompdbg extension (libompd/ompdbg-ext.h), used when the library has
# it and never required.  Prototypes are filled in by ext.py, which knows
# the extension's declarations.
EXTENSION = {}


class OmpdError(Exception):
    """An OMPD routine returned something else than ompd_rc_ok."""

    def __init__(self, func, rc):
        self.func = func
        self.rc = rc
        Exception.__init__(self, "%s: %s (%s)" % (
            func, RC_TEXT.get(rc, "error"), RC_NAMES.get(rc, "rc %d" % rc)))


class LoadError(Exception):
    """The library cannot be loaded or is not an OMPD library."""


class Library(object):
    """One dlopen'ed libompd: its routines as Python callables.

    lib.call("ompd_get_state", th, byref(s), byref(w)) raises OmpdError on
    a return code that is not in `ok' (default: ompd_rc_ok only) and
    returns the code otherwise.  Each call is counted (for `set ompd
    stats on').
    """

    def __init__(self, path):
        self.path = path
        try:
            self.dll = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        except OSError as e:
            raise LoadError("cannot load %s: %s" % (path, e))
        self.funcs = {}
        missing = []
        for name, args in PROTOTYPES.items():
            f = self._bind(name, args)
            if f is None:
                missing.append(name)
        if missing:
            raise LoadError("%s is not an OMPD 5.1 library: it lacks %s"
                            % (path, ", ".join(sorted(missing)[:4])
                               + (" ..." if len(missing) > 4 else "")))
        for name, args in OPTIONAL.items():
            self._bind(name, args)
        self.ncalls = 0

    def _bind(self, name, args):
        try:
            f = getattr(self.dll, name)
        except AttributeError:
            return None
        f.restype = ompd_rc_t
        f.argtypes = list(args)
        self.funcs[name] = f
        return f

    def bind_optional(self, name, args, restype=ompd_rc_t):
        """Bind an extension routine; None when the library lacks it."""
        f = self._bind(name, args)
        if f is not None:
            f.restype = restype
        return f

    def has(self, name):
        return name in self.funcs

    def call(self, name, *args, **kw):
        ok = kw.get("ok", (ompd_rc_ok,))
        self.ncalls += 1
        rc = self.funcs[name](*args)
        if rc not in ok:
            raise OmpdError(name, rc)
        return rc

    def version_string(self):
        s = c_char_p()
        try:
            self.call("ompd_get_version_string", byref(s))
        except OmpdError:
            return None
        return s.value.decode("utf-8", "replace") if s.value else ""

    def api_version(self):
        v = ompd_word_t()
        self.call("ompd_get_api_version", byref(v))
        return v.value
