#!/usr/bin/python3
"""complete.py -- completion of the ompd commands' arguments (gdb's
`complete' command, the same machinery as TAB): not only the first
argument but every one -- options after an event name, ICV names after a
scope (only that scope's), `--thread' followed by the gdb numbers of the
OpenMP threads -- and gdb's word breaking at `-' (`--th' completes to
`--thread', not `----thread').  Ground truth: scene `taskwait' (its
threads), and the ICVs `ompd icvs SCOPE' lists."""

import os

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()


def completions(g, line):
    out = g.cmd("complete " + line)
    T.no_traceback(out, "complete " + line)
    return sorted(l.strip() for l in out.split("\n") if l.strip())


def expect(g, line, words, what):
    got = completions(g, line)
    want = sorted(line[:len(line) - len(line.split(" ")[-1])] + w
                  for w in words)
    T.check(got == want, "complete `%s': %s (got %s)" % (line, what, got))


# Without a process: options complete, nothing needs OMPD, no traceback.
g = T.Gdb([T.SCENES])
expect(g, "ompd tasks --cu", ["--current"], "an option, no process")
expect(g, "ompd icvs ", ["address-space", "global", "implicit-task",
                         "parallel", "task", "thread"],
       "the scopes only, without OMPD")
o = completions(g, "ompd tasks --thread ")
T.check(o == [], "no thread numbers without a process (got %s)" % o)
g.quit()

truth = os.path.join(d, "taskwait.truth")
g, out = T.run_to_stop("taskwait", truth)
T.check("[ompd] OMPD ready" in out, "OMPD initialised")
tr = T.read_truth(truth)
gm = SC.gdb_threads(g)
nums = [str(gm[int(t["tid"])]) for t in T.truth_of(tr, "thread")]
T.check(len(nums) == 2, "the scene has 2 OpenMP threads")

expect(g, "ompd th", ["threads"], "the subcommand")
expect(g, "ompd tasks --th", ["--thread"], "the option, across gdb's word "
       "break at `-'")
expect(g, "ompd tasks --thread ", nums, "the OpenMP threads' gdb numbers")
expect(g, "ompd tasks --current --thread ", nums,
       "thread numbers after another option")
expect(g, "ompd tasks --frames --", ["--all", "--current", "--json",
                                     "--limit", "--no-deferred", "--thread",
                                     "--wide"],
       "the options not given yet")
expect(g, "ompd tasks --l", ["--limit"], "--limit")
expect(g, "ompd bt --thread ", nums, "thread numbers for ompd bt")
expect(g, "ompd bt --a", ["--all"], "ompd bt's option")
expect(g, "ompd parallel --m", ["--members"], "ompd parallel's option")
expect(g, "ompd parallel --members --", ["--brief", "--json", "--wide"],
       "ompd parallel's other options")
expect(g, "ompd parallel --members --wide --", ["--brief", "--json"],
       "ompd parallel's option not given yet")
expect(g, "ompd threads --", ["--json", "--wide"],
       "ompd threads' options")
expect(g, "ompd break par", ["parallel-begin", "parallel-end",
                             "parallel_begin", "parallel_end",
                             "parallel_post_execute", "parallel_pre_execute"],
       "the events and their aliases")
expect(g, "ompd break task_p", ["task_post_execute", "task_pre_execute"],
       "the design's names")
expect(g, "ompd break parallel-begin ", ["--temporary", "--user"],
       "the options after the event")
expect(g, "ompd break parallel-begin --user --t", ["--temporary"],
       "the other option after the first")
expect(g, "ompd break --user ", sorted(
    ["parallel-begin", "parallel-end", "task-begin", "task-end",
     "thread-begin", "thread-end", "parallel_begin", "parallel_end",
     "task_begin", "task_end", "thread_begin", "thread_end",
     "parallel_pre_execute", "parallel_post_execute", "task_pre_execute",
     "task_post_execute"]), "the events after an option")

# ICVs: names after a scope are that scope's (what `ompd icvs SCOPE'
# lists); after a name, the other names.
for scope in ("thread", "parallel", "task", "address-space"):
    o = g.cmd("ompd icvs " + scope)
    names = [r["ICV"] for r in T.parse_table(o, "ICV")]
    T.check(len(names) > 0, "ompd icvs %s lists ICVs" % scope)
    expect(g, "ompd icvs %s " % scope, names,
           "the %s ICVs after the scope" % scope)
expect(g, "ompd icvs task nthr", ["nthreads-var"], "an ICV name after a "
       "scope")
expect(g, "ompd icvs thr", ["thread", "thread-limit-var", "thread-num-var"],
       "the scope and the ICV names first")
expect(g, "ompd icvs nthreads-var team", ["team-size-var",
                                                "teams-thread-limit-var"],
       "a second ICV name")
o = completions(g, "ompd icvs nthreads-var nthreads")
T.check(o == [], "an ICV given already is not offered again (got %s)" % o)
g.quit()
T.finish()
