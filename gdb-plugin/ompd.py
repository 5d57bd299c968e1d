# ompd.py -- OpenMP debugging in gdb through OMPD (the ompdbg plugin).
#
#   gdb -x /path/to/ompd.py ./app [core]
#
# adds the `ompd' command family (`help ompd').  The package beside this
# file (ompdbg_gdb/) does the work; this file only makes it importable
# and installs it, once, however often it is sourced.
import os
import sys

import gdb

_here = os.path.dirname(os.path.abspath(
    __file__ if "__file__" in globals() else gdb.current_progspace().filename))
if _here not in sys.path:
    sys.path.insert(0, _here)

try:
    import ompdbg_gdb
    ompdbg_gdb.install()
except Exception as _e:      # never a traceback at gdb start-up
    gdb.write("ompd: the OMPD plugin could not be loaded: %s\n" % _e,
              gdb.STDERR)
