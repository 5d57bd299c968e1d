"""cmd_parallel.py -- `ompd parallel': the tree of active parallel
regions."""

import gdb

from . import model as M
from . import session as S
from . import util as U


def region_label(r):
    fn = r.function()
    if fn is None:
        return "implicit parallel region of the initial thread" \
            if r.level() == 0 else "(entry unknown)"
    return M.construct_label(fn, "parallel")


def member_text(sess, num, t):
    if t is None:
        return "%d: ?" % num
    state, wid = t.state()
    g = ("thread %d" % t.gdb_num) if t.gdb_num is not None else \
        ("LWP %s" % t.lwp)
    what = sess.state_name(state) if state is not None else "?"
    if t.unstarted():
        what = "assigned, not started"
    return "%d: %s %s" % (num, g, what)


class OmpdParallel(U.OmpdCommand):
    """Show the tree of active parallel regions.

Usage: ompd parallel [--members|-m] [--brief|-b]

For each region: its id (#N, numbered outermost first for this stop),
nesting level and active level, team size, and the user's code it runs
(the outlined function with file:line, e.g. `#pragma omp parallel at
x.c:12 (in main)'), with nested regions indented below their parent.
The team's members are listed with their gdb thread and state for teams
of up to 16 threads; --members lists them always, --brief never."""

    def __init__(self):
        super(OmpdParallel, self).__init__("ompd parallel",
                                           gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        return [o for o in ("--members", "--brief") if o not in before]

    def run(self, arg, from_tty):
        members = None
        for a in U.split_args(arg):
            if a in ("--members", "-m"):
                members = True
            elif a in ("--brief", "-b"):
                members = False
            else:
                raise gdb.GdbError("ompd parallel: unknown option `%s'" % a)
        sess = S.current()
        m = M.model(sess)
        regions = m.regions()
        if not regions:
            gdb.write("No parallel regions.\n")
            return
        children = {}
        roots = []
        for r in regions:
            p = r.parent()
            if p is None:
                roots.append(r)
            else:
                children.setdefault(p.id, []).append(r)
        rows = []
        mem = {}

        def walk(r, depth):
            rows.append(["  " * depth + "#%d" % r.id, str(r.level()),
                         str(r.active_level()), str(r.team_size()),
                         region_label(r)])
            show = members if members is not None else \
                (r.team_size() or 0) <= 16
            if show and r.level():
                mem[len(rows) - 1] = [member_text(sess, i, t)
                                      for i, t in r.members()]
            for c in children.get(r.id, []):
                walk(c, depth + 1)
        for r in roots:
            walk(r, 0)
        # The table, with member lines after their region's row.
        headers = ["REGION", "LEVEL", "ACTIVE", "SIZE", "ENTRY"]
        w = [len(h) for h in headers]
        for row in rows:
            for i, c in enumerate(row):
                w[i] = max(w[i], len(c))
        out = ["  ".join(h.ljust(w[i]) for i, h in enumerate(headers)).rstrip()]
        for k, row in enumerate(rows):
            out.append("  ".join(c.ljust(w[i]) if i < 4 else c
                                 for i, c in enumerate(row)).rstrip())
            if k in mem:
                indent = " " * (len(row[0]) - len(row[0].lstrip()) + 4)
                out.append(indent + "members: " + ", ".join(mem[k]))
        gdb.write("\n".join(out) + "\n")
