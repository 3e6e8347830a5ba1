"""Shared fixtures of the simulator tests."""

from __future__ import annotations

import pytest

from pnp.content import default_content, load_game
from pnp.sim.source import GameSource
from simkit import SIM


@pytest.fixture(scope="session")
def game():
    g, problems = load_game()
    assert g is not None, problems
    return g


@pytest.fixture(scope="session")
def source():
    """The shipped content as the runner's tasks carry it."""
    return GameSource.read(default_content(), SIM)


def fake_record(i, winner, victory="points", rounds=10):
    """A per-game record as pnp.sim.runner makes them with the game's observer (seat-swapped: odd games swap slots)."""
    slots = {"A": 0, "B": 1} if i % 2 == 0 else {"A": 1, "B": 0}
    return {"index": i, "pair": i // 2, "winner": winner, "victory": victory, "rounds": rounds,
            "decisions": 3 * rounds, "slots": slots, "agent_names": ["x", "y"],
            "built": {"A": ["wall"], "B": []}, "upgraded": {"A": [], "B": []},
            "cards": [("ram", True, 0), ("ram", False, 1)], "card_ids": ["ram", "loot"], "building_ids": ["wall"],
            "battles": {"count": 2, "attacker_won": 1, "sides_without_card": 2},
            "peaks": {"tokens": 5 + i, "hand": 3}}


@pytest.fixture(scope="session")
def make_record():
    return fake_record
