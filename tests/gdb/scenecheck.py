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
        if rows:
            reg = T.truth_of(truth, "region")[0]
            check_task_links(tag, tk, rows, gmap, scene, reg["line"])
        check_one_thread(g, tag, tk, b or "", gmap)


def check_task_links(tag, tk, rows, gmap, scene, region_line):
    """The explicit task TK (truth) at the top of its thread's chain ROWS:
    scheduled by its own thread's implicit task (it took the task up in a
    taskwait or a barrier), created by the creator's implicit task -- on
    another thread when the scene says so."""
    who = "%s: LWP %s's task" % (tag, tk["tid"])
    T.check(len(rows) > 1 and rows[0].get("SCHEDULED-BY") == "#1" and
            rows[1]["KIND"] == "implicit",
            "%s is scheduled by the thread's implicit task #1 (got %s)"
            % (who, rows[0].get("SCHEDULED-BY")))
    for r in rows[1:]:
        T.check(r.get("SCHEDULED-BY") == "-",
                "%s: the %s task %s has no scheduling task (got %s)"
                % (who, r["KIND"], r["TASK"], r.get("SCHEDULED-BY")))
    if "creator" not in tk:
        return
    got = rows[0].get("CREATED-BY")
    if tk["creator"] == tk["tid"]:
        T.check(got == "#1", "%s was created by its thread's implicit task "
                "#1 (got %s)" % (who, got))
    else:
        # The creator's implicit task: its region's code and its thread.
        want = "#pragma omp parallel at scenes.c:%s (in scene_%s) on " \
            "thread %s" % (region_line, scene, gmap.get(int(tk["creator"])))
        T.check(got == want, "%s was created by the implicit task of LWP %s: "
                "%s (got %s)" % (who, tk["creator"], want, got))
        T.check(got != rows[0].get("SCHEDULED-BY"),
                "%s: scheduling and generating task differ" % who)


def check_one_thread(g, tag, tk, block, gmap):
    """`ompd tasks --thread N', `--current' and `--frames' for the thread
    of the explicit task TK: the same chain as in the full listing, and
    frame addresses that bracket the task's own frame."""
    n = gmap.get(int(tk["tid"]))
    full = T.parse_table(block, "TASK")
    out = g.cmd("ompd tasks --thread %s" % n)
    T.no_traceback(out, tag + ": ompd tasks --thread")
    T.check(out.count("Thread ") == 1 and "Deferred" not in out,
            "%s: ompd tasks --thread %s shows that thread only" % (tag, n))
    T.check(T.parse_table(out, "TASK") == full,
            "%s: ompd tasks --thread %s gives the chain of the full listing"
            % (tag, n))
    g.cmd("thread %s" % n)
    out = g.cmd("ompd tasks --current")
    T.check(out.startswith("Thread %s (LWP %s" % (n, tk["tid"])) and
            T.parse_table(out, "TASK") == full,
            "%s: ompd tasks --current in thread %s gives its chain"
            % (tag, n))
    out = g.cmd("ompd tasks --frames --thread %s" % n)
    rows = T.parse_table(out, "TASK")
    m = re.match(r"exit=(0x[0-9a-f]+|0) enter=(0x[0-9a-f]+|0)$",
                 rows[0].get("FRAMES", "") if rows else "")
    if not T.check(m is not None, "%s: --frames gives the task's exit and "
                   "enter frames (got %s)" % (tag, rows[0].get("FRAMES")
                                               if rows else None)):
        return
    ex, en = int(m.group(1), 16), int(m.group(2), 16)
    fr = int(tk["frame"], 16)
    # The exit frame is the runtime's frame that called the task's code:
    # just above (the stack grows down) the frame of the task's function.
    T.check(fr < ex <= fr + 0x1000,
            "%s: the task's exit frame 0x%x is just above its function's "
            "frame %s" % (tag, ex, tk["frame"]))
    T.check(en == 0, "%s: the running task has not entered the runtime "
            "(enter=0, got 0x%x)" % (tag, en))
    T.check([dict((k, v) for k, v in r.items() if k != "FRAMES")
             for r in rows] == full,
            "%s: --frames adds a column only" % tag)


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
    gmap = gdb_threads(g)
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
        if "creator" in w:
            reg = T.truth_of(truth, "region")[0]
            cr = "#pragma omp parallel at scenes.c:%s (in scene_%s) on " \
                "thread %s" % (reg["line"], scene, gmap.get(int(w["creator"])))
            T.check(r["CREATED-BY"] == cr, "%s: it was created by the "
                    "implicit task of LWP %s: %s (got %s)"
                    % (tag, w["creator"], cr, r["CREATED-BY"]))
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


def check_scene(g, scene, truth, where, states=True, deferred=True):
    """Every check of a stopped scene; DEFERRED False: the deferred tasks
    cannot be listed (standard OMPD only)."""
    check_threads(g, scene, truth, where, states)
    check_parallel(g, scene, truth, where)
    check_tasks(g, scene, truth, where)
    if deferred:
        check_deferred(g, scene, truth, where)
