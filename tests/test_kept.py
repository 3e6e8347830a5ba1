"""What a process keeps between builds (pnp.core.kept): nothing unless it asked, and bounded."""

import pytest

from pnp.core import kept
from pnp.core.kept import Kept


@pytest.fixture
def keeping(monkeypatch):
    monkeypatch.setitem(kept._SWITCH, "on", True)


def test_a_one_off_build_keeps_nothing():
    made = []
    memo = Kept(4)
    assert memo.get("a", lambda: made.append(1) or "A") == "A"
    assert memo.get("a", lambda: made.append(1) or "A") == "A"
    assert made == [1, 1] and len(memo) == 0


def test_a_kept_value_is_made_once(keeping):
    made = []
    memo = Kept(4)
    assert [memo.get("a", lambda: made.append("a") or 1) for _ in range(3)] == [1, 1, 1]
    assert made == ["a"]


def test_the_least_recently_used_goes_first_when_full(keeping):
    memo = Kept(2)
    memo.get("a", lambda: 1)
    memo.get("b", lambda: 2)
    memo.get("a", lambda: 1)  # a used again: b is now the oldest
    memo.get("c", lambda: 3)
    assert "a" in memo and "c" in memo and "b" not in memo


def test_the_measured_size_is_bounded_and_accounted(keeping):
    memo = Kept(100, most_size=10, size=lambda key, value: len(value))
    for key in "abcd":
        memo.get(key, lambda: "xxxx")
    assert len(memo) == 2 and memo.held == 8
    memo.get("big", lambda: "y" * 50)  # larger than the bound alone: kept, the rest goes
    assert len(memo) == 1 and memo.held == 50
    memo.clear()
    assert len(memo) == 0 and memo.held == 0
