"""The `pnp` console script: Ctrl-C is answered in one line even while the tool is still
importing its modules (about 0.3 s before the command line is read), not by a traceback
from the middle of an import."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from pnp.cli import main as cli  # the import that takes the time
    except KeyboardInterrupt:
        sys.stderr.write("pnp: interrupted\n")
        sys.exit(130)
    cli()


if __name__ == "__main__":
    main()
