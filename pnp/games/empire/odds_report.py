"""`pnp odds --game empire`: one battle against a neutral army, its breakdown and the exact chance to win."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from pnp.games import OddsRequestError
from pnp.games.empire.army_file import blame, read_army, read_opponent
from pnp.games.empire.model import Game
from pnp.games.empire.rules.battle import (Army, BattleError, Line, Opponent, bonus_lines, groups, luck_bonus,
                                           win_probability)


def report(game: Game, options: Mapping[str, Any], as_json: bool) -> str:
    other = sorted(k for k, v in options.items() if v and k not in ("army", "against"))
    if other:
        raise OddsRequestError(f"«Строительство империи»'s odds take --army FILE and --against FILE "
                               f"(found --{other[0].replace('_', '-')})")
    missing = [k for k in ("army", "against") if not options.get(k)]
    if missing:
        raise OddsRequestError(f"«Строительство империи»'s odds need --army FILE and --against FILE "
                               f"(missing --{missing[0]})")
    army, army_file = read_army(Path(options["army"]))
    opp, against_file = read_opponent(Path(options["against"]), game)
    try:
        lines = bonus_lines(game.battle, army, opp)
        p = win_probability(game.battle, army, opp)
    except BattleError as exc:
        raise blame(exc, army_file, against_file) from None
    return _json(game, army, opp, lines, p) if as_json else _text(game, army, opp, lines, p)


def _order(game: Game, army: Army, opp: Opponent) -> list[str]:
    return [f"{g.numbers} {army.squads[g.first].type} ×{g.multiplier}" for g in groups(game.battle, army, opp)]


def _text(game: Game, army: Army, opp: Opponent, lines: tuple[Line, ...], p) -> str:
    kind = game.battle.type(opp.battle)
    assert kind is not None  # the engine refused it otherwise
    luck = luck_bonus(game.battle, army, opp)
    base = sum(x.value for x in lines)
    out = [f"{kind.name.get('ru')} ({kind.id}) against a neutral strength of {opp.strength}; "
           f"{len(army.deck)} cards in the creature deck"]
    out += [f"{x.step:<7}{x.what:<34}{x.value:>+5d}   {x.rule}" for x in lines]
    out.append(f"{'':<7}{'before the cards':<34}{base:>+5d}")
    if luck > 0:
        rule = "cards are opened to the first strike"
    elif luck < 0:
        rule = f"one card is opened; no strike: −{game.battle.luck_zero_penalty}"
    else:
        rule = "no card is opened"
    out.append(f"{'3.2.6':<7}{f'luck {luck:+d} × strike':<34}{'':>5}   luck {luck + opp.luck} − neutral {opp.luck}: {rule}")
    out.append(f"{'3.3.2':<7}{'damage cards, left to right':<34}{'':>5}   {', '.join(_order(game, army, opp))}; "
               f"a miss deals {game.battle.miss_damage}")
    out.append(f"\nP(win) = {p} = {float(p):.2%}: the strength passes {opp.strength} before the cards run out")
    return "\n".join(out)


def _json(game: Game, army: Army, opp: Opponent, lines: tuple[Line, ...], p) -> str:
    return json.dumps({
        "battle": opp.battle, "neutral_strength": opp.strength,
        "bonuses": [{"step": x.step, "what": x.what, "value": x.value, "rule": x.rule} for x in lines],
        "before_cards": sum(x.value for x in lines), "luck_bonus": luck_bonus(game.battle, army, opp),
        "damage_order": _order(game, army, opp), "deck": len(army.deck),
        "p_win": float(p), "p_win_exact": str(p)}, ensure_ascii=False, indent=2)
