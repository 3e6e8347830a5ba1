"""One player's side of a position: treasury, capital, hands, holdings and victory points (mutable, cloned)."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.rules import capital
from pnp.games.empire.rules.tables import Tables


class Player:
    __slots__ = ("race", "gold", "chests", "luck", "built", "upgrades", "hand", "deck", "heroes", "tavern",
                 "tavern_open", "tavern_out", "travel", "holdings", "open", "school", "points", "courage_spent",
                 "machines", "spied")

    def __init__(self, race: int) -> None:
        self.race = race
        self.gold = 0
        self.chests = 0
        self.luck = 0  # the luck rituals of this week
        self.built: list[str] = []  # plots built, in order
        self.upgrades: dict[str, int] = {}
        self.hand: Counter = Counter()  # creature cards in hand, by creature
        self.deck: Counter = Counter()  # the creature deck: (creature, strike) -> cards
        self.heroes: list[tuple[str, int]] = []  # hired heroes and their courage
        self.tavern: list[str] = []  # the tavern deck's heroes (drawn at random)
        self.tavern_open: list[str] = []  # this week's two open heroes, not hired yet
        self.tavern_out: list[str] = []  # the tavern's discard
        self.travel: list[str] = []  # travel cards in hand
        self.holdings: list[str] = []  # travel cards joined, left to right
        self.open: list[tuple[str, str | None]] = []  # cards fought and lost this week, and the army on each
        self.school: str | None = None
        self.machines: list[str] = []  # the war machines marked on the sheet, one a level of the forge
        self.spied = 0  # the times this week its player spied
        self.points: Counter = Counter()  # victory points by source

    def clone(self) -> Player:
        c = Player.__new__(Player)
        c.race, c.gold, c.chests, c.luck, c.school = self.race, self.gold, self.chests, self.luck, self.school
        c.built, c.upgrades = list(self.built), dict(self.upgrades)
        c.hand, c.deck, c.points = Counter(self.hand), Counter(self.deck), Counter(self.points)
        c.heroes, c.tavern, c.tavern_open, c.tavern_out = (list(self.heroes), list(self.tavern),
                                                           list(self.tavern_open), list(self.tavern_out))
        c.travel, c.holdings, c.open = list(self.travel), list(self.holdings), list(self.open)
        c.machines, c.spied = list(self.machines), self.spied
        return c

    # --- what the capital gives ------------------------------------------------------------

    def level(self, plot: str) -> int:
        """A building's level: 0 unbuilt, 1 built, one more an upgrade."""
        return (1 + self.upgrades.get(plot, 0)) if plot in self.built else 0

    def forge(self, t: Tables) -> int:
        return min(sum(self.level(p.id) for p in t.races[self.race].plots.values() if p.kind == "forge"),
                   t.forge_levels)

    def tower(self, t: Tables) -> int:
        return min(sum(self.level(p.id) for p in t.races[self.race].plots.values() if p.kind == "magic_tower"),
                   t.rules.magic.levels)

    def spying(self, t: Tables) -> int:
        """The times a week its hired heroes let it spy (each hero's own, added up)."""
        rt = t.races[self.race]
        return sum(h.ability.spying for h in rt.heroes if any(h.id == hid for hid, _ in self.heroes))

    def hero_limit(self, t: Tables) -> int:
        plots = t.races[self.race].plots
        granted = [plots[b].up_heroes if self.upgrades.get(b) else plots[b].heroes for b in self.built
                   if plots[b].heroes is not None]
        return capital.hero_limit(t.hero_base, [g for g in granted if g is not None])

    def income(self, t: Tables) -> int:
        """Gold a day: the palace's step of the income track, the unique building, the mines and towns held."""
        plots = t.races[self.race].plots
        gold = capital.income(t.income, capital.completed_columns(t.layout, self.built))
        gold += sum(plots[b].up_gold if self.upgrades.get(b) else plots[b].gold for b in self.built)
        return gold + sum(t.cards[c].gold or 0 for c in self.holdings if t.cards[c].type in ("mine", "town"))

    def capital_strength(self, t: Tables) -> int:
        """The capital's own strength in a siege: the fortifications' step for its completed verticals."""
        return capital.strength(t.fortifications, capital.completed_columns(t.layout, self.built))

    def creature_strength(self, t: Tables) -> int:
        """The creatures in hand, each card at its level (the peace bribe's «суммарная сила существ в руке»)."""
        rt = t.races[self.race]
        return sum(rt.creature(cid).level * n for (cid, _), n in self.hand.items())

    def deck_strikes(self) -> Counter:
        """The strike of every card left in the creature deck (the damage cards a battle draws)."""
        out: Counter = Counter()
        for (_, strike), n in self.deck.items():
            out[strike] += n
        return out

    def wealth(self, t: Tables) -> int:
        """Chests and gold in gold, the tie-break after victory points."""
        return self.gold + self.chests * t.chest_gold

    def resource_kinds(self, t: Tables) -> int:
        """The kinds of resource its holdings bring (the stores ticked on the capital sheet)."""
        return len({t.cards[c].resource for c in self.holdings} - {None})

    def price(self, t: Tables, cost: int) -> int:
        """What a building or an upgrade printed at `cost` chests costs it: less the resources' discount."""
        return t.economy.price(cost, self.resource_kinds(t))

    def can_pay(self, t: Tables, chests: int) -> bool:
        return self.chests + self.gold // t.chest_gold >= chests

    def pay(self, t: Tables, chests: int) -> int:
        """Pays `chests` for a building, chest cards first and the rest in gold; returns the cards given back."""
        cards = min(self.chests, chests)
        self.chests -= cards
        self.gold -= (chests - cards) * t.chest_gold
        return cards
