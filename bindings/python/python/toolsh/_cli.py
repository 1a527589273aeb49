"""``toolsh`` on the PATH of a ``pip install toolsh``: the command line, as the Rust binary runs it."""

from __future__ import annotations

import sys

from . import _launcher, _toolsh


def main() -> None:
    """Runs ``toolsh ARGS…`` and exits with its status."""
    sys.exit(_toolsh.cli_main(sys.argv[1:], _launcher()))


if __name__ == "__main__":
    main()
