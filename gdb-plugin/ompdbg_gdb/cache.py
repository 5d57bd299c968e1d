"""cache.py -- what the plugin knows about the target between two resumes.

libompd sees the target only through read_memory; at hundreds of threads
most of its reads hit the same few pages (the registry, the team, the
thread descriptors allocated side by side).  So reads go through a page
cache that lives exactly as long as the target stays stopped: it is
dropped when the target resumes (gdb.events.cont), at every new stop, when
the user writes memory or calls a function, and when objfiles change.
OMPD handles obtained during a stop are released at the same moment, since
libompd may keep target data in them.

Symbol addresses are kept longer: until objfiles change.
"""

import time

PAGE = 4096
MASK = ~(PAGE - 1)
BIG = 16 * PAGE     # reads from this size on bypass the page cache


class Stats(object):
    """Counters for `set ompd stats on'."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.requests = 0      # reads through the cache (libompd's and ours)
        self.reads = 0         # reads that went to the target (gdb)
        self.bytes = 0         # bytes read from the target
        self.symbols = 0       # symbol lookups that went to gdb
        # libompd's read_memory / read_string callbacks: what libompd asks
        # of the target, whatever the cache then makes of it (the cost a
        # debugger without this cache would pay per question).
        self.callbacks = 0
        self.t0 = time.monotonic()

    def snapshot(self):
        return (self.requests, self.reads, self.bytes, self.symbols,
                self.callbacks)


class TargetCache(object):

    def __init__(self):
        self.stats = Stats()
        self.generation = 0
        self.pages = {}        # page address -> bytes
        self.objects = {}      # per-stop results computed by commands
        self.releases = []     # (release function, handle) for this stop
        self.symbols = {}      # name -> address or None (until objfiles change)

    # -- invalidation -----------------------------------------------------
    def invalidate(self):
        """The target may have changed: forget everything of this stop."""
        self.generation += 1
        self.pages = {}
        self.objects = {}
        rel, self.releases = self.releases, []
        for fn, handle in rel:
            try:
                fn(handle)
            except Exception:
                pass

    def invalidate_symbols(self):
        self.symbols = {}
        self.invalidate()

    def on_release(self, fn, handle):
        """Release HANDLE with FN when this stop's state is dropped."""
        self.releases.append((fn, handle))

    # -- memory -------------------------------------------------------------
    def read(self, reader, addr, n):
        """N bytes at ADDR, through the page cache.  READER(addr, n) reads
        the target and raises on failure."""
        self.stats.requests += 1
        end = addr + n
        first = addr & MASK
        if end - first <= PAGE:
            page = self._page(reader, first)
            if page is not None and end - first <= len(page):
                return page[addr - first:end - first]
        elif end - first >= BIG and not all(
                p in self.pages for p in range(first, end, PAGE)):
            # A block that large is read once by whoever asks for it
            # (libompd's walk of the deferred tasks keeps what it reads
            # for that walk): through the cache, it would be copied twice
            # more for nothing.
            self.stats.reads += 1
            self.stats.bytes += n
            return bytes(reader(addr, n))
        else:
            parts = []
            p = first
            ok = True
            while p < end:
                page = self._page(reader, p)
                if page is None or len(page) < PAGE and p + len(page) < end:
                    ok = False
                    break
                parts.append(page)
                p += PAGE
            if ok:
                buf = b"".join(parts)
                return buf[addr - first:end - first]
        # A page that cannot be read whole (the end of a mapping in a
        # truncated core, say): read exactly what was asked.
        self.stats.reads += 1
        data = bytes(reader(addr, n))
        self.stats.bytes += n
        return data

    def _page(self, reader, p):
        try:
            return self.pages[p]
        except KeyError:
            pass
        self.stats.reads += 1
        try:
            data = bytes(reader(p, PAGE))
            self.stats.bytes += PAGE
        except Exception:
            data = None
        self.pages[p] = data
        return data

    def forget(self, addr, n):
        """The plugin wrote ADDR..ADDR+N: drop the pages it touched."""
        p = addr & MASK
        while p < addr + n:
            self.pages.pop(p, None)
            p += PAGE

    # -- per-stop objects -----------------------------------------------------
    def get(self, key, make):
        try:
            return self.objects[key]
        except KeyError:
            v = self.objects[key] = make()
            return v


cache = TargetCache()
