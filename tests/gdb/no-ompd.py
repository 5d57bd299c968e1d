#!/usr/bin/python3
"""no-ompd.py -- without OMPD the plugin says why, once, in one message
that names the real cause and the command that helps, with paths that
exist; never a Python traceback.

Causes: a program on GCC's libgomp (the runtime setting off, or the
system's libgomp preloaded over the plugin's LD_LIBRARY_PATH), LLVM's
libomp without OMPD, a process at its first instruction (`starti': the
runtime is not loaded yet -- OMPD then initialises by itself when it
is), cores whose library list gdb cannot read (truncated, opened with
another executable, no NT_AUXV note), a statically linked program, a
program that is not running.  And the libompd side: `set ompd library'
naming a missing or unloadable file, `set ompd library' before `run'
(initialised only once the runtime has published its OMPD data), a
libompd that finds the runtime incompatible (the next one the runtime
names is used).  And the first use: `gdb -x ompd.py ./app' and `run'
start the program on the ompdbg runtime beside the plugin, saying so in
one line; `set ompd runtime off' keeps the system's libgomp."""

import os
import re
import shutil
import struct
import subprocess

import gdbtest as T

T.require_built()
d = T.tmpdir()
COMMANDS = ("ompd threads", "ompd parallel", "ompd tasks", "ompd icvs",
            "ompd env", "ompd info", "ompd bt")
# Sessions that load libompd into gdb: not when it is built with the
# sanitizers (gdb hangs loading it, tests/lib/test-subr.sh).
LIBOMPD = os.path.join(T.BUILDDIR, "libompd", ".libs", "libompd.so")
WITH_LIBOMPD = (T.libompd_built()
                and os.environ.get("OMPDBG_SANITIZERS", "no") != "yes")
OURS_RT = os.path.join(T.OURS, "libgomp.so.1")


def one_message(o, what):
    T.no_traceback(o, what)
    T.check(len(o.strip().split("\n")) <= 2, "%s: one message (got %r)"
            % (what, o))


def paths_exist(o, what):
    """Every absolute path the message prints exists (after stripping
    the quotes and punctuation around it)."""
    paths = [p.rstrip(".,;:)'") for p in re.findall(r"(/[^\s`'(),;]+)", o)]
    missing = [p for p in paths if not os.path.exists(p)]
    T.check(paths and not missing, "%s: the paths printed exist (%s; "
            "missing: %s)" % (what, paths, missing))


def no_breakpoint(g, what):
    """`ompd break' refused: an error, and no breakpoint (pending or
    not) left waiting for hooks that never come."""
    o = g.cmd("info breakpoints")
    T.check("ompd_bp_" not in o, "%s: ompd break leaves no breakpoint "
            "(%r)" % (what, o))
    o = g.cmd("python\ntry:\n"
              "    gdb.execute('ompd break parallel-begin', to_string=True)\n"
              "    print('NOT-AN-ERROR')\n"
              "except gdb.error:\n"
              "    print('AN-ERROR')\nend")
    said = [l.strip() for l in o.split("\n")]
    T.check("AN-ERROR" in said and "NOT-AN-ERROR" not in said,
            "%s: ompd break is an error (gdb.GdbError)" % what)


def no_false_advice(o, what):
    T.check("does not support OMPD" not in o and "<ompdbg libdir>" not in o
            and "OMP_DEBUG" not in o,
            "%s: no advice of another cause, no placeholder (%r)" % (what, o))


# ---- 1. GCC's libgomp -----------------------------------------------------------
if not T.GOMP:
    T.log("system libgomp not found: its part is skipped")
else:
    gomp = os.path.join(T.GOMP, "libgomp.so.1")
    truth = os.path.join(d, "gomp.truth")
    g, out = T.run_to_stop("parallel", truth,
                           env_extra={"LD_LIBRARY_PATH": T.GOMP},
                           cmds=("set ompd runtime off",))
    T.check("OMPD" not in out and "ompd:" not in out and "[ompd]" not in out,
            "runtime off, system libgomp: nothing about OMPD while running")
    T.no_traceback(out, "system libgomp: run")
    for c in COMMANDS:
        o = g.cmd(c)
        one_message(o, "system libgomp: " + c)
        m = re.search(r"on GCC's libgomp \((\S+)\), which has no OMPD\.", o)
        T.check(m is not None and os.path.samefile(m.group(1), gomp)
                and "`set ompd runtime on' and `run' again" in o
                and T.OURS in o,
                "system libgomp: `%s' names GCC's libgomp and the setting "
                "that starts the program on the ompdbg runtime" % c)
        no_false_advice(o, "system libgomp: " + c)
    paths_exist(o, "system libgomp")
    o = g.cmd("ompd break parallel-begin")
    T.check("no runtime to stop in" in o and "GCC's libgomp" in o,
            "system libgomp: ompd break says GCC's libgomp has no hooks")
    no_false_advice(o, "system libgomp: ompd break")
    no_breakpoint(g, "system libgomp")
    o = g.cmd("bt")
    T.check("#0" in o and "scene_stop" in o, "system libgomp: bt still works")
    g.quit()

    # The system's libgomp preloaded: it wins over the plugin's
    # LD_LIBRARY_PATH, and the plugin says so as it is loaded.
    g, out = T.run_to_stop("parallel", truth,
                           env_extra={"LD_PRELOAD": gomp})
    lines = [l for l in out.split("\n") if l.startswith("[ompd]")]
    T.check(len(lines) == 1 and "GCC's libgomp" in lines[0]
            and "`set environment LD_PRELOAD=%s' and `run' again" % OURS_RT
            in lines[0],
            "libgomp preloaded: one [ompd] line while running, naming the "
            "LD_PRELOAD that puts the ompdbg runtime first (%s)" % lines)
    if WITH_LIBOMPD:
        g.cmd("set environment LD_PRELOAD=" + OURS_RT)
        out = g.cmd("run", timeout=120)
        T.check("[ompd] OMPD ready" in out and "hit Breakpoint" in out,
                "libgomp preloaded: the printed command gives OMPD")
    g.quit()

# LLVM's libomp (Debian's has no OMPD) preloaded over the system libgomp.
libomp = [p for p in ("/usr/lib/x86_64-linux-gnu/libomp.so.5",
                      "/usr/lib/llvm-14/lib/libomp.so.5")
          if os.path.exists(p)]
if T.GOMP and libomp:
    g, out = T.run_to_stop("parallel", os.path.join(d, "omp.truth"),
                           env_extra={"LD_LIBRARY_PATH": T.GOMP,
                                      "LD_PRELOAD": libomp[0]},
                           cmds=("set ompd runtime off",))
    o = g.cmd("ompd threads")
    one_message(o, "libomp")
    if "an OpenMP runtime with OMPD" in o or "OMPD ready" in out:
        T.log("this libomp has OMPD: its checks are skipped")
    else:
        T.check("LLVM's libomp (%s), built without OMPD" % libomp[0] in o
                and "LD_PRELOAD=%s comes before everything: `set environment "
                "LD_PRELOAD=%s' and `run' again" % (libomp[0], OURS_RT) in o,
                "libomp: names LLVM's libomp without OMPD, and the "
                "LD_PRELOAD that replaces it (%r)" % o)
        no_false_advice(o, "libomp")
    g.quit()
else:
    T.log("no LLVM libomp: its part is skipped")

# ---- 2. not running ---------------------------------------------------------------
g = T.Gdb([T.SCENES])
for c in COMMANDS:
    o = g.cmd(c)
    T.no_traceback(o, "not running: " + c)
    T.check("not running" in o, "not running: `%s' says so" % c)
o = g.cmd("ompd nonsense")
T.check("Undefined ompd command" in o, "an unknown subcommand is an error")
o = g.cmd("ompd break nonsense")
T.check("unknown event" in o, "ompd break: an unknown event is an error")
o = g.cmd("help ompd")
T.check("ompd threads" in o and "ompd parallel" in o, "help ompd lists "
        "the commands")
for c in COMMANDS + ("ompd break", "ompd init"):
    o = g.cmd("help " + c)
    T.check(len(o.strip().split("\n")) >= 3 and "Usage" in o,
            "`help %s' has a usage text" % c)
g.quit()

# ---- 3. starti: the runtime is not loaded yet --------------------------------------
truth = os.path.join(d, "starti.truth")
g = T.Gdb(["--args", T.SCENES, "parallel", truth],
          env={"LD_LIBRARY_PATH": T.OURS})
out = g.cmd("starti", timeout=120)
if "Operation not permitted" in out or "Could not trace" in out:
    g.kill()
    T.skip("gdb may not trace processes here")
for c in COMMANDS:
    o = g.cmd(c)
    one_message(o, "starti: " + c)
    T.check("the OpenMP runtime is not loaded yet: %s needs libgomp.so.1"
            % T.SCENES in o and "initialises by itself" in o,
            "starti: `%s' says the runtime is not loaded yet" % c)
    no_false_advice(o, "starti: " + c)
o = g.cmd("ompd break parallel-begin")
T.check("will be switched on when it starts" in o and "OMP_DEBUG" not in o,
        "starti: ompd break switches the hooks on when the runtime starts")
if WITH_LIBOMPD:
    out = g.cmd("continue", timeout=120)
    T.check(out.count("[ompd] OMPD ready") == 1
            and "[ompd] parallel-begin: #pragma omp parallel" in out
            and "hit Breakpoint" in out,
            "starti: OMPD initialised by itself when the runtime loaded, "
            "and the parallel-begin hook stopped")
    o = g.cmd("ompd threads")
    T.check(len(T.parse_table(o, "GDB")) >= 1, "starti: ompd threads works "
            "after continue")
g.quit()

# ---- 4. cores whose library list gdb cannot read ---------------------------------------
def phdrs(b):
    phoff, = struct.unpack_from("<Q", b, 32)
    phentsize, phnum = struct.unpack_from("<HH", b, 54)
    return phoff, phentsize, [
        list(struct.unpack_from("<IIQQQQQQ", b, phoff + i * phentsize))
        for i in range(phnum)]


def kernel_truncated(src, dst, keep):
    """SRC (gcore: notes last) laid out as the kernel writes a core --
    notes first, then memory in address order -- and cut KEEP bytes
    after the notes, as the core size limit cuts it."""
    b = open(src, "rb").read()
    phoff, phs, ph = phdrs(b)
    head = bytearray(b[:phoff + phs * len(ph)])
    body = bytearray()
    for i in sorted(range(len(ph)), key=lambda i: (ph[i][0] != 4, ph[i][3])):
        off, filesz = ph[i][2], ph[i][5]
        ph[i][2] = len(head) + len(body)
        body += b[off:off + filesz]
    for i, p in enumerate(ph):
        struct.pack_into("<IIQQQQQQ", head, phoff + i * phs, *p)
    note = [p for p in ph if p[0] == 4][0]
    with open(dst, "wb") as f:
        f.write((head + body)[:note[2] + note[5] + keep])
    return note[2] + note[5] + keep


def without_note(src, dst, ntype):
    """SRC with its notes of type NTYPE renamed to a type nobody knows."""
    b = bytearray(open(src, "rb").read())
    _, _, ph = phdrs(b)
    for typ, _, off, _, _, filesz, _, _ in ph:
        pos = off
        while typ == 4 and pos < off + filesz:
            namesz, descsz, t = struct.unpack_from("<III", b, pos)
            if t == ntype:
                struct.pack_into("<I", b, pos + 8, 0x7fff0001)
            pos += 12 + ((namesz + 3) & ~3) + ((descsz + 3) & ~3)
    with open(dst, "wb") as f:
        f.write(b)


core, _ = T.make_gcore("parallel", d)
full = os.path.getsize(core)

trunc = os.path.join(d, "truncated.core")
size = kernel_truncated(core, trunc, 0x20000)
g = T.open_core(trunc)
o = g.cmd("ompd threads")
one_message(o, "truncated core")
m = re.search(r"(\S+) is truncated, (\d+) of (\d+) bytes", o)
T.check(m is not None and m.group(1) == trunc and int(m.group(2)) == size
        and int(m.group(3)) > size and "ulimit -c unlimited" in o
        and "the ompdbg runtime" in o,
        "truncated core: says it is truncated, by how much, that the "
        "process ran on the ompdbg runtime, and how to dump it whole")
no_false_advice(o, "truncated core")
paths_exist(o, "truncated core")
g.quit()

noauxv = os.path.join(d, "noauxv.core")
without_note(core, noauxv, 6)
g = T.open_core(noauxv)
o = g.cmd("ompd threads")
one_message(o, "core without NT_AUXV")
T.check("the notes of %s are damaged" % noauxv in o and "NT_AUXV" in o,
        "core without NT_AUXV: says its notes are damaged")
no_false_advice(o, "core without NT_AUXV")
paths_exist(o, "core without NT_AUXV")
g.quit()

other = os.path.join(T.BUILDDIR, "tests", "install", "hold")
if not os.path.exists(other):
    T.hard("%s is not built" % other)
g = T.Gdb([other, core], pre=("set sysroot /",))
o = g.cmd("ompd threads")
one_message(o, "core with another executable")
T.check("the core was dumped by %s, not by %s" % (T.SCENES, other) in o
        and "`file %s' and `core %s'" % (T.SCENES, core) in o,
        "core with another executable: names the executable that dumped "
        "it and the commands that load it")
no_false_advice(o, "core with another executable")
paths_exist(o, "core with another executable")
if WITH_LIBOMPD:
    g.cmd("file " + T.SCENES)
    out = g.cmd("core " + core, timeout=120)
    o = g.cmd("ompd threads")
    T.check(len(T.parse_table(o, "GDB")) == 4,
            "core with another executable: after the printed commands "
            "ompd threads lists the 4 threads")
g.quit()
os.unlink(core)

# ---- 5. a statically linked program ------------------------------------------------------
cc = os.environ.get("CC", "cc").split()
src = os.path.join(d, "static.c")
with open(src, "w") as f:
    f.write("#include <omp.h>\n#include <stdio.h>\n"
            "void __attribute__ ((noinline)) stop_here (int n) "
            "{ printf (\"%d\\n\", n); }\n"
            "int main (void)\n{\n#pragma omp parallel num_threads (2)\n"
            "#pragma omp single\n  stop_here (omp_get_num_threads ());\n"
            "  return 0;\n}\n")
static = os.path.join(d, "static")
r = subprocess.run(cc + ["-fopenmp", "-g", "-static", "-o", static, src],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
if r.returncode != 0 or shutil.which(cc[0]) is None:
    T.log("cannot link an OpenMP program statically here: that part is "
          "skipped\n" + r.stdout.decode("utf-8", "replace"))
else:
    g = T.Gdb([static])
    g.cmd("break stop_here")
    out = g.cmd("run", timeout=120)
    o = g.cmd("ompd threads")
    one_message(o, "static")
    T.check("%s is statically linked: its OpenMP runtime is inside the "
            "executable" % static in o and "-Wl,-rpath,%s" % T.OURS in o,
            "static: says so, and how to link for the ompdbg runtime")
    no_false_advice(o, "static")
    paths_exist(o, "static")
    o = g.cmd("ompd break parallel-begin")
    T.check("no runtime to stop in" in o and "statically linked" in o,
            "static: ompd break says why it can never stop")
    no_breakpoint(g, "static")
    g.quit()

# ---- 6. libompd: set ompd library, an incompatible libompd ---------------------------------
truth = os.path.join(d, "nolib.truth")
g, out = T.run_to_stop("parallel", truth,
                       cmds=("set ompd library /nonexistent/libompd.so",))
T.no_traceback(out, "missing libompd: run")
T.check(out.count("/nonexistent/libompd.so") <= 2,
        "missing libompd: the failure is reported once while running")
o = g.cmd("ompd threads")
T.check("cannot use the libompd `set ompd library' names: "
        "/nonexistent/libompd.so: no such file" in o
        and "the runtime names" not in o,
        "missing libompd: ompd threads says the file does not exist")
g.cmd("set ompd library " + truth)
o = g.cmd("ompd threads")
T.check("cannot use the libompd `set ompd library' names: cannot load %s: "
        % truth in o and "invalid ELF header" in o,
        "unloadable libompd: ompd threads gives dlerror's reason")
g.quit()

if WITH_LIBOMPD:
    # Set before `run': initialised at ompd_dll_locations_valid, when the
    # runtime's data are there, not when its library is loaded.
    truth = os.path.join(d, "lib.truth")
    g, out = T.run_to_stop("parallel", truth,
                           cmds=("set ompd library " + LIBOMPD,))
    T.check(out.count("[ompd] OMPD ready: %s for " % LIBOMPD) == 1
            and "ompd:" not in out and "[ompd] OMPD ready" in out,
            "set ompd library before run: OMPD ready once, no failure")
    o = g.cmd("ompd threads")
    T.check(len(T.parse_table(o, "GDB")) == 4,
            "set ompd library before run: ompd threads lists 4 threads")
    g.quit()

    # The runtime names an incompatible libompd first (OMPDBG_LIBOMPD),
    # then the one beside it: the plugin uses the second.
    incompat = os.path.join(T.BUILDDIR, "tests", "gdb", ".libs",
                            "incompatible-ompd.so")
    rt = os.path.join(d, "rt")
    os.mkdir(rt)
    os.symlink(os.path.realpath(OURS_RT), os.path.join(rt, "libgomp.so.1"))
    os.symlink(os.path.realpath(LIBOMPD), os.path.join(rt, "libompd.so"))
    g, out = T.run_to_stop("parallel", os.path.join(d, "inc.truth"),
                           env_extra={"LD_LIBRARY_PATH": rt,
                                      "OMPDBG_LIBOMPD": incompat},
                           cmds=("set ompd runtime off",))
    T.check("[ompd] OMPD ready: %s/libompd.so for %s/libgomp.so.1" % (rt, rt)
            in out and "ompd:" not in out,
            "incompatible libompd first: the next one is used")
    g.quit()

# ---- 7. first use: the program runs on the ompdbg runtime -------------------------------
# gdb's environment without the build tree's OMPDBG_LIBOMPD: the plugin
# names the build tree's libompd itself.
os.environ.pop("OMPDBG_LIBOMPD", None)
truth = os.path.join(d, "first.truth")
g = T.Gdb(["--args", T.SCENES, "parallel", truth],
          env={"LD_LIBRARY_PATH": T.GOMP or "/nonexistent"})
o = g.cmd("show environment LD_LIBRARY_PATH")
T.check(o.strip().startswith("LD_LIBRARY_PATH = %s:" % T.OURS),
        "the plugin puts the ompdbg runtime first in LD_LIBRARY_PATH (%r)"
        % o)
o = g.cmd("show ompd runtime")
T.check("ompd runtime is on (the ompdbg runtime in %s)." % T.OURS in o,
        "show ompd runtime names the runtime directory")
g.cmd("break scene_stop")
if WITH_LIBOMPD:
    out = g.cmd("run", timeout=120)
    lines = [l for l in out.split("\n") if l.startswith("[ompd]")]
    T.check(len(lines) == 2 and lines[0] ==
            "[ompd] the program runs on the ompdbg runtime %s (`set ompd "
            "runtime off' keeps the system's libgomp)" % OURS_RT
            and lines[1].startswith("[ompd] OMPD ready: %s for " % LIBOMPD),
            "run: one line says the program runs on the ompdbg runtime, "
            "then OMPD is ready (%s)" % lines)
    o = g.cmd("ompd threads")
    T.check(len(T.parse_table(o, "GDB")) == 4, "run: ompd threads works")
    g.cmd("kill")
o = g.cmd("set ompd runtime off")
o = g.cmd("show environment LD_LIBRARY_PATH")
T.check(o.strip() == "LD_LIBRARY_PATH = %s" % (T.GOMP or "/nonexistent"),
        "set ompd runtime off: LD_LIBRARY_PATH as gdb got it (%r)" % o)
if T.GOMP:
    out = g.cmd("run", timeout=120)
    T.check("[ompd]" not in out and "hit Breakpoint" in out,
            "set ompd runtime off: the program runs on the system's "
            "libgomp, silently")
    o = g.cmd("ompd threads")
    T.check("GCC's libgomp" in o, "set ompd runtime off: ompd threads says "
            "GCC's libgomp")
g.quit()
T.finish()
