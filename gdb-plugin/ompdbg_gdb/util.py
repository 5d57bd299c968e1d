"""util.py -- what every command shares: error handling (never a Python
traceback in front of the user), `set ompd stats' reporting, aligned
tables, argument parsing."""

import shlex
import time
import traceback

import gdb

from . import binding as B
from . import callbacks as C
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
                gdb.write("[ompd stats] %s: %.3f s, %d libompd calls, %d "
                          "memory requests, %d target reads (%d bytes), %d "
                          "symbol lookups\n"
                          % (self.cmd_name, dt, _lib_calls() - calls0,
                             after[0] - before[0], after[1] - before[1],
                             after[2] - before[2], after[3] - before[3]))


def _lib_calls():
    from . import session as S
    n = 0
    for lib, cb, api in S._libraries.values():
        n += lib.ncalls
    return n


def split_args(arg):
    try:
        return shlex.split(arg or "")
    except ValueError as e:
        raise gdb.GdbError("ompd: %s" % e)


def table(headers, rows, out=None):
    """Write ROWS (lists of strings) under HEADERS, columns aligned; the
    last column is not padded."""
    rows = [[("" if c is None else str(c)) for c in r] for r in rows]
    w = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
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
