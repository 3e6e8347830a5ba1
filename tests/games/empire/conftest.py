"""Fixtures every test of «Строительство империи» reads: the shipped content's model."""

from __future__ import annotations

import pytest

from pnp.content import load_game
from pnp.games import pack


@pytest.fixture(scope="session")
def game():
    """The bundled content, loaded and checked once (the model is frozen, so tests share it)."""
    model, problems = load_game(pack("empire").content)
    assert model is not None and not problems, problems
    return model
