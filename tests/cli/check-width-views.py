#!/usr/bin/python3
"""check-width-views.py -- every text view of ompdbg fits the terminal
by one rule, the rule of the gdb plugin under `set width': `ompdbg
tasks' (with its deferred tasks), `parallel', `stacks', `threads' and
`diagnose' of TARGET at COLUMNS=80 and 60 have no line longer than
the width and no word that is not one of the full output's (or a
short form the documentation names, or abbreviated with an ellipsis);
the views of COMPARE (tasks, parallel, stacks: comma-separated) are line
for line what gdb's `ompd tasks', `ompd parallel' and `ompd bt --all'
print at that `set width' (of stacks, the first thread's);
--wide is the output written to a pipe (unlimited), which holds LONG
whole; --json is the same at any width; and in an 80-column pseudo
terminal (COLUMNS unset) each view is what COLUMNS=80 gives.

Usage: check-width-views.py INSPECT GDB PLUGIN COMPARE LONG TARGET...
TARGET is a PID or EXECUTABLE CORE.  Prints ok:/FAIL: lines; exit 1
when a check failed."""

import os
import re
import subprocess
import sys

from checks import ok, fail, finish

import pexpect

VIEWS = [("tasks", "ompd tasks"), ("parallel", "ompd parallel"),
         ("stacks", "ompd bt --all"), ("threads", None), ("diagnose", None)]
WIDTHS = (80, 60)

# The short forms docs/gdb.md names: OMPT state words and headers.
STATE_WORDS = {"barrier": "bar", "implicit": "impl", "explicit": "expl",
               "parallel": "par", "workshare": "ws", "implementation": "impl",
               "reduction": "red", "taskgroup": "tgroup"}
SHORT_HEADS = set(["ON", "SCHED-BY", "BLOCKED"])
# The header lines of ompdbg's text views, which gdb does not print.
HEADER = re.compile(r"^(core of process|process \d+|OMPD: |warning: )")


def short_state(w):
    core = w.rstrip(",")
    return "_".join(STATE_WORDS.get(p, p) for p in core.split("_")) + \
        w[len(core):]


def env(columns=None):
    e = dict(os.environ)
    e.pop("COLUMNS", None)
    if columns is not None:
        e["COLUMNS"] = str(columns)
    return e


def ompdbg(inspect, view, target, columns=None, opts=()):
    r = subprocess.run([inspect, view] + list(opts) + target, env=env(columns),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=120)
    return r.stdout


def body(text):
    return [l for l in text.splitlines() if not HEADER.match(l)]


def first_thread(lines):
    """LINES up to the second thread's: the stack of the thread stopped
    in the program (the others may be anywhere in the C library)."""
    k = [i for i, l in enumerate(lines) if l.startswith("Thread ")]
    return lines[:k[1]] if len(k) > 1 else lines


def gdb_outputs(gdb, plugin, target, width):
    """{command: its lines} of gdb's `ompd' commands at `set width'."""
    args = [gdb, "-nx", "-q", "-batch", "-ex", "set sysroot /", "-x", plugin,
            "-ex", "set width %d" % width]
    cmds = [c for v, c in VIEWS if c is not None]
    for c in cmds:
        args += ["-ex", "echo @@%s\\n" % c, "-ex", c]
    args += ["-ex", "echo @@end\\n"]
    args += ["-p", target[0]] if len(target) == 1 else target
    r = subprocess.run(args, env=env(), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True,
                       timeout=120)
    out = {}
    cur = None
    for l in r.stdout.splitlines():
        if l.startswith("@@"):
            cur = l[2:]
            out[cur] = []
        elif cur is not None and cur != "end":
            out[cur].append(l)
    return out


def pty_output(inspect, view, target):
    """VIEW as a user sees it in an 80-column terminal."""
    e = env()
    e["TERM"] = "xterm"
    child = pexpect.spawn(inspect, [view] + target, env=e,
                          dimensions=(24, 80), encoding="utf-8", timeout=120)
    text = child.read()
    child.close()
    return text.replace("\r\n", "\n")


def main(inspect, gdb, plugin, compare, long, *target):
    target = list(target)
    compare = compare.split(",")
    wide = {}
    for view, _ in VIEWS:
        wide[view] = ompdbg(inspect, view, target, opts=["--wide"])
        piped = ompdbg(inspect, view, target)
        if wide[view] == piped and wide[view].strip():
            ok("%s --wide is the unlimited output of a pipe" % view)
        else:
            fail("%s --wide: not the output of a pipe" % view)
    if any(long in wide[v] for v in ("tasks", "parallel", "stacks")):
        ok("the unlimited views hold %s whole" % long)
    else:
        fail("no unlimited view holds %s" % long)
    for n in WIDTHS:
        g = gdb_outputs(gdb, plugin, target, n)
        for view, cmd in VIEWS:
            out = ompdbg(inspect, view, target, n)
            tag = "%s at %d columns" % (view, n)
            longl = [l for l in out.splitlines() if len(l) > n]
            if longl or not out.strip():
                fail("%s: %d lines longer than %d: %r"
                     % (tag, len(longl), n, longl[:1]))
            else:
                ok("%s: no line longer than %d" % (tag, n))
            full = set(wide[view].split())
            allowed = full | set(short_state(w) for w in full) | SHORT_HEADS
            bad = [w for w in out.split() if w not in allowed
                   and "\u2026" not in w and "..." not in w]
            if bad:
                fail("%s: words split or changed: %s"
                     % (tag, " ".join(sorted(set(bad))[:6])))
            else:
                ok("%s: every word whole, or a short form" % tag)
            if cmd is not None and view in compare:
                mine, theirs = body(out), g.get(cmd) or []
                if view == "stacks":
                    mine, theirs = first_thread(mine), first_thread(theirs)
                if mine == theirs:
                    ok("%s: the lines of gdb's `%s' at `set width %d'"
                       % (tag, cmd, n))
                else:
                    k = next((k for k, (a, b) in enumerate(zip(
                        mine + [None] * len(theirs),
                        theirs + [None] * len(mine))) if a != b), 0)
                    fail("%s: line %d: ompdbg %r, gdb %r"
                         % (tag, k, (mine + [None])[min(k, len(mine))],
                            (theirs + [None])[min(k, len(theirs))]))
            j = ompdbg(inspect, view, target, n, ["--json"])
            jw = ompdbg(inspect, view, target, None, ["--json", "--wide"])
            if j == jw and j.lstrip().startswith("{"):
                ok("%s --json: the document of --wide" % tag)
            else:
                fail("%s --json: differs from --wide's" % tag)
    for view, _ in VIEWS:
        seen = pty_output(inspect, view, target)
        at80 = ompdbg(inspect, view, target, 80)
        if seen == at80:
            ok("%s in an 80-column terminal: the output of COLUMNS=80" % view)
        else:
            fail("%s in an 80-column terminal: %r" % (view, seen[:300]))


if __name__ == "__main__":
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    main(*sys.argv[1:])
    finish("check-width-views")
