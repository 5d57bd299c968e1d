"""ompdbg_gdb -- the ompdbg gdb plugin: OpenMP debugging through OMPD.

Loaded by ompd.py (gdb -x .../ompd.py) or by the auto-load script of the
ompdbg runtime.  Only gdb's Python API, the standard library and ctypes:
no compiled module, so it runs under whatever Python gdb embeds and binds
to any libompd with the standard OMPD 5.1 ABI (binding.py).
"""

_installed = False


def install():
    """Register the commands, settings and event handlers once per gdb
    (the plugin may be both auto-loaded and sourced with -x)."""
    global _installed
    if _installed:
        return
    _installed = True
    from . import commands
    commands.install()
