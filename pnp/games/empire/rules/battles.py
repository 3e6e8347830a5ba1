"""The battles of a game: against a guarded card's neutral army, a town's or garrison's strength, a dungeon,
and between players at war. The count is the calculator's (pnp.games.empire.rules.battle, .duel); this
module sets a battle up from the position, draws its damage cards one chance step each, and applies the
outcome (chests, victory points, holdings, losses, courage).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pnp.games.empire.rules import battle, duel, fight
from pnp.games.empire.rules.army import Army, Opponent
from pnp.games.empire.rules.player import Player

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def clone_fight(f: dict) -> dict:
    c = dict(f)
    for key in ("drawn", "def_drawn"):
        if key in c:
            c[key] = list(c[key])
    for key in ("pool", "def_pool"):
        if key in c:
            c[key] = Counter(c[key])
    return c


def can_fight(s: State, p: Player, card: str) -> bool:
    """A squad to fight with: any creature in hand; in a dungeon one that is not large."""
    if s.t.cards[card].type == "dungeon":
        rt = s.t.races[p.race]
        return any(not rt.creature(k[0]).large for k in p.hand)
    return bool(p.hand)


def army(s: State, seat: int, battle_type: str, opp: Opponent, chests: int = 0) -> Army:
    """The player's army for this battle: every creature in hand (pnp.games.empire.rules.fight.squads), the
    hired heroes, the forge's best machine here, the tower, the best spells and the bribe's chests."""
    t, p = s.t, s.players[seat]
    kind = t.rules.type(battle_type)
    assert kind is not None
    counts = Counter()
    for (cid, _), n in p.hand.items():
        counts[cid] += n
    a = Army(fight.squads(t, p.race, counts, p.upgrades, kind.large_creatures), p.luck,
             tuple(sorted(p.deck_strikes().elements())), fight.machine(t, p.forge(t), battle_type),
             heroes=fight.heroes(t, p.race, p.heroes), tower=p.tower(t), chests=chests)
    return replace(a, spells=fight.spells(t, a, opp, p.school))


def opponent(s: State, card: str, neutral: str | None, holder: int | None = None) -> Opponent:
    """What a travel card's battle is fought against (pnp.games.empire.rules.battle's Opponent)."""
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


def gain_chests(s: State, p: Player, n: int) -> None:
    """Chests from the bank; one beyond what a player may hold, or with the bank empty, is taken as gold."""
    for _ in range(n):
        if p.chests < s.t.chest_keep and s.chests_out() < s.t.chest_count:
            p.chests += 1
        else:
            p.gold += s.t.chest_gold


def captures(s: State, seat: int) -> list[tuple]:
    """The captures of a war this turn: an end card of an enemy's holdings (a garrison first, wherever it
    lies: «Враг не может захватить защищённые земли или обойти гарнизон, пока его не захватит»)."""
    if s.stage == "capture" and s.captures_left <= 0:
        return []
    out = []
    for a, d in s.wars:
        if seat not in (a, d):
            continue
        e = d if a == seat else a
        for end in capturable(s, seat, e):
            out.append(("capture", e, end))
    return sorted(set(out))


# --- starting a battle ----------------------------------------------------------------------

def offer(s: State, seat: int, card: str, neutral: str) -> None:
    """A guarded card's army is on the table: its player chooses how many chests to bribe it with."""
    s.offer = (seat, card, neutral)
    s.stage = "bribe"


def bribes(s: State) -> list[tuple]:
    """0 up to the player's chests, leaving the army at least one squad to fight."""
    assert s.offer is not None
    seat, card, neutral = s.offer
    squads = opponent(s, card, neutral).count or 0
    return [("bribe", k) for k in range(min(s.players[seat].chests, squads - 1) + 1)]


def bribe(s: State, chests: int) -> None:
    assert s.offer is not None
    seat, card, neutral = s.offer
    s.offer = None
    opp = opponent(s, card, neutral)
    a = army(s, seat, opp.battle, opp, chests)
    s.fight = {"kind": "neutral", "seat": seat, "card": card, "neutral": neutral, "army": a, "opp": opp,
               "morale": 0, "drawn": [], "pool": s.players[seat].deck_strikes()}
    s.stage = "fighting"


def attack(s: State, seat: int, card: str, neutral: str | None) -> None:
    """A guarded card (its army known: attacked again), a siege or a dungeon."""
    if neutral is not None:
        offer(s, seat, card, neutral)
        return
    opp = opponent(s, card, None)
    a = army(s, seat, opp.battle, opp)
    s.fight = {"kind": s.t.cards[card].type, "seat": seat, "card": card, "neutral": None, "army": a, "opp": opp,
               "morale": None if s.t.rules.type(opp.battle).morale else 0, "drawn": [],
               "pool": s.players[seat].deck_strikes()}
    s.stage = "fighting"


def capturable(s: State, seat: int, enemy: int) -> list[int]:
    """The enemy's holdings this seat may capture now (by index): a garrison first, else either end."""
    t, p, held = s.t, s.players[seat], s.players[enemy].holdings
    garrisons = [i for i, c in enumerate(held) if t.cards[c].type == "garrison"]
    ends = garrisons or sorted({0, len(held) - 1} if held else set())
    out = []
    for i in ends:
        c = t.cards[held[i]]
        if c.type == "terrain":
            if p.gold >= (c.gold or 0):
                out.append(i)
        elif p.hand:
            out.append(i)
    return out


def capture(s: State, seat: int, enemy: int, at: int) -> None:
    t = s.t
    card = s.players[enemy].holdings[at]
    c = t.cards[card]
    s.tally["captures_tried"] += 1
    if c.type == "terrain":  # «захватить может её заплатив»
        s.players[seat].gold -= c.gold or 0
        _take(s, seat, enemy, at)
        _after_capture(s)
        return
    if c.type in ("town", "garrison"):  # a siege of the card's own strength
        opp = opponent(s, card, None, holder=enemy)
        s.fight = {"kind": "siege_war", "seat": seat, "card": card, "neutral": None, "enemy": enemy, "at": at,
                   "army": army(s, seat, opp.battle, opp), "opp": opp, "morale": 0, "drawn": [],
                   "pool": s.players[seat].deck_strikes()}
        return
    kind = duel.duel_type(t.rules)
    side = Opponent(0, kind.id, 0)
    att = army(s, seat, kind.id, side)
    dfn = army(s, enemy, kind.id, side)
    d = duel.duel(t.rules, att, dfn)
    s.fight = {"kind": "duel", "seat": seat, "card": card, "enemy": enemy, "at": at, "army": att, "def_army": dfn,
               "opp": d.attacker_sees, "def_opp": d.defender_sees, "side": "defender", "drawn": [], "def_drawn": [],
               "pool": s.players[seat].deck_strikes(), "def_pool": s.players[enemy].deck_strikes(), "held": None}


# --- the cards of a battle --------------------------------------------------------------------

def _count(s: State, f: dict):
    t = s.t
    if f["kind"] == "duel":
        if f["side"] == "defender":
            return fight.defender_count(t, f["def_army"], f["def_opp"]), f["def_drawn"], f["def_pool"]
        return fight.attacker_count(t, f["army"], f["opp"], f["held"]), f["drawn"], f["pool"]
    return fight.neutral_count(t, f["army"], f["opp"], f["morale"]), f["drawn"], f["pool"]


def chance_outcomes(s: State, task: tuple) -> list[tuple[Any, Fraction]]:
    f = s.fight
    assert f is not None
    if task[0] == "morale":
        return list(battle.morale_outcomes(s.t.rules, f["opp"]))
    _, _, pool = _count(s, f)
    total = sum(pool.values())
    return [(v, Fraction(n, total)) for v, n in sorted(pool.items()) if n]


def resolve_chance(s: State, task: tuple, outcome: Any) -> None:
    f = s.fight
    assert f is not None
    if task[0] == "morale":
        f["morale"] = outcome
        return
    _, drawn, pool = _count(s, f)
    drawn.append(outcome)
    pool[outcome] -= 1
    if not pool[outcome]:
        del pool[outcome]


def fight_step(s: State) -> bool:
    """Asks for the next card (or the dungeon's domino), or ends the battle; True: the flow goes on."""
    f = s.fight
    assert f is not None
    if f.get("morale", 0) is None:
        s.chance.append(("morale",))
        return True
    count, drawn, pool = _count(s, f)
    if fight.needs_card(count, drawn, sum(pool.values())):
        s.chance.append(("card",))
        return True
    if f["kind"] == "duel" and f["side"] == "defender":
        f["held"] = count(drawn).strength
        f["side"] = "attacker"
        return True
    s.fight = None
    if f["kind"] == "duel":
        _end_duel(s, f)
    else:
        _end_battle(s, f)
    return True


# --- after a battle ---------------------------------------------------------------------------

def _losses(p: Player, a: Army, lost) -> None:
    """A routed squad's cards go back into its race's creature deck (the pool hiring takes from)."""
    gone = {a.fighters[i].type for i in lost}
    for k in [k for k in p.hand if k[0] in gone]:
        p.deck[k] += p.hand.pop(k)


def _courage(s: State, p: Player) -> None:
    """«Если в битве участвовал герой, то независимо от её исхода он получает +1 к атаке (кураж)»."""
    p.heroes = [(h, min(c + 1, s.t.rules.courage_max)) for h, c in p.heroes]


def _end_battle(s: State, f: dict) -> None:
    t, seat, card = s.t, f["seat"], f["card"]
    p = s.players[seat]
    a, opp = f["army"], f["opp"]
    out = battle.resolve(t.rules, a, opp, f["drawn"], f["morale"])
    f["outcome"] = out
    s.last_battle = f
    p.chests -= out.chests  # the bribe goes back to the bank
    _losses(p, a, out.lost)
    _courage(s, p)
    kind = t.rules.type(opp.battle)
    s.tally[f"battles_{f['kind']}"] += 1
    if f["kind"] == "siege_war":
        if out.won:
            gain_chests(s, p, kind.trophy_chests or 0)
            _take(s, seat, f["enemy"], f["at"])
            s.tally["captures"] += 1
        _after_capture(s)
        return
    if not out.won:
        p.open.append((card, f["neutral"]))
        s.stage = "done"
        return
    s.tally[f"won_{f['kind']}"] += 1
    c = t.cards[card]
    gain_chests(s, p, t.neutral_win_chests if f["neutral"] is not None
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


def _end_duel(s: State, f: dict) -> None:
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
    if out.result == "win":
        gain_chests(s, att, duel.duel_type(t.rules).trophy_chests or 0)
        _take(s, seat, enemy, f["at"])
        s.tally["captures"] += 1
    elif out.result == "loss":
        gain_chests(s, dfn, duel.duel_type(t.rules).trophy_chests or 0)
    _after_capture(s)


def _take(s: State, seat: int, enemy: int, at: int) -> None:
    card = s.players[enemy].holdings.pop(at)
    s.players[seat].holdings.append(card)


def _after_capture(s: State) -> None:
    s.stage = "capture"
    if s.captures_left <= 0 or not captures(s, s.seat()):
        s.stage = "done"
