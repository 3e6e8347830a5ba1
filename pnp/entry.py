"""The `pnp` console script: Ctrl-C is answered in one line even while the tool is still
importing its modules (about 0.3 s before the command line is read), not by a traceback
from the middle of an import. A short command (`pnp check`, run at every save) runs as a
short process (pnp.core.short_run); the dataclasses' methods are compiled once for every
command (pnp.core.method_code)."""

from __future__ import annotations

import sys

from pnp.core import method_code, short_run

#: the commands a designer runs at every save, each a process of a fraction of a second
SHORT_COMMANDS = frozenset({"check"})


def main() -> None:
    short = sys.argv[1:2] and sys.argv[1] in SHORT_COMMANDS
    if short:
        short_run.begin()
    method_code.install()  # before pnp's modules make their dataclasses
    try:
        from pnp.cli import main as cli  # the import that takes the time
    except KeyboardInterrupt:
        sys.stderr.write("pnp: interrupted\n")
        sys.exit(130)
    if not short:
        cli()
        return
    try:
        cli()
    except SystemExit as exc:
        short_run.end(exc.code)
    short_run.end(0)


if __name__ == "__main__":
    main()
