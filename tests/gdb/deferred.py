#!/usr/bin/python3
"""deferred.py -- `ompd tasks' on many deferred tasks (scenes.c,
deferredN: one task B, 7/10 of N waiting for it, the rest queued, made by
thread 0 while thread 1 is held), checked against the counts, lines and
dependences the program wrote:

  - deferred100000, live and from a gcore core: more than 65,536 tasks
    behind one predecessor; the summary gives one entry per state, code
    and dependence with the program's counts; --limit 5 lists the first
    five; on the core, --all lists all 100,000.
    The summary's wall time is printed and held to a sanity bound,
    OMPDBG_DEFERRED_LIMIT seconds (default 30: `make check' runs tests
    side by side; bench/gdb-tasks.sh measures it);
  - deferred200: a summary; --all lists each task, --limit 1000 too;
  - deferred100: as many as `ompd tasks' lists one by one (100);
  - wrong options are refused with a message."""

import os
import re

import gdbtest as T
import scenecheck as SC

T.require_libompd()
LIMIT = float(os.environ.get("OMPDBG_DEFERRED_LIMIT", "30"))
d = T.tmpdir()

TIMED = r'''python
import time
from ompdbg_gdb.cache import cache
cache.invalidate()
t0 = time.monotonic()
s = gdb.execute("ompd tasks", to_string=True)
print(s)
print("TIME %.4f" % (time.monotonic() - t0))
end'''


def code_of(line):
    # GCC gives an outlined task body the line of its pragma, or of its
    # statement when that is a single statement.
    return ["#pragma omp task at scenes.c:%d " % l
            for l in (int(line), int(line) + 1)]


def has_code(text, line):
    return any(c in text + " " for c in code_of(line))


def summary_groups(out):
    """[(count, state, code, dependences)] of the summary in OUT."""
    lines = out.split("\n")
    groups = []
    for i, l in enumerate(lines):
        m = re.match(r"^  +(\d+)  (\S+) +(\S.*)$", l)
        if m and i + 1 < len(lines):
            groups.append((int(m.group(1)), m.group(2), m.group(3),
                           lines[i + 1].strip()))
    return groups


def check_summary(g, scene, truth, where, timed=False):
    tag = "%s %s" % (where, scene)
    total = int(T.truth_of(truth, "deferred_total")[0]["count"])
    want = T.truth_of(truth, "deferred_group")
    sym = dict((x["name"], int(x["addr"], 16))
               for x in T.truth_of(truth, "symbol"))
    if timed:
        out = g.cmd(TIMED, timeout=600)
        m = re.search(r"TIME ([0-9.]+)", out)
        if T.check(m is not None, tag + ": timed ompd tasks ran"):
            t = float(m.group(1))
            T.log("%s: ompd tasks with %d deferred tasks: %.3f s"
                  % (tag, total, t))
            T.check(t <= LIMIT, "%s: ompd tasks took %.3f s (limit %.0f)"
                    % (tag, t, LIMIT))
    else:
        out = g.cmd("ompd tasks", timeout=600)
    T.no_traceback(out, tag + ": ompd tasks")
    T.check(("Deferred tasks (not started): %d, in %d groups"
             % (total, len(want))) in out,
            "%s: a summary of %d tasks in %d groups" % (tag, total,
                                                        len(want)))
    T.check(all(len(l) <= 80 for l in out[out.find("Deferred"):].split("\n")),
            tag + ": the summary keeps within 80 columns")
    groups = summary_groups(out[out.find("Deferred"):])
    T.check(sum(x[0] for x in groups) == total and len(groups) == len(want),
            "%s: %d groups of %d tasks in all (got %s)"
            % (tag, len(want), total, [x[:2] for x in groups]))
    for w in want:
        r = [x for x in groups if has_code(x[2], w["line"])
             and x[1] == w["state"]]
        if not T.check(len(r) == 1, "%s: one entry for the %s tasks of "
                       "scenes.c:%s" % (tag, w["state"], w["line"])):
            continue
        count, state, code, deps = r[0]
        T.check(count == int(w["count"]), "%s: %s tasks of scenes.c:%s "
                "(got %d)" % (tag, w["count"], w["line"], count))
        if int(w["count"]) == 1 or w["sym"] == "dep_y":
            dep = "%s:0x%x <%s>" % (w["dep"], sym[w["sym"]], w["sym"])
        else:
            dep = "%s: %s addresses in %s" % (w["dep"], w["count"], w["sym"])
        if w["pending"] != "0":
            dep += " (%s pending)" % w["pending"]
        T.check(deps == dep, "%s: their dependences: %s (got %s)"
                % (tag, dep, deps))
    return out


def creator_label(g, truth, scene):
    gmap = SC.gdb_threads(g)
    reg = T.truth_of(truth, "region")[0]
    cr = T.truth_of(truth, "deferred_group")[0]["creator"]
    return "#pragma omp parallel at scenes.c:%s (in scene_deferred) on " \
        "thread %s" % (reg["line"], gmap.get(int(cr)))


def check_rows(rows, truth, creator, tag):
    """Each listed task is one the program made, with its state and
    creator; the number per construct at most the program's."""
    want = T.truth_of(truth, "deferred_group")
    words = {"waiting": "waiting for dependences", "queued": "queued"}
    per = {}
    bad = []
    for r in rows:
        w = [x for x in want if has_code(r.get("CODE", ""), x["line"])]
        if len(w) != 1 or r.get("STATE") != words[w[0]["state"]] or \
                r.get("CREATED-BY") != creator:
            bad.append(r)
            continue
        per[w[0]["line"]] = per.get(w[0]["line"], 0) + 1
    T.check(not bad, "%s: every row is a task the program made, in its "
            "state, created by %s (wrong: %s)" % (tag, creator, bad[:3]))
    return per


def check_limit(g, truth, where):
    tag = where + " deferred100000"
    total = int(T.truth_of(truth, "deferred_total")[0]["count"])
    out = g.cmd("ompd tasks --limit 5", timeout=600)
    T.no_traceback(out, tag + ": ompd tasks --limit 5")
    i = out.find("Deferred tasks")
    T.check(out[i:].startswith("Deferred tasks (not started): %d, the "
                               "first 5 (`--all' lists every one):\n"
                               % total),
            tag + ": --limit 5 says it lists 5 of them")
    rows = T.parse_table(out[i:], "TASK")
    T.check([r["TASK"] for r in rows] == ["d%d" % k for k in range(5)],
            "%s: --limit 5 lists d0 to d4 (got %s)"
            % (tag, [r["TASK"] for r in rows]))
    check_rows(rows, truth, creator_label(g, truth, "deferred100000"), tag)


def check_all(g, truth, where, scene, arg="--all"):
    """ARG lists every deferred task, one row each."""
    tag = "%s %s" % (where, scene)
    total = int(T.truth_of(truth, "deferred_total")[0]["count"])
    out = g.cmd("ompd tasks " + arg, timeout=900)
    T.no_traceback(out, "%s: ompd tasks %s" % (tag, arg))
    i = out.find("Deferred tasks")
    T.check(out[i:].startswith("Deferred tasks (not started):\n"),
            "%s: %s lists them" % (tag, arg))
    rows = T.parse_table(out[i:], "TASK")
    T.check(len(rows) == total and [r["TASK"] for r in rows] ==
            ["d%d" % k for k in range(total)],
            "%s: %s lists d0 .. d%d (got %d rows)"
            % (tag, arg, total - 1, len(rows)))
    per = check_rows(rows, truth, creator_label(g, truth, scene), tag)
    for w in T.truth_of(truth, "deferred_group"):
        T.check(per.get(w["line"], 0) == int(w["count"]),
                "%s: %s lists %s tasks of scenes.c:%s (got %d)"
                % (tag, arg, w["count"], w["line"], per.get(w["line"], 0)))


def check_refused(g, where):
    for args, words in (("--all --limit 3", "exclude each other"),
                        ("--no-deferred --all", "--no-deferred"),
                        ("--thread 1 --limit 3", "--thread"),
                        ("--limit", "needs a number"),
                        ("--limit x", "must be a number"),
                        ("--limit -1", "0 or more")):
        out = g.cmd("ompd tasks " + args)
        T.no_traceback(out, "%s: ompd tasks %s" % (where, args))
        T.check(out.startswith("ompd: ") and words in out and
                "Deferred" not in out and "Thread" not in out,
                "%s: ompd tasks %s is refused (%s): %s"
                % (where, args, words, out.strip()))


# deferred100000: live, then from a core of that stop.
scene = "deferred100000"
truth_path = os.path.join(d, scene + ".truth")
g, out = T.run_to_stop(scene, truth_path)
truth = T.read_truth(truth_path)
T.check(int(T.truth_of(truth, "deferred_total")[0]["count"]) > 65536,
        "the scene has more than 65,536 deferred tasks")
check_summary(g, scene, truth, "live", timed=True)
check_limit(g, truth, "live")
check_refused(g, "live")
core = os.path.join(d, scene + ".core")
g.cmd("gcore " + core, timeout=600)
g.quit()
g = T.open_core(core)
check_summary(g, scene, truth, "core", timed=True)
check_limit(g, truth, "core")
check_all(g, truth, "core", scene)
g.quit()
os.unlink(core)

# deferred200: a summary, and every task with --all or a large --limit.
scene = "deferred200"
truth_path = os.path.join(d, scene + ".truth")
g, out = T.run_to_stop(scene, truth_path)
truth = T.read_truth(truth_path)
check_summary(g, scene, truth, "live")
check_all(g, truth, "live", scene)
check_all(g, truth, "live", scene, "--limit 1000")
g.quit()

# deferred100: no more than `ompd tasks' lists one by one.
scene = "deferred100"
truth_path = os.path.join(d, scene + ".truth")
g, out = T.run_to_stop(scene, truth_path)
truth = T.read_truth(truth_path)
check_all(g, truth, "live", scene, "")
g.quit()
T.finish()
