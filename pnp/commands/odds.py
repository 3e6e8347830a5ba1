"""`pnp odds`: exact odds from the game's own engine, as its pack reports them (a table or JSON)."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from pnp.commands.common import load_checked, print_problems
from pnp.games import OddsInputError, OddsRequestError, pack_of

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def run(content: Path | None, as_json: bool = False, **options) -> int:
    """`options`: the command line's battle options; each game reads the ones it knows."""
    game, _ = load_checked(content)
    if game is None:
        return EXIT_PROBLEMS
    pack = pack_of(game)
    if pack.odds is None:
        click.echo(f"pnp odds: {pack.name} has no odds to compute", err=True)
        return EXIT_USAGE
    try:
        click.echo(importlib.import_module(pack.odds).report(game, options, as_json))
    except OddsInputError as exc:
        print_problems(exc.problems)
        return EXIT_PROBLEMS
    except OddsRequestError as exc:
        click.echo(f"pnp odds: {exc}", err=True)
        return EXIT_USAGE
    return EXIT_OK
