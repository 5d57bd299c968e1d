#!/usr/bin/python3
"""check-merge.py -- the merged stacks of RANKS processes of THREADS
OpenMP threads each, one thread stuck in FUNC, point at it.

Usage: check-merge.py JSON TEXT RANKS THREADS STUCK-RANK STUCK-THREAD FUNC
JSON is `ompdbg merge --json' (or `stacks --merge --json'), TEXT the
same tree as text.  Checks: every thread counted; the tree's root is
main with all of them; exactly one branch holds the stuck thread alone,
through FUNC, named `rank R thread T' in both forms; FUNC is on no
other thread's stack; each other thread ends on one branch.  Prints
ok:/FAIL:."""

import json
import sys

from checks import ok, fail, finish


def ends(node, path, out):
    """(path, node, threads) for each node at which threads' stacks end
    (the threads it holds that none of its children does)."""
    path = path + [node["frame"]]
    below = [m for k in node["children"] for m in k["members"]]
    mine = [m for m in node["members"] if m not in below]
    if mine:
        out.append((path, node, mine))
    for k in node["children"]:
        ends(k, path, out)


def main(jpath, tpath, ranks, threads, srank, sthread, func):
    ranks, threads, srank, sthread = map(int, (ranks, threads, srank,
                                               sthread))
    with open(jpath) as f:
        doc = json.loads(f.read())
    total = ranks * threads
    if doc.get("threads") == total and doc.get("ranks") == ranks:
        ok("%d threads of %d ranks merged" % (total, ranks))
    else:
        fail("merged %s threads of %s ranks, want %d of %d"
             % (doc.get("threads"), doc.get("ranks"), total, ranks))
    tree = doc.get("tree", [])
    if len(tree) == 1 and tree[0]["frame"].startswith("main ") and \
            tree[0]["count"] == total:
        ok("one root, main, with every thread")
    else:
        fail("roots %s" % [(n["frame"], n["count"]) for n in tree])
    out = []
    for n in tree:
        ends(n, [], out)
    me = [srank, sthread]
    stuck = [(p, n) for p, n, m in out if me in m]
    if len(stuck) == 1 and stuck[0][1]["members"] == [me] and \
            any(func in fr for fr in stuck[0][0]):
        ok("the stuck thread alone on its branch, through %s" % func)
    else:
        fail("no single branch of rank %d thread %d through %s: %s"
             % (srank, sthread, func, [(p[-1], n["members"])
                                       for p, n in stuck]))
    others = [(p, n) for p, n, m in out if me not in m]
    want = sorted([r, t] for r in range(ranks) for t in range(threads)
                  if (r, t) != (srank, sthread))
    got = sorted(x for p, n, m in out for x in m if x != me)
    if got == want:
        ok("each of the other %d threads on one branch" % len(want))
    else:
        fail("the other threads' stacks end with %s, want %s" % (got, want))
    if stuck and all(func not in fr for p, n in others for fr in p):
        ok("%s is on the stuck thread's stack only" % func)
    else:
        fail("%s on other threads' stacks too" % func)
    with open(tpath) as f:
        text = f.read()
    tag = "[1: rank %d thread %d]" % (srank, sthread)
    lines = [ln for ln in text.splitlines() if func in ln]
    if lines and all(ln.rstrip().endswith(tag) for ln in lines):
        ok("text: %s marked %s" % (func, tag))
    else:
        fail("text: %s lines %s, want them marked %s" % (func, lines, tag))


if __name__ == "__main__":
    main(*sys.argv[1:8])
    finish("check-merge")
