"""gdbtest.py -- shared by the tests/gdb/*.py tests: drive gdb with
pexpect, run the scene programs (tests/gdb/scenes.c) that write their own
ground truth, and parse the plugin's tables.

Environment (tests/local.mk sets it): OMPDBG_OURS_DIR (our runtime),
OMPDBG_GOMP_DIR (the system libgomp), OMPDBG_SRCDIR, OMPDBG_BUILDDIR,
GDB.  Exit codes: 0 pass, 1 fail, 77 skip, 99 hard error.
"""

import atexit
import os
import re
import shutil
import struct
import sys
import tempfile

try:
    import pexpect
except ImportError:
    print("pexpect is not installed (Debian: python3-pexpect); skipping")
    sys.exit(77)

SRCDIR = os.environ.get("OMPDBG_SRCDIR", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BUILDDIR = os.environ.get("OMPDBG_BUILDDIR", os.getcwd())
OURS = os.environ.get("OMPDBG_OURS_DIR",
                      os.path.join(BUILDDIR, "runtime", ".libs"))
GOMP = os.environ.get("OMPDBG_GOMP_DIR", "")
GDB = os.environ.get("GDB", "gdb")
PLUGIN = os.path.join(BUILDDIR, "gdb-plugin", "ompd.py")
SCENES = os.path.join(BUILDDIR, "tests", "gdb", "scenes")
PROMPT = "(gdbtest) "
TIMEOUT = int(os.environ.get("OMPDBG_GDB_TIMEOUT", "60"))

failures = []
checks = [0]
ended = [False]


def _ended_without_verdict():
    # A script that falls off its end would exit 0 without finish().
    if not ended[0]:
        sys.stdout.write("FAIL: the test ended without finish()\n")
        sys.stdout.flush()
        os._exit(1)


atexit.register(_ended_without_verdict)


def log(msg):
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def check(cond, what):
    checks[0] += 1
    if cond:
        log("ok: " + what)
    else:
        log("FAIL: " + what)
        failures.append(what)
    return cond


def skip(why):
    ended[0] = True
    log("SKIP: " + why)
    sys.exit(77)


def hard(why):
    ended[0] = True
    log("ERROR: " + why)
    sys.exit(99)


def finish():
    """The end of every test: 0 only with no failure and at least one
    check (a test that checked nothing proves nothing)."""
    ended[0] = True
    log("%d checks, %d failed" % (checks[0], len(failures)))
    if checks[0] == 0:
        log("FAIL: no check ran")
        sys.exit(1)
    sys.exit(1 if failures else 0)


def require_built():
    if shutil.which(GDB) is None:
        skip("%s not found" % GDB)
    if not os.path.exists(SCENES):
        hard("%s is not built" % SCENES)
    if not os.path.exists(os.path.join(OURS, "libgomp.so.1")):
        hard("our runtime is not built in %s" % OURS)


def libompd_built():
    return os.path.exists(os.path.join(BUILDDIR, "libompd", ".libs",
                                       "libompd.so"))


def require_libompd():
    require_built()
    if not libompd_built():
        skip("libompd is not built (libompd/.libs/libompd.so)")


def tmpdir():
    """A temporary directory, removed at exit (in the one run-gdbtest.sh
    made for the test, when there is one)."""
    d = tempfile.mkdtemp(prefix="ompdbg-gdbtest.",
                         dir=os.environ.get("OMPDBG_TEST_TMPDIR"))
    atexit.register(shutil.rmtree, d, True)
    return d


def clean_env(extra=None):
    env = dict((k, v) for k, v in os.environ.items()
               if not re.match(r"G?OMP_", k))
    env["LC_ALL"] = "C"
    # No bracketed-paste or colour escapes in what gdb prints.
    env["TERM"] = "dumb"
    if extra:
        env.update(extra)
    return env


class Gdb(object):
    """One gdb session: gdb -nx -q, pagination and confirmations off,
    the plugin sourced (unless plugin=False)."""

    def __init__(self, args, plugin=True, env=None, timeout=TIMEOUT,
                 pre=()):
        self.timeout = timeout
        self.transcript = []
        argv = ["-nx", "-q", "-iex", "set pagination off",
                "-iex", "set confirm off", "-iex", "set width 0",
                "-iex", "set height 0", "-iex", "set prompt " + PROMPT,
                "-iex", "set startup-with-shell off", "-iex", "set style enabled off"]
        for p in pre:
            argv += ["-iex", p]
        if plugin:
            argv += ["-x", PLUGIN]
        argv += list(args)
        self.child = pexpect.spawn(GDB, argv, env=clean_env(env),
                                   encoding="utf-8", codec_errors="replace",
                                   timeout=timeout, dimensions=(500, 1000))
        self.startup = self._wait()

    def _wait(self, timeout=None):
        try:
            self.child.expect_exact(PROMPT, timeout=timeout or self.timeout)
        except pexpect.TIMEOUT:
            out = self.child.before
            self.transcript.append(out)
            log("gdb timed out; output so far:\n" + out)
            self.kill()
            hard("gdb did not answer within %s s" % (timeout or self.timeout))
        except pexpect.EOF:
            out = self.child.before
            self.transcript.append(out)
            log("gdb exited; output:\n" + out)
            hard("gdb exited unexpectedly")
        out = self.child.before.replace("\r\n", "\n")
        out = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out)
        self.transcript.append(out)
        return out

    def cmd(self, line, timeout=None):
        """Run LINE; its output (without the echo and the prompt)."""
        line = line.rstrip("\n")    # an empty line would repeat a command
        self.child.sendline(line)
        out = self._wait(timeout)
        # Drop the echoed command line.
        if out.startswith(line):
            out = out[len(line):]
        out = out.lstrip("\n")
        log("(gdb) %s\n%s" % (line, out.rstrip("\n")))
        return out

    def quit(self):
        try:
            self.child.sendline("kill")
            self.child.sendline("quit")
            self.child.expect(pexpect.EOF, timeout=20)
        except Exception:
            pass
        self.kill()

    def kill(self):
        try:
            self.child.close(force=True)
        except Exception:
            pass


def no_traceback(out, what):
    """Every command's output: no Python traceback, no internal error."""
    bad = ("Traceback" in out or "Python Exception" in out
           or "internal error" in out or "Error occurred in Python" in out)
    return check(not bad, "%s: no Python traceback / internal error" % what)


# ---- ground truth --------------------------------------------------------------
def read_truth(path):
    """The scene's truth file as a list of (kind, {key: value})."""
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            d = {}
            for p in parts[1:]:
                if "=" in p:
                    k, v = p.split("=", 1)
                    d[k] = v
            out.append((parts[0], d))
    return out


def truth_of(truth, kind):
    return [d for k, d in truth if k == kind]


# ---- tables ---------------------------------------------------------------------
def parse_table(out, first_header):
    """Rows of the aligned table whose header line starts with
    FIRST_HEADER, as dicts keyed by header; cells cut at the header's
    column starts."""
    lines = out.split("\n")
    for i, l in enumerate(lines):
        if l.strip().startswith(first_header):
            hdr = l
            break
    else:
        return []
    starts = [m.start() for m in re.finditer(r"\S+", hdr)]
    names = hdr.split()
    rows = []
    for l in lines[i + 1:]:
        if not l.strip():
            break
        if l.startswith("[ompd") or l.startswith("(gdb"):
            break
        cells = {}
        for k, s in enumerate(starts):
            e = starts[k + 1] if k + 1 < len(starts) else None
            cells[names[k]] = (l[s:e] if e is not None else l[s:]).strip()
        rows.append(cells)
    return rows


def run_to_stop(scene, truthfile, env_extra=None, cmds=(), pre=(),
                plugin=True, mode=None):
    """A gdb session with SCENE stopped in scene_stop (live)."""
    env = {"LD_LIBRARY_PATH": OURS}
    if env_extra:
        env.update(env_extra)
    prog_args = [SCENES, scene, truthfile] + ([mode] if mode else [])
    g = Gdb(["--args"] + prog_args, plugin=plugin, env=env, pre=pre)
    for c in cmds:
        g.cmd(c)
    g.cmd("break scene_stop")
    out = g.cmd("run", timeout=120)
    if "ptrace: Operation not permitted" in out or \
       "Could not trace" in out or "Operation not permitted" in out:
        g.kill()
        skip("gdb may not trace processes here")
    if "hit Breakpoint" not in out:
        log(out)
        g.kill()
        hard("%s did not reach scene_stop under gdb" % scene)
    g.cmd("up 0")
    return g, out


def make_gcore(scene, d, env_extra=None):
    """Run SCENE to scene_stop under gdb, dump a core with gcore; the
    (core path, truth path)."""
    truth = os.path.join(d, scene + ".truth")
    core = os.path.join(d, scene + ".core")
    g, out = run_to_stop(scene, truth, env_extra, plugin=False)
    o = g.cmd("gcore " + core, timeout=120)
    g.quit()
    if not os.path.exists(core):
        hard("gcore wrote no core: " + o)
    return core, truth


def open_core(core, pre=()):
    g = Gdb([SCENES, core], pre=("set sysroot /",
                                 "set solib-search-path " + OURS) + tuple(pre))
    return g


def patch_core(core, addr, data):
    """Overwrite the bytes of the dumped memory at ADDR in CORE (a 64-bit
    little-endian ELF core) with DATA, as a crash that wrote there would
    have left them."""
    with open(core, "r+b") as f:
        eh = f.read(64)
        if eh[:4] != b"\x7fELF" or eh[4] != 2 or eh[5] != 1:
            hard("%s is not a 64-bit little-endian ELF file" % core)
        phoff, = struct.unpack_from("<Q", eh, 32)
        phentsize, phnum = struct.unpack_from("<HH", eh, 54)
        done = 0
        while done < len(data):
            a = addr + done
            for i in range(phnum):
                f.seek(phoff + i * phentsize)
                (p_type, p_flags, p_offset, p_vaddr, p_paddr, p_filesz,
                 p_memsz, p_align) = struct.unpack("<IIQQQQQQ", f.read(56))
                if p_type == 1 and p_vaddr <= a < p_vaddr + p_filesz:
                    n = min(len(data) - done, p_vaddr + p_filesz - a)
                    f.seek(p_offset + a - p_vaddr)
                    f.write(data[done:done + n])
                    done += n
                    break
            else:
                hard("%s holds no data at 0x%x" % (core, a))
