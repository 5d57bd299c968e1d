#!/usr/bin/python3
"""faults.py -- a failure inside the plugin where gdb calls it outside a
command (event handlers, `set ompd ...', a breakpoint's stop(), the
commands of `ompd break --user') is one `[ompd] ...' line, never a Python
traceback, and gdb goes on.  The failures are injected by replacing one
plugin function at a time with one that raises; each check is positive:
the `[ompd]' line must be there.  Scene `task'."""

import os
import re

import gdbtest as T

T.require_libompd()
d = T.tmpdir()
truth = os.path.join(d, "task.truth")
env = {"LD_LIBRARY_PATH": T.OURS}

BOOM = ("python\n"
        "def _ompd_boom(*a, **k):\n"
        "    raise RuntimeError('injected fault')\n"
        "end")


def clean(out, what):
    """No traceback, and gdb still answers."""
    T.no_traceback(out, what)


def patch(g, module, name):
    g.cmd("python import ompdbg_gdb.%s as _m; _m._saved_%s = _m.%s; "
          "_m.%s = _ompd_boom" % (module, name, name, name))


def unpatch(g, module, name):
    g.cmd("python import ompdbg_gdb.%s as _m; _m.%s = _m._saved_%s"
          % (module, name, name))


def one_line(out, what, where):
    n = len(re.findall(r"^\[ompd\] %s failed: injected fault$"
                       % re.escape(what), out, flags=re.M))
    T.check(n >= 1, "%s: an `[ompd] %s failed: injected fault' line "
            "(got %d)" % (where, what, n))
    clean(out, where)


g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
g.cmd(BOOM)

# New objfiles while the program starts (model.invalidate_code is called
# by the handler).
patch(g, "model", "invalidate_code")
g.cmd("break main")
out = g.cmd("run", timeout=120)
if "Operation not permitted" in out:
    T.skip("gdb may not trace processes here")
one_line(out, "handling a new objfile", "new_objfile handler")
T.check("Breakpoint 1, main" in out, "new_objfile handler: the program "
        "still stopped at main")
unpatch(g, "model", "invalidate_code")

# A stop (session.try_auto is called by the handler).
patch(g, "session", "try_auto")
out = g.cmd("next")
one_line(out, "handling the stop", "stop handler")
unpatch(g, "session", "try_auto")

# Settings.
patch(g, "session", "drop")
out = g.cmd("set ompd extension off")
one_line(out, "set ompd", "set ompd extension")
out = g.cmd("set ompd library /nonexistent/libompd.so")
one_line(out, "set ompd library", "set ompd library")
unpatch(g, "session", "drop")
g.cmd("set ompd library")
g.cmd("set ompd extension on")
out = g.cmd("show ompd extension")
T.check("ompd extension is on." in out, "show ompd extension answers")

# A breakpoint's stop(): the failure is reported, and the breakpoint
# stops (better than passing silently).
g.cmd("ompd break parallel-begin")
g.cmd("python import ompdbg_gdb.cmd_break as _b; _b._saved = _b._user_fns; "
      "_b._user_fns = None")
out = g.cmd("continue", timeout=60)
T.check(re.search(r"^\[ompd\] ompd break: the event's stop failed: ", out,
                  flags=re.M) is not None,
        "stop(): one `[ompd] ompd break: the event's stop failed' line")
clean(out, "stop()")
T.check("hit Breakpoint 2, ompd_bp_parallel_begin" in out,
        "stop(): the breakpoint still stops")
g.cmd("python import ompdbg_gdb.cmd_break as _b; _b._user_fns = _b._saved")
g.cmd("delete 2")
g.quit()

# --user when the user's code cannot be found: the program stays in the
# runtime, with one message.
g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
g.cmd(BOOM)
g.cmd("ompd break parallel-begin --user")
patch(g, "cmd_break", "_user_breakpoint")
out = g.cmd("run", timeout=120)
T.check("[ompd] --user: cannot stop in the user's code (injected fault); "
        "stopped in the runtime" in out,
        "--user: says it cannot stop in the user's code")
clean(out, "--user failure")
o = g.cmd("frame")
T.check("ompd_bp_parallel_begin" in o, "--user failure: stopped in the "
        "runtime's event function")
g.quit()

# The exit of the process and the objfiles' removal.
g = T.Gdb(["--args", T.SCENES, "task", truth], env=env)
g.cmd(BOOM)
g.cmd("break main")
g.cmd("run", timeout=120)
patch(g, "session", "drop")
out = g.cmd("continue", timeout=120)
one_line(out, "handling the exit of the process", "exited handler")
T.check("exited normally" in out, "exited handler: the program exited")
patch(g, "model", "invalidate_code")
out = g.cmd("file " + T.SCENES)
out += g.cmd("symbol-file")
one_line(out, "handling the objfiles' removal", "clear_objfiles handler")
unpatch(g, "model", "invalidate_code")
unpatch(g, "session", "drop")
out = g.cmd("print 1 + 1")
T.check("= 2" in out, "gdb goes on after every injected fault")
g.quit()
T.finish()
