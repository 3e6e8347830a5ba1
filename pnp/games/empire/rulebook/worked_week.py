"""The rulebook's worked week: a game the engine plays at build time, told one week of it.

`play(game)` plays the game the content's `rulebook.week` names (its players, its seed: the draws come from
`random.Random(seed)`, each player is the simulator's greedy agent with its own seeded tie-breaks), records
what happens, and keeps the week that shows the most of the game (a build, a hire, a battle won, one
lost; then the most turns that do more than the luck ritual or nothing, so that a reader sees both
players play; the earliest of equals): what each player was dealt and shown at the week's start, and each turn's
income, hires, action and battle. Nothing here is typed by hand, so the book's week is the engine's
and a test replays it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.cache.model_memo import kept_for_model
from pnp.core.kept import Kept
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.rules.tables import tables
from pnp.games.empire.sim.agents import GreedyAgent


@dataclass(frozen=True)
class Fought:
    """A battle of the turn as the table saw it."""
    card: str | None  # the travel card fought for (a holding, in a capture); None: the enemy's capital
    kind: str  # neutral | town | garrison | dungeon | siege_war | duel
    neutral: str | None  # the neutral army's card
    squads: int | None  # the neutral army's squads
    strength: int  # what the army had to pass (after the bribe)
    bribe: int  # chests paid to weaken it
    army: int  # the strength the army reached
    won: bool
    lost: tuple[str, ...]  # the creatures routed and discarded
    enemy: int | None = None  # the defender's seat, in a war
    mercenaries: int = 0  # squads the other players paid to add to the neutral army
    answered: int = 0  # in a war, the defender's chests against the attacker's squads


@dataclass(frozen=True)
class Turn:
    day: int
    seat: int
    income: int  # gold at the turn's start
    hires: tuple[tuple[str, str], ...]  # ("hero", id), ("creature", id) or ("cash", "gold" | a hero's id)
    action: tuple  # the engine's action, ("pass",) if none
    fought: tuple[Fought, ...]
    gold: int  # after the turn
    chests: int
    points: int
    answer: str | None = None  # a peace offered: accept, bought (refused, then bribed) or refused
    paid: int | None = None  # chests a building or an upgrade cost, after the resources' discount
    in_gold: int = 0  # of those, the chests paid in gold (the player held too few chest cards)


@dataclass(frozen=True)
class Dealt:
    seat: int
    race: str
    heroes: tuple[str, ...]  # the tavern's open cards
    cards: tuple[str, ...]  # travel cards dealt, traps included, in order
    chests: int  # chests the holdings brought
    hand: int  # travel cards in hand once dealt


@dataclass(frozen=True)
class Week:
    players: int
    seed: int
    number: int
    first: int  # the seat that plays first this week
    dealt: tuple[Dealt, ...]
    turns: tuple[Turn, ...]
    totals: tuple[int, ...] = field(default=())  # victory points at the week's end, by seat


def play(game) -> Week:
    """The content's worked week (see the module)."""
    spec = game.book.week
    return play_week(game, spec.players, spec.seed)


def play_week(game, players: int, seed: int) -> Week:
    """The week of the game that shows the most of a turn (see `shows`), the earliest of equals.

    The engine never reads a player-facing text and a Week holds only ids and numbers, so
    `pnp serve` keeps it from one save to the next until the rules change (pnp.cache.model_memo)."""
    return kept_for_model(_WEEKS, game, (players, seed), lambda g: _best(g, players, seed))


#: weeks played, in a process that keeps results between builds (pnp.core.kept)
_WEEKS: Kept = Kept(4)


def _best(game, players: int, seed: int) -> Week:
    weeks = _play(game, players, seed)
    return max(weeks, key=lambda w: (len(shows(w)), acting(w), -w.number))


def shows(w: Week) -> set[str]:
    """What of the game a week shows: a build, a hire, a battle won, a battle lost."""
    found = set()
    if any(t.action[0] in ("build", "upgrade") for t in w.turns):
        found.add("build")
    if any(t.hires for t in w.turns):
        found.add("hire")
    for t in w.turns:
        found |= {"won" if f.won else "lost" for f in t.fought}
    return found


def acting(w: Week) -> int:
    """The week's turns that do more than the luck ritual or nothing (an action or a hire)."""
    return sum(1 for t in w.turns if t.action[0] not in ("ritual", "pass") or t.hires)


def _play(game, players: int, seed: int) -> list[Week]:
    rec = _Recorder(players, seed)
    s = _Watched(tables(game), players)
    s.recorder = rec
    s.advance()
    chance = random.Random(seed)
    agents = [GreedyAgent(random.Random(f"{seed}:{seat}")) for seat in range(players)]
    while not s.is_terminal():
        if s.current_player == CHANCE:
            task = s.chance[0]
            outcome = s.sample_chance(chance)
            rec.drawn(task, outcome)
            s.apply_action(outcome)
        else:
            player = s.current_player
            action = agents[player].act(s, player)
            rec.decided(action)
            s.apply_action(action)
        rec.fought(s)
    rec.week_ended(s)
    return rec.weeks


class _Watched(State):
    """The engine's state, telling the recorder when a week and a turn start and a turn ends: the moments
    the treasury changes without a decision (the holdings' chests, the day's income)."""

    recorder: _Recorder

    def apply_action(self, action: tuple) -> None:
        opened = self.recorder.open
        if opened is not None and self.current_player != CHANCE and action[0] in ("build", "upgrade"):
            opened["chests_before"] = self.players[self.seat()].chests  # what it pays in chest cards, and in gold
        super().apply_action(action)

    def start_week(self) -> None:
        self.recorder.week_ended(self)
        chests = [p.chests for p in self.players]
        gold = self.players[self.first()].gold
        super().start_week()  # the holdings' chests, then the first turn's income
        self.recorder.week_started(self, [p.chests - c for p, c in zip(self.players, chests)])
        self.recorder.turn_started(self, self.players[self.first()].gold - gold)

    def start_turn(self) -> None:
        if self.day == 1 and self.turn == 0:
            super().start_turn()  # the week's first turn: start_week tells it
            return
        gold = self.players[self.seat()].gold
        super().start_turn()
        self.recorder.turn_started(self, self.players[self.seat()].gold - gold)

    def end_turn(self) -> None:
        self.recorder.turn_ended(self)
        super().end_turn()


class _Recorder:
    """Groups the engine's steps by week and by turn."""

    def __init__(self, players: int, seed: int) -> None:
        self.players, self.seed = players, seed
        self.weeks: list[Week] = []
        self.week = 0
        self.dealt: dict[int, dict] = {}
        self.turns: list[Turn] = []
        self.open: dict | None = None  # the turn being recorded
        self.battle = None

    def week_started(self, s: State, chests: list[int]) -> None:
        self.week = s.week
        self.dealt = {i: {"heroes": [], "cards": [], "chests": chests[i]} for i in range(s.n)}

    def turn_started(self, s: State, income: int) -> None:
        self.open = {"day": s.day, "seat": s.seat(), "income": income, "hires": [], "action": ("pass",),
                     "fought": [], "answer": None}

    def drawn(self, task: tuple, outcome) -> None:
        if task[0] in ("tavern", "deal"):  # the week's start: each player's tavern and travel deal
            self.dealt[task[1]]["heroes" if task[0] == "tavern" else "cards"].append(outcome)

    def decided(self, action: tuple) -> None:
        o = self.open
        assert o is not None
        if action[0] == "hero":
            o["hires"].append(("hero", action[1]))
        elif action[0] == "hire":
            o["hires"].append(("creature", action[1]))
        elif action[0] == "cash":
            o["hires"].append(("cash", action[1]))
        elif action[0] in ("accept", "refuse"):
            o["answer"] = action[0]
            o["pair"] = {o["seat"], o["action"][2]}
        elif action[0] not in ("bribe", "mercenaries", "stop", "machine") and o["action"] == ("pass",):
            o["action"] = action

    def fought(self, s: State) -> None:
        f = s.last_battle
        if f is not None and f is not self.battle:
            self.battle = f
            assert self.open is not None
            self.open["fought"].append(_fought(s, f))

    def turn_ended(self, s: State) -> None:
        self.fought(s)  # a battle that ended the turn
        o, self.open = self.open, None
        assert o is not None
        if o["answer"] == "refuse":  # refused: the proposer bribed its way to peace, or the war goes on
            o["answer"] = "refused" if any(set(w) == o["pair"] for w in s.wars) else "bought"
        p = s.players[o["seat"]]
        paid, in_gold = None, 0
        if o["action"][0] in ("build", "upgrade"):  # a building takes no holding: the discount is the turn's
            plot = s.t.races[p.race].plots[o["action"][1]]
            paid = p.price(s.t, plot.cost if o["action"][0] == "build" else plot.upgrade or 0)
            in_gold = paid - (o["chests_before"] - p.chests)  # chest cards first, the rest in gold
        self.turns.append(Turn(o["day"], o["seat"], o["income"], tuple(o["hires"]), o["action"], tuple(o["fought"]),
                               p.gold, p.chests, sum(p.points.values()), o["answer"], paid, in_gold))

    def week_ended(self, s: State) -> None:
        if not self.week or (self.weeks and self.weeks[-1].number == self.week):
            return
        dealt = []
        for seat, d in sorted(self.dealt.items()):
            dealt.append(Dealt(seat, s.t.races[s.players[seat].race].id, tuple(d["heroes"]), tuple(d["cards"]),
                               d["chests"], sum(1 for c in d["cards"] if s.t.cards[c].type != "trap")))
        self.weeks.append(Week(self.players, self.seed, self.week, (self.week - 1) % s.n, tuple(dealt),
                               tuple(self.turns), tuple(sum(p.points.values()) for p in s.players)))
        self.turns = []


def _fought(s: State, f: dict) -> Fought:
    out = f["outcome"]
    bribes = f.get("bribes", {})
    answered = bribes.get(f.get("enemy"), 0)
    if f["kind"] == "duel":
        side = out.attacker
        return Fought(f["card"], "duel", None, None, side.target or 0, bribes.get(f["seat"], 0), side.strength,
                      out.result == "win", _names(s, f["seat"], f["army"], side.lost), f["enemy"], 0, answered)
    opp = f["opp"]
    return Fought(f["card"], "neutral" if f["neutral"] else f["kind"], f["neutral"], opp.count,
                  out.target if out.target is not None else opp.strength, out.chests, out.strength, out.won,
                  _names(s, f["seat"], f["army"], out.lost), f.get("enemy"), opp.mercenaries, answered)


def _names(s: State, seat: int, army, lost) -> tuple[str, ...]:
    return tuple(army.fighters[i].type for i in lost)
