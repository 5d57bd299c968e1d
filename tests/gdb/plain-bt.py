#!/usr/bin/python3
"""plain-bt.py -- plain `bt' is gdb's own wherever the plugin's frame
filter has nothing to add: with `set ompd bt off', in a stack without
OpenMP frames, in a process without OMPD.  Where the filter works, a
frame without any symbol still reads `?? ()' as gdb prints it.

Scene `nosym' calls scene_stop through code without symbol (an anonymous
mapping, as a JIT's): from thread 0 of a team of 2, then from the
initial thread outside any region.  Each `bt' is compared with the same
`bt' in a gdb without the plugin (addresses are the same: gdb runs the
program with address space randomization off)."""

import os
import platform
import re

import gdbtest as T

T.require_libompd()
if platform.machine() != "x86_64":
    T.skip("scene nosym needs x86-64 (its code without symbol is x86-64)")
d = T.tmpdir()
truth = os.path.join(d, "nosym.truth")
NOSYM = re.compile(r"^#\d+\s+0x[0-9a-f]+ in \?\? \(\)$", re.M)


def frames(out):
    return [l for l in out.split("\n") if l.startswith("#")]


def stops(plugin, env_extra=None, pre=()):
    """bt of the two stops of scene nosym (and the gdb session, at the
    second stop)."""
    g, out = T.run_to_stop("nosym", truth, plugin=plugin,
                           env_extra=env_extra, cmds=pre)
    first = g.cmd("bt")
    T.no_traceback(first, "bt (plugin %s)" % plugin)
    out = g.cmd("continue", timeout=120)
    if "hit Breakpoint" not in out:
        T.hard("scene nosym did not stop a second time")
    second = g.cmd("bt")
    return g, frames(first), frames(second)


def same(what, want, got):
    if not T.check(want == got, what):
        T.log("without the plugin:\n  " + "\n  ".join(want))
        T.log("with it:\n  " + "\n  ".join(got))


# gdb alone.
g, plain1, plain2 = stops(False)
g.quit()
T.check(any(NOSYM.match(l) for l in plain1) and
        any(NOSYM.match(l) for l in plain2),
        "gdb shows the frame without symbol as `?? ()'")
T.check(any("GOMP_parallel" in l or "gomp_" in l for l in plain1),
        "gdb alone shows the runtime's frames at the first stop")

# The plugin, `set ompd bt off': gdb's bt, at both stops.
g, off1, off2 = stops(True, pre=("set ompd bt off",))
same("set ompd bt off: bt in a region is gdb's own", plain1, off1)
same("set ompd bt off: bt outside any region is gdb's own", plain2, off2)
g.quit()

# The plugin, `set ompd bt on' (the default).
g, on1, on2 = stops(True)
T.check(not any("GOMP_parallel" in l or "gomp_" in l for l in on1),
        "set ompd bt on: the filter hides the runtime's frames in a region")
sym = [l for l in plain1 if NOSYM.match(l)]
T.check(sym and all(l in on1 for l in sym),
        "set ompd bt on: the frame without symbol reads as gdb prints it "
        "(%s)" % (sym[0] if sym else "none"))
same("set ompd bt on: bt outside any region (nothing to filter) is gdb's "
     "own", plain2, on2)
g.quit()

# A process without OMPD (the system's libgomp): gdb's bt, plugin or not.
if not T.GOMP:
    T.log("system libgomp not found: that part is skipped")
else:
    env = {"LD_LIBRARY_PATH": T.GOMP}
    g, gomp1, gomp2 = stops(False, env_extra=env)
    g.quit()
    # The plugin would run the program on the ompdbg runtime.
    g, with1, with2 = stops(True, env_extra=env,
                            pre=("set ompd runtime off",))
    g.quit()
    same("no OMPD: bt in a region is gdb's own", gomp1, with1)
    same("no OMPD: bt outside any region is gdb's own", gomp2, with2)
T.finish()
