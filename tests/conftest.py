"""Shared pytest options and fixtures."""

import os
from pathlib import Path

import pytest

from pnp.content import load_game
from pnp.core import typography

# Builds in tests render everything (the tests of pnp.cache turn the cache on for themselves): a test
# that breaks a renderer on purpose (monkeypatch) must not get its output from an earlier build,
# and a test's builds must not fill the user's cache folder. Subprocesses inherit it.
os.environ["PNP_NO_CACHE"] = "1"

#: the shipped game's language, for tests that set text outside a build or a check
TEST_LANG = "uk"


@pytest.fixture(scope="session")
def game():
    """The shipped game's model (frozen: safe to share across every test)."""
    g, problems = load_game()
    assert g is not None, problems
    return g


@pytest.fixture(scope="session", autouse=True)
def typesetting_language():
    """Text is set in the language chosen around the work (pnp.core.typography.using): the
    build and the checks choose it themselves (tests/test_typography.py runs them with none
    chosen); a test that fits or draws text directly gets the shipped game's."""
    with typography.using(TEST_LANG):
        yield


@pytest.fixture
def fake_renderers(monkeypatch):
    """Two renderers writing text files; one can be told to fail (tests/fakerender.py)."""
    import fakerender

    return fakerender.install(monkeypatch.setattr, monkeypatch.setitem)


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="Rewrite golden files (tests/golden/) from the current code instead of comparing.")


@pytest.fixture
def golden(request):
    """golden(path, text, unit): compare text with a golden file, line by line, naming the
    first differing `unit` (1-based); with --regen-golden, rewrite the file and skip."""

    def compare(path: Path, text: str, unit: str) -> None:
        if request.config.getoption("--regen-golden"):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            pytest.skip(f"regenerated {path}")
        assert path.exists(), "no golden file yet: run pytest --regen-golden"
        expected = path.read_text(encoding="utf-8")
        for n, (got, want) in enumerate(zip(text.splitlines(), expected.splitlines()), 1):
            assert got == want, f"{path.name} differs first at {unit} {n}"
        assert text == expected

    return compare


def pytest_collection_modifyitems(config, items):
    """The slow tests (end-to-end builds, long simulations) first, in their own order: the
    suite is spread over every core, and a long test that starts last keeps the run going
    while the other cores have nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
