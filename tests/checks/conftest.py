"""Fixtures for the check tests; the helpers live in checkkit.py."""

import pytest

from checkkit import changed


@pytest.fixture(scope="session")
def game():
    """The shipped game, unchanged."""
    return changed({})
