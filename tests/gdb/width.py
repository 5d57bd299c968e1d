#!/usr/bin/python3
"""width.py -- the plugin's output follows gdb's `width': with 64 OpenMP
threads (scene parallel64) and `set width 80', no line of `ompd
threads', `ompd parallel' (with and without --members), `ompd tasks',
`ompd bt', `ompd info', `ompd icvs' and `ompd env' (with a setting
longer than a line), nor of what `ompd break' says when it is set and
hit, is longer than 80 columns and no word is split across lines (every word is one of the full output's, a shorter
form or header the documentation names, or abbreviated with an
ellipsis); --wide
gives what `set width 0' (unlimited) gives, with lines longer than 80;
`ompd parallel' lists 16 members of the team of 64 and says `... and 48
more', the number from the program's own team size; --members lists
all 64.  Live in a UTF-8 locale (`…'), then from a core in the C locale
(`...')."""

import os
import re

import gdbtest as T

T.require_libompd()
N = 64
SHOWN = 16
d = T.tmpdir()

# The short forms of OMPT state names docs/gdb.md names.
STATE_WORDS = {"barrier": "bar", "implicit": "impl", "explicit": "expl",
               "parallel": "par", "workshare": "ws", "implementation": "impl",
               "reduction": "red", "taskgroup": "tgroup"}


# The short headers of `ompd tasks' and its `frames:' lines.
SHORT_HEADS = set(["ON", "SCHED-BY", "frames:"])


def short_state(w):
    """W (a word: a trailing comma stays) with the state words short."""
    core = w.rstrip(",")
    return "_".join(STATE_WORDS.get(p, p) for p in core.split("_")) + \
        w[len(core):]


def words(out):
    return set(out.split())


def whole_words(tag, narrow, wide):
    full = words(wide)
    allowed = full | set(short_state(w) for w in full) | SHORT_HEADS
    bad = [w for w in words(narrow) if w not in allowed
           and "\u2026" not in w and "..." not in w]
    T.check(not bad, "%s: no word split or changed at width 80 (%s)"
            % (tag, " ".join(sorted(bad)[:8])))


def fits(tag, out, limit=80):
    long = [l for l in out.split("\n") if len(l) > limit]
    T.check(not long, "%s: no line longer than %d columns (%d are: %s)"
            % (tag, limit, len(long), long[:1]))


def member_items(out):
    return re.findall(r"(?:members: |, |^ +)(\d+: (?:thread \d+|LWP \S+) "
                      r"[^\s,]+)", out, flags=re.M)


def check_width(g, where, region_size, ell):
    g.cmd("set width 80")
    T.check(g.cmd("show width").strip().startswith(
        "Number of characters gdb thinks are in a line is 80"),
        "%s: gdb's width is 80" % where)
    for c, wide_c in (("ompd threads", "ompd threads --wide"),
                      ("ompd parallel", "ompd parallel --wide"),
                      ("ompd parallel --members",
                       "ompd parallel --members --wide"),
                      ("ompd tasks", "ompd tasks --wide"),
                      ("ompd tasks --frames", "ompd tasks --frames --wide"),
                      ("ompd bt --thread 2", "ompd bt --thread 2 --wide"),
                      ("ompd info", "ompd info --wide"),
                      ("ompd icvs", "ompd icvs --wide"),
                      ("ompd env", "ompd env --wide")):
        tag = "%s: %s" % (where, c)
        narrow = g.cmd(c, timeout=120)
        T.no_traceback(narrow, tag)
        fits(tag, narrow)
        wide = g.cmd(wide_c, timeout=120)
        whole_words(tag, narrow, wide)
        g.cmd("set width 0")
        unlimited = g.cmd(c, timeout=120)
        g.cmd("set width 80")
        T.check(wide == unlimited, "%s: --wide gives what width 0 gives"
                % tag)
        if c in ("ompd threads", "ompd parallel --members", "ompd tasks",
                 "ompd env"):
            T.check(max(len(l) for l in wide.split("\n")) > 80,
                    "%s: --wide writes lines longer than 80" % tag)
        if c.startswith("ompd tasks"):
            ls = narrow.split("\n")
            heads = [k for k, l in enumerate(ls) if l.startswith("  TASK ")]
            T.check(heads and all(ls[k + 1].startswith("  #0 ")
                                  for k in heads),
                    "%s: each header is one line, the first task next"
                    % tag)
        if c == "ompd parallel":
            more = region_size - SHOWN
            T.check("%s and %d more" % (ell, more) in narrow,
                    "%s: `%s and %d more' for the team of %d"
                    % (tag, ell, more, region_size))
            T.check(len(member_items(narrow)) == SHOWN,
                    "%s: %d members shown (got %d)"
                    % (tag, SHOWN, len(member_items(narrow))))
        if c == "ompd parallel --members":
            T.check(len(member_items(narrow)) == region_size,
                    "%s: all %d members listed (got %d)"
                    % (tag, region_size, len(member_items(narrow))))
            T.check(" more" not in narrow, "%s: no `and N more'" % tag)


def check_break(g):
    """`ompd break' at width 80: what it says when set and on its hit
    (the region's end, on its primary thread) fits, words whole."""
    o = g.cmd("ompd break parallel-end")
    fits("live: ompd break", o)
    o = g.cmd("continue", timeout=300)
    hit = o[o.find("[ompd] parallel-end"):]
    hit = hit[:hit.find("\n\n")] if "\n\n" in hit else hit
    lines = [l for l in hit.split("\n") if l.strip()]
    T.check(o.count("[ompd] parallel-end") == 1
            and "team of %d" % N in " ".join(" ".join(lines).split()),
            "live: ompd break parallel-end announces the region's end, team "
            "of %d (%r)" % (N, hit))
    T.check(len(lines) > 1 and all(len(l) <= 80 for l in lines)
            and all(l.startswith("       ") for l in lines[1:]),
            "live: the announcement fits in 80 columns, continued under "
            "its text (%r)" % lines)


truth = os.path.join(d, "width.truth")
# A setting longer than a line: `ompd env' continues it under its value.
g, out = T.run_to_stop("parallel%d" % N, truth,
                       env_extra={"LC_ALL": "C.UTF-8",
                                  "OMP_AFFINITY_FORMAT":
                                  "thread %n of a team of %N at level %L "
                                  "on host %H in process %P as native "
                                  "thread %i with affinity %A"})
regions = T.truth_of(T.read_truth(truth), "region")
size = int(regions[0]["size"]) if regions else 0
T.check(size == N, "the program's team has %d threads (truth: %d)"
        % (N, size))
check_width(g, "live", size, "\u2026")
core = os.path.join(d, "width.core")
g.cmd("gcore " + core, timeout=300)
check_break(g)
g.quit()
g = T.Gdb([T.SCENES, core])
check_width(g, "core", size, "...")
g.quit()
T.finish()
