"""ext.py -- the ompdbg extension to OMPD (libompd/ompdbg-ext.h), used
when the loaded libompd has it and never required: with another vendor's
libompd, or with `set ompd extension off', every command falls back to
the standard routines.

  ompdbg_get_threads: every OpenMP thread of the address space in one
    call (the standard has no such routine: without it the plugin maps
    each gdb thread's LWP with ompd_get_thread_handle).
  ompdbg_get_deferred_task_list, ompdbg_get_deferred_task_info,
  ompdbg_get_deferred_task_handle, ompdbg_rel_deferred_task_list: the
    tasks not started yet, any number of them, fetched in pieces (for
    `ompd tasks');
  ompdbg_get_task_state, ompdbg_get_task_dependences: where a task is in
    its life, and its depend clause;
  ompdbg_get_wait_holder, ompdbg_get_task_edges, ompdbg_get_task_address:
    who holds what a thread waits for, and which tasks wait for which
    (for `ompd diagnose' and the BLOCKED-BY column of `ompd tasks').
"""

import ctypes
from ctypes import POINTER, c_int, c_void_p

from . import binding as B
from . import contract as C

vp = c_void_p

# name -> argument types (all return ompd_rc_t).
EXT_PROTOTYPES = {
    # (address space, ompd_thread_handle_t ***handles, int *count): the
    # vector and the handles are allocated with alloc_memory; the caller
    # releases each handle and frees the vector.
    "ompdbg_get_threads": (vp, POINTER(c_void_p), POINTER(c_int)),
    # (address space, ompdbg_deferred_task_list_t **list, ompd_word_t
    # *count): deferred tasks that have not started, ready ones first, in
    # a list released with ompdbg_rel_deferred_task_list (list).
    "ompdbg_get_deferred_task_list": (vp, POINTER(c_void_p),
                                      POINTER(B.ompd_word_t)),
    # (list, ompd_word_t first, int max, ompdbg_task_info_t *info,
    # int *count): the facts of tasks first .. first + max - 1.
    "ompdbg_get_deferred_task_info": (vp, B.ompd_word_t, c_int, c_void_p,
                                      POINTER(c_int)),
    # (list, ompd_word_t index, ompd_task_handle_t **task)
    "ompdbg_get_deferred_task_handle": (vp, B.ompd_word_t,
                                        POINTER(c_void_p)),
    "ompdbg_rel_deferred_task_list": (vp,),
    # (task, ompdbg_task_state_t *)
    "ompdbg_get_task_state": (vp, POINTER(c_int)),
    # (task, ompdbg_dependence_t **deps, int *count, ompd_word_t *pending)
    "ompdbg_get_task_dependences": (vp, POINTER(c_void_p), POINTER(c_int),
                                    POINTER(B.ompd_word_t)),
    # (thread, ompdbg_wait_holder_t *)
    "ompdbg_get_wait_holder": (vp, c_void_p),
    # (address_space, ompdbg_task_edge_t **edges, int *count)
    "ompdbg_get_task_edges": (vp, POINTER(c_void_p), POINTER(c_int)),
    # (task, ompd_address_t *)
    "ompdbg_get_task_address": (vp, c_void_p),
}

# ompdbg_task_state_t value -> words (ompdbg-ext.h's list)
TASK_STATES = {v: text for v, text in C.TASK_STATES.values()}

# ompt_dependence_type_t value -> the depend clause's word ("inout")
DEP_TYPES = {v: n[len("ompt_dependence_type_"):]
             for n, v in C.DEPENDENCE_TYPES.items()}


class ompdbg_dependence_t(ctypes.Structure):
    _fields_ = [("address", B.ompd_address_t), ("type", B.ompd_word_t)]


class ompdbg_task_info_t(ctypes.Structure):
    _fields_ = [("task", B.ompd_address_t),
                ("entry_point", B.ompd_address_t),
                ("generating", B.ompd_address_t),
                ("state", B.ompd_word_t), ("priority", B.ompd_word_t),
                ("ndeps", B.ompd_word_t), ("pending", B.ompd_word_t),
                ("first_dependence", ompdbg_dependence_t)]


class ompdbg_wait_holder_t(ctypes.Structure):
    _fields_ = [("holder", B.ompd_word_t), ("nest_count", B.ompd_word_t),
                ("ordered_turn", B.ompd_word_t),
                ("ordered_own", B.ompd_word_t)]


class ompdbg_task_edge_t(ctypes.Structure):
    _fields_ = [("waiter", B.ompd_address_t), ("blocker", B.ompd_address_t),
                ("kind", B.ompd_word_t)]


# Every field of ompdbg_task_info_t is a 64-bit word: where each value
# is, for reading many records at once as one array of words.
INFO_WORDS = ctypes.sizeof(ompdbg_task_info_t) // 8
INFO_WORD = {"task": 1, "entry_point": 3, "generating": 5, "state": 6,
             "priority": 7, "ndeps": 8, "pending": 9, "dep_address": 11,
             "dep_type": 12}


def bind(lib):
    """{name: ctypes function} of the extension routines LIB has."""
    out = {}
    for name, args in EXT_PROTOTYPES.items():
        f = lib.bind_optional(name, args)
        if f is not None:
            out[name] = f
    return out
