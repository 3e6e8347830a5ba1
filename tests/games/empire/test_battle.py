"""The battle engine of «Строительство империи»: the seed's worked numbers, and the exact chance."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest
import yaml

from pnp.games.empire.army_file import read_army, read_opponent
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.battle.odds import win_probability

CASES = yaml.safe_load(Path(__file__).with_name("battle_cases.yaml").read_text("utf-8"))



def _files(tmp_path, case) -> tuple[Path, Path]:
    army, against = tmp_path / "army.yaml", tmp_path / "against.yaml"
    army.write_text(yaml.safe_dump(case["army"], allow_unicode=True), "utf-8")
    against.write_text(yaml.safe_dump(case["against"], allow_unicode=True), "utf-8")
    return army, against


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_seeds_worked_numbers(game, tmp_path, case):
    army_file, against_file = _files(tmp_path, case)
    army, _ = read_army(army_file, game)
    opp, _ = read_opponent(against_file, game)
    out = resolve(game.battle, army, opp, case.get("cards", ()), case.get("morale", 0))
    assert [[x.what, x.value] for x in out.lines] == case["lines"]
    for key in ("target", "chests"):
        if key in case:
            assert getattr(out, key) == case[key], key
    if "strength" in case:
        assert out.strength == case["strength"]
        assert out.won is case["won"]
    if "reserve" in case:
        assert list(out.reserve) == case["reserve"]
    if "lost" in case:
        assert list(out.lost) == case["lost"]
    if "restored" in case:
        assert list(out.restored) == case["restored"]


ARMY = Army((Squad("pikemen", 1, "melee"), Squad("archers", 2, "ranged"), Squad("archers", 2, "ranged", cards=2),
             Squad("griffins", 3, "flying")), luck=2, deck=(0, 0, 0, 1, 1, 2, 3, 5))


# the row I, II, II, III is a royal straight (+9): the strengths sit within its reach
@pytest.mark.parametrize("neutral_luck, strength", [(0, 25), (1, 20), (2, 18), (4, 15)])
def test_the_exact_chance_is_the_share_of_every_deck_order(game, neutral_luck, strength):
    """Every order of an 8-card deck, counted: the chance over distinct orders, exactly."""
    opp = Opponent(strength, "field", neutral_luck)
    orders = set(permutations(ARMY.deck))
    won = sum(resolve(game.battle, ARMY, opp, cards).won for cards in orders)
    p = win_probability(game.battle, ARMY, opp)
    assert p == Fraction(won, len(orders))
    assert 0 < p < 1


def test_the_exact_chance_agrees_with_seeded_sampling(game):
    """A 20-card deck (too many orders to count): 2,000 shuffles land within 4 σ of the exact chance."""
    army = Army(ARMY.squads + (Squad("monks", 5, "magic"),), luck=3,
                deck=tuple([0] * 8 + [1] * 5 + [2] * 4 + [3] * 2 + [4]))
    opp = Opponent(24, "field", 1)
    p = float(win_probability(game.battle, army, opp))
    rng, deck, n = random.Random(7), list(army.deck), 2000
    wins = 0
    for _ in range(n):
        rng.shuffle(deck)
        wins += resolve(game.battle, army, opp, deck).won
    assert 0.05 < p < 0.95
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5
