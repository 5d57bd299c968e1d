#!/usr/bin/python3
"""check-deferred.py -- the deferred tasks of `ompdbg tasks' against the
program's own account of them (tests/gdb/scenes: deps, deferredN) and
against gdb's `ompd tasks' on the same target.

Usage: check-deferred.py SCENE TRUTH DIR
DIR holds, for each VARIANT (default, limit5, all, nodef), ompdbg-VARIANT
(the output of `ompdbg tasks ...') and gdb-VARIANT (of `ompd tasks ...').
`thread N' in either is read as the LWP the tool's own `Thread N (LWP
L' header gives it (the two tools need not number threads alike).
Prints ok:/FAIL: lines; exit 1 when a check failed or none ran."""

import os
import re
import sys

from checks import ok, fail, finish


def check(cond, what):
    (ok if cond else fail)(what)
    return cond


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def truth(path):
    out = []
    for line in read(path).split("\n"):
        w = line.split()
        if w:
            out.append((w[0], dict(x.split("=", 1) for x in w[1:]
                                   if "=" in x)))
    return out


def lwps(text):
    """gdb's or ompdbg's thread number -> LWP, from its headers."""
    return {m.group(1): m.group(2)
            for m in re.finditer(r"^Thread (\d+) \(LWP (\d+),", text, re.M)}


def by_lwp(ids, text):
    """TEXT with each `thread N' made `LWP L', by IDS (lwps)."""
    return re.sub(r"on thread (\d+)",
                  lambda m: "on LWP %s" % ids.get(m.group(1), "?"), text)


def deferred_part(text, lwp=True):
    """The deferred tasks' lines, `thread N' made `LWP L' unless not LWP
    (a table's columns are where its header says in the text as
    printed)."""
    i = text.find("Deferred tasks")
    if i < 0:
        i = text.find("No deferred tasks")
    if i < 0:
        return None
    part = text[i:].rstrip("\n")
    return by_lwp(lwps(text), part) if lwp else part


def deferred_rows(text):
    """The rows of TEXT's table of deferred tasks, `thread N' made `LWP L'
    in each cell."""
    ids = lwps(text)
    rows = table(deferred_part(text, lwp=False) or "")
    return [{k: by_lwp(ids, v) for k, v in r.items()} for r in rows]


def table(part, first="TASK"):
    """The rows of the table headed FIRST in PART, as dicts."""
    lines = part.split("\n")
    for i, l in enumerate(lines):
        if l.lstrip().startswith(first + " "):
            heads = [(m.start(), m.group()) for m in re.finditer(r"\S+", l)]
            rows = []
            for r in lines[i + 1:]:
                if not r.startswith("    ") and r.startswith("  ") and \
                        r.strip():
                    cells = {}
                    for k, (pos, h) in enumerate(heads):
                        end = heads[k + 1][0] if k + 1 < len(heads) else None
                        cells[h] = r[pos:end].strip()
                    rows.append(cells)
                else:
                    break
            return rows
    return []


def code_of(code, line):
    """Whether CODE is the task construct at LINE (GCC gives an outlined
    body the line of its pragma, or of its statement)."""
    return any(code.startswith("#pragma omp task at scenes.c:%d " % n)
               for n in (int(line), int(line) + 1))


def main():
    scene, truth_path, d = sys.argv[1:4]
    t = truth(truth_path)
    sym = {x["name"]: int(x["addr"], 16) for k, x in t if k == "symbol"}
    region = [x for k, x in t if k == "region"][0]
    out = {v: read(os.path.join(d, "ompdbg-" + v))
           for v in ("default", "limit5", "all", "nodef")}
    gdb = {v: read(os.path.join(d, "gdb-" + v)) for v in out}
    fn = "scene_deps" if scene == "deps" else "scene_deferred"

    def creator(tid):
        return "#pragma omp parallel at scenes.c:%s (in %s) on LWP %s" % (
            region["line"], fn, tid)

    for v in out:
        a, b = deferred_part(out[v]), deferred_part(gdb[v])
        if v == "nodef":
            check(a is None and "Thread " in out[v],
                  "%s: --no-deferred gives the chains only" % scene)
            continue
        check(a is not None and a == b,
              "%s: ompdbg tasks %s lists the deferred tasks as ompd tasks "
              "does" % (scene, v))
        if a != b:
            print("ompdbg:\n%s\ngdb:\n%s" % (a, b))
    part = deferred_part(out["default"]) or ""
    if scene == "deps":
        rows = deferred_rows(out["default"])
        want = [x for k, x in t if k == "deferred"]
        for w in want:
            r = [x for x in rows if code_of(x.get("CODE", ""), w["line"])]
            if w["state"] != "waiting":
                # A task that may have started: queued, or on a stack.
                check(len(r) <= 1 and all(x["STATE"] == "queued" for x in r),
                      "deps: scenes.c:%s queued or started (%s)"
                      % (w["line"], r))
                continue
            if not check(len(r) == 1, "deps: one row for the waiting task "
                         "of scenes.c:%s" % w["line"]):
                continue
            r = r[0]
            check(r["STATE"] == "waiting for dependences",
                  "deps: it waits for its dependences (%s)" % r["STATE"])
            check(r["CREATED-BY"] == creator(w["creator"]),
                  "deps: created by %s (%s)" % (creator(w["creator"]),
                                                r["CREATED-BY"]))
            dep = "in:0x%x <dep_x> (1 pending)" % sym["dep_x"]
            check(r["DEPENDENCES"] == dep, "deps: depend %s (%s)"
                  % (dep, r["DEPENDENCES"]))
            # Blocked by task A (depend out: dep_x): deferred, or running
            # on a thread's stack, its #k of that thread's chain.
            aline = [x for x in want if x["state"] != "waiting"][0]["line"]
            b = r.get("BLOCKED-BY", "")
            m = re.match(r"^d(\d+)$|^#(\d+) on LWP (\d+)$", b)
            code = None
            if m and m.group(1) is not None:
                code = rows[int(m.group(1))]["CODE"]
            elif m:
                ids = {l: n for n, l in lwps(out["default"]).items()}
                th = out["default"].split("Thread %s (LWP %s,"
                                          % (ids.get(m.group(3)),
                                             m.group(3)))
                if len(th) > 1:
                    chain = table(th[1].split("\nThread ")[0])
                    k = [x for x in chain if x["TASK"] == "#" + m.group(2)]
                    code = k[0]["CODE"] if k else None
            check(code is not None and code_of(code, aline),
                  "deps: blocked by the task of scenes.c:%s (%s: %s)"
                  % (aline, b, code))
        finish("check-deferred " + scene)
    groups = [x for k, x in t if k == "deferred_group"]
    total = int([x for k, x in t if k == "deferred_total"][0]["count"])

    def dep_words(g, each):
        if int(g["count"]) == 1 or g["sym"] == "dep_y" or not each:
            s = "%s:0x%x <%s>" % (g["dep"], sym[g["sym"]], g["sym"])
        else:
            s = "%s: %s addresses in %s" % (g["dep"], g["count"], g["sym"])
        return s + (" (%s pending)" % g["pending"]
                    if g["pending"] != "0" else "")

    def check_rows(rows, tag):
        words = {"waiting": "waiting for dependences", "queued": "queued"}
        per = {}
        for r in rows:
            g = [x for x in groups if code_of(r.get("CODE", ""), x["line"])]
            good = len(g) == 1 and r["STATE"] == words[g[0]["state"]] and \
                r["CREATED-BY"] == creator(g[0]["creator"])
            if good and g[0]["sym"] == "dep_y":
                good = r["DEPENDENCES"] == dep_words(g[0], False)
            elif good:
                good = re.match(r"^inout:0x[0-9a-f]+ <many_deps(\+\d+)?>$",
                                r["DEPENDENCES"]) is not None
            if not check(good, "%s: %s is a task the program made, in its "
                         "state and with its creator and dependences (%s)"
                         % (tag, r.get("TASK"), r)):
                continue
            per[g[0]["line"]] = per.get(g[0]["line"], 0) + 1
        return per

    if total > 100:
        check(part.startswith("Deferred tasks (not started): %d, in %d "
                              "groups" % (total, len(groups))),
              "%s: a summary of %d tasks in %d groups" % (scene, total,
                                                          len(groups)))
        lines = part.split("\n")
        got = []
        for i, l in enumerate(lines):
            m = re.match(r"^  +(\d+)  (\S+) +(\S.*)$", l)
            if m and i + 1 < len(lines):
                got.append((int(m.group(1)), m.group(2), m.group(3),
                            lines[i + 1].strip()))
        for g in groups:
            r = [x for x in got if x[1] == g["state"] and
                 code_of(x[2], g["line"])]
            check(len(r) == 1 and r[0][0] == int(g["count"]) and
                  r[0][3] == dep_words(g, True),
                  "%s: %s %s tasks of scenes.c:%s, %s (%s)"
                  % (scene, g["count"], g["state"], g["line"],
                     dep_words(g, True), r))
        lim = deferred_part(out["limit5"]) or ""
        check(lim.startswith("Deferred tasks (not started): %d, the first 5 "
                             "(`--all' lists every one):\n" % total),
              "%s: --limit 5 says it lists 5 of %d" % (scene, total))
        rows = deferred_rows(out["limit5"])
        check([r["TASK"] for r in rows] == ["d%d" % k for k in range(5)],
              "%s: --limit 5 lists d0 to d4" % scene)
        check_rows(rows, scene + " --limit 5")
        part = deferred_part(out["all"]) or ""
    check(part.startswith("Deferred tasks (not started):\n"),
          "%s: each deferred task listed" % scene)
    rows = deferred_rows(out["all"] if total > 100 else out["default"])
    check([r["TASK"] for r in rows] == ["d%d" % k for k in range(total)],
          "%s: d0 .. d%d listed (%d rows)" % (scene, total - 1, len(rows)))
    per = check_rows(rows, scene)
    for g in groups:
        check(per.get(g["line"], 0) == int(g["count"]),
              "%s: %s tasks of scenes.c:%s (got %d)"
              % (scene, g["count"], g["line"], per.get(g["line"], 0)))
    for r in rows:
        g = [x for x in groups if code_of(r.get("CODE", ""), x["line"])]
        if g and g[0]["state"] == "waiting":
            b = [x for x in rows if x["TASK"] == r.get("BLOCKED-BY")]
            check(len(b) == 1 and code_of(b[0]["CODE"], [
                x for x in groups if x["sym"] == "dep_y" and
                x["state"] == "queued"][0]["line"]),
                  "%s: %s is blocked by the task B it depends on (%s)"
                  % (scene, r["TASK"], r.get("BLOCKED-BY")))
            break
    finish("check-deferred " + scene)


main()
