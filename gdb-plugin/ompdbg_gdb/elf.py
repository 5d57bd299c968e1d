"""elf.py -- what the plugin reads of ELF files itself: an executable's
dynamic section (the libraries it needs, whether it is statically
linked), a library's dynamic symbols, and a core file's notes and size.

gdb answers none of this when it matters: at `starti' it has not loaded
the libraries yet, and with a core whose library list it could not read
it has nothing but the executable.  Plain Python (struct) on the files,
no gdb import; every reader returns None or empty for what it cannot
read, never raises.
"""

import os
import struct

PT_LOAD, PT_DYNAMIC, PT_INTERP, PT_NOTE = 1, 2, 3, 4
SHT_SYMTAB, SHT_DYNSYM = 2, 11
DT_NULL, DT_NEEDED, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 1, 5, 15, 29
NT_PRSTATUS, NT_PRPSINFO, NT_AUXV = 1, 3, 6
NT_FILE = 0x46494c45
AT_PHDR, AT_ENTRY = 3, 9
ET_EXEC, ET_DYN, ET_CORE = 2, 3, 4

# How much of a file the readers look at: ELF metadata is small, and a
# core's notes are at most a few MB even with thousands of threads.
_MAX_TABLE = 64 << 20


class File(object):
    """One ELF file, opened for reading its headers and tables."""

    def __init__(self, path):
        self.path = path
        self.f = open(path, "rb")
        try:
            self.size = os.fstat(self.f.fileno()).st_size
            ident = self.f.read(16)
            if len(ident) < 16 or ident[:4] != b"\x7fELF":
                raise ValueError("%s is not an ELF file" % path)
            self.is64 = ident[4] == 2
            self.end = "<" if ident[5] == 1 else ">"
            if self.is64:
                fmt = self.end + "HHIQQQIHHHHHH"
            else:
                fmt = self.end + "HHIIIIIHHHHHH"
            hdr = self.f.read(struct.calcsize(fmt))
            (self.type, self.machine, _, self.entry, self.phoff,
             self.shoff, _, _, self.phentsize, self.phnum, self.shentsize,
             self.shnum, self.shstrndx) = struct.unpack(fmt, hdr)
        except Exception:
            self.f.close()
            raise
        self.phdrs = self._phdrs()

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()

    def read(self, off, n):
        if off < 0 or n < 0 or n > _MAX_TABLE:
            return b""
        self.f.seek(off)
        return self.f.read(n)

    def _phdrs(self):
        out = []
        if self.is64:
            fmt = self.end + "IIQQQQQQ"
        else:
            fmt = self.end + "IIIIIIII"
        sz = struct.calcsize(fmt)
        data = self.read(self.phoff, self.phnum * self.phentsize)
        for i in range(self.phnum):
            raw = data[i * self.phentsize:i * self.phentsize + sz]
            if len(raw) < sz:
                break
            v = struct.unpack(fmt, raw)
            if self.is64:
                typ, flags, off, vaddr, _, filesz, memsz, _ = v
            else:
                typ, off, vaddr, _, filesz, memsz, flags, _ = v
            out.append((typ, off, vaddr, filesz, memsz))
        return out

    def segments(self, typ):
        return [p for p in self.phdrs if p[0] == typ]

    # -- sections ----------------------------------------------------------
    def sections(self):
        """[(type, offset, size, link, entsize)]"""
        if self.is64:
            fmt = self.end + "IIQQQQIIQQ"
        else:
            fmt = self.end + "IIIIIIIIII"
        sz = struct.calcsize(fmt)
        if self.shnum == 0 or self.shentsize < sz:
            return []
        data = self.read(self.shoff, self.shnum * self.shentsize)
        out = []
        for i in range(self.shnum):
            raw = data[i * self.shentsize:i * self.shentsize + sz]
            if len(raw) < sz:
                break
            (_, typ, _, _, off, size, link, _, _,
             entsize) = struct.unpack(fmt, raw)
            out.append((typ, off, size, link, entsize))
        return out

    def defined_symbols(self, names):
        """The NAMES this file defines in its dynamic or static symbol
        table (stripped files: the dynamic one only)."""
        want = set(n.encode() for n in names)
        found = set()
        secs = self.sections()
        for typ, off, size, link, entsize in secs:
            if typ not in (SHT_SYMTAB, SHT_DYNSYM) or link >= len(secs):
                continue
            strtab = secs[link]
            strs = self.read(strtab[1], strtab[2])
            data = self.read(off, size)
            esz = entsize or (24 if self.is64 else 16)
            for i in range(len(data) // esz):
                e = data[i * esz:(i + 1) * esz]
                if self.is64:
                    name, _, _, shndx = struct.unpack(self.end + "IBBH",
                                                      e[:8])
                else:
                    name, shndx = struct.unpack(self.end + "I8xxxH", e[:16])
                if shndx == 0 or name >= len(strs):
                    continue
                n = strs[name:strs.find(b"\0", name)]
                if n in want:
                    found.add(n.decode())
        return found

    # -- dynamic section ---------------------------------------------------
    def _vaddr_to_off(self, vaddr):
        for typ, off, va, filesz, _ in self.segments(PT_LOAD):
            if va <= vaddr < va + filesz:
                return off + vaddr - va
        return None

    def dynamic(self):
        """[(tag, value)] of the dynamic section; [] without one."""
        dyn = self.segments(PT_DYNAMIC)
        if not dyn:
            return []
        _, off, _, filesz, _ = dyn[0]
        data = self.read(off, filesz)
        fmt = self.end + ("qQ" if self.is64 else "iI")
        sz = struct.calcsize(fmt)
        out = []
        for i in range(len(data) // sz):
            tag, val = struct.unpack(fmt, data[i * sz:(i + 1) * sz])
            if tag == DT_NULL:
                break
            out.append((tag, val))
        return out

    def needed(self):
        """(DT_NEEDED names, DT_RPATH, DT_RUNPATH) of the file."""
        dyn = self.dynamic()
        strtab = [v for t, v in dyn if t == DT_STRTAB]
        if not strtab:
            return [], None, None
        base = self._vaddr_to_off(strtab[0])
        if base is None:
            return [], None, None
        blob = self.read(base, 1 << 20)

        def s(i):
            e = blob.find(b"\0", i)
            return blob[i:e if e >= 0 else len(blob)].decode("utf-8",
                                                             "replace")
        needed = [s(v) for t, v in dyn if t == DT_NEEDED]
        rpath = [s(v) for t, v in dyn if t == DT_RPATH]
        runpath = [s(v) for t, v in dyn if t == DT_RUNPATH]
        return (needed, rpath[0] if rpath else None,
                runpath[0] if runpath else None)

    def is_static(self):
        """Linked statically: no program interpreter and no library
        needed (a static PIE has a dynamic section, but needs nothing)."""
        if self.type not in (ET_EXEC, ET_DYN):
            return False
        return not self.segments(PT_INTERP) and not self.needed()[0]

    def contains(self, needle):
        """Whether the file's loaded contents hold NEEDLE (bytes): the
        strings of a runtime linked into a stripped executable."""
        for typ, off, _, filesz, _ in self.segments(PT_LOAD):
            pos = 0
            while pos < filesz:
                chunk = self.read(off + pos, min(filesz - pos, 1 << 22))
                if not chunk:
                    break
                if needle in chunk:
                    return True
                pos += len(chunk) - len(needle)
                if len(chunk) <= len(needle):
                    break
        return False

    # -- core files --------------------------------------------------------
    def expected_size(self):
        """The size the program headers say the file has."""
        end = 0
        for _, off, _, filesz, _ in self.phdrs:
            end = max(end, off + filesz)
        return end

    def notes(self):
        """[(owner, type, desc)] of the PT_NOTE segments that are in the
        file; a damaged note ends its segment's list."""
        out = []
        for _, off, _, filesz, _ in self.segments(PT_NOTE):
            data = self.read(off, filesz)
            pos = 0
            while pos + 12 <= len(data):
                namesz, descsz, typ = struct.unpack(self.end + "III",
                                                    data[pos:pos + 12])
                pos += 12
                nend = pos + ((namesz + 3) & ~3)
                dend = nend + ((descsz + 3) & ~3)
                if namesz > 256 or dend > len(data):
                    break
                owner = data[pos:pos + namesz].rstrip(b"\0")
                out.append((owner.decode("ascii", "replace"), typ,
                            data[nend:nend + descsz]))
                pos = dend
        return out


def core_mapped_files(desc, is64=True, end="<"):
    """NT_FILE: [(start, end, path)], or None when it does not parse."""
    w = 8 if is64 else 4
    f = end + ("Q" if is64 else "I")
    try:
        count = struct.unpack(f, desc[:w])[0]
        pos = 2 * w
        ranges = []
        for i in range(count):
            s = struct.unpack(f, desc[pos:pos + w])[0]
            e = struct.unpack(f, desc[pos + w:pos + 2 * w])[0]
            ranges.append((s, e))
            pos += 3 * w
        names = desc[pos:].split(b"\0")
        if len(names) < count:
            return None
        return [(s, e, names[i].decode("utf-8", "replace"))
                for i, (s, e) in enumerate(ranges)]
    except struct.error:
        return None


def auxv(desc, is64=True, end="<"):
    """NT_AUXV as {type: value}."""
    fmt = end + ("QQ" if is64 else "II")
    sz = struct.calcsize(fmt)
    out = {}
    for i in range(len(desc) // sz):
        t, v = struct.unpack(fmt, desc[i * sz:(i + 1) * sz])
        if t == 0:
            break
        out[t] = v
    return out


def prpsinfo_fname(desc, is64=True):
    """The command name (pr_fname, 16 bytes) of NT_PRPSINFO."""
    off = 40 if is64 else 28
    if len(desc) < off + 16:
        return None
    return desc[off:off + 16].split(b"\0")[0].decode("utf-8", "replace")


def open_elf(path):
    """elf.File of PATH, or None when it cannot be read as ELF."""
    try:
        return File(path)
    except (OSError, ValueError, struct.error):
        return None
