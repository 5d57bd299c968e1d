#!/usr/bin/python3
"""diagnose.py -- `ompd diagnose' in gdb and `ompdbg diagnose' on every
kind of hang of tests/gdb/hangs.c: live (stopped in hang_stop, or a PID
for ompdbg), on a gcore core and on a kernel core (skipped, with the
reason in the log, where the machine does not write them to a file).
Each explanation must name the threads of the scene as the scene's own
truth file says (their LWPs, OpenMP numbers), the objects they wait for
and the source lines; the program with no hang must not be called
hung.  The thread waiting on a lock is shown waiting on a `nest lock'
or a `lock' by `ompd threads' and `ompdbg threads' (--json `wait');
on each core libompd's extension, asked directly
(tests/corefiles/check-session holders), names the holder of each lock
a scene's thread waits for and the kinds of the tasks' wait edges.
At `set width 60' gdb's text keeps its words in shorter lines.
Both tools' --json documents must be valid by the schema of docs/json.md,
and on one core give the same findings: kinds, LWPs and counts, and the
same words (ompdbg numbers a core's threads as gdb does)."""

import json
import os
import re
import resource
import subprocess
import time

import gdbtest as T

try:
    import jsonschema
except ImportError:
    jsonschema = None

HANGS = os.path.join(T.BUILDDIR, "tests", "gdb", "hangs")
INSPECT = os.path.join(T.BUILDDIR, "corefiles", "ompdbg-inspect")
OMPDBG = os.path.join(T.BUILDDIR, "ompdbg")
CHECK_SESSION = os.path.join(T.BUILDDIR, "tests", "corefiles",
                             "check-session")
SCHEMA = os.path.join(T.SRCDIR, "docs", "ompdbg-json.schema.json")

# What each explanation says.  {role} is a thread of that role ("thread
# G (OpenMP N)", G the thread's number in gdb's `ompd threads' or
# ompdbg's), {line:X} the source line X of the scene (hangs.c:L).
SPECS = {
    "locks": ["Deadlock: {transfer} holds audit_lock and waits for "
              "account_lock, held by {audit}, which waits for audit_lock",
              "{line:transfer}", "{line:audit}"],
    "nestlock": ["Deadlock: {holder} holds nest lock journal_lock (held 2 "
                 "times) and waits at the barrier of",
                 "for {waiter}, which has not arrived: it waits for nest "
                 "lock journal_lock (held 2 times)",
                 "{line:barrier}"],
    "nestlock25": ["Deadlock: {holder} holds nest lock register_lock (held "
                   "2 times) and waits at the barrier of",
                   "for {waiter}, which has not arrived: it waits for nest "
                   "lock register_lock (held 2 times)",
                   "{line:barrier}", "{line:nest}"],
    "atomic": ["Deadlock: {holder} holds the atomic lock and waits at the "
               "barrier of",
               "for {waiter}, which has not arrived: it waits for the "
               "atomic lock", "{line:barrier}"],
    "lockcrit": ["Deadlock: {lockholder} holds ledger_lock and waits for "
                 "critical (audit), held by {critholder}, which waits for "
                 "ledger_lock", "{line:critical}", "{line:lock}"],
    "barrier": ["Blocked: {waiter*} wait at the barrier of",
                "{line:barrier}", "{late} has not arrived: it is running",
                "{line:spin}", "(not waiting in OpenMP)"],
    "barmismatch": ["Barrier mismatch: {waiter*} wait at the barrier of",
                    "{line:barrier}",
                    "{skipper} never arrives: it waits at the implicit "
                    "barrier at the end of the same region"],
    "ordered": ["Deadlock: {turnholder} holds the ordered turn of "
                "iteration 0 and waits for handoff_lock, held by "
                "{turnwaiter}, which waits for the ordered turn of "
                "iteration 0"],
    "taskwait": ["Deadlock: {parent} holds ledger_lock and waits in a "
                 "taskwait for the task at {line:task}", "running on "
                 "{child}, which waits for ledger_lock"],
    "depcycle": ["{creator} waits in a taskwait for 2 tasks",
                 "the task at {line:consumer}",
                 "waits for the task at {line:producer}", "(x)",
                 "running on {spinner}, which is running",
                 "(not waiting in OpenMP)",
                 "the task at {line:consumer} (in scene_depcycle) waits for "
                 "the task at {line:producer} (in scene_depcycle) (x), "
                 "running on {spinner}, which is running at hangs.c:",
                 ", not waiting in the runtime (a wait of its own?)."],
    "taskgroup": ["Deadlock: {groupwaiter} holds ledger_lock and waits at "
                  "the end of a taskgroup for the task at {line:task}",
                  "running on {member}, which waits for ledger_lock"],
    "nohang": ["Nothing is blocked", "Running: "],
}
# The WAIT of a thread waiting on a lock (`ompd threads', `ompdbg
# threads' and their --json `wait'): (role, kind of lock, lock).
WAITS = {"nestlock": ("waiter", "nest lock", "journal_lock"),
         "nestlock25": ("waiter", "nest lock", "register_lock"),
         "locks": ("transfer", "lock", "account_lock")}
# What libompd's extension itself says on a core (tests/corefiles/
# check-session holders): who holds what a role's thread waits for,
# (waiter, holder, nest count); the kinds of the tasks' wait edges.
HOLDS = {"locks": [("transfer", "audit", 0), ("audit", "transfer", 0)],
         "nestlock": [("waiter", "holder", 2)],
         "nestlock25": [("waiter", "holder", 2)],
         "atomic": [("waiter", "holder", 0)],
         "lockcrit": [("lockholder", "critholder", 0),
                      ("critholder", "lockholder", 0)],
         "ordered": [("turnwaiter", "turnholder", 0),
                     ("turnholder", "turnwaiter", 0)],
         "taskwait": [("child", "parent", 0)],
         "taskgroup": [("member", "groupwaiter", 0)]}
EDGES = {"taskwait": {"taskwait"}, "taskgroup": {"taskgroup"},
         "depcycle": {"taskwait", "dependence"}}
# Words a scene's explanation must not have.
NOT = {"nohang": ["Deadlock", "Blocked", "mismatch"],
       # Half of the cycle goes through the program's flag: no cycle.
       "depcycle": ["Deadlock"]}


def flat(text):
    """TEXT as one line: wrapped lines joined by single spaces."""
    return re.sub(r"\s+", " ", text).strip()


class Scene(object):
    def __init__(self, kind, truth):
        self.kind = kind
        t = T.read_truth(truth)
        self.roles = {}
        for d in T.truth_of(t, "thread"):
            self.roles.setdefault(d["role"], []).append(
                (int(d["tid"]), int(d["num"])))
        self.lines = dict((d["name"], d["line"])
                          for d in T.truth_of(t, "line"))
        self.ready = any(k == "ready" for k, d in t)

    def expect(self, name_of):
        """The SPECS strings of the scene with NAME_OF (lwp, num) -> the
        front end's name of a thread."""
        out = []
        for s in SPECS[self.kind]:
            def sub(m):
                key = m.group(1)
                if key.startswith("line:"):
                    return "hangs.c:%s" % self.lines[key[5:]]
                if key.endswith("*"):
                    return name_of(self.roles[key[:-1]])
                return name_of(self.roles[key][:1])
            out.append(re.sub(r"\{([^}]+)\}", sub, s))
        return out

    def check(self, text, name_of, what):
        text = flat(text)
        ok = True
        for s in self.expect(name_of):
            ok &= T.check(s in text, "%s %s: says `%s'" % (what, self.kind,
                                                            s))
        for s in NOT.get(self.kind, ()):
            ok &= T.check(s not in text, "%s %s: does not say `%s'"
                          % (what, self.kind, s))
        if not ok:
            T.log("the explanation was:\n" + text)


def gdb_names(g):
    """(lwp -> gdb number) from `ompd threads'."""
    out = g.cmd("ompd threads")
    rows = T.parse_table(out, "GDB")
    return dict((int(r["LWP"]), int(r["GDB"])) for r in rows
                if r.get("LWP", "").isdigit() and r.get("GDB", "").isdigit())


def gdb_name_of(g):
    return name_of_map(gdb_names(g))


def name_of_map(gmap):
    """How a front end names threads, given its LWP -> number map."""
    def name_of(threads):
        nums = sorted(gmap.get(l, -1) for l, n in threads)
        omp = sorted(n for l, n in threads)
        if len(threads) == 1:
            return "thread %d (OpenMP %d)" % (nums[0], omp[0])
        return "threads %s (OpenMP %s)" % (ranges(nums), ranges(omp))
    return name_of


def ranges(nums):
    out = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else "%d-%d" % (nums[i], nums[j]))
        i = j + 1
    return ", ".join(out)


def cli_name_of(args):
    """How ompdbg diagnose names threads of target ARGS: by the number
    `ompdbg threads' gives them."""
    p = subprocess.run([OMPDBG, "threads", "--json"] + args,
                       stdout=subprocess.PIPE, universal_newlines=True,
                       timeout=120, env=T.clean_env())
    try:
        doc = json.loads(p.stdout)
        ids = dict((t["lwp"], t["id"]) for t in doc["threads"]
                   if t.get("lwp") and t.get("id"))
    except (ValueError, KeyError, TypeError):
        ids = {}
    T.check(ids, "ompdbg threads --json %s numbers the threads"
            % " ".join(args))
    return name_of_map(ids)


def check_wait(scene, out, what):
    """The WAIT of the scene's lock waiter in OUT, the output of `threads
    --json' of one front end, names the kind of lock it waits for."""
    if scene.kind not in WAITS:
        return
    role, lock, sym = WAITS[scene.kind]
    docs = [l for l in out.splitlines() if l.startswith("{")]
    try:
        doc = json.loads(docs[0])
    except (IndexError, ValueError):
        doc = {}
    lwp = scene.roles[role][0][0]
    waits = [t.get("wait") for t in doc.get("threads", ())
             if t.get("lwp") == lwp]
    want = r"%s 0x[0-9a-f]+ <%s>" % (lock, sym)
    T.check(len(waits) == 1 and re.fullmatch(want, waits[0] or ""),
            "%s %s: the %s (LWP %d) waits for `%s' (got %s)"
            % (what, scene.kind, role, lwp, want, waits))


def check_holders(scene, core, what):
    """libompd's ompdbg_get_wait_holder and ompdbg_get_task_edges, asked
    directly on CORE, against the scene's truth."""
    p = subprocess.run([CHECK_SESSION, "holders", HANGS, core],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=120,
                       env=T.clean_env())
    T.log(p.stdout)
    holders = {}
    for m in re.finditer(r"^holder (\d+) (\d+) nest (\d+)", p.stdout,
                         flags=re.M):
        holders[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    kinds = set(re.findall(r"^edge (\w+)", p.stdout, flags=re.M))
    T.check(p.returncode == 0, "%s %s: libompd's holders and task edges "
            "on the core (exit %d)" % (what, scene.kind, p.returncode))
    for waiter, holder, nest in HOLDS.get(scene.kind, ()):
        w = scene.roles[waiter][0][0]
        h = scene.roles[holder][0][0]
        T.check(holders.get(w) == (h, nest), "%s %s: libompd: the %s "
                "(LWP %d) waits for the %s (LWP %d), nest count %d (got %s)"
                % (what, scene.kind, waiter, w, holder, h, nest,
                   holders.get(w)))
    want = EDGES.get(scene.kind, set())
    T.check(kinds == want, "%s %s: libompd: task edges of kinds %s (got %s)"
            % (what, scene.kind, sorted(want), sorted(kinds)))


def cli_threads(args):
    p = subprocess.run([OMPDBG, "threads", "--json"] + args,
                       stdout=subprocess.PIPE, universal_newlines=True,
                       timeout=120, env=T.clean_env())
    return p.stdout


def gdb_session(args, env=None):
    return T.Gdb(args, env=env, pre=("set sysroot /",
                                     "set solib-search-path " + T.OURS))


def run_live(kind, d):
    """gdb with KIND stopped in hang_stop; (gdb, Scene)."""
    truth = os.path.join(d, kind + ".truth")
    g = T.Gdb(["--args", HANGS, kind, truth],
              env={"LD_LIBRARY_PATH": T.OURS})
    g.cmd("break hang_stop")
    out = g.cmd("run", timeout=120)
    if "Operation not permitted" in out or "Could not trace" in out:
        g.kill()
        T.skip("gdb may not trace processes here")
    if "hit Breakpoint" not in out:
        g.kill()
        T.hard("%s did not reach hang_stop under gdb" % kind)
    return g, Scene(kind, truth)


def cli(args, env=None):
    p = subprocess.run([OMPDBG, "diagnose"] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True,
                       timeout=120, env=T.clean_env(env))
    T.log("$ ompdbg diagnose %s\n%s" % (" ".join(args), p.stdout))
    return p.returncode, p.stdout


def valid(doc, what):
    """Check DOC against the schema of docs/json.md."""
    if jsonschema is None:
        T.log("python3-jsonschema is not installed: %s not validated"
              % what)
        return
    with open(SCHEMA) as f:
        errs = list(jsonschema.Draft7Validator(json.load(f))
                    .iter_errors(doc))
    T.check(not errs, "%s: valid by the schema%s" % (
        what, "".join("\n  " + e.message for e in errs[:3])))


def gdb_json(g, scene, what):
    """`ompd diagnose --json' in G: its document, checked."""
    out = g.cmd("ompd diagnose --json", timeout=120)
    T.no_traceback(out, "%s %s: ompd diagnose --json" % (what, scene.kind))
    docs = [l for l in out.splitlines() if l.startswith("{")]
    j = json.loads(docs[0]) if len(docs) == 1 else None
    if not T.check(isinstance(j, dict) and j.get("command") ==
                   "ompd diagnose" and "findings" in j,
                   "%s %s: ompd diagnose --json is one document"
                   % (what, scene.kind)):
        return None
    valid(j, "%s %s: ompd diagnose --json" % (what, scene.kind))
    # The same findings as the text, paragraph for paragraph.
    text = flat(g.cmd("ompd diagnose", timeout=120))
    T.check(" ".join(flat(f["text"]) for f in j["findings"]) == text,
            "%s %s: the --json findings are the text" % (what, scene.kind))
    return j


def same_findings(gj, cj, what):
    """GJ (gdb's document) and CJ (ompdbg's) of one target agree."""
    T.check(set(gj) == set(cj),
            "%s: gdb and ompdbg --json have the same keys (%s; %s)"
            % (what, sorted(gj), sorted(cj)))
    for k in ("deadlocks", "blocked"):
        T.check(gj.get(k) == cj.get(k), "%s: the same %s (%s, %s)"
                % (what, k, gj.get(k), cj.get(k)))

    def key(j):
        return sorted((f["kind"], sorted(f["threads"]))
                      for f in j.get("findings", ()))
    T.check(key(gj) == key(cj), "%s: the same kinds and LWPs (%s; %s)"
            % (what, key(gj), key(cj)))


def check_cli(scene, args, what, gj=None, narrow=None):
    """ompdbg diagnose of ARGS, text and --json; GJ, gdb's document of the
    same core, NARROW gdb's text at `set width 60', when there are."""
    check_wait(scene, cli_threads(args), what + " ompdbg threads")
    rc, out = cli(args)
    T.check(rc == 0, "%s %s: ompdbg diagnose exits 0" % (what, scene.kind))
    scene.check(out, cli_name_of(args), what + " ompdbg")
    rc, out = cli(["--json"] + args)
    try:
        j = json.loads(out)
    except ValueError:
        j = None
    if T.check(isinstance(j, dict), "%s %s: --json is one JSON object"
               % (what, scene.kind)):
        T.check(j.get("ompdbg_json") == 1 and j.get("command") == "diagnose"
                and isinstance(j.get("target"), dict),
                "%s %s: --json has the envelope" % (what, scene.kind))
        hung = scene.kind != "nohang"
        T.check(bool(j.get("deadlocks") or j.get("blocked")) == hung,
                "%s %s: --json %s" % (what, scene.kind,
                                      "finds the hang" if hung
                                      else "finds no hang"))
        valid(j, "%s %s: ompdbg diagnose --json" % (what, scene.kind))
        if gj is not None:
            same_findings(gj, j, "%s %s" % (what, scene.kind))
            # A core's threads are in one order for both: the same words.
            texts = [[flat(f["text"]) for f in doc.get("findings", ())]
                     for doc in (gj, j)]
            T.check(texts[0] == texts[1], "%s %s: gdb and ompdbg say the "
                    "same words%s" % (what, scene.kind, "" if texts[0] ==
                                      texts[1] else "\n  gdb:    %s\n"
                                      "  ompdbg: %s" % tuple(texts)))
    if narrow is not None:
        # In 60 columns too, line for line.
        rc, out = cli(args, {"COLUMNS": "60"})
        T.check(out.splitlines() == narrow.splitlines(),
                "%s %s: ompdbg at COLUMNS=60 prints gdb's lines at `set "
                "width 60'" % (what, scene.kind))


def diagnose_core(core, scene, what):
    """`ompd diagnose' and its --json in gdb on CORE of SCENE, checked;
    the document and the text at `set width 60'."""
    g = gdb_session([HANGS, core])
    out = g.cmd("ompd diagnose", timeout=120)
    T.no_traceback(out, "%s %s: ompd diagnose" % (what, scene.kind))
    scene.check(out, gdb_name_of(g), what + " gdb")
    check_wait(scene, g.cmd("ompd threads --json"), what + " ompd threads")
    j = gdb_json(g, scene, what)
    g.cmd("set width 60")
    narrow = g.cmd("ompd diagnose", timeout=120)
    g.quit()
    return j, narrow


def limits():
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


def kernel_core(kind, kd):
    truth = os.path.join(kd, kind + ".truth")
    try:
        subprocess.run([HANGS, kind, truth, "abort"], cwd=kd,
                       env=T.clean_env({"LD_LIBRARY_PATH": T.OURS}),
                       preexec_fn=limits, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as e:
        T.log("no kernel core of %s (%s)" % (kind, e))
        return None, None
    for i in range(20):
        cores = [f for f in os.listdir(kd) if f.startswith("core")]
        if cores:
            time.sleep(0.2)
            return os.path.join(kd, cores[0]), Scene(kind, truth)
        time.sleep(0.1)
    T.log("no kernel core of %s written" % kind)
    return None, None


T.require_libompd()
if not os.path.exists(HANGS):
    T.hard("%s is not built" % HANGS)
have_cli = os.path.exists(INSPECT) and os.path.exists(OMPDBG)
if not have_cli:
    T.hard("%s or %s is not built" % (INSPECT, OMPDBG))
d = T.tmpdir()
kinds = [k for k in SPECS]
pattern = open("/proc/sys/kernel/core_pattern").read().strip()
hard_limit = resource.getrlimit(resource.RLIMIT_CORE)[1]
kernel_why = None
if pattern.startswith("|"):
    kernel_why = "kernel cores go to a helper (%s)" % pattern
elif "/" in pattern:
    kernel_why = "kernel cores go to another directory (%s)" % pattern
elif hard_limit == 0:
    kernel_why = "the hard core size limit is 0"
if kernel_why:
    T.log(kernel_why + ": kernel-core checks skipped")

for kind in kinds:
    # Live, in gdb; then a gcore core of the same process.
    g, scene = run_live(kind, d)
    T.check(scene.ready, "%s: the scene wrote its truth" % kind)
    out = g.cmd("ompd diagnose", timeout=120)
    T.no_traceback(out, "live %s: ompd diagnose" % kind)
    scene.check(out, gdb_name_of(g), "live gdb")
    check_wait(scene, g.cmd("ompd threads --json"), "live ompd threads")
    # At `set width 60' the same words in lines of at most 60 columns;
    # --wide is the unlimited text.
    g.cmd("set width 60")
    narrow = g.cmd("ompd diagnose", timeout=120)
    wide = g.cmd("ompd diagnose --wide", timeout=120)
    g.cmd("set width 0")
    long = [l for l in narrow.splitlines() if len(l) > 60]
    T.check(not long and flat(narrow) == flat(out),
            "live %s: ompd diagnose at width 60: the same words, no line "
            "longer (%s)" % (kind, long[:1]))
    T.check(wide == out, "live %s: ompd diagnose --wide is the unlimited "
            "text" % kind)
    core = os.path.join(d, kind + ".core")
    g.cmd("gcore " + core, timeout=120)
    g.quit()
    gj, gn = diagnose_core(core, scene, "gcore")
    check_holders(scene, core, "gcore")
    if have_cli:
        check_cli(scene, [HANGS, core], "gcore", gj, gn)
        # Live: the scene waits for ever; ompdbg attaches to it.
        truth = os.path.join(d, kind + ".live.truth")
        p = subprocess.Popen([HANGS, kind, truth, "hang"],
                             env=T.clean_env({"LD_LIBRARY_PATH": T.OURS}),
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        try:
            for i in range(600):
                if os.path.exists(truth) and \
                        open(truth).read().endswith("ready\n"):
                    break
                time.sleep(0.1)
            check_cli(Scene(kind, truth), [str(p.pid)], "live")
        finally:
            p.kill()
            p.wait()
    os.unlink(core)
    if kernel_why is None:
        kd = os.path.join(d, "k-" + kind)
        os.mkdir(kd)
        kcore, kscene = kernel_core(kind, kd)
        if kcore is None:
            kernel_why = "no kernel core"
            continue
        kj, kn = diagnose_core(kcore, kscene, "kernel core")
        check_holders(kscene, kcore, "kernel core")
        if have_cli:
            check_cli(kscene, [HANGS, kcore], "kernel core", kj, kn)
        os.unlink(kcore)
T.finish()
