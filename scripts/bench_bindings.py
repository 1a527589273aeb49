"""The Python package's costs (scripts/bench.sh bindings): microseconds per `sh.run(LINE)`, and
per call of a Python tool through the shell against calling the function directly; the best
of five batches each. Run with the venv holding the wheel: python bench_bindings.py N."""

import sys
import time

import toolsh


def best(work, calls: int) -> float:
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(calls):
            work()
        times.append((time.perf_counter() - started) * 1e6 / calls)
    return min(times)


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    sh = toolsh.Shell(memory=True)

    @sh.tool("app.double", read_only=True)
    def double(x: int) -> int:
        return 2 * x

    assert sh.run("app.double --x 21").stdout == "42\n"
    print(f"run-echo {best(lambda: sh.run('echo hi'), calls):.1f}")
    print(f"run-tool {best(lambda: sh.run('app.double --x 21'), calls):.1f}")
    print(f"direct {best(lambda: double(21), calls * 100):.3f}")


if __name__ == "__main__":
    main()
