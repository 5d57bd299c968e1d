#!/usr/bin/python3
"""ompdbg-merge -- `ompdbg merge FILES...' and the tree of `ompdbg stacks
--merge': the OpenMP-aware stacks of many processes (one per MPI rank,
from `ompdbg snapshot --json' documents) grouped into one prefix tree, as
STAT prints its trees: each node is a frame, the threads whose stacks
run through it counted and named by rank and OpenMP thread ranges.  A
branch that holds few threads is where the ones that differ are.

Usage: ompdbg-merge [--json] FILE...   (FILE `-': standard input)
"""

import json
import signal
import sys

VERSION = 1


def ranges(nums):
    """`0-3,5' for a set of integers."""
    nums = sorted(set(nums))
    out = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else "%d-%d" % (nums[i], nums[j]))
        i = j + 1
    return ",".join(out)


def who(members):
    """The threads of MEMBERS, [(rank, thread)], in words: ranks with
    the same OpenMP threads are named together, `ranks 0-1,3 threads 0-3;
    rank 2 threads 0-2'."""
    by_rank = {}
    for rank, th in members:
        by_rank.setdefault(rank, set()).add(th)
    groups = {}
    for rank, ths in by_rank.items():
        groups.setdefault(ranges(ths), []).append(rank)
    parts = []
    for ths, ranks in sorted(groups.items(), key=lambda g: min(g[1])):
        parts.append("%s %s thread%s %s" % (
            "ranks" if len(ranks) > 1 else "rank", ranges(ranks),
            "s" if "," in ths or "-" in ths else "", ths))
    return "; ".join(parts)


class Node(object):
    __slots__ = ("frame", "members", "children")

    def __init__(self, frame):
        self.frame = frame
        self.members = []
        self.children = {}


def thread_keys(threads):
    """The threads' numbers in their rank: their OpenMP thread numbers
    when those tell them apart (one team), else their position in the
    process (the ID of `ompdbg threads': nested teams repeat numbers)."""
    omp = [t.get("omp") for t in threads]
    if all(isinstance(n, int) for n in omp) and len(set(omp)) == len(omp):
        return omp
    return [t.get("id", 0) for t in threads]


def load(paths):
    """(processes, errors) of the snapshot documents at PATHS."""
    procs = []
    errors = []
    for p in paths:
        try:
            if p == "-":
                doc = json.load(sys.stdin)
            else:
                with open(p) as f:
                    doc = json.load(f)
        except (OSError, ValueError) as e:
            errors.append("%s: %s" % (p, e))
            continue
        if not isinstance(doc, dict) or doc.get("ompdbg_json") != VERSION \
                or doc.get("command") != "snapshot":
            errors.append("%s: not an ompdbg snapshot (ompdbg_json %s)"
                          % (p, VERSION))
            continue
        for proc in doc.get("processes", []):
            procs.append(proc)
    return procs, errors


def tree(procs):
    root = Node(None)
    for proc in procs:
        rank = proc.get("rank", 0)
        threads = proc.get("threads", [])
        for t, key in zip(threads, thread_keys(threads)):
            m = (rank, key)
            node = root
            node.members.append(m)
            # Oldest frame first: main at the root.  A thread whose
            # stack does not reach main (an idle thread of the pool) is
            # rooted at what it is.
            frames = list(reversed(t.get("frames", [])))
            note = t.get("note")
            if note and not (frames and frames[0].startswith("main ")):
                frames.insert(0, note)
            for fr in frames:
                node = node.children.setdefault(fr, Node(fr))
                node.members.append(m)
    return root


def text_lines(node, depth, out):
    kids = sorted(node.children.values(),
                  key=lambda n: (-len(n.members), n.frame))
    for k in kids:
        out.append("%s%s  [%d: %s]" % ("  " * depth, k.frame,
                                       len(k.members), who(k.members)))
        text_lines(k, depth + 1, out)


def as_json(node):
    return {"frame": node.frame, "count": len(node.members),
            "threads": who(node.members),
            "members": [[r, t] for r, t in sorted(node.members)],
            "children": [as_json(k) for k in sorted(
                node.children.values(),
                key=lambda n: (-len(n.members), n.frame))]}


def main(argv):
    want_json = "--json" in argv
    paths = [a for a in argv if a != "--json"]
    if not paths:
        sys.stderr.write("Usage: ompdbg merge [--json] FILE...\n")
        return 2
    procs, errors = load(paths)
    for e in errors:
        sys.stderr.write("ompdbg merge: %s\n" % e)
    if not procs:
        sys.stderr.write("ompdbg merge: no processes to merge\n")
        return 1
    root = tree(procs)
    failed = [p for p in procs if "error" in p]
    ranks = sorted(set(p.get("rank", 0) for p in procs))
    if want_json:
        doc = {"ompdbg_json": VERSION, "command": "merge",
               "target": {"files": paths},
               "ranks": len(ranks), "threads": len(root.members),
               "unreadable": [{"rank": p.get("rank"),
                               "target": p.get("target")} for p in failed],
               "tree": as_json(root)["children"]}
        json.dump(doc, sys.stdout)
        sys.stdout.write("\n")
    else:
        out = ["%d process%s (ranks %s), %d OpenMP threads:"
               % (len(procs), "" if len(procs) == 1 else "es",
                  ranges(ranks), len(root.members))]
        for p in failed:
            out.append("rank %s: %s" % (p.get("rank"), p.get("error")))
        text_lines(root, 0, out)
        sys.stdout.write("\n".join(out) + "\n")
    return 1 if errors else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main(sys.argv[1:]))
