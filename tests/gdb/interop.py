#!/usr/bin/python3
"""interop.py -- the plugin with another vendor's OMPD stack: LLVM's
libomp and libompd (`./build.sh interop' builds them in
interop/llvm/lib of the build tree; skipped without them).

The scenes of live.py (built with GCC, run on libomp's GOMP_* entry
points) are checked against their ground truth twice, on our runtime and
libompd and on LLVM's, and the table of checks passed is printed.  The
checks that must hold with any conforming libompd are the verdict: OMPD
comes up with LLVM's library, and every thread of the scene is listed
with its LWP, its gdb thread and its OpenMP thread number (LLVM's
libompd finds a thread's descriptor through the thread-local __kmp_gtid,
which the symbol callback resolves per thread).  The other checks are
counted: some rest on what OMPD leaves to the implementation.

With LLVM's gdb plugin (interop/llvm/python/ompd) it also checks that
the plugin loads in this gdb, initialises OMPD with our libompd, shows
the scene's team through it, and that LLVM's OMPD API tests (its
`ompdtestapi') pass on our libompd."""

import os
import re

import gdbtest as T
import scenecheck as SC

LLVM = os.path.join(T.BUILDDIR, "interop", "llvm")
LLVM_LIB = os.path.join(LLVM, "lib")
LLVM_PLUGIN = os.path.join(LLVM, "python", "ompd", "__init__.py")
SCENES = ("parallel", "nested", "task", "lock")

T.require_libompd()
for f in ("libomp.so", "libgomp.so.1", "libompd.so"):
    if not os.path.exists(os.path.join(LLVM_LIB, f)):
        T.skip("LLVM's OMPD stack is not built (%s has no %s): run "
               "`./build.sh interop' first" % (LLVM_LIB, f))

d = T.tmpdir()
table = {}


def measure(stack, libdir):
    """Run every scene on LIBDIR; (passed, total) of the scene checks,
    which are taken out of the verdict."""
    passed = total = 0
    for scene in SCENES:
        truth = os.path.join(d, "%s-%s.truth" % (stack, scene))
        # The program runs on the stack's own runtime, not the one the
        # plugin would put first.
        # LLVM's runtime keeps what OMPD reads of states and tasks only
        # with OMP_DEBUG=enabled, as its documentation asks.
        g, out = T.run_to_stop(scene, truth,
                               env_extra={"LD_LIBRARY_PATH": libdir,
                                          "OMP_DEBUG": "enabled"},
                               cmds=("set ompd runtime off",))
        tag = "%s %s" % (stack, scene)
        T.check("[ompd] OMPD ready" in out,
                "%s: OMPD initialised by itself during `run'" % tag)
        T.no_traceback(out, tag + ": run")
        info = g.cmd("ompd info")
        T.check(("LLVM" in info) == (stack == "llvm"),
                "%s: ompd info names the %s libompd" % (tag, stack))
        tr = T.read_truth(truth)
        verdict(g, tag, tr)
        n0, f0 = T.checks[0], len(T.failures)
        T.log("-- %s: scene checks, counted (a FAIL here is no verdict)"
              % tag)
        SC.check_scene(g, scene, tr, stack, deferred=False)
        n, f = T.checks[0] - n0, len(T.failures) - f0
        del T.failures[f0:]
        T.checks[0] = n0
        passed += n - f
        total += n
        g.quit()
    table[stack] = (passed, total)


def verdict(g, tag, truth):
    """Every thread listed with its gdb thread and OpenMP thread number."""
    out = g.cmd("ompd threads")
    T.no_traceback(out, tag + ": ompd threads")
    rows = dict((r.get("LWP"), r) for r in T.parse_table(out, "GDB"))
    gmap = SC.gdb_threads(g)
    for t in T.truth_of(truth, "thread"):
        r = rows.get(t["tid"])
        T.check(r is not None and r["GDB"] == str(gmap.get(int(t["tid"])))
                and r["OMP"] == t["num"],
                "%s: LWP %s is gdb thread %s, OpenMP thread %s (got %s)"
                % (tag, t["tid"], gmap.get(int(t["tid"])), t["num"],
                   r and (r["GDB"], r["OMP"])))


measure("ours", T.OURS)
measure("llvm", LLVM_LIB)
T.log("scene checks passed, our plugin (%s):" % ", ".join(SCENES))
for stack, name in (("ours", "our libompd"), ("llvm", "LLVM's libompd")):
    T.log("  %-16s %d of %d" % (name, table[stack][0], table[stack][1]))
T.check(table["ours"][0] == table["ours"][1],
        "every scene check passes on our stack")

# LLVM's gdb plugin (its ompdModule.so is built for /usr/bin/python3, the
# Python of gdb) on our runtime and libompd.
if os.path.exists(LLVM_PLUGIN):
    truth = os.path.join(d, "llvm-plugin.truth")
    lib = os.path.join(T.BUILDDIR, "libompd", ".libs")
    g, out = T.run_to_stop("parallel", truth, plugin=False,
                           env_extra={"LD_LIBRARY_PATH": T.OURS + ":" + lib},
                           pre=("source " + LLVM_PLUGIN,))
    T.check("Traceback" not in g.startup,
            "LLVM's gdb plugin loads in this gdb (%s)"
            % g.startup.strip()[-200:])
    out = g.cmd("ompd init", timeout=120)
    T.check("Loaded OMPD lib successfully" in out and "Traceback" not in out,
            "LLVM's plugin initialises OMPD with our libompd")
    truth = T.read_truth(truth)
    size = T.truth_of(truth, "region")[0]["size"]
    out = g.cmd("ompd parallel", timeout=120)
    T.no_traceback(out, "LLVM's plugin: ompd parallel")
    T.check("Team Size: %s" % size in out and
            len(re.findall(r"ompt_state_\w+", out)) == int(size),
            "LLVM's plugin shows the team of %s threads and their states "
            "through our libompd" % size)
    # LLVM's OMPD API tests (ompdtestapi, in its ompdModule.so): each
    # routine with valid, NULL and invalid arguments, checking the return
    # codes.  Not ompd_finalize, after which no handle is valid, nor
    # ompd_initialize, whose test initialises again with other callbacks:
    # our libompd then drops the handles made with the plugin's.
    with open(os.path.join(os.path.dirname(LLVM_PLUGIN), "ompd.py")) as f:
        apis = re.findall(r'arg == "(ompd_\w+)"', f.read())
    apis = [a for a in apis if a not in ("ompd_finalize", "ompd_initialize")]
    failed = []
    for api in apis:
        o = g.cmd("ompdtestapi " + api, timeout=120)
        if "Failed" in o or "Traceback" in o:
            failed.append(api)
    T.log("LLVM's OMPD API tests on our libompd: %d of %d pass"
          % (len(apis) - len(failed), len(apis)))
    # These two ask for ICVs by LLVM's own ids (22 for thread-num-var):
    # OMPD leaves the ids to the library (ompd_enumerate_icvs gives them).
    own_ids = ("ompd_get_icv_from_scope", "ompd_get_icv_string_from_scope")
    T.check(len(apis) > 30 and not [a for a in failed if a not in own_ids],
            "LLVM's OMPD API tests pass on our libompd, but for the ICV "
            "ids LLVM numbers itself (failed: %s)" % ", ".join(failed))
    out = g.cmd("ompd threads", timeout=120)
    T.log("LLVM's plugin, ompd threads: %d of %d threads known as OpenMP "
          "threads" % (len(T.truth_of(truth, "thread"))
                       - out.count("is no OpenMP thread"),
                       len(T.truth_of(truth, "thread"))))
    g.quit()
else:
    T.log("LLVM's gdb plugin is not built (%s): its part is left out"
          % LLVM_PLUGIN)
T.finish()
