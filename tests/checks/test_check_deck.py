"""deck: the counts add up to battle_deck.size and match the original rules."""

from checkkit import changed, codes, index_of, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import deck
from pnp.core.errors import Level
from pnp.games.tverdzha import reference

CARDS = shipped_loaded().data["battle_cards"]
ONSLAUGHT = index_of(CARDS, id="onslaught")


def test_a_39_card_deck_points_at_the_size_and_at_the_changed_count():
    problems = run(deck, changed({("battle_cards", ONSLAUGHT, "count"): 1}))
    assert sorted(codes(problems)) == ["card-count", "deck-size"]
    size = next(p for p in problems if p.code == "deck-size")
    assert size.message == "battle deck has 39 cards, the rules need 40"
    assert size.mark.line == line_of("battle_deck: {size: 40}")
    count = next(p for p in problems if p.code == "card-count")
    assert count.mark.line == line_of("count:", line_of("- id: onslaught"))
    assert "Натиск" in count.message


def test_size_and_counts_changed_together_is_only_a_rules_departure():
    problems = run(deck, changed({("battle_cards", ONSLAUGHT, "count"): 3, ("battle_deck", "size"): 41}))
    assert codes(problems) == ["card-count"]


def test_a_note_naming_the_new_count_makes_it_a_warning():
    g = changed({("battle_cards", ONSLAUGHT, "count"): 3, ("battle_deck", "size"): 41,
                 ("battle_cards", ONSLAUGHT, "note"): "The rules have 2; raised to 3 so attackers have one more."})
    [p] = run(deck, g)
    assert (p.code, p.level) == ("card-count", Level.WARNING)


def test_a_note_that_does_not_name_the_count_does_not_excuse_it():
    g = changed({("battle_cards", ONSLAUGHT, "count"): 3, ("battle_deck", "size"): 41,
                 ("battle_cards", ONSLAUGHT, "note"): "A popular card."})
    [p] = run(deck, g)
    assert (p.code, p.level) == ("card-count", Level.ERROR)


def test_a_card_the_rules_do_not_have_and_a_missing_one():
    new = dict(CARDS[ONSLAUGHT], id="blitz")
    g = changed({("battle_cards", ONSLAUGHT): new})
    problems = run(deck, g)
    assert sorted(codes(problems)) == ["card-missing", "card-not-in-rules"]
    g = changed({("battle_cards", ONSLAUGHT): dict(new, note="A new card for testing.")})
    levels = {p.code: p.level for p in run(deck, g)}
    assert levels == {"card-not-in-rules": Level.WARNING, "card-missing": Level.ERROR}


def test_the_reference_deck_is_the_rules_deck():
    assert sum(count for _, count in reference.BATTLE_CARDS.values()) == reference.DECK_SIZE == 40
    assert len(reference.BATTLE_CARDS) == 16
