#!/usr/bin/python3
"""names.py -- the plugin names a construct as the program's language
writes it: C++ (tests/gdb/names-cxx.cc: a member function template of a
class template in a namespace, a lambda, a function template in a nested
namespace, a lambda in a function with parameters), Fortran
(names-f.f90: a module procedure, the main program, an internal
procedure) and a C program built with -O3 -flto (names-lto.c).

At each stop in names_stop the ground truth comes from elsewhere than the
plugin: the enclosing function's name is what gdb itself calls the frame
that called the runtime's GOMP_parallel (gdb.Frame.name, as `bt' prints
it), and the construct's file:line is the line of the program's source
that carries a `construct:NAME' comment.  `ompd parallel' and `ompd
threads' must say `#pragma omp parallel at FILE:LINE (in NAME)' (`!$omp
parallel' in Fortran), never a mangled name, gfortran's assembler name
or the LTO unit's `<artificial>'.  ompdbg, on a core of each stop,
must name the construct the same way, give the stopped thread the
frames `ompd bt' gives it, and name each of them as gdb's own `bt'
does; its `diagnose' must say what gdb's `ompd diagnose' says on the
same core, word for word (where each thread is, named as gdb names the
frame)."""

import json
import os
import re
import subprocess

import gdbtest as T

T.require_libompd()
INSPECT = os.path.join(T.BUILDDIR, "corefiles", "ompdbg-inspect")
d = T.tmpdir()

# The names gdb itself gives the frames of the stopped thread, newest
# first, as `bt' prints them (the frame filter aside).
GDB_NAMES = r'''python
f = gdb.newest_frame()
names = []
while f is not None:
    names.append(f.name() or "??")
    f = f.older()
print("NAMES|%s|" % "|".join(names))
end'''

PARENT = r'''python
f = gdb.newest_frame()
while f is not None and f.name() != "GOMP_parallel":
    f = f.older()
p = f.older() if f is not None else None
print("PARENT|%s|" % (p.name() if p is not None else None))
end'''

# (program, source, directive, [(stop, construct marker)])
PROGRAMS = [
    ("names-cxx", "names-cxx.cc", "#pragma omp parallel",
     [(1, "grid"), (2, "lambda"), (3, "scale"), (4, "params")]),
    ("names-f", "names-f.f90", "!$omp parallel",
     [(1, "program"), (2, "accumulate"), (3, "internal")]),
    ("names-lto", "names-lto.c", "#pragma omp parallel", [(1, "main")]),
]


def construct_lines(src):
    out = {}
    with open(src) as f:
        for k, line in enumerate(f, 1):
            m = re.search(r"construct:(\w+)", line)
            if m and "omp" in line:
                out[m.group(1)] = k
    return out


def check_stop(g, prog, src, directive, marker, line):
    tag = "%s %s" % (prog, marker)
    out = g.cmd(PARENT)
    m = re.search(r"^PARENT\|(.*)\|$", out, flags=re.M)
    if not T.check(m is not None and m.group(1) != "None",
                   "%s: gdb finds the frame that entered the region" % tag):
        return
    name = m.group(1)
    want = "%s at %s:%d (in %s)" % (directive, src, line, name)
    out = g.cmd("ompd parallel --wide")
    T.no_traceback(out, tag + ": ompd parallel")
    rows = [r for r in T.parse_table(out, "REGION") if r["LEVEL"] == "1"]
    T.check(len(rows) == 1 and rows[0]["ENTRY"] == want,
            "%s: ompd parallel says `%s' (got %s)"
            % (tag, want, [r["ENTRY"] for r in rows]))
    out2 = g.cmd("ompd threads --wide")
    T.check(("implicit: " + want) in out2,
            "%s: ompd threads shows the implicit task as `%s'" % (tag, want))
    for o in (out, out2):
        bad = [w for w in ("_Z", "_MOD_", "<artificial>", "._omp_fn")
               if w in o]
        T.check(not bad, "%s: no %s in the output" % (tag, bad or
                                                      "raw names"))
    check_ompdbg(g, prog, tag, want, directive)


def ompdbg_doc(view, exe, core):
    r = subprocess.run([INSPECT, view, "--json", exe, core],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=300)
    try:
        return json.loads(r.stdout)
    except ValueError:
        T.log(r.stderr)
        return {}


def check_ompdbg(g, prog, tag, want, directive):
    """ompdbg, on a core of this stop, names the construct as gdb does
    (WANT) and gives the stopped thread the frames `ompd bt' gives it."""
    exe = os.path.join(T.BUILDDIR, "tests", "gdb", prog)
    core = os.path.join(d, "%s.core" % prog)
    g.cmd("gcore " + core, timeout=120)
    o = g.cmd("ompd bt --json")
    m = re.search(r"^\{.*\}$", o, flags=re.M)
    gdb_frames = json.loads(m.group(0))["threads"][0]["frames"] if m \
        else None
    lwp = json.loads(m.group(0))["threads"][0]["lwp"] if m else None
    par = ompdbg_doc("parallel", exe, core)
    # The team as gdb lists it: a member not started yet (a pool thread
    # that has not recorded its LWP) included.
    o = g.cmd("ompd parallel --json")
    m2 = re.search(r"^\{.*\}$", o, flags=re.M)

    def team(doc):
        return [[(x["omp"], x["lwp"], x["state"], x["unstarted"])
                 for x in r["members"]] for r in doc.get("regions", [])]
    gteam = team(json.loads(m2.group(0))) if m2 else None
    T.check(gteam is not None and team(par) == gteam,
            "%s: ompdbg parallel lists gdb's teams (gdb %s, ompdbg %s)"
            % (tag, gteam, team(par)))
    entries = [r["entry"] for r in par.get("regions", [])
               if r.get("level") == 1]
    T.check(entries == [want], "%s: ompdbg parallel says `%s' (got %s)"
            % (tag, want, entries))
    ths = ompdbg_doc("threads", exe, core)
    labels = [t["task"]["label"] for t in ths.get("threads", [])
              if isinstance(t.get("task"), dict)]
    T.check(want in labels, "%s: ompdbg threads shows the implicit task "
            "as `%s' (got %s)" % (tag, want, labels))
    st = ompdbg_doc("stacks", exe, core)
    frames = [t["frames"] for t in st.get("threads", [])
              if t.get("lwp") == lwp]
    # gdb hides an inlined function's frame from a thread stopped (or
    # reported stopped) at the entry of its inlined body -- the
    # breakpoint's function inlined into the region -- where a core
    # reader has no breakpoint to decide by: that frame alone may lead.
    if len(frames) == 1 and gdb_frames and frames[0][1:] == gdb_frames \
            and "names_stop" in frames[0][0] \
            and "names_stop" not in gdb_frames[0]:
        frames = [frames[0][1:]]
    T.check(gdb_frames and frames == [gdb_frames],
            "%s: ompdbg stacks gives thread LWP %s the frames of `ompd bt' "
            "(gdb %s, ompdbg %s)" % (tag, lwp, gdb_frames, frames))
    # Each frame ompdbg names is one of gdb's own, in gdb's order (gdb's
    # has the runtime's frames too): an outlined function by the name
    # in brackets after its construct.
    m = re.search(r"^NAMES\|(.*)\|$", g.cmd(GDB_NAMES), flags=re.M)
    own = m.group(1).split("|") if m else []
    mine = [frame_name(x) for x in (frames[0] if frames else [])]
    rest = iter(own)
    T.check(own and mine and all(n in rest for n in mine),
            "%s: ompdbg stacks names the frames as gdb's bt does "
            "(gdb %s, ompdbg %s)" % (tag, own, mine))
    check_diagnose(tag, exe, core)
    os.remove(core)


def check_diagnose(tag, exe, core):
    """`ompdbg diagnose' and gdb's `ompd diagnose' on CORE: the same
    findings in the same words."""
    g = T.Gdb([exe, core], pre=("set sysroot /",
                                "set solib-search-path " + T.OURS))
    o = g.cmd("ompd diagnose --json", timeout=120)
    g.quit()
    T.no_traceback(o, tag + ": ompd diagnose --json on the core")
    m = re.search(r"^\{.*\}$", o, flags=re.M)
    gdoc = json.loads(m.group(0)) if m else {}
    cdoc = ompdbg_doc("diagnose", exe, core)

    def texts(doc):
        return [re.sub(r"\s+", " ", f["text"]).strip()
                for f in doc.get("findings", ())]
    gt, ct = texts(gdoc), texts(cdoc)
    T.check(gt and gt == ct, "%s: ompdbg diagnose says what gdb says on "
            "the core (gdb %s, ompdbg %s)" % (tag, gt, ct))
    bad = [w for w in ("_Z", "_MOD_", "<artificial>") if w in " ".join(ct)]
    T.check(ct and not bad, "%s: no %s in ompdbg diagnose"
            % (tag, bad or "raw names"))


def frame_name(text):
    """The function name of a frame line of ompdbg stacks."""
    m = re.match(r"^.* \[(.*)\](?: at | from |$)", text)
    if m:
        return m.group(1)
    return re.split(r" at | from ", text)[0]


ran = 0
for prog, src, directive, stops in PROGRAMS:
    exe = os.path.join(T.BUILDDIR, "tests", "gdb", prog)
    if not os.path.exists(exe):
        T.log("%s is not built (no compiler for it): not tested" % prog)
        continue
    ran += 1
    lines = construct_lines(os.path.join(T.SRCDIR, "tests", "gdb", src))
    g = T.Gdb(["--args", exe], env={"LD_LIBRARY_PATH": T.OURS})
    g.cmd("break names_stop")
    for k, (stop, marker) in enumerate(stops):
        out = g.cmd("run" if k == 0 else "continue", timeout=120)
        if "ptrace: Operation not permitted" in out:
            g.kill()
            T.skip("gdb may not trace processes here")
        if not T.check("names_stop" in out and "hit Breakpoint" in out,
                       "%s: stop %d in names_stop" % (prog, stop)):
            break
        g.cmd("up 0")
        check_stop(g, prog, src, directive, marker, lines[marker])
    g.quit()
T.check(ran > 0, "at least the C program (-flto) was built and tested")
T.finish()
