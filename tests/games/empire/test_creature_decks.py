"""The shipped creature decks as the model reads them: the facts the battle engine and the kit rely on."""

from collections import Counter


def test_humans_deck_has_every_level_and_seven_equal_strike_stacks(game):
    deck = next(d for d in game.creature_decks if d.race == "humans")
    assert {c.level for c in deck.creatures} == set(range(1, 8))
    marks = Counter(s for s in deck.strikes if s)
    assert sorted(marks) == list(range(1, 8)) and len(set(marks.values())) == 1
    assert len(deck.strikes) == 36 and deck.strikes.count(0) == 8
    assert all(not any(c.strikes) for c in deck.creatures if c.large)
