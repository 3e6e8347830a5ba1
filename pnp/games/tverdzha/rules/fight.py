"""A battle inside a game: opening it with the secret cards, and applying its result.

The battle itself (strength, dice, casualties, card effects on them) is
pnp.games.tverdzha.rules.battle.Battle; this module only connects it to the board, the hands,
the wounded boxes and the resources. `Position.fight` holds
(attacker, from space, attacked space, moving group, attacker card, defender card)
while the battle lasts; the moving group has already left its space.
"""

from __future__ import annotations

from typing import Optional, Tuple

from pnp.games.tverdzha.rules.battle import Battle
from pnp.games.tverdzha.rules.castle_effects import Fx
from pnp.games.tverdzha.rules.compiled import Rules
from pnp.games.tverdzha.rules.events import BattleFought
from pnp.games.tverdzha.rules.position import Fight, Position, Task
from pnp.games.tverdzha.rules.turn import finish, road_bonus, set_space


def reveal_cards(s: Position, pair: Tuple[Optional[str], Optional[str]]) -> None:
    """The joint secret step: pair = (card id of player 0 or None, card id of player 1 or None)."""
    R = s.R
    idx: list[int | None] = []
    for player in (0, 1):
        cid = pair[player]
        if cid is None:
            idx.append(None)
            continue
        c = R.card_idx[cid]
        s.hand[player][c] -= 1
        idx.append(c)
    s.queue.pop(0)
    p = _fight(s)[0]
    open_battle(s, idx[p], idx[1 - p])


def open_battle(s: Position, att_card: int | None, def_card: int | None) -> None:
    R = s.R
    p, src, dst, group, _, _ = _fight(s)
    e = 1 - p
    att_bonus = def_bonus = 0
    if dst == R.castle[e]:
        att_bonus = s.fx[p].siege_attack
        def_bonus = castle_bonus(R, s.fx[e])
    s.fight = (p, src, dst, group, att_card, def_card)
    s.battle = Battle.open(R, group, s.units[dst], att_bonus, def_bonus, att_card, def_card)


def _fight(s: Position) -> Fight:
    f = s.fight
    assert f is not None  # only called while a battle lasts
    return f


def castle_bonus(R: Rules, fx: Fx) -> int:
    """Strength a defender gets in its own castle: the castle's own bonus plus its walls."""
    return R.battle.castle_defense + fx.castle_defense


def resolve(s: Position) -> None:
    """Casualties, wounded, who holds the space, after-battle card effects, discards."""
    R = s.R
    b = s.battle
    assert b is not None  # the resolve step follows the dice
    o = b.outcome()
    p, src, dst, group, att_card, def_card = _fight(s)
    e = 1 - p
    def_units = s.units[dst]
    _wound(s, p, len(o.att_lost))
    _wound(s, e, len(o.def_lost))
    winner = None if o.winner is None else (p if o.winner == 0 else e)
    draws: list[Task] = []
    for side, player in ((0, p), (1, e)):
        eff = b.eff[side]
        if player == winner:
            loot = eff.get("loot")
            if loot is not None:
                s.res[player][R.res_idx[loot["resource"]]] += loot["amount"]
            forage = eff.get("forage")
            if forage is not None and s.yields[dst] >= 0:
                s.res[player][s.yields[dst]] += forage["amount"]
        extra = eff.get("draw_after")
        if extra is not None:
            draws += [("card", player)] * extra["cards"]
    for c in (att_card, def_card):
        if c is not None:
            s.discard[c] += 1
    card = R.card_ids
    if s.logging:
        s.events.append(BattleFought(
            s.round, p, R.space_ids[dst], group, def_units,
            None if att_card is None else card[att_card], None if def_card is None else card[def_card],
            tuple(b.faces[0]), tuple(b.faces[1]), len(o.att_lost), len(o.def_lost), winner, o.captured))
    s.battle = None
    s.fight = None
    set_space(s, dst, o.def_left, e)
    if o.captured and dst == R.castle[e]:
        # The game ends; the capturing group is left standing on its entrance.
        set_space(s, src, tuple(sorted(s.units[src] + o.att_left)), p)
        finish(s, p, "castle")
        return
    if o.captured:
        set_space(s, dst, o.att_left, p)
        road_bonus(s, p, dst)
    else:  # survivors stay where they attacked from
        set_space(s, src, tuple(sorted(s.units[src] + o.att_left)), p)
    s.queue[0:0] = draws


def _wound(s: Position, p: int, lost: int) -> None:
    """Lost units go to the wounded box while it has room; the rest leave the game."""
    if lost:
        s.wounded[p] = min(s.fx[p].infirmary_cap, s.wounded[p] + lost)
