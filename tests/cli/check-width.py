#!/usr/bin/python3
"""check-width.py -- `ompdbg threads' fits the width gdb's `ompd threads'
fits, by the same rule: the two tables, gdb's with `set width N' and
ompdbg's with COLUMNS=N, line for line the same once the first column
(gdb's thread number GDB, ompdbg's ID) is set aside and runs of blanks
are one; no line longer than N; the table of --wide equal to the
unlimited one and wider than N.

Usage: check-width.py N GDB-OUTPUT NARROW WIDE UNLIMITED
GDB-OUTPUT holds gdb's narrow table; NARROW, WIDE, UNLIMITED ompdbg's
outputs.  Prints ok:/FAIL: lines; exit 1 when a check failed."""

import re
import sys

from checks import ok, fail, finish


def table(text, head):
    """The lines of the table whose header starts with HEAD, the first
    column and the runs of blanks normalised."""
    lines = text.splitlines()
    start = [k for k, l in enumerate(lines) if l.startswith(head + " ")]
    if not start:
        return []
    out = []
    for l in lines[start[0]:]:
        if l.startswith("[") or not l.strip():
            break
        out.append(re.sub(r" +", " ", l[len(head):] if l.startswith(head)
                          else re.sub(r"^\S+", "", l)).rstrip())
    return out


def main(n, gdb_out, narrow, wide, unlimited):
    n = int(n)
    g = table(open(gdb_out).read(), "GDB")
    o_text = open(narrow).read()
    o = table(o_text, "ID")
    if g and g == o:
        ok("ompdbg threads at %d columns is gdb's table (%d lines)"
           % (n, len(g)))
    else:
        for k, (a, b) in enumerate(zip(g + [""] * len(o), o + [""] * len(g))):
            if a != b:
                fail("line %d: gdb %r, ompdbg %r" % (k, a, b))
                break
        else:
            fail("no table")
    long = [l for l in o_text.splitlines() if len(l) > n]
    if long or not o:
        fail("%d lines of ompdbg threads longer than %d: %s"
             % (len(long), n, long[:1]))
    else:
        ok("no line of ompdbg threads longer than %d" % n)
    w = open(wide).read()
    u = open(unlimited).read()
    if w == u and max(len(l) for l in w.splitlines()) > n:
        ok("--wide is the unlimited table, wider than %d" % n)
    else:
        fail("--wide: not the unlimited table, or not wider than %d" % n)


if __name__ == "__main__":
    main(*sys.argv[1:6])
    finish("check-width")
