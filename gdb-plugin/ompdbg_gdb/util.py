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

    # A command that builds its own JSON document sets json_doc in run
    # when self.json is true; the others' printed lines are the "text".
    json = False
    json_doc = None

    def invoke(self, arg, from_tty):
        from . import jsonout
        self.json, arg = jsonout.take_json(arg)
        self.json_doc = None
        if not self.json:
            return self._invoke(arg, from_tty)
        name = self.cmd_name
        error = None
        with jsonout.Capture() as cap:
            try:
                self._invoke(arg, from_tty)
            except gdb.GdbError as e:
                error = e
        doc = jsonout.envelope(name)
        if self.json_doc is not None:
            doc.update(self.json_doc)
        else:
            doc["text"] = cap.lines()
        if error is not None:
            doc["error"] = str(error)
        jsonout.emit(doc)
        if error is not None:
            raise error

    def _invoke(self, arg, from_tty):
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
                text = ("%s: %.3f s, %d libompd calls, %d libompd reads, "
                        "%d memory requests, %d target reads (%d bytes), "
                        "%d symbol lookups"
                        % (self.cmd_name, dt, _lib_calls() - calls0,
                           d[4], d[0], d[1], d[2], d[3]))
                gdb.write("\n".join(hanging("[ompd stats] ", text,
                                             width())) + "\n")

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


def wide_only(arg, cmd):
    """Whether ARG, the arguments of a command CMD that takes only
    --wide (-w), asks for it; any other argument is CMD's error."""
    wide = False
    for a in split_args(arg):
        if a in ("--wide", "-w"):
            wide = True
        else:
            raise gdb.GdbError("%s: unknown option `%s'" % (cmd, a))
    return wide


# ---- output that fits the terminal --------------------------------------------
def width(wide=False):
    """Columns the output may use: gdb's `width' (`set width'), None when
    it is unlimited (0) or when WIDE (a command's --wide) asks for
    everything."""
    if wide:
        return None
    try:
        w = gdb.parameter("width")
    except Exception:
        return None
    if not w or w < 0 or w >= 0x7fffffff:
        return None
    return int(w)


def ellipsis():
    """`…' where gdb's host character set has it, else `...'."""
    try:
        cs = gdb.host_charset().upper().replace("-", "")
    except Exception:
        cs = ""
    return "\u2026" if cs in ("UTF8", "UTF16", "UTF32") else "..."


def elide(s, n, where="middle"):
    """S in at most N columns: the middle (or the end) replaced by an
    ellipsis, so that both ends of a name stay readable."""
    if n is None or len(s) <= n:
        return s
    e = ellipsis()
    if n <= len(e):
        return s[:n]
    keep = n - len(e)
    if where == "end":
        return s[:keep] + e
    head = (keep + 1) // 2
    tail = keep - head
    return s[:head] + e + (s[len(s) - tail:] if tail else "")


def _collapse_group(s, opener, closer, e):
    """S with its last outermost OPENER...CLOSER group that is not
    collapsed yet replaced by OPENER e CLOSER, or None."""
    depth = 0
    end = None
    for i in range(len(s) - 1, -1, -1):
        c = s[i]
        if c == closer:
            if depth == 0:
                end = i
            depth += 1
        elif c == opener and depth:
            depth -= 1
            if depth == 0:
                inner = s[i + 1:end]
                if inner.strip() != e:
                    return s[:i + 1] + e + s[end:]
                end = None
    return None


def abbreviate(s, n):
    """A name S in at most N columns, abbreviated as C++ users read
    names: template arguments and parameter lists collapsed to <…> and
    (…) from the right (`physics::Grid<double>::for_each_parallel<…>'),
    then the middle elided."""
    if n is None or len(s) <= n:
        return s
    e = ellipsis()
    for opener, closer in (("<", ">"), ("(", ")")):
        while len(s) > n:
            t = _collapse_group(s, opener, closer, e)
            if t is None or len(t) >= len(s):
                break
            s = t
    return elide(s, n)


def words(text):
    """TEXT split at its spaces, except those inside <...>: a C++ name
    (`ns::f<std::pair<int, int> >') is one word."""
    out = []
    cur = []
    depth = 0
    for c in text:
        if c == "<":
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        if c == " " and not depth:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    out.append("".join(cur))
    return out


def wrap(text, n):
    """TEXT as lines of at most N columns, broken at spaces, never
    inside a word; a word longer than a line is abbreviated (see
    abbreviate)."""
    if n is None:
        return [text]
    lines = []
    cur = ""
    for word in words(text):
        if not word:
            continue
        if cur and len(cur) + 1 + len(word) <= n:
            cur += " " + word
            continue
        if cur:
            lines.append(cur)
        cur = abbreviate(word, n)
    lines.append(cur)
    return lines


def hanging(prefix, text, n):
    """PREFIX and TEXT as lines of at most N columns (None: one line),
    TEXT wrapped between words and continued under its own start."""
    if n is None or len(prefix) + len(text) <= n:
        return [prefix + text]
    lines = wrap(text, max(n - len(prefix), 8))
    return [prefix + lines[0]] + [" " * len(prefix) + l for l in lines[1:]]


def wrap_items(prefix, items, n, sep=", "):
    """PREFIX followed by ITEMS joined with SEP, as lines of at most N
    columns, each line breaking between items and continuing under the
    first item (an item never split)."""
    if n is None:
        return [prefix + sep.join(items)]
    indent = " " * len(prefix)
    lines = []
    cur = prefix
    empty = True
    for k, it in enumerate(items):
        piece = it + (sep.rstrip() if k + 1 < len(items) else "")
        if not empty and len(cur) + 1 + len(piece) > n:
            lines.append(cur)
            cur = indent
            empty = True
        if empty:
            cur += abbreviate(piece, max(n - len(cur), 8))
        else:
            cur += " " + piece
        empty = False
    lines.append(cur)
    return lines


class Col(object):
    """A column of `table': its HEADER; MIN, the narrowest it may become
    when the table does not fit (None: never narrowed); PRIO, the order
    in which columns give way (lowest first); FIT, how a cell too wide
    is shortened: "middle" (a name: abbreviated, its middle elided),
    "end" (the end elided) or "wrap" (continued on the next lines under
    the column's start, broken between words).  A cell may be a tuple of
    renderings, longest first: the longest that fits is shown (a wrapped
    cell that fits nowhere wraps its shortest).  SHORT is a shorter
    header for a table that does not fit with the full ones; a BELOW
    column leaves a table that still does not fit, for a `header: value'
    line under each row."""

    def __init__(self, header, min=None, prio=0, fit="middle", short=None,
                 below=False):
        self.header = header
        self.min = min
        self.prio = prio
        self.fit = fit
        self.short = short
        self.below = below


def _alts(c):
    if c is None:
        return ("",)
    if isinstance(c, tuple):
        return tuple(str(x) for x in c) or ("",)
    return (str(c),)


def _narrow(cols, heads, rows, w, room):
    """Narrow the widths W of COLS (headed HEADS) until they add up to
    ROOM: first the columns' shorter renderings (nothing lost), then
    wrapping, then elision, each in the order of the columns'
    priorities."""
    order = sorted((i for i in range(len(cols)) if cols[i].min is not None),
                   key=lambda i: (cols[i].prio, i))

    def used(i, t):
        """The width column I needs when no rendering wider than T is
        chosen (None when some cell has none that narrow)."""
        u = len(heads[i])
        for r in rows:
            fits = [len(a) for a in r[i] if len(a) <= t]
            if not fits:
                return None
            u = max(u, max(fits))
        return u

    natural = list(w)
    for i in order:
        over = sum(w) - room
        if over <= 0:
            break
        shortest = max([len(heads[i])] + [len(r[i][-1]) for r in rows])
        if shortest < w[i]:
            w[i] = used(i, max(shortest, w[i] - over))
    # Wrapped columns narrow together, the widest first, so that none
    # becomes a thin strip while another stays wide; first none below
    # its longest word, which would have to be abbreviated.
    wraps = [i for i in order if cols[i].fit == "wrap"]
    hard = dict((i, max(cols[i].min, len(heads[i]))) for i in wraps)
    soft = dict((i, max([hard[i]] + [len(x) for r in rows
                                      for x in words(r[i][-1])]))
                for i in wraps)
    for floor in (soft, hard):
        while sum(w) > room:
            cand = [i for i in wraps if w[i] > floor[i]]
            if not cand:
                break
            i = max(cand, key=lambda i: (w[i], -cols[i].prio))
            w[i] -= 1
    for i in order:
        over = sum(w) - room
        if over <= 0:
            break
        if cols[i].fit == "wrap":
            continue
        floor = max(cols[i].min, len(heads[i]))
        w[i] = max(floor, min(w[i], w[i] - over))
    # Where even the minimums do not fit, the wrapped columns narrow on,
    # widest first, and then the others, down to their headers: a line
    # is longer than the limit only where what cannot be cut (headers,
    # numbers) does not fit.
    while sum(w) > room:
        cand = [i for i in wraps if w[i] > len(heads[i])]
        if not cand:
            break
        i = max(cand, key=lambda i: (w[i], -cols[i].prio))
        w[i] -= 1
    for i in order:
        over = sum(w) - room
        if over <= 0:
            break
        if cols[i].fit != "wrap":
            w[i] = max(len(heads[i]), w[i] - over)
    # What the columns gave beyond the need goes back, first to those
    # that give way last; a wrapped column takes it first only where
    # that spares it its extra lines.
    for last in (False, True):
        for i in reversed(order):
            spare = room - sum(w)
            if spare <= 0:
                return
            t = min(natural[i], w[i] + spare)
            if t <= w[i]:
                continue
            # As wide as the renderings that fit need; all of it for a
            # cell that is still too wide (wrapped or elided).
            u = used(i, t)
            if u is None and cols[i].fit == "wrap" and not last:
                continue
            w[i] = max(w[i], u if u is not None else t)


def table_lines(cols, rows, limit=None, indent=""):
    """The header line and, for each row, its lines: ROWS (lists of
    cells) under COLS (Col or header strings), columns aligned, INDENT
    before each line, two spaces between columns, the last column not
    padded.  With a LIMIT (columns), the columns that have a minimum
    width narrow, lowest priority first, until every line fits or they
    are at their minimum; when even their minimums do not fit, the
    columns' short headers are used, and then BELOW columns leave."""
    cols = [c if isinstance(c, Col) else Col(c) for c in cols]
    # The last cell of a row shorter than COLS spans the columns left
    # (an unreadable thread's reason): it takes no part in the widths
    # and is wrapped under its first column.
    spans = [(len(r) - 1, str(r[-1])) if 0 < len(r) < len(cols) else None
             for r in rows]
    rows = [[_alts(c) for c in (r[:-1] if sp else r)] +
            [("",)] * (len(cols) - (len(r) - 1 if sp else len(r)))
            for r, sp in zip(rows, spans)]
    heads = [c.header for c in cols]
    keep = list(range(len(cols)))
    below = []

    def natural(i):
        return max([len(heads[i])] + [len(r[i][0]) for r in rows])

    def floor(i):
        c = cols[i]
        if c.min is None:
            return natural(i)
        return min(natural(i), max(c.min, len(heads[i])))

    def need():
        return len(indent) + sum(floor(i) for i in keep) + \
            2 * (len(keep) - 1)

    if limit is not None and need() > limit:
        heads = [c.short or c.header for c in cols]
        for i in sorted((i for i in keep if cols[i].below),
                        key=lambda i: cols[i].prio):
            if need() <= limit:
                break
            keep.remove(i)
            below.append(i)
    kc = [cols[i] for i in keep]
    kh = [heads[i] for i in keep]
    krows = [[r[i] for i in keep] for r in rows]
    n = len(keep)
    w = [natural(i) for i in keep]
    if limit is not None:
        _narrow(kc, kh, krows, w, limit - len(indent) - 2 * (n - 1))

    def cell(i, alts):
        """The lines of a cell of column I."""
        for a in alts:
            if len(a) <= w[i]:
                return [a]
        if kc[i].fit == "wrap":
            return wrap(alts[-1], w[i])
        if kc[i].fit == "end":
            return [elide(alts[-1], w[i], "end")]
        return [abbreviate(alts[-1], w[i])]

    def fmt(cells):
        height = max(len(c) for c in cells)
        out = []
        for k in range(height):
            parts = [(c[k] if k < len(c) else "") for c in cells]
            out.append((indent + "  ".join(
                p.ljust(w[i]) if i < n - 1 else p
                for i, p in enumerate(parts))).rstrip())
        return out

    header = fmt([[h] for h in kh])[0]
    body = []
    for r, kr, sp in zip(rows, krows, spans):
        if sp is not None and sp[0] in keep:
            k = keep.index(sp[0])
            lines = fmt([cell(i, kr[i]) for i in range(k)] +
                        [[""]] * (n - k))
            pre = lines[0][:sum(w[:k]) + 2 * k + len(indent)]
            lines = hanging(pre.ljust(sum(w[:k]) + 2 * k + len(indent)),
                            sp[1], limit) + lines[1:]
            body.append(lines)
            continue
        lines = fmt([cell(i, kr[i]) for i in range(n)])
        for i in below:
            lines.extend(hanging(indent + "  " + cols[i].header.lower() +
                                 ": ", r[i][0], limit))
        body.append(lines)
    return header, body


def table(cols, rows, wide=False, indent=""):
    """Write ROWS (lists of cells) under COLS (Col or header strings),
    columns aligned, fitted to gdb's `width' unless WIDE (see
    table_lines); the last column is not padded."""
    header, body = table_lines(cols, rows, width(wide), indent)
    lines = [header]
    for b in body:
        lines.extend(b)
    gdb.write("\n".join(lines) + "\n")


def pairs(rows, wide=False):
    """Write ROWS of (name, value) as `name:  value' lines, the values
    aligned, each continued under its start when it is wider than gdb's
    `width' (broken after a comma or between words)."""
    limit = width(wide)
    w = max(len(k) for k, v in rows) + 1
    out = []
    for k, v in rows:
        prefix = (k + ":").ljust(w) + "  "
        if limit is None or len(prefix) + len(v) <= limit:
            out.append(prefix + v)
        elif ", " in v:
            out.extend(wrap_items(prefix, v.split(", "), limit))
        else:
            lines = wrap(v, max(limit - len(prefix), 8))
            out.append(prefix + lines[0])
            out.extend(" " * len(prefix) + l for l in lines[1:])
    gdb.write("\n".join(out) + "\n")


def int_arg(s, what):
    try:
        return int(s, 0)
    except ValueError:
        raise gdb.GdbError("ompd: %s must be a number, not `%s'" % (what, s))
