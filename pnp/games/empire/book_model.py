"""The content sections only the rulebook reads: the seed's numbers for the turn and war (`play:`)
and the book's own part (`rulebook:`: its worked battle and week, the decided gaps in the players' words).

Built from schema-valid data like the rest of the model (modelbuild.py calls `build_play` and
`build_book`), frozen, with marks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from pnp.core.errors import Mark
from pnp.core.texts import NO_MARK, Text, frozen_map

TextOf = Callable[..., Text]  # (value, *path) -> Text with the path's mark
MarkOf = Callable[..., Mark]  # (*path) -> Mark


@dataclass(frozen=True)
class War:
    captures: int  # cards an attacker may take a turn
    counter_captures: int  # cards a defender's counter-attack may take
    holdings_row: int  # captured cards in one row of holdings
    contribution_share: int  # the loser pays its daily income divided by this
    bribe_peace_card: int  # a bribed peace with the «Мир» card: times the creatures' strength
    bribe_treaty: int  # a peace treaty without the card: times the creatures' strength


@dataclass(frozen=True)
class Play:
    players: tuple[int, int]  # the fewest and the most players at the table
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
    deck: tuple[int, ...]  # the strike of every card, sorted
    cards: tuple[int, ...]  # the order the first cards open in
    battle: str
    strength: int
    week: int
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class WeekExample:
    """The rulebook's worked week: a game of `players` the engine plays from `seed` at build time."""
    players: int
    seed: int
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class Decision:
    about: tuple[str, ...]  # the note addresses it explains (notes_by_address)
    topic: Text
    text: Text  # {fields} from the book's named facts
    mark: Mark = field(default=NO_MARK, compare=False)


@dataclass(frozen=True)
class BookContent:
    tagline: Text
    example: Example
    week: WeekExample
    decisions: tuple[Decision, ...]
    #: the attack kinds' names by id (content `battle.attack_kinds`), for the book's sentences
    attack_kinds: Mapping[str, Text] = field(default_factory=dict)
    #: every `note:` of the content by its address (list items by id: "travel_cards.cedar")
    notes_by_address: Mapping[str, tuple] = field(default_factory=dict, compare=False)


def build_play(d: Mapping[str, Any]) -> Play:
    w = d["war"]
    return Play((d["players"]["least"], d["players"]["most"]), d["travel_hand"], d["creature_hand"], d["start_levels"],
                d["tavern_reveal"], d["spy_cards"], d["neutral_win_chests"],
                War(w["captures"], w["counter_captures"], w["holdings_row"], w["contribution_share"],
                    w["bribe"]["peace_card"], w["bribe"]["treaty"]))


def build_book(data: Mapping[str, Any], notes: Mapping[tuple, str], text: TextOf, mark: MarkOf) -> BookContent:
    d = data["rulebook"]
    e = d["example"]
    squads = tuple(ExampleSquad(s["type"], text(s["name"], "rulebook", "example", "squads", i, "name"), s["level"],
                                s["kind"], s.get("cards", 1), s.get("large", False))
                   for i, s in enumerate(e["squads"]))
    deck = tuple(sorted(int(strike) for strike, n in e["deck"].items() for _ in range(n)))
    example = Example(e["luck"], squads, e.get("machine"), deck, tuple(e["cards"]), e["against"]["battle"],
                      e["against"]["strength"], e["against"]["week"], mark("rulebook", "example"))
    week = WeekExample(d["week"]["players"], d["week"]["seed"], mark("rulebook", "week"))
    decisions = tuple(Decision(tuple(x["about"]), text(x["topic"], "rulebook", "decisions", i, "topic"),
                               text(x["text"], "rulebook", "decisions", i, "text"), mark("rulebook", "decisions", i))
                      for i, x in enumerate(d["decisions"]))
    kinds = frozen_map({k["id"]: text(k["name"], "battle", "attack_kinds", i, "name")
                        for i, k in enumerate(data["battle"]["attack_kinds"])})
    return BookContent(text(d["tagline"], "rulebook", "tagline"), example, week, decisions, kinds,
                       frozen_map({address(data, path): path for path in notes}))


def address(data: Any, path: tuple) -> str:
    """A content path as the designer names it: list items by their id where they have one
    (("travel_cards", 1) -> "travel_cards.cedar"), else by their index."""
    parts = []
    for key in path:
        item = data[key]
        parts.append(str(item["id"]) if isinstance(key, int) and isinstance(item, dict) and "id" in item else str(key))
        data = item
    return ".".join(parts)
