"""Shared pytest options and fixtures."""

import pytest

from pnp.content import load_game


@pytest.fixture(scope="session")
def game():
    """The shipped game's model (frozen: safe to share across every test)."""
    g, problems = load_game()
    assert g is not None, problems
    return g


@pytest.fixture
def fake_renderers(monkeypatch):
    """Two renderers writing text files; one can be told to fail (tests/fakerender.py)."""
    import fakerender

    return fakerender.install(monkeypatch.setattr, monkeypatch.setitem)


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="Rewrite golden files (tests/golden/) from the current code instead of comparing.")
