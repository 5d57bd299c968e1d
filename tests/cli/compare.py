#!/usr/bin/python3
"""compare.py -- the same OpenMP view from both front ends: the JSON
documents of gdb's `ompd threads/parallel/tasks/bt --all --json' and of
`ompdbg threads/parallel/tasks/stacks --json' on one target, and both
against the ground truth the program reported (tests/gdb/scenes).

Usage: compare.py GDB-OUTPUT OMPDBG-DIR TRUTH
OMPDBG-DIR holds threads.json, parallel.json, tasks.json, stacks.json.
Thread numbers are compared through the LWPs they stand for (gdb's and
ompdbg's numbering need not agree).  Frames are compared as they are
written, the C library's by the name gdb gives them (glibc's internal
aliases, __GI_...).
Prints ok:/FAIL: lines; exit 1 when a check failed."""

import json
import re
import sys

from checks import ok, fail, finish


def docs_of(path):
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("{"):
                d = json.loads(line)
                out[d["command"]] = d
    return out


def lwp_map(threads_doc):
    return {t["id"]: t["lwp"] for t in threads_doc["threads"]}


def by_lwp(ids, v):
    return ids.get(v, ("?", v)) if v is not None else None


def norm_threads(doc):
    ids = lwp_map(doc)
    rows = {}
    for t in doc["threads"]:
        t = dict(t)
        del t["id"]
        rows[t["lwp"]] = t
    return ids, rows


def norm_regions(doc, ids):
    out = []
    for r in doc["regions"]:
        r = dict(r)
        r["members"] = [dict(m, id=by_lwp(ids, m["id"])) for m in r["members"]]
        out.append(r)
    return out


def norm_tasks(doc, ids):
    out = {}
    for t in doc["threads"]:
        tasks = [dict(k, on_thread=by_lwp(ids, k["on_thread"]))
                 for k in t["tasks"]]
        out[t["lwp"]] = (t["omp"], tasks)
    return out


def norm_stacks(doc):
    return {t["lwp"]: list(t["frames"]) for t in doc["threads"]}


def truth(path):
    out = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if w and w[0] in ("thread", "task", "region", "stop", "main",
                              "unstarted", "handler", "creating"):
                out.append((w[0], dict(x.split("=", 1) for x in w[1:]
                                       if "=" in x)))
    return out


def main(gdb_out, ompdbg_dir, truth_path):
    g = docs_of(gdb_out)
    o = {}
    for name in ("threads", "parallel", "tasks", "stacks"):
        o.update(docs_of("%s/%s.json" % (ompdbg_dir, name)))
    for a, b in (("ompd threads", "threads"), ("ompd parallel", "parallel"),
                 ("ompd tasks", "tasks"), ("ompd bt", "stacks")):
        if a not in g or b not in o:
            fail("documents of `%s' and `ompdbg %s' present" % (a, b))
            return
        for d in (g[a], o[b]):
            if "error" in d:
                fail("%s: %s" % (d["command"], d["error"]))
                return
    gids, gt = norm_threads(g["ompd threads"])
    oids, ot = norm_threads(o["threads"])
    if gt == ot:
        ok("threads: the same %d rows in both front ends" % len(gt))
    else:
        for lwp in sorted(set(gt) | set(ot)):
            if gt.get(lwp) != ot.get(lwp):
                fail("threads: LWP %s: gdb %s, ompdbg %s"
                     % (lwp, gt.get(lwp), ot.get(lwp)))
    gr = norm_regions(g["ompd parallel"], gids)
    orr = norm_regions(o["parallel"], oids)
    if gr == orr:
        ok("parallel: the same %d regions and members" % len(gr))
    else:
        fail("parallel: gdb %s, ompdbg %s" % (gr, orr))
    gk = norm_tasks(g["ompd tasks"], gids)
    ok_ = norm_tasks(o["tasks"], oids)
    if gk == ok_:
        ok("tasks: the same chains of %d threads" % len(gk))
    else:
        for lwp in sorted(set(gk) | set(ok_)):
            if gk.get(lwp) != ok_.get(lwp):
                fail("tasks: LWP %s: gdb %s, ompdbg %s"
                     % (lwp, gk.get(lwp), ok_.get(lwp)))
    gs = norm_stacks(g["ompd bt"])
    os_ = norm_stacks(o["stacks"])
    for lwp in sorted(set(gs) | set(os_)):
        if gs.get(lwp) == os_.get(lwp):
            ok("stacks: LWP %s: the same %d frames" % (lwp, len(gs[lwp])))
        else:
            fail("stacks: LWP %s: gdb %s, ompdbg %s"
                 % (lwp, gs.get(lwp), os_.get(lwp)))
    # Ground truth: each thread the program describes.
    n = 0
    tasks_at = {int(t["tid"]): t["line"] for kind, t in truth(truth_path)
                if kind == "task"}
    for kind, t in truth(truth_path):
        if kind != "thread":
            continue
        n += 1
        tid = int(t["tid"])
        row = ot.get(tid)
        if row is None:
            fail("truth: LWP %d is listed by ompdbg threads" % tid)
            continue
        want = (int(t["num"]), int(t["level"]))
        got = (row.get("omp"), row.get("level"))
        if got == want:
            ok("truth: LWP %d is OpenMP thread %d at level %d" % (tid,
                                                               *want))
        else:
            fail("truth: LWP %d: (omp, level) %s, the program says %s"
                 % (tid, got, want))
        task = row.get("task") or {}
        label = task.get("label", "") if isinstance(task, dict) else ""
        line = tasks_at.get(tid, t["line"]) \
            if task.get("kind") != "implicit" else t["line"]
        if task.get("kind") in ("implicit", "explicit") or tid in tasks_at:
            if re.search(r":%s\b" % line, label):
                ok("truth: LWP %d runs the code at line %s (%s)"
                   % (tid, line, label))
            else:
                fail("truth: LWP %d: task %r, the program says line %s"
                     % (tid, label, line))
        stack = os_.get(tid, [])
        if any("scenes.c" in f for f in stack) and \
                stack and stack[-1].startswith("main "):
            ok("truth: LWP %d's stack reaches main through the program's "
               "code" % tid)
        else:
            fail("truth: LWP %d's stack %s does not reach main" % (tid,
                                                                   stack))
    facts = truth(truth_path)
    for kind, t in facts:
        if kind == "unstarted":
            check_unstarted(t, ot, o["parallel"])
        elif kind == "handler":
            check_handler(t, os_)
        elif kind == "creating":
            check_creating(t, o["threads"], g["ompd threads"])
            n += 1
    if n == 0:
        fail("truth: the program described no thread")


def check_unstarted(t, rows, parallel):
    """A member that has not begun its implicit task (truth `unstarted'):
    its row and its place in its team say so."""
    tid = int(t["tid"])
    row = rows.get(tid) or {}
    want = (int(t["num"]), "assigned, not started")
    got = (row.get("omp"), row.get("wait"))
    if got == want:
        ok("truth: LWP %d is OpenMP thread %d, assigned, not started"
           % (tid, want[0]))
    else:
        fail("truth: LWP %d: (omp, wait) %s, the program says %s"
             % (tid, got, want))
    members = [m for r in parallel["regions"]
               if r.get("level") == int(t["level"])
               for m in r["members"] if m.get("lwp") == tid]
    if len(members) == 1 and members[0].get("unstarted") is True \
            and members[0].get("omp") == int(t["num"]):
        ok("truth: LWP %d is member %s of its level %s region, unstarted"
           % (tid, t["num"], t["level"]))
    else:
        fail("truth: LWP %d: members %s, the program says member %s of "
             "its level %s region, unstarted" % (tid, members, t["num"],
                                                  t["level"]))


def check_handler(t, stacks):
    """A thread in a signal handler (truth `handler tid=T fn=F'): its
    stack shows F, then the signal frame, then what it interrupted."""
    tid = int(t["tid"])
    stack = stacks.get(tid, [])
    at = [k for k, f in enumerate(stack) if f.startswith(t["fn"] + " ")]
    if at and at[0] + 1 < len(stack) and \
            stack[at[0] + 1] == "<signal handler called>":
        ok("truth: LWP %d runs %s, called for a signal" % (tid, t["fn"]))
    else:
        fail("truth: LWP %d: stack %s, the program says %s runs in a "
             "signal handler" % (tid, stack, t["fn"]))


def check_creating(t, ompdbg_threads, gdb_threads):
    """Threads being created (truth `creating count=N', the test's: the
    program was stopped inside pthread_create for a pool thread): rows
    without thread number or LWP, in both front ends."""
    want = int(t["count"])
    for name, rs in (("ompdbg", ompdbg_threads["threads"]),
                     ("gdb", gdb_threads["threads"])):
        made = [r for r in rs
                if r.get("wait") == "being created (no OS thread yet)"
                and r.get("id") is None and r.get("lwp") is None]
        if len(made) == want:
            ok("truth: %s lists %d thread(s) being created" % (name, want))
        else:
            fail("truth: %s lists %d thread(s) being created, not %d (%s)"
                 % (name, len(made), want, rs))


if __name__ == "__main__":
    main(*sys.argv[1:4])
    finish("compare")
