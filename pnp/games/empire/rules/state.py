"""«Строительство империи» as a game: the position and pnp's engine protocol (pnp.sim.engine).

The game: the races are drawn, each player takes five creature cards; then every week the tavern opens
two heroes a player and the travel deal tops each hand up to seven (a trap drawn is paid at once and
another card is drawn), holdings bring their chests, and the week's days follow: a round a day, a turn a
player, in seat order from the week's first player (it moves one seat a week). A turn is its player's
daily gold, any hires (heroes, creatures), then one action: build or upgrade, play a travel card (a
treasure, an object, a guarded card and its battle, a siege, a dungeon, a terrain, a diplomacy card),
attack again a card whose army held this week, capture an enemy's holdings in a war (up to the war's
captures), the luck ritual, or pass. After the last week the reserved places held score and the most
victory points win (then the most wealth).

Every draw is a chance step with exact odds (`chance_outcomes`): the races, each creature card (a hire,
the start), each travel card, each tavern hero, each neutral army, a school of magic, a dungeon's domino
and every damage card of a battle (pnp.games.empire.rules.fights.cards asks the calculator whether the
count reads one more). The steps are in pnp.games.empire.rules.chance, .moves, .week and .fights; this
module holds the flow.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from random import Random
from typing import Any

from pnp.games.empire.rules import chance, moves, week
from pnp.games.empire.rules.fights import money
from pnp.games.empire.rules.fights.cards import fight_step
from pnp.games.empire.rules.fights.start import clone_fight
from pnp.games.empire.rules.position import Position

CHANCE, TERMINAL = -1, -4

Action = tuple


class State(Position):
    """The position with pnp's engine protocol and the flow of weeks, days and turns."""

    # --- the engine protocol -------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.chance:
            return CHANCE
        if self.stage == "consent":
            assert self.peace is not None
            return self.peace[1]
        if self.stage == "chests":
            return money.asked(self)
        if self.stage == "intercept":
            assert self.siege is not None
            return self.siege["enemy"]
        return self.seat()

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.n
        keys = [(sum(p.points.values()), p.wealth(self.t)) for p in self.players]
        best = max(keys)
        top = [i for i, k in enumerate(keys) if k == best]
        return [1.0 if len(top) == 1 and i == top[0] else 0.0 for i in range(self.n)]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return chance.chance_outcomes(self, self.chance[0])

    def sample_chance(self, rng: Random) -> Any:
        outcomes = self.chance_outcomes()
        if len(outcomes) == 1:
            return outcomes[0][0]
        total = sum(p for _, p in outcomes)
        denominator = 1
        for _, p in outcomes:
            denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
        pick = rng.randrange(int(total * denominator))
        for outcome, p in outcomes:
            pick -= int(p * denominator)
            if pick < 0:
                return outcome
        return outcomes[-1][0]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.phase == "over":
            return []
        if self.chance:
            return [o for o, _ in self.chance_outcomes()]
        return moves.legal(self)

    def joint_action(self, choices):
        raise ValueError("«Строительство империи» has no simultaneous step")

    def apply_action(self, action: Action) -> None:
        if self.phase == "over":
            raise ValueError("the game is over")
        if self.chance:
            task = self.chance.pop(0)
            chance.resolve_chance(self, task, action)
        else:
            moves.apply(self, action)
        self.advance()

    def clone(self) -> State:
        c = State.__new__(State)
        c.__dict__.update(self.__dict__)
        c.players = [p.clone() for p in self.players]
        c.chance = list(self.chance)
        c.fight = None if self.fight is None else clone_fight(self.fight)
        c.siege = None if self.siege is None else dict(self.siege)
        c.wars, c.fallen, c.headings = list(self.wars), list(self.fallen), dict(self.headings)
        c.pile, c.under, c.discard, c.out = Counter(self.pile), list(self.under), list(self.discard), Counter(self.out)
        c.neutral_pile, c.neutral_discard = Counter(self.neutral_pile), list(self.neutral_discard)
        c.neutral_top, c.neutral_seen = list(self.neutral_top), dict(self.neutral_seen)
        c.tally = Counter(self.tally)
        return c

    def action_string(self, action: Action) -> str:
        return " ".join(str(x) for x in action) if isinstance(action, tuple) else str(action)

    def observation(self, player: int) -> dict:
        """What `player` knows: its own hands, every hand's size, and the open table (capitals, holdings,
        treasuries, heroes, marked machines, the ends captures keep to, the week) and the neutral deck's top cards
        it spied."""
        me = self.players[player] if self.players else None
        return {"week": self.week, "day": self.day, "seat": player,
                "travel": sorted(me.travel) if me else [], "creatures": sorted(me.hand.items()) if me else [],
                "hands": [len(p.travel) for p in self.players],
                "table": [(p.race, sorted(p.built), sorted(p.upgrades.items()), list(p.holdings), p.gold, p.chests,
                           sorted(p.points.items()), list(p.heroes), list(p.machines)) for p in self.players],
                "headings": sorted(self.headings.items()),
                "neutral_top": list(self.neutral_top[:self.neutral_seen.get(player, 0)])}

    def resample_hidden(self, player: int, rng: Random) -> None:
        """Redeals the other players' travel hands from the cards `player` cannot see (theirs and the pile), and
        puts back into the neutral pile the top cards a spy turned that `player` did not see."""
        others = [i for i in range(len(self.players)) if i != player]
        unseen = list(self.pile.elements()) + [c for i in others for c in self.players[i].travel]
        rng.shuffle(unseen)
        pool = Counter(unseen)
        for i in others:
            k = len(self.players[i].travel)
            self.players[i].travel, unseen = unseen[:k], unseen[k:]
        self.pile = pool - Counter(c for i in others for c in self.players[i].travel)
        # the neutral deck's top cards `player` did not spy are as unknown to it as the rest of the pile
        seen = self.neutral_seen.get(player, 0)
        self.neutral_pile.update(self.neutral_top[seen:])
        self.neutral_top = self.neutral_top[:seen]
        self.neutral_seen = {i: min(n, seen) for i, n in self.neutral_seen.items() if min(n, seen)}

    # --- the flow ------------------------------------------------------------------------

    def advance(self) -> None:
        """Moves the game on until a decision or a chance step is due. A draw from an empty deck is no step:
        the tavern with every hero hired or open, a neutral deck with every army on the table."""
        while True:
            while self.chance and not self.chance_outcomes():
                self.tally[f"empty_{self.chance.pop(0)[0]}"] += 1
            if self.chance or self.phase == "over":
                return
            if self.fight is not None:
                if not fight_step(self):
                    return
                continue
            if self.phase == "setup":
                self.phase = "play"
                self.start_week()
                continue
            if self.stage == "done":
                self.end_turn()
                continue
            return

    def start_week(self) -> None:
        for seat in range(self.n):
            week.week_start(self, self.players[seat])
        for k in range(self.n):
            seat = (self.first() + k) % self.n
            self.chance += [("tavern", seat)] * self.t.tavern_reveal + [("deal", seat)]
        self.day, self.turn = 1, 0
        self.start_turn()

    def start_turn(self) -> None:
        p = self.players[self.seat()]
        p.gold += p.income(self.t)
        week.contribution(self, self.seat())
        self.stage = "main"
        self.captures_left = 0

    def end_turn(self) -> None:
        self.turn += 1
        if self.turn == self.n:
            self.turn = 0
            self.day += 1
            if self.day > self.t.days:
                self.end_week()
                return
        self.start_turn()

    def end_week(self) -> None:
        week.week_end(self)
        if self.week == self.t.weeks:
            week.final_scoring(self)
            self.phase = "over"
            return
        self.week += 1
        self.start_week()


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
