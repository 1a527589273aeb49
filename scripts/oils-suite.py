#!/usr/bin/env python3
"""Measures toolsh against the Oils project's spec tests (oils-for-unix/oils `spec/*.test.sh`),
the cases outside reviewers compare bash-like shells by. Not part of the test suite: the project
holds only cases written here (tests/compat); this reads the spec files where they lie (fetched
outside the repository), to measure, as scripts/jq-suite.py does for jq's tests.

    scripts/oils-suite.py [--toolsh BINARY] [--show FILE[:CASE]] [--jobs N] FILE...

The oracle is the real /bin/bash 5.2, not the files' expectations: their `## stdout:`,
`## STDOUT:`…`## END`, `## status:` and `## OK/N-I/BUG shell` annotations are ignored. Each
case (`#### name`, or the older `### name`, up to the next case) runs in a fresh temporary
directory under bash and under toolsh (BINARY, default $TOOLSH or the release build, on that
directory), with SH=bash (so `$SH -c` runs the shell under test's own bash), TMP and
REPO_ROOT set as the Oils harness sets them, and the harness's small helper programs
(argv.py, printenv.py, read_from_fd.py, stdout_stderr.py, written here) on the PATH — declared as host programs
for toolsh. A case passes when its stdout and exit status match bash's; stderr is not compared.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 10

# The Oils harness's helpers, re-written: argv.py prints its arguments as a Python 2 list of
# byte strings; printenv.py prints the named variables (None when unset); read_from_fd.py
# prints what each descriptor named holds; stdout_stderr.py
# writes one line to each stream.
HELPERS = {
    "argv.py": r'''#!/usr/bin/env python3
import os, sys
def q(b):
    out = []
    for c in b:
        ch = chr(c)
        if ch == "\\": out.append("\\\\")
        elif ch == "'": out.append("\\'")
        elif ch == "\n": out.append("\\n")
        elif ch == "\t": out.append("\\t")
        elif ch == "\r": out.append("\\r")
        elif 32 <= c < 127: out.append(ch)
        else: out.append("\\x%02x" % c)
    return "'" + "".join(out) + "'"
args = [os.fsencode(a) for a in sys.argv[1:]]
sys.stdout.write("[" + ", ".join(q(a) for a in args) + "]\n")
''',
    "printenv.py": r'''#!/usr/bin/env python3
import os, sys
for name in sys.argv[1:]:
    print(os.environ.get(name))
''',
    "read_from_fd.py": r'''#!/usr/bin/env python3
import os, sys
for arg in sys.argv[1:]:
    fd = int(arg)
    try:
        with os.fdopen(fd, errors="replace") as f:
            sys.stdout.write("%d: %s" % (fd, f.read()))
    except OSError as e:
        sys.stdout.write("%d: error %s\n" % (fd, e.strerror))
''',
    "stdout_stderr.py": r'''#!/usr/bin/env python3
import sys
print(sys.argv[1] if len(sys.argv) > 1 else "STDOUT")
sys.stdout.flush()
print(sys.argv[2] if len(sys.argv) > 2 else "STDERR", file=sys.stderr)
sys.exit(int(sys.argv[3]) if len(sys.argv) > 3 else 0)
''',
}


def cases(text):
    """Yields (line number, name, code) per case. Annotations are left out: `## key: value`
    lines, and the multi-line blocks (`## STDOUT:`, `## OK bash STDERR:`, … up to `## END`)
    of files fetched as they are."""
    name = None
    start = 0
    code = []
    in_block = False
    for number, line in enumerate(text.split("\n"), 1):
        if in_block:
            # A block ends at `## END`, or where the next annotation or case begins.
            if line.rstrip() == "## END":
                in_block = False
                continue
            if not line.startswith("## ") and not line.startswith("###"):
                continue
            in_block = False
        if line.startswith("## ") and line.rstrip().endswith(":"):
            in_block = True
            continue
        if line.startswith("###") and not line.startswith("####!"):
            head = line.lstrip("#")
            if line.startswith("#### ") or line.startswith("### "):
                if name is not None:
                    yield start, name, "\n".join(code) + "\n"
                name, start, code = head.strip(), number, []
                continue
        if name is not None and not line.startswith("## "):
            code.append(line)
    if name is not None:
        yield start, name, "\n".join(code) + "\n"


def run(argv, cwd, env):
    try:
        done = subprocess.run(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT
        )
    except subprocess.TimeoutExpired as e:
        return (e.stdout or b"").decode(errors="replace") + "[timeout]", 124
    return done.stdout.decode(errors="replace"), done.returncode


def host_config(code, bindir, work):
    """A policy file (outside the case's directory) declaring printenv.py with the variables the
    case asks it for: toolsh gives a host program only the exported variables its declaration
    names, and the helper must see what the case exported."""
    names = set()
    for words in re.findall(r"printenv\.py((?:[ \t]+[A-Za-z_][A-Za-z_0-9]*)+)", code):
        names.update(words.split())
    names.discard("PATH")
    path = f"{work}.toml"
    with open(path, "w") as f:
        f.write('[host."printenv.py"]\n')
        f.write(f"program = {json.dumps(bindir + '/printenv.py')}\n")
        f.write(f"env = {json.dumps(sorted(names))}\n")
    return path


def run_case(code, bindir, toolsh, work):
    """Runs one case under bash and toolsh, each in the fresh directory `work` (the same path
    for both, so that paths printed compare); gives both results."""
    results = []
    for shell in ("bash", "toolsh"):
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        try:
            tmp = os.path.join(work, "tmp")
            os.mkdir(tmp)
            os.mkdir(os.path.join(work, "_tmp"))
            env = {
                "SH": "bash",
                "TMP": tmp,
                "REPO_ROOT": work,
                "LANG": "C.UTF-8",
                "HOME": work,
                "PATH": f"{bindir}:/usr/bin:/bin",
            }
            if shell == "bash":
                argv = ["/bin/bash", "-c", code]
            else:
                argv = [toolsh, "--allow", "host.*", "--config", host_config(code, bindir, work)]
                for name, value in env.items():
                    argv += ["--env", f"{name}={value}"]
                for helper in HELPERS:
                    if helper != "printenv.py":
                        argv += ["--host", f"{helper}={bindir}/{helper}"]
                argv += ["-c", code]
            results.append(run(argv, work, env))
        finally:
            shutil.rmtree(work, ignore_errors=True)
            if os.path.exists(f"{work}.toml"):
                os.remove(f"{work}.toml")
    return results


def main():
    parser = argparse.ArgumentParser()
    root = Path(__file__).resolve().parent.parent
    parser.add_argument("--toolsh", default=os.environ.get("TOOLSH", f"{root}/target/release/toolsh"))
    parser.add_argument("--show", action="append", default=[], help="print failures' diffs: FILE or FILE:CASE")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    args.toolsh = os.path.abspath(args.toolsh)
    bindir = tempfile.mkdtemp(prefix="oils-bin-")
    for name, text in HELPERS.items():
        path = Path(bindir, name)
        path.write_text(text)
        path.chmod(0o755)
    total = passed = 0
    pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
    for file in args.files:
        stem = Path(file).name.removesuffix(".test.sh")
        show = any(s == stem or s.startswith(stem + ":") for s in args.show)
        only = {s.split(":", 1)[1] for s in args.show if s.startswith(stem + ":")}
        found = list(cases(Path(file).read_text(errors="replace")))
        futures = [
            pool.submit(run_case, code, bindir, args.toolsh, f"{bindir}-cases/{stem}-{index}")
            for index, (_, _, code) in enumerate(found)
        ]
        here_total = here_passed = 0
        failed = []
        for (line, name, code), future in zip(found, futures):
            (bout, bstatus), (tout, tstatus) = future.result()
            here_total += 1
            if bout == tout and bstatus == tstatus:
                here_passed += 1
                continue
            failed.append(name)
            if show and (not only or name in only or str(line) in only):
                print(f"--- {stem}:{line}: {name}")
                print("    " + code.rstrip().replace("\n", "\n    "))
                if bstatus != tstatus:
                    print(f"  status: bash {bstatus}, toolsh {tstatus}")
                diff = difflib.unified_diff(
                    bout.splitlines(), tout.splitlines(), "bash", "toolsh", lineterm="", n=2
                )
                for d in list(diff)[2:]:
                    print("  " + d)
        print(f"{stem}: {here_passed}/{here_total}" + (f"  failed: {'; '.join(failed)}" if failed and not show else ""))
        total += here_total
        passed += here_passed
    shutil.rmtree(bindir, ignore_errors=True)
    shutil.rmtree(f"{bindir}-cases", ignore_errors=True)
    print(f"all: {passed}/{total} ({100 * passed / max(total, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
