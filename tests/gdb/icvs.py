#!/usr/bin/python3
"""icvs.py -- `ompd icvs' (all, by scope, by name), `ompd env', the
convenience functions ($_omp_state_value, $_omp_region_id,
$_omp_task_function, $_omp_in_parallel, $_omp_max_threads) and `set ompd
stats on', live and on a gcore core.

Ground truth: scenes `nested' and `taskwait' run with OMP_* variables
set by this test; the program writes the OMP_* variables it sees (`env'
lines), the ICVs of the stopping thread through the OpenMP API (`icvs':
omp_get_max_threads, omp_get_dynamic, omp_get_thread_limit,
omp_get_max_active_levels -- which the nested scene changes to 2 after
start-up --, omp_get_schedule, ...) and each thread's number, level, team
size, omp_get_max_threads and an address in its construct's code."""

import os
import re
import subprocess

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()

# Dynamic adjustment gives no more threads than processors: with one, the
# scenes' teams of 2 would shrink and the scenes wait forever.
DYN = "true" if len(os.sched_getaffinity(0)) >= 2 else "false"
ENV = {
    "OMP_NUM_THREADS": "5,3",
    "OMP_SCHEDULE": "guided,7",
    "OMP_DYNAMIC": DYN,
    "OMP_THREAD_LIMIT": "64",
    "OMP_MAX_ACTIVE_LEVELS": "4",
    "OMP_CANCELLATION": "true",
    "OMP_MAX_TASK_PRIORITY": "5",
    "OMP_STACKSIZE": "2M",
}
SCHED = {1: "static", 2: "dynamic", 3: "guided", 4: "auto"}

# ompt_state_t of each wait the scenes report (omp-tools.h).
STATE_VALUES = {
    "none": (0x1,), "spin": (0x1,), "holder": (0x1,),
    "barrier": tuple(range(0x10, 0x17)),
    "lock": (0x41,), "critical": (0x42,), "taskwait": (0x20,),
}


def env_value(name, v):
    """VALUE as the runtime displays it (OMP_DISPLAY_ENV style)."""
    v = v.upper()
    if name == "OMP_STACKSIZE":
        m = re.match(r"(\d+)([BKMG]?)$", v)
        if m:
            mult = {"B": 1, "": 1024, "K": 1024, "M": 1 << 20,
                    "G": 1 << 30}[m.group(2)]
            return str(int(m.group(1)) * mult)
    return v


def icv_table(g, args, where):
    out = g.cmd("ompd icvs " + args)
    T.no_traceback(out, "%s: ompd icvs %s" % (where, args))
    return out, dict((r["ICV"], r) for r in T.parse_table(out, "ICV"))


def check_icvs(g, truth, where):
    icv = T.truth_of(truth, "icvs")[0]
    stop = icv["tid"]
    gm = SC.gdb_threads(g)
    g.cmd("thread %d" % gm[int(stop)])
    out, rows = icv_table(g, "", where)
    T.check(len(rows) >= 20, "%s: ompd icvs lists the ICVs (%d)"
            % (where, len(rows)))
    sched = "%s,%s" % (SCHED.get(int(icv["sched_kind"]) & 0x7fffffff, "?"),
                       icv["sched_chunk"])
    tf = {"0": "false", "1": "true"}
    want = {
        "nthreads-var": ("task", icv["max_threads"]),
        "dyn-var": ("task", tf[icv["dynamic"]]),
        "thread-limit-var": ("task", icv["thread_limit"]),
        "max-active-levels-var": ("task", icv["max_active_levels"]),
        "run-sched-var": ("task", sched),
        "cancel-var": ("address-space", tf[icv["cancellation"]]),
        "max-task-priority-var": ("address-space",
                                  icv["max_task_priority"]),
        "num-procs-var": ("address-space", icv["num_procs"]),
        "default-device-var": ("task", icv["default_device"]),
        "final-task-var": ("task", tf[icv["final"]]),
        "levels-var": ("parallel", icv["level"]),
        "active-levels-var": ("parallel", icv["active"]),
        "team-size-var": ("parallel", icv["size"]),
        "thread-num-var": ("thread", icv["num"]),
    }
    for name, (scope, value) in sorted(want.items()):
        r = rows.get(name)
        T.check(r is not None and r["SCOPE"] == scope and
                r["VALUE"] == value,
                "%s: %s is %s (%s scope) as the program says (got %s)"
                % (where, name, value, scope,
                   "%s %s" % (r["SCOPE"], r["VALUE"]) if r else None))
    # By scope: only that scope's ICVs, with the same values.
    for scope in ("thread", "parallel", "task", "address-space"):
        o, sr = icv_table(g, scope, where)
        scopes = set(r["SCOPE"] for r in sr.values())
        ok = {"task": ("task", "implicit-task"),
              "address-space": ("address-space", "global")}.get(
                  scope, (scope,))
        T.check(sr and scopes <= set(ok) and all(
            rows[n]["VALUE"] == r["VALUE"] for n, r in sr.items()),
            "%s: ompd icvs %s lists only %s ICVs, with the same values "
            "(%d, scopes %s)" % (where, scope, scope, len(sr),
                                 ",".join(sorted(scopes))))
        mine = [n for n, (sc, v) in want.items() if sc == scope]
        T.check(all(n in sr for n in mine), "%s: ompd icvs %s has %s"
                % (where, scope, ", ".join(sorted(mine))))
    # By name, and scope plus name.
    o, sr = icv_table(g, "nthreads-var team-size-var", where)
    T.check(sorted(sr) == ["nthreads-var", "team-size-var"] and
            sr["nthreads-var"]["VALUE"] == icv["max_threads"] and
            sr["team-size-var"]["VALUE"] == icv["size"],
            "%s: ompd icvs NAME NAME gives those two, right" % where)
    o, sr = icv_table(g, "parallel levels-var", where)
    T.check(list(sr) == ["levels-var"] and
            sr["levels-var"]["VALUE"] == icv["level"],
            "%s: ompd icvs parallel levels-var is %s" % (where, icv["level"]))
    o = g.cmd("ompd icvs parallel nthreads-var")
    T.check("nthreads-var is a task ICV, not parallel" in o,
            "%s: a name outside the scope asked is explained" % where)
    o = g.cmd("ompd icvs no-such-var")
    T.check("has no ICV `no-such-var'" in o and "Traceback" not in o,
            "%s: an unknown ICV name is an error" % where)
    # Each thread's own thread-scope and parallel-scope ICVs.
    for t in T.truth_of(truth, "thread"):
        g.cmd("thread %d" % gm[int(t["tid"])])
        o, sr = icv_table(g, "thread-num-var levels-var active-levels-var "
                          "team-size-var nthreads-var", where)
        got = dict((n, r["VALUE"]) for n, r in sr.items())
        T.check(got == {"thread-num-var": t["num"], "levels-var": t["level"],
                        "active-levels-var": t["active"],
                        "team-size-var": t["size"],
                        "nthreads-var": t["max"]},
                "%s: the ICVs of LWP %s are its num %s, level %s, active %s, "
                "size %s, max threads %s (got %s)"
                % (where, t["tid"], t["num"], t["level"], t["active"],
                   t["size"], t["max"], got))


def check_env(g, truth, where):
    out = g.cmd("ompd env")
    T.no_traceback(out, where + ": ompd env")
    shown = {}
    for l in out.split("\n"):
        if "=" in l:
            k, v = l.split("=", 1)
            shown[k.strip()] = v.strip()
    env = dict(kv for d in T.truth_of(truth, "env") for kv in d.items())
    T.check(sorted(env) == sorted(ENV),
            "%s: the program ran with the OMP_* variables the test set (%s)"
            % (where, ", ".join(sorted(env))))
    for k, v in sorted(env.items()):
        T.check(shown.get(k) == env_value(k, v),
                "%s: ompd env shows %s=%s (got %s)"
                % (where, k, env_value(k, v), shown.get(k)))
    icv = T.truth_of(truth, "icvs")[0]
    T.check(shown.get("_OPENMP") == icv["openmp"],
            "%s: ompd env shows _OPENMP=%s" % (where, icv["openmp"]))


def region_members(g, where):
    """Region id -> (level, entry line, {thread number: gdb thread})
    from `ompd parallel --members'."""
    out = g.cmd("ompd parallel --members")
    T.no_traceback(out, where + ": ompd parallel --members")
    regs = {}
    cur = None
    for l in out.split("\n"):
        m = re.match(r"\s*#(\d+)\s+(\d+)\s+\d+\s+\d+\s+.*scenes\.c:(\d+)", l)
        if m:
            cur = m.group(1)
            regs[cur] = (m.group(2), m.group(3), {})
            continue
        m = re.match(r"\s+members: (.*)", l)
        if m and cur:
            for p in m.group(1).split(", "):
                mm = re.match(r"(\d+): thread (\d+)", p)
                if mm:
                    regs[cur][2][mm.group(1)] = int(mm.group(2))
    return regs


def elf_functions():
    """[(start, size, name)] of the scene program's functions, from its
    ELF symbol table (nm), link-time addresses."""
    out = subprocess.run(["nm", "-S", "--defined-only", T.SCENES],
                         capture_output=True, text=True, check=True).stdout
    fns = []
    for l in out.split("\n"):
        p = l.split()
        if len(p) == 4 and p[2] in "tT":
            fns.append((int(p[0], 16), int(p[1], 16), p[3]))
    return fns


def elf_symbol(name):
    out = subprocess.run(["nm", "--defined-only", T.SCENES],
                         capture_output=True, text=True, check=True).stdout
    for l in out.split("\n"):
        p = l.split()
        if len(p) == 3 and p[2] == name:
            return int(p[0], 16)
    return None


def function_at(truth, addr):
    """(start, name) of the scene's function holding run-time ADDR: the
    load bias is where the program says scene_scratch is, less its
    link-time address."""
    sym = [s for s in T.truth_of(truth, "symbol")
           if s["name"] == "scene_scratch"][0]
    bias = int(sym["addr"], 16) - elf_symbol("scene_scratch")
    for start, size, name in elf_functions():
        if start <= addr - bias < start + size:
            return start + bias, name
    return None, None


def check_functions(g, truth, where):
    gm = SC.gdb_threads(g)
    regs = region_members(g, where)
    for t in T.truth_of(truth, "thread"):
        n = gm[int(t["tid"])]
        tag = "%s: LWP %s (thread %d)" % (where, t["tid"], n)

        def val(fn):
            o = g.cmd("print/d $%s(%d)" % (fn, n))
            m = re.search(r"= (-?\d+)$", o.strip())
            return int(m.group(1)) if m else None
        sv = val("_omp_state_value")
        T.check(sv in STATE_VALUES[t.get("wait", "none")],
                "%s: $_omp_state_value is a %s state (got %s)"
                % (tag, t.get("wait", "none"), sv))
        T.check(val("_omp_in_parallel") == (1 if int(t["active"]) else 0),
                "%s: $_omp_in_parallel is %d" % (tag, 1 if int(t["active"])
                                                   else 0))
        T.check(val("_omp_max_threads") == int(t["max"]),
                "%s: $_omp_max_threads is %s" % (tag, t["max"]))
        # The region: of the thread's level, its construct's line (of the
        # enclosing region's when the thread runs a task), the thread is
        # its member number `num'.
        lines = [x["line"] for x in T.truth_of(truth, "region")
                 if x["level"] == t["level"]]
        line = t["line"] if t["line"] in lines else lines[0]
        rid = val("_omp_region_id")
        r = regs.get(str(rid))
        T.check(r is not None and r[0] == t["level"] and r[1] == line
                and r[2].get(t["num"]) == n,
                "%s: $_omp_region_id %s is the level-%s region of "
                "scenes.c:%s whose thread %s it is (got %s)"
                % (tag, rid, t["level"], line, t["num"], r))
        # The current task's code is the function the thread called me()
        # from (the truth's return address).
        start, name = function_at(truth, int(t["ra"], 16))
        o = g.cmd("print/x (unsigned long) $_omp_task_function(%d)" % n)
        m = re.search(r"= (0x[0-9a-f]+)$", o.strip())
        got = int(m.group(1), 16) if m else None
        T.check(name is not None and "._omp_fn." in name and got == start,
                "%s: $_omp_task_function is 0x%x, the start of %s (got %s)"
                % (tag, start or 0, name, m and m.group(1)))


def check_stats(g, where):
    g.cmd("python from ompdbg_gdb.cache import cache; cache.invalidate()")
    g.cmd("set ompd stats on")
    out = g.cmd("ompd threads")
    m = re.search(r"^\[ompd stats\] ompd threads: ([0-9.]+) s, (\d+) libompd "
                  r"calls, (\d+) libompd reads, (\d+) memory requests, (\d+) "
                  r"target reads \((\d+) bytes\), (\d+) symbol lookups$", out,
                  flags=re.M)
    if T.check(m is not None, "%s: set ompd stats on reports the command's "
               "time and counts" % where):
        calls, lreads, reqs, treads = (int(m.group(i)) for i in (2, 3, 4, 5))
        T.check(calls > 0 and lreads > 0 and treads > 0,
                "%s: a cold ompd threads makes libompd calls (%d), libompd "
                "reads (%d) and target reads (%d)"
                % (where, calls, lreads, treads))
        T.check(lreads <= reqs and treads <= reqs,
                "%s: libompd's reads and the target reads are among the "
                "memory requests" % where)
    out = g.cmd("ompd parallel")
    T.check("[ompd stats] ompd parallel:" in out,
            "%s: stats for every ompd command" % where)
    g.cmd("set ompd stats off")
    out = g.cmd("ompd threads")
    T.check("[ompd stats]" not in out, "%s: set ompd stats off: no stats"
            % where)
    out = g.cmd("show ompd stats")
    T.check("off" in out, "%s: show ompd stats" % where)


def session_checks(g, truth, where, scene):
    if scene == "nested":
        check_icvs(g, truth, where)
        check_env(g, truth, where)
    check_functions(g, truth, where)


for scene in ("nested", "taskwait"):
    truth = os.path.join(d, scene + ".truth")
    env = dict(ENV) if scene == "nested" else {}
    g, out = T.run_to_stop(scene, truth, env_extra=env)
    T.check("[ompd] OMPD ready" in out, "live %s: OMPD initialised" % scene)
    tr = T.read_truth(truth)
    session_checks(g, tr, "live " + scene, scene)
    if scene == "nested":
        check_stats(g, "live")
    core = os.path.join(d, scene + ".core")
    g.cmd("gcore " + core, timeout=120)
    g.quit()
    g = T.open_core(core)
    T.check("[ompd] OMPD ready" in g.startup, "core %s: OMPD initialised"
            % scene)
    session_checks(g, tr, "core " + scene, scene)
    if scene == "nested":
        check_stats(g, "core")
    g.quit()
    os.unlink(core)
T.finish()
