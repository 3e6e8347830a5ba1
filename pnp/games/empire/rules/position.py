"""The mutable position of «Строительство империи»: the players, the decks, the chests' bank and the week's
clock. The steps (pnp.games.empire.rules.chance, .moves, .week and the battles in .fights) change it in place;
pnp.games.empire.rules.state adds the engine protocol and the flow, and is the one module that imports the steps."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.tables import Tables


class Position:
    def __init__(self, t: Tables, players: int) -> None:
        if not t.players[0] <= players <= t.players[1] or players > len(t.races):
            raise ValueError(f"expected {t.players[0]} to {min(t.players[1], len(t.races))} players, found {players}")
        self.t = t
        self.n = players
        self.players: list[Player] = []
        self.week = 1
        self.day = 1
        self.turn = 0  # the turn in the day's order
        self.phase = "setup"  # setup | play | over
        #: main | chests (pnp.games.empire.rules.fights.money) | fighting | consent | capture | intercept | press
        #: (a siege intercepted: pnp.games.empire.rules.fights.war) | done
        self.stage = "main"
        self.chance: list[tuple] = [("races",)]
        #: which drawn race each seat takes: seat s the race drawn for slot slots[s] (None: seat s the
        #: s-th). The simulator binds the races to its agent slots (`EmpireSimulation.bind_slots`), so a seat-rotated
        #: group deals every agent the same race and seats each race once in every seat
        self.slots: tuple[int, ...] | None = None
        self.fight: dict | None = None
        self.last_battle: dict | None = None  # the last battle ended and its outcome (the observer reads it)
        self.captures_left = 0
        self.peace: tuple | None = None  # (proposer, other, card) while the other consents or refuses
        #: a siege declared and waiting (stage "intercept": the holder's answer; "press": the besieger's, after
        #: an interception it won): seat, enemy, card (None: the capital), at, opp (pnp.games.empire.rules.fights.war)
        self.siege: dict | None = None
        self.wars: list[tuple[int, int]] = []  # (declarer, defender)
        #: (seat, enemy) -> (line, end): the end of the enemy's line of holdings this seat took its last card from,
        #: which it keeps until the line is taken («нельзя чередовать»; pnp.games.empire.rules.fights.war)
        self.headings: dict[tuple[int, int], tuple[int, int]] = {}
        #: this week's fallen capitals: (winner, loser); the pair may not declare war on each other again this
        #: week and the loser pays the winner its contribution at each of its turns
        self.fallen: list[tuple[int, int]] = []
        self.pile: Counter = Counter(); self.under: list[str] = []; self.discard: list[str] = []
        self.pile.update({c.id: c.count for c in t.cards.values()})
        self.out: Counter = Counter()  # travel cards out of the game (traps, dungeons)
        self.neutral_pile: Counter = Counter({a.id: a.count for a in t.neutrals.values()})
        self.neutral_discard: list[str] = []
        #: the neutral deck's top cards, in order, once a spy has looked at them (taken out of `neutral_pile`, drawn
        #: before it); `neutral_seen[seat]`: how many of them that seat saw
        self.neutral_top: list[str] = []
        self.neutral_seen: dict[int, int] = {}
        self.tally: Counter = Counter()  # what the simulator counts

    def seat(self) -> int:
        """The seat whose turn it is."""
        return (self.first() + self.turn) % self.n

    def first(self) -> int:
        return (self.week - 1) % self.n

    def gain_chests(self, p: Player, n: int) -> None:
        """Chests from the bank; one beyond what a player may hold, or with the bank empty, is taken as gold."""
        for _ in range(n):
            if p.chests < self.t.chest_keep and self.chests_out() < self.t.chest_count:
                p.chests += 1
            else:
                p.gold += self.t.chest_gold

    # --- what the simulator reads --------------------------------------------------------

    def travel_in_use(self) -> int:
        """Travel cards not in the deck or its discard: in hands, holdings, open, out of the game."""
        return sum(c.count for c in self.t.cards.values()) - sum(self.pile.values()) - len(self.under) - len(self.discard)

    def neutrals_in_use(self) -> int:
        return (sum(a.count for a in self.t.neutrals.values()) - sum(self.neutral_pile.values()) - len(self.neutral_discard)
                - len(self.neutral_top))

    def neutrals_left(self) -> bool:
        """A neutral army to draw: the top cards a spy saw, the pile or its discard."""
        return bool(self.neutral_top or self.neutral_pile or self.neutral_discard)

    def chests_out(self) -> int:
        return sum(p.chests for p in self.players)

    def diplomacy_in_use(self) -> int:
        ids = [c.id for c in self.t.cards.values() if c.type == "diplomacy"]
        total = sum(self.t.cards[i].count for i in ids)
        return total - sum(self.pile[i] for i in ids) - sum(c in ids for c in self.under) - sum(c in ids for c in self.discard)
