"""contract-dump.py CONTRACT_PY -- print the gdb plugin's generated
contract module (ompdbg_gdb/contract.py) as contract-dump prints the C
headers it comes from: one "LIST NAME VALUE" line per entry."""

import importlib.util
import sys

spec = importlib.util.spec_from_file_location("contract", sys.argv[1])
c = importlib.util.module_from_spec(spec)
spec.loader.exec_module(c)

for lst in ("STATES", "FRAME_FLAGS", "TASK_FLAGS", "DEPENDENCE_TYPES",
            "SCOPES", "RCS", "TASK_BITS", "DEFINES"):
    for name, value in getattr(c, lst).items():
        print(lst, name, value)
for name, (value, _) in c.TASK_STATES.items():
    print("TASK_STATES", name, value)
for lst in ("THREAD_WORD_STATES", "TASK_WAIT_STATES"):
    for value in getattr(c, lst):
        print(lst, "-", value)
print("LAYOUT", "OMPDBG_LAYOUT_VERSION", c.LAYOUT_VERSION)
# Every name is a module attribute with its value too.
for lst in ("STATES", "RCS", "SCOPES", "TASK_FLAGS"):
    for name, value in getattr(c, lst).items():
        if getattr(c, name, None) != value:
            print("ATTRIBUTE", name, getattr(c, name, None))
