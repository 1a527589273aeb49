"""Random sessions through every shape of `toolsh mcp` (the official Python MCP SDK): each call
is drawn from a small grammar — echo, false, `exit N`, `(exit N)`, `cd`, a `cd` then `exit`,
export and unset, a function defined and called, long output, a line past its timeout (after a `cd`
and an `export`, which it takes with it when it goes on as a job and leaves when it is
stopped), `wait` and `kill` of the job it became, an unknown command, a denied `rm`, `test -f x || exit 1` — and
a small model of the session (cwd, variables, functions, jobs; none of them outlives a call in
the shapes that run each call as a process of its own) predicts its status and output. After
every call the invariants of tests/mcp/scenario.py hold (`check_call`: status, isError,
structured facts, the cut mark exactly when cut, at the cut, naming a file with all of it) and
the description is what it was.

CI runs two fixed seeds per shape (`SEEDS`); `TOOLSH_PROPERTY_RUNS=N` runs N more seeds per shape
(drawn from the clock, printed), `TOOLSH_PROPERTY_SEED=S` replays seed S, and
`TOOLSH_PROPERTY_CALLS=N` makes each session N calls long (default 40). A failure names the
shape, the seed and the calls so far.

Usage: python3 tests/mcp/property.py TOOLSH WORKDIR [SHAPE…]   (run by tests/it/mcp.rs)
"""
import asyncio
import os
import random
import sys
import time

from mcp import Client, StdioServerParameters

from scenario import SHAPES, check, check_call, leaves, server_env

SEEDS = [42, 7]
FLAGS = ["--deny", "fs.delete"]
# Past the contract's caps (2,000 lines): cut; at most that: whole.
CAP_LINES = 2000


class Model:
    """What the session is predicted to hold."""

    def __init__(self, root, persistent):
        self.root, self.persistent = root, persistent
        self.cwd, self.vars, self.functions, self.jobs, self.started = root, {}, set(), [], {}

    def keep(self, **changes):
        """Apply a call's changes to the session, in the shapes that keep one."""
        if self.persistent:
            for key, value in changes.items():
                setattr(self, key, value)

    def next_job(self):
        return max(self.jobs, default=0) + 1


def draw(rng, model, shape_classes):
    """One call: (line, timeout_ms, expected, after) where `after(read)` updates the model."""
    root, cwd = model.root, model.cwd
    in_root = cwd == root
    word = rng.choice(["alpha", "beta", "gamma", "δelta"])
    n = rng.randint(0, 9)
    name = rng.choice(["V1", "V2"])
    choices = [
        lambda: (f"echo {word}", None, {"status": 0, "stdout": f"{word}\n"}, None),
        lambda: ("false", None, {"status": 1, "stdout": ""}, None),
        lambda: (f"exit {n}", None, {"status": n, "stdout": ""}, None),
        lambda: (f"(exit {n})", None, {"status": n, "stdout": ""}, None),
        lambda: (f"(cd sub 2>/dev/null; exit {n})", None, {"status": n, "stdout": ""}, None),
        lambda: ("pwd", None, {"status": 0, "stdout": f"{cwd}\n"}, None),
        lambda: ("cd sub" + (" 2>/dev/null" if not in_root else ""), None,
                 {"status": 0 if in_root else 1, "stdout": ""},
                 (lambda read: model.keep(cwd=f"{root}/sub")) if in_root else None),
        lambda: (f"cd {root}", None, {"status": 0, "stdout": ""}, lambda read: model.keep(cwd=root)),
        lambda: (f"cd sub 2>/dev/null && exit {n}", None, {"status": n if in_root else 1, "stdout": ""},
                 (lambda read: model.keep(cwd=f"{root}/sub")) if in_root else None),
        lambda: (f"export {name}={word}", None, {"status": 0, "stdout": ""},
                 lambda read: model.keep(vars={**model.vars, name: word})),
        lambda: (f"unset {name}", None, {"status": 0, "stdout": ""},
                 lambda read: model.keep(vars={k: v for k, v in model.vars.items() if k != name})),
        lambda: (f'echo "[${{{name}-unset}}]"', None, {"status": 0, "stdout": f"[{model.vars.get(name, 'unset')}]\n"},
                 None),
        lambda: (f"f{n}() {{ echo fn{n}; }}", None, {"status": 0, "stdout": ""},
                 lambda read: model.keep(functions=model.functions | {n})),
        lambda: (f"f{n} 2>/dev/null", None,
                 {"status": 0, "stdout": f"fn{n}\n"} if n in model.functions else {"status": 127, "stdout": ""}, None),
        lambda: ("seq 1 {}".format(lines := rng.choice([5, CAP_LINES, CAP_LINES + 1, 40000])), None,
                 {"status": 0, "long": lines} if lines > CAP_LINES
                 else {"status": 0, "stdout": "".join(f"{i}\n" for i in range(1, lines + 1))}, None),
        lambda: (f"nosuch{n} --help", None, {"status": 127, "stderr_has": "command not found"}, None),
        lambda: ("rm keep.txt", None, {"status": 126, "stdout": "", "stderr_has": "blocked"}, None),
        lambda: ("test -f keep.txt || exit 1", None, {"status": 0 if in_root else 1, "stdout": ""}, None),
    ]
    if "stop" in shape_classes or "background" in shape_classes:
        choices.append(timed_out(model, shape_classes, rng.random() < 0.5))
    if model.jobs:
        job = rng.choice(model.jobs)
        choices += [
            lambda: (f'wait %{job}; echo "waited $?"', None, {"status": 0, "stdout": "waited 0\n"},
                     lambda read: model.jobs.remove(job)),
            # A job half a second old is still in its `sleep 2`: killed, it ends with 143 (SIGTERM).
            lambda: (f'kill %{job} 2>/dev/null; wait %{job}; echo "killed $?"', None,
                     {"status": 0, **({"stdout": "killed 143\n"} if time.monotonic() - model.started[job] < 0.5 else {})},
                     lambda read: model.jobs.remove(job)),
        ]
    return rng.choice(choices)()


def timed_out(model, classes, changes):
    """A line past its timeout, which may first change the session (`cd`, `export`): a line
    that goes on as a job takes its changes with it, as `( line ) &` would; a line stopped at
    its deadline leaves them, as bash's does when its foreground command is killed."""
    sub = f"{model.root}/sub"
    line = f"cd {sub} && export V2=late; sleep 2" if changes else "sleep 2"

    def call():
        if "background" in classes:
            job = model.next_job()

            def after(read):
                check(read.job == str(job), f"the promoted line is job %{job}, not %{read.job}")
                model.jobs.append(job)
                model.started[job] = time.monotonic()
            return (line, 150, {"status": 148, "stdout": ""}, after)
        stopped = (lambda read: model.keep(cwd=sub, vars={**model.vars, "V2": "late"})) if changes else None
        return (line, 150, {"status": 124, "stdout": ""}, stopped)
    return call


async def session(toolsh, workdir, shape, seed, calls):
    root = os.path.join(workdir, f"{shape.name}-{seed}")
    os.makedirs(os.path.join(root, "sub"))
    with open(os.path.join(root, "keep.txt"), "w") as f:
        f.write("keep\n")
    home = f"{root}-home"
    os.makedirs(home)
    params = StdioServerParameters(command=toolsh, args=["mcp", "--shape", shape.name, "--root", root, *FLAGS],
                                   env=server_env(home))
    rng = random.Random(seed)
    history = []
    try:
        async with Client(params) as client:
            listed = (await client.list_tools()).tools
            described = [(t.name, t.description) for t in listed]
            classes = shape.classes([t.name for t in listed])
            declared = next(t.output_schema for t in listed if t.name == shape.tool) is not None
            model = Model(root, "persistent" in classes)
            while len(history) < calls:
                line, timeout_ms, expected, after = draw(rng, model, classes)
                result, read = await shape.send(client, line, timeout_ms)
                if result is None:  # the shape cannot send it (a timeout to `bash`)
                    continue
                history.append(line if timeout_ms is None else f"{line}  (timeout_ms {timeout_ms})")
                where = f"{shape.name} seed {seed} call {len(history)} `{line}`"
                spill = check_call(where, result, read, expected, declared)
                if spill:
                    result, read = await shape.send(client, f"seq 1 {expected['long']} | cmp - {spill} && echo whole")
                    check_call(f"{where} (its spill)", result, read, {"status": 0, "stdout": "whole\n"}, declared)
                if after:
                    after(read)
                check(os.path.exists(os.path.join(root, "keep.txt")), f"{where}: keep.txt was deleted")
                now = [(t.name, t.description) for t in (await client.list_tools()).tools]
                check(now == described, f"{where}: the tools or their description changed")
    except* AssertionError as group:
        raise AssertionError("\n".join(f"{err}\n  calls: {history}" for err in leaves(group))) from None


async def main(toolsh, workdir, only):
    calls = int(os.environ.get("TOOLSH_PROPERTY_CALLS", "40"))
    if "TOOLSH_PROPERTY_SEED" in os.environ:
        seeds = [int(os.environ["TOOLSH_PROPERTY_SEED"])]
    else:
        extra = int(os.environ.get("TOOLSH_PROPERTY_RUNS", "0"))
        base = time.time_ns() % 1_000_000
        seeds = SEEDS + [base + n for n in range(extra)]
    failures = []
    for shape in SHAPES:
        if only and shape.name not in only:
            continue
        for seed in seeds:
            if seed not in SEEDS:
                print(f"{shape.name}: seed {seed}", file=sys.stderr)
            try:
                await session(toolsh, workdir, shape, seed, calls)
            except AssertionError as err:
                failures.append(str(err))
    check(not failures, "\n".join(failures))
    print("ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
