"""avail.py -- the ompdbg runtime this plugin belongs to, putting the
programs gdb starts on it (`set ompd runtime'), and why OMPD is not
available when it is not, in words that name the cause and the command
that helps.

Causes told apart: the runtime is not loaded yet (a process at its first
instruction), the program is linked statically, it runs on another
OpenMP runtime (GCC's libgomp, LLVM's libomp without OMPD), a core whose
shared library list gdb could not read (truncated, dumped by another
executable, damaged notes), a program with no OpenMP at all.  gdb knows
none of this by itself: the executable's PLT stub `GOMP_parallel@plt'
looks like an OpenMP runtime to a symbol lookup, so the plugin reads the
files (elf.py).
"""

import os
import re

import gdb

from . import callbacks as C
from . import elf

settings = {"runtime": True}    # `set ompd runtime on|off'

# Sonames of OpenMP runtimes: GCC's, LLVM's (and its aliases), Intel's.
_RUNTIME_NAME = re.compile(r"^lib(gomp|omp|omp5|iomp5)(-[0-9.]+)?\.so")


# ---- where the ompdbg runtime is ---------------------------------------------
class Install(object):
    """The ompdbg tree this plugin is part of: its runtime directory,
    libompd and plugin file."""

    def __init__(self, runtime_dir, libompd, plugin, build_tree):
        self.runtime_dir = runtime_dir
        self.libompd = libompd
        self.plugin = plugin
        self.build_tree = build_tree


_install = []


def install_dir():
    """The directory of this plugin's ompd.py."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def install():
    """The Install of this plugin, or None when no ompdbg runtime is
    beside it.  The build tree when the plugin runs from one (its
    runtime in runtime/.libs, its libompd in libompd/.libs), else the
    installation directories, below the root the plugin itself is under
    (a DESTDIR staging, or a tree moved as a whole)."""
    if _install:
        return _install[0]
    here = install_dir()
    plugin = os.path.join(here, "ompd.py")
    top = os.path.dirname(here)
    rt = os.path.join(top, "runtime", ".libs")
    res = None
    if os.path.isfile(os.path.join(rt, "libgomp.so.1")):
        lo = os.path.join(top, "libompd", ".libs", "libompd.so")
        res = Install(rt, lo if os.path.isfile(lo) else None, plugin, True)
    else:
        try:
            from . import places
            gdbdir = places.OMPDBGGDBDIR
            root = ""
            if here != gdbdir and here.endswith(gdbdir):
                root = here[:-len(gdbdir)]
            rt = root + places.OMPDBGLIBDIR
            if os.path.isfile(os.path.join(rt, "libgomp.so.1")):
                lo = os.path.join(rt, "libompd.so")
                res = Install(rt, lo if os.path.isfile(lo) else None,
                              plugin, False)
        except ImportError:
            res = None
    _install.append(res)
    return res


def runtime_dir_text():
    """The ompdbg runtime directory, or None when there is none beside
    this plugin."""
    i = install()
    return i.runtime_dir if i is not None else None


# ---- the environment of the programs gdb starts --------------------------------
_env_set = {}     # variable -> (value the plugin set, value before)


def get_env(name):
    try:
        out = gdb.execute("show environment " + name, to_string=True)
    except gdb.error:
        return None
    m = re.match(r"%s = (.*)$" % re.escape(name), out.rstrip("\n"))
    return m.group(1) if m else None


def _set_env(name, value):
    if value is None:
        gdb.execute("unset environment " + name, to_string=True)
    else:
        gdb.execute("set environment %s=%s" % (name, value), to_string=True)


def apply_runtime(on):
    """Put the ompdbg runtime first in LD_LIBRARY_PATH of the programs
    gdb starts (ON), unless the first libgomp.so.1 LD_LIBRARY_PATH
    leads to is an ompdbg runtime already; or take back what the plugin
    put there.  In the build tree the runtime is not beside its libompd:
    OMPDBG_LIBOMPD names it (as the build tree's `ompdbg' does).  True
    when programs will run on an ompdbg runtime."""
    i = install()
    if not on:
        for name, (mine, before) in list(_env_set.items()):
            if get_env(name) == mine:
                _set_env(name, before)
            del _env_set[name]
        return False
    if i is None:
        return False
    cur = get_env("LD_LIBRARY_PATH")
    # An ompdbg runtime the user put there (another build, a copy) is
    # the one they want.
    chosen = None
    for dr in (cur or "").split(":"):
        rt = os.path.join(dr, "libgomp.so.1") if dr else None
        if rt and os.path.isfile(rt):
            if runtime_kind(rt) == "ompdbg":
                chosen = dr
            break
    if chosen is None:
        new = i.runtime_dir + (":" + cur if cur else "")
        _set_env("LD_LIBRARY_PATH", new)
        _env_set["LD_LIBRARY_PATH"] = (new, cur)
        chosen = i.runtime_dir
    if i.build_tree and i.libompd and _same_path(chosen, i.runtime_dir) \
            and get_env("OMPDBG_LIBOMPD") is None:
        _set_env("OMPDBG_LIBOMPD", i.libompd)
        _env_set["OMPDBG_LIBOMPD"] = (i.libompd, None)
    return True


def runtime_first():
    """Whether programs gdb starts have the ompdbg runtime first in
    LD_LIBRARY_PATH (put there by the plugin or by `ompdbg gdb')."""
    i = install()
    cur = get_env("LD_LIBRARY_PATH")
    return bool(i is not None and cur
                and _same_path(cur.split(":")[0], i.runtime_dir))


_told = set()


def on_new_objfile(objfile):
    """An OpenMP runtime has been loaded into a process gdb started: one
    line saying it is an ompdbg runtime, or, when the plugin's runtime
    was first in LD_LIBRARY_PATH, which runtime without OMPD came before
    it -- known before any ompd command fails."""
    if not settings["runtime"]:
        return
    name = getattr(objfile, "filename", None) or ""
    if not _RUNTIME_NAME.match(os.path.basename(name)):
        return
    inf = gdb.selected_inferior()
    if inf.pid == 0 or inf.was_attached or is_core(inf):
        return
    key = (inf.num, inf.pid)
    if key in _told:
        return
    kind = runtime_kind(name)
    if kind is None:
        return
    _told.add(key)
    if kind == "ompdbg":
        gdb.write("[ompd] the program runs on the ompdbg runtime %s "
                  "(`set ompd runtime off' keeps the system's libgomp)\n"
                  % name)
    elif kind in ("gcc", "llvm") and runtime_first():
        gdb.write("[ompd] %s\n" % other_runtime(kind, name, inf)[len(
            "ompd: "):])


# ---- what the process is -------------------------------------------------------
def is_core(inf):
    try:
        return inf.connection is not None and inf.connection.type == "core"
    except Exception:
        return False


def core_file():
    """The file name of the core gdb has loaded, or None."""
    try:
        out = gdb.execute("info target", to_string=True)
    except gdb.error:
        return None
    m = re.search(r"core dump file:\s*`(.*?)', file type", out)
    return m.group(1) if m else None


def executable():
    try:
        return gdb.current_progspace().filename
    except Exception:
        return None


def loaded_libraries():
    """File names of the shared libraries gdb has loaded, in its order
    (the dynamic loader's)."""
    exe = executable()
    out = []
    for o in gdb.objfiles():
        try:
            if o.owner is not None or not o.is_file or o.filename == exe:
                continue
        except Exception:
            continue
        out.append(o.filename)
    return out


_kinds = {}


def runtime_kind(path):
    """"ompdbg" (has OMPD's ompd_dll_locations), "llvm" (LLVM's or
    Intel's libomp: __kmpc_fork_call), "gcc" (GCC's libgomp), or None
    for a file that is no OpenMP runtime."""
    if path in _kinds:
        return _kinds[path]
    kind = None
    f = elf.open_elf(path)
    if f is not None:
        with f:
            d = f.defined_symbols(("ompd_dll_locations", "__kmpc_fork_call",
                                   "GOMP_parallel", "omp_get_num_threads"))
        if "ompd_dll_locations" in d:
            kind = "ompdbg" if "GOMP_parallel" in d and \
                "__kmpc_fork_call" not in d else "ompd"
        elif "__kmpc_fork_call" in d:
            kind = "llvm"
        elif d:
            kind = "gcc"
    _kinds[path] = kind
    return kind


_KIND_WORDS = {"gcc": "GCC's libgomp", "llvm": "LLVM's libomp",
               "ompd": "an OpenMP runtime with OMPD"}


# ---- the diagnosis -----------------------------------------------------------------
def why(inf):
    """(cause, message) for a process with no ompd_dll_locations: the
    cause -- "other-runtime", "static", "not-loaded", "core", "none" --
    and a message that names it and the command that helps."""
    for lib in loaded_libraries():
        if not _RUNTIME_NAME.match(os.path.basename(lib)):
            continue
        kind = runtime_kind(lib)
        if kind in ("gcc", "llvm"):
            return "other-runtime", other_runtime(kind, lib, inf)
    exe = executable()
    f = elf.open_elf(exe) if exe else None
    if f is None:
        return "none", ("ompd: no OpenMP runtime is loaded in this process, "
                        "and gdb has no executable to tell which it needs "
                        "(`file PROGRAM').")
    with f:
        static = f.is_static()
        omp_static = static and (
            bool(f.defined_symbols(("GOMP_parallel", "omp_get_num_threads",
                                    "__kmpc_fork_call")))
            or f.contains(b"OMP_NUM_THREADS"))
        needed = f.needed()[0]
    if static:
        if not omp_static:
            return "none", ("ompd: %s is statically linked and has no "
                            "OpenMP runtime in it." % exe)
        return "static", (
            "ompd: %s is statically linked: its OpenMP runtime is inside the "
            "executable, and has no OMPD.  Link it dynamically (without "
            "-static) and run it on the ompdbg runtime%s." % (exe,
                                                              _link_hint()))
    wanted = [n for n in needed if _RUNTIME_NAME.match(n)]
    if not wanted:
        return "none", ("ompd: no OpenMP runtime is loaded in this process "
                        "(%s needs none; a library it loads later may)."
                        % exe)
    if is_core(inf):
        return "core", core_without_libraries(exe, wanted[0])
    return "not-loaded", (
        "ompd: the OpenMP runtime is not loaded yet: %s needs %s, which the "
        "dynamic loader has not loaded (the process has not got past its "
        "start).  OMPD initialises by itself when it is loaded: `continue', "
        "or `break main' and `run'." % (exe, wanted[0]))


def _link_hint():
    d = runtime_dir_text()
    if d is None:
        return ""
    return " (gcc -fopenmp ... -Wl,-rpath,%s)" % d


def _run_hint(exe):
    """A shell command that starts EXE on the ompdbg runtime."""
    d = runtime_dir_text()
    if d is None:
        return ("the ompdbg runtime is not beside this plugin (%s); "
                "install ompdbg" % install_dir())
    return "LD_LIBRARY_PATH=%s %s" % (d, exe or "PROGRAM")


def other_runtime(kind, lib, inf):
    """The message for a process on an OpenMP runtime without OMPD."""
    exe = executable()
    needed = []
    f = elf.open_elf(exe) if exe else None
    if f is not None:
        with f:
            needed = f.needed()[0]
    what = "%s (%s)" % (_KIND_WORDS.get(kind, "an OpenMP runtime"), lib)
    if kind == "llvm":
        what += ", built without OMPD (LIBOMP_OMPD_SUPPORT)"
    else:
        what += ", which has no OMPD"
    msg = "ompd: the program runs on %s." % what
    if "libgomp.so.1" not in needed:
        # Built for another runtime's ABI: ours cannot stand in for it.
        return msg + ("  %s does not use GCC's libgomp ABI, so the ompdbg "
                      "runtime cannot replace it: build it with gcc "
                      "-fopenmp, or use a libomp built with OMPD."
                      % (exe or "The program"))
    d = runtime_dir_text()
    if is_core(inf):
        return msg + ("  The core holds no OMPD data; for the next one, run "
                      "the program on the ompdbg runtime: %s"
                      % _run_hint(exe))
    if inf.was_attached:
        return msg + ("  Start it on the ompdbg runtime and attach again: "
                      "%s" % _run_hint(exe))
    if d is None:
        return msg + "  " + _run_hint(exe) + "."
    ours = os.path.join(d, "libgomp.so.1")
    preload = get_env("LD_PRELOAD") or ""
    if any(_RUNTIME_NAME.match(os.path.basename(p))
           for p in re.split(r"[ :]", preload) if p):
        return msg + ("  LD_PRELOAD=%s comes before everything: `set "
                      "environment LD_PRELOAD=%s' and `run' again."
                      % (preload, ours))
    if not settings["runtime"]:
        return msg + ("  `set ompd runtime on' and `run' again start it on "
                      "the ompdbg runtime in %s." % d)
    # The plugin's LD_LIBRARY_PATH lost to the executable's DT_RPATH.
    return msg + ("  The executable's RPATH comes before LD_LIBRARY_PATH=%s: "
                  "`set environment LD_PRELOAD=%s' and `run' again."
                  % (d, ours))


def core_without_libraries(exe, soname):
    """The message for a core whose shared libraries gdb did not load."""
    core = core_file()
    head = ("ompd: gdb has not loaded the shared libraries of this core "
            "(%s needs %s)" % (exe, soname))
    f = elf.open_elf(core) if core else None
    if f is None:
        return head + ", and the core file cannot be read."
    with f:
        size, expected = f.size, f.expected_size()
        notes = f.notes()
        is64, end = f.is64, f.end
    mapped = None
    aux = None
    fname = None
    for owner, typ, desc in notes:
        if owner != "CORE":
            continue
        if typ == elf.NT_FILE and mapped is None:
            mapped = elf.core_mapped_files(desc, is64, end)
        elif typ == elf.NT_AUXV and aux is None:
            aux = elf.auxv(desc, is64, end)
        elif typ == elf.NT_PRPSINFO and fname is None:
            fname = elf.prpsinfo_fname(desc, is64)
    runtime = None
    core_exe = None
    for s, e, p in mapped or ():
        if runtime is None and _RUNTIME_NAME.match(os.path.basename(p)):
            runtime = p
        if aux and s <= aux.get(elf.AT_ENTRY, -1) < e:
            core_exe = p
    if core_exe is None and fname:
        for s, e, p in mapped or ():
            if os.path.basename(p)[:15] == fname[:15]:
                core_exe = p
                break
    ran_on = ""
    if runtime:
        ran_on = "; the process ran on %s" % runtime
        kind = runtime_kind(runtime) if os.path.exists(runtime) else None
        if kind == "ompdbg":
            ran_on += ", the ompdbg runtime"
    if size < expected:
        return (head + ": %s is truncated, %d of %d bytes (cut by the core "
                "size limit, `ulimit -c', or a full disk), and the library "
                "list was in the missing part%s.  Dump the core again with "
                "`ulimit -c unlimited', or with gdb's `gcore'."
                % (core, size, expected, ran_on))
    if core_exe and not _same_file(core_exe, exe):
        return (head + ": the core was dumped by %s, not by %s%s.  Load the "
                "right executable: `file %s' and `core %s' (or: gdb %s %s)."
                % (core_exe, exe, ran_on, core_exe, core, core_exe, core))
    if aux is None or elf.AT_ENTRY not in aux:
        return (head + ": the notes of %s are damaged -- there is no "
                "auxiliary vector (NT_AUXV), which tells where the program "
                "and its libraries were loaded%s.  Dump the core again."
                % (core, ran_on))
    return (head + ": their list in the core's memory cannot be read%s.  "
            "Check that %s is the executable that dumped %s (`info proc "
            "mappings' lists the files the core maps)." % (ran_on, exe, core))


def _same_path(a, b):
    return os.path.realpath(a) == os.path.realpath(b)


def _same_file(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a == b


def never_hooks(inf):
    """Why `ompd break' can never stop in INF's process, as an error
    message, or None when it can or may (its runtime is not loaded yet, or
    a library it loads later may bring one): the program runs on a runtime
    without OMPD (GCC's libgomp, LLVM's libomp built without it), or is
    statically linked."""
    if C.lookup_symbol("ompdbg_bp_enabled") is not None or \
            C.lookup_symbol("ompd_dll_locations") is not None:
        return None
    cause, msg = why(inf)
    if cause in ("other-runtime", "static") or (
            cause == "none" and "statically linked" in msg):
        return "ompd break: no runtime to stop in: " + msg[len("ompd: "):]
    return None


def break_without_hooks(inf):
    """What `ompd break' says in a live process without the runtime's
    enable flag (ompdbg_bp_enabled): (text, whether it is an error)."""
    if C.lookup_symbol("ompd_dll_locations") is not None:
        # Another runtime with OMPD: its hooks follow OMP_DEBUG.
        return ("ompd: this runtime has no ompdbg_bp_enabled flag: run the "
                "program with OMP_DEBUG=enabled for the breakpoints to be "
                "hit.", True)
    cause, msg = why(inf)
    if cause == "not-loaded":
        return ("[ompd] the runtime's OMPD breakpoints will be switched on "
                "when it starts", False)
    return ("ompd break: no runtime to stop in: " + msg[len("ompd: "):],
            True)
