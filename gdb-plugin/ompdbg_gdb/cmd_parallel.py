"""cmd_parallel.py -- `ompd parallel': the tree of active parallel
regions."""

import gdb

from . import model as M
from .cmd_threads import short_state
from . import session as S
from . import util as U


def region_label(r):
    fn = r.function()
    if isinstance(fn, U.Unreadable):
        return str(fn)
    if fn is None:
        return "implicit parallel region of the initial thread" \
            if r.level() == 0 else "(entry unknown)"
    return M.construct_label(fn, "parallel")


def member_text(sess, r, num, t, short=False):
    """`N: thread G STATE'; SHORT: the state's short form
    (wait_bar_expl)."""
    if t is None:
        return "%d: %s" % (num, U.cell(None, none="?",
                                       error=r.member_errors.get(num)))
    state, wid = t.state()
    g = t.ref()
    if isinstance(state, U.Unreadable):
        return "%d: %s %s" % (num, g, state)
    if t.unstarted():
        return "%d: %s assigned, not started" % (num, g)
    name = sess.state_name(state) if state is not None else "?"
    return "%d: %s %s" % (num, g, short_state(name) if short else name)


def regions_json(sess, regions):
    """The regions as objects of the JSON document (docs/json.md):
    parents before their children, as the table lists them."""
    from .jsonout import value as V
    children = {}
    roots = []
    for r in regions:
        p = r.parent()
        (children.setdefault(p.id, []) if p is not None else roots).append(r)
    out = []

    def walk(r):
        p = r.parent()
        size = r.team_size()
        mem = []
        if r.level() and isinstance(size, int):
            for i, t in r.members():
                state = None
                if t is not None and not t.unstarted():
                    s, w = t.state()
                    state = V(s) if isinstance(s, U.Unreadable) else \
                        (sess.state_name(s) if s is not None else None)
                mem.append({"omp": i,
                            "id": t.gdb_num if t is not None else None,
                            "lwp": t.lwp if t is not None else None,
                            "state": state,
                            "unstarted": bool(t is not None and
                                              t.unstarted())})
        out.append({"id": r.id, "parent": p.id if p is not None else None,
                    "level": V(r.level()),
                    "active_level": V(r.active_level()),
                    "size": V(size), "entry": region_label(r),
                    "members": mem})
        for c in children.get(r.id, []):
            walk(c)
    for r in roots:
        walk(r)
    return out


# Members listed by default; --members lists them all.
SHOWN_MEMBERS = 16

REGION_COLS = ["REGION", "LEVEL", "ACTIVE", "SIZE",
               U.Col("ENTRY", 24, fit="wrap")]


class OmpdParallel(U.OmpdCommand):
    """Show the tree of active parallel regions.

Usage: ompd parallel [--members|-m] [--brief|-b] [--wide|-w] [--json]

For each region: its id (#N, numbered outermost first for this stop),
nesting level and active level, team size, and the user's code it runs
(the outlined function with file:line, e.g. `#pragma omp parallel at
x.c:12 (in main)', `!$omp parallel at x.f90:29 (in solver::accumulate)'),
with nested regions indented below their parent.  Under each region its
team's members with their gdb thread and state: the first 16, then
`... and N more' for a larger team; --members lists them all, --brief
none.  The output fits gdb's `width' (`set width'): ENTRY and the
member lists continue on the next lines, never breaking a word or a
member, and a member list too long for one line gives the states in
their short forms (wait_bar_expl, see `help ompd threads'); --wide
writes each on one line, however long.  A value that cannot be read
from the target, or cannot be true (a team larger than the process),
shows as `unreadable (REASON)'.  --json writes the regions, each with
all its members, as one JSON document (docs/json.md)."""

    def __init__(self):
        super(OmpdParallel, self).__init__("ompd parallel",
                                           gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        return [o for o in ("--members", "--brief", "--wide", "--json")
                if o not in before]

    def run(self, arg, from_tty):
        members = None
        wide = False
        for a in U.split_args(arg):
            if a in ("--members", "-m"):
                members = True
            elif a in ("--brief", "-b"):
                members = False
            elif a in ("--wide", "-w"):
                wide = True
            else:
                raise gdb.GdbError("ompd parallel: unknown option `%s'" % a)
        sess = S.current()
        m = M.model(sess)
        regions = m.regions()
        if not regions and self.json:
            self.json_doc = {"regions": []}
            return
        if not regions:
            gdb.write("No parallel regions.\n")
            return
        if self.json:
            self.json_doc = {"regions": regions_json(sess, regions)}
            return
        limit = U.width(wide)
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
            rows.append(["  " * depth + "#%d" % r.id,
                         U.cell(r.level(), none="?"),
                         U.cell(r.active_level(), none="?"),
                         U.cell(r.team_size(), none="?"),
                         region_label(r)])
            size = r.team_size()
            if members is not False and r.level() and isinstance(size, int):
                ms = r.members()
                shown = ms if members else ms[:SHOWN_MEMBERS]
                prefix = " " * (2 * depth + 4) + "members: "
                items = [member_text(sess, r, i, t) for i, t in shown]
                if limit is not None and \
                        len(prefix) + len(", ".join(items)) > limit:
                    # More to a line with the states' short forms.
                    items = [member_text(sess, r, i, t, True)
                             for i, t in shown]
                more = max(size, len(ms)) - len(shown)
                if more > 0:
                    items.append("%s and %d more" % (U.ellipsis(), more))
                mem[len(rows) - 1] = U.wrap_items(prefix, items, limit)
            for c in children.get(r.id, []):
                walk(c, depth + 1)
        for r in roots:
            walk(r, 0)
        # The table, with member lines after their region's row.
        header, body = U.table_lines(REGION_COLS, rows, limit)
        out = [header]
        for k, lines in enumerate(body):
            out.extend(lines)
            out.extend(mem.get(k, []))
        gdb.write("\n".join(out) + "\n")
