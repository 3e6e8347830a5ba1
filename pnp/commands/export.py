"""`pnp export --format json`: the checked model as JSON on stdout, for other tools.

The content is checked first (as `pnp check` does); with errors nothing is exported,
the problems go to stderr and the exit code is 1. A missing content file is a usage
error (exit 2).
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.common import load_checked
from pnp.core.errors import UserError
from pnp.games import pack_of

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def run(content: Path | None, fmt: str = "json") -> int:
    if fmt != "json":
        click.echo(f"pnp: unknown export format {fmt!r}; the one format is json", err=True)
        return EXIT_USAGE
    game, _ = load_checked(content, lang=None)
    if game is None:
        return EXIT_PROBLEMS
    pack = pack_of(game)
    if pack.export is None:
        raise UserError(f"game {pack.id!r} has no JSON export")
    click.echo(pack.export(game), nl=False)
    return EXIT_OK
