"""The position of a game of ТВЕРДЖА: the fields the engine's steps read and change.

A handful of flat lists (units per space, resources, hands as counts per card) plus a queue
of pending steps, and what the steps read of them (a player's spaces, army, score). The steps
(legal, turn, fight, flow) and the notation take a `Position`; `State`
(pnp.games.tverdzha.rules.state) is a position with the simulator's engine protocol, which
runs those steps: so they import this module and never state.py, which imports them.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from pnp.games.tverdzha.rules.battle import Battle
from pnp.games.tverdzha.rules.castle_effects import Fx
from pnp.games.tverdzha.rules.compiled import Rules

#: A queue task: the step's name, then its arguments (see pnp.games.tverdzha.rules.flow).
Task = Tuple[Any, ...]
#: While a battle lasts: (attacker, from space, attacked space, moving group,
#: attacker's card index, defender's card index).
Fight = Tuple[int, int, int, Tuple[int, ...], Optional[int], Optional[int]]


class Position:
    """The position: every field the engine's steps read and change, and what they read of it."""

    __slots__ = (
        "R", "units", "owner", "land", "yields", "res", "bld", "fx", "hand", "deck", "discard",
        "bdeck", "bottom", "market", "bags", "wounded", "round", "active", "heals", "queue",
        "battle", "fight", "cur", "winner", "victory_type", "events", "logging", "max_rounds", "validate",
    )
    # Typed, so that a compiled build (mypyc, see setup.py) keeps them as native fields.
    R: Rules
    units: list[tuple[int, ...]]   # per space: unit strengths, sorted
    owner: list[int]               # per space: 0, 1 or -1 (an empty cell); castles keep theirs
    land: tuple[int, ...]          # per cell: land kind index, -1 before its tile is dealt
    yields: tuple[int, ...]        # per space: resource index the land yields, or -1
    res: list[list[int]]           # per player, per resource
    bld: list[dict[int, int]]      # per player: building index -> level (0 base, 1 upgraded);
                                   # a dict is replaced, never changed: clones share them
    fx: list[Fx]                   # per player: aggregated building effects
    hand: list[list[int]]          # per player: count of each battle card
    deck: list[int]                # battle-card urn: count per card
    discard: list[int]
    bdeck: list[int]               # building urn (the shuffled part): count per building
    bottom: list[int]              # buildings put under the deck, in order
    market: list[int]              # building indices, position 1 first
    bags: tuple[tuple[int, ...], ...]  # land-tile urns (the pair bag, the centre bag), replaced on a deal
    wounded: list[int]
    round: int
    active: int
    heals: int
    queue: list[Task]
    battle: Battle | None
    fight: Fight | None
    cur: int
    winner: int | None
    victory_type: str | None
    events: list[Any]              # pnp.games.tverdzha.rules.events records
    logging: bool                  # whether the engine appends them (a lookahead copy does not)
    max_rounds: int
    validate: bool

    def __init__(self) -> None:
        """An empty position, every field unset: new_game and State.clone fill them all in. (They
        call State(), not State.__new__(State): in the compiled build the first is the
        native constructor, the second a generic call through the type, about 1.7 us.)"""

    # ---- reading the position ---------------------------------------------------
    def own_spaces(self, p: int) -> list[int]:
        """Spaces where p has units: cells in content order, then p's castle."""
        owner = self.owner
        out = [c for c in range(self.R.n_cells) if owner[c] == p]
        castle = self.R.castle[p]
        if self.units[castle]:
            out.append(castle)
        return out

    def lands(self, p: int) -> int:
        return self.owner[:self.R.n_cells].count(p)

    def army(self, p: int) -> int:
        """p's units on the table: on p's cells and in p's castle (the only space p owns
        beyond its cells)."""
        n = 0
        for o, us in zip(self.owner, self.units):
            if o == p:
                n += len(us)
        return n

    def has_units(self, p: int) -> bool:
        """army(p) > 0, without counting: stops at p's first unit."""
        for o, us in zip(self.owner, self.units):
            if o == p and us:
                return True
        return False

    def army_limit(self, p: int, lands: int | None = None) -> int:
        """per_land x (lands held, + 1 when the castle counts) + army_limit effects."""
        lim = self.R.lim
        if lands is None:
            lands = self.lands(p)
        return lim.army_per_land * (lands + (1 if lim.army_castle_counts else 0)) + self.fx[p].army_bonus

    def held_entrances(self, p: int) -> int:
        """How many entrances of the enemy castle p holds."""
        owner = self.owner
        return sum(1 for e in self.R.entrances[1 - p] if owner[e] == p)

    def can_heal(self, p: int) -> bool:
        fx = self.fx[p]
        return (self.heals < self.R.heals_per_turn and self.wounded[p] > 0 and fx.infirmary_cap > 0
                and len(self.units[self.R.castle[p]]) < fx.cap and self.army(p) < self.army_limit(p))

    def score(self, p: int, owner: list[int] | None = None) -> int:
        """Victory points now: buildings (with town hall and prestige), lands, land bonuses;
        with `owner` as the holders of the cells, where given."""
        R = self.R
        land_points, land_scores = R.land_points, R.land_scores
        held = bonus = 0
        for o, k in zip(self.owner if owner is None else owner, self.land):  # the cells: land has one entry per cell
            if o == p:
                if k < 0 or land_scores[k]:  # the mine gives gold but no points (the original)
                    held += 1
                if k >= 0:
                    bonus += land_points[k]
        return self.fx[p].points + held // R.land_per * R.points_per_lands + bonus

    def hand_count(self, p: int) -> int:
        return sum(self.hand[p])

    def units_by_strength(self, p: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for sp in self.own_spaces(p):
            for u in self.units[sp]:
                out[u] = out.get(u, 0) + 1
        return out

    def resources(self, p: int) -> dict[str, int]:
        return dict(zip(self.R.res_ids, self.res[p]))

    def buildings(self, p: int) -> dict[str, str]:
        """Base building id -> the id of the card on top (base or upgrade)."""
        R = self.R
        return {R.b_ids[b]: (R.up_ids[b] if lvl else R.b_ids[b]) for b, lvl in sorted(self.bld[p].items())}
