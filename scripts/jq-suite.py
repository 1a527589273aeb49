#!/usr/bin/env python3
"""Measures a jq against a test file in jq's own format (jq's `tests/jq.test`, `man.test`,
`onig.test`): how many of its cases it passes. Not part of the test suite: the project holds
only cases written here (tests/compat/jq.sh); this reads jq's file where it lies, to measure.

    scripts/jq-suite.py [--jq 'COMMAND'] [--show N] FILE...

COMMAND runs one case: it gets the program as its last argument and the input on standard
input (default: the release toolsh, `toolsh --memory -c 'jq -c "$1"' jq`). The oracle is any
jq binary, e.g. `--jq 'jq -c'` (scripts/jq-oracle.sh builds jq 1.8 from PyPI's sources).

A case is three or more lines: the program, the input, the outputs (compared as JSON values,
as jq's `--run-tests` does); `%%FAIL` before the program means it must not compile (with
`--messages`, also with the error line that follows the program, as `--run-tests` checks it
unless `%%FAIL IGNORE MSG`). Cases are separated by blank lines; `#` starts a comment line.
"""

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path


def cases(text):
    """Yields (line number, program, input, expected outputs, must fail) per case."""
    lines = text.split("\n")
    at = 0
    while at < len(lines):
        line = lines[at]
        if line.strip() == "" or line.startswith("#"):
            at += 1
            continue
        must_fail = line.startswith("%%FAIL")
        if must_fail and "IGNORE MSG" in line:
            must_fail = "ignore message"
        if must_fail:
            at += 1
        start = at
        program = lines[at]
        at += 1
        block = []
        while at < len(lines) and lines[at].strip() != "":
            if not lines[at].startswith("#"):
                block.append(lines[at])
            at += 1
        if must_fail:
            yield start + 1, program, None, block, True
        else:
            yield start + 1, program, block[0] if block else "", block[1:], False


def parse_all(lines):
    values = []
    for line in lines:
        if line.strip() == "":
            continue
        try:
            values.append(json.loads(line))
        except (ValueError, RecursionError):
            values.append(("unparsed", line))
    return values


def run(command, program, data):
    try:
        done = subprocess.run(
            command + [program],
            input=(data or "").encode(),
            capture_output=True,
            timeout=10,
        )
    except subprocess.TimeoutExpired:
        return None, b"timeout", 124
    return done.stdout.decode(errors="replace"), done.stderr, done.returncode


def main():
    parser = argparse.ArgumentParser()
    root = Path(__file__).resolve().parent.parent
    default = f"{root}/target/release/toolsh --memory -c 'jq -c \"$1\"' jq"
    parser.add_argument("--jq", default=default)
    parser.add_argument("--messages", action="store_true", help="compare compile errors' words too")
    parser.add_argument("--show", type=int, default=0, help="print the first N failures")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    command = shlex.split(args.jq)
    total = passed = 0
    shown = 0
    for file in args.files:
        here_total = here_passed = 0
        for line, program, data, expected, must_fail in cases(Path(file).read_text()):
            here_total += 1
            out, err, status = run(command, program, data)
            if must_fail:
                ok = status == 3
                if ok and args.messages and must_fail is True and expected:
                    said = err.decode(errors="replace").split("\n")[0]
                    ok = said == expected[0]
            else:
                ok = status in (0, 5) and out is not None and parse_all(out.split("\n")) == parse_all(expected)
                # A case that expects outputs and errors too is judged on its outputs; one that
                # expects nothing must not fail to compile.
                ok = ok and status != 3
            if ok:
                here_passed += 1
            elif shown < args.show:
                shown += 1
                print(f"--- {file}:{line}: {program}")
                print(f"    input:    {data}")
                print(f"    expected: {expected}")
                print(f"    got:      {out!r} status {status} {err[:300]!r}")
        print(f"{file}: {here_passed}/{here_total} ({100 * here_passed / max(here_total, 1):.1f} %)")
        total += here_total
        passed += here_passed
    print(f"all: {passed}/{total} ({100 * passed / max(total, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
