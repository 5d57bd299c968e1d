"""scenecheck.py -- the checks of a stopped scene (tests/gdb/scenes.c)
against the ground truth it wrote, the same live, attached and on cores:
`ompd threads', `ompd parallel', `ompd tasks', `ompd info'."""

import re

import gdbtest as T

STATE_FOR_WAIT = {
    "none": "work_parallel",
    "spin": "work_parallel",
    "holder": "work_parallel",
    "barrier": "wait_barrier",
    "lock": "wait_lock",
    "critical": "wait_critical",
    "taskwait": "wait_taskwait",
}


def gdb_threads(g):
    """LWP -> gdb thread number, from gdb's Python API (the test may look;
    the plugin never parses `info threads' either)."""
    out = g.cmd('python print("GT", " ".join("%d:%d" % (t.num, t.ptid[1]) '
                'for t in gdb.selected_inferior().threads()))')
    m = {}
    for l in out.split("\n"):
        if l.startswith("GT "):
            for p in l.split()[1:]:
                n, lwp = p.split(":")
                m[int(lwp)] = int(n)
    return m


def check_threads(g, scene, truth, where, states=True):
    tag = "%s %s" % (where, scene)
    out = g.cmd("ompd threads")
    T.no_traceback(out, tag + ": ompd threads")
    rows = T.parse_table(out, "GDB")
    T.check(len(rows) > 0, tag + ": ompd threads lists OpenMP threads")
    by_lwp = dict((r.get("LWP"), r) for r in rows)
    gmap = gdb_threads(g)
    threads = T.truth_of(truth, "thread")
    T.check(len(threads) > 0, tag + ": the scene wrote its threads")
    for t in threads:
        tid = t["tid"]
        r = by_lwp.get(tid)
        if not T.check(r is not None, "%s: LWP %s is listed" % (tag, tid)):
            continue
        T.check(r["GDB"] == str(gmap.get(int(tid))),
                "%s: LWP %s is gdb thread %s (got %s)"
                % (tag, tid, gmap.get(int(tid)), r["GDB"]))
        T.check(r["OMP"] == t["num"], "%s: LWP %s has OpenMP thread number "
                "%s (got %s)" % (tag, tid, t["num"], r["OMP"]))
        lv = re.search(r"L(\d+)", r["REGION"])
        T.check(lv is not None and lv.group(1) == t["level"],
                "%s: LWP %s is at level %s (got %s)"
                % (tag, tid, t["level"], r["REGION"]))
        T.check("scenes.c:%s" % t["line"] in r["TASK"],
                "%s: LWP %s runs the code of scenes.c:%s (got %s)"
                % (tag, tid, t["line"], r["TASK"]))
        w = t.get("wait", "none")
        if states and w in STATE_FOR_WAIT:
            T.check(r["STATE"].startswith(STATE_FOR_WAIT[w]),
                    "%s: LWP %s is in state %s* (got %s)"
                    % (tag, tid, STATE_FOR_WAIT[w], r["STATE"]))
        if states and w == "lock":
            sym = [d for d in T.truth_of(truth, "symbol")
                   if d["name"] == "scene_lock"][0]
            T.check(("0x%x" % int(sym["addr"], 16)) in r["WAIT"] and
                    "scene_lock" in r["WAIT"],
                    "%s: LWP %s waits for lock %s <scene_lock> (got %s)"
                    % (tag, tid, sym["addr"], r["WAIT"]))
        if states and w == "critical":
            T.check("critical (scene_crit)" in r["WAIT"],
                    "%s: LWP %s waits for critical (scene_crit) (got %s)"
                    % (tag, tid, r["WAIT"]))
        if states and w == "barrier":
            T.check(r["WAIT"].startswith("barrier of region #"),
                    "%s: LWP %s waits at its region's barrier (got %s)"
                    % (tag, tid, r["WAIT"]))
    return rows


def check_parallel(g, scene, truth, where):
    tag = "%s %s" % (where, scene)
    out = g.cmd("ompd parallel --members")
    T.no_traceback(out, tag + ": ompd parallel")
    rows = [r for r in T.parse_table(out, "REGION")
            if r["REGION"].lstrip().startswith("#")]
    regions = T.truth_of(truth, "region")
    active = [r for r in rows if r["LEVEL"] != "0"]
    T.check(len(active) == len(regions),
            "%s: %d parallel regions below the initial one (got %d)"
            % (tag, len(regions), len(active)))
    for reg in regions:
        match = [r for r in active if r["LEVEL"] == reg["level"]
                 and r["SIZE"] == reg["size"]
                 and "scenes.c:%s" % reg["line"] in r["ENTRY"]
                 and r["ENTRY"].startswith("#pragma omp parallel")]
        T.check(len(match) >= 1, "%s: a level-%s region of %s threads runs "
                "#pragma omp parallel at scenes.c:%s"
                % (tag, reg["level"], reg["size"], reg["line"]))
    # Nesting: a level-L region is indented one step more than level L-1.
    drawn = re.findall(r"^( *)(#\d+) +(\d+) ", out, flags=re.M)
    T.check(len(drawn) == len(rows), "%s: %d region rows" % (tag, len(rows)))
    for indent, rid, level in drawn:
        depth = len(indent) // 2
        T.check(str(depth) == level,
                "%s: region %s at level %s is drawn at depth %d"
                % (tag, rid, level, depth))
    members = re.findall(r"members: (.*)", out)
    nmem = sum(len(m.split(", ")) for m in members)
    T.check(nmem == sum(int(r["size"]) for r in regions),
            "%s: every team member is listed (%d)" % (tag, nmem))
    return rows


def check_tasks(g, scene, truth, where):
    tag = "%s %s" % (where, scene)
    out = g.cmd("ompd tasks")
    T.no_traceback(out, tag + ": ompd tasks")
    gmap = gdb_threads(g)
    out = re.split(r"^(?:Deferred tasks|No deferred tasks)", out,
                   flags=re.M)[0]
    blocks = re.split(r"^Thread ", out, flags=re.M)[1:]
    chains = {}
    for b in blocks:
        m = re.match(r"(\d+) \(LWP (\d+)", b)
        if m:
            chains[m.group(2)] = b
    for t in T.truth_of(truth, "thread"):
        b = chains.get(t["tid"])
        if not T.check(b is not None, "%s: a task chain for LWP %s"
                       % (tag, t["tid"])):
            continue
        rows = T.parse_table(b, "TASK")
        T.check(rows and "scenes.c:%s" % t["line"] in rows[0]["CODE"],
                "%s: LWP %s's current task runs scenes.c:%s"
                % (tag, t["tid"], t["line"]))
        T.check(rows and rows[-1]["KIND"] == "initial",
                "%s: LWP %s's chain ends at the initial task (got %s)"
                % (tag, t["tid"], rows[-1]["KIND"] if rows else None))
        nimpl = len([r for r in rows if r["KIND"] == "implicit"])
        T.check(str(nimpl) == t["level"],
                "%s: LWP %s's chain has one implicit task per level (%s, "
                "got %d)" % (tag, t["tid"], t["level"], nimpl))
    for tk in T.truth_of(truth, "task"):
        b = chains.get(tk["tid"])
        rows = T.parse_table(b or "", "TASK")
        T.check(rows and rows[0]["KIND"].startswith("explicit") and
                rows[0]["CODE"].startswith("#pragma omp task at scenes.c:%s"
                                           % tk["line"]),
                "%s: LWP %s runs the explicit task of scenes.c:%s"
                % (tag, tk["tid"], tk["line"]))


def check_deferred(g, scene, truth, where):
    """The tasks not started yet (ompdbg extension): each one the scene
    created, its state, its code's line, its depend clause."""
    tag = "%s %s" % (where, scene)
    want = T.truth_of(truth, "deferred")
    if not want:
        return
    out = g.cmd("ompd tasks")
    i = out.find("Deferred tasks")
    T.check(i >= 0, tag + ": ompd tasks lists deferred tasks")
    rows = T.parse_table(out[i:], "TASK")
    T.check(len(rows) <= len(want) and len(rows) >= len(
        [w for w in want if w["state"] != "any"]),
        "%s: at most %d deferred tasks (got %d)" % (tag, len(want), len(rows)))
    sym = dict((d["name"], d) for d in T.truth_of(truth, "symbol"))
    for w in want:
        # GCC gives an outlined task body the line of its pragma, or of its
        # statement when that is a single statement.
        lines = (int(w["line"]), int(w["line"]) + 1)
        r = [r for r in rows if any("#pragma omp task at scenes.c:%d " % l
                                    in r["CODE"] + " " for l in lines)]
        if w["state"] == "any":
            # Queued, or already taken by a thread: then not listed.
            T.check(len(r) <= 1 and (not r or r[0]["STATE"] == "queued"),
                    "%s: the task of scenes.c:%s is queued or running"
                    % (tag, w["line"]))
            continue
        if not T.check(len(r) == 1, "%s: the deferred task of scenes.c:%s is "
                       "listed" % (tag, w["line"])):
            continue
        r = r[0]
        st = {"waiting": "waiting for dependences", "queued": "queued"}
        T.check(r["STATE"] == st[w["state"]], "%s: it is %s (got %s)"
                % (tag, st[w["state"]], r["STATE"]))
        if w.get("deps") == "in":
            a = int(sym["dep_x"]["addr"], 16)
            T.check(r["DEPENDENCES"].startswith("in:0x%x <dep_x>" % a) and
                    "1 pending" in r["DEPENDENCES"],
                    "%s: it depends on in:&dep_x with 1 predecessor pending "
                    "(got %s)" % (tag, r["DEPENDENCES"]))
        else:
            T.check(r["DEPENDENCES"] == "-", "%s: no dependences (got %s)"
                    % (tag, r["DEPENDENCES"]))


def check_info(g, where, core=False):
    out = g.cmd("ompd info")
    T.no_traceback(out, where + ": ompd info")
    T.check(re.search(r"libompd:\s+\S*libompd\.so", out) is not None,
            where + ": ompd info names the libompd")
    T.check(re.search(r"OMPD API version:\s+20", out) is not None,
            where + ": ompd info gives the API version")
    if core:
        T.check("core file" in out, where + ": ompd info says core file")


def check_scene(g, scene, truth, where, states=True):
    check_threads(g, scene, truth, where, states)
    check_parallel(g, scene, truth, where)
    check_tasks(g, scene, truth, where)
    check_deferred(g, scene, truth, where)
