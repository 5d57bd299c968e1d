#!/usr/bin/python3
"""target.py -- a target region run on the host, live and on a core
(scene `target'): the thread in it shows the region's initial task as its
current task, labelled with the target construct, scheduled by the
encountering implicit task, whose chain goes on to the program's initial
task; `ompd bt' labels the target region's function.  Ground truth: the
scene's `target' and `region' lines."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()


def check_target(g, truth, where):
    tg = T.truth_of(truth, "target")
    reg = T.truth_of(truth, "region")
    if not T.check(len(tg) == 1 and len(reg) == 1,
                   "%s: the scene wrote its target and region lines" % where):
        return
    tg, reg = tg[0], reg[0]
    T.check(tg["level"] == "0" and tg["num"] == "0"
            and tg["initial_device"] == "1",
            "%s: the program runs the target region at level 0 on the host"
            % where)
    want_target = "#pragma omp target at scenes.c:%s" % tg["line"]
    want_region = "#pragma omp parallel at scenes.c:%s" % reg["line"]

    out = g.cmd("ompd threads")
    T.no_traceback(out, where + ": ompd threads")
    rows = [r for r in T.parse_table(out, "GDB") if r["LWP"] == tg["tid"]]
    T.check(len(rows) == 1 and rows[0]["OMP"] == "0"
            and rows[0]["REGION"].endswith("L0")
            and rows[0]["TASK"] == "initial: " + want_target + " (in "
            "scene_target)",
            "%s: ompd threads shows LWP %s in the target region's initial "
            "task at level 0 (got %s)" % (where, tg["tid"], rows))

    out = g.cmd("ompd tasks")
    T.no_traceback(out, where + ": ompd tasks")
    blocks = re.split(r"^Thread ", out, flags=re.M)
    b = [x for x in blocks if x.startswith(tuple(
        "%d (LWP %s" % (n, tg["tid"]) for n in range(1, 64)))]
    rows = T.parse_table(b[0], "TASK") if b else []
    T.check(len(rows) == 3
            and rows[0]["KIND"] == "initial"
            and rows[0]["CODE"].startswith(want_target)
            and rows[0]["SCHEDULED-BY"] == "#1"
            and rows[1]["KIND"] == "implicit"
            and rows[1]["CODE"].startswith(want_region)
            and rows[2]["KIND"] == "initial"
            and rows[2]["CODE"] == "initial task",
            "%s: LWP %s's chain: the target region's task, scheduled by the "
            "encountering implicit task, then the initial task (got %s)"
            % (where, tg["tid"], rows))

    n = SC.gdb_threads(g).get(int(tg["tid"]))
    if T.check(n is not None, "%s: gdb knows LWP %s" % (where, tg["tid"])):
        out = g.cmd("ompd bt --thread %d" % n)
        T.no_traceback(out, where + ": ompd bt")
        lines = [l for l in out.split("\n") if l.startswith("#")]
        ti = [i for i, l in enumerate(lines) if want_target in l]
        ri = [i for i, l in enumerate(lines) if want_region in l]
        T.check(ti and ri and ti[0] < ri[0],
                "%s: ompd bt shows the target region's code above the "
                "parallel region's (got %s)" % (where, lines))
        o = g.cmd("print $_omp_level(%d)" % n)
        T.check(re.search(r"= 0$", o.strip()) is not None,
                "%s: $_omp_level in the target region is 0 (got %s)"
                % (where, o.strip()))


truth = os.path.join(d, "target.truth")
g, out = T.run_to_stop("target", truth)
T.check("[ompd] OMPD ready" in out, "live target: OMPD initialised")
check_target(g, T.read_truth(truth), "live")
g.quit()

core, truth = T.make_gcore("target", d)
g = T.open_core(core)
check_target(g, T.read_truth(truth), "core")
g.quit()
T.finish()
