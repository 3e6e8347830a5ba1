"""Travel cards: values the seed's rules allow, strength schedules a week long that rise with it.

«Числа (20 и пр.) показывают силу подземелья на определённой неделе»: a town's and a
dungeon's strength is one number per week; the seed's examples rise week by week (the
neutrals grow stronger as time passes), and a falling schedule would make waiting pay.
"""

from __future__ import annotations

from typing import Iterator

from pnp.checks._util import did_you_mean
from pnp.core.errors import Problem, error
from pnp.games.empire import reference
from pnp.games.empire.model import Game, TravelCard

ID = "travel"

CODES = {
    "strength-weeks": "A strength schedule does not have one number per week of the week track.",
    "strength-falls": "A strength schedule falls from one week to the next (the seed's rise with the week).",
    "treasure-weeks": "A treasure's week ranges do not cover every week exactly once.",
    "card-week": "A week number outside the week track.",
    "unknown-resource": "A card names a resource the content does not list.",
    "travel-type": "A card type without its name and colour in travel_types, or listed twice.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _types(game)
    resources = [r.id for r in game.resources]
    for i, card in enumerate(game.travel_cards):
        at = ("travel_cards", i)
        if card.resource is not None and card.resource not in resources:
            yield error("unknown-resource", f"travel_cards[{i}] ({card.id}): resource {card.resource!r} is not in "
                        f"resources ({', '.join(resources)})", game.mark(*at, "resource"), did_you_mean(card.resource, resources))
        if card.week is not None and not 1 <= card.week <= game.weeks:
            yield error("card-week", f"travel_cards[{i}] ({card.id}): week {card.week}, the game has weeks 1-{game.weeks}",
                        game.mark(*at, "week"))
        if card.strength:
            yield from _schedule(game, i, card)
        if card.chest_ranges:
            yield from _chests(game, i, card)


def _types(game: Game) -> Iterator[Problem]:
    listed: dict[str, int] = {}
    for i, t in enumerate(game.travel_types):
        if t.id in listed:
            yield error("travel-type", f"travel_types[{i}]: {t.id!r} is listed twice (also travel_types[{listed[t.id]}])",
                        game.mark("travel_types", i, "id"))
        listed.setdefault(t.id, i)
    for i, card in enumerate(game.travel_cards):
        if card.type not in listed:
            yield error("travel-type", f"travel_cards[{i}] ({card.id}): type {card.type!r} has no name and colour in "
                        "travel_types", game.mark("travel_cards", i, "type"), f"add `- {{id: {card.type}, name: …, colour: …}}`")


def _schedule(game: Game, i: int, card: TravelCard) -> Iterator[Problem]:
    at = ("travel_cards", i, "strength")
    if len(card.strength) != game.weeks:
        yield error("strength-weeks", f"travel_cards[{i}] ({card.id}): strength has {len(card.strength)} number"
                    f"{'s' if len(card.strength) != 1 else ''}, the week track {game.weeks} weeks", game.mark(*at))
    if card.type not in reference.RISING:
        return
    for week, (before, after) in enumerate(zip(card.strength, card.strength[1:]), start=2):
        if after <= before:
            yield error("strength-falls", f"travel_cards[{i}] ({card.id}): strength {after} on week {week} is not above "
                        f"{before} on week {week - 1}: a {card.type}'s strength rises with the week",
                        game.mark(*at, week - 1))
            return


def _chests(game: Game, i: int, card: TravelCard) -> Iterator[Problem]:
    covered: dict[int, int] = {}
    for j, r in enumerate(card.chest_ranges):
        if r.first > r.last:
            yield error("treasure-weeks", f"travel_cards[{i}].chests[{j}]: weeks {r.first}-{r.last} run backwards", r.mark)
        for week in range(r.first, r.last + 1):
            if week in covered:
                yield error("treasure-weeks", f"travel_cards[{i}].chests[{j}]: week {week} is also in "
                            f"chests[{covered[week]}]", r.mark)
                break
            covered[week] = j
    missing = [w for w in range(1, game.weeks + 1) if w not in covered]
    extra = sorted(w for w in covered if not 1 <= w <= game.weeks)
    if missing or extra:
        what = "; ".join(x for x in (f"no chests for week {', '.join(map(str, missing))}" if missing else "",
                                     f"week {', '.join(map(str, extra))} is past the week track" if extra else "") if x)
        yield error("treasure-weeks", f"travel_cards[{i}] ({card.id}): {what} (weeks 1-{game.weeks})",
                    game.mark("travel_cards", i, "chests"))
