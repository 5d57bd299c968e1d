#!/usr/bin/python3
"""callbacks.py -- the plugin's OMPD callbacks (ompd_callbacks_t served
from gdb's Python API), called through their C function pointers exactly
as libompd calls them, on a live process and on a gcore core, with a
stripped copy of our runtime (its OMPD names are only in .dynsym).

Ground truth: the scene program prints the addresses the dynamic linker
gave ompd_dll_locations, ompd_dll_locations_valid and its own globals
(dlsym, &var), the first libompd name, and each thread's TID and
pthread_t.  Needs no libompd."""

import os
import shutil
import subprocess

import gdbtest as T

T.require_built()
d = T.tmpdir()

# A stripped runtime: only .dynsym is left.
stripped = os.path.join(d, "lib")
os.mkdir(stripped)
real = os.path.realpath(os.path.join(T.OURS, "libgomp.so.1"))
shutil.copy(real, os.path.join(stripped, "libgomp.so.1"))
subprocess.check_call(["strip", "--strip-all",
                       os.path.join(stripped, "libgomp.so.1")])
syms = subprocess.run(["nm", os.path.join(stripped, "libgomp.so.1")],
                      capture_output=True, text=True)
T.check("no symbols" in syms.stderr or not syms.stdout.strip(),
        "the runtime copy is stripped (nm finds no .symtab)")

PROBE = r'''python
import ctypes
from ompdbg_gdb import callbacks as C, binding as B
from ompdbg_gdb.cache import cache
cache.invalidate_symbols()
cb = C.make_callbacks()
inf = gdb.selected_inferior()
asp = ctypes.c_void_p(C.contexts.aspace(inf))
def sym(name):
    a = B.ompd_address_t()
    rc = cb.symbol_addr_lookup(asp, None, name.encode(), ctypes.byref(a), None)
    return rc, a.address
for n in ("ompd_dll_locations", "ompd_dll_locations_valid", "scene_scratch",
          "no_such_symbol_here"):
    rc, a = sym(n)
    print("SYM %s %d 0x%x" % (n, rc, a))
rc, a = sym("ompd_dll_locations")
buf = ctypes.create_string_buffer(8)
ad = B.ompd_address_t(0, a)
rc = cb.read_memory(asp, None, ctypes.byref(ad), 8, buf)
vec = int.from_bytes(buf.raw, "little")
ad = B.ompd_address_t(0, vec)
rc2 = cb.read_memory(asp, None, ctypes.byref(ad), 8, buf)
first = int.from_bytes(buf.raw, "little")
s = ctypes.create_string_buffer(4096)
ad = B.ompd_address_t(0, first)
rc3 = cb.read_string(asp, None, ctypes.byref(ad), 4096, s)
print("DLL %d %d %d %s" % (rc, rc2, rc3, s.value.decode()))
small = ctypes.create_string_buffer(4)
rc4 = cb.read_string(asp, None, ctypes.byref(ad), 4, small)
print("SHORTSTR %d" % rc4)
bad = B.ompd_address_t(0, 8)
print("BADREAD %d" % cb.read_memory(asp, None, ctypes.byref(bad), 8, buf))
sz = B.ompd_device_type_sizes_t()
rc = cb.sizeof_type(asp, ctypes.byref(sz))
print("SIZES %d %d %d %d %d %d %d" % (rc, sz.sizeof_char, sz.sizeof_short,
      sz.sizeof_int, sz.sizeof_long, sz.sizeof_long_long, sz.sizeof_pointer))
p = ctypes.c_void_p()
rc = cb.alloc_memory(100, ctypes.byref(p))
ctypes.memset(p, 0x5a, 100)
print("ALLOC %d %d %d" % (rc, p.value != 0, cb.free_memory(p)))
for t in inf.threads():
    lwp = t.ptid[1]
    for size in (8, 4):
        idb = ctypes.create_string_buffer(lwp.to_bytes(size, "little"), size)
        ctx = ctypes.c_void_p()
        rc = cb.get_thread_context_for_thread_id(asp, 1, size, idb, ctypes.byref(ctx))
        g = C.thread_of_context(ctx.value)
        print("LWPCTX %d %d %d %d" % (lwp, size, rc, g.ptid[1] if g else -1))
idb = ctypes.create_string_buffer((999999).to_bytes(8, "little"), 8)
ctx = ctypes.c_void_p()
print("NOLWP %d" % cb.get_thread_context_for_thread_id(asp, 1, 8, idb, ctypes.byref(ctx)))
print("BADKIND %d" % cb.get_thread_context_for_thread_id(asp, 77, 8, idb, ctypes.byref(ctx)))
print("BADSIZE %d" % cb.get_thread_context_for_thread_id(asp, 1, 3, idb, ctypes.byref(ctx)))
for t in inf.threads():
    try:
        h = bytes(t.handle())
    except Exception:
        continue
    idb = ctypes.create_string_buffer(h, len(h))
    ctx = ctypes.c_void_p()
    rc = cb.get_thread_context_for_thread_id(asp, 0, len(h), idb, ctypes.byref(ctx))
    g = C.thread_of_context(ctx.value)
    print("PTHCTX 0x%x %d %d" % (int.from_bytes(h, "little"), rc, g.ptid[1] if g else -1))
# A thread-local variable: each thread context its own address, whichever
# thread is selected, and again after the others were asked.
sel = gdb.selected_thread().num
for rnd in (1, 2):
    for t in inf.threads():
        lwp = t.ptid[1]
        idb = ctypes.create_string_buffer(lwp.to_bytes(8, "little"), 8)
        ctx = ctypes.c_void_p()
        cb.get_thread_context_for_thread_id(asp, 1, 8, idb, ctypes.byref(ctx))
        a = B.ompd_address_t()
        rc = cb.symbol_addr_lookup(asp, ctx, b"scene_tls", ctypes.byref(a), None)
        print("TLS %d %d %d 0x%x" % (rnd, lwp, rc, a.address))
print("SELECTED %d %d" % (sel, gdb.selected_thread().num))
end
'''

WRITE = r'''python
rc, a = sym("scene_scratch")
val = ctypes.c_long(4242)
ad = B.ompd_address_t(0, a)
print("WRITE %d" % cb.write_memory(asp, None, ctypes.byref(ad), 8, ctypes.byref(val)))
end
'''


def probe(g, truth, live):
    syms = dict((d["name"], d) for d in T.truth_of(truth, "symbol"))
    threads = T.truth_of(truth, "thread")
    out = g.cmd(PROBE)
    T.no_traceback(out, "callback probe")
    got = {}
    for l in out.split("\n"):
        p = l.split()
        if p:
            got.setdefault(p[0], []).append(p[1:])
    where = "live" if live else "core"
    for name in ("ompd_dll_locations", "ompd_dll_locations_valid",
                 "scene_scratch"):
        row = [r for r in got.get("SYM", []) if r[0] == name]
        T.check(row and row[0][1] == "0" and
                int(row[0][2], 16) == int(syms[name]["addr"], 16),
                "%s: symbol_addr_lookup(%s) = the program's own &%s"
                % (where, name, name))
    row = [r for r in got.get("SYM", []) if r[0] == "no_such_symbol_here"]
    T.check(row and row[0][1] != "0", "%s: an unknown symbol is an error rc"
            % where)
    dll = got.get("DLL", [[]])[0]
    T.check(dll[:3] == ["0", "0", "0"] and len(dll) > 3
            and dll[3] == syms["ompd_dll_locations"]["first"],
            "%s: read_memory + read_string give ompd_dll_locations[0] = %s"
            % (where, syms["ompd_dll_locations"]["first"]))
    T.check(got.get("SHORTSTR") == [["11"]],
            "%s: read_string without a NUL within nbytes: ompd_rc_incomplete"
            % where)
    T.check(got.get("BADREAD", [["0"]])[0][0] != "0",
            "%s: reading address 8 fails with an error rc" % where)
    T.check(got.get("SIZES") == [["0", "1", "2", "4", "8", "8", "8"]],
            "%s: sizeof_type gives the x86-64 sizes" % where)
    T.check(got.get("ALLOC") == [["0", "1", "0"]],
            "%s: alloc_memory / free_memory" % where)
    lwps = dict(((int(r[0]), int(r[1])), r) for r in got.get("LWPCTX", []))
    for t in threads:
        tid = int(t["tid"])
        for size in (8, 4):
            r = lwps.get((tid, size))
            T.check(r is not None and r[2] == "0" and int(r[3]) == tid,
                    "%s: thread context for LWP %d (%d bytes) is gdb's "
                    "thread %d" % (where, tid, size, tid))
    T.check(got.get("NOLWP") == [["1"]],
            "%s: an unknown LWP is ompd_rc_unavailable" % where)
    T.check(got.get("BADKIND") == [["5"]],
            "%s: an unknown id kind is ompd_rc_unsupported" % where)
    T.check(got.get("BADSIZE") == [["3"]],
            "%s: a 3-byte LWP is ompd_rc_bad_input" % where)
    tls = dict(((r[0], int(r[1])), r) for r in got.get("TLS", []))
    for t in threads:
        for rnd in ("1", "2"):
            r = tls.get((rnd, int(t["tid"])))
            T.check(r is not None and r[2] == "0" and
                    int(r[3], 16) == int(t["tls"], 16),
                    "%s: symbol_addr_lookup(scene_tls) with LWP %s's thread "
                    "context is that thread's &scene_tls %s (got %s)"
                    % (where, t["tid"], t["tls"], r and r[3]))
    sel = got.get("SELECTED", [["?", "!"]])[0]
    T.check(sel[0] == sel[1], "%s: the TLS lookups leave the selected "
            "thread as it was" % where)
    pth = dict((int(r[0], 16), r) for r in got.get("PTHCTX", []))
    if live:
        for t in threads:
            r = pth.get(int(t["pthread"], 16))
            T.check(r is not None and r[1] == "0" and int(r[2]) ==
                    int(t["tid"]), "%s: thread context for pthread %s is "
                    "LWP %s" % (where, t["pthread"], t["tid"]))


truth = os.path.join(d, "lock.truth")
g, out = T.run_to_stop("lock", truth, env_extra={"LD_LIBRARY_PATH": stripped})
info = g.cmd("info sharedlibrary libgomp")
T.check(stripped in info, "the process runs on the stripped runtime copy")
probe(g, T.read_truth(truth), True)
out = g.cmd(WRITE)
T.check("WRITE 0" in out, "live: write_memory returns ompd_rc_ok")
out = g.cmd("print scene_scratch")
T.check("= 4242" in out, "live: write_memory changed the program's variable")
core = os.path.join(d, "lock.core")
g.cmd("print scene_scratch = 42")
g.cmd("gcore " + core, timeout=120)
g.quit()

g = T.Gdb([T.SCENES, core], pre=("set solib-search-path " + stripped,))
probe(g, T.read_truth(truth), False)
g.quit()
T.finish()
