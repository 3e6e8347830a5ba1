"""`pnp games`: the game packs pnp can read (bundled and installed), one line each."""

from __future__ import annotations

import click

from pnp import games


def run() -> int:
    packs = games.packs()
    width = max(len(pid) for pid in packs)
    for pid, pack in packs.items():
        click.echo(f"{pid:<{width}}  {pack.name}  ({', '.join(pack.languages)})  {games.origin(pid)}")
    return 0
