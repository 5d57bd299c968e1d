"""cmd_info.py -- `ompd info', `ompd icvs', `ompd env', `ompd init'."""

import ctypes
import re
from ctypes import byref

import gdb

from . import binding as B
from . import callbacks as C
from . import model as M
from . import session as S
from . import util as U
from .cache import cache


class OmpdInfo(U.OmpdCommand):
    """Show the OpenMP runtime and the libompd serving it.

Usage: ompd info [--wide|-w]

The runtime library of the process, the OpenMP version it implements, the
libompd loaded for it (path, version string, OMPD API version), whether
the ompdbg extension is in use, and whether the runtime calls its OMPD
breakpoint functions (OMP_DEBUG=enabled or `ompd break').  A value
wider than gdb's `width' continues on the next lines; --wide writes each
on one line."""

    def __init__(self):
        super(OmpdInfo, self).__init__("ompd info", gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        return [o for o in ("--wide",) if o not in before]

    def run(self, arg, from_tty):
        wide = U.wide_only(arg, "ompd info")
        sess = S.current()
        lib = sess.lib
        v = B.ompd_word_t()
        omp = None
        try:
            lib.call("ompd_get_omp_version", sess.aspace, byref(v))
            omp = v.value
        except B.OmpdError:
            pass
        ostr = None
        p = ctypes.c_void_p()
        try:
            lib.call("ompd_get_omp_version_string", sess.aspace, byref(p))
            ostr = C.take_string(p.value)
        except B.OmpdError:
            pass
        rows = [
            ["runtime", sess.runtime],
            ["OpenMP version", ("%d" % omp if omp is not None else "?")
             + (" (%s)" % ostr if ostr else "")],
            ["libompd", sess.lib_path],
            ["libompd version", lib.version_string() or "?"],
            ["OMPD API version", "%d (library: %s)"
             % (sess.api, _safe(lib.api_version))],
            ["ompdbg extension", ", ".join(sorted(sess.ext)) if sess.ext
             else ("off" if not S.settings["extension"] else "no")],
            ["process", "%d%s" % (sess.pid, " (core file)" if _is_core()
                                  else "")],
        ]
        bp = C.lookup_symbol("ompdbg_bp_enabled")
        if bp is not None:
            try:
                val = int.from_bytes(C.read_target(sess.inferior, bp, 4),
                                     "little")
                rows.append(["breakpoint hooks", "enabled" if val
                             else "disabled"])
            except Exception:
                pass
        U.pairs(rows, wide)


def _safe(f):
    try:
        return f()
    except Exception:
        return "?"


def _is_core():
    try:
        return gdb.selected_inferior().connection.type == "core"
    except Exception:
        return False


SCOPE_WORDS = {"address-space": B.SCOPE_ADDRESS_SPACE,
               "global": B.SCOPE_GLOBAL, "thread": B.SCOPE_THREAD,
               "parallel": B.SCOPE_PARALLEL, "task": B.SCOPE_TASK,
               "implicit-task": B.SCOPE_IMPLICIT_TASK}


def in_scope(sc, scope):
    """Whether an ICV of scope SC is shown for the SCOPE asked (None:
    all); address-space includes global, task includes implicit-task."""
    return scope is None or sc == scope or (
        scope == B.SCOPE_ADDRESS_SPACE and sc == B.SCOPE_GLOBAL) or (
        scope == B.SCOPE_TASK and sc == B.SCOPE_IMPLICIT_TASK)


def icv_text(sess, h, sc, icv_id):
    """ICV_ID of scope SC of handle H as text: its string, else its
    number, else why it cannot be read."""
    try:
        return sess.icv_string(h, sc, icv_id)
    except B.OmpdError:
        try:
            return str(sess.icv_int(h, sc, icv_id))
        except B.OmpdError as e:
            return (str(U.unreadable_rc(e.rc)) if e.rc in U.UNREADABLE_RCS
                    else "(%s)" % B.RC_TEXT.get(e.rc, "error"))


def _checked(name, t, region):
    """The plugin's own reading of the ICVs it checks for plausibility
    (model.py): an Unreadable where the raw value cannot be true."""
    if name == "thread-num-var" and t is not None:
        return t.thread_num()
    if region is not None:
        if name == "team-size-var":
            return region.team_size()
        if name == "levels-var":
            return region.level()
        if name == "active-levels-var":
            return region.active_level()
    return None


def _places(sess):
    """The place list of the runtime as OMP_PLACES writes it, one "{...}"
    per place, from gomp-places-var (ompdbg's libompd) or
    OMP_PLACES in the display control variables; None when unknown."""
    text = None
    icv_id, sc = sess.icv_id("gomp-places-var")
    if icv_id is not None:
        try:
            text = sess.icv_string(sess.aspace, sc, icv_id)
        except B.OmpdError:
            text = None
    if not text:
        return None
    places = re.findall(r"\{[^{}]*\}", text)
    # Only a list of explicit places can be indexed (not "cores", nor
    # an interval "{0}:4:1").
    if not places or re.sub(r"\{[^{}]*\}|,|\s", "", text):
        return None
    return places


def _partition_places(sess, val):
    """place-partition-var, whose value libompd gives as place numbers
    ("2,3"), as the places themselves ("{2},{3}"), OMP_PLACES-like; the
    numbers where the place list is unknown."""
    if not re.match(r"^\d+(,\d+)*$", val):
        return val
    places = _places(sess)
    nums = [int(x) for x in val.split(",")]
    if places is None or max(nums) >= len(places):
        return "places " + val
    return ",".join(places[n] for n in nums)


class OmpdIcvs(U.OmpdCommand):
    """Show the internal control variables (ICVs).

Usage: ompd icvs [--wide|-w] [SCOPE] [NAME...]

SCOPE is one of address-space (or global), thread, parallel, task: only
ICVs of that scope.  NAME restricts to those ICVs (e.g. nthreads-var).
Values are those seen from the selected gdb thread: its OpenMP thread,
innermost parallel region and current task, as libompd enumerates them
(ompd_enumerate_icvs).  An ICV that does not apply (no parallel region,
say) shows as `-'; one that cannot be read from the target, or cannot
be true (a team larger than the process), as `unreadable (REASON)'.  A
value wider than gdb's `width' continues on the next lines under VALUE;
--wide writes each on one line."""

    def __init__(self):
        super(OmpdIcvs, self).__init__("ompd icvs", gdb.COMMAND_STATUS)

    def candidates(self, before, cur):
        # A scope only first; ICV names anywhere (after a scope too),
        # each once.
        words = list(SCOPE_WORDS) if not before else []
        scope = SCOPE_WORDS.get(before[0]) if before else None
        sess = S.current(required=False)
        if sess is not None:
            words += [n for n, i, s in sess.icvs() if n not in before
                      and in_scope(s, scope)]
        return words

    def run(self, arg, from_tty):
        args = U.split_args(arg)
        wide = "--wide" in args or "-w" in args
        args = [a for a in args if a not in ("--wide", "-w")]
        scope = None
        if args and args[0] in SCOPE_WORDS:
            scope = SCOPE_WORDS[args.pop(0)]
        names = set(args)
        sess = S.current()
        m = M.model(sess)
        t = m.thread_of_gdb(gdb.selected_thread())
        region = t.region() if t is not None else None
        task = t.task() if t is not None else None
        icvs = sess.icvs()
        known = set(n for n, i, s in icvs)
        for n in sorted(names):
            if n not in known:
                raise gdb.GdbError("ompd icvs: this libompd has no ICV `%s'"
                                   % n)
        for name, icv_id, sc in icvs:
            if name in names and not in_scope(sc, scope):
                # Say why instead of an empty answer.
                has = B.SCOPE_NAMES.get(sc, str(sc))
                raise gdb.GdbError("ompd icvs: %s is %s %s ICV, not %s"
                                   % (name, "an" if has[0] in "aeiou"
                                      else "a", has,
                                      B.SCOPE_NAMES.get(scope, scope)))
        rows = []
        if names:
            # In the order asked, each once.
            by_name = dict((n, (n, i, sc)) for n, i, sc in icvs)
            order = []
            for n in args:
                if n not in order:
                    order.append(n)
            icvs = [by_name[n] for n in order]
        for name, icv_id, sc in icvs:
            if not in_scope(sc, scope):
                continue
            h = None
            if sc in (B.SCOPE_ADDRESS_SPACE, B.SCOPE_GLOBAL):
                h = sess.aspace
            elif sc == B.SCOPE_THREAD and t is not None:
                h = t.handle
            elif sc == B.SCOPE_PARALLEL and region is not None:
                h = region.handle
            elif sc in (B.SCOPE_TASK, B.SCOPE_IMPLICIT_TASK) \
                    and task is not None:
                h = task.handle
            val = "-"
            if h is not None:
                val = icv_text(sess, h, sc, icv_id)
                checked = _checked(name, t, region)
                if isinstance(checked, U.Unreadable):
                    val = str(checked)
            elif t is not None and sc not in (B.SCOPE_ADDRESS_SPACE,
                                              B.SCOPE_GLOBAL):
                err = t.error or (t.region_error if sc == B.SCOPE_PARALLEL
                                  else t.task_error
                                  if sc != B.SCOPE_THREAD else None)
                val = U.cell(None, error=err)
            if name == "place-partition-var" and h is not None:
                val = _partition_places(sess, val)
            rows.append([name, B.SCOPE_NAMES.get(sc, str(sc)), val])
        if not rows:
            gdb.write("No ICVs match.\n")
            return
        U.table(["ICV", "SCOPE", U.Col("VALUE", 16, fit="wrap")], rows,
                wide=wide)


# The settings OMP_DISPLAY_ENV shows (OpenMP 5.1 §6.12) and the ICV
# each sets: where the runtime's own lines cannot be read, each line
# comes from its ICV.
_ENV_ICVS = (("OMP_DYNAMIC", "dyn-var"),
             ("OMP_NUM_THREADS", "nthreads-var"),
             ("OMP_SCHEDULE", "run-sched-var"),
             ("OMP_PROC_BIND", "bind-var"),
             ("OMP_PLACES", "place-partition-var"),
             ("OMP_STACKSIZE", "stacksize-var"),
             ("OMP_WAIT_POLICY", "wait-policy-var"),
             ("OMP_THREAD_LIMIT", "thread-limit-var"),
             ("OMP_MAX_ACTIVE_LEVELS", "max-active-levels-var"),
             ("OMP_NUM_TEAMS", "nteams-var"),
             ("OMP_TEAMS_THREAD_LIMIT", "teams-thread-limit-var"),
             ("OMP_CANCELLATION", "cancel-var"),
             ("OMP_DEFAULT_DEVICE", "default-device-var"),
             ("OMP_MAX_TASK_PRIORITY", "max-task-priority-var"),
             ("OMP_DISPLAY_AFFINITY", "display-affinity-var"),
             ("OMP_AFFINITY_FORMAT", "affinity-format-var"),
             ("OMP_ALLOCATOR", "def-allocator-var"),
             ("OMP_TARGET_OFFLOAD", "target-offload-var"),
             ("OMP_DEBUG", "debug-var"))


def _env_from_icvs(sess):
    """[(NAME, VALUE)] of _ENV_ICVS from the ICVs libompd has, seen from
    the selected thread (its current task); a value that cannot be read
    is `unreadable (REASON)' on its own line."""
    m = M.model(sess)
    t = m.thread_of_gdb(gdb.selected_thread())
    task = t.task() if t is not None else None
    ids = dict((n, (i, sc)) for n, i, sc in sess.icvs())
    out = []
    for env, icv in _ENV_ICVS:
        if icv not in ids:
            continue
        icv_id, sc = ids[icv]
        if sc in (B.SCOPE_ADDRESS_SPACE, B.SCOPE_GLOBAL):
            h = sess.aspace
        elif sc in (B.SCOPE_TASK, B.SCOPE_IMPLICIT_TASK) and task is not None:
            h = task.handle
        else:
            err = t.error or t.task_error if t is not None else None
            out.append((env, U.cell(None, error=err)))
            continue
        out.append((env, icv_text(sess, h, sc, icv_id)))
    return out


class OmpdEnv(U.OmpdCommand):
    """Show the runtime's display control variables.

Usage: ompd env [--wide|-w]

The settings the runtime runs with, as NAME=VALUE lines (what
OMP_DISPLAY_ENV=verbose prints at start-up), read from the process or the
core with ompd_get_display_control_vars.  Where the runtime's lines
cannot be read (a damaged core), each setting is shown from the ICV it
sets, one that cannot be read as `unreadable (REASON)' on its own line.
A line wider than gdb's `width' continues under its value; --wide
writes each on one line."""

    def __init__(self):
        super(OmpdEnv, self).__init__("ompd env", gdb.COMMAND_STATUS)

    def run(self, arg, from_tty):
        wide = U.wide_only(arg, "ompd env")
        n = U.width(wide)
        sess = S.current()
        vec = ctypes.c_void_p()
        rc = sess.lib.call("ompd_get_display_control_vars", sess.aspace,
                           byref(vec), ok=tuple(range(0, 64)))
        if rc != B.ompd_rc_ok:
            if rc not in U.UNREADABLE_RCS:
                raise B.OmpdError("ompd_get_display_control_vars", rc)
            for l in U.wrap("ompd env: the runtime's settings cannot be "
                            "read (%s); each from the ICV it sets:"
                            % U.unreadable_rc(rc).reason, n):
                gdb.write(l + "\n")
            for name, val in _env_from_icvs(sess):
                for l in U.hanging(name + "=", val, n):
                    gdb.write(l + "\n")
            return
        try:
            arr = ctypes.cast(vec, ctypes.POINTER(ctypes.c_char_p))
            for i in range(100000):
                s = arr[i]
                if s is None:
                    break
                line = s.decode("utf-8", "replace").rstrip("\n")
                name, eq, val = line.partition("=")
                for l in (U.hanging(name + eq, val, n) if eq
                          else U.wrap(line, n)):
                    gdb.write(l + "\n")
        finally:
            sess.lib.call("ompd_rel_display_control_vars", byref(vec),
                          ok=tuple(range(0, 20)))


class OmpdInit(U.OmpdCommand):
    """(Re-)initialise OMPD for the current process.

Usage: ompd init

Not normally needed: the plugin initialises by itself as soon as the
runtime has published its libompd (ompd_dll_locations).  `ompd init'
forgets the current session, reads ompd_dll_locations again (or uses
`set ompd library PATH') and opens a new session."""

    def __init__(self):
        super(OmpdInit, self).__init__("ompd init", gdb.COMMAND_SUPPORT)

    def run(self, arg, from_tty):
        inf = gdb.selected_inferior()
        S.drop(inf.num)
        cache.invalidate_symbols()
        M.invalidate_code()
        S._announced.discard((inf.num, inf.pid))
        S.initialise(inf)
