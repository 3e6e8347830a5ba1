"""The content sections only the rulebook reads: the seed's numbers for the turn and war (`play:`)
and the book's own part (`rulebook:`: its worked battle and week, the decided gaps in the players' words).

Built from schema-valid data by the general model builder like the rest of the model, frozen,
with marks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from pnp.content.gamemodel import Share
from pnp.content.modelbuilder import At, key
from pnp.content.notes import collect_notes
from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text, frozen_map


@dataclass(frozen=True)
class War:
    captures: int  # cards an attacker may take a turn
    counter_captures: int  # cards a defender's counter-attack may take
    holdings_row: int  # captured cards in one row of holdings
    contribution_share: int  # the loser pays its daily income divided by this
    bribe_peace_card: int = key("bribe.peace_card")  # a bribed peace with the «Мир» card: times the creatures' strength
    bribe_treaty: int = key("bribe.treaty")  # a peace treaty without the card: times the creatures' strength


@dataclass(frozen=True)
class Play:
    #: the fewest and the most players at the table
    players: tuple[int, int] = field(metadata={"build": lambda at: (at.get("players.least"), at.get("players.most"))})
    travel_hand: int
    creature_hand: int
    start_levels: int  # the creature cards in hand at the start are of levels I up to this one
    tavern_reveal: int
    spy_cards: int
    neutral_win_chests: int
    war: War


@dataclass(frozen=True)
class ExampleSquad:
    type: str
    name: Text
    level: int
    kind: str
    cards: int = 1
    large: bool = False


@dataclass(frozen=True)
class Example:
    """The rulebook's worked battle; pnp.games.empire.rules.battle computes it at build time."""
    luck: int
    squads: tuple[ExampleSquad, ...]
    machine: str | None
    #: the strike of every card, sorted (the content counts the cards of each strike)
    deck: tuple[int, ...] = field(metadata={"build": lambda at: tuple(sorted(
        int(strike) for strike, n in at.data["deck"].items() for _ in range(n)))})
    cards: tuple[int, ...]  # the order the first cards open in
    battle: str = key("against.battle")
    strength: int = key("against.strength")
    week: int = key("against.week")
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class WeekExample:
    """The rulebook's worked week: a game of `players` the engine plays from `seed` at build time."""
    players: int
    seed: int
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class BalanceRun:
    """What the simulator measured at one table size (`pnp sim --players N`, greedy agents), which the book
    prints: each race's share of the wins. A test plays the run again and compares every figure."""
    players: int
    games: int
    seed: int
    #: each race's wins over the games it played, its 95 % interval with the seat-rotated group as the unit
    races: Mapping[str, Share]
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Decision:
    about: tuple[str, ...]  # the note addresses it explains (notes_by_address)
    topic: Text
    text: Text  # {fields} from the book's named facts
    mark: Mark = field(default=NO_MARK, compare=False)


def _attack_kinds(at: At) -> Mapping[str, Text]:
    root = at.up()
    return frozen_map({k["id"]: root.build(Text, f"battle.attack_kinds.{i}.name")
                       for i, k in enumerate(root.data["battle"]["attack_kinds"])})


def _notes_by_address(at: At) -> Mapping[str, tuple]:
    data = at.loaded.data
    return frozen_map({address(data, path): path for path in collect_notes(data)})


@dataclass(frozen=True)
class BookContent:
    tagline: Text
    example: Example
    week: WeekExample
    balance: tuple[BalanceRun, ...]
    decisions: tuple[Decision, ...]
    #: the attack kinds' names by id (content `battle.attack_kinds`), for the book's sentences
    attack_kinds: Mapping[str, Text] = field(default_factory=dict, metadata={"build": _attack_kinds})
    #: every `note:` of the content by its address (list items by id: "travel_cards.cedar")
    notes_by_address: Mapping[str, tuple] = field(default_factory=dict, compare=False, metadata={"build": _notes_by_address})


def address(data: Any, path: tuple) -> str:
    """A content path as the designer names it: list items by their id where they have one
    (("travel_cards", 1) -> "travel_cards.cedar"), else by their index."""
    parts = []
    for key in path:
        item = data[key]
        parts.append(str(item["id"]) if isinstance(key, int) and isinstance(item, dict) and "id" in item else str(key))
        data = item
    return ".".join(parts)
