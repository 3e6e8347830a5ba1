"""The model of «Строительство империи» as the game engine reads it: flat, frozen tables made once a game.

Every number comes from the content (`economy:`, `play:`, `chests:`, the capital, the decks); the engine
(`pnp.games.empire.rules.state`) never writes one of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from pnp.games.empire.model import Creature, Economy, Game, NeutralArmy, RaceHero, TravelCard
from pnp.games.empire.rules.battle_rules import BattleRules
from pnp.games.empire.rules.capital import Layout


@dataclass(frozen=True)
class Plot:
    id: str
    kind: str  # barracks | forge | magic_tower | unique (the palace and the gates stand from the start)
    level: int | None  # a barracks' creature level
    cost: int  # chests to build
    upgrade: int | None  # chests to upgrade; None: no upgrade
    points: int  # victory points once built
    gold: int  # gold a day once built (the unique building)
    heroes: int | None  # heroes it allows in hand
    up_gold: int  # ... once upgraded
    up_heroes: int | None


@dataclass(frozen=True)
class RaceTables:
    id: str
    plots: Mapping[str, Plot]  # the buildable plots, in the capital's order
    creatures: tuple[Creature, ...]  # by level, I first
    heroes: tuple[RaceHero, ...]

    def creature(self, cid: str) -> Creature:
        return next(c for c in self.creatures if c.id == cid)

    def barracks(self, level: int) -> str:
        return next(p.id for p in self.plots.values() if p.kind == "barracks" and p.level == level)


@dataclass(frozen=True)
class Tables:
    game: Game
    rules: BattleRules
    layout: Layout
    income: tuple[tuple[int, int], ...]
    fortifications: tuple[tuple[int, int], ...]  # the capital's siege strength by completed verticals
    hero_base: int
    races: tuple[RaceTables, ...]
    cards: Mapping[str, TravelCard]  # travel cards by id
    played: Mapping[str, str]  # travel type -> where a played card goes
    neutrals: Mapping[str, NeutralArmy]
    weeks: int
    days: int
    hand: int  # travel cards a player holds at the start of a week
    creature_hand: int
    start_levels: int  # the starting hand's creatures are of levels I up to this one
    tavern_reveal: int
    spy_cards: int  # the neutral deck's top cards a spy looks at
    players: tuple[int, int]
    neutral_win_chests: int
    captures: int
    counter_captures: int
    holdings_row: int  # holdings lie in lines of this many cards, a garrison over them
    contribution_share: int  # a fallen capital's player pays its daily income divided by this each turn
    bribe_peace: int
    bribe_treaty: int
    chest_count: int
    chest_keep: int
    chest_gold: int
    chest_xp: int
    start_chests: int
    creature_gold: int
    hero_gold: int
    hero_attack: int
    resource_chests: int
    ritual_luck: int
    skill_bonus: int  # a hero's skill («Благословение», «Магический удар») to a hero spell
    economy: Economy  # its `price`: a building's or an upgrade's cost less the resources' discount
    forge_levels: int  # the war machines' highest level: the forge's upgrades stop there
    schools: tuple[str, ...]  # the schools a tower draws from (the playable ones)

    def neutral_luck(self, week: int) -> int:
        return self.game.neutral_luck[week - 1]


def _plots(game: Game, race_index: int) -> dict[str, Plot]:
    race = game.races[race_index]
    out = {}
    for p in game.capital.plots:
        b = race.building(p.id)
        if p.built or b is None or b.cost is None:
            continue
        up = b.upgrade
        out[p.id] = Plot(p.id, p.kind, p.level, b.cost, up.cost if up else None,
                         b.cost * game.capital.points_per_card, b.gold or 0, b.heroes,
                         (up.gold if up and up.gold is not None else b.gold or 0),
                         up.heroes if up and up.heroes is not None else b.heroes)
    return out


_MADE: dict[int, tuple[Game, Tables]] = {}


def tables(game: Game) -> Tables:
    """The game's tables, made once a model (kept by the model's identity, with the model itself)."""
    found = _MADE.get(id(game))
    if found is None or found[0] is not game:
        if len(_MADE) > 8:
            _MADE.clear()
        found = _MADE[id(game)] = (game, _make(game))
    return found[1]


def _make(game: Game) -> Tables:
    if game.play is None or game.economy is None or game.chests is None or game.neutral_deck is None:
        raise ValueError("the empire engine needs the content's play:, economy:, chests: and neutral_armies:")
    decks = {d.race: d for d in game.creature_decks}
    races = tuple(RaceTables(r.id, _plots(game, i), tuple(sorted(decks[r.id].creatures, key=lambda c: c.level)),
                             r.heroes) for i, r in enumerate(game.races))
    e, c, w = game.economy, game.chests, game.play.war
    return Tables(
        game=game, rules=game.battle, layout=game.capital.layout, income=game.capital.income_track(),
        fortifications=game.capital.fortification_track(),
        hero_base=game.capital.hero_base, races=races, cards={t.id: t for t in game.travel_cards},
        played={t.id: t.played for t in game.travel_types},
        neutrals={a.id: a for a in game.neutral_deck.armies}, weeks=game.weeks, days=game.week_days or 7,
        hand=game.play.travel_hand, creature_hand=game.play.creature_hand,
        start_levels=game.play.start_levels, tavern_reveal=game.play.tavern_reveal, spy_cards=game.play.spy_cards,
        players=game.play.players, neutral_win_chests=game.play.neutral_win_chests, captures=w.captures,
        counter_captures=w.counter_captures, holdings_row=w.holdings_row,
        contribution_share=w.contribution_share, bribe_peace=w.bribe_peace_card, bribe_treaty=w.bribe_treaty,
        chest_count=c.count, chest_keep=c.keep, chest_gold=c.gold, chest_xp=c.experience,
        start_chests=e.start_chests, creature_gold=e.creature_gold, hero_gold=e.hero_gold,
        hero_attack=e.hero_attack, resource_chests=e.resource_chests, ritual_luck=e.ritual_luck,
        skill_bonus=e.skill_bonus, economy=e,
        forge_levels=game.battle.forge_levels,
        schools=tuple(s.id for s in game.battle.magic.schools if s.playable))
