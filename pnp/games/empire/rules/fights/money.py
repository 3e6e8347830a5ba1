"""3.4.3 «Сила денег»: the chests paid around a battle, before its first damage card.

The seed lets chests be played «с начала подсчёта урона и не позднее последней карты»; the engine takes them
all at the start of the count, before the first damage card, in one round of open answers
(docs/design-decisions-empire.md, "The game engine"):

- against a guarded card's neutral army, each other player holding a chest, in seat order from the fighter's
  left, may pay chests for mercenaries: each adds a squad to the neutral army, as strong as its average squad
  (the calculator's `Opponent.mercenaries`, pnp.games.empire.rules.battle.target); then the fighter, knowing
  them, may bribe (a chest removes the army's weakest squad, as strong as the same average);
- in a war, a field battle's attacker, then its defender (answering), may pay chests, each removing the other
  army's weakest squad (`duel.bribed`: the lowest level, of equal levels the rightmost); in a siege the town,
  garrison or capital has a fixed strength and no squad to bribe, and its holder may pay chests to remove the
  besieger's weakest squads.

A bribe leaves at least one squad to fight, and a seat with no chest or nothing to bribe is not asked. Chests
paid go back to the bank at once, but a bribe of a neutral army is paid at the battle's end, as the calculator
says it was (`Outcome.chests`). A battle waiting for chests is `Position.fight` with `asking`, the seats still
to answer and what each is asked, in order; the stage is "chests" meanwhile.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.games.empire.rules.duel import bribed
from pnp.games.empire.rules.fights.sides import army

if TYPE_CHECKING:
    from pnp.games.empire.rules.position import Position as State


def ask(s: State, f: dict, asking: list[tuple[int, str]]) -> None:
    """`f` starts with the chests: `asking` answer in turn before its first damage card."""
    f["asking"] = asking
    f.setdefault("mercenaries", 0)
    f["bribes"] = {}
    s.fight = f
    s.stage = "chests"


def neutral_asking(s: State, seat: int) -> list[tuple[int, str]]:
    """Who is asked around a battle against a neutral army: the others for mercenaries, from the fighter's
    left, then the fighter for its bribe."""
    return [((seat + k) % s.n, "mercenaries") for k in range(1, s.n)] + [(seat, "bribe")]


def asked(s: State) -> int:
    """The seat that answers now."""
    assert s.fight is not None and s.fight["asking"]
    return s.fight["asking"][0][0]


def choices(s: State) -> list[tuple]:
    """The answers of the seat asked: 0 up to the chests it may pay."""
    f = s.fight
    assert f is not None and f["asking"]
    seat, what = f["asking"][0]
    return [(what, k) for k in range(most(s, f, seat, what) + 1)]


def most(s: State, f: dict, seat: int, what: str) -> int:
    """The most chests `seat` may pay: its chests, and for a bribe no more than leaves a squad to fight."""
    chests = s.players[seat].chests
    if what == "mercenaries":
        return chests
    squads = neutral_squads(s, f) if f["kind"] == "neutral" else len(_target_army(f, seat).fighters)
    return max(0, min(chests, (squads - 1) // s.t.rules.squads_per_chest))


def neutral_squads(s: State, f: dict, more: int = 0) -> int:
    """The squads of the neutral army in `f`, with its mercenaries and `more` chests' worth of them."""
    return (f["opp"].count or 0) + (f["mercenaries"] + more) * s.t.rules.squads_per_chest


def waiting(s: State, f: dict) -> bool:
    """True while a seat must answer; seats with nothing to choose are passed over, and once everyone has
    answered the battle starts (its armies as the chests left them)."""
    asking = f["asking"]
    while asking and most(s, f, *asking[0]) == 0:
        asking.pop(0)
    if asking:
        s.stage = "chests"
        return True
    del f["asking"]
    if f["kind"] == "neutral":
        opp = f["opp"]
        f["army"] = army(s, f["seat"], opp.battle, opp, f["bribes"].get(f["seat"], 0))
    s.stage = "fighting"
    return False


def answer(s: State, action: tuple) -> None:
    """The seat asked pays `action[1]` chests (0: none)."""
    f = s.fight
    assert f is not None and f["asking"]
    what, k = action
    seat, asked_for = f["asking"][0]
    if what != asked_for or not 0 <= k <= most(s, f, seat, what):
        raise ValueError(f"expected ({asked_for!r}, 0..{most(s, f, seat, asked_for)}) from seat {seat}, found {action!r}")
    f["asking"].pop(0)
    if not k:
        return
    p = s.players[seat]
    if what == "mercenaries":
        p.chests -= k  # back to the bank
        f["mercenaries"] += k
        f["opp"] = replace(f["opp"], mercenaries=f["mercenaries"])
        s.tally["mercenaries"] += k
        return
    f["bribes"][seat] = k
    if f["kind"] == "neutral":
        return  # paid at the battle's end, as the calculator counts it (pnp.games.empire.rules.fights.aftermath)
    p.chests -= k
    key = "def_army" if seat == f["seat"] else "army"
    f[key] = bribed(s.t.rules, f[key], k, "army" if key == "def_army" else "against")
    s.tally["bribes_in_war"] += k


def _target_army(f: dict, seat: int):
    """The army `seat`'s chests would bribe in a war: the other side's."""
    return f["def_army"] if seat == f["seat"] else f["army"]
