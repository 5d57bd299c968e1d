"""names.py -- code addresses to the names a user reads: a function as
its language writes it (gdb's own symbols, demangled as gdb prints them
in a backtrace), and the construct an outlined function runs with the
source file:line of the construct, in the language's own spelling
(`#pragma omp parallel' in C and C++, `!$omp parallel' in Fortran).

GCC outlines the body of a construct into a function named after the
enclosing one: main._omp_fn.0 in C, the mangled name plus ._omp_fn.0 in
C++ (_ZN7physics4GridIdE17for_each_parallel..._omp_fn.0), the assembler
name in Fortran (__solver_MOD_accumulate._omp_fn.0).  Its DWARF entry is
nested in the enclosing function's (or in the inlined copy of it), which
carries the name as gdb prints it, so the enclosing function's block
names it.  The outlined function has no DW_AT_decl_line: the construct's
line is the first line-table row at its entry.  Under LTO its symbol
belongs to the link-time unit named `<artificial>' (whose line table
gdb 13 cannot walk); the rows at its entry still name the source file,
through the symtab gdb.find_pc_line gives."""

import os
import re

import gdb

_pc_names = {}
_first_lines = {}
_labels = {}

OUTLINED = "._omp_fn."
ARTIFICIAL = "<artificial>"
NO_LTO_LINE = "(LTO: no source line)"


# Runtime entry points that start a region on the encountering thread.
REGION_ENTRIES = ("GOMP_parallel", "GOMP_parallel_start", "GOMP_teams",
                  "GOMP_teams_reg", "GOMP_parallel_loop",
                  "GOMP_parallel_sections")

_realpaths = {}


def real_path(p):
    """The real path of file P (cached: asked for every frame)."""
    try:
        return _realpaths[p]
    except KeyError:
        r = _realpaths[p] = os.path.realpath(p) if p else p
        return r


def in_runtime(pc, rt):
    """Whether PC is in the OpenMP runtime whose real path is RT: the
    one predicate of `ompd bt' and of the model, which both see through
    the runtime's frames to the program's code."""
    if rt is None:
        return False
    try:
        return real_path(gdb.solib_name(pc)) == rt
    except Exception:
        return False


def invalidate_code():
    _pc_names.clear()
    _first_lines.clear()
    _labels.clear()


def is_outlined(name):
    return bool(name) and (OUTLINED in name or name.endswith("._omp_fn"))


def real_file(f):
    """F unless it is missing or the LTO unit's placeholder name."""
    return f if f and f != ARTIFICIAL else None


def first_line_at(symtab, pc):
    """The first line-table row of SYMTAB at PC.  GCC gives an outlined
    function (main._omp_fn.3) no DW_AT_decl_line; the first row at its
    entry is the construct's `#pragma omp' line, while find_pc_line takes
    the last row there, often a line of a function inlined into it.  One
    pass over the table per symtab, cached until objfiles change.
    Never the LTO unit's: gdb 13 dies (SIGSEGV) walking the line table
    of the `<artificial>' symtab."""
    if not real_file(symtab.filename):
        return None
    key = (symtab.objfile.filename if symtab.objfile else None,
           symtab.filename)
    rows = _first_lines.get(key)
    if rows is None:
        rows = {}
        try:
            for e in symtab.linetable():
                if e.line and e.pc not in rows:
                    rows[e.pc] = e.line
        except Exception:
            pass
        _first_lines[key] = rows
    return rows.get(pc)


def function_block(pc):
    """The block of the (non-inlined) function containing PC, or None.
    GCC nests outlined functions (main._omp_fn.0) inside their parent's
    DWARF and inlines static functions, so neither the innermost nor the
    outermost function block is right: the answer is the innermost one
    whose start address carries the function's own ELF symbol (an inlined
    copy starts at <caller+off>)."""
    b = gdb.block_for_pc(pc)
    first = None
    while b is not None and not b.is_static and not b.is_global:
        f = b.function
        if f is not None:
            if first is None:
                first = b
            try:
                s = gdb.format_address(b.start)
                if s.endswith("<%s>" % f.linkage_name) or \
                        s.endswith("<%s>" % f.print_name):
                    return b
            except Exception:
                return b
        b = b.superblock
    return first


# ---- languages ---------------------------------------------------------------
_EXT_LANG = {"c": "c", "h": "c", "i": "c",
             "cc": "c++", "cp": "c++", "cxx": "c++", "cpp": "c++",
             "c++": "c++", "hpp": "c++", "hh": "c++", "hxx": "c++",
             "ii": "c++", "C": "c++", "H": "c++",
             "f": "fortran", "for": "fortran", "ftn": "fortran",
             "f77": "fortran", "f90": "fortran", "f95": "fortran",
             "f03": "fortran", "f08": "fortran"}


def language_of(symtab, filename=None):
    """"c", "c++" or "fortran": the language of the compilation unit of
    SYMTAB, from its DW_AT_producer (GCC writes `GNU C17 ...', `GNU
    C++17 ...', `GNU Fortran2008 ...'); the LTO unit (`GNU GIMPLE') and
    other producers are told by the source file's extension."""
    prod = ""
    try:
        prod = (symtab.producer or "") if symtab is not None else ""
    except Exception:
        prod = ""
    if prod.startswith("GNU Fortran"):
        return "fortran"
    if prod.startswith("GNU C++"):
        return "c++"
    if re.match(r"GNU C\d*\b", prod):
        return "c"
    f = filename or (symtab.filename if symtab is not None else "")
    ext = (f or "").rsplit(".", 1)[-1] if "." in (f or "") else ""
    return _EXT_LANG.get(ext, _EXT_LANG.get(ext.lower(), "c"))


def directive(lang, kind):
    """How the language writes the construct KIND (parallel, task...)."""
    if lang == "fortran":
        return "!$omp %s" % kind
    return "#pragma omp %s" % kind


# ---- function names ----------------------------------------------------------
def strip_params(name):
    """NAME without a C++ function's parameter list (and qualifiers after
    it), as gdb prints a frame: `main()' -> `main',
    `ns::f<int>(int) const' -> `ns::f<int>'.  A lambda's `{lambda()#1}'
    and template arguments stay."""
    if not name or not name.endswith(")") and not name.endswith(" const"):
        return name
    s = name
    while s.endswith(" const") or s.endswith(" volatile"):
        s = s.rsplit(" ", 1)[0]
    if not s.endswith(")"):
        return name
    depth = 0
    for i in range(len(s) - 1, -1, -1):
        c = s[i]
        if c in ")>]}":
            depth += 1
        elif c in "(<[{":
            depth -= 1
            if depth == 0:
                if c != "(":
                    return name
                # `operator()(int)': the parameter list is the last ();
                # a lambda's `operator()' has none.
                head = s[:i]
                if not head or head.endswith("operator"):
                    return name
                return head
    return name


def fortran_name(asm):
    """`module::procedure' of a gfortran assembler name
    (__solver_MOD_accumulate), else ASM."""
    m = re.match(r"^_?_(\w+?)_MOD_(\w+)$", asm)
    if m:
        return "%s::%s" % (m.group(1), m.group(2))
    return asm


def demangle(name):
    """NAME demangled by gdb (`demangle' command), parameters dropped as
    in a backtrace; NAME when it is not a mangled name."""
    if not name.startswith("_Z"):
        return name
    try:
        out = gdb.execute("demangle -l c++ -- %s" % name, to_string=True)
    except Exception:
        return name
    out = out.strip()
    if not out or out.startswith("Can't demangle"):
        return name
    # A function's demangled name has its return type first.
    s = strip_params(out)
    depth = 0
    for i, c in enumerate(s):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == " " and depth == 0:
            rest = s[i + 1:]
            if rest and not rest.startswith("["):
                s = rest
            break
    return s


def outlined_parent(blk, name):
    """The name, as gdb prints it in a backtrace, of the function that
    holds the construct an outlined function (block BLK, name NAME)
    runs: the nearest enclosing function block that is not itself an
    outlined function, else the name demangled from NAME's prefix."""
    b = blk.superblock if blk is not None else None
    while b is not None and not b.is_static and not b.is_global:
        f = b.function
        if f is not None and not is_outlined(f.print_name):
            return strip_params(f.print_name)
        b = b.superblock
    prefix = name.split(OUTLINED)[0] if OUTLINED in name else \
        name[:-len("._omp_fn")]
    # gdb prints a Fortran outlined function as `proc::__mod_MOD_proc'.
    prefix = prefix.rsplit("::", 1)[-1] if "_MOD_" in prefix else prefix
    if prefix.startswith("_Z"):
        return demangle(prefix)
    return strip_params(fortran_name(prefix))


def describe_pc(pc):
    """(function name, file, line, objfile) for code address PC; parts
    unknown are None.  Cached until objfiles change."""
    try:
        return _pc_names[pc]
    except KeyError:
        pass
    name = fname = line = obj = None
    try:
        blk = function_block(pc)
        if blk is not None:
            f = blk.function
            name = f.print_name
            if f.symtab is not None:
                fname = real_file(f.symtab.filename)
            line = f.line or None
            if line is None and is_outlined(name):
                fname, line = construct_line(blk.start, f.symtab)
    except Exception:
        pass
    if line is None or fname is None:
        try:
            sal = gdb.find_pc_line(pc)
            if sal.symtab is not None:
                fname = fname or real_file(sal.symtab.filename)
                line = line or sal.line or None
        except Exception:
            pass
    if name is None:
        try:
            s = gdb.format_address(pc)
            i = s.find("<")
            if i >= 0:
                name = s[i + 1:s.rindex(">")]
                if "+" in name:
                    name = name[:name.rindex("+")]
        except Exception:
            pass
    try:
        obj = gdb.solib_name(pc)
    except Exception:
        obj = None
    r = (name, fname, line, obj)
    _pc_names[pc] = r
    return r


def construct_line(start, symtab=None):
    """(file, line) of the construct an outlined function entered at
    START runs: the first line-table row at START, in the file of the
    row gdb finds there (under LTO the function's own symtab is the
    `<artificial>' unit's), else in SYMTAB; (None, None) if no row."""
    tabs = []
    try:
        sal = gdb.find_pc_line(start)
        if sal.symtab is not None:
            tabs.append(sal.symtab)
    except Exception:
        pass
    if symtab is not None:
        tabs.append(symtab)
    for st in tabs:
        if not real_file(st.filename):
            continue
        line = first_line_at(st, start)
        if line:
            return st.filename, line
    return None, None


def short_file(f):
    if not f:
        return f
    return f.rsplit("/", 1)[-1]


def where(pc):
    """"function at file:line" (or what is known) for PC."""
    if not pc:
        return "-"
    name, f, line, obj = describe_pc(pc)
    s = strip_params(name) if name else ("0x%x" % pc)
    if f and line:
        s += " at %s:%d" % (short_file(f), line)
    elif obj:
        s += " in %s" % short_file(obj)
    return s


_DIRECTIVE = re.compile(r"(#pragma omp |!\$omp )")
_IN_FUNCTION = re.compile(r" \(in (?:[^()]|\([^()]*\))*\)")


def shorter_forms(text):
    """TEXT, a construct label or a text that holds one (`... on thread
    2'), and shorter renderings of it for a narrow table, longest first:
    without `#pragma omp' (`!$omp'), then without the enclosing function
    too (`parallel at x.c:12')."""
    if not isinstance(text, str):
        return text
    out = [text]
    t = _DIRECTIVE.sub("", text)
    if t != text:
        out.append(t)
    u = _IN_FUNCTION.sub("", t)
    if u != t and u:
        out.append(u)
    return tuple(out) if len(out) > 1 else text


def label_forms(pc, kind):
    """Renderings of construct_label (PC, KIND), longest first (see
    shorter_forms)."""
    f = shorter_forms(construct_label(pc, kind))
    return f if isinstance(f, tuple) else (f,)


def construct_label(pc, kind):
    """How a region's or task's entry function reads to a user: GCC
    outlines `#pragma omp parallel' in main into main._omp_fn.N, which
    reads `#pragma omp parallel at x.c:12 (in main)'; in Fortran
    `!$omp parallel at x.f90:29 (in solver::accumulate)'."""
    key = (pc, kind)
    try:
        return _labels[key]
    except KeyError:
        pass
    name, f, line, obj = describe_pc(pc)
    if is_outlined(name):
        blk = None
        try:
            blk = function_block(pc)
        except Exception:
            blk = None
        parent = outlined_parent(blk, name)
        st = blk.function.symtab if blk is not None else None
        if st is None:
            try:
                st = gdb.find_pc_line(pc).symtab
            except Exception:
                st = None
        lang = language_of(st, f)
        if f and line:
            loc = " at %s:%d" % (short_file(f), line)
        elif st is not None and not real_file(st.filename) or \
                _lto_unit(st):
            loc = " " + NO_LTO_LINE
        else:
            loc = ""
        s = "%s%s (in %s)" % (directive(lang, kind), loc, parent)
    else:
        s = where(pc)
    _labels[key] = s
    return s


def _lto_unit(symtab):
    try:
        return symtab is not None and \
            (symtab.producer or "").startswith("GNU GIMPLE")
    except Exception:
        return False
