"""The worked week kept between builds (pnp.cache.model_memo): `pnp serve` plays it again only when
something other than a text changed, and a renderer that uses it reads what a fresh play reads."""

from __future__ import annotations

import copy
import dataclasses
from types import MappingProxyType

import pytest

from pnp.cache.reads import tracked
from pnp.core import kept
from pnp.core.texts import Text
from pnp.games.empire.rulebook import worked_week


def _retexted(value, memo=None):
    """`value` with every player-facing text reworded (each string reversed and marked)."""
    memo = {} if memo is None else memo
    if id(value) in memo:
        return memo[id(value)]
    if isinstance(value, Text):
        new = Text({lang: f"«{words[::-1]}»" for lang, words in value.values.items()}, value.mark)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        new = copy.copy(value)
        for f in dataclasses.fields(value):
            object.__setattr__(new, f.name, _retexted(getattr(value, f.name), memo))
    elif isinstance(value, tuple):
        new = tuple(_retexted(v, memo) for v in value)
    elif isinstance(value, MappingProxyType):
        new = MappingProxyType({k: _retexted(v, memo) for k, v in value.items()})
    elif isinstance(value, dict):
        new = {k: _retexted(v, memo) for k, v in value.items()}
    else:
        new = value
    memo[id(value)] = new
    return new


@pytest.fixture
def keeping(monkeypatch):
    monkeypatch.setitem(kept._SWITCH, "on", True)
    monkeypatch.setattr(worked_week, "_WEEKS", kept.Kept(4))


@pytest.fixture
def plays(monkeypatch):
    played = []
    play = worked_week._play
    monkeypatch.setattr(worked_week, "_play", lambda game, players, seed: played.append(seed) or play(game, players, seed))
    return played


def test_the_engine_plays_the_same_week_whatever_the_words(game):
    """What makes the key sound: every text of the model reworded, the week is the same."""
    reworded = _retexted(game)
    assert reworded.travel_cards[0].name != game.travel_cards[0].name
    assert worked_week.play(reworded) == worked_week.play(game)


def test_a_kept_week_is_played_once_for_new_words_and_again_for_new_rules(game, keeping, plays):
    first = worked_week.play(game)
    assert worked_week.play(_retexted(game)) == first and len(plays) == 1
    richer = dataclasses.replace(game, economy=dataclasses.replace(game.economy, start_chests=game.economy.start_chests + 3))
    again = worked_week.play(richer)
    assert len(plays) == 2
    assert again == worked_week.play_week(richer, game.book.week.players, game.book.week.seed)
    assert len(plays) == 2  # the same rules and arguments: kept


def test_a_kept_week_notes_what_a_fresh_play_reads(game, keeping, monkeypatch):
    """The build cache keys the rulebook on the fields it read: a week from the memo must note them too."""
    clone, fresh_reads = tracked(game)
    monkeypatch.setitem(kept._SWITCH, "on", False)
    worked_week.play(clone)
    monkeypatch.setitem(kept._SWITCH, "on", True)
    for _ in range(2):  # the first plays and keeps, the second takes the kept week
        clone, reads = tracked(game)
        worked_week.play(clone)
        assert reads == fresh_reads
