"""jsonout.py -- `--json' on the `ompd' commands: one JSON document per
command, the schema of docs/json.md, shared with the ompdbg tool.

Every document is one object {"ompdbg_json": 1, "command": NAME,
"target": {...}, "ompd": {...}, ...}.  The table commands (threads,
parallel, tasks, bt) give their rows as objects with the keys of the
ompdbg tool's documents; the others give the lines they print as
"text"."""

import json
import shlex

import gdb

from . import avail
from . import util as U

VERSION = 1


def take_json(arg):
    """(True, ARG without --json) when ARG asks for JSON, else (False,
    ARG)."""
    try:
        words = shlex.split(arg or "")
    except ValueError:
        return False, arg
    if "--json" not in words:
        return False, arg
    return True, " ".join(shlex.quote(w) for w in words if w != "--json")


def envelope(command):
    """The keys every document starts with."""
    target = {}
    inf = gdb.selected_inferior()
    core = avail.core_file()
    if core:
        target["executable"] = gdb.current_progspace().filename
        target["core"] = core
        target["pid"] = inf.pid
    else:
        target["pid"] = inf.pid
    doc = {"ompdbg_json": VERSION, "command": command, "target": target}
    try:
        from . import session as S
        s = S.current(required=False)
        doc["ompd"] = {"library": s.lib_path} if s is not None else \
            {"unavailable": "no OMPD session"}
    except Exception as e:
        doc["ompd"] = {"unavailable": str(e)}
    return doc


def value(v):
    """V for JSON: an Unreadable as {"unreadable": REASON}."""
    if isinstance(v, U.Unreadable):
        return {"unreadable": v.reason}
    return v


def emit(doc):
    gdb.write(json.dumps(doc) + "\n")


class Capture(object):
    """What a command writes with gdb.write while it runs, as lines."""

    def __enter__(self):
        self.parts = []
        self._write = gdb.write

        def write(s, stream=None):
            self.parts.append(s)
        gdb.write = write
        return self

    def __exit__(self, *exc):
        gdb.write = self._write
        return False

    def lines(self):
        text = "".join(self.parts)
        return text.split("\n")[:-1] if text.endswith("\n") else \
            text.split("\n") if text else []
