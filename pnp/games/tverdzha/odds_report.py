"""`pnp odds` for ТВЕРДЖА: the exact outcome distribution of one battle, as a table or JSON."""

from __future__ import annotations

import json
from typing import Any, Mapping

from pnp.games import OddsRequestError
from pnp.games.tverdzha.model import Game
from pnp.games.tverdzha.rules.odds import UnknownCard, battle_odds


#: the most units a side may bring to the odds, and the strengths a unit may have
MAX_UNITS, STRENGTH_RANGE = 8, (1, 6)


def strengths(option: str, value: str | None) -> tuple[int, ...] | None:
    """'2,1,1' -> (2, 1, 1): `--attacker` or `--defender` as typed; a mistake is a usage error."""
    if value is None:
        return None
    try:
        units = tuple(int(v) for v in value.split(",") if v.strip())
    except ValueError:
        raise OddsRequestError(f"--{option}: expected unit strengths like 2,1,1, found {value!r}") from None
    low, high = STRENGTH_RANGE
    if not units or any(u < low or u > high for u in units) or len(units) > MAX_UNITS:
        raise OddsRequestError(f"--{option}: expected 1 to {MAX_UNITS} unit strengths from {low} to {high}, "
                               f"found {value!r}")
    return units


def report(game: Game, options: Mapping[str, Any], as_json: bool) -> str:
    """One battle's odds: `options` are the pack's odds options (--attacker, --defender, --castle, ...)."""
    attacker, defender = strengths("attacker", options.get("attacker")), strengths("defender", options.get("defender"))
    if not attacker or not defender:
        raise OddsRequestError(f"{game.title.get(game.languages[0])}: a battle needs --attacker and --defender "
                               "(unit strengths, e.g. --attacker 2,1 --defender 1)")
    castle, wall, bastion = (bool(options.get(k)) for k in ("castle", "wall", "bastion"))
    cards = options.get("attacker_card"), options.get("defender_card")
    try:
        odds = battle_odds(game, attacker, defender, castle=castle, wall=wall, bastion=bastion,
                           attacker_card=cards[0], defender_card=cards[1])
    except UnknownCard as exc:
        raise OddsRequestError(str(exc)) from None
    if as_json:
        return json.dumps(to_json(odds), ensure_ascii=False, indent=2)
    return to_text(odds, attacker, defender, castle or wall or bastion, *cards)


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
