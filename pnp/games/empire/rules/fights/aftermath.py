"""A battle's outcome applied to the position: the calculator's count of the cards drawn, then the
bribe paid, the routed squads' cards back in the deck, the heroes' courage, chests, victory points and
the card won, held or captured."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.empire.rules import duel
from pnp.games.empire.rules.army import Army
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.fights.war import CAPITAL, after_capture, fall, take
from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def _losses(p: Player, a: Army, lost) -> None:
    """A routed squad's cards go back into its race's creature deck (the pool hiring takes from)."""
    gone = {a.fighters[i].type for i in lost}
    for k in [k for k in p.hand if k[0] in gone]:
        p.deck[k] += p.hand.pop(k)


def _courage(s: State, p: Player) -> None:
    """«Если в битве участвовал герой, то независимо от её исхода он получает +1 к атаке (кураж)»."""
    p.heroes = [(h, min(c + 1, s.t.rules.courage_max)) for h, c in p.heroes]


def end_battle(s: State, f: dict) -> None:
    t, seat, card = s.t, f["seat"], f["card"]
    p = s.players[seat]
    a, opp = f["army"], f["opp"]
    out = resolve(t.rules, a, opp, f["drawn"], f["morale"])
    f["outcome"] = out
    s.last_battle = f
    p.chests -= out.chests  # the bribe goes back to the bank
    s.tally["bribes_neutral"] += out.chests
    _losses(p, a, out.lost)
    _courage(s, p)
    kind = t.rules.type(opp.battle)
    s.tally[f"battles_{f['kind']}"] += 1
    if f["kind"] == "siege_war":
        if out.won:
            s.gain_chests(p, kind.trophy_chests or 0)
            if f["at"] == CAPITAL:
                fall(s, seat, f["enemy"])
            else:
                take(s, seat, f["enemy"], f["at"])
            s.tally["captures"] += 1
        after_capture(s)
        return
    if not out.won:
        p.open.append((card, f["neutral"]))
        s.stage = "done"
        return
    s.tally[f"won_{f['kind']}"] += 1
    c = t.cards[card]
    s.gain_chests(p, t.neutral_win_chests if f["neutral"] is not None
                  else kind.trophy_chests if kind.trophy_chests is not None else c.chests or 0)
    if kind.points == "squads" and opp.count:
        p.points["neutrals"] += opp.count
    elif kind.points == "card" and c.points:
        p.points["dungeons"] += c.points
    if f["neutral"] is not None:
        s.neutral_discard.append(f["neutral"])
    if t.played[c.type] == "holdings":
        p.holdings.append(card)
    else:
        s.out[card] += 1
    s.stage = "done"


def end_duel(s: State, f: dict) -> None:
    t, seat, enemy = s.t, f["seat"], f["enemy"]
    out = duel.resolve_duel(t.rules, f["army"], f["def_army"], f["drawn"], f["def_drawn"])
    f["outcome"] = out
    s.last_battle = f
    att, dfn = s.players[seat], s.players[enemy]
    _losses(att, f["army"], out.attacker.lost)
    _losses(dfn, f["def_army"], out.defender.lost)
    _courage(s, att)
    _courage(s, dfn)
    s.tally["battles_duel"] += 1
    siege = f.get("siege")
    if out.result == "win":
        s.gain_chests(att, duel.duel_type(t.rules).trophy_chests or 0)
        if siege is not None:  # the interception beaten off: the besieger may lay its siege this turn
            s.siege = siege
            s.stage = "press"
            return
        take(s, seat, enemy, f["at"])
        s.tally["captures"] += 1
    elif out.result == "loss":
        s.gain_chests(dfn, duel.duel_type(t.rules).trophy_chests or 0)
        if siege is not None:
            s.tally["interceptions_won"] += 1
    after_capture(s)
