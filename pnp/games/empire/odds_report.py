"""`pnp odds --game empire`: one battle, its breakdown and the exact chance to win.

Against a neutral army or a travel card's strength: P(win). Against another player's army
(a field battle between players): P(win), P(draw) and P(loss) for the attacker.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from pnp.games import OddsRequestError
from pnp.games.empire.army_file import blame, read_army, read_opponent
from pnp.games.empire.model import Game
from pnp.games.empire.rules.army import Army, Group, Opponent
from pnp.games.empire.rules.battle.damage import cast_spells, groups, luck_bonus, minimal
from pnp.games.empire.rules.battle.lines import Line, bonus_lines
from pnp.games.empire.rules.battle.march import restoring
from pnp.games.empire.rules.battle.odds import StatesBudget, win_probability
from pnp.games.empire.rules.battle.target import morale_outcomes, neutral_strength
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.games.empire.rules.duel import duel, duel_chances

_ROW = "{:<7}{:<34}{:>5}   {}"


def report(game: Game, options: Mapping[str, Any], as_json: bool) -> str:
    missing = [k for k in ("army", "against") if not options.get(k)]
    if missing:
        raise OddsRequestError(f"«Строительство империи»'s odds need --army FILE and --against FILE "
                               f"(missing --{missing[0]})")
    army, army_file = read_army(Path(options["army"]), game)
    opp, against_file = read_opponent(Path(options["against"]), game)
    if against_file.goal is not None:
        raise against_file.fail("expected a bribe goal only in the attacker's army file, found one", ("bribe", "goal"),
                                "against-key")
    try:
        if isinstance(opp, Army):
            return _duel(game, army, opp, as_json)
        lines = bonus_lines(game.battle, army, opp)
        p = win_probability(game.battle, army, opp)
        least = _chests_for(game, army, opp, army_file.goal) if army_file.goal is not None else None
    except BattleError as exc:
        raise blame(exc, army_file, against_file) from None
    if as_json:
        return _json(game, army, opp, lines, p, army_file.goal, least)
    return _text(game, army, opp, lines, p, army_file.goal, least)


def _chests_for(game: Game, army: Army, opp: Opponent, goal: Fraction) -> int | None:
    """The fewest chests, paid when the army file says, that make P(win) reach `goal` (None: no number does).

    More chests never lower the chance (each lowers the target the count must pass), so the
    search halves the range: about log2 of the chests that could matter counts, all of them
    within one budget of states (the bound of a single count holds for the whole search)."""
    squads = (len(opp.squads) or opp.count or 0) + opp.mercenaries * game.battle.squads_per_chest
    budget = StatesBudget()
    low, high = 0, squads // game.battle.squads_per_chest  # the answer, if any, is in low..high
    if win_probability(game.battle, replace(army, chests=high), opp, budget) < goal:
        return None
    while low < high:
        middle = (low + high) // 2
        if win_probability(game.battle, replace(army, chests=middle), opp, budget) >= goal:
            high = middle
        else:
            low = middle + 1
    return low


def _order(game: Game, army: Army, opp: Opponent) -> list[str]:
    every = army.fighters
    out = []
    def named(g: Group) -> str:  # an upgraded barracks' squad: its own minimal damage
        own = f" (a miss {minimal(game.battle, g)})" if g.upgrades else ""
        return f"{g.numbers} {every[g.first].type} ×{g.multiplier}{own}"

    for g in groups(game.battle, army, opp):
        step = named(g)
        behind = [named(b) for b in g.backups]
        out.append(step + (f" (behind: {', '.join(behind)})" if behind else ""))
    return out


def _side(game: Game, army: Army, opp: Opponent, lines: tuple[Line, ...]) -> list[str]:
    """The breakdown of one side: its bonuses, the luck and the damage cards' order."""
    luck = luck_bonus(game.battle, army, opp)
    out = [_ROW.format(x.step, x.what, f"{x.value:+d}", x.rule) for x in lines]
    out.append(f"{'':<7}{'before the cards':<34}{sum(x.value for x in lines):>+5d}")
    if luck > 0:
        rule = "cards are opened to the first strike"
    elif luck < 0:
        rule = f"one card is opened; no strike: −{game.battle.luck_zero_penalty}"
    else:
        rule = "no card is opened"
    kind = game.battle.type(opp.battle)
    who = "the other side" if kind is not None and kind.against == "player" else "neutral"
    out.append(_ROW.format("3.2.6", f"luck {luck:+d} × strike", "", f"luck {army.luck + cast_spells(game.battle, army, opp).luck} − {who} {opp.luck}: {rule}"))
    out.append(_ROW.format("3.3.2", "damage cards, left to right", "",
                           f"{', '.join(_order(game, army, opp))}; a miss deals {game.battle.miss_damage}"))
    tent = _tent(game, army, opp)
    if tent is not None:
        out.append(_ROW.format("3.3.3", f"{tent['machine']} after the battle", "",
                               "one more card after the saving throws; a strike restores the weakest squad still "
                               f"lost: {', '.join(tent['weakest_first'])}"))
    return out


def _tent(game: Game, army: Army, opp: Opponent) -> dict[str, Any] | None:
    """The machine that restores routed squads after the battle (3.3.3), and whom it brings back first."""
    found = restoring(game.battle, army, opp)
    if found is None:
        return None
    tent, order = found
    every = army.fighters
    return {"machine": tent.id, "restores": tent.restores,
            "weakest_first": [f"{i + 1} {every[i].type} (level {every[i].level})" for i in order]}


def _opponent_lines(game: Game, army: Army, opp: Opponent) -> list[Line]:
    """What the army must pass: the opponent's strength, mercenaries, morale and bribery (3.4.3)."""
    rules = game.battle
    card = game.travel_card(opp.name)
    squads = len(opp.squads) or opp.count
    held = [f"{card.name.get('ru')} ({card.id})"] if card is not None else []
    if squads:
        held.append(f"a neutral army of {squads} squad{'s' if squads != 1 else ''}")
    elif card is not None:
        held.append("fixed: no creature cards, magic or machines add to it")
    lines = [Line("", "opponent's strength", opp.strength, ", ".join(held) or "as the file gives it")]
    if opp.mercenaries:
        lines.append(Line("3.4.3", f"mercenaries: {opp.mercenaries} chest{'s' if opp.mercenaries != 1 else ''}",
                          neutral_strength(rules, opp) - opp.strength,
                          f"a chest each: +{rules.squads_per_chest} squad of the army's average strength"))
    for extra, p in morale_outcomes(rules, opp):
        if extra:
            lines.append(Line("", f"neutral morale +{extra}", extra,
                              f"a domino tile of {rules.morale.least}+ pips (chance {p}); counted both ways"))
    if army.chests:
        lines.append(Line("3.4.3", f"bribery: {army.chests} chest{'s' if army.chests != 1 else ''}",
                          neutral_strength(rules, opp, army.chests) - neutral_strength(rules, opp),
                          f"paid before damage card {army.chests_at} if the army has not passed by then: "
                          "the weakest squads leave"))
    return lines


def _kind_name(game: Game, opp: Opponent) -> str:
    kind = game.battle.type(opp.battle)
    assert kind is not None  # the engine refused it otherwise
    return f"{kind.name.get('ru')} ({kind.id})"


def _text(game: Game, army: Army, opp: Opponent, lines: tuple[Line, ...], p: Fraction, goal: Fraction | None,
          least: int | None) -> str:
    against = f"{opp.name} of strength {opp.strength}" if opp.name else f"a neutral strength of {opp.strength}"
    out = [f"{_kind_name(game, opp)} against {against}; {len(army.deck)} cards in the creature deck"]
    out += _side(game, army, opp, lines)
    out += [_ROW.format(x.step, x.what, f"{x.value:+d}", x.rule) for x in _opponent_lines(game, army, opp)]
    changes = [w for w, on in (("morale", len(morale_outcomes(game.battle, opp)) > 1), ("bribery", army.chests)) if on]
    moved = f" (as {' and '.join(changes)} change{'s' if len(changes) == 1 else ''} it)" if changes else ""
    out.append(f"\nP(win) = {p} = {float(p):.2%}: the strength passes {neutral_strength(game.battle, opp)}{moved} "
               "before the cards run out")
    if goal is not None:
        out.append(f"chests for P(win) ≥ {float(goal):.0%}: " + (
            f"{least}, paid before damage card {army.chests_at}" if least is not None
            else "no number of chests is enough"))
    return "\n".join(out)


def _json(game: Game, army: Army, opp: Opponent, lines: tuple[Line, ...], p: Fraction, goal: Fraction | None,
          least: int | None) -> str:
    data: dict[str, Any] = {
        "battle": opp.battle, "neutral_strength": opp.strength,
        "bonuses": [{"step": x.step, "what": x.what, "value": x.value, "rule": x.rule} for x in lines],
        "before_cards": sum(x.value for x in lines), "luck_bonus": luck_bonus(game.battle, army, opp),
        "damage_order": _order(game, army, opp), "deck": len(army.deck),
        "opponent": [{"step": x.step, "what": x.what, "value": x.value, "rule": x.rule}
                     for x in _opponent_lines(game, army, opp)],
        "p_win": float(p), "p_win_exact": str(p)}
    if (tent := _tent(game, army, opp)) is not None:
        data["after_battle"] = tent
    if goal is not None:
        data["chests_for_goal"] = {"goal": str(goal), "chests": least}
    return json.dumps(data, ensure_ascii=False, indent=2)


def _duel(game: Game, attacker: Army, defender: Army, as_json: bool) -> str:
    d = duel(game.battle, attacker, defender)
    sides = {"attacker": (d.attacker, d.attacker_sees), "defender": (d.defender, d.defender_sees)}
    win, draw, loss = duel_chances(game.battle, attacker, defender)
    if as_json:
        return json.dumps({
            "battle": d.kind.id,
            **{name: {"bonuses": [{"step": x.step, "what": x.what, "value": x.value, "rule": x.rule}
                                  for x in bonus_lines(game.battle, army, opp)],
                      "before_cards": sum(x.value for x in bonus_lines(game.battle, army, opp)),
                      "luck_bonus": luck_bonus(game.battle, army, opp), "deck": len(army.deck),
                      "squads": len(army.fighters), "damage_order": _order(game, army, opp),
                      **({"after_battle": tent} if (tent := _tent(game, army, opp)) is not None else {})}
               for name, (army, opp) in sides.items()},
            "p_win": float(win), "p_win_exact": str(win), "p_draw": float(draw), "p_draw_exact": str(draw),
            "p_loss": float(loss), "p_loss_exact": str(loss)}, ensure_ascii=False, indent=2)
    out = [f"{d.kind.name.get('ru')} ({d.kind.id}): the defender opens a card for every squad, then the attacker "
           "opens its cards until it passes the defender's total"]
    for name, (army, opp) in sides.items():
        paid = (defender if name == "attacker" else attacker).chests
        out.append(f"\n{name}: {len(army.fighters)} squads, {len(army.deck)} cards in the creature deck"
                   + (f"; {paid} of the other side's chests removed its weakest squads" if paid else ""))
        out += _side(game, army, opp, bonus_lines(game.battle, army, opp))
    out.append(f"\nP(win) = {win} = {float(win):.2%}: the attacker passes the defender's total")
    out.append(f"P(draw) = {draw} = {float(draw):.2%}: equal totals, nobody advances")
    out.append(f"P(loss) = {loss} = {float(loss):.2%}")
    return "\n".join(out)
