"""The shared decks sized for the table: the travel deck deals every player's week, the diplomacy cards can start
and end every war, the neutral deck has an army for every guarded card and never a weaker one on a reserved
place than the seed allows, and the chests' bank never runs out.

Each rule's arithmetic is the content's `note:` beside the counts (docs/design-decisions-empire.md).
"""

from __future__ import annotations

from typing import Iterator

from pnp.core.errors import Problem, error
from pnp.games.empire.model import Game

ID = "decks"

CODES = {
    "travel-deal": "The travel cards that come back once played are fewer than the largest table deals a week "
                   "(players × travel cards in hand): a late week could not be dealt.",
    "diplomacy-deck": "A diplomacy purpose (war, peace, peace treaty, crusade) has no card, or fewer cards end a war "
                      "than start one.",
    "neutral-count": "The neutral deck has fewer cards than the travel deck has guarded copies: with an army lying on "
                     "every other guarded card none would be left to draw.",
    "neutral-weeks": "A neutral army's squad strength does not have one number per week, or does not rise with the week.",
    "neutral-squads": "A neutral army would have more squads (the largest guards plus its extra) than a neutral army "
                      "may (`battle.neutral_squads`).",
    "neutral-reserve": "A neutral army guarding a reserved place could be weaker than its victory points («сила которых "
                       "не может быть ниже цены в победных очках»).",
    "chest-count": "Fewer chest cards than the most players can hold at once (players × chests kept): the bank "
                   "could run out.",
    "chest-keep": "A player may hold fewer chests than the dearest building or upgrade costs: it could never be built.",
}


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    yield from _travel(game)
    yield from _diplomacy(game)
    yield from _neutrals(game)
    yield from _chests(game)


def _most_players(game: Game) -> int | None:
    return game.play.players[1] if game.play is not None else None


def _travel(game: Game) -> Iterator[Problem]:
    players = _most_players(game)
    if players is None or game.play is None:
        return
    need = players * game.play.travel_hand
    back = {t.id for t in game.travel_types if t.returns}
    have = sum(c.count for c in game.travel_cards if c.type in back)
    if have < need:
        yield error("travel-deal", f"travel_cards: {have} printed cards come back once played (types "
                    f"{', '.join(sorted(back))}), but {players} players are dealt {game.play.travel_hand} each a week: "
                    f"{need}", game.mark("travel_cards"),
                    f"print at least {need - have} more treasures, objects or diplomacy cards (a card's `count:`)")


def _diplomacy(game: Game) -> Iterator[Problem]:
    cards = [(i, c) for i, c in enumerate(game.travel_cards) if c.type == "diplomacy"]
    if not cards:
        return
    copies = {a: sum(c.count for _, c in cards if c.action == a) for a in ("war", "peace", "treaty", "crusade")}
    for action, n in copies.items():
        if not n:
            yield error("diplomacy-deck", f"travel_cards: no diplomacy card with `action: {action}`",
                        game.mark("travel_cards"), "the seed's diplomacy declares war, peace, a peace treaty or a crusade")
    start, end = copies["war"] + copies["crusade"], copies["peace"] + copies["treaty"]
    if start and end < start:
        i, _ = next((i, c) for i, c in cards if c.action in ("peace", "treaty")) if end else cards[0]
        yield error("diplomacy-deck", f"travel_cards[{i}]: {end} cards end a war («Мир», the peace treaty) but {start} "
                    "start one («Война», the crusade)", game.mark("travel_cards", i, "count" if end else "action"),
                    "print as many cards that end a war as cards that start one")


def _neutrals(game: Game) -> Iterator[Problem]:
    deck = game.neutral_deck
    if deck is None:
        return
    guarded = [(i, c) for i, c in enumerate(game.travel_cards) if c.guards is not None]
    copies = sum(c.count for _, c in guarded)
    if deck.size < copies:
        yield error("neutral-count", f"neutral_armies: {deck.size} cards for {copies} guarded travel cards "
                    "(mines and reserved places, every copy)", game.mark("neutral_armies", "cards"),
                    f"print at least {copies - deck.size} more (a card's `count:`)")
    most = game.battle.neutral_squads[1] if game.battle.neutral_squads else None
    top_guards = max((c.guards or 0 for _, c in guarded), default=0)
    for j, a in enumerate(deck.armies):
        at = ("neutral_armies", "cards", j)
        if len(a.strength) != game.weeks:
            yield error("neutral-weeks", f"neutral_armies.cards[{j}] ({a.id}): strength has {len(a.strength)} "
                        f"number{'s' if len(a.strength) != 1 else ''}, the week track {game.weeks} weeks",
                        game.mark(*at, "strength"))
        falls = next((w for w in range(1, len(a.strength)) if a.strength[w] <= a.strength[w - 1]), None)
        if falls is not None:
            yield error("neutral-weeks", f"neutral_armies.cards[{j}] ({a.id}): strength {a.strength[falls]} on week "
                        f"{falls + 1} is not above {a.strength[falls - 1]} on week {falls}: the neutrals grow stronger "
                        "with the week", game.mark(*at, "strength", falls))
        if most is not None and a.squads(top_guards) > most:
            yield error("neutral-squads", f"neutral_armies.cards[{j}] ({a.id}): on a card guarded by {top_guards} it "
                        f"has {a.squads(top_guards)} squads, a neutral army at most {most}",
                        game.mark(*at, "extra" if a.extra else "id"))
        yield from _reserves(game, j, a, guarded)


def _reserves(game: Game, j: int, army, guarded) -> Iterator[Problem]:
    if not army.strength:
        return
    for i, c in guarded:
        if c.type == "reserve" and c.points is not None and army.army_strength(c.guards, 1) < c.points:
            yield error("neutral-reserve", f"neutral_armies.cards[{j}] ({army.id}): on travel_cards[{i}] ({c.id}) on "
                        f"week 1 its army is {army.squads(c.guards)} × {army.strength[0]} = "
                        f"{army.army_strength(c.guards, 1)}, below the card's {c.points} victory points",
                        game.mark("neutral_armies", "cards", j, "strength", 0),
                        "a reserved place's guards are never weaker than its victory points")


def _chests(game: Game) -> Iterator[Problem]:
    c, players = game.chests, _most_players(game)
    if c is None:
        return
    if players is not None and c.count < players * c.keep:
        yield error("chest-count", f"chests: {c.count} cards, but {players} players may hold {c.keep} each: "
                    f"{players * c.keep}", game.mark("chests", "count"),
                    f"print at least {players * c.keep} chests, or let a player keep fewer")
    costs = [(cost, r.id, b.plot) for r in game.races for b in r.buildings
             for cost in (b.cost, b.upgrade.cost if b.upgrade else None) if cost is not None]
    if costs:
        dearest, race, plot = max(costs)
        if c.keep < dearest:
            yield error("chest-keep", f"chests: a player keeps at most {c.keep}, but {race}'s {plot} costs "
                        f"{dearest} chests", game.mark("chests", "keep"), f"let a player keep at least {dearest}")
