"""util.py -- what every command shares: error handling (never a Python
traceback in front of the user), values the target does not give
(`unreadable (reason)'), `set ompd stats' reporting, aligned tables,
argument parsing and completion."""

import functools
import shlex
import time
import traceback

import gdb

from . import binding as B
from .cache import cache

settings = {"stats": False, "debug": False}


class OmpdCommand(gdb.Command):
    """Base of the `ompd ...' commands: subclasses define run(arg,
    from_tty).  Errors become gdb.GdbError messages."""

    def __init__(self, name, command_class, completer_class=None):
        self.cmd_name = name
        if completer_class is None:
            super(OmpdCommand, self).__init__(name, command_class)
        else:
            super(OmpdCommand, self).__init__(name, command_class,
                                              completer_class)

    def invoke(self, arg, from_tty):
        t0 = time.monotonic()
        before = cache.stats.snapshot()
        calls0 = _lib_calls()
        try:
            self.run(arg, from_tty)
        except gdb.GdbError:
            raise
        except KeyboardInterrupt:
            raise gdb.GdbError("ompd: interrupted")
        except B.OmpdError as e:
            raise gdb.GdbError("ompd: libompd reported: %s" % e)
        except gdb.MemoryError as e:
            raise gdb.GdbError("ompd: cannot read target memory: %s" % e)
        except gdb.error as e:
            raise gdb.GdbError("ompd: %s" % e)
        except Exception as e:
            if settings["debug"]:
                traceback.print_exc()
            raise gdb.GdbError("ompd: internal error in `%s': %s: %s "
                               "(`set ompd debug on' shows details)"
                               % (self.cmd_name, type(e).__name__, e))
        finally:
            if settings["stats"]:
                after = cache.stats.snapshot()
                dt = time.monotonic() - t0
                d = [a - b for a, b in zip(after, before)]
                gdb.write("[ompd stats] %s: %.3f s, %d libompd calls, %d "
                          "libompd reads, %d memory requests, %d target "
                          "reads (%d bytes), %d symbol lookups\n"
                          % (self.cmd_name, dt, _lib_calls() - calls0,
                             d[4], d[0], d[1], d[2], d[3]))

    def complete(self, text, word):
        # gdb calls complete() twice: first with WORD None only to learn
        # the word-break characters (a list is ignored then).
        if word is None:
            return []
        try:
            before, cur = last_words(text)
            return complete_word(cur, word, self.candidates(before, cur))
        except Exception:
            # Completion must never show a traceback, whatever the target.
            return []

    def candidates(self, before, cur):
        """Words that may come where the user typed CUR, after the
        arguments BEFORE (a list).  Subclasses override."""
        return []


# ---- values the target does not give -----------------------------------------
# A damaged core (a crash that overwrote the runtime's data, a dump cut
# short) must cost the rows or cells that cannot be read, never a whole
# command, and garbage must never be shown as a fact.  Such a value is an
# Unreadable: false in a boolean context and not None, so that code that
# only asks "is there one?" goes on as for a missing value, while the
# cells say `unreadable (REASON)'.

class Unreadable(object):
    """A value that cannot be shown: reading it failed, or what was read
    is not plausible (REASON says which, in words)."""

    __slots__ = ("reason",)

    def __init__(self, reason):
        self.reason = reason

    def __bool__(self):
        return False

    def __str__(self):
        return unreadable(self.reason)

    __repr__ = __str__


def unreadable(reason):
    """The cell text of a value that cannot be shown."""
    return "unreadable (%s)" % reason


def cell(value, fmt=str, none="-", error=None):
    """The table cell of VALUE: FMT(VALUE); NONE when there is none, or
    `unreadable (...)' when ERROR (an Unreadable) says why there is
    none; an Unreadable VALUE as itself."""
    if isinstance(value, Unreadable):
        return str(value)
    if value is None:
        return str(error) if isinstance(error, Unreadable) else none
    return fmt(value)


def known(value):
    """VALUE when it is a real value (not None, not Unreadable)."""
    return None if isinstance(value, Unreadable) else value


# libompd's return codes that mean "the target's data could not be read
# or made no sense", as opposed to "there is none" (unavailable) or "this
# runtime does not record it" (unsupported, incompatible).
UNREADABLE_RCS = frozenset(getattr(B, n) for n in (
    "ompd_rc_device_read_error", "ompd_rc_error", "ompd_rc_stale_handle",
    "ompd_rc_nomem", "ompd_rc_callback_error") if hasattr(B, n))


def unreadable_rc(rc):
    """An Unreadable for libompd's return code RC."""
    if rc == B.ompd_rc_error:
        # What libompd answers for data that make no sense (a cycle, a
        # count beyond its limits).
        return Unreadable("inconsistent runtime data")
    return Unreadable(B.RC_TEXT.get(rc, B.RC_NAMES.get(rc, "rc %s" % rc)))


def _lib_calls():
    from . import session as S
    n = 0
    for lib, cb, api in S._libraries.values():
        n += lib.ncalls
    return n


def guarded(what, default=None):
    """Decorator for gdb callbacks outside a command (breakpoint stop(),
    parameter setters, event handlers): gdb would print a Python traceback
    for an exception escaping them, so a failure becomes one `[ompd] ...'
    line and DEFAULT is returned."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kw):
            try:
                return fn(*args, **kw)
            except KeyboardInterrupt:
                return default
            except Exception as e:
                try:
                    if settings["debug"]:
                        traceback.print_exc()
                    gdb.write("[ompd] %s failed: %s\n"
                              % (what, str(e) or type(e).__name__),
                              gdb.STDERR)
                except Exception:
                    pass
                return default
        return run
    return wrap


# ---- completion ----------------------------------------------------------------
def last_words(text):
    """([the arguments before], the argument being typed) of the command
    line TEXT (everything after the command name)."""
    parts = text.split()
    if text and not text[-1].isspace():
        cur = parts.pop() if parts else ""
    else:
        cur = ""
    return parts, cur


def complete_word(cur, word, candidates):
    """The completions of CUR among CANDIDATES, as gdb wants them: gdb
    breaks words at `-' and other characters, so WORD may be only the end
    of CUR (`th' of `--th'); each completion is cut to what replaces
    WORD."""
    cut = len(cur) - len(word) if cur.endswith(word) else 0
    return sorted(set(c[cut:] for c in candidates if c.startswith(cur)))


def thread_numbers():
    """gdb numbers of the OpenMP threads of this stop (of every thread
    when OMPD is not initialised), as strings, for completing --thread."""
    try:
        from . import model as M
        from . import session as S
        sess = S.current(required=False)
        if sess is not None:
            return [str(t.gdb_num) for t in M.model(sess).threads()
                    if t.gdb_num is not None]
        return [str(t.num) for t in gdb.selected_inferior().threads()]
    except Exception:
        return []


def split_args(arg):
    try:
        return shlex.split(arg or "")
    except ValueError as e:
        raise gdb.GdbError("ompd: %s" % e)


def table(headers, rows, out=None):
    """Write ROWS (lists of strings) under HEADERS, columns aligned; the
    last column is not padded.  The last cell of a row shorter than
    HEADERS spans the columns left (an unreadable thread's reason) and
    does not widen its column."""
    rows = [[("" if c is None else str(c)) for c in r] for r in rows]
    w = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            if i < len(r) - 1 or len(r) >= len(headers):
                w[i] = max(w[i], len(c))
    lines = []

    def fmt(r):
        cells = [c.ljust(w[i]) if i < len(r) - 1 else c
                 for i, c in enumerate(r)]
        return "  ".join(cells).rstrip()
    lines.append(fmt(list(headers)))
    for r in rows:
        lines.append(fmt(r))
    gdb.write("\n".join(lines) + "\n")


def int_arg(s, what):
    try:
        return int(s, 0)
    except ValueError:
        raise gdb.GdbError("ompd: %s must be a number, not `%s'" % (what, s))
