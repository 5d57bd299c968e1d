#!/usr/bin/python3
"""damage.py -- cores whose runtime data a crash has overwritten: every
command still shows what is intact as the program's ground truth says,
and what is damaged as `unreadable (...)', never as a fact and never by
failing the whole command.

One gcore of scene `nested' (two inner teams of two threads each), its
runtime structures located through the runtime's debug information (the
registry's record of each thread: its descriptor and team), then damaged
copies of it:
  team-size    the team of one inner region says it has 533266432 threads
  team-pointer one worker's descriptor points to a team at an unmapped
               address
  heap         1,500 bytes of pseudo-random data over one worker's
               descriptor and what follows it on the heap"""

import os
import random
import re
import shutil

import gdbtest as T
import scenecheck as SC

T.require_libompd()
d = T.tmpdir()
truth_path = os.path.join(d, "nested.truth")
core = os.path.join(d, "nested.core")

COMMANDS = ("ompd threads", "ompd parallel", "ompd parallel --members",
            "ompd tasks", "ompd bt --all", "ompd icvs")

g, out = T.run_to_stop("nested", truth_path, plugin=False)
o = g.cmd("python\n"
          "r = gdb.parse_and_eval('gomp_registry')\n"
          "for i in range(int(r['index_len'])):\n"
          "    s = r['index'][i]\n"
          "    th = s['thread']\n"
          "    if int(th) == 0:\n"
          "        continue\n"
          "    team = th['ts']['team']\n"
          "    print('DESC %d 0x%x 0x%x 0x%x 0x%x %d' % (int(s['tid']),\n"
          "          int(th), int(th['ts']['team'].address), int(team),\n"
          "          int(team['nthreads'].address) if int(team) else 0,\n"
          "          int(th.dereference().type.sizeof)))\n"
          "print('ENV 0x%x' % int(gdb.parse_and_eval("
          "'&gomp_ompd_env_block')))\n"
          "end")
desc = {}
for l in o.split("\n"):
    p = l.split()
    if len(p) == 7 and p[0] == "DESC":
        desc[p[1]] = dict(thread=int(p[2], 16), team_field=int(p[3], 16),
                          team=int(p[4], 16), nthreads=int(p[5], 16),
                          size=int(p[6]))
env_root = [int(l.split()[1], 16) for l in o.split("\n")
            if l.startswith("ENV 0x")]
if not desc or not env_root:
    g.quit()
    T.skip("the runtime has no debug information (gomp_registry): its "
           "structures cannot be located")
g.cmd("gcore " + core, timeout=120)
g.quit()
if not os.path.exists(core):
    T.hard("gcore wrote no core")
truth = T.read_truth(truth_path)
threads = dict((t["tid"], t) for t in T.truth_of(truth, "thread"))
main = [t["tid"] for t in T.truth_of(truth, "main")][0]
workers = [tid for tid in threads if tid != main]
for tid in threads:
    if not T.check(tid in desc, "the registry records LWP %s" % tid):
        T.finish()
# The other inner team: outer thread 1's, whose primary is not main.
other = [tid for tid in workers if threads[tid]["ancestors"] == "1,0"][0]
other_worker = [tid for tid in workers
                if threads[tid]["ancestors"] == "1,1"][0]
main_worker = [tid for tid in workers
               if threads[tid]["ancestors"] == "0,1"][0]


def damaged(name, patches):
    path = os.path.join(d, name + ".core")
    shutil.copyfile(core, path)
    for addr, data in patches:
        T.patch_core(path, addr, data)
    return path


def cell_ok(got, want):
    return got == want or got.startswith("unreadable (")


def check_commands(g, tag):
    """Every command answers with its table, not with an error."""
    for c in COMMANDS:
        o = g.cmd(c)
        T.no_traceback(o, "%s: %s" % (tag, c))
        T.check(not re.search(r"^ompd: ", o, flags=re.M),
                "%s: `%s' answers (no error)" % (tag, c))


def thread_rows(g, tag):
    """LWP -> (cells, the row's line) of `ompd threads'."""
    o = g.cmd("ompd threads")
    lines = dict((l.split()[1], l) for l in o.split("\n")
                 if len(l.split()) > 2 and l.split()[1].isdigit())
    return dict((r["LWP"], (r, lines.get(r["LWP"], "")))
                for r in T.parse_table(o, "GDB"))


def expect_row(rows, tid, tag, intact):
    """LWP TID's row: with INTACT every cell as the truth says, else
    each cell as the truth says or unreadable, and at least one
    unreadable."""
    t = threads[tid]
    r, line = rows.get(tid, (None, None))
    if not T.check(r is not None, "%s: LWP %s is listed" % (tag, tid)):
        return
    region_ok = re.search(r"^#\d+ L%s$" % t["level"], r["REGION"])
    task_ok = "scenes.c:%s" % t["line"] in r["TASK"]
    if intact:
        T.check(r["OMP"] == t["num"] and region_ok and task_ok
                and "unreadable" not in line,
                "%s: LWP %s intact: OpenMP thread %s, level %s, scenes.c:%s "
                "(got %s)" % (tag, tid, t["num"], t["level"], t["line"], line))
        return
    # Nothing of the thread readable: one reason for the rest of the row.
    whole = re.match(r"^\s*\d+\s+%s\s+unreadable \([^()]*\)$" % tid, line)
    T.check(whole or (cell_ok(r["OMP"], t["num"])
                      and (region_ok or r["REGION"].startswith("unreadable ("))
                      and (task_ok or r["TASK"].startswith("unreadable ("))),
            "%s: LWP %s shows nothing the truth contradicts (got %s)"
            % (tag, tid, line))
    T.check("unreadable (" in line,
            "%s: LWP %s is marked unreadable (got %s)" % (tag, tid, line))


def open_damaged(path, tag):
    """gdb on the damaged core PATH, the commands checked: (session,
    gdb thread of each TID, `ompd threads' rows)."""
    g = T.open_core(path)
    T.no_traceback(g.startup, tag + ": loading")
    gm = SC.gdb_threads(g)
    check_commands(g, tag)
    return g, gm, thread_rows(g, tag)


ENV_NAMES = ("OMP_DYNAMIC", "OMP_NUM_THREADS", "OMP_SCHEDULE",
             "OMP_WAIT_POLICY", "OMP_THREAD_LIMIT", "OMP_MAX_ACTIVE_LEVELS",
             "OMP_CANCELLATION", "OMP_STACKSIZE")
TASK_ENV = ("OMP_DYNAMIC", "OMP_NUM_THREADS", "OMP_SCHEDULE",
            "OMP_THREAD_LIMIT", "OMP_MAX_ACTIVE_LEVELS")


def env_lines(g, tag):
    """NAME -> VALUE of `ompd env', which answers (no error)."""
    o = g.cmd("ompd env")
    T.no_traceback(o, tag + ": ompd env")
    T.check(not re.search(r"^ompd: ", o, flags=re.M),
            "%s: `ompd env' answers (no error)" % tag)
    return o, dict(l.split("=", 1) for l in o.split("\n")
                   if re.match(r"^[A-Z_]+=", l))


def function(g, fn, num):
    return g.cmd("print $%s(%d)" % (fn, num)).strip()


# ---- a team whose size is garbage ------------------------------------------
path = damaged("team-size", [(desc[other]["nthreads"],
                              (533266432).to_bytes(4, "little"))])
tag = "team-size"
g, gm, rows = open_damaged(path, tag)
for tid in threads:
    expect_row(rows, tid, tag, True)
o = g.cmd("ompd parallel")
prow = [r for r in T.parse_table(o, "REGION") if r["REGION"].startswith("#")]
bad = [r for r in prow if r["SIZE"].startswith("unreadable (team size "
                                               "533266432")]
T.check(len(bad) == 1, "%s: ompd parallel marks the damaged team's size "
        "unreadable (%d rows)" % (tag, len(bad)))
T.check(sorted(r["SIZE"] for r in prow if r not in bad) == ["1", "2", "2"],
        "%s: ompd parallel shows the other teams' sizes (1, 2, 2)" % tag)
T.check("533266432" not in o.replace("unreadable (team size 533266432", ""),
        "%s: the garbage size appears only as unreadable" % tag)
for tid in (other, other_worker):
    v = function(g, "_omp_team_size", gm[int(tid)])
    T.check("unreadable (team size 533266432" in v and "= " not in v,
            "%s: $_omp_team_size(%d) is an error that says unreadable "
            "(got %s)" % (tag, gm[int(tid)], v))
for tid in (main, main_worker):
    v = function(g, "_omp_team_size", gm[int(tid)])
    T.check(v.endswith("= 2"), "%s: $_omp_team_size(%d) = 2 (got %s)"
            % (tag, gm[int(tid)], v))
g.cmd("thread %d" % gm[int(other)])
o = g.cmd("ompd icvs parallel team-size-var")
T.check(re.search(r"team-size-var\s+parallel\s+unreadable \(team size "
                  r"533266432", o) is not None,
        "%s: ompd icvs shows team-size-var unreadable" % tag)
g.quit()

# ---- a descriptor whose team pointer is garbage ------------------------------
path = damaged("team-pointer", [(desc[other_worker]["team_field"],
                                 (0xdead0000).to_bytes(8, "little"))])
tag = "team-pointer"
g, gm, rows = open_damaged(path, tag)
for tid in threads:
    expect_row(rows, tid, tag, tid != other_worker)
v = function(g, "_omp_level", gm[int(other_worker)])
T.check("unreadable (" in v and "= " not in v,
        "%s: $_omp_level(%d) is an error that says unreadable (got %s)"
        % (tag, gm[int(other_worker)], v))
v = function(g, "_omp_level", gm[int(main)])
T.check(v.endswith("= 2"), "%s: $_omp_level(%d) = 2 (got %s)"
        % (tag, gm[int(main)], v))
g.quit()

# The settings the intact core shows.
g = T.open_core(core)
intact_env = env_lines(g, "intact")[1]
g.quit()
T.check(all(n in intact_env for n in ENV_NAMES),
        "intact: ompd env shows %s" % ", ".join(ENV_NAMES))

# ---- 1,500 bytes of the heap -----------------------------------------------
# (and the runtime's block of settings lost: its pointer garbage)
rng = random.Random(1500)
noise = bytes(rng.randrange(256) for i in range(1500))
path = damaged("heap", [(desc[main_worker]["thread"], noise),
                        (env_root[0], (0xdead0000).to_bytes(8, "little"))])
# What else the 1,500 bytes reach: threads whose descriptor or team
# they overlap may be marked too; the others must be intact.
lo, hi = desc[main_worker]["thread"], desc[main_worker]["thread"] + 1500
hit = set(tid for tid, e in desc.items()
          if e["thread"] < hi and e["thread"] + e["size"] > lo
          or e["team"] and e["team"] < hi and e["team"] + 64 > lo)
tag = "heap"
g, gm, rows = open_damaged(path, tag)
T.check(len(rows) == len(threads) and all(r["GDB"] != "-"
                                          for r, l in rows.values()),
        "%s: one row per thread of the process, each with its gdb thread "
        "(got %s)" % (tag, sorted(rows)))
for tid in threads:
    expect_row(rows, tid, tag, tid not in hit)
v = function(g, "_omp_thread_num", gm[int(main_worker)])
T.check("unreadable (" in v and "= " not in v,
        "%s: $_omp_thread_num(%d) is an error that says unreadable (got %s)"
        % (tag, gm[int(main_worker)], v))
# `ompd env' without the runtime's block: each setting on its own line,
# from its ICV; from a thread whose descriptor is garbage the settings
# of its task are unreadable, each alone, the process's are there.
g.cmd("thread %d" % gm[int(main)])
o, env = env_lines(g, tag + ", main thread")
T.check("settings cannot be read" in o and all(
    env.get(n) and not env[n].startswith("unreadable") for n in ENV_NAMES)
    and env.get("OMP_NUM_THREADS") == intact_env.get("OMP_NUM_THREADS"),
        "%s: ompd env from the main thread says the block is lost and "
        "shows every setting from its ICV (got %s)" % (tag, env))
if "unreadable (" in rows[main_worker][1]:
    g.cmd("thread %d" % gm[int(main_worker)])
    o, env = env_lines(g, tag + ", damaged thread")
    T.check(all(env.get(n, "").startswith("unreadable (") for n in TASK_ENV)
            and env.get("OMP_WAIT_POLICY") and not
            env["OMP_WAIT_POLICY"].startswith("unreadable"),
            "%s: ompd env from the damaged thread: its task's settings "
            "unreadable line by line, the process's shown (got %s)"
            % (tag, env))
if other not in hit:
    v = function(g, "_omp_thread_num", gm[int(other)])
    T.check(v.endswith("= %s" % threads[other]["num"]),
            "%s: $_omp_thread_num(%d) = %s (got %s)"
            % (tag, gm[int(other)], threads[other]["num"], v))
g.quit()
T.finish()
