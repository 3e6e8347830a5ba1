"""Positions the engine's rule tests of «Строительство империи» start from."""

from __future__ import annotations

from collections import Counter

from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.state import State
from pnp.games.empire.simulation import EmpireSimulation


def first_day(game, cards: int = 1, gold: int = 0, players: int = 2) -> State:
    """`players` players (two by default) on the first day of week 1, seat 0 to move, nothing built: `cards`
    level I creature cards and `gold` each."""
    s = EmpireSimulation(players).new_game(game, 100)
    s.chance, s.players = [], []
    for race in range(players):
        p = Player(race)
        p.hand = Counter({(s.t.races[race].creatures[0].id, 1): cards})
        p.gold = gold
        s.players.append(p)
    s.phase, s.stage, s.week, s.day, s.turn = "play", "main", 1, 1, 0
    return s
