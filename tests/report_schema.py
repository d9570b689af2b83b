#!/usr/bin/env python3
"""report_schema.py SCHEMA REPORT.json... -- validate each report written by
`layoutcheck report --format json` against docs/report.schema.json.

With the jsonschema package (Debian's python3-jsonschema; `make deps`
installs it) the documents are validated by it, Draft 7.  Without it, by
the small checker below, which knows only the keywords the schema uses
(type, const, enum, properties, required, additionalProperties, items,
minimum, oneOf, $ref to #/definitions/...): it says so on stderr, and
exits 3 on a schema keyword it does not know rather than pass it.

Prints "VALIDATOR: N valid" and exits 0, or the first error of each file
that fails and exits 1.
"""
import json
import sys

KNOWN = {"$schema", "$id", "title", "description", "type", "const", "enum", "properties",
         "required", "additionalProperties", "items", "minimum", "oneOf", "$ref",
         "definitions"}
TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


def is_type(v, t):
    """v is of JSON type t (integers are numbers; booleans are neither)."""
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return isinstance(v, TYPES[t])


def check(v, s, root, path):
    """Errors of value v against schema s, as a list of strings."""
    unknown = set(s) - KNOWN
    if unknown:
        print("report_schema.py: schema keyword(s) %s not known to the fallback checker"
              % sorted(unknown), file=sys.stderr)
        sys.exit(3)
    if "$ref" in s:
        name = s["$ref"].split("/")[-1]
        return check(v, root["definitions"][name], root, path)
    errs = []
    if "type" in s:
        ts = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(is_type(v, t) for t in ts):
            return ["%s: %r is not of type %s" % (path, v, ts)]
    if "const" in s and v != s["const"]:
        errs.append("%s: %r is not %r" % (path, v, s["const"]))
    if "enum" in s and v not in s["enum"]:
        errs.append("%s: %r is not one of %r" % (path, v, s["enum"]))
    if "minimum" in s and is_type(v, "number") and v < s["minimum"]:
        errs.append("%s: %r is less than %r" % (path, v, s["minimum"]))
    if "oneOf" in s:
        ok = [sub for sub in s["oneOf"] if not check(v, sub, root, path)]
        if len(ok) != 1:
            errs.append("%s: matches %d of the oneOf schemas, not 1" % (path, len(ok)))
    if isinstance(v, dict):
        for k in s.get("required", []):
            if k not in v:
                errs.append("%s: '%s' is required" % (path, k))
        props = s.get("properties", {})
        extra = s.get("additionalProperties", True)
        for k, x in v.items():
            if k in props:
                errs += check(x, props[k], root, path + "." + k)
            elif extra is False:
                errs.append("%s: '%s' is not allowed" % (path, k))
            elif isinstance(extra, dict):
                errs += check(x, extra, root, path + "." + k)
    if isinstance(v, list) and "items" in s:
        for i, x in enumerate(v):
            errs += check(x, s["items"], root, "%s[%d]" % (path, i))
    return errs


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    schema = json.load(open(sys.argv[1]))
    try:
        import jsonschema
        jsonschema.Draft7Validator.check_schema(schema)
        validator = jsonschema.Draft7Validator(schema)
        name = "jsonschema"

        def errors(doc):
            return [e.message for e in validator.iter_errors(doc)]
    except ImportError:
        print("report_schema.py: no jsonschema module: the fallback checker validates",
              file=sys.stderr)
        name = "fallback checker"

        def errors(doc):
            return check(doc, schema, schema, "$")
    bad = 0
    for path in sys.argv[2:]:
        errs = errors(json.load(open(path, encoding="utf-8")))
        if errs:
            bad += 1
            print("%s: %s" % (path, errs[0]))
    print("%s: %d valid" % (name, len(sys.argv) - 2 - bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
