#!/usr/bin/python3
"""json-check.py -- validate ompdbg's JSON documents against the schema
of docs/json.md (docs/ompdbg-json.schema.json), with Debian's
python3-jsonschema.

Usage: json-check.py SCHEMA FILE...
Each FILE holds one or more documents, one per line; a line that is not
JSON (gdb's own messages) is ignored.  Prints `ok: ...' or `FAIL: ...'
per document; exit 0 when every document is valid and there is at
least one, 1 otherwise, 77 without jsonschema."""

import json
import sys

try:
    import jsonschema
except ImportError:
    print("SKIP: python3-jsonschema is not installed")
    sys.exit(77)


def main(argv):
    with open(argv[0]) as f:
        schema = json.load(f)
    v = jsonschema.Draft7Validator(schema)
    n = bad = 0
    for path in argv[1:]:
        with open(path) as f:
            for line in f:
                if not line.startswith("{"):
                    continue
                doc = json.loads(line)
                n += 1
                errs = sorted(v.iter_errors(doc), key=lambda e: e.path)
                what = "%s: %s" % (path.rsplit("/", 1)[-1],
                                   doc.get("command"))
                if errs:
                    bad += 1
                    print("FAIL: %s: %s at %s" % (
                        what, errs[0].message,
                        "/".join(str(p) for p in errs[0].path)))
                elif doc.get("ompdbg_json") != 1:
                    bad += 1
                    print("FAIL: %s: version %r" % (what,
                                                    doc.get("ompdbg_json")))
                else:
                    print("ok: %s is valid" % what)
    if n == 0:
        print("FAIL: no JSON document in %s" % " ".join(argv[1:]))
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
