#!/usr/bin/python3
"""check-aliases.py -- ompdbg stacks names a frame of a library without
debug information as gdb's bt does, where several symbols share the
function's address (tests/cli/aliases.sh).

Usage: check-aliases.py GDB-BT STACKS-JSON LIBRARY DISTINCT
GDB-BT is gdb's `thread apply all bt' on a core, STACKS-JSON ompdbg's
`stacks --json' on it.  Each thread gdb finds in LIBRARY (a base name)
at its frame #0 must have that frame named alike by ompdbg; there must
be four of them, and DISTINCT distinct names among them (the program
stops its threads at three addresses).  Prints ok:/FAIL: lines; exit 1
when a check failed."""

import json
import re
import sys

failed = False


def check(cond, what):
    global failed
    print("%s: %s" % ("ok" if cond else "FAIL", what))
    if not cond:
        failed = True


def gdb_names(path, library):
    """{lwp: name of frame #0} of the threads gdb stops in LIBRARY."""
    out, lwp = {}, None
    with open(path) as f:
        for line in f:
            m = re.match(r"^Thread \d+ \(.*LWP (\d+)", line)
            if m:
                lwp = int(m.group(1))
                continue
            m = re.match(r"^#0\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*\) from (\S+)",
                         line)
            if m and lwp is not None and m.group(2).endswith("/" + library):
                out[lwp] = m.group(1)
    return out


def ompdbg_names(path):
    with open(path) as f:
        doc = json.load(f)
    return {t["lwp"]: re.split(r" at | from ", t["frames"][0])[0]
            for t in doc.get("threads", []) if t.get("frames")}


gdb_bt, stacks, library, distinct = sys.argv[1:5]
g = gdb_names(gdb_bt, library)
o = ompdbg_names(stacks)
check(len(g) == 4, "gdb stops 4 threads in %s (%s)" % (library, g))
check(len(set(g.values())) == int(distinct),
      "gdb names them by %s distinct names (%s)"
      % (distinct, sorted(set(g.values()))))
for lwp in sorted(g):
    check(o.get(lwp) == g[lwp], "LWP %d: ompdbg stacks names frame #0 `%s' "
          "as gdb's bt does (gdb `%s')" % (lwp, o.get(lwp), g[lwp]))
sys.exit(1 if failed else 0)
