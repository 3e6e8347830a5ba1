"""`pnp odds`: the exact outcome distribution of one battle, as a table or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pnp.commands.common import load_checked
from pnp.games.tverdzha.rules.odds import UnknownCard, battle_odds

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def _load(content: Path | None):
    """The checked model; None (problems printed) when the content is broken."""
    game, _ = load_checked(content)
    return game


def run(content, attacker, defender, castle=False, wall=False, bastion=False,
        attacker_card=None, defender_card=None, as_json=False) -> int:
    game = _load(content)
    if game is None:
        return EXIT_PROBLEMS
    try:
        odds = battle_odds(game, attacker, defender, castle=castle, wall=wall, bastion=bastion,
                           attacker_card=attacker_card, defender_card=defender_card)
    except UnknownCard as exc:
        click.echo(f"pnp odds: {exc}", err=True)
        return EXIT_USAGE
    if as_json:
        click.echo(json.dumps(to_json(odds), ensure_ascii=False, indent=2))
    else:
        click.echo(to_text(odds, attacker, defender, castle or wall or bastion, attacker_card, defender_card))
    return EXIT_OK


def to_json(odds) -> dict:
    outcomes = [
        {"attacker_losses": a, "defender_losses": d, "p": float(p), "p_exact": str(p)}
        for (a, d), p in odds.outcomes.items()
    ]
    b = odds.battle
    return {
        "capture": float(odds.capture),
        "outcomes": outcomes,
        "capture_exact": str(odds.capture),
        "hold": float(odds.hold),
        "both_wiped": float(odds.wiped),
        "strength": {"attacker": b.strength[0], "defender": b.strength[1]},
        "hit_on": {"attacker": b.need[0], "defender": b.need[1]},
    }


def _pct(p) -> str:
    return f"{float(p) * 100:6.2f} %"


def to_text(odds, attacker, defender, castle, attacker_card, defender_card) -> str:
    b = odds.battle
    mods = ("", "")
    if any(b.mod):
        mods = tuple(f", roll {m:+d}" if m else "" for m in b.mod)
    lines = [
        f"Attacker {','.join(map(str, attacker))}: strength {b.strength[0]}, hits on {b.need[0]}+{mods[0]}"
        + (f", card {attacker_card}" if attacker_card else ""),
        f"Defender {','.join(map(str, defender))}{' in its castle' if castle else ''}: strength {b.strength[1]}, "
        f"hits on {b.need[1]}+{mods[1]}" + (f", card {defender_card}" if defender_card else ""),
        "",
        "Who takes the land",
        f"  attacker captures   {_pct(odds.capture)}   {odds.capture}",
        f"  defender holds      {_pct(odds.hold)}   {odds.hold}",
        f"  both wiped out      {_pct(odds.wiped)}   {odds.wiped}",
        "",
        "Losses (rows: attacker units lost, columns: defender units lost)",
    ]
    cols = range(len(defender) + 1)
    lines.append("          " + "".join(f"{f'def {j}':>10}" for j in cols))
    for i in range(len(attacker) + 1):
        row = "".join(f"{_pct(odds.outcomes[(i, j)]) if (i, j) in odds.outcomes else '-':>10}" for j in cols)
        lines.append(f"  att {i}  " + row)
    return "\n".join(lines)
