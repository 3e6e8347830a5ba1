"""`pnp odds --game empire` on hostile army files: bounded, exact, and a clear line for each refusal.

The exact count walks the deck by its counts (pnp.games.empire.rules.battle.odds.deck_orders), never
a list of its cards or a recursion as deep as the deck; what no bound of the file can keep small
(how many states the count takes) is refused at the file's deck."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.empire import army_file
from pnp.games.empire.rules.army import Army, Opponent, Squad
from pnp.games.empire.rules.battle import odds as battle_odds
from pnp.games.empire.rules.battle.lines import bonus_lines
from pnp.games.empire.rules.battle.odds import win_probability

AGAINST = "battle: field\nstrength: 30\nweek: 2\n"


def _army(deck: str, squads: int = 2, cards: int = 1) -> str:
    rows = "".join(f"  - {{type: t{i}, level: {1 + i % 7}, kind: melee, cards: {cards}}}\n" for i in range(squads))
    return f"luck: 6\nsquads:\n{rows}deck: {deck}\n"


def odds(tmp_path, army: str, against: str = AGAINST):
    a, b = tmp_path / "army.yaml", tmp_path / "against.yaml"
    a.write_text(army, "utf-8")
    b.write_text(against, "utf-8")
    return CliRunner().invoke(main, ["odds", "--game", "empire", "--army", str(a), "--against", str(b)])


@pytest.mark.parametrize("army, where, message", [
    (_army("{0: 10000000, 1: 4}"), "army.yaml:5:11", "expected a whole number from 0 to 1000, found 10000000"),
    (_army("{0: 1000000000}"), "army.yaml:5:11", "expected a whole number from 0 to 1000, found 1000000000"),
    (_army("{0: 600, 1: 600}"), "army.yaml:5:7", "expected a creature deck of at most 1,000 cards, found 1,200"),
    (_army('{"²": 3, 1: 2}'), "army.yaml:5:13", "expected a strike (a whole number from 0 to 99 in the digits 0-9)"),
    (_army('{"١٢": 3}'), "army.yaml:5:14", "found '١٢'"),
    (_army("{0: 3, 100: 1}"), "army.yaml:5:19", "found '100'"),
    (_army("{0: 3, 1: 2}", squads=21), "army.yaml:3:3", "expected at most 20 squads, found 21"),
    (_army("{0: 3, 1: 2}", cards=21), "army.yaml:3:46", "expected a whole number from 1 to 20, found 21"),
], ids=["ten-million-blanks", "a-billion-cards", "deck-past-1000", "superscript-two", "arabic-twelve",
        "strike-past-99", "21-squads", "column-of-21"])
def test_a_file_past_a_bound_is_one_problem_at_its_line(tmp_path, army, where, message):
    done = odds(tmp_path, army)
    assert done.exit_code == 1, done.output
    first = done.output.strip().splitlines()[0]
    assert first.split(": error: ")[0].endswith(where) and message in first, first


def test_a_deck_of_blanks_deeper_than_the_recursion_limit_is_counted_exactly(game):
    """A positive luck opens cards to the first strike: 999 blanks and one strike. The army wins
    when a damage card is left after the strike, which fails only when the strike is the last card."""
    army = Army((Squad("pikemen", 1, "melee"),), luck=3, deck=(0,) * 999 + (1,))
    opp = Opponent(0, "field", 0)
    base = sum(x.value for x in bonus_lines(game.battle, army, opp))
    need = base + 3 * 1 + game.battle.miss_damage - 1  # passed only with the damage card's miss
    assert win_probability(game.battle, army, Opponent(need, "field", 0)) == Fraction(999, 1000)


def test_the_deck_is_read_as_counts_of_strikes(tmp_path):
    a = tmp_path / "army.yaml"
    a.write_text(_army("{3: 2, 0: 2, 10: 1}"), "utf-8")
    army, _ = army_file.read_army(a, _game())
    assert army.deck == (0, 0, 3, 3, 10)


def test_a_count_past_the_states_bound_is_refused_at_the_deck(tmp_path, monkeypatch):
    monkeypatch.setattr(battle_odds, "DECK_STATES_MOST", 50)
    done = odds(tmp_path, _army("{0: 5, 1: 5, 2: 5, 3: 5}", squads=4), "battle: field\nstrength: 90\nweek: 2\n")
    assert done.exit_code == 1, done.output
    first = done.output.strip().splitlines()[0]
    assert first.startswith(str(tmp_path / "army.yaml") + ":7:7: error: expected a battle whose deck orders can be "
                            "counted exactly (at most 50 states"), first
    assert first.endswith("[battle-too-large]")


def test_a_battle_between_players_past_the_bound_blames_the_side_that_needs_it(tmp_path, monkeypatch):
    monkeypatch.setattr(battle_odds, "DECK_STATES_MOST", 50)
    small = "luck: 0\nsquads:\n  - {type: a, level: 1, kind: melee}\ndeck: {0: 1, 1: 1}\n"
    done = odds(tmp_path, small, _army("{0: 5, 1: 5, 2: 5, 3: 5}", squads=4))
    assert done.exit_code == 1 and "against.yaml:7:7: error:" in done.output.splitlines()[0], done.output


@pytest.mark.parametrize("option", ["--army", "--against"])
def test_a_device_as_a_file_is_a_usage_error_like_content(tmp_path, option):
    a = tmp_path / "army.yaml"
    a.write_text(_army("{0: 3, 1: 2}"), "utf-8")
    b = tmp_path / "against.yaml"
    b.write_text(AGAINST, "utf-8")
    files = {"--army": str(a), "--against": str(b), option: "/dev/zero"}
    done = CliRunner().invoke(main, ["odds", "--game", "empire", *(x for kv in files.items() for x in kv)])
    what = "army file" if option == "--army" else "opponent file"
    assert done.exit_code == 2 and f"{option} /dev/zero: the {what} is a device, expected a regular file" in done.output


def _game():
    from pnp.content import load_game
    from pnp.games import pack
    model, _ = load_game(pack("empire").content)
    return model
