"""`pnp odds` for «Оборона Замка»: every attack under every modifier, and survival with the potion."""

from __future__ import annotations

import json
from typing import Any, Mapping

from pnp.games.oborona_zamka.model import Game
from pnp.games.oborona_zamka.rules.field import Field
from pnp.games.oborona_zamka.rules.odds import Situation, attacks, potion_return, survival

KINDS = {"fight": "fight", "fight_over_wall": "fight over the wall", "wall": "wall attack", "capture": "castle roll"}


def report(game: Game, options: Mapping[str, Any], as_json: bool) -> str:
    """Every attack and the potion: the pack declares no options, so `options` is empty."""
    table = attacks(Field(game.field_spec), game.numbers)
    back = potion_return(game.numbers)
    if as_json:
        return json.dumps({"attacks": [_row(game, x) for x in table], "potion_return": str(back),
                           "potion_return_p": float(back)}, ensure_ascii=False, indent=2)
    lines = [f"{'attack':<22}{'by':<10}{'commander':<12}{'rolls':<12}{'target':<11}{'need':>6}{'mod':>5}"
             f"{'p':>9}   exact   target stands (with its potion)"]
    for x in table:
        lines.append(f"{KINDS[x.kind]:<22}{game.sides[x.side].id:<10}{_leader(x):<12}{_roll(x):<12}"
                     f"{_target(x):<11}{x.need:>5}+{x.modifier:>+5d}{float(x.p):>9.2%}"
                     f"   {str(x.p):<7} {_survives(game, x)}")
    lines += ["", f"The potion brings a defeated warrior back with p = {back} ({float(back):.2%}) while his "
                  "commander is on the field and a start hex is free."]
    return "\n".join(lines)


def _leader(x: Situation) -> str:
    return "himself" if x.by_leader else ("on field" if x.leader_on_field else "gone")


def _target(x: Situation) -> str:
    if x.kind in ("wall", "capture"):
        return "-"
    return "commander" if x.at_leader else "warrior"


def _roll(x: Situation) -> str:
    return "best of 2" if x.rerolled else "one die"


def _survives(game: Game, x: Situation) -> str:
    """The target's chance to stand after the attack, and with the potion (his own commander on
    the field, a start hex free); a commander has no potion for himself."""
    if x.kind not in ("fight", "fight_over_wall"):
        return "-"
    if x.at_leader:
        return f"{float(1 - x.p):.2%}"
    return f"{float(survival(x.p, game.numbers, False)):.2%} ({float(survival(x.p, game.numbers, True)):.2%})"


def _row(game: Game, x: Situation) -> dict:
    return {"attack": x.kind, "by": game.sides[x.side].id, "commander_on_field": x.leader_on_field,
            "by_commander": x.by_leader, "at_commander": x.at_leader, "need": x.need, "modifier": x.modifier,
            "best_of_two": x.rerolled, "p": float(x.p), "p_exact": str(x.p)}
