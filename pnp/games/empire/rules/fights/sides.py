"""The two sides of a battle in the game, as the calculator reads them: the player's army from its hand,
heroes and capital (a column a creature, the marked machine that counts most here, the spells that count
most), and the opponent a travel card or an enemy's holding puts up."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.damage import cast_spells
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.tables import Tables

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def can_fight(s: State, p: Player, card: str) -> bool:
    """A squad to fight with: any creature in hand; in a dungeon one that is not large."""
    if s.t.cards[card].type == "dungeon":
        rt = s.t.races[p.race]
        return any(not rt.creature(k[0]).large for k in p.hand)
    return bool(p.hand)


def army(s: State, seat: int, battle_type: str, opp: Opponent, chests: int = 0) -> Army:
    """The player's army for this battle: every creature in hand (`squads`), the hired heroes, the marked
    machine that counts most here, the tower, the best spells and the bribe's chests."""
    t, p = s.t, s.players[seat]
    kind = t.rules.type(battle_type)
    assert kind is not None
    counts = Counter()
    for (cid, _), n in p.hand.items():
        counts[cid] += n
    a = Army(squads(t, p.race, counts, p.upgrades, kind.large_creatures), p.luck,
             tuple(sorted(p.deck_strikes().elements())), machine(t, p.machines, battle_type),
             heroes=heroes(t, p.race, p.heroes), tower=p.tower(t), chests=chests)
    return replace(a, spells=spells(t, a, opp, p.school))


def opponent(s: State, card: str, neutral: str | None, holder: int | None = None) -> Opponent:
    """What a travel card's battle is fought against (pnp.games.empire.rules.army's Opponent)."""
    t = s.t
    c = t.cards[card]
    kind = t.rules.card_battles[c.type]
    luck = t.neutral_luck(s.week) if holder is None else s.players[holder].luck
    if neutral is not None:
        na = t.neutrals[neutral]
        guards = c.guards or 0
        return Opponent(na.army_strength(guards, s.week), kind, luck, na.immune, na.flying, count=na.squads(guards),
                        name=card)
    strength = c.bonus or 0 if c.type == "garrison" else c.strength[s.week - 1]
    return Opponent(strength, kind, luck, name=card)


def squads(t: Tables, race: int, hand: Counter, upgrades: dict[str, int], large: bool) -> tuple[Squad, ...]:
    """The hand as a first row: a column a creature (its cards on each other), levels rising left to right
    (a royal straight where the levels run on), large creatures only where the battle allows them."""
    rt = t.races[race]
    out = []
    for c in rt.creatures:
        n = hand.get(c.id, 0)
        if n and (large or not c.large):
            out.append(Squad(c.id, c.level, c.kind, n, c.large, upgrades=upgrades.get(rt.barracks(c.level), 0),
                             immune=c.immune))
    return tuple(out)


def machine(t: Tables, marked: Sequence[str], battle_type: str) -> str | None:
    """The one machine of those marked on the sheet that the army brings to this battle («Игрок может
    использовать только одну машину в битве»): the strongest where machines count here, of equal strength the
    lower level; with none of strength here, a marked machine that acts instead of a strength (the first
    aid tent, the barrier, the mystic stone), the first marked; None where no machine counts."""
    kind = t.rules.type(battle_type)
    if not marked or kind is None or kind.machines == "none":
        return None
    chosen = [m for m in t.rules.machines if m.id in marked]
    best = max(((m.strength(kind.machines) or 0, -m.level, m.id) for m in chosen), default=None)
    if best and best[0] > 0:
        return best[2]
    acting = [m.id for m in chosen if m.siege is None and m.field is None]
    return min(acting, key=marked.index, default=None)


def spells(t: Tables, army: Army, opp: Opponent, school: str | None) -> tuple[Casting, ...]:
    """The spells the army casts: its school's (and the ether's) spells up to the tower's level, the ones
    that count most in this battle as the calculator counts them, as many as its heroes allow."""
    if not army.tower or not army.heroes or school is None:
        return ()
    magic = t.rules.magic
    schools = [s for s in magic.schools if s.id == school or s.joins_every_school]
    most = max((h.ability.spells for h in army.heroes if h.ability is not None), default=1)
    valued = []
    for s in schools:
        for sp in s.spells:
            if (sp.level is not None and sp.level > army.tower) or sp.effect.maximal == "one":
                continue
            try:
                cast = cast_spells(t.rules, replace(army, spells=(Casting(sp.id),)), opp)
            except BattleError:
                continue
            value = sum(v for what, v, _ in cast.lines if what.startswith("spell")) + 3 * cast.luck \
                + 4 * len(cast.maximal)
            if value > 0:
                valued.append((-value, sp.id))
    return tuple(Casting(sid) for _, sid in sorted(valued)[:most])


def heroes(t: Tables, race: int, hired: Sequence[tuple[str, int]]) -> tuple[Hero, ...]:
    rt = t.races[race]
    out = []
    for hid, courage in hired:
        h = next(x for x in rt.heroes if x.id == hid)
        # the skills «Благословение» and «Магический удар» add the content's bonus to a hero spell (3.2.4)
        out.append(Hero(hid, t.hero_attack, courage, blessing=t.skill_bonus if h.skill == "blessing" else 0,
                        magic_strike=t.skill_bonus if h.skill == "magic_strike" else 0, ability=h.ability))
    return tuple(out)
