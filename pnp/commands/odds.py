"""`pnp odds`: exact odds from the game's own engine, as its pack reports them (a table or JSON)."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from pnp.commands.common import load_checked, print_problems
from pnp.games import OddsInputError, OddsRequestError, pack_of

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def run(content: Path | None, as_json: bool = False, **options) -> int:
    """`options`: the odds options of every pack (`GamePack.odds_options`) as the command line
    gave them; the game's odds get their own, and one it does not declare is a usage error."""
    game, _ = load_checked(content)
    if game is None:
        return EXIT_PROBLEMS
    pack = pack_of(game)
    if pack.odds is None:
        click.echo(f"pnp odds: {pack.name} has no odds to compute", err=True)
        return EXIT_USAGE
    own = {option.key for option in pack.odds_options}
    other = sorted(key for key, value in options.items() if value and key not in own)
    if other:
        found = f"found --{other[0].replace('_', '-')}"
        takes = (f"take {', '.join(f'--{option.name}' for option in pack.odds_options)} ({found})"
                 if pack.odds_options else f"take no options ({found}): they list every case")
        click.echo(f"pnp odds: {pack.name}'s odds {takes}", err=True)
        return EXIT_USAGE
    try:
        mine = {key: options.get(key) for key in sorted(own)}
        click.echo(importlib.import_module(pack.odds).report(game, mine, as_json))
    except OddsInputError as exc:
        print_problems(exc.problems)
        return EXIT_PROBLEMS
    except OddsRequestError as exc:
        click.echo(f"pnp odds: {exc}", err=True)
        return EXIT_USAGE
    return EXIT_OK
