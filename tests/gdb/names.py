#!/usr/bin/python3
"""names.py -- the plugin names a construct as the program's language
writes it: C++ (tests/gdb/names-cxx.cc: a member function template of a
class template in a namespace, a lambda, a function template in a nested
namespace), Fortran (names-f.f90: a module procedure) and a C program
built with -O3 -flto (names-lto.c).

At each stop in names_stop the ground truth comes from elsewhere than the
plugin: the enclosing function's name is what gdb itself calls the frame
that called the runtime's GOMP_parallel (gdb.Frame.name, as `bt' prints
it), and the construct's file:line is the line of the program's source
that carries a `construct:NAME' comment.  `ompd parallel' and `ompd
threads' must say `#pragma omp parallel at FILE:LINE (in NAME)' (`!$omp
parallel' in Fortran), never a mangled name, gfortran's assembler name
or the LTO unit's `<artificial>'."""

import os
import re

import gdbtest as T

T.require_libompd()

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
     [(1, "grid"), (2, "lambda"), (3, "scale")]),
    ("names-f", "names-f.f90", "!$omp parallel", [(1, "accumulate")]),
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
