#!/usr/bin/env python3
"""validate_json.py SCHEMA FILE [--lines]: validates FILE (one JSON document, or with
--lines every line that starts with '{') against the JSON Schema SCHEMA (draft 4 or 7,
as its $schema says) with python3-jsonschema. Exit 0 valid, 1 invalid, 2 no jsonschema."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate_json: python3-jsonschema is missing (scripts/install-deps.sh installs it)")
    sys.exit(2)


def main():
    schema_path, path = sys.argv[1], sys.argv[2]
    lines = "--lines" in sys.argv[3:]
    schema = json.load(open(schema_path, encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    text = open(path, encoding="utf-8").read()
    docs = [l for l in text.splitlines() if l.startswith("{")] if lines else [text]
    if not docs:
        print(f"validate_json: no JSON in {path}")
        return 1
    bad = 0
    for i, d in enumerate(docs, 1):
        try:
            obj = json.loads(d)
        except json.JSONDecodeError as e:
            print(f"validate_json: {path} document {i}: not JSON: {e}")
            bad += 1
            continue
        for err in validator.iter_errors(obj):
            print(f"validate_json: {path} document {i}: {'/'.join(map(str, err.absolute_path))}: {err.message}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
