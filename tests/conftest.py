"""Shared pytest options and fixtures."""

import pytest

from pnp.content import load_game


@pytest.fixture(scope="session")
def game():
    """The shipped game's model (frozen: safe to share across every test)."""
    g, problems = load_game()
    assert g is not None, problems
    return g


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="Rewrite golden files (tests/golden/) from the current code instead of comparing.")
