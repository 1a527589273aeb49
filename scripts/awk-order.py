#!/usr/bin/env python3
"""Differential check of awk's `for (k in a)` order: toolsh's awk against gawk.

Random sequences of inserts, deletes and `delete a` (string keys of varied lengths, integers
small and large, negative, mixed, SUBSEP keys; 1 to 20,000 operations), and random numeric
programs (loops, split, deleting inside the loop), run by `gawk` and by toolsh's `awk`; any
difference in output is reported with the files to reproduce it.

    scripts/awk-order.py [--count N] [--seed S] [--toolsh target/debug/toolsh]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

# Reads operations, one a line: `i KEY`, `d KEY`, `c` (delete the array), `p` (print the order).
OPS_PROGRAM = r'''BEGIN { FS = "\t" }
$1 == "i" { a[$2] = NR; next }
$1 == "d" { delete a[$2]; next }
$1 == "c" { delete a; next }
$1 == "p" { n = 0; out = ""; for (k in a) { out = out k "|"; n++ } print out " #" n }
'''

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.é"


def key(rng, kinds):
    kind = rng.choice(kinds)
    if kind == "small":
        return str(rng.randint(0, 60))
    if kind == "dense":
        return str(rng.randint(0, 3000))
    if kind == "big":
        return str(rng.choice([rng.randint(0, 2**31 - 1), rng.randint(2**20, 2**31 + 10), 2**31 - 1, 2**31,
                               rng.randint(0, 10**12)]))
    if kind == "neg":
        return str(rng.choice([-rng.randint(1, 100), -rng.randint(1, 2**31), -2**31, -2**31 - 1]))
    if kind == "odd":
        return rng.choice(["03", "+3", "-0", "1.5", "1e3", " 3", "3 ", "", "0x1A", "00", "-", "007", "1\x1c2",
                           "a\x1cb", "\x1c", "\udcff", "NaN", "inf"])
    if kind == "subsep":
        return "%s\x1c%s" % (rng.randint(0, 30), rng.choice("xyz"))
    # a word
    length = rng.choice([1, 1, 2, 3, 4, 5, 8, 12, 30])
    return "".join(rng.choice(LETTERS) for _ in range(length))


def ops_case(rng):
    kinds = rng.sample(["small", "dense", "big", "neg", "odd", "subsep", "word", "word"], rng.randint(1, 4))
    size = int(10 ** rng.uniform(0, 4.3))
    p_delete = rng.choice([0, 0, 0.1, 0.3, 0.5])
    p_clear = rng.choice([0, 0, 0.001, 0.01])
    prints = rng.randint(0, 3)
    keys = []
    lines = []
    for n in range(size):
        r = rng.random()
        if keys and r < p_delete:
            lines.append("d\t" + rng.choice(keys))
        elif r < p_delete + p_clear:
            lines.append("c")
        else:
            k = key(rng, kinds)
            keys.append(k)
            lines.append("i\t" + k)
        if prints and rng.random() < prints / size:
            lines.append("p")
    lines.append("p")
    return OPS_PROGRAM, "\n".join(lines) + "\n"


def program_case(rng):
    n = int(10 ** rng.uniform(0, 4.3))
    step = rng.choice([1, 1, 2, 3, 7, 100, 1000, 65536, 1000003])
    start = rng.choice([0, 1, 5, -3, -1000, 1024, 2**30])
    body = rng.choice([
        'for (i = 0; i < N; i++) a[START + i * STEP] = i',
        'for (i = N; i > 0; i--) a[START + i * STEP] = i',
        'n = split(s, a)',
        'for (i = 0; i < N; i++) a[i % 7 == 0 ? "k" i : START + i * STEP]',
        'for (i = 0; i < N; i++) a[i, i % 3]',
        'for (i = 0; i < N; i++) { a[START + i * STEP]; if (i % 3 == 1) delete a[START + (i - 1) * STEP] }',
        'for (i = 0; i < N; i++) a["w" i]; for (i = 0; i < N; i += 2) delete a["w" i]',
        'for (i = 0; i < N; i++) a[START + i * STEP]; delete a; for (i = 0; i < N; i++) a["x" i]',
        'for (i = 0; i < N; i++) a[-i]; for (i = 0; i < N; i++) a[i]; for (i = 0; i < N; i++) delete a[-i]',
    ])
    loop = rng.choice([
        'for (k in a) printf "%s|", k; print ""',
        'for (k in a) { printf "%s|", k; delete a[k] } print length(a)',
        'for (k in a) { printf "%s|", k; a[k "+"] } print ""; for (k in a) printf "%s|", k; print ""',
        'for (k in a) { printf "%s|", k; if (m++ % 2) delete a[START + m * STEP] } print ""',
        'for (k in a) delete a[k]; print k, length(a)',
    ])
    words = " ".join(str(rng.randint(0, 99)) for _ in range(min(n, 3000)))
    text = ("BEGIN { N = %d; STEP = %d; START = %d; s = \"%s\"; %s; %s }\n"
            % (n, step, start, words, body, loop))
    return text, ""


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=600)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--toolsh", default=os.path.join(os.path.dirname(__file__), "..", "target", "debug", "toolsh"))
    args = ap.parse_args()
    toolsh = os.path.abspath(args.toolsh)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print("seed", seed)
    failures = 0
    for case in range(args.count):
        rng = random.Random(seed * 100003 + case)
        program, data = (ops_case if rng.random() < 0.6 else program_case)(rng)
        work = tempfile.mkdtemp(prefix="awk-order-")
        with open(os.path.join(work, "p.awk"), "w", encoding="latin-1", errors="replace") as f:
            f.write(program)
        with open(os.path.join(work, "in.txt"), "wb") as f:
            f.write(data.encode("utf-8", "surrogateescape"))
        want = run(["gawk", "-f", "p.awk", "in.txt"], work)
        got = run([toolsh, "--root", work, "-c", "awk -f p.awk in.txt"], work)
        if (want.stdout, want.returncode) != (got.stdout, got.returncode):
            failures += 1
            print("DIFF case %d in %s (gawk rc %d, toolsh rc %d)" % (case, work, want.returncode, got.returncode))
            for name, out in (("gawk", want), ("toolsh", got)):
                with open(os.path.join(work, name + ".out"), "wb") as f:
                    f.write(out.stdout + out.stderr)
        else:
            for name in ("p.awk", "in.txt"):
                os.unlink(os.path.join(work, name))
            os.rmdir(work)
    print("%d/%d differ" % (failures, args.count))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
