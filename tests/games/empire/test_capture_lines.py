"""The order of captures in a war (pnp.games.empire.rules.fights.war): holdings lie in lines of
`play.war.holdings_row` cards, a garrison over them; the attacker takes the outer line from either end, but
keeps to the end it started from («нельзя чередовать – то слева, то справа»), chooses again on the next line
(«С переходом на новый уровень владений атакующий вновь выбирает направление»), and a garrison first."""

from __future__ import annotations

import pytest
from enginekit import first_day

from pnp.games.empire.rules.fights import war
from pnp.games.empire.rules.state import State


@pytest.fixture
def s(game) -> State:
    """Two players at war in the first week, seat 0 to move, with creatures and gold to take anything."""
    s = first_day(game, cards=3, gold=1000)
    s.wars = [(0, 1)]
    return s


def _of_type(s: State, kind: str) -> str:
    return next(c.id for c in s.t.cards.values() if c.type == kind)


def _lay(s: State, seat: int, kinds: list[str]) -> None:
    s.players[seat].holdings = [_of_type(s, k) for k in kinds]


def test_the_holdings_lie_in_lines_of_the_contents_length(s, game):
    assert s.t.holdings_row == game.play.war.holdings_row == 4
    _lay(s, 1, ["terrain"] * 6)
    assert war.outer_line(s, 1) == (1, [4, 5])
    _lay(s, 1, ["terrain"] * 4)
    assert war.outer_line(s, 1) == (0, [0, 1, 2, 3])


def test_only_the_outer_lines_ends_are_taken(s):
    _lay(s, 1, ["terrain"] * 7)
    assert war.capturable(s, 0, 1) == [4, 6]
    assert [a for a in s.legal_actions() if a[0] == "capture"] == [("capture", 1, 4), ("capture", 1, 6)]


def test_the_attacker_keeps_to_the_end_it_started_from_until_the_line_is_taken(s):
    _lay(s, 1, ["terrain"] * 7)
    s.apply_action(("capture", 1, 6))  # the right end of the outer line: a terrain bought, no battle
    assert s.headings[(0, 1)] == (1, 1)
    assert war.capturable(s, 0, 1) == [5]  # not the left end, 4: «нельзя чередовать»
    s.apply_action(("capture", 1, 5))
    assert war.capturable(s, 0, 1) == [4]
    s.apply_action(("capture", 1, 4))  # the outer line taken: the next one's end is chosen afresh
    assert (0, 1) not in s.headings
    assert war.capturable(s, 0, 1) == [0, 3]
    assert len(s.players[0].holdings) == 3


def test_the_left_end_is_kept_as_the_right_one(s):
    _lay(s, 1, ["terrain"] * 3)
    war.take(s, 0, 1, 0)
    assert s.headings[(0, 1)] == (0, 0)
    assert war.capturable(s, 0, 1) == [0]  # what was the middle card is the left end now


def test_a_garrison_lies_over_the_line_and_is_taken_first(s):
    _lay(s, 1, ["terrain", "terrain", "garrison", "terrain", "terrain", "terrain"])
    assert war.outer_line(s, 1) == (1, [5])  # the garrison is none of the line's cards
    assert war.capturable(s, 0, 1) == [2]
    war.take(s, 0, 1, 2)
    assert (0, 1) not in s.headings  # taking a garrison chooses no end
    assert war.capturable(s, 0, 1) == [4]


def test_each_side_of_a_war_keeps_its_own_end(s):
    _lay(s, 0, ["terrain"] * 3)
    _lay(s, 1, ["terrain"] * 3)
    war.take(s, 0, 1, 2)
    war.take(s, 1, 0, 0)
    assert s.headings == {(0, 1): (0, 1), (1, 0): (0, 0)}
    # seat 1 laid the card it took at the right end of its own line: seat 0 goes on from that end
    assert war.capturable(s, 0, 1) == [2] and war.capturable(s, 1, 0) == [0]


def test_a_new_line_laid_by_the_holder_is_taken_from_either_end(s):
    _lay(s, 1, ["terrain"] * 4)
    war.take(s, 0, 1, 3)
    assert war.capturable(s, 0, 1) == [2]
    s.players[1].holdings += [_of_type(s, "terrain")] * 3  # three more: the first line full, a second begun
    assert war.outer_line(s, 1) == (1, [4, 5])
    assert war.capturable(s, 0, 1) == [4, 5]
    war.take(s, 0, 1, 5)
    assert war.capturable(s, 0, 1) == [4]
    war.take(s, 0, 1, 4)  # the second line taken: the first is a new level again, its end chosen afresh
    assert war.capturable(s, 0, 1) == [0, 3]


def test_the_wars_end_forgets_the_ends(s):
    _lay(s, 1, ["terrain"] * 3)
    war.take(s, 0, 1, 2)
    war.end_war(s, 0, 1)
    assert s.wars == [] and s.headings == {}


def test_a_clone_keeps_its_own_ends(s):
    _lay(s, 1, ["terrain"] * 3)
    c = s.clone()
    war.take(s, 0, 1, 2)
    assert c.headings == {} and s.headings == {(0, 1): (0, 1)}
