#!/usr/bin/python3
"""no-ompd.py -- without OMPD the plugin says so once, clearly, with no
error spew: a program on the system libgomp (no ompd_dll_locations), a
program that is not running, a core-less session, and a runtime whose
libompd cannot be found.  Every ompd command must answer with one
message, never a Python traceback."""

import os

import gdbtest as T

T.require_built()
d = T.tmpdir()
COMMANDS = ("ompd threads", "ompd parallel", "ompd tasks", "ompd icvs",
            "ompd env", "ompd info", "ompd bt")

if not T.GOMP:
    T.log("system libgomp not found: that part is skipped")
else:
    truth = os.path.join(d, "gomp.truth")
    g, out = T.run_to_stop("parallel", truth,
                           env_extra={"LD_LIBRARY_PATH": T.GOMP})
    T.check("OMPD" not in out and "ompd:" not in out and "[ompd]" not in out,
            "system libgomp: nothing about OMPD while running")
    T.no_traceback(out, "system libgomp: run")
    for c in COMMANDS:
        o = g.cmd(c)
        T.no_traceback(o, "system libgomp: " + c)
        T.check("does not support OMPD" in o and "libgomp" in o,
                "system libgomp: `%s' says the runtime has no OMPD" % c)
        T.check(len(o.strip().split("\n")) <= 2,
                "system libgomp: `%s' answers in one message" % c)
    o = g.cmd("bt")
    T.check("#0" in o and "scene_stop" in o, "system libgomp: bt still works")
    g.quit()

# Not running.
g = T.Gdb([T.SCENES])
for c in COMMANDS:
    o = g.cmd(c)
    T.no_traceback(o, "not running: " + c)
    T.check("not running" in o, "not running: `%s' says so" % c)
o = g.cmd("ompd nonsense")
T.check("Undefined ompd command" in o, "an unknown subcommand is an error")
o = g.cmd("ompd break nonsense")
T.check("unknown event" in o, "ompd break: an unknown event is an error")
o = g.cmd("help ompd")
T.check("ompd threads" in o and "ompd parallel" in o, "help ompd lists "
        "the commands")
for c in COMMANDS + ("ompd break", "ompd init"):
    o = g.cmd("help " + c)
    T.check(len(o.strip().split("\n")) >= 3 and "Usage" in o,
            "`help %s' has a usage text" % c)
g.quit()

# Our runtime, but its libompd is not where it says.
truth = os.path.join(d, "nolib.truth")
g, out = T.run_to_stop("parallel", truth,
                       cmds=("set ompd library /nonexistent/libompd.so",),
                       plugin=True)
T.no_traceback(out, "missing libompd: run")
T.check(out.count("/nonexistent/libompd.so") <= 2,
        "missing libompd: the failure is reported once while running")
o = g.cmd("ompd threads")
T.check("/nonexistent/libompd.so" in o and "Traceback" not in o,
        "missing libompd: ompd threads names the library it could not load")
g.quit()
T.finish()
